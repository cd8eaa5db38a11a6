"""Das Spiel geometry core: the checkable facts of RULES.md §2.3–2.8, and properties over random
stable piles."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.das_spiel import geometry as g
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.setup import full_pyramid


def m(text: str) -> int:
    return g.mask_of_labels(text.split())


def L(mask: int) -> str:
    return " ".join(g.labels(mask))


FULL = g.ALL_MASK
APEX = g.index_of_label("8A1")


def test_positions_layers_and_label_order() -> None:
    assert g.COUNT == 165
    assert len(set(g.POSITIONS)) == 165
    assert all(min(p) >= 0 and sum(p) <= 8 for p in g.POSITIONS)
    assert g.LAYER_SIZES == (45, 36, 28, 21, 15, 10, 6, 3, 1)
    assert [g.LABELS[i] for i in (0, 44, 45, 80, 164)] == ["0A1", "0I9", "1A1", "1H8", "8A1"]
    assert all(g.LAYER_MASK[h].bit_count() == n for h, n in enumerate(g.LAYER_SIZES))


@pytest.mark.parametrize(
    ("text", "pos"),
    [
        ("8A1", (0, 0, 0)),
        ("0A1", (8, 0, 0)),
        ("0I1", (0, 0, 8)),
        ("0I9", (0, 8, 0)),
        ("1F3", (2, 2, 3)),
        ("1E3", (3, 2, 2)),
    ],
)
def test_label_table(text: str, pos: tuple[int, int, int]) -> None:
    assert g.POSITIONS[g.index_of_label(text)] == pos
    assert g.label(g.index_of(*pos)) == text


def test_labels_round_trip_and_refuse_non_positions() -> None:
    for i in range(g.COUNT):
        assert g.index_of_label(g.label(i)) == i
        assert len(g.label(i)) == 3
    for bad in ("0A2", "9A1", "0J1", "1I1", "8B1", "1H9", "0a1", "", "0A10", 5):
        assert not g.is_label(bad)
    with pytest.raises(KeyError):
        g.index_of_label("1I1")
    with pytest.raises(KeyError):
        g.index_of(5, 4, 0)


def test_label_order_is_layer_then_row_then_column() -> None:
    keys = [(int(s[0]), s[1], int(s[2])) for s in g.LABELS]
    assert keys == sorted(keys)


def test_a_line_along_x_keeps_letter_and_column() -> None:
    top = g.index_of_label("3E4")
    line = g.LINES[g.X][g.LINE_OF[g.X][top]]
    assert [g.label(i) for i in line[line.index(top) :]] == ["3E4", "2E4", "1E4", "0E4"]


def test_bottom_layer_edge_and_corner_hollows() -> None:
    assert len(g.EDGE_HOLLOWS) == 24
    assert g.BOTTOM_MASK.bit_count() - len(g.EDGE_HOLLOWS) == 21
    assert sorted(g.label(i) for i in g.CORNER_HOLLOWS) == ["0A1", "0I1", "0I9"]
    assert all(g.EDGE_HOLLOW_MASK >> i & 1 for i in g.CORNER_HOLLOWS)


def test_full_pyramid() -> None:
    assert L(g.free_dice(FULL)) == "8A1"
    assert g.open_dice(FULL) == 0
    assert g.face_contacts(FULL) == 360
    assert sum(len(g.exposed_axes(FULL, i)) for i in range(g.COUNT)) == 135
    assert g.is_stable(FULL)
    assert g.funnels(FULL) == 0


def test_full_pyramid_without_top_layers() -> None:
    assert L(g.free_dice(FULL & ~g.BIT[APEX])) == "7A1 7B1 7B2"
    without_7_8 = FULL & ~g.LAYER_MASK[7] & ~g.LAYER_MASK[8]
    assert g.free_dice(without_7_8) == g.LAYER_MASK[6]
    assert L(g.funnels(FULL & ~g.BIT[APEX])) == "8A1"


def test_bottom_layer_only() -> None:
    assert g.free_dice(g.BOTTOM_MASK) == g.BOTTOM_MASK
    assert g.funnels(g.BOTTOM_MASK) == g.LAYER_MASK[1]
    assert g.open_dice(g.BOTTOM_MASK) == g.BOTTOM_MASK


def test_face_contacts_of_corner_and_apex() -> None:
    assert [g.label(i) for i in g.FACE_NEIGHBOURS[g.index_of_label("0A1")]] == ["1A1"]
    assert sorted(g.label(i) for i in g.FACE_NEIGHBOURS[APEX]) == ["7A1", "7B1", "7B2"]


def test_funnel_walls_and_faced_funnels_of_1E3() -> None:
    q = g.index_of_label("1E3")
    assert [g.label(i) for i in g.SUPPORT_BY_AXIS[q]] == ["0E3", "0F4", "0F3"]
    assert [g.label(i) for i in g.DEPENDENT_BY_AXIS[q]] == ["2E3", "2D2", "2D3"]


def test_relations_are_consistent() -> None:
    for i in range(g.COUNT):
        assert len(g.FACE_NEIGHBOURS[i]) <= 6
        for a, j in enumerate(g.SUPPORT_BY_AXIS[i]):
            if g.LAYER[i] == 0:
                assert j == g.NONE
            else:
                assert g.LAYER[j] == g.LAYER[i] - 1
                assert g.DEPENDENT_BY_AXIS[j][a] == i
        for j in g.LAYER_NEIGHBOURS[i]:
            assert g.LAYER[j] == g.LAYER[i] and j not in g.FACE_NEIGHBOURS[i]
        assert len(g.LAYER_NEIGHBOURS[i]) <= 6
    bottom = [i for i in range(g.COUNT) if g.LAYER[i] == 0]
    assert all(g.FACE_NEIGHBOURS[i] == g.DEPENDENTS[i] for i in bottom)


def test_sides_edges_and_levels() -> None:
    for a in g.AXES:
        assert g.SIDE_MASK[a].bit_count() == 45
        assert len(g.LINES[a]) == 45
        assert sorted(i for line in g.LINES[a] for i in line) == list(range(g.COUNT))
        edge = g.LATERAL_EDGES[a]
        assert g.label(edge[0]) == "8A1" and len(edge) == 9
        assert [g.LAYER[i] for i in edge] == list(range(8, -1, -1))
        assert sum(g.LEVEL_MASK[a][c].bit_count() for c in range(9)) == 165
    assert [g.label(e[-1]) for e in g.LATERAL_EDGES] == ["0A1", "0I9", "0I1"]
    # An edge die shows two outer faces, the apex three, other wall dice one.
    for i in range(g.COUNT):
        on_walls = sum(g.SIDE_MASK[a] >> i & 1 for a in g.AXES)
        assert len(g.exposed_axes(FULL, i)) == on_walls
        on_edges = sum(g.LATERAL_EDGE_MASK[a] >> i & 1 for a in g.AXES)
        assert on_walls == (3 if i == APEX else 2 if on_edges else on_walls)


def test_only_the_three_corners_have_two_exposed_faces_in_the_full_bottom() -> None:
    two = [g.label(i) for i in g.bits(g.BOTTOM_MASK) if len(g.exposed_axes(FULL, i)) >= 2]
    assert sorted(two) == ["0A1", "0I1", "0I9"]


def test_longest_row() -> None:
    assert g.longest_row(0) == 0
    assert g.longest_row(m("0F3")) == 1
    assert g.longest_row(m("0E4 1E4 2E4 3E4")) == 4
    assert g.longest_row(m("0E4 1E4 3E4")) == 2
    assert g.longest_row(m("0F3 0G3 0G4 1F3")) == 2
    assert g.row_axis(m("0E4 1E4 2E4 3E4"), g.X) == 4
    assert g.row_axis(m("0E4 1E4 2E4 3E4"), g.Y) == 1


def test_step_down_moves_each_position_along_its_axis() -> None:
    assert L(g.step_down(m("3E4 2E4"), g.X)) == "1E4 2E4"
    assert L(g.step_down(m("8A1"), g.Y)) == "7B2"
    assert g.step_down(m("0E4"), g.X) == 0  # the plate is below the bottom layer
    for a in g.AXES:
        assert g.step_down(g.ALL_MASK, a) == g.mask_of(t[a] for t in g.SUPPORT_BY_AXIS)


def test_unsupported_and_stability() -> None:
    assert g.is_stable(0) and g.is_stable(g.BOTTOM_MASK)
    assert L(g.unsupported(m("0F3 0G3 1F3"))) == "1F3"
    assert g.is_stable(m("0F3 0G3 0G4 1F3"))


# ----------------------------------------------------------------- random stable piles


@st.composite
def stable_piles(draw: st.DrawFn) -> int:
    """A random stable pile: add random funnels / plate hollows one at a time."""
    occupied = 0
    for _ in range(draw(st.integers(0, 165))):
        choices = g.bits(g.funnels(occupied) | g.plate_hollows(occupied))
        occupied |= g.BIT[draw(st.sampled_from(choices))]
    return occupied


@settings(max_examples=60, deadline=None)
@given(stable_piles())
def test_free_dice_are_front_dice_on_every_side(occupied: int) -> None:
    assert g.is_stable(occupied)
    free = g.free_dice(occupied)
    fronts = [set(g.front_dice(occupied, a)) for a in g.AXES]
    for i in g.bits(free):
        assert all(i in f for f in fronts)
        assert g.exposed_axes(occupied, i) == (0, 1, 2)
    for a in g.AXES:
        # every non-empty line has exactly one exposed U_a face: its front die's
        for line, front in zip(g.LINES[a], g.front_dice(occupied, a), strict=True):
            exposed = [i for i in line if occupied >> i & 1 and a in g.exposed_axes(occupied, i)]
            assert exposed == ([] if front == g.NONE else [front])


@settings(max_examples=60, deadline=None)
@given(stable_piles())
def test_funnels_are_empty_and_supported(occupied: int) -> None:
    f = g.funnels(occupied)
    assert f & occupied == 0 and f & g.BOTTOM_MASK == 0
    for q in g.bits(f):
        assert g.is_stable(occupied | g.BIT[q])
    for q in range(g.LAYER_START[1], g.COUNT):
        if not (occupied | f) >> q & 1:
            assert not g.is_stable(occupied | g.BIT[q])
    assert g.open_dice(occupied) & ~occupied == 0
    assert g.free_dice(occupied) & ~g.open_dice(occupied) & ~g.BIT[APEX] == 0


# ------------------------------------------------------------------------------ pyramid


def test_pyramid_is_immutable_and_knows_faces() -> None:
    empty = Pyramid.empty()
    a = g.index_of_label("0E3")
    one = empty.place(a, Die(Colour.RED, (3, 2, 1)))
    assert a not in empty and a in one and len(one) == 1 and len(empty) == 0
    assert one.face(a, g.Y) == 2 and one.die(a) == Die(Colour.RED, (3, 2, 1))
    assert one.die(a).text == "R321"  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        one.place(a, Die(Colour.RED, (1, 2, 4)))
    assert one.remove(a) == empty
    with pytest.raises(ValueError):
        empty.remove(a)


def test_pyramid_funnel_walls_and_side_view() -> None:
    # Bunte Kuh / Eintrichtern seed-20 example (§6.6): 1E3's walls are 4 + 4 + 5.
    dice = {
        g.index_of_label("0E3"): Die(Colour.PEARL, (4, 1, 2)),
        g.index_of_label("0F4"): Die(Colour.PEARL, (1, 4, 5)),
        g.index_of_label("0F3"): Die(Colour.PEARL, (3, 1, 5)),
    }
    pyr = Pyramid.from_dice(dice)
    q = g.index_of_label("1E3")
    assert L(pyr.funnels()) == "1E3"
    assert pyr.funnel_walls(q) == (4, 4, 5) and pyr.funnel_sum(q) == 13
    view = pyr.side_view(g.X)
    assert len(view) == 45 and sorted(v for _, v in view if v) == [1, 3, 4]
    assert len(pyr.exposed_faces()) == 9
    slid = pyr.replace({g.index_of_label("0E3"): None, q: Die(Colour.RED, ORIENTATIONS[0])})
    assert L(slid.occupied) == "0F3 0F4 1E3" and not slid.is_stable()
    assert pyr.colour_mask(Colour.PEARL) == pyr.occupied


def _naive(occupied: int) -> dict[str, int]:
    """The §2.5 definitions written out per position, to check the mask arithmetic against."""
    present = {i for i in range(g.COUNT) if occupied >> i & 1}
    out = {"free": 0, "open": 0, "funnels": 0, "unsupported": 0}
    for i in range(g.COUNT):
        deps = [j for j in g.DEPENDENT_BY_AXIS[i] if j != g.NONE]
        sups = [j for j in g.SUPPORT_BY_AXIS[i] if j != g.NONE]
        if i in present:
            if not any(j in present for j in deps):
                out["free"] |= 1 << i
            if any(j not in present for j in deps):
                out["open"] |= 1 << i
            if sups and not all(j in present for j in sups):
                out["unsupported"] |= 1 << i
        elif sups and all(j in present for j in sups):
            out["funnels"] |= 1 << i
    return out


def _naive_row(mask: int) -> int:
    best = 0
    for i in g.bits(mask):
        for a in g.AXES:
            n, j = 0, i
            while j != g.NONE and mask >> j & 1:
                n, j = n + 1, g.SUPPORT_BY_AXIS[j][a]
            best = max(best, n)
    return best


@settings(max_examples=80, deadline=None)
@given(st.integers(0, g.ALL_MASK), stable_piles())
def test_mask_predicates_match_the_definitions(anything: int, pile: int) -> None:
    for occupied in (anything, pile, g.ALL_MASK & ~pile):
        naive = _naive(occupied)
        assert g.free_dice(occupied) == naive["free"]
        assert g.open_dice(occupied) == naive["open"]
        assert g.funnels(occupied) == naive["funnels"]
        assert g.unsupported(occupied) == naive["unsupported"]
        assert g.longest_row(occupied) == _naive_row(occupied)


def test_exposed_faces_of_a_view_with_its_interior_blanked() -> None:
    """A view pyramid (Cui bono?'s ``public``) keeps interior dice present as ``None``: they
    show no face, so ``exposed_faces`` lists the surface and never touches them."""
    full = full_pyramid(1)
    interior = g.mask_of(i for i in range(g.COUNT) if not g.exposed_axes(full.occupied, i))
    assert interior.bit_count() == 56
    blanked = Pyramid(
        full.occupied, tuple(None if interior >> i & 1 else d for i, d in enumerate(full.dice))
    )
    assert blanked.exposed_faces() == full.exposed_faces()
    assert len(blanked.exposed_faces()) == 135
