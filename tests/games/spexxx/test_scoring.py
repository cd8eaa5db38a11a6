"""Scoring (RULES.md, "Scoring"): every worked example and the corner cases of cube points,
length bonuses, several Spexxxes from one cube, 3×3 block bonuses and what breaks a line.

Expected points are worked out by hand from the rules text, in the comments beside them.
Placements use gold throws (five of a kind allows any empty square) so only the squares matter.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.spexxx import (
    GRID,
    SQUARES,
    Direction,
    Game,
    Place,
    PlacementScore,
    Setup,
    Thrown,
    Variant,
    get_square,
)

GOLD = (6, 6, 6, 6, 6)


def _xy(name: str) -> tuple[int, int]:
    sq = get_square(name)
    assert sq is not None, name
    return sq.x, sq.y


def _far_squares(p1: Sequence[str], count: int) -> list[str]:
    """Squares for player 2 that touch neither player 1's squares nor each other."""
    taken = [_xy(n) for n in p1]
    out: list[str] = []
    for sq in reversed(SQUARES):  # from the top right, away from most tests
        if all(max(abs(sq.x - x), abs(sq.y - y)) >= 2 for x, y in taken):
            out.append(sq.name)
            taken.append((sq.x, sq.y))
            if len(out) == count:
                return out
    raise AssertionError("no room for player 2")


def play(p1: Sequence[str], p2: Sequence[str] | None = None) -> tuple[Game, list[PlacementScore]]:
    """Player 1 (seat 0) places ``p1`` in order; player 2 places between, far away by default.

    Returns the game and player 1's placement breakdowns.
    """
    far = p2 is None
    if p2 is None:
        p2 = _far_squares(p1, len(p1))
    game = Game(Setup(Variant.ADULT, 2, 0))
    scores = []
    for i, name in enumerate(p1):
        game.record(Thrown(0, GOLD))
        result = game.record(Place(0, name))
        assert result is not None
        scores.append(result)
        if i < len(p2):
            game.record(Thrown(1, GOLD))
            assert game.record(Place(1, p2[i])) is not None
    if far:
        assert game.state.scores[1] == 0  # the helper's cubes stay out of the way
    return game, scores


def points(p1: Sequence[str], p2: Sequence[str] | None = None) -> list[int]:
    game, scores = play(p1, p2)
    pts = [s.points for s in scores]
    assert pts == [t.points for t in game.state.history if t.seat == 0]
    assert game.state.scores[0] == sum(pts)
    return pts


def names(indices: Sequence[int]) -> list[str]:
    return [GRID[i].name for i in indices]  # type: ignore[union-attr]


# --------------------------------------------------------------------- worked examples


def test_worked_example_extend_row() -> None:
    # N4, O4, P4: blue 5 + blue 5 + bronze 3; then Q4 extends to 4: only the new blue cube.
    assert points(["N4", "O4", "P4", "Q4"]) == [0, 0, 13, 5]


def test_worked_example_middle_cube_joins() -> None:
    # purple 7 + silver 8 + purple 7, the middle cube joins both.
    assert points(["N10", "P10", "O10"]) == [0, 0, 22]


def test_worked_example_vertical_after_horizontal() -> None:
    # I5 J5 K5: green 2 + green 2 + bronze 3; K6: vertical pair; K4: K4 K5 K6 = 2 + 3 + 2;
    # K3: vertical extended to 4 (green 2).
    game, scores = play(["I5", "J5", "K5", "K6", "K4", "K3"])
    assert [s.points for s in scores] == [0, 0, 7, 0, 7, 2]
    k4 = scores[4]
    assert [line.direction for line in k4.lines] == [Direction.VERTICAL]
    assert names(k4.lines[0].squares) == ["K4", "K5", "K6"]
    assert game.state.scores[0] == 16


# ------------------------------------------------------------------------ cube points


def test_between_a_pair_and_a_single_scores_all_four() -> None:
    # N4 O4 _ Q4, then P4: parts 2 and 1 have not scored: 5 + 5 + 3 + 5.
    assert points(["N4", "O4", "Q4", "P4"]) == [0, 0, 0, 18]


def test_joining_two_spexxxes_of_three_scores_the_joining_cube_and_the_bonus() -> None:
    # H1 I1 J1 = 2+2+2; L1 M1 N1 = 2+3+5; K1 joins: n = 7, prev = 3 → green 2 + 5 × (1 − 0).
    assert points(["H1", "I1", "J1", "L1", "M1", "N1", "K1"]) == [0, 0, 6, 0, 0, 10, 7]


def test_lone_cubes_score_nothing_even_on_bronze_and_silver() -> None:
    assert points(["G1", "M7", "S1", "P10"]) == [0, 0, 0, 0]


def test_a_pair_scores_nothing() -> None:
    assert points(["N4", "O4"]) == [0, 0]


# ----------------------------------------------------------------------- length bonus


def test_row_one_end_to_end_length_bonuses_capped_at_twenty() -> None:
    """B1…X1 left to right: +5 on reaching 5, 10, 15 and 20 cubes, nothing beyond."""
    row = [f"{c}1" for c in "BCDEFGHIJKLMNOPQRSTUVWX"]
    expected = [
        0, 0, 3, 1, 1 + 5,  # B–F orange; D makes 3; F makes 5
        3,  # G bronze
        2, 2, 2, 2 + 5,  # H–K green; K makes 10
        2,  # L green
        3,  # M bronze
        5, 5, 5 + 5, 5, 5,  # N–R blue; P makes 15
        8,  # S silver
        12, 12 + 5, 12, 12, 12,  # T–X red; U makes 20, V–X go beyond: capped
    ]  # fmt: skip
    assert points(row) == expected
    assert sum(expected) == 1 + 1 + 1 + 1 + 1 + 3 + 2 * 5 + 3 + 5 * 5 + 8 + 12 * 5 + 20


def test_five_and_four_joined_make_ten() -> None:
    # B1–F1 (5 orange: 0 0 3 1 1+5), H1–K1 (4 green: 0 0 6 2), then G1 joins:
    # n = 10, both parts already Spexxxes, prev = 5 → bronze 3 + 5 × (2 − 1).
    assert points(["B1", "C1", "D1", "E1", "F1", "H1", "I1", "J1", "K1", "G1"]) == [
        0, 0, 3, 1, 6, 0, 0, 6, 2, 8,
    ]  # fmt: skip


def test_two_tens_joined_reach_the_cap() -> None:
    # B1–K1 and M1–V1 are Spexxxes of 10; L1 joins: n = 21, prev = 10
    # → green 2 + 5 × (min(21, 20) // 5 − 10 // 5) = 2 + 10.
    left = [f"{c}1" for c in "BCDEFGHIJK"]
    right = [f"{c}1" for c in "MNOPQRSTUV"]
    pts = points([*left, *right, "L1", "W1"])
    assert pts[-2] == 12
    assert pts[-1] == 12  # W1 extends 21 → 22: red 12, no bonus beyond 20
    # M–V on their own: M 0, N 0, O 3+5+5, P 5, Q 5+5, R 5, S 8, T 12, U 12, V 12+5.
    assert pts[10:20] == [0, 0, 13, 5, 10, 5, 8, 12, 12, 17]


def test_length_bonus_counts_only_the_longer_old_part() -> None:
    # Parts 4 (N1–Q1) and 3 (S1–U1); R1 joins: n = 8, prev = 4 → blue 5 + 5 × (1 − 0).
    pts = points(["N1", "O1", "P1", "Q1", "S1", "T1", "U1", "R1"])
    assert pts == [0, 0, 15, 5, 0, 0, 32, 10]


def test_pair_plus_three_reaching_six() -> None:
    # Q1 R1 S1 scored; N1 O1 a pair; P1 joins: n = 6, prev = 3: 5 (P1) + 5 + 5 (pair) + bonus 5.
    assert points(["Q1", "R1", "S1", "N1", "O1", "P1"]) == [0, 0, 18, 0, 0, 20]


# ------------------------------------------------------------------ several directions


def test_one_cube_scores_four_spexxxes() -> None:
    """P3 completes a horizontal, a vertical and both diagonal lines; each counts P3 again."""
    p1 = ["N3", "O3", "P4", "P5", "N1", "O2", "Q2", "R1", "P3"]
    _, scores = play(p1)
    assert [s.points for s in scores[:-1]] == [0] * 8  # the arms form no line on their own
    last = scores[-1]
    by_dir = {line.direction: line for line in last.lines}
    assert set(by_dir) == set(Direction)
    # N3 blue 5 + O3 bronze 3 + P3 blue 5; P3 + P4 bronze 3 + P5 blue 5;
    # N1 blue 5 + O2 blue 5 + P3; P3 + Q2 blue 5 + R1 blue 5.
    assert names(by_dir[Direction.HORIZONTAL].squares) == ["N3", "O3", "P3"]
    assert names(by_dir[Direction.VERTICAL].squares) == ["P3", "P4", "P5"]
    assert names(by_dir[Direction.DIAGONAL].squares) == ["N1", "O2", "P3"]
    assert sorted(names(by_dir[Direction.ANTI_DIAGONAL].squares)) == ["P3", "Q2", "R1"]
    assert [by_dir[d].points for d in Direction] == [13, 13, 15, 15]
    assert last.points == 56
    assert last.block is None


def test_cross_of_two_lines_scores_each_direction_on_its_own() -> None:
    # Horizontal pair N1 O1 and vertical pair P2 P3; P1 joins both: 5+5+5 and 5+5+5.
    _, scores = play(["N1", "O1", "P2", "P3", "P1"])
    assert scores[-1].points == 30
    assert len(scores[-1].lines) == 2


# ------------------------------------------------------------------------- line breaks


def test_other_players_cube_breaks_a_line() -> None:
    # Seat 1 holds P4 between seat 0's N4 O4 and Q4 R4; M4 then makes only M4 N4 O4.
    pts = points(["N4", "O4", "Q4", "R4", "M4"], p2=["P4", "B1", "D1", "F1"])
    # M4 blue 5 + N4 5 + O4 5; Q4 R4 are cut off by seat 1's P4.
    assert pts == [0, 0, 0, 0, 15]


def test_empty_square_breaks_a_line() -> None:
    _, scores = play(["N4", "O4", "Q4", "R4"])
    assert [s.points for s in scores] == [0, 0, 0, 0]


def test_off_field_square_breaks_a_line() -> None:
    """Q9 R8 | S7 (off the field) | T6 U5 V4 lie on one anti-diagonal of the grid."""
    pts = points(["Q9", "R8", "T6", "U5", "V4"])
    # Only T6 U5 V4 counts: red 12 + red 12 + silver 8, length 3, no bonus.
    assert pts == [0, 0, 0, 0, 32]


def test_lines_cross_zone_borders() -> None:
    # F5 orange 1, G6 green 2, H7 yellow 4 on one diagonal across three zones.
    assert points(["F5", "G6", "H7"]) == [0, 0, 7]


# ---------------------------------------------------------------------------- blocks

BLOCK_RED = ["V1", "W1", "X1", "V2", "W2", "X2", "V3", "W3", "X3"]  # all red 12


def test_block_bonus_once_with_all_lines() -> None:
    # Filled row by row (a b c / d e f / g h i from the bottom):
    # c: row a-c; f: row d-f; g: column a-d-g and anti-diagonal g-e-c; h: column b-e-h;
    # i: row g-h-i, column c-f-i, diagonal a-e-i, and the block.
    _, scores = play(BLOCK_RED)
    assert [s.points for s in scores] == [0, 0, 36, 0, 0, 36, 72, 36, 108 + 25]
    assert all(s.block is None for s in scores[:-1])
    block = scores[-1].block
    assert block is not None and block.points == 25
    assert names(block.squares) == BLOCK_RED


def test_block_overlapping_an_earlier_bonus_block_earns_nothing() -> None:
    # P7–R9 is a purple block; adding row 10 completes P8–R10, which shares six squares.
    first = ["P7", "Q7", "R7", "P8", "Q8", "R8", "P9", "Q9", "R9"]
    game, scores = play([*first, "P10", "Q10", "R10"])
    assert scores[8].block is not None
    assert all(s.block is None for s in scores[9:])
    assert set(names([i for i in range(288) if game.state.block_masks[0] >> i & 1])) == set(first)


def test_two_disjoint_blocks_each_earn() -> None:
    first = ["P7", "Q7", "R7", "P8", "Q8", "R8", "P9", "Q9", "R9"]
    second = ["P10", "Q10", "R10", "P11", "Q11", "R11", "P12", "Q12", "R12"]
    _, scores = play([*first, *second])
    earned = [i for i, s in enumerate(scores) if s.block is not None]
    assert earned == [8, 17]
    assert names(scores[17].block.squares) == second  # type: ignore[union-attr]


def test_one_placement_completing_overlapping_blocks_earns_once_first_by_column() -> None:
    """Three rows × four columns, the shared middle cube last: two candidates on row 1;
    the one with the leftmost bottom-left corner is kept."""
    fill = ["P1", "Q1", "R1", "S1", "P2", "R2", "S2", "P3", "Q3", "R3", "S3", "Q2"]
    _, scores = play(fill)
    assert all(s.block is None for s in scores[:-1])
    block = scores[-1].block
    assert block is not None
    assert names(block.squares) == ["P1", "Q1", "R1", "P2", "Q2", "R2", "P3", "Q3", "R3"]
    assert sum(1 for s in scores if s.block) == 1


def test_one_placement_completing_overlapping_blocks_first_by_row() -> None:
    """Four rows × three columns, the last cube in both: the lower candidate is kept."""
    fill = ["P7", "Q7", "R7", "P8", "R8", "P9", "R9", "P10", "Q10", "R10", "Q9", "Q8"]
    _, scores = play(fill)
    assert all(s.block is None for s in scores[:-1])
    block = scores[-1].block
    assert block is not None
    assert names(block.squares) == ["P7", "Q7", "R7", "P8", "Q8", "R8", "P9", "Q9", "R9"]


def test_four_candidates_keep_the_bottom_left_one() -> None:
    """A 4×4 square with one of its four middle cubes last: all four 3×3 candidates contain
    it; the bottom-left one earns and the rest overlap it."""
    cols, rows = "TUVW", "2345"
    fill = [f"{c}{r}" for r in rows for c in cols if f"{c}{r}" != "U3"] + ["U3"]
    # U3 is silver: that does not matter for blocks.
    _, scores = play(fill)
    assert all(s.block is None for s in scores[:-1])
    assert names(scores[-1].block.squares) == [  # type: ignore[union-attr]
        f"{c}{r}" for r in "234" for c in "TUV"
    ]


def test_blocked_candidate_can_earn_later_if_disjoint() -> None:
    """After a bonus block, a new block that shares no square with it still earns."""
    first = BLOCK_RED
    second = ["V4", "W4", "X4", "V5", "W5", "X5", "V6", "W6", "X6"]
    _, scores = play([*first, *second])
    assert [i for i, s in enumerate(scores) if s.block] == [8, 17]


def test_length_bonus_formula_caps_at_twenty() -> None:
    """No line on this board reaches 25 (the longest row has 23 squares), so the cap is only
    visible in the formula: 5 × (min(n, 20) // 5 − min(prev, 20) // 5)."""
    from games.spexxx.scoring import length_bonus

    assert [length_bonus(n, 0) for n in (3, 4, 5, 9, 10, 14, 15, 19, 20, 23, 25, 40)] == [
        0, 0, 5, 5, 10, 10, 15, 15, 20, 20, 20, 20,
    ]  # fmt: skip
    assert length_bonus(7, 3) == 5
    assert length_bonus(10, 5) == 5
    assert length_bonus(21, 10) == 10
    assert length_bonus(22, 21) == 0
    assert length_bonus(30, 20) == 0
