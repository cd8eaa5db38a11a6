"""Das Spiel seats, sides, views and projections (RULES.md §2.7, §3.1, §9.2), and the
geometric Cui bono? tips (§7.2, §7.6)."""

from __future__ import annotations

import math

import pytest

from games.das_spiel import geometry as g
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.setup import full_pyramid
from games.das_spiel.sides import (
    MARCH_DIRECTIONS,
    left_neighbour,
    left_side,
    march_target,
    project,
    right_neighbour,
    right_side,
    seat_view,
    side_of_seat,
)


def idx(text: str) -> int:
    return g.index_of_label(text)


def test_turn_order_and_seats() -> None:
    assert [left_neighbour(s, 3) for s in range(3)] == [1, 2, 0]
    assert [right_neighbour(s, 5) for s in range(5)] == [4, 0, 1, 2, 3]
    assert [side_of_seat(s) for s in range(3)] == [g.X, g.Y, g.Z]
    assert [left_side(a) for a in g.AXES] == [g.Y, g.Z, g.X]
    assert [right_side(a) for a in g.AXES] == [g.Z, g.X, g.Y]


@pytest.mark.parametrize(
    ("side", "reached"),
    [(g.X, "0D2 0D3 0E2 0E4"), (g.Y, "0E4 0F4 0D3 0F3"), (g.Z, "0F3 0E2 0F4 0D2")],
)
def test_march_moves_from_0E3(side: int, reached: str) -> None:
    names = [name for name, _, _ in MARCH_DIRECTIONS[side]]
    assert names == ["forward-left", "forward-right", "left", "right"]
    got = [
        g.label(march_target(idx("0E3"), gain, lose)) for _, gain, lose in MARCH_DIRECTIONS[side]
    ]
    assert " ".join(got) == reached


def test_march_target_off_the_plate() -> None:
    _, gain, lose = MARCH_DIRECTIONS[g.X][3]  # right: +e_y − e_z
    assert march_target(idx("0I9"), gain, lose) == g.NONE


def test_projection_is_a_top_view_and_turns_with_the_side() -> None:
    u, v = project(idx("8A1"))
    assert (u, v) == (0.0, 0.0)
    # canonical: 0A1 at the top, 0I1 bottom-left, 0I9 bottom-right
    top, left, right = (project(idx(s)) for s in ("0A1", "0I1", "0I9"))
    assert top[1] < 0 < left[1] and math.isclose(left[1], right[1])
    assert left[0] < 0 < right[0] and math.isclose(top[0], 0.0, abs_tol=1e-12)
    # seen from side Y, side Y is along the bottom: 0I9 (opposite Y) is now at the top
    assert project(idx("0I9"), g.Y)[1] < 0
    assert project(idx("0I1"), g.Z)[1] < 0
    # all three walls keep distances: a rotation, not a mirror
    for side in (g.Y, g.Z):
        a, b, c = (project(idx(s), side) for s in ("0A1", "0I1", "0I9"))
        cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        assert cross < 0
    a, b, c = top, left, right
    assert (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) < 0


def test_what_each_seat_sees_of_the_free_dice_raffzahn_seed_1() -> None:
    pyr = full_pyramid(1).remove(idx("8A1"))
    assert g.labels(pyr.free_dice()) == ["7A1", "7B1", "7B2"]
    free = set(g.bits(pyr.free_dice()))
    seen = []
    for seat in range(3):
        view = dict(seat_view(pyr, seat))
        seen.append([view[i] for i in sorted(free)])
    assert seen == [[5, 1, 3], [3, 5, 5], [1, 3, 6]]
    assert all(len(seat_view(pyr, s)) == 45 for s in range(3))


def test_cui_bono_tip_only_corners_pullable_and_the_slide_opens_the_apex() -> None:
    pyr = full_pyramid(1)
    pullable = [i for i in g.bits(g.BOTTOM_MASK) if len(g.exposed_axes(pyr.occupied, i)) >= 2]
    assert sorted(g.label(i) for i in pullable) == ["0A1", "0I1", "0I9"]
    apex_die = pyr.die(idx("8A1"))
    after, die, vacated = pyr.pull(idx("0A1"))
    assert die.colour is Colour.RED and g.label(vacated) == "8A1"
    assert after.die(idx("7A1")) == apex_die and after.is_stable()
    assert g.labels(after.funnels()) == ["8A1"]
    walls = {g.label(i): after.die(i).colour.value for i in g.SUPPORT_BY_AXIS[idx("8A1")]}  # type: ignore[union-attr]
    assert walls == {"7A1": "R", "7B1": "R", "7B2": "P"}
    after2, die2, vacated2 = after.pull(idx("0I9"))
    assert die2.colour is Colour.YELLOW and g.label(vacated2) == "7B2"
    assert after2.is_stable() and len(after2) == 163
    colours = {after2.die(i).colour.value for i in g.SUPPORT_BY_AXIS[idx("7B2")]}  # type: ignore[union-attr]
    assert colours == {"P"}


def test_pull_without_cover_and_refusals() -> None:
    one = Pyramid.empty().place(idx("0E3"), Die(Colour.RED, (3, 2, 1)))
    after, _, vacated = one.pull(idx("0E3"))
    assert len(after) == 0 and vacated == idx("0E3")
    with pytest.raises(ValueError):
        full_pyramid(1).pull(idx("0E3"))  # held by three dice
    with pytest.raises(ValueError):
        one.pull(idx("0E4"))
