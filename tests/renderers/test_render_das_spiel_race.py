"""Pictures of the two race games (Raffzahn, Bunte Kuh): real PNG bytes, read back and measured
where faces, labels and marks must be, and above all that what a seat may not see is not
drawn: two games that differ only in what is hidden give the very same PNG."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh import BkState, BunteKuh, Nowhere, Place
from games.das_spiel.bunte_kuh import Phase as BkPhase
from games.das_spiel.bunte_kuh import Roll as BkRoll
from games.das_spiel.bunte_kuh import Stop as BkStop
from games.das_spiel.bunte_kuh import Timeout as BkTimeout
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.raffzahn import Phase, RaffState, Raffzahn, Roll, Stop, Take
from games.das_spiel.setup import bottom_layer, full_pyramid
from locales import translator
from renderers.das_spiel import bunte_kuh as bk_pictures
from renderers.das_spiel import (
    panels,
    render_bunte_kuh,
    render_bunte_kuh_final,
    render_raffzahn,
    render_raffzahn_final,
    view,
)
from renderers.das_spiel import raffzahn as raf_pictures
from renderers.das_spiel import theme as th
from renderers.das_spiel.__main__ import main
from renderers.das_spiel.samples import bunte_kuh_game, raffzahn_game
from tests.games.das_spiel.test_das_spiel_bunte_kuh import SAMPLE as BK_SAMPLE
from tests.games.das_spiel.test_das_spiel_bunte_kuh import game_after as bk_game_after
from tests.games.das_spiel.test_das_spiel_raffzahn import SAMPLE as RAF_SAMPLE
from tests.games.das_spiel.test_das_spiel_raffzahn import game_after as raf_after
from tests.renderers.test_render_das_spiel import at, cards_cover, colours_near, face_pixel, image

NAMES = ["Ann", "Ben", "Cid"]


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


# ------------------------------------------------------------------------------ Bunte Kuh


def bk_after(events: int) -> BunteKuh:
    return bk_game_after(events)


def seed_20_plate_and_0e3_turned() -> tuple[Pyramid, Pyramid]:
    """Seed 20's pearl plate, and the same with 0E3 turned to another orientation."""
    plate = bottom_layer(20, Colour.PEARL)
    i = at("0E3")
    die = plate.die(i)
    assert die is not None
    other = next(o for o in ORIENTATIONS if o != die.orientation)
    return plate, plate.replace({i: Die(die.colour, other)})


def covered_plate_games() -> tuple[BunteKuh, BunteKuh]:
    """Two games on seed 20's plate, 0E3 turned differently in the second, after three rounds
    of correct NERGENS (no funnel adds up to 18) that lay dice on 1E3, 1D2 and 1D3: every
    face of 0E3 is then covered, and the two tables look the same."""
    plate, turned = seed_20_plate_and_0e3_turned()
    i = at("0E3")
    games = []
    for setup in (plate, turned):
        game = BunteKuh(BkState(setup, 3))
        t = 0
        for seat, funnel in enumerate(("1E3", "1D2", "1D3")):
            game.apply(BkRoll(seat, (6, 6, 6), t))
            assert game.apply(Nowhere(seat, t + 100)).correct
            game.apply(Place(seat, at(funnel), (3, 2, 1), t + 200))
            t += 1000
        game.apply(BkRoll(0, (6, 6, 6), t))  # a round open: every funnel labelled
        games.append(game)
    a, b = games
    assert a.pyramid().die(i) != b.pyramid().die(i)
    assert not g.exposed_axes(a.pyramid().occupied, i)
    return a, b


def test_bunte_kuh_pictures_draw_only_what_the_table_shows() -> None:
    """A die whose faces are all covered may be turned any way: the same PNG (the picture is
    drawn from the view's exposed faces, never from the state). The check can fail: before
    the dice cover 0E3 the two games' pictures differ."""
    a, b = covered_plate_games()
    assert render_bunte_kuh(a, NAMES) == render_bunte_kuh(b, NAMES)
    assert render_bunte_kuh_final(a, NAMES) == render_bunte_kuh_final(b, NAMES)
    plate, turned = seed_20_plate_and_0e3_turned()
    before = [BunteKuh(BkState(setup, 3)) for setup in (plate, turned)]
    assert render_bunte_kuh(before[0], NAMES) != render_bunte_kuh(before[1], NAMES)


def test_bunte_kuh_labels_every_funnel_while_calls_are_open_and_writes_no_sum() -> None:
    game = bk_after(1)  # Ann rolled 6 4 3
    v = game.view(0)
    assert v.phase is BkPhase.CALL and len(v.funnels) == 36
    assert bk_pictures.choosable(v) == g.mask_of(v.funnels)
    img = image(render_bunte_kuh(game, NAMES))
    assert img.width >= 1200
    for q in v.funnels:
        near = colours_near(img, view.centre(q), 8)
        assert th.LABEL_BG in near and th.FUNNEL not in near, g.LABELS[q]  # a chip, no disc
        assert th.LABEL_RING in colours_near(img, view.centre(q), 26)
    # Each wall shows its value as a digit (pips would hide under the labels): 1E3's walls
    # 4 + 4 + 5 = 13 are drawn, in the pip colour, where the digits go.
    for pos, axis in (("0E3", g.X), ("0F4", g.Y), ("0F3", g.Z)):
        spot = face_pixel(at(pos), axis, view.DIGIT_AT, view.DIGIT_AT)
        assert th.PIPS[Colour.PEARL] in colours_near(img, spot, 6), pos
    # Between rounds nothing is labelled.
    between = image(render_bunte_kuh(bk_after(3), NAMES))  # Ben laid 654 in 1E3
    for q in game.view(0).funnels[:5]:
        assert th.LABEL_RING not in colours_near(between, view.centre(q), 26)


def test_a_claimed_funnel_shows_its_sum_and_its_claimer() -> None:
    game = bk_after(2)  # Ben called STOP at 1E3 (13): right
    v = game.view(2)
    assert v.phase is BkPhase.PLACE and v.claimed == at("1E3") and v.caller == 1
    img = image(render_bunte_kuh(game, NAMES))
    q = view.centre(at("1E3"))
    near = colours_near(img, q, 8)
    assert th.FUNNEL in near and th.FUNNEL_TEXT in near  # the sum's disc: white on black
    assert panels.SEAT_COLOURS[1] in colours_near(img, (q[0] + 29, q[1] - 25), 10)
    calling = colours_near(image(render_bunte_kuh(bk_after(1), NAMES)), q, 8)
    assert th.FUNNEL not in calling  # before the claim: the label only


def test_bunte_kuh_marks_who_laid_a_die_and_says_how_the_round_ended() -> None:
    game = bk_after(3)  # Ben laid 654 in 1E3
    img = image(render_bunte_kuh(game, NAMES))
    assert panels.SEAT_COLOURS[1] in colours_near(img, view.centre(at("1E3")), 6)
    assert th.LAST_RING in colours_near(img, view.centre(at("1E3")), 40)
    t = translator("en")
    texts = []
    for events in (3, 5, 8, 10, 13):
        done = bk_after(events)
        texts.append(bk_pictures.outcome_text(bk_pictures.last_round(done), NAMES, t, "en"))
    assert texts == [
        "Ben laid a die in 1E3.",
        "Cid called NOWHERE, but 1D1 adds up to 7: Cid receives 2 dice.",
        "Ann laid a die in 1H7.",
        "Nobody called in time: the round is void.",
        "Cid did not lay in time: the die went into 1H1.",
    ]
    assert bk_pictures.last_marks(bk_pictures.last_round(bk_after(5))) == (at("1D1"),)
    assert bk_pictures.last_marks(bk_pictures.last_round(bk_after(13))) == (at("1H1"),)


def test_bunte_kuh_shows_the_three_dice_and_the_final_standings() -> None:
    game = bk_after(1)
    colours = {c for _, c in image(render_bunte_kuh(game, NAMES)).getcolors(1 << 20)}
    assert th.DIE[Colour.PEARL] in colours
    end = bunte_kuh_game(4, rounds=None)
    assert end.finished
    names = [*NAMES, "Dee"]
    board = image(render_bunte_kuh(end, names))
    final = image(render_bunte_kuh_final(end, names, lang="de"))
    assert final.width == board.width and final.height > board.height + 300
    assert th.ACCENT in colours_near(final, (th.MARGIN + 40, board.height + 48 + 38), 20)
    assert render_bunte_kuh(game, NAMES, lang="fr") != render_bunte_kuh(game, NAMES)


@pytest.mark.parametrize("seats", range(2, 7))
def test_bunte_kuh_seat_cards_cover_nothing_for_two_to_six_seats(
    seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every pixel a seat card draws on was background: the cards never hide the plate, a
    face, a side's name, the status or the dice (6 seats used to cover the pile's right
    edge). Long names, a right STOP's picture (status, outcome and dice drawn)."""
    game = bunte_kuh_game(seats, rounds=12)
    assert game.view(0).phase is BkPhase.PLACE
    names = ["Benedikt von Lange-Schöneberg", "محمد علي", "Zoë ✨", "Ann", "Dee", "Eve"][:seats]
    for lang in ("en", "de"):
        drawn, covered = cards_cover(
            lambda lang=lang: bk_pictures.board_image(game, names, lang=lang), monkeypatch
        )
        assert drawn > seats * 10_000 and covered == 0, (lang, covered)
    end = bunte_kuh_game(seats, rounds=None)
    drawn, covered = cards_cover(lambda: bk_pictures.final_image(end, names), monkeypatch)
    assert drawn > seats * 10_000 and covered == 0


def test_the_command_draws_a_bunte_kuh_record(tmp_path: Path) -> None:
    record = tmp_path / "bk.json"
    record.write_text(json.dumps(BK_SAMPLE), encoding="utf-8")
    out = tmp_path / "bk.png"
    game = bk_after(len(BK_SAMPLE["events"]))
    assert main([str(record), "--out", str(out)]) == 0
    assert out.read_bytes() == render_bunte_kuh(game, NAMES)
    assert main([str(record), "--out", str(out), "--final", "--seat", "2"]) == 0
    assert out.read_bytes() == render_bunte_kuh_final(game, NAMES)  # every seat sees the same


def varied_bunte_kuh(seed: int, players: int) -> BunteKuh:
    """A random game with every kind of round: right and wrong STOPs and NERGENS, void
    rounds, dice laid by the caller and by the engine after both kinds of call."""
    game = BunteKuh.new(players, seed)
    pick = random.Random(seed)
    t = 0
    while not game.finished and len(game.log) < 100:
        t += 1000
        dice = (pick.randint(1, 6), pick.randint(1, 6), pick.randint(1, 6))
        game.apply(BkRoll(game.state.holder, dice, t))
        state = game.state
        seat = pick.randrange(players)
        matching = state.matching(sum(dice))
        others = [q for q in g.bits(state.funnels()) if q not in matching]
        choice = pick.random()
        if choice < 0.15:
            t = state.deadline or t
            game.apply(BkTimeout(t))
            continue
        t += 100
        if choice < 0.6 and matching:
            game.apply(BkStop(seat, pick.choice(matching), t))
        elif choice < 0.75 and others:
            game.apply(BkStop(seat, pick.choice(others), t))
        else:
            game.apply(Nowhere(seat, t))
        if game.state.phase is BkPhase.PLACE:
            if pick.random() < 0.4:
                t = game.state.deadline or t
                game.apply(BkTimeout(t))
            else:
                t += 100
                game.apply(pick.choice(game.legal_actions(t)))
    return game


def test_the_last_rounds_outcome_read_off_the_table_is_the_replays() -> None:
    """``last_round`` reads the results off the table (replaying only after a NERGENS the
    caller left to the engine): the words and marks are the same as from a full replay, after
    every event of varied games."""
    t = translator("en")
    kinds = set()
    for seed, players in ((1, 3), (2, 4), (3, 2)):
        full = varied_bunte_kuh(seed, players)
        names = [f"P{k}" for k in range(players)]
        game = BunteKuh.new(players, seed)
        for action in full.log:
            game.apply(action)
            done = bk_pictures.results(game)
            starts = [j for j, (a, _) in enumerate(done) if isinstance(a, BkRoll)]
            rounds = list(zip(starts, [*starts[1:], len(done)], strict=True))
            if game.state.phase in (BkPhase.CALL, BkPhase.PLACE):
                rounds = rounds[:-1]  # the round under way has not ended
            expected = done[rounds[-1][0] : rounds[-1][1]] if rounds else []
            got = bk_pictures.last_round(game)
            assert bk_pictures.outcome_text(got, names, t, "en") == bk_pictures.outcome_text(
                expected, names, t, "en"
            )
            assert bk_pictures.last_marks(got) == bk_pictures.last_marks(expected)
            if expected:
                kinds.add((type(expected[-1][0]).__name__, expected[-1][1].outcome))
    assert len(kinds) >= 5, kinds  # place, void, default placement, wrong STOP, wrong NERGENS


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
def test_a_winner_whose_name_is_cut_ends_the_sentence_with_the_ellipsis_alone(lang: str) -> None:
    game = raffzahn_game(rounds=None, roll=None)
    names = ["Benedikt von Langenstein-Schöneberg"] * 3  # every seat: whoever won is cut
    (line,) = raf_pictures.status_text(game.view(None), names, translator(lang), lang)
    assert line.endswith("…") and "…." not in line
