"""Untrusted names: cleaned of what the bundled font cannot draw and fitted with an ellipsis."""

from __future__ import annotations

import pytest

from renderers.text import ELLIPSIS, clean_text, display_name, drawable, fit, font

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
