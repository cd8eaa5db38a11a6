"""Spectrangle rules: the tables, orientation and every worked example of RULES.md.

The facts below are copied from RULES.md ("Material", "The board", "Orientation", "Worked
examples"); the tests compare the engine's tables and results against them.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations_with_replacement

import pytest

from games.common import GameOver, NotYourTurn
from games.spectrangle import (
    BONUS_FIELDS,
    FIELDS,
    FIRST_MOVE_FIELDS,
    TILE_BY_CODE,
    TILE_CODES,
    TILES,
    Field,
    Game,
    Pass,
    Place,
    Setup,
    Side,
    SpectrangleState,
    errors,
    field_at,
)

COLOURS = "RGBYP"

# ------------------------------------------------------------------------------------ tiles


def test_thirty_six_tiles_worth_142_in_table_order() -> None:
    assert len(TILES) == 36
    assert sum(t.value for t in TILES) == 142
    assert TILES[0].code == "RRR" and TILES[35].code == "WWW"
    assert [t.index for t in TILES] == list(range(36))
    assert TILE_BY_CODE["WWW"].value == 1
    assert Counter(t.value for t in TILES) == {6: 5, 5: 10, 4: 10, 3: 4, 2: 3, 1: 4}


def test_every_colour_multiset_once_plus_the_joker() -> None:
    multisets = Counter("".join(sorted(t.code)) for t in TILES if t.code != "WWW")
    expected = {"".join(sorted(c)) for c in combinations_with_replacement(COLOURS, 3)}
    assert len(expected) == 35
    assert set(multisets) == expected and set(multisets.values()) == {1}


def test_pairs_are_worth_five_and_four() -> None:
    for x in COLOURS:
        for y in COLOURS:
            if x < y:
                values = set()
                for code in (x + x + y, y + y + x):
                    tile = next(t for t in TILES if sorted(t.code) == sorted(code))
                    values.add(tile.value)
                assert values == {4, 5}, (x, y)


def test_three_colour_tiles_exist_in_one_mirror_arrangement_only() -> None:
    codes = set(TILE_CODES)
    three = [t.code for t in TILES if len(set(t.code)) == 3 and "W" not in t.code]
    assert len(three) == 10
    for code in three:
        rotations = {code[k:] + code[:k] for k in range(3)}
        mirrored = {code[::-1][k:] + code[::-1][:k] for k in range(3)}
        assert len(rotations & codes) == 1
        assert not mirrored & codes


def test_distinct_rotations() -> None:
    assert TILE_BY_CODE["RRR"].distinct_rotations == (0,)
    assert TILE_BY_CODE["WWW"].distinct_rotations == (0,)
    assert TILE_BY_CODE["RRY"].distinct_rotations == (0, 1, 2)
    assert TILE_BY_CODE["RGY"].distinct_rotations == (0, 1, 2)


# ------------------------------------------------------------------------------------ board

BONUS = {11: 4, 13: 4, 20: 4, 2: 3, 26: 3, 34: 3, 10: 2, 14: 2, 30: 2}
TURN_120 = [35, 24, 34, 33, 15, 23, 22, 32, 31, 8, 14, 13, 21, 20, 30, 29, 3, 7, 6, 12, 11, 19, 18,
            28, 27, 0, 2, 1, 5, 4, 10, 9, 17, 16, 26, 25]  # fmt: skip


def test_fields_follow_the_index_formula() -> None:
    assert len(FIELDS) == 36
    for f in FIELDS:
        r = math.isqrt(f.index)
        c = f.index - r * r
        assert (f.row, f.position) == (r, c)
        assert f.up == (c % 2 == 0)
        assert f.left == (f.index - 1 if c > 0 else None)
        assert f.right == (f.index + 1 if c < 2 * r else None)
        if f.up:
            assert f.across == (f.index + 2 * r + 2 if r < 5 else None)
            assert f.sides == (Side.BOTTOM, Side.LEFT, Side.RIGHT)
        else:
            assert f.across == f.index - 2 * r
            assert f.sides == (Side.TOP, Side.RIGHT, Side.LEFT)
        assert f.bonus == BONUS.get(f.index, 1)
        assert field_at(r, c) is f
    assert sum(f.up for f in FIELDS) == 21


def test_neighbours_are_symmetric_and_point_the_other_way() -> None:
    pairs = set()
    for f in FIELDS:
        for j, n in enumerate(f.slot_neighbours):
            if n is None:
                continue
            other = FIELDS[n]
            assert other.up != f.up
            assert other.slot_neighbours[j] == f.index  # side j touches side j
            pairs.add(frozenset((f.index, n)))
    assert len(pairs) == 45


def test_neighbour_counts() -> None:
    counts = {f.index: len(f.neighbours) for f in FIELDS}
    assert {i for i, n in counts.items() if n == 1} == {0, 25, 35}
    assert {i for i, n in counts.items() if n == 2} == {1, 3, 4, 8, 9, 15, 16, 24, 27, 29, 31, 33}
    assert sum(n == 3 for n in counts.values()) == 21


def test_rules_board_table_rows() -> None:
    # A few rows of RULES.md's field table, side by side.
    assert FIELDS[2] == Field(2, 1, 1, False, 1, 3, 0, 3)
    assert FIELDS[13] == Field(13, 3, 4, True, 12, 14, 21, 4)
    assert FIELDS[30] == Field(30, 5, 5, False, 29, 31, 20, 2)
    assert FIELDS[35] == Field(35, 5, 10, True, 34, None, None, 1)
    assert FIELDS[13].neighbour(Side.BOTTOM) == 21
    assert FIELDS[12].neighbour(Side.TOP) == 6


def test_bonus_layout_symmetries() -> None:
    assert sorted(BONUS_FIELDS) == sorted(BONUS)
    for f in FIELDS:
        assert FIELDS[TURN_120[f.index]].bonus == f.bonus
        mirror = field_at(f.row, 2 * f.row - f.position)
        assert mirror.bonus == f.bonus
    assert sorted(TURN_120) == list(range(36))
    # the 120° turn maps neighbours to neighbours
    for f in FIELDS:
        assert {TURN_120[n] for n in f.neighbours} == set(FIELDS[TURN_120[f.index]].neighbours)
    assert len(FIRST_MOVE_FIELDS) == 27
    assert {f.index for f in FIELDS if f.bonus == 3} == {2, 26, 34}
    assert all(not FIELDS[i].up for i in (2, 26, 34, 10, 14, 30))
    assert all(FIELDS[i].up for i in (11, 13, 20))


def test_corners_geometry_matches_neighbours() -> None:
    """Fields that share a side share two corners (what a renderer relies on)."""

    def key(p: tuple[float, float]) -> tuple[float, float]:
        return (round(p[0], 6), round(p[1], 6))

    for f in FIELDS:
        for j, n in enumerate(f.slot_neighbours):
            if n is not None:
                mine = {key(p) for p in f.side_segments[j]}
                theirs = {key(p) for p in FIELDS[n].side_segments[j]}
                assert mine == theirs


# ------------------------------------------------------------------------------ orientation


def test_rgy_rotation_table() -> None:
    tile = TILE_BY_CODE["RGY"]
    assert [tile.rotated(k) for k in range(3)] == ["RGY", "GYR", "YRG"]


def test_sides_run_clockwise_on_screen() -> None:
    """Side midpoints in ``sides`` order turn clockwise (+120° each, y pointing down)."""
    for f in FIELDS:
        cx, cy = f.centre
        angles = []
        for a, b in f.side_segments:
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            angles.append(math.degrees(math.atan2(my - cy, mx - cx)))
        for j in range(3):
            step = (angles[(j + 1) % 3] - angles[j]) % 360
            assert step == pytest.approx(120), f.index
        horizontal = f.side_segments[0]
        assert horizontal[0][1] == pytest.approx(horizontal[1][1])


@pytest.mark.parametrize("field", [6, 12])  # an up- and a down-field, neither a bonus field
def test_every_tile_reads_as_a_rotation_never_the_mirror(field: int) -> None:
    for tile in TILES:
        rotations = {tile.code[i:] + tile.code[:i] for i in range(3)}
        for k in range(3):
            state = fresh_state()
            play(state, tile.code, field, k)
            read = state.sides_at(field)
            assert read == tile.rotated(k) and read in rotations
            if len(set(tile.code)) == 3:
                assert read[::-1] not in rotations


# ------------------------------------------------------------------------------ test helpers


def give(state: SpectrangleState, seat: int | None, code: str) -> None:
    """Put tile ``code`` into ``seat``'s hand, swapping it with that hand's first tile.

    Worked example 1 says hands and bag play no part in it: this lets any placement be made.
    """
    assert seat is not None
    t = TILE_BY_CODE[code].index
    hand = state.hands[seat]
    if t in hand:
        return
    for other in [state.bag, *state.hands]:
        if t in other:
            i = other.index(t)
            other[i], hand[0] = hand[0], t
            return
    raise AssertionError(f"{code} is already on the board")


def play(state: SpectrangleState, code: str, field: int, rotation: int) -> int:
    seat = state.current
    give(state, seat, code)
    summary = state.apply(Place(seat, code, field, rotation))  # type: ignore[arg-type]
    assert summary is not None
    return summary.points


def fresh_state() -> SpectrangleState:
    """A 2-player game; the bag in table order (the test places by hand anyway)."""
    return Game(Setup(2, tuple(TILE_CODES))).state


# ------------------------------------------------------------------ worked example 1: 16 rows

# (tile, rotation, field, sides clockwise from the horizontal side, points)
EXAMPLE_1 = [
    ("RRY", 0, 12, "RRY", 5),
    ("YBP", 1, 11, "BPY", 12),
    ("GGR", 2, 6, "RGG", 5),
    ("BBG", 1, 5, "BGB", 4),
    ("PPB", 0, 4, "PPB", 4),
    ("PPY", 0, 10, "PPY", 20),
    ("YPG", 0, 7, "YPG", 2),
    ("PPR", 0, 8, "PPR", 4),
    ("RRP", 2, 14, "PRR", 10),
    ("BBY", 0, 19, "BBY", 4),
    ("WWW", 0, 20, "WWW", 4),
    ("RRG", 0, 21, "RRG", 4),
    ("RRR", 0, 13, "RRR", 72),
    ("BBR", 0, 1, "BBR", 5),
    ("YYG", 0, 3, "YYG", 5),
    ("YYR", 0, 2, "YYR", 24),
]


def board_after(rows: int) -> SpectrangleState:
    state = fresh_state()
    for code, k, field, _sides, _points in EXAMPLE_1[:rows]:
        play(state, code, field, k)
    return state


def test_example_1_sixteen_placements() -> None:
    state = fresh_state()
    total = 0
    for code, k, field, sides, points in EXAMPLE_1:
        assert play(state, code, field, k) == points, (code, field)
        assert state.sides_at(field) == sides
        total += points
    assert total == 184
    assert sum(state.placed_points) == 184


def test_example_1_sides_read_as_the_table_says() -> None:
    """Row 6: PPY on 10 (down) shows T P, R P, L Y; row 2: YBP/1 on 11 (up) B B, L P, R Y."""
    state = board_after(6)
    f10, f11 = FIELDS[10], FIELDS[11]
    assert dict(zip(f10.sides, state.sides_at(10) or "", strict=True)) == {
        Side.TOP: "P",
        Side.RIGHT: "P",
        Side.LEFT: "Y",
    }
    assert dict(zip(f11.sides, state.sides_at(11) or "", strict=True)) == {
        Side.BOTTOM: "B",
        Side.LEFT: "P",
        Side.RIGHT: "Y",
    }


def refused(state: SpectrangleState, action: Place, error: type[Exception]) -> str:
    before = state.to_dict()
    with pytest.raises(error) as info:
        state.apply(action)
    assert state.to_dict() == before
    return str(info.value)


def test_illegal_first_tile_on_bonus_field() -> None:
    state = fresh_state()
    give(state, state.current, "RRY")
    message = refused(state, Place(state.current, "RRY", 11, 0), errors.FirstOnBonus)  # type: ignore[arg-type]
    assert "bonus" in message and "11" in message
    for f in BONUS_FIELDS:
        refused(state, Place(state.current, "RRY", f, 0), errors.FirstOnBonus)  # type: ignore[arg-type]


def test_illegal_right_side_mismatch_after_row_1() -> None:
    state = board_after(1)
    give(state, state.current, "YBP")
    message = refused(state, Place(state.current, "YBP", 11, 0), errors.SidesDoNotMatch)  # type: ignore[arg-type]
    assert message == "YBP rotation 0 on 11: its right side P meets the left side Y of field 12"


def test_illegal_field_touching_nothing_after_row_1() -> None:
    state = board_after(1)
    seat = state.current
    for code in TILE_CODES:
        if code == "RRY":
            continue
        give(state, seat, code)
        for k in range(3):
            message = refused(state, Place(seat, code, 0, k), errors.NotTouching)  # type: ignore[arg-type]
            assert message == "field 0 touches no tile"


def test_illegal_occupied_field_after_row_2() -> None:
    state = board_after(2)
    seat = state.current
    for code in ("GGR", "WWW", "RRR"):
        give(state, seat, code)
        for k in range(3):
            message = refused(state, Place(seat, code, 12, k), errors.FieldOccupied)  # type: ignore[arg-type]
            assert message == "field 12 is occupied"


def test_illegal_every_side_must_match_after_row_5() -> None:
    state = board_after(5)
    give(state, state.current, "PPG")
    message = refused(state, Place(state.current, "PPG", 10, 1), errors.SidesDoNotMatch)  # type: ignore[arg-type]
    assert message == "PPG rotation 1 on 10: its right side G meets the left side P of field 11"


def test_illegal_rrb_on_13_after_row_12() -> None:
    state = board_after(12)
    give(state, state.current, "RRB")
    for k in range(3):
        refused(state, Place(state.current, "RRB", 13, k), errors.SidesDoNotMatch)  # type: ignore[arg-type]
    assert state.fits("RRB") and all(f != 13 for f, _k in state.fits("RRB"))


def test_legal_lists_on_the_empty_board() -> None:
    state = fresh_state()
    for code in TILE_CODES:
        assert {f for f, _k in state.fits(code)} == set(FIRST_MOVE_FIELDS)
    assert len(state.fits("RGY")) == 81
    assert len(state.fits("RRR")) == 81
    assert len(state.fits("RRR", distinct=True)) == 27


def test_legal_lists_after_row_3() -> None:
    state = board_after(3)
    assert state.fits("BBG") == [(5, 1), (7, 0), (19, 0), (19, 1)]
    assert state.fits("RGY") == [(5, 0), (7, 2), (13, 2)]
    joker = state.fits("WWW")
    assert len(joker) == 15
    assert {f for f, _k in joker} == {5, 7, 10, 13, 19}
    assert len(state.fits("WWW", distinct=True)) == 5


def test_legal_lists_after_row_16() -> None:
    state = board_after(16)
    assert state.fits("RRB") == [(15, 0), (15, 2), (22, 0), (22, 2), (30, 0), (30, 1), (30, 2)]
    yyy = state.fits("YYY")
    assert {f for f, _k in yyy} == {0, 9, 18, 30} and len(yyy) == 12
    laid = {code for code, *_ in EXAMPLE_1}
    for code in TILE_CODES:
        if code not in laid:
            assert {k for f, k in state.fits(code) if f == 30} == {0, 1, 2}, code


def test_placements_for_a_hand_match_fits() -> None:
    state = board_after(3)
    seat = state.current
    assert seat is not None
    hand = state.hand(seat)
    expected = [(c, f, k) for c in hand for f, k in state.fits(c)]
    got = [(TILE_CODES[t], f, k) for t, f, k in state.placements(seat)]
    assert got == expected


# -------------------------------------------------------------- worked example 2: setup


def bag_starting(prefix: list[str]) -> tuple[str, ...]:
    return (*prefix, *(c for c in TILE_CODES if c not in prefix))


def test_example_2_setup_and_start_player() -> None:
    bag = bag_starting(["RRY", "BBB", "GGG", "YBP", "PPB", "PPY"])
    game = Game(Setup(3, bag))
    state = game.state
    assert [h[:2] for h in state.hand_codes] == [("RRY", "YBP"), ("BBB", "PPB"), ("GGG", "PPY")]
    assert state.start_seat == 2 == game.current_seat
    assert Setup(3, bag).start_seat == 2
    assert state.bag_count == 24
    assert state.bag_codes()[0] == bag[12]
    order = []
    for _ in range(5):
        seat = game.current_seat
        order.append(seat)
        game.apply(game.legal_actions()[0])
    assert order == [2, 0, 1, 2, 0]


def test_start_ties_go_to_later_tiles_then_lowest_seat() -> None:
    # Every seat's four tiles worth 6, 6, … is impossible (5 sixes); all-equal values: 5,5,5,5.
    fives = ["RRY", "RRP", "BBR", "BBP", "GGR", "GGB", "YYG", "YYB"]
    assert Setup(2, bag_starting(fives)).start_seat == 0
    # seat 1 wins the tie on the fourth tile
    bag = bag_starting(["RRY", "RRP", "BBR", "BBP", "GGR", "GGB", "RRB", "YYB"])
    assert Setup(2, bag).start_seat == 1


def test_lowest_seat_starts_on_a_full_tie() -> None:
    bag = bag_starting(["RRY", "RRP", "BBR", "BBP", "GGR", "GGB", "YYG", "YYB"])
    assert Setup(4, bag).start_seat == 0


# ------------------------------------------------------------- worked example 3: exchange

# fmt: off
RECORD_BAG = (
    "RRR", "BBB", "GGY", "YYB", "PPR", "BBG", "YPG", "GRB", "RRY", "BBY", "GGG", "YYY",
    "PPP", "RRP", "BBR", "BBP", "GGR", "GGB", "YYG", "PPY", "PPG", "RRB", "RRG", "GGP",
    "YYR", "YYP", "PPB", "YBP", "RGY", "BGP", "BRP", "YPR", "GRP", "BYG", "RYB", "WWW",
)
# fmt: on


def test_example_3_cannot_place_so_exchange() -> None:
    from games.spectrangle import Exchanged

    game = Game(Setup(2, RECORD_BAG))
    state = game.state
    assert game.current_seat == 1
    first = state.apply(Place(1, "BBB", 12, 0))
    assert first is not None and (first.points, first.drew) == (6, "RRY")
    assert state.hand(0) == ("RRR", "GGY", "PPR", "YPG")
    assert not state.can_place(0)
    assert state.placements(0) == []
    assert state.bag_codes()[:5] == ["BBY", "GGG", "YYY", "PPP", "RRP"]
    actions = game.legal_actions()
    assert actions[0] == Pass(0)
    assert {a.tile for a in actions[1:]} == {"RRR", "GGY", "PPR", "YPG"}  # type: ignore[union-attr]
    summary = game.record(Exchanged(0, "RRR", 3))
    assert summary is not None and summary.drew == "BBY" and summary.points == 0
    assert state.bag_codes()[:5] == ["GGG", "YYY", "PPP", "RRR", "RRP"]
    assert state.hand(0) == ("GGY", "PPR", "YPG", "BBY")
    assert game.current_seat == 1
    assert state.apply(Place(1, "YYB", 11, 0)).points == 20  # type: ignore[union-attr]
    with pytest.raises(errors.MustPlace) as info:
        state.apply(Pass(0))
    assert str(info.value) == "seat 0 can place a tile (e.g. BBY on 13) and may not pass"
    with pytest.raises(errors.MustPlace):
        state.apply(Exchanged(0, "GGY", 0))
    assert state.apply(Place(0, "BBY", 13, 0)).points == 16  # type: ignore[union-attr]


def test_exchange_refusals() -> None:
    from games.spectrangle import Exchanged

    game = Game(Setup(2, RECORD_BAG))
    state = game.state
    state.apply(Place(1, "BBB", 12, 0))
    before = state.to_dict()
    with pytest.raises(errors.TileNotHeld):
        state.apply(Exchanged(0, "WWW", 0))
    with pytest.raises(errors.BadReturnPosition) as info:
        state.apply(Exchanged(0, "RRR", 27))  # 27 tiles in the bag, 26 after the draw
    assert str(info.value) == "return_at 27 is out of range 0–26"
    with pytest.raises(errors.NoSuchTile):
        state.apply(Exchanged(0, "RYR", 0))
    with pytest.raises(NotYourTurn):
        state.apply(Exchanged(1, "RRY", 0))
    assert state.to_dict() == before
    state.apply(Exchanged(0, "RRR", 26))  # the last position is allowed
    assert state.bag_codes()[-1] == "RRR"


def test_first_turn_by_the_wrong_seat() -> None:
    state = Game(Setup(2, RECORD_BAG)).state
    with pytest.raises(NotYourTurn) as info:
        state.apply(Place(0, "RRR", 12, 0))
    assert str(info.value) == "seat 1 starts (highest first tile), not seat 0"


# ----------------------------------------------------- worked examples 4 and 5: the end


def constructed(
    hands: list[list[str]],
    placed_points: list[int],
    empty: list[int],
    greens: dict[int, set[int]],
    teams: bool = False,
    bag: tuple[str, ...] = (),
) -> SpectrangleState:
    """A position: ``hands``, ``bag`` (empty by default), and every other tile on the board.

    Fields in ``empty`` stay empty; each field in ``greens`` holds a tile showing green on the
    sides (slots) listed for it, the ones facing empty fields. Boards built this way need not be
    reachable: worked examples 4 and 5 give only hands and points.
    """
    held = {c for h in hands for c in h} | set(bag)
    free = [c for c in TILE_CODES if c not in held and c != "WWW"]
    green = sorted((c for c in free if "G" in c), key=lambda c: c.count("G"))
    other = [c for c in free if "G" not in c]
    if "WWW" not in held:
        other.append("WWW")
    board: list[dict[str, int | str] | None] = [None] * 36
    for field, slots in sorted(greens.items(), key=lambda item: -len(item[1])):
        code, k = next(
            (c, k)
            for c in reversed(green)
            for k in range(3)
            if all((c[k:] + c[:k])[j] == "G" for j in slots)
        )
        green.remove(code)
        board[field] = {"tile": code, "rotation": k, "seat": 0, "turn": 0, "points": 0}
    rest = green + other
    for field in range(36):
        if field not in empty and board[field] is None:
            board[field] = {"tile": rest.pop(), "rotation": 0, "seat": 0, "turn": 0, "points": 0}
    assert not rest
    seats = len(hands)
    return SpectrangleState.from_dict(
        {
            "seats": seats,
            "teams": teams,
            "start_seat": 0,
            "current": 0,
            "bag": list(bag),
            "hands": hands,
            "board": board,
            "placed_points": placed_points,
            "resigned": [False] * seats,
            "resignations": [],
            "passes_in_a_row": 0,
            "end_reason": None,
            "history": [],
        }
    )


# Fields 12, 28 and 32 (and 2) each have three neighbours; green on all three sides keeps out
# tiles without green and GRP (one green side). Field: the sides (slots) facing empty fields.
SURROUNDED = {6: {0}, 11: {2}, 13: {1}, 18: {0}, 27: {2}, 29: {1}, 22: {0}, 31: {2}, 33: {1}}
SURROUNDED_5 = {**SURROUNDED, 0: {0}, 1: {2}, 3: {1}}


def test_example_4_end_and_shared_win() -> None:
    state = constructed([["YYR", "RYB"], ["GRP"]], [83, 79], [12, 28, 32], SURROUNDED)
    game_actions = state.placements(0)
    assert game_actions == [] and not state.can_place(1)
    assert not state.finished and state.scores == [83, 79]
    state.apply(Pass(0))
    assert state.finished and state.end_reason == "no_moves"
    assert state.penalties == [5, 1]
    assert state.scores == [78, 78]
    assert state.winners() == [0, 1]
    with pytest.raises(GameOver):
        state.apply(Pass(1))


def test_example_5_team_game() -> None:
    hands = [["RRB"], [], ["GRP", "BBP"], ["PPP"]]
    state = constructed(hands, [40, 35, 22, 30], [2, 12, 28, 32], SURROUNDED_5, teams=True)
    assert state.placements(0) == []
    # RRB, BBP and PPP have no green: nobody can place; seat 0 passes and the game ends.
    state.apply(Pass(0))
    assert state.finished and state.end_reason == "no_moves"
    assert state.scores == [36, 35, 16, 24]
    assert state.team_scores == [52, 59]
    assert state.winners() == [1, 3]
    assert state.standings() == [1, 3, 0, 2]
