"""The eight games read as one product: the same kind of seat marker in every game's chat,
in the colour its pictures give the seat, and winners announced the same way."""

from __future__ import annotations

import colorsys
from collections.abc import Sequence

import pytest

from bot.adapters import adapters
from renderers import spexxx
from renderers.das_spiel import panels
from renderers.das_spiel import theme as das_theme
from renderers.spectrangle import theme as spectrangle_theme

RGB = tuple[int, int, int]
# The emoji circles as Discord draws them (Twemoji), the only seat markers chat uses.
CIRCLES: dict[str, RGB] = {
    "⚫": (49, 55, 61),
    "⚪": (230, 231, 232),
    "🔴": (221, 46, 68),
    "🟠": (244, 144, 12),
    "🟡": (253, 203, 88),
    "🟢": (120, 177, 89),
    "🔵": (85, 172, 238),
    "🟣": (170, 142, 214),
    "🟤": (193, 105, 79),
}
DICE = tuple(das_theme.DIE[c] for c in das_theme.SEAT_DIE)
# Each game's seat colours as its pictures draw them.
PICTURE_SEATS: dict[str, Sequence[RGB]] = {
    "spexxx": spexxx.SEAT_COLOURS,
    "spectrangle": spectrangle_theme.SEAT_COLOURS,
    "abquetschen": DICE,
    "wuerfelmarsch": DICE,
    "raffzahn": panels.SEAT_COLOURS,
    "buntekuh": panels.SEAT_COLOURS,
    "cuibono": panels.SEAT_COLOURS,
    "eintrichtern": panels.SEAT_COLOURS,
}


def _hsv(rgb: RGB) -> tuple[float, float, float]:
    return colorsys.rgb_to_hsv(*(c / 255 for c in rgb))


def _same_colour(picture: RGB, emoji: RGB) -> bool:
    """Both greys of the same lightness side, or hues within 50° (Twemoji's green is
    yellower, its purple bluer than any seat's)."""
    ph, ps, pv = _hsv(picture)
    eh, es, ev = _hsv(emoji)
    if ps < 0.25 or es < 0.25:
        return ps < 0.25 and es < 0.25 and (pv > 0.5) == (ev > 0.5)
    turn = abs(ph - eh) * 360
    return min(turn, 360 - turn) <= 50


def test_every_game_is_listed() -> None:
    assert set(adapters()) == set(PICTURE_SEATS)


@pytest.mark.parametrize("kind", sorted(PICTURE_SEATS))
def test_chat_marks_a_seat_with_a_circle_of_its_picture_colour(kind: str) -> None:
    game = adapters()[kind]
    marks = game.seat_marks[: game.max_seats]
    assert len(marks) == game.max_seats and len(set(marks)) == len(marks), marks
    for seat, mark in enumerate(marks):
        assert mark in CIRCLES, (kind, seat, mark)
        assert _same_colour(PICTURE_SEATS[kind][seat], CIRCLES[mark]), (kind, seat, mark)
