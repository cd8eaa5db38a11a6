"""Würfelmarsch and Eintrichtern pictures: real PNG bytes, read back and measured where the
armies, corners, marks, labels, sums and roll must be; Eintrichtern's hidden walls never drawn
(two games differing only in hidden faces give the same bytes)."""

from __future__ import annotations

import json
from pathlib import Path

from games.das_spiel import geometry as g
from games.das_spiel.cui_bono import CuiBono
from games.das_spiel.eintrichtern import Adopt, Eintrichtern, Lift, Roll
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.pyramid import Colour, Die
from games.das_spiel.record import parse_record
from games.das_spiel.setup import bottom_layer
from games.das_spiel.wuerfelmarsch import COLOURS, TARGETS, Wuerfelmarsch, from_record
from locales import translator
from renderers.das_spiel import eintrichtern as ein_pictures
from renderers.das_spiel import (
    panels,
    render_eintrichtern,
    render_eintrichtern_final,
    render_pyramid,
    render_wuerfelmarsch,
    render_wuerfelmarsch_final,
    view,
)
from renderers.das_spiel import theme as th
from renderers.das_spiel import wuerfelmarsch as wm_pictures
from renderers.das_spiel.__main__ import main
from renderers.das_spiel.samples import eintrichtern_game, wuerfelmarsch_game
from tests.games.das_spiel.test_das_spiel_wuerfelmarsch import SAMPLE as WM_SAMPLE
from tests.renderers.test_render_das_spiel import at, colours_near, face_pixel, image
from tests.wcag import contrast_ratio

NAMES = ["Ann", "Ben", "Cid"]
NAMES_4 = [*NAMES, "Dee"]


def label_point(i: int) -> tuple[int, int]:
    x, y = view.centre(i)
    return x, y - wm_pictures.LABEL_LIFT


# ------------------------------------------------------------------------- Würfelmarsch


def sample_game(events: int) -> Wuerfelmarsch:
    """The sample record of RECORD-FORMAT.md after ``events`` events (event 3 captures)."""
    record = parse_record(WM_SAMPLE)
    game = from_record(record)
    for event in record.events[:events]:
        game.apply_record_event(event)
    return game


def test_wuerfelmarsch_armies_differ_by_colour_and_a_second_cue() -> None:
    """At the set-up every die is in its army's colour; red and yellow also differ in
    brightness (contrast >= 2 on every face), pearl in its stripes, and the pips of each army
    stand out from its faces."""
    game = Wuerfelmarsch()
    img = image(render_wuerfelmarsch(game, NAMES))
    assert img.width >= 1200
    seen: dict[int, list[tuple[int, int, int]]] = {}
    for seat, colour in enumerate(COLOURS):
        for i in g.bits(game.state.owned[seat]):
            faces = [img.getpixel(face_pixel(i, a, 0.47, 0.08)) for a in g.AXES]
            assert faces == [th.shade(th.DIE[colour], th.SHADE[view.role(a)]) for a in g.AXES]
            seen[seat] = faces
    for a in g.AXES:
        assert contrast_ratio(seen[0][a], seen[1][a]) >= 2
        assert contrast_ratio(seen[0][a], seen[2][a]) >= 3
    stripes = {th.shade(th.PEARL_STRIPE, f) for f in th.SHADE}
    for seat in range(3):
        i = g.bits(game.state.owned[seat])[0]
        assert bool(colours_near(img, face_pixel(i, g.X, 0.5, 0.5), 20) & stripes) == (seat == 2)
    for colour in COLOURS:
        assert all(
            contrast_ratio(th.PIPS[colour], th.shade(th.DIE[colour], f)) >= 3 for f in th.SHADE
        )


def test_wuerfelmarsch_labels_the_dice_on_turn_and_rings_where_they_can_tip() -> None:
    game = Wuerfelmarsch()
    img = image(render_wuerfelmarsch(game, NAMES))
    own = game.state.owned[0]
    for i in g.bits(own):
        near = colours_near(img, label_point(i), 6)
        assert th.LABEL_RING in near or th.LABEL_TEXT in near, g.LABELS[i]
    for i in g.bits(game.state.owned[1] | game.state.owned[2]):
        assert th.LABEL_RING not in colours_near(img, label_point(i), 6), g.LABELS[i]
    reachable = {t.to for t in game.state.tips(0)}
    assert reachable == set(g.bits(wm_pictures.destinations(game.state, own)))
    for i in g.bits(g.BOTTOM_MASK & ~game.state.pyramid.occupied):
        ringed = th.LABEL_RING in colours_near(img, view.centre(i), wm_pictures.DOT)
        assert ringed == (i in reachable), g.LABELS[i]
    # One selected die: only its destinations are ringed.
    one = g.index_of_label("0I5")
    picked = image(render_wuerfelmarsch(game, NAMES, choosable=[one], moves_from=g.BIT[one]))
    for i in reachable:
        ringed = th.LABEL_RING in colours_near(picked, view.centre(i), wm_pictures.DOT)
        assert ringed == (i in {t.to for t in game.state.tips(0) if t.frm == one})


def test_wuerfelmarsch_target_corners_carry_their_owners_die() -> None:
    img = image(render_wuerfelmarsch(Wuerfelmarsch(), NAMES))
    for seat, corner in enumerate(TARGETS):
        near = colours_near(img, view.centre(corner), 40)
        assert th.DIE[COLOURS[seat]] in near
        others = [th.DIE[c] for s, c in enumerate(COLOURS) if s != seat]
        assert not any(c in near for c in others), g.LABELS[corner]


def test_wuerfelmarsch_marks_the_last_tip_and_what_it_captured() -> None:
    """Sample event 3: X tips 0H2 → 0G2 and captures Y's 0F1 and 0G1 (RULES.md §9.6)."""
    game = sample_game(4)
    last = wm_pictures.last_action(game)
    assert last is not None and last.seat == 0
    assert last.lost == {at("0F1"): 1, at("0G1"): 1}
    img = image(render_wuerfelmarsch(game, NAMES, choosable=[]))
    assert th.LAST_RING in colours_near(img, view.centre(at("0G2")), 40)  # the die now
    assert th.LAST_RING in colours_near(img, view.centre(at("0H2")), 24)  # where it came from
    for label in ("0F1", "0G1"):  # a small yellow die, crossed out
        near = colours_near(img, view.centre(at(label)), wm_pictures.GHOST // 2)
        assert th.LAST_RING in near and th.DIE[Colour.YELLOW] in near, label
    t = translator("en")
    text = wm_pictures.last_action_text(game, last, NAMES, t, "en")
    assert text == "Ann tipped 0H2 forward-right to 0G2. Ann captured 0F1 0G1."
    before = sample_game(3)
    assert wm_pictures.last_action(before).lost == {}  # type: ignore[union-attr]
    assert th.LAST_RING not in colours_near(
        image(render_wuerfelmarsch(before, NAMES)), view.centre(at("0F1")), 20
    )


def test_wuerfelmarsch_counts_turns_against_the_quiet_cap_and_scores_per_seat() -> None:
    t = translator("en")
    game = sample_game(5)
    assert wm_pictures.turn_text(game.state, t) == "Turn 6 · 1 of 90 turns without a capture"
    cards = wm_pictures.cards(game, NAMES, t, "en")
    assert [c.line for c in cards] == ["score +2", "score 0", "score 0"]
    assert [c.current for c in cards] == [False, False, True]
    rotated = sample_game(2)
    text = wm_pictures.last_action_text(rotated, wm_pictures.last_action(rotated), NAMES, t, "en")
    assert text == "Ben turned 0C1 to 412."


def test_wuerfelmarsch_final_ranks_the_corners_winner_first() -> None:
    end = wuerfelmarsch_game(actions=None)
    s = end.state
    assert s.finished and s.winners
    board = image(render_wuerfelmarsch(end, NAMES))
    final = image(render_wuerfelmarsch_final(end, NAMES))
    assert final.width == board.width >= 1200 and final.height > board.height + 300
    assert panels.THEME.accent in colours_near(final, (th.MARGIN + 40, board.height + 48 + 38), 20)
    # The winner's die token is on the first row.
    first = colours_near(final, (th.MARGIN + 84, board.height + 48 + 38), 14)
    assert th.DIE[COLOURS[s.winners[0]]] in first


def test_the_command_draws_a_wuerfelmarsch_record(tmp_path: Path) -> None:
    path = tmp_path / "wm.json"
    path.write_text(json.dumps(WM_SAMPLE), encoding="utf-8")
    out = tmp_path / "wm.png"
    assert main([str(path), "--out", str(out), "--side", "Y"]) == 0
    assert out.read_bytes() == render_wuerfelmarsch(sample_game(5), NAMES, side=g.Y)
    assert main([str(path), "--out", str(out), "--final"]) == 0
    assert out.read_bytes() == render_wuerfelmarsch_final(sample_game(5), NAMES)


# ------------------------------------------------------------------------- Eintrichtern


def worked_example(game: Eintrichtern, *, miss: bool = True) -> list[object]:
    """RULES.md §8.7 on seed 20: Ann rolls 13 and lifts 1E3 (a match), rolls 9 and lifts
    1H5 (11, a miss)."""
    results = [
        game.apply(Roll(0, (4, 5, 4))),
        game.apply(Lift(0, at("1E3"))),
        game.apply(Roll(0, (2, 3, 4))),
    ]
    if miss:
        results.append(game.apply(Lift(0, at("1H5"))))
    return results


def with_hidden_faces_changed(seed: int, keep: int) -> Eintrichtern:
    """Seed ``seed``'s plate with every die turned whose three upper faces are all walls of
    funnels still covered after the worked example (none on the outer wall, none a wall of
    the open funnel ``keep``)."""
    plate = bottom_layer(seed, Colour.YELLOW)
    dice = dict(enumerate(plate.dice[: len(g.bits(g.BOTTOM_MASK))]))
    changed = 0
    for b in g.bits(g.BOTTOM_MASK):
        if min(g.POSITIONS[b]) == 0 or b in g.SUPPORT_BY_AXIS[keep]:
            continue
        die = dice[b]
        assert die is not None
        other = next(o for o in ORIENTATIONS if all(o[a] != die.orientation[a] for a in g.AXES))
        dice[b] = Die(Colour.YELLOW, other)
        changed += 1
    assert changed >= 10
    return Eintrichtern(plate.from_dice(dice), 3, 0)  # type: ignore[arg-type]


def test_eintrichtern_hidden_walls_never_reach_the_picture() -> None:
    """Two plates that differ in every face hidden under a red die give identical PNGs, mid
    turn, after the miss and at the end; a face that is visible does change the picture."""
    real = Eintrichtern.new(3, 20)
    other = with_hidden_faces_changed(20, at("1E3"))
    assert real.state.sums != other.state.sums
    worked_example(real, miss=False)
    worked_example(other, miss=False)
    assert real.state.sums[at("1E3")] == other.state.sums[at("1E3")] == 13
    assert render_eintrichtern(real, NAMES) == render_eintrichtern(other, NAMES)
    real.apply(Lift(0, at("1H1")))
    other.apply(Lift(0, at("1H1")))
    assert real.state.current == other.state.current == 1  # both missed
    assert render_eintrichtern(real, NAMES) == render_eintrichtern(other, NAMES)
    assert render_eintrichtern_final(real, NAMES) == render_eintrichtern_final(other, NAMES)
    # An outer face is public (EIN-5): changing it shows.
    plate = bottom_layer(20, Colour.YELLOW)
    corner = at("0A1")
    turned = plate.replace({corner: Die(Colour.YELLOW, (3, 2, 1))})
    assert plate.face(corner, g.Y) != 2
    assert render_eintrichtern(Eintrichtern(turned, 3), NAMES) != render_eintrichtern(
        Eintrichtern(plate, 3), NAMES
    )


def test_eintrichtern_red_dice_are_labelled_without_pips_and_open_funnels_show_sums() -> None:
    game = Eintrichtern.new(3, 20)
    worked_example(game)
    data = render_eintrichtern(game, NAMES)
    img = image(data)
    assert img.width >= 1200
    red_faces = {th.shade(th.DIE[Colour.RED], f * k) for f in th.SHADE for k in (1, 0.62)}
    for q in g.bits(game.state.covered):
        assert th.LABEL_RING in colours_near(img, view.centre(q), 24), g.LABELS[q]
        for a in g.exposed_axes(game.state.covered | g.BOTTOM_MASK, q):
            for s, t in ((0.26, 0.74), (0.74, 0.26)):  # pip places, away from the label
                pixel = img.getpixel(face_pixel(q, a, s, t))
                assert pixel in red_faces, (g.LABELS[q], a)
    q = at("1E3")  # out of play: its walls with pips, its sum in the hole
    assert not game.state.covered >> q & 1
    assert th.FUNNEL_TEXT in colours_near(img, view.centre(q), 6)
    assert th.LABEL_RING not in colours_near(img, view.centre(q), 24)
    pips = th.PIPS[Colour.YELLOW]
    wall = g.SUPPORT_BY_AXIS[q][g.X]  # 0E3's U_X = 4: pips at the four corners
    assert img.getpixel(face_pixel(wall, g.X, 0.26, 0.26)) == pips
    # The outer faces of the yellow dice (EIN-5): 0I5 shows U_X = 1, a pip in the middle.
    assert img.getpixel(face_pixel(at("0I5"), g.X, 0.5, 0.5)) == pips
    # The miss 1H5 is marked on its red die; the sum 11 is nowhere in the words.
    assert th.LAST_RING in colours_near(img, view.centre(at("1H5")), 40)
    t = translator("en")
    v = game.view(1)
    text = ein_pictures.last_action_text(game, v, NAMES, t, "en", None)
    assert text == "Ann lifted 1H5: no match."


def test_eintrichtern_reveal_shows_the_lifted_funnel_for_the_bot_only_when_asked() -> None:
    game = Eintrichtern.new(3, 20)
    miss = worked_example(game)[-1]
    reveal = miss.online()[0]  # type: ignore[attr-defined]
    assert reveal.funnel_sum == 11 and reveal.ms == 8000
    covered = image(render_eintrichtern(game, NAMES))
    shown = image(render_eintrichtern(game, NAMES, reveal=reveal))
    q = at("1H5")
    assert {th.FUNNEL, th.FUNNEL_TEXT} <= colours_near(shown, view.centre(q), 6)  # the sum
    assert th.FUNNEL not in colours_near(covered, view.centre(q), 6)  # the red die's label
    assert th.LABEL_RING in colours_near(covered, view.centre(q), 24)
    assert th.LAST_RING in colours_near(shown, view.centre(q), 24)
    t = translator("en")
    text = ein_pictures.last_action_text(game, game.view(1), NAMES, t, "en", reveal)
    assert text == "Ann lifted 1H5: 4 + 4 + 3 = 11. No match."


def test_eintrichtern_shows_the_roll_and_the_red_dice_per_seat() -> None:
    game = Eintrichtern.new(3, 20)
    worked_example(game, miss=False)
    t = translator("en")
    assert ein_pictures.status_text(game, game.view(0), NAMES, t, "en") == (
        "Ann rolled 2 3 4 = 9: lift a red die."
    )
    rolled = image(render_eintrichtern(game, NAMES))
    # The three pearl dice below the status lines, in the top-left corner.
    corner = rolled.crop((0, 0, 400, 320))
    assert th.DIE[Colour.PEARL] in {c for _, c in corner.getcolors(1 << 16)}
    cards = ein_pictures.cards(game.view(0), NAMES, t, "en")
    assert [c.line for c in cards] == ["1 of 8", "0 of 8", "0 of 8"]
    assert cards[0].facts == "1 red die won · 7 more to win"
    game.apply(Lift(0, at("1H5")))
    game.apply(Adopt(1))
    adopted = image(render_eintrichtern(game, NAMES))
    corner = adopted.crop((0, 0, 400, 320))
    assert th.DIE[Colour.PEARL] not in {c for _, c in corner.getcolors(1 << 16)}
    assert ein_pictures.status_text(game, game.view(1), NAMES, t, "en") == (
        "Ben adopted 9: lift a red die."
    )
    six = Eintrichtern.new(6, 20)
    assert ein_pictures.cards(six.view(0), NAMES, t, "en")[0].line == "0 of 9"


def test_eintrichtern_final_has_no_labels_and_ranks_by_red_dice() -> None:
    end = eintrichtern_game(actions=None)
    s = end.state
    assert s.finished
    board = image(render_eintrichtern(end, NAMES_4))
    for q in g.bits(s.covered):
        assert th.LABEL_RING not in colours_near(board, view.centre(q), 24), g.LABELS[q]
    final = image(render_eintrichtern_final(end, NAMES_4))
    assert final.height > board.height + 300
    assert panels.THEME.accent in colours_near(final, (th.MARGIN + 40, board.height + 48 + 38), 20)
    first = colours_near(final, (th.MARGIN + 84, board.height + 48 + 38), 14)
    assert panels.SEAT_COLOURS[s.winners[0]] in first


def test_the_command_draws_an_eintrichtern_record(tmp_path: Path) -> None:
    game = eintrichtern_game(actions=None)
    path = tmp_path / "ein.json"
    path.write_text(json.dumps(game.to_record(NAMES_4)), encoding="utf-8")
    out = tmp_path / "ein.png"
    assert main([str(path), "--out", str(out), "--final", "--lang", "nl"]) == 0
    assert out.read_bytes() == render_eintrichtern_final(game, NAMES_4, lang="nl")


# --------------------------------------------------------------------------- Cui bono?


def test_a_cui_bono_view_draws_like_the_full_pile() -> None:
    """The public view keeps interior dice as None; they show no face, so its picture is the
    full pile's (``Pyramid.exposed_faces`` used to fail on them)."""
    game = CuiBono.new(4, 1)
    pile = game.view(0).pyramid
    assert any(pile.dice[i] is None for i in g.bits(pile.occupied))
    assert render_pyramid(pile) == render_pyramid(game.state.pyramid)
