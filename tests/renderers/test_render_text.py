"""Untrusted names: cleaned of what the bundled font cannot draw and fitted with an ellipsis;
translated labels: a smaller size or more lines before an ellipsis."""

from __future__ import annotations

import pytest

from renderers.text import (
    ELLIPSIS,
    clean_text,
    display_name,
    drawable,
    fit,
    fit_font,
    font,
    shared_font,
    wrap,
)

HOSTILE = [
    "🦄 Unicorn",
    "W" * 200,
    "محمد علي",
    "שלום",
    "x\u200by\u200dz\u202e\u2066",
    "<@123456789012345678>",
    "e" + "\u0301" * 40,
    "田中",
    "",
    "   \n\t ",
]


def test_clean_text_drops_undrawable_and_invisible_characters() -> None:
    assert clean_text("🦄 Unicorn") == "Unicorn"
    assert clean_text("x\u200by\u200dz\u202e") == "xyz"
    assert clean_text("a \n\t  b") == "a b"
    assert clean_text("田中", "Player 1") == "Player 1"
    assert clean_text("", "Player 2") == "Player 2"
    assert len(clean_text("e" + "\u0301" * 40)) <= 3  # combining marks capped


def test_clean_text_keeps_scripts_the_font_has() -> None:
    for name in ("محمد علي", "שלום", "Ζωή", "Жанна", "Ærøskøbing"):
        assert clean_text(name) == name


@pytest.mark.parametrize("name", HOSTILE)
@pytest.mark.parametrize("width", [40, 120, 300])
def test_display_name_fits_width(name: str, width: int) -> None:
    fnt = font(20, True)
    shown = display_name(name, fnt, width, "Player 1")
    assert shown
    assert fnt.getlength(shown) <= width or shown == ELLIPSIS
    assert all(ord(c) in drawable() or c == " " for c in shown)


def test_fit_adds_ellipsis_only_when_needed() -> None:
    fnt = font(20)
    assert fit("Ann", fnt, 200) == "Ann"
    cut = fit("A" * 200, fnt, 200)
    assert cut.endswith(ELLIPSIS) and fnt.getlength(cut) <= 200


def test_fit_font_keeps_the_size_when_the_label_fits() -> None:
    assert fit_font("PLAYERS", 14, 300, bold=True) == (font(14, True), "PLAYERS")


@pytest.mark.parametrize("width", [20, 60, 120, 200])
def test_fit_font_shrinks_then_cuts(width: int) -> None:
    label = "PUNKTE NACH JEDEM ZUG"
    fnt, shown = fit_font(label, 16, width, bold=True)
    assert 12 <= fnt.size <= 16
    assert fnt.getlength(shown) <= width or shown == ELLIPSIS
    assert shown == label or (fnt.size == 12 and shown.endswith(ELLIPSIS))


def test_shared_font_fits_every_text() -> None:
    texts = ["Orange", "Violett", "Silber"]
    fnt = shared_font(texts, 20, font(20, True).getlength("Silber"), bold=True)
    assert fnt.size < 20
    assert all(fnt.getlength(text) <= font(20, True).getlength("Silber") for text in texts)
    assert shared_font(texts, 20, 500, bold=True) is font(20, True)


def test_wrap_breaks_at_newlines_and_between_words() -> None:
    fnt = font(16)
    text = "Ein Spexxx sind 3 oder mehr eigene Spielsteine in einer geraden Linie\nzweite Zeile"
    lines = wrap(text, fnt, 200)
    assert len(lines) > 2 and lines[-1] == "zweite Zeile"
    assert all(fnt.getlength(line) <= 200 for line in lines)
    assert " ".join(lines).replace("  ", " ") == text.replace("\n", " ")
    assert wrap("Donaudampfschifffahrtsgesellschaftskapitän", fnt, 80)[0].endswith(ELLIPSIS)
