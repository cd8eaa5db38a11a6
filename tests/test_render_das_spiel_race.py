"""Pictures of the two race games (Raffzahn, Bunte Kuh): real PNG bytes, read back and measured
where faces, labels and marks must be, and above all that what a seat may not see is not
drawn: two games that differ only in what is hidden give the very same PNG."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from games.das_spiel import geometry as g
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.raffzahn import Phase, RaffState, Raffzahn, Roll, Stop, Take
from games.das_spiel.setup import full_pyramid
from renderers.das_spiel import raffzahn as raf_pictures
from renderers.das_spiel import render_raffzahn, render_raffzahn_final, view
from renderers.das_spiel import theme as th
from renderers.das_spiel.__main__ import main
from tests.test_das_spiel_raffzahn import SAMPLE as RAF_SAMPLE
from tests.test_das_spiel_raffzahn import game_after as raf_after

NAMES = ["Ann", "Ben", "Cid"]


def image(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


def at(label: str) -> int:
    return g.index_of_label(label)


def face_pixel(i: int, axis: int, s: float, t: float, side: int = g.X) -> tuple[int, int]:
    """The pixel at face coordinates (s, t) of face ``U_axis`` of the die at ``i``."""
    r = view.role(axis, side)
    (ax, ay), (bx, by) = view.ROLE_VECTORS[(r + 1) % 3], view.ROLE_VECTORS[(r + 2) % 3]
    cx, cy = view.centre(i, side)
    return round(cx + s * ax + t * bx), round(cy + s * ay + t * by)


def colours_near(img: Image.Image, xy: tuple[int, int], radius: int) -> set[tuple[int, int, int]]:
    x, y = xy
    box = img.crop((x - radius, y - radius, x + radius + 1, y + radius + 1))
    return {c for _, c in box.getcolors(maxcolors=100_000) or []}


def same_faces_for(pyramid: Pyramid, axis: int) -> Pyramid:
    """Every die turned to another orientation with the same ``U_axis`` and given another
    colour: the pile a seat at side ``axis`` cannot tell from ``pyramid``."""
    other = {Colour.RED: Colour.YELLOW, Colour.YELLOW: Colour.PEARL, Colour.PEARL: Colour.RED}
    dice: dict[int, Die] = {}
    for i in g.bits(pyramid.occupied):
        die = pyramid.die(i)
        assert die is not None
        turned = next(
            o for o in ORIENTATIONS if o[axis] == die.orientation[axis] and o != die.orientation
        )
        dice[i] = Die(other[die.colour], turned)
    return Pyramid.from_dice(dice)


def raffzahn_on(setup: Pyramid) -> Raffzahn:
    return Raffzahn(RaffState(setup), setup)


# ------------------------------------------------------------------------------ Raffzahn


def test_raffzahn_seat_view_is_a_wide_png_with_pips_only_on_the_seats_own_side() -> None:
    game = raf_after(2)  # Ann rolled 5; Ben took 7B1
    img = image(render_raffzahn(game, NAMES, seat=1))  # Ben, from side Y
    assert img.width >= 1200 and img.height >= 1000
    pile = game.pyramid()
    # 7B2 (P356) is free: Ben's face U_Y shows 5 (a pip in the middle), U_X 3 and U_Z 6
    # are blank slate grey. (The points away from the die's top corner, where its label is.)
    i = at("7B2")
    assert pile.face(i, g.Y) == 5
    assert img.getpixel(face_pixel(i, g.Y, 0.5, 0.5, g.Y)) == th.RAF_PIPS
    assert img.getpixel(face_pixel(i, g.Y, 0.92, 0.5, g.Y)) == th.RAF_OWN
    for axis in (g.X, g.Z):
        r = view.role(axis, g.Y)
        blank = th.shade(th.RAF_BLANK, th.SHADE[r])
        for s, t in ((0.5, 0.92), (0.92, 0.5), (0.74, 0.74)):
            assert img.getpixel(face_pixel(i, axis, s, t, g.Y)) == blank
    # A die that something rests on is darker (not free).
    j = at("6B1")
    assert g.DEPENDENT_MASK[j] & pile.occupied
    assert img.getpixel(face_pixel(j, g.Y, 0.47, 0.08, g.Y)) == th.RAF_OWN_COVERED


def test_raffzahn_pictures_hold_nothing_the_seat_may_not_see() -> None:
    """Two piles that differ in every face but side X's (and in every colour) give seat 0 the
    same PNG, though seats 1 and 2 may take other dice in them; the public picture is the same
    for any two piles of one shape. Each check could fail: seat 1's pictures differ."""
    setup = full_pyramid(1)
    twin = same_faces_for(setup, g.X)
    games = [raffzahn_on(setup), raffzahn_on(twin)]
    for game in games:
        game.apply(Roll(0, 5, 0))
        game.apply(Take(0, at("7A1"), 900))  # 7A1 shows 5 to side X in both
    a, b = games
    assert a.state.phase is Phase.ROUND and b.state.phase is Phase.ROUND
    assert a.state.takeable(1) != b.state.takeable(1)  # what the others may take differs
    assert render_raffzahn(a, NAMES, seat=0) == render_raffzahn(b, NAMES, seat=0)
    assert render_raffzahn(a, NAMES) == render_raffzahn(b, NAMES)
    assert render_raffzahn_final(a, NAMES, seat=0) == render_raffzahn_final(b, NAMES, seat=0)
    assert render_raffzahn(a, NAMES, seat=1) != render_raffzahn(b, NAMES, seat=1)
    assert render_raffzahn(raffzahn_on(setup), NAMES) == render_raffzahn(
        raffzahn_on(full_pyramid(2)), NAMES
    )
    assert render_raffzahn(raffzahn_on(setup), NAMES, seat=2) != render_raffzahn(
        raffzahn_on(full_pyramid(2)), NAMES, seat=2
    )


def test_the_public_raffzahn_picture_has_no_pips_and_no_labels() -> None:
    game = raf_after(1)  # Ann rolled 5: everyone may take, nothing is marked yet
    img = image(render_raffzahn(game, NAMES))
    occupied = game.pyramid().occupied
    free = game.pyramid().free_dice()
    for i in g.bits(occupied):
        for axis in g.exposed_axes(occupied, i):
            base = th.RAF_BLANK if free >> i & 1 else th.RAF_BLANK_COVERED
            blank = th.shade(base, th.SHADE[view.role(axis)])
            for s, t in ((0.26, 0.26), (0.5, 0.5), (0.74, 0.74), (0.26, 0.74)):  # pip places
                assert img.getpixel(face_pixel(i, axis, s, t)) == blank, (g.LABELS[i], axis)
    for i in g.bits(free):  # every free die, whoever may take it: no label
        assert th.LABEL_RING not in colours_near(img, view.centre(i), 24)


def test_raffzahn_labels_what_the_seat_may_take_and_marks_this_rounds_takes() -> None:
    game = raf_after(3)  # Ann rolled 5; Ben took 7B1, Cid took 6C1
    for seat in range(3):
        takeable = game.state.takeable(seat)
        assert raf_pictures.choosable(game.view(seat)) == takeable
        img = image(render_raffzahn(game, NAMES, seat=seat))
        side = g.Y if seat == 1 else (g.X if seat == 0 else g.Z)
        for i in g.bits(takeable):
            assert th.LABEL_RING in colours_near(img, view.centre(i, side), 24), g.LABELS[i]
        for label in ("7B1", "6C1"):  # emptied this round: ringed
            assert th.LAST_RING in colours_near(img, view.centre(at(label), side), 26)
    assert g.labels(game.state.takeable(0)) == ["7A1"]
    assert g.labels(game.state.takeable(1)) == ["5D1", "7B2"]  # Cid's take freed 5D1
    assert game.state.takeable(2) == 0
    # After the round the marks stay on its takes until the next roll.
    assert raf_pictures.round_takes(raf_after(6)) == ()  # Ben rolled 2
    assert raf_pictures.round_takes(raf_after(5)) == (at("7B1"), at("6C1"), at("7A1"))


def test_raffzahn_shows_the_roll_as_a_turquoise_die_and_the_piles() -> None:
    game = raf_after(2)
    img = image(render_raffzahn(game, NAMES, seat=0))
    colours = {c for _, c in img.getcolors(1 << 20)}
    assert th.DIE[Colour.TURQUOISE] in colours
    closed = raf_after(5)  # after STOP: no roll on show
    assert closed.state.phase is Phase.ROLL
    colours = {c for _, c in image(render_raffzahn(closed, NAMES, seat=0)).getcolors(1 << 20)}
    assert th.DIE[Colour.TURQUOISE] not in colours
    assert render_raffzahn(game, NAMES, seat=0, lang="nl") != render_raffzahn(game, NAMES, seat=0)


def test_raffzahn_final_ranks_by_dice_taken() -> None:
    game = Raffzahn.new(5)
    t = 0
    while not game.finished:  # every seat takes what it can, lowest label first
        t += 1000
        game.apply(Roll(game.state.roller, 1 + t // 1000 % 6, t))
        while game.state.phase is Phase.ROUND:
            t += 10
            takes = [a for a in game.legal_actions(t) if isinstance(a, Take)]
            game.apply(takes[0] if takes else Stop(game.state.roller, t))
    assert game.state.winners
    board = image(render_raffzahn(game, NAMES))
    final = image(render_raffzahn_final(game, NAMES))
    assert final.width == board.width and final.height > board.height + 300
    assert th.ACCENT in colours_near(final, (th.MARGIN + 40, board.height + 48 + 38), 20)


def test_the_command_draws_a_raffzahn_record_for_a_seat_or_the_public(tmp_path: Path) -> None:
    record = tmp_path / "raf.json"
    record.write_text(json.dumps(RAF_SAMPLE), encoding="utf-8")
    game = raf_after(len(RAF_SAMPLE["events"]))
    outs = {}
    for args in ([], ["--seat", "1"], ["--seat", "1", "--side", "X"], ["--final", "--seat", "2"]):
        out = tmp_path / f"out{len(outs)}.png"
        assert main([str(record), "--out", str(out), *args]) == 0
        outs[" ".join(args)] = out.read_bytes()
    assert outs[""] == render_raffzahn(game, NAMES)
    assert outs["--seat 1"] == render_raffzahn(game, NAMES, seat=1, side=g.Y)
    assert outs["--seat 1 --side X"] == render_raffzahn(game, NAMES, seat=1, side=g.X)
    assert outs["--final --seat 2"] == render_raffzahn_final(game, NAMES, seat=2)
    assert len(set(outs.values())) == 4


def test_the_command_refuses_a_seat_the_record_does_not_have(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "raf.json"
    record.write_text(json.dumps(RAF_SAMPLE), encoding="utf-8")
    out = tmp_path / "out.png"
    with pytest.raises(SystemExit) as stop:
        main([str(record), "--out", str(out), "--seat", "3"])
    assert stop.value.code == 2 and not out.exists()
    assert "no seat 3" in capsys.readouterr().err
