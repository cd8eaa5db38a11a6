"""Das Spiel die orientations (RULES.md §2.6): the 24 triples, mirror images, tipping."""

from __future__ import annotations

from itertools import permutations

import pytest

from games.das_spiel.orientation import (
    ORIENTATION_TEXTS,
    ORIENTATIONS,
    orientation_text,
    parse_orientation,
    rotations_from,
    tip,
)

X, Y, Z = 0, 1, 2
BOOKLET = (
    "124 132 145 153 213 236 241 264 315 321 356 362 "
    "412 426 451 465 514 531 546 563 623 635 642 654"
)


def test_the_24_legal_triples_in_sorted_order() -> None:
    assert " ".join(ORIENTATION_TEXTS) == BOOKLET
    assert list(ORIENTATIONS) == sorted(ORIENTATIONS)
    adjacent = [o for o in permutations(range(1, 7), 3) if all(a + b != 7 for a in o for b in o)]
    assert len(adjacent) == 48


def test_closed_under_cyclic_rotation_and_mirrors_refused() -> None:
    legal = set(ORIENTATIONS)
    for a, b, c in ORIENTATIONS:
        assert (b, c, a) in legal
        assert (b, a, c) not in legal and (a, c, b) not in legal and (c, b, a) not in legal
        assert (7 - a, 7 - b, 7 - c) not in legal
    assert parse_orientation("321") == (3, 2, 1)
    for bad in ("312", "123", "111", "327", "32", "", None, 321):
        with pytest.raises(ValueError):
            parse_orientation(bad)
    assert orientation_text((6, 5, 4)) == "654"


def test_tipping_example_and_closure() -> None:
    # The booklet's KANTELEN: X's die 623 tipped right (+e_y − e_z) shows 642.
    assert tip((6, 2, 3), Y, Z) == (6, 4, 2)
    # Würfelmarsch examples (§9.6): 321 forward-right (e_x − e_z for X) → 623; 465 → 635.
    assert tip((3, 2, 1), X, Z) == (6, 2, 3)
    assert tip((3, 2, 1), X, Y) == (5, 3, 1)  # 0I3 → 0H2, forward-left
    assert tip((5, 3, 1), X, Z) == (6, 3, 5)  # 0H2 → 0G2, forward-right
    assert tip((4, 6, 5), Y, X) == (6, 3, 5)  # Y's 0E3 → 0F4, forward-right
    assert tip((6, 2, 3), X, Z) == (4, 2, 6)  # X's 0H4 → 0G4
    legal = set(ORIENTATIONS)
    for o in ORIENTATIONS:
        for a in range(3):
            for b in range(3):
                if a != b:
                    t = tip(o, a, b)
                    assert t in legal
                    assert tip(t, b, a) == o  # tipping back undoes it
    with pytest.raises(ValueError):
        tip((3, 2, 1), X, X)


def test_rotations_change_the_die() -> None:
    for o in ORIENTATIONS:
        r = rotations_from(o)
        assert len(r) == 23 and o not in r
