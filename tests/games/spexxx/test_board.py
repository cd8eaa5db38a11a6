"""The board table against RULES.md: the ASCII map, zone sizes, named examples and points.

The map and tables are copied here from RULES.md on purpose: the tests must not read the shared
rules at run time, and a copy makes a silent change to either side fail loudly.
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.spexxx import (
    GRID,
    HEIGHT,
    SQUARES,
    WIDTH,
    Combination,
    Zone,
    column_label,
    get_square,
    row_label,
    square_at,
)

# RULES.md, "The board" (row 12 at the top, column letters at the bottom).
BOARD_MAP = """\
12 ............pppppS......
11 ...........yppppSp......
10 ..........yypppSpp......
 9 .........yyyppSppp......
 8 ........yyyypSpppp......
 7 .......yyyyySppppp......
 6 ......gggggBbbbbbBrrrrrS
 5 .....oggggBgbbbbBbrrrrSr
 4 ....oogggBggbbbBbbrrrSrr
 3 ...oooggBgggbbBbbbrrSrrr
 2 ..oooogBggggbBbbbbrSrrrr
 1 .oooooBgggggBbbbbbSrrrrr
   ABCDEFGHIJKLMNOPQRSTUVWX"""

LEGEND = {
    "o": Zone.ORANGE,
    "g": Zone.GREEN,
    "y": Zone.YELLOW,
    "b": Zone.BLUE,
    "p": Zone.PURPLE,
    "r": Zone.RED,
    "B": Zone.BRONZE,
    "S": Zone.SILVER,
    ".": None,
}

ZONE_SIZES = {
    Zone.ORANGE: 15,
    Zone.GREEN: 30,
    Zone.YELLOW: 15,
    Zone.BLUE: 30,
    Zone.PURPLE: 30,
    Zone.RED: 30,
    Zone.BRONZE: 12,
    Zone.SILVER: 12,
}

POINTS = {
    Zone.ORANGE: 1,
    Zone.GREEN: 2,
    Zone.YELLOW: 4,
    Zone.BLUE: 5,
    Zone.PURPLE: 7,
    Zone.RED: 12,
    Zone.BRONZE: 3,
    Zone.SILVER: 8,
}


def parse_map() -> dict[str, Zone | None]:
    lines = BOARD_MAP.splitlines()
    letters = lines[-1].split()[0]
    cells: dict[str, Zone | None] = {}
    for line in lines[:-1]:
        row, cols = line.split()
        assert len(cols) == len(letters) == 24
        for letter, ch in zip(letters, cols, strict=True):
            cells[f"{letter}{row}"] = LEGEND[ch]
    return cells


def test_grid_is_24_by_12() -> None:
    assert (WIDTH, HEIGHT) == (24, 12)
    assert len(GRID) == 24 * 12


def test_board_table_equals_the_ascii_map() -> None:
    expected = parse_map()
    assert len(expected) == 288
    actual = {}
    for x in range(WIDTH):
        for y in range(HEIGHT):
            sq = square_at(x, y)
            name = f"{'ABCDEFGHIJKLMNOPQRSTUVWX'[x]}{y + 1}"
            actual[name] = None if sq is None else sq.zone
            if sq is not None:
                assert sq.name == name
    mismatches = {n: (actual[n], z) for n, z in expected.items() if actual[n] != z}
    assert not mismatches


def test_zone_counts() -> None:
    counts = Counter(sq.zone for sq in SQUARES)
    assert counts == ZONE_SIZES
    assert len(SQUARES) == sum(ZONE_SIZES.values()) == 174


def test_points_table() -> None:
    assert {zone: zone.points for zone in Zone} == POINTS
    assert all(sq.points == POINTS[sq.zone] for sq in SQUARES)


@pytest.mark.parametrize(
    ("name", "zone", "combination"),
    [
        ("B1", Zone.ORANGE, Combination(1, 2, 1, 1)),
        ("G1", Zone.BRONZE, None),
        ("N4", Zone.BLUE, Combination(3, 2, 1, 4)),
        ("X1", Zone.RED, Combination(4, 6, 1, 1)),
        ("M7", Zone.SILVER, None),
        ("P9", Zone.PURPLE, Combination(3, 4, 2, 3)),
    ],
)
def test_rules_square_examples(name: str, zone: Zone, combination: Combination | None) -> None:
    sq = get_square(name)
    assert sq is not None
    assert sq.zone is zone
    assert sq.combination == combination


def test_labels_follow_the_formula() -> None:
    """c = x // 6 + 1, v = x % 6 + 1 along the bottom; r, w likewise up the side."""
    assert [column_label(x) for x in (0, 5, 6, 13, 23)] == [(1, 1), (1, 6), (2, 1), (3, 2), (4, 6)]
    assert [row_label(y) for y in (0, 5, 6, 11)] == [(1, 1), (1, 6), (2, 1), (2, 6)]


def test_every_combination_is_on_exactly_one_square() -> None:
    """Each 'c×v + r×w' of 2 to 5 dice (v ≠ w) names one square; bronze/silver have none."""
    combos = Counter(
        (sq.combination.count, sq.combination.value, sq.combination.count2, sq.combination.value2)
        for sq in SQUARES
        if sq.combination is not None
    )
    # {c×v, r×w} as an unordered pair of (count, value) with distinct values, 2 ≤ c + r ≤ 5.
    expected = set()
    for c in range(1, 5):
        for r in range(1, 5):
            if not 2 <= c + r <= 5:
                continue
            for v in range(1, 7):
                for w in range(1, 7):
                    if v != w:
                        expected.add(frozenset({(c, v), (r, w)}))
    seen = [frozenset({(c, v), (r, w)}) for c, v, r, w in combos]
    assert all(n == 1 for n in combos.values())
    assert len(seen) == len(set(seen)) == len(expected)
    assert set(seen) == expected


def test_combination_matches_position() -> None:
    for sq in SQUARES:
        if sq.combination is None:
            assert sq.zone in (Zone.BRONZE, Zone.SILVER)
            assert column_label(sq.x)[1] == row_label(sq.y)[1]  # on a diagonal
            continue
        c, v = column_label(sq.x)
        r, w = row_label(sq.y)
        assert sq.combination == Combination(c, v, r, w)
        assert v != w


@pytest.mark.parametrize("name", ["n4", " N4 ", "N04"])
def test_names_are_forgiving(name: str) -> None:
    sq = get_square(name)
    assert sq is not None and sq.name == "N4"


@pytest.mark.parametrize("name", ["A1", "X7", "G7", "A12", "Y1", "A0", "N13", "", "4N", "NN"])
def test_off_field_and_nonexistent_names(name: str) -> None:
    assert get_square(name) is None


def test_square_at_bounds() -> None:
    assert square_at(-1, 0) is None
    assert square_at(24, 0) is None
    assert square_at(0, 12) is None
    assert square_at(1, 0) is get_square("B1")


def test_neighbours_are_on_field_and_adjacent() -> None:
    for sq in SQUARES:
        for n in sq.neighbours:
            other = GRID[n]
            assert other is not None
            assert max(abs(other.x - sq.x), abs(other.y - sq.y)) == 1
    g6 = get_square("G6")
    assert g6 is not None
    # G6's on-field neighbours: F5, G5, H5, H6, H7 (F6, F7, G7 are off the field).
    assert sorted(GRID[n].name for n in g6.neighbours) == ["F5", "G5", "H5", "H6", "H7"]  # type: ignore[union-attr]
