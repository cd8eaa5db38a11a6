"""Raffzahn's phone pictures: a seat's own wall (its private panel) and the round's public
picture, read back from real PNG bytes. The wall shows that seat's pips and nobody else's, the
dice it may take ringed; the public picture shows no pips at all, and this round's takes."""

from __future__ import annotations

from games.das_spiel import geometry as g
from games.das_spiel.pyramid import Colour
from games.das_spiel.raffzahn import Roll, Take
from games.das_spiel.setup import full_pyramid
from renderers.das_spiel import panels
from renderers.das_spiel import raffzahn_wall as wall
from renderers.das_spiel import theme as th
from renderers.das_spiel.render import render_raffzahn_public, render_raffzahn_wall
from renderers.das_spiel.samples import raffzahn_game
from tests.renderers.test_render_das_spiel import at, colours_near, image
from tests.renderers.test_render_das_spiel_race import raffzahn_on, same_faces_for

NAMES = ["Ann", "Ben", "Cid"]


def centre(row: int, column: int) -> tuple[int, int]:
    x, y = wall.cell_xy(row, column)
    return x + wall.DIE // 2, y + wall.DIE // 2


def takes_of(game) -> list[tuple[int, int]]:
    return [(a.seat, a.pos) for a in game.log if isinstance(a, Take)]


def test_the_wall_is_phone_sized_and_shows_the_seats_own_pips_die_by_die() -> None:
    game = raffzahn_game()  # a dozen rounds in: sunken dice and empty lines on every side
    for seat in range(3):
        v = game.view(seat)
        img = image(render_raffzahn_wall(v))
        assert img.width <= 600 and img.height <= 700
        kinds = set()
        for n, (row, column, i, pips) in enumerate(wall.wall_cells(v)):
            pixel = img.getpixel(centre(row, column))
            if i == g.NONE:  # the whole line is gone: a dark hollow
                assert pixel == th.HOLLOW[1], (seat, n)
                kinds.add("empty")
                continue
            assert pips == game.state.pyramid.face(i, v.side)
            # 1, 3 and 5 have a pip in the middle; 2, 4 and 6 show the face there
            face = th.RAF_OWN if v.free >> i & 1 else th.RAF_OWN_COVERED
            assert pixel == (th.RAF_PIPS if pips % 2 else face), (seat, g.LABELS[i], pips)
            kinds.add("sunken" if wall.depth_of(v.side, n, i) else "wall")
        assert kinds == {"empty", "sunken", "wall"}


def test_the_wall_rings_exactly_the_dice_the_seat_may_take() -> None:
    game = raffzahn_game()
    for seat in range(3):
        v = game.view(seat)
        img = image(render_raffzahn_wall(v))
        ringed = set()
        for row, column, i, _ in wall.wall_cells(v):
            x, y = wall.cell_xy(row, column)
            # the cyan square shows just outside the die's left edge, half way down
            left = img.getpixel((x - wall.GLOW // 2, y + wall.DIE // 2))
            if left == th.LABEL_RING:
                ringed.add(i)
        assert ringed == set(g.bits(v.takeable))
    assert any(game.view(seat).takeable for seat in range(3))


def test_the_wall_and_the_public_picture_hold_nothing_the_seat_may_not_see() -> None:
    """Two piles differing in every face but side X's (and every colour): seat 0's wall is the
    same PNG though seats 1 and 2 may take other dice, and so is the public picture, which is
    the same for any two piles of one shape. Each check could fail: seat 1's walls differ."""
    setup = full_pyramid(1)
    games = [raffzahn_on(setup), raffzahn_on(same_faces_for(setup, g.X))]
    for game in games:
        game.apply(Roll(0, 5, 0))
        game.apply(Take(0, at("7A1"), 900))
    a, b = games
    assert a.state.takeable(1) != b.state.takeable(1)
    assert render_raffzahn_wall(a.view(0)) == render_raffzahn_wall(b.view(0))
    assert render_raffzahn_wall(a.view(1)) != render_raffzahn_wall(b.view(1))
    public = [render_raffzahn_public(x.view(None), NAMES, takes_of(x)) for x in games]
    assert public[0] == public[1]
    other = raffzahn_on(full_pyramid(2))
    assert render_raffzahn_public(raffzahn_on(setup).view(None), NAMES, ()) == (
        render_raffzahn_public(other.view(None), NAMES, ())
    )


def test_the_public_picture_shows_this_rounds_takes_in_the_takers_colours() -> None:
    game = raffzahn_on(full_pyramid(1))  # RULES.md §5.7: Ann rolls 5, Ben takes 7B1
    game.apply(Roll(0, 5, 0))
    before = image(render_raffzahn_public(game.view(None), NAMES, takes_of(game)))
    game.apply(Take(1, at("7B1"), 500))
    game.apply(Take(2, at("6C1"), 900))
    after = image(render_raffzahn_public(game.view(None), NAMES, takes_of(game)))
    assert after.width <= 600

    def chips(img, seat: int) -> int:  # pixels of the seat's colour right of its name
        y = 16 + seat * wall.SEAT_ROW_H
        box = img.crop((300, y, img.width - 16, y + wall.SEAT_ROW_H - 8))
        return sum(n for n, c in box.getcolors(1 << 16) or [] if c == panels.SEAT_COLOURS[seat])

    assert [chips(before, s) for s in range(3)] == [0, 0, 0]
    assert chips(after, 0) == 0 and chips(after, 1) > 400 and chips(after, 2) > 400
    # the roll is public: the turquoise die in the top-right corner
    assert th.DIE[Colour.TURQUOISE] in colours_near(after, (after.width - 43, 43), 10)


def test_what_is_left_counts_the_dice_above_the_plate() -> None:
    game = raffzahn_on(full_pyramid(1))
    assert sum(wall.layer_counts(game.view(None).occupied)[1:]) == 165 - 45 - 1
    game.apply(Roll(0, 5, 0))
    game.apply(Take(1, at("7B1"), 500))
    counts = wall.layer_counts(game.view(None).occupied)
    assert counts[0] == 45 and counts[7] == 2 and sum(counts[1:]) == 118
