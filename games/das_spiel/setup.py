"""Seeded and explicit set-ups (RULES.md §3.2, GEN-3), exactly as records replay them.

- ``full_pyramid(seed)``: Raffzahn and Cui bono? — a shuffle of 55 R, 55 Y, 55 P followed by 165
  orientation draws, assigned in label order.
- ``bottom_layer(seed, colour)``: Bunte Kuh (pearl) and Eintrichtern (yellow) — 45 orientation
  draws for ``0A1 … 0I9``. The same seed gives the same orientations in both games.
- ``pyramid_from_texts(["Y531", …])``: an explicit set-up from a record's ``"dice"`` list.
- ``pyramid_texts(pyramid)``: the reverse, for exporting records.

The draws come from ``games.common.chance.SeededChance`` (CPython's ``random.Random``): its
``shuffled`` is ``rng.shuffle`` and its ``below(n)`` is ``rng.randrange(n)``, which is the
documented ``below`` (``_randbelow``) for every ``n ≥ 1``. Do not change either without the
pinned values of ``tests/games/das_spiel/test_das_spiel_setup.py`` failing.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.common.chance import Chance, SeededChance
from games.das_spiel import geometry as g
from games.das_spiel.decisions import SEED_LIMIT
from games.das_spiel.orientation import ORIENTATIONS, parse_orientation
from games.das_spiel.pyramid import Colour, Die, Pyramid

__all__ = [
    "BOTTOM_COUNT",
    "FULL_COLOURS",
    "bottom_layer",
    "check_seed",
    "full_pyramid",
    "parse_die",
    "pyramid_from_texts",
    "pyramid_texts",
]

BOTTOM_COUNT = g.LAYER_SIZES[0]  # 45
# The list the shuffle starts from: 55 R, then 55 Y, then 55 P (order matters for replay).
FULL_COLOURS: tuple[Colour, ...] = (Colour.RED,) * 55 + (Colour.YELLOW,) * 55 + (Colour.PEARL,) * 55


def check_seed(seed: object) -> int:
    """The seed if it is an integer with ``0 ≤ seed < 2^53``; ``ValueError`` otherwise."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed is an integer from 0 to 2^53 − 1, not {seed!r}")
    return seed


def full_pyramid(seed: int, chance: Chance | None = None) -> Pyramid:
    """The full random pyramid of ``seed`` (or of an injected ``chance`` with the same API)."""
    rng = chance if chance is not None else SeededChance(check_seed(seed))
    colours = rng.shuffled(FULL_COLOURS)
    orients = [ORIENTATIONS[rng.below(24)] for _ in range(g.COUNT)]
    return Pyramid.from_dice([Die(c, o) for c, o in zip(colours, orients, strict=True)])


def bottom_layer(seed: int, colour: Colour, chance: Chance | None = None) -> Pyramid:
    """The plate filled with 45 dice of ``colour`` in the random orientations of ``seed``."""
    rng = chance if chance is not None else SeededChance(check_seed(seed))
    return Pyramid.from_dice([Die(colour, ORIENTATIONS[rng.below(24)]) for _ in range(45)])


def parse_die(text: object) -> Die:
    """``"Y531"`` → ``Die(YELLOW, (5, 3, 1))``; ``ValueError`` if not a colour R/Y/P and one of
    the 24 orientations."""
    if not isinstance(text, str) or len(text) != 4 or text[0] not in "RYP":
        raise ValueError(f"{text!r} is not a die (a colour R, Y or P and an orientation: 'Y531')")
    return Die(Colour(text[0]), parse_orientation(text[1:]))


def pyramid_from_texts(texts: Sequence[object]) -> Pyramid:
    """An explicit set-up: dice in label order from ``0A1`` (45 = the plate, 165 = all)."""
    if len(texts) not in (BOTTOM_COUNT, g.COUNT):
        raise ValueError(f"a set-up lists {BOTTOM_COUNT} or {g.COUNT} dice, not {len(texts)}")
    return Pyramid.from_dice([parse_die(t) for t in texts])


def pyramid_texts(pyramid: Pyramid) -> list[str]:
    """The record's ``"dice"`` list: every present die in label order (``"Y531"``)."""
    return [d.text for d in pyramid.dice if d is not None]
