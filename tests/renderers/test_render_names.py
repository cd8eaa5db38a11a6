"""Every seat recognisable in every picture: all ten pictures, every seat count, every language,
with Discord's longest names (32 characters), names alike but for their ends, and computers.

What is checked is what the renderers draw as a seat's name: the seat cards of Das Spiel
(``panels.card_names``), and every name Spexxx and Spectrangle fit (``names.display_name``:
their seat cards, last move and standings). No two seats may read the same in one place of
one picture, and no name is cut shorter than its game's MIN_KEPT characters (a 32-character
name keeps at least that much; a computer's name, "CPU 2 · makkelijk", is never cut).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from renderers import names as names_module
from renderers.text import ELLIPSIS, Font
from tests.allpictures import Picture, name_sets, pictures

# Characters of a 32-character name kept in the narrowest place each game draws it: the seat
# cards of Das Spiel keep 21 or more, its status lines 17; Spexxx and Spectrangle draw names in
# a smaller size before they cut (their seats also differ by a shape token beside every name);
# Spexxx's final keeps 11 where two winners share the line beside "Game over" (14 and 9 before).
MIN_KEPT = {"spexxx-final": 11, "spectrangle": 19, "spectrangle-placing": 19}
MIN_KEPT_DEFAULT = 17  # Das Spiel, Spexxx, the Spectrangle final: "Benedikt…neberg 13"
COMPUTER_MAX = 17  # "CPU 2 · makkelijk", "Ordi 2 · difficile" is 18 but drawn whole too

Drawn = list[tuple[tuple[object, ...], str, str]]  # (where, the raw name, as drawn)


@contextmanager
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """Every seat name a picture draws, by the width it is fitted to (a seat card stack, a
    status line, standings …); the last fit of a name in a width is the one drawn."""
    drawn: Drawn = []
    display_name = names_module.display_name

    def spy(raw: str, fnt: Font, width: float, fallback: str, *, middle: bool = False) -> str:
        text = display_name(raw, fnt, width, fallback, middle=middle)
        if width != float("inf"):
            drawn.append(((round(width),), raw or fallback, text))
        return text

    with monkeypatch.context() as m:
        m.setattr(names_module, "display_name", spy)
        yield drawn


def kept(text: str) -> int:
    return len(text) - text.count(ELLIPSIS)


def problems(picture: Picture, names: list[str], lang: str, drawn: Drawn) -> list[str]:
    out = []
    where: dict[tuple[object, ...], dict[str, str]] = defaultdict(dict)
    for key, raw, text in drawn:
        where[key][raw] = text
        least = MIN_KEPT.get(picture.game, MIN_KEPT_DEFAULT)
        if text != raw and kept(text) < min(least, len(raw)):
            out.append(f"{picture.label} {lang}: {raw!r} cut to {text!r}")
    for texts in where.values():
        seen: dict[str, str] = {}
        for raw, text in texts.items():
            if text in seen and seen[text] != raw:
                out.append(f"{picture.label} {lang}: {seen[text]!r} and {raw!r} both {text!r}")
            seen[text] = raw
    return out


@pytest.mark.parametrize("picture", pictures(), ids=lambda p: p.label)
def test_every_seat_is_recognisable(picture: Picture, monkeypatch: pytest.MonkeyPatch) -> None:
    found = []
    for lang, names in name_sets(picture.seats):
        with recorded(monkeypatch) as drawn:
            picture.render(names, lang)
        assert drawn, f"{picture.label}: no seat name drawn"
        found += problems(picture, names, lang, drawn)
    assert not found, "\n".join(found)


def test_computers_have_short_distinct_names() -> None:
    from tests.allpictures import computer_names

    for lang, _ in name_sets(6):
        for level in ("easy", "normal", "hard"):
            names = computer_names(lang, 6, 0, level)
            assert len(set(names)) == 6, names
            assert max(len(n) for n in names) <= COMPUTER_MAX + 1, names
