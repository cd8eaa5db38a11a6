"""Die orientations (RULES.md §2.6): the 24 legal ``(U_X, U_Y, U_Z)`` triples, tipping, turning.

An orientation is a plain tuple ``(U_X, U_Y, U_Z)``: the pips on the die's three upper faces,
``U_a`` facing side ``a`` (and the dependent ``p − e_a``); the hidden lower faces are
``7 − U_a``. Records write it as three digits (``"321"``): ``orientation_text`` /
``parse_orientation``. ``ORIENTATIONS`` is the sorted list of the 24 legal triples; its index
(0–23) is what seeded set-ups draw (``games.das_spiel.setup``). Mirror images (``312``) are
not dice and are refused by ``parse_orientation``.

``tip(o, gain, lose)`` is the quarter roll KANTELEN of a bottom die moving
``p → p + e_gain − e_lose``; ``ROTATIONS_FROM[o]`` are the 23 orientations DRAAIEN may turn
``o`` into (WM-7: a rotation must change the die).
"""

from __future__ import annotations

from itertools import permutations
from typing import Final

__all__ = [
    "ORIENTATIONS",
    "ORIENTATION_INDEX",
    "ORIENTATION_TEXTS",
    "Orientation",
    "is_orientation",
    "orientation_text",
    "parse_orientation",
    "rotations_from",
    "tip",
]

Orientation = tuple[int, int, int]


def _right_handed(o: Orientation) -> bool:
    """Western dice: 1, 2, 3 run counter-clockwise round their shared corner seen from outside
    ([DICE]). Reduce to the corner of 1, 2, 3 by replacing a face by its opposite, which flips the
    handedness once per replaced face, and compare the cyclic order with the upper-corner frame."""
    flips = 0
    low = []
    for v in o:
        if v > 3:
            low.append(7 - v)
            flips += 1
        else:
            low.append(v)
    # The three upper faces, seen from outside the die's top corner, run X → Y → Z in one
    # rotational sense; (1, 2, 3) in that cyclic order is the Western die's sense (§2.6: 321 is
    # legal, so the legal cyclic order of 1, 2, 3 over (X, Y, Z) is that of (3, 2, 1)).
    cyclic = low in ([3, 2, 1], [2, 1, 3], [1, 3, 2])
    return cyclic != bool(flips % 2)


def _legal() -> tuple[Orientation, ...]:
    out = []
    for o in permutations(range(1, 7), 3):
        if any(a + b == 7 for a in o for b in o):
            continue
        if _right_handed(o):  # type: ignore[arg-type]
            out.append(o)
    return tuple(sorted(out))  # type: ignore[arg-type]


ORIENTATIONS: Final[tuple[Orientation, ...]] = _legal()
ORIENTATION_INDEX: Final[dict[Orientation, int]] = {o: i for i, o in enumerate(ORIENTATIONS)}
ORIENTATION_TEXTS: Final[tuple[str, ...]] = tuple("".join(map(str, o)) for o in ORIENTATIONS)
_BY_TEXT: Final[dict[str, Orientation]] = dict(zip(ORIENTATION_TEXTS, ORIENTATIONS, strict=True))


def is_orientation(o: object) -> bool:
    return o in ORIENTATION_INDEX


def orientation_text(o: Orientation) -> str:
    """``(3, 2, 1)`` → ``"321"``."""
    return ORIENTATION_TEXTS[ORIENTATION_INDEX[o]]


def parse_orientation(text: object) -> Orientation:
    """``"321"`` → ``(3, 2, 1)``; ``ValueError`` for anything that is not one of the 24."""
    if isinstance(text, str) and text in _BY_TEXT:
        return _BY_TEXT[text]
    raise ValueError(f"{text!r} is not a die orientation (one of the 24, e.g. '321')")


def tip(o: Orientation, gain: int, lose: int) -> Orientation:
    """KANTELEN: the die moves ``p → p + e_gain − e_lose`` (a quarter roll over its leading
    edge): ``U_lose' = U_gain``, ``U_gain' = 7 − U_lose``, the third face stays (WM-1, WM-2)."""
    if gain == lose or not (0 <= gain <= 2 and 0 <= lose <= 2):
        raise ValueError(f"a tip moves along two different axes, not {gain} and {lose}")
    out = list(o)
    out[lose] = o[gain]
    out[gain] = 7 - o[lose]
    return (out[0], out[1], out[2])


def rotations_from(o: Orientation) -> tuple[Orientation, ...]:
    """DRAAIEN: the 23 other orientations, in ``ORIENTATIONS`` order."""
    return tuple(r for r in ORIENTATIONS if r != o)
