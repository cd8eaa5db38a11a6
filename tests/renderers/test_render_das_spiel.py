"""Das Spiel pictures: real PNG bytes, read back and measured where the dice, funnels, hollows,
labels and marks must be."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import Abquetschen, Phase, Start
from games.das_spiel.cui_bono import CuiBono, Pull
from games.das_spiel.cui_bono import Phase as CuiPhase
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.setup import full_pyramid
from games.das_spiel.sides import project
from renderers.das_spiel import abquetschen as abq_pictures
from renderers.das_spiel import cui_bono as cui_pictures
from renderers.das_spiel import eintrichtern as ein_pictures
from renderers.das_spiel import (
    panels,
    render_abquetschen,
    render_abquetschen_final,
    render_cui_bono,
    render_cui_bono_final,
    render_pyramid,
    view,
)
from renderers.das_spiel import theme as th
from renderers.das_spiel.__main__ import main
from renderers.das_spiel.palette import build, palette
from renderers.das_spiel.palette_colours import COLOURS
from renderers.das_spiel.samples import abquetschen_game, cui_bono_game, eintrichtern_game
from renderers.png import colours_of, mapping_error
from tests.games.das_spiel.test_das_spiel_abquetschen import SAMPLE
from tests.wcag import contrast_ratio, luminance

RED_321 = Die(Colour.RED, (3, 2, 1))


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


def funnel_pile() -> Pyramid:
    """Three bottom dice with the funnel 1E3 on them: 0E3, 0F4, 0F3."""
    return Pyramid.from_dice({at(s): RED_321 for s in ("0E3", "0F4", "0F3")})


# ------------------------------------------------------------------------------ geometry


def test_centres_follow_the_rule_books_projection() -> None:
    """Whole-pixel steps, within a few pixels of sides.project × 88 px for every position and
    every side, so the picture is the document's top view."""
    ox, oy = view.ORIGIN
    for side in g.AXES:
        for i in range(g.COUNT):
            u, v = project(i, side)
            x, y = view.centre(i, side)
            assert abs(x - (ox + 88 * u)) <= 3 and abs(y - (oy + 88 * v)) <= 3


def test_the_canonical_view_has_side_x_along_the_bottom_and_row_a_at_the_top() -> None:
    top, left, right = (view.centre(at(s)) for s in ("0A1", "0I1", "0I9"))
    assert top[1] < left[1] == right[1] and left[0] < top[0] < right[0]
    # Seen from side Y, the corner opposite side Y (0I9) is at the top.
    assert view.centre(at("0I9"), g.Y)[1] < view.centre(at("0A1"), g.Y)[1]


# ------------------------------------------------------------------------------ the pyramid


def test_full_pyramid_is_a_wide_png_with_every_wall_face_in_its_colour() -> None:
    pile = full_pyramid(1)
    img = image(render_pyramid(pile))
    assert img.width >= 1200
    for i, axis, _ in pile.exposed_faces():
        die = pile.die(i)
        assert die is not None
        # A point of the face no pip covers (pips lie 0.16 … 0.84 in from the corner)
        pixel = img.getpixel(face_pixel(i, axis, 0.47, 0.08))
        factor = th.SHADE[view.role(axis)]
        # (0.47, 0.08) lies between two of a pearl face's stripes.
        assert pixel == th.shade(th.DIE[die.colour], factor), g.LABELS[i]


def test_pips_are_drawn_on_the_face_in_the_pip_colour() -> None:
    """A red die 321 alone on 0E3: its U_X face shows 3 (pips on the diagonal, white), its
    U_Z face shows 1 (one pip in the middle, no pip at the corners)."""
    pile = Pyramid.from_dice({at("0E3"): RED_321})
    img = image(render_pyramid(pile))
    white = th.PIPS[Colour.RED]
    for s, t in ((0.26, 0.26), (0.5, 0.5), (0.74, 0.74)):
        assert img.getpixel(face_pixel(at("0E3"), g.X, s, t)) == white
    assert img.getpixel(face_pixel(at("0E3"), g.X, 0.74, 0.26)) != white
    assert img.getpixel(face_pixel(at("0E3"), g.Z, 0.5, 0.5)) == white
    assert img.getpixel(face_pixel(at("0E3"), g.Z, 0.26, 0.26)) != white


def test_an_empty_funnel_is_dark_and_its_walls_lie_in_its_shadow() -> None:
    pile = funnel_pile()
    img = image(render_pyramid(pile))
    q = at("1E3")
    assert img.getpixel(view.centre(q)) == th.FUNNEL
    assert luminance(img.getpixel(view.centre(q))) < 0.01
    # 0E3's U_X faces the funnel (0E3 − e_x = 1E3): dimmed; its U_Y faces 1D2, no funnel.
    dim = img.getpixel(face_pixel(at("0E3"), g.X, 0.47, 0.08))
    lit = img.getpixel(face_pixel(at("0E3"), g.Y, 0.47, 0.08))
    assert dim == th.shade(th.DIE[Colour.RED], th.SHADE[0] * th.FUNNEL_SHADE)
    assert lit == th.shade(th.DIE[Colour.RED], th.SHADE[1])
    # Without its funnel the same face is lit.
    filled = image(render_pyramid(pile.place(q, RED_321)))
    assert filled.getpixel(view.centre(q)) != th.FUNNEL


def test_empty_plate_hollows_are_dark_and_a_funnel_can_carry_its_sum() -> None:
    img = image(render_pyramid(Pyramid.empty()))
    for b in g.bits(g.BOTTOM_MASK):
        assert luminance(img.getpixel(view.centre(b))) < 0.03
    pile = funnel_pile()
    plain = image(render_pyramid(pile))
    summed = image(render_pyramid(pile, funnel_text={at("1E3"): "9"}))
    near = colours_near(summed, view.centre(at("1E3")), 6)
    assert th.FUNNEL_TEXT in near and th.FUNNEL_TEXT not in colours_near(
        plain, view.centre(at("1E3")), 6
    )


def test_choosable_positions_get_their_label_and_nothing_else_does() -> None:
    pile = funnel_pile()
    plain = image(render_pyramid(pile))
    img = image(render_pyramid(pile, choosable=[at("0I5"), at("1E3")]))
    for label in ("0I5", "1E3"):
        near = colours_near(img, view.centre(at(label)), 24)
        assert th.LABEL_RING in near and th.LABEL_TEXT in near
        assert th.LABEL_RING not in colours_near(plain, view.centre(at(label)), 24)
    assert th.LABEL_RING not in colours_near(img, view.centre(at("0A1")), 30)


def test_the_last_action_is_marked_on_a_die_and_on_an_emptied_position() -> None:
    pile = funnel_pile()
    assert th.LAST_RING not in {c for _, c in image(render_pyramid(pile)).getcolors(1 << 20)}
    marked = image(render_pyramid(pile, last=[at("0F3"), at("0A1")]))
    assert th.LAST_RING in colours_near(marked, view.centre(at("0F3")), 40)
    assert th.LAST_RING in colours_near(marked, view.centre(at("0A1")), 24)
    assert th.LAST_RING not in colours_near(marked, view.centre(at("0I1")), 40)


def test_side_views_turn_the_faces_the_seat_sees_to_the_bottom() -> None:
    """From side Y, a die's U_Y face takes the lower place, where U_X is in the canonical view."""
    pile = Pyramid.from_dice({at("0E3"): Die(Colour.YELLOW, (3, 2, 1))})
    img = image(render_pyramid(pile, side=g.Y))
    pixel = img.getpixel(face_pixel(at("0E3"), g.Y, 0.47, 0.08, g.Y))
    assert view.role(g.Y, g.Y) == 0
    assert pixel == th.shade(th.DIE[Colour.YELLOW], th.SHADE[0])
    assert render_pyramid(pile, side=g.Y) != render_pyramid(pile, side=g.Z)


def test_a_seat_can_be_shown_only_the_pips_it_may_see() -> None:
    """Raffzahn: from side Y with pips only along Y, the U_Y face keeps its pips and the other
    faces keep their colour without pips; a blank face (a covered funnel's wall) has none."""
    i = at("0E3")
    pile = Pyramid.from_dice({i: RED_321})  # U_X 3, U_Y 2, U_Z 1: a pip in the middle or two
    white = th.PIPS[Colour.RED]
    full = image(render_pyramid(pile, side=g.Y))
    own = image(render_pyramid(pile, side=g.Y, pip_axes={g.Y}))
    assert full.getpixel(face_pixel(i, g.X, 0.5, 0.5, g.Y)) == white  # 3: the middle pip
    assert own.getpixel(face_pixel(i, g.X, 0.5, 0.5, g.Y)) != white
    assert own.getpixel(face_pixel(i, g.Z, 0.5, 0.5, g.Y)) != white  # 1: gone too
    for s, t in ((0.26, 0.26), (0.74, 0.74)):  # U_Y's 2 stays
        assert own.getpixel(face_pixel(i, g.Y, s, t, g.Y)) == white
    blank = image(render_pyramid(pile, blank_faces={(i, g.Z)}))
    assert blank.getpixel(face_pixel(i, g.Z, 0.5, 0.5)) == th.shade(
        th.DIE[Colour.RED], th.SHADE[view.role(g.Z)]
    )
    assert blank.getpixel(face_pixel(i, g.X, 0.5, 0.5)) == white


# --------------------------------------------------------------------- colours and contrast


def test_colours_differ_by_more_than_hue_for_colour_blind_players() -> None:
    """Measured on a picture: red and yellow differ in brightness (contrast ≥ 2 on every
    face role); pearl faces carry stripes no other colour has; turquoise has ring pips (its
    middle pixel keeps the face colour); and every pip stands out from its face (≥ 3)."""
    dice = {at("0E3"): Colour.RED, at("0G3"): Colour.YELLOW, at("0I3"): Colour.PEARL}
    dice[at("0C2")] = Colour.TURQUOISE
    pile = Pyramid.from_dice({i: Die(c, (5, 1, 4)) for i, c in dice.items()})
    img = image(render_pyramid(pile))
    seen: dict[Colour, list[tuple[int, int, int]]] = {}
    for i, colour in dice.items():
        seen[colour] = [img.getpixel(face_pixel(i, a, 0.47, 0.08)) for a in g.AXES]
    for a in g.AXES:
        assert contrast_ratio(seen[Colour.RED][a], seen[Colour.YELLOW][a]) >= 2
        assert contrast_ratio(seen[Colour.RED][a], seen[Colour.PEARL][a]) >= 3
    stripe_colours = {th.shade(th.PEARL_STRIPE, f) for f in th.SHADE}
    for i, colour in dice.items():
        face = colours_near(img, face_pixel(i, g.X, 0.5, 0.5), 20)
        assert bool(face & stripe_colours) == (colour is Colour.PEARL), colour
    # U_Y shows 1 on these dice: the single pip in the middle of the face.
    middle = {c: img.getpixel(face_pixel(i, g.Y, 0.5, 0.5)) for i, c in dice.items()}
    for colour in (Colour.RED, Colour.YELLOW, Colour.PEARL):
        assert middle[colour] == th.PIPS[colour]
        for a in g.AXES:
            assert contrast_ratio(th.PIPS[colour], seen[colour][a]) >= 3
    assert middle[Colour.TURQUOISE] != th.PIPS[Colour.TURQUOISE]


def test_label_text_stands_out_from_its_chip() -> None:
    assert contrast_ratio(th.LABEL_TEXT, th.LABEL_BG) >= 7
    assert contrast_ratio(th.TEXT, th.BACKGROUND) >= 7
    assert contrast_ratio(th.MUTED, th.BACKGROUND) >= 4.5


def test_the_stored_palette_still_fits_what_the_renderer_draws() -> None:
    fresh = build()
    assert set(colours_of(fresh)[:40]) <= set(COLOURS)
    from renderers.das_spiel.palette import sample_image

    assert mapping_error(sample_image(), COLOURS) < 2.0
    assert palette().getpalette() is not None


# ------------------------------------------------------------------------------ Abquetschen


def sample_game() -> Abquetschen:
    game = Abquetschen()
    for event in SAMPLE["events"]:
        from games.das_spiel.record import RecordEvent

        fields = {k: v for k, v in event.items() if k not in ("type", "seat")}
        if "positions" in fields:
            fields["positions"] = tuple(at(s) for s in fields["positions"])
        game.apply_record_event(RecordEvent(event["type"], event["seat"], None, fields))
    return game


def test_abquetschen_dice_are_in_their_builders_colours_and_the_last_build_is_marked() -> None:
    game = sample_game()
    img = image(render_abquetschen(game, ["Ann", "Ben", "Cid"]))
    assert img.width >= 1200
    pile = game.pyramid()
    last = abq_pictures.last_placement(game)
    for seat, colour in enumerate((Colour.RED, Colour.YELLOW, Colour.PEARL)):
        for i in g.bits(game.state.owned[seat] & ~g.mask_of(last)):  # unmarked dice
            axes = g.exposed_axes(pile.occupied, i)
            if axes:
                pixel = img.getpixel(face_pixel(i, axes[0], 0.47, 0.08))
                assert pixel in {
                    th.shade(th.DIE[colour], th.SHADE[view.role(axes[0])] * f)
                    for f in (1.0, th.FUNNEL_SHADE)
                }
    assert abq_pictures.last_placement(game) == tuple(
        at(s) for s in ("0D2", "0E3", "0F4", "1D2", "1E3")
    )
    assert th.LAST_RING in colours_near(img, view.centre(at("1E3")), 40)


def test_abquetschen_offers_exactly_the_positions_of_the_legal_groups() -> None:
    game = abquetschen_game()
    state = game.state
    assert state.phase is Phase.BUILD and state.current is not None and state.roll
    expected = 0
    for m in state.builds(state.current, state.roll):
        expected |= m
    assert abq_pictures.choosable(game) == expected != 0
    img = image(render_abquetschen(game, ["Ann", "Ben", "Cid"]))
    for i in g.bits(expected):
        assert th.LABEL_RING in colours_near(img, view.centre(i), 24), g.LABELS[i]
    start = Abquetschen()
    start.apply(start.legal_actions()[3])  # seat 0 rolls a 4: the start player
    assert start.state.phase is Phase.START
    tops = abq_pictures.choosable(start)
    assert tops.bit_count() == 15 and tops & g.LAYER_MASK[1] == tops
    assert isinstance(start.legal_actions()[0], Start)


def test_abquetschen_text_follows_the_language() -> None:
    game = sample_game()
    names = ["Ann", "Ben", "Cid"]
    english = render_abquetschen(game, names)
    assert render_abquetschen(game, names, lang="de") != english
    assert render_abquetschen(game, names, lang="de-DE") == render_abquetschen(
        game, names, lang="de"
    )


def test_abquetschen_final_adds_the_standings_below_the_pile() -> None:
    end = abquetschen_game(actions=None)
    assert end.finished
    names = ["Ann", "Ben", "Cid"]
    board = image(render_abquetschen(end, names))
    final = image(render_abquetschen_final(end, names))
    assert final.width == board.width and final.height > board.height + 200
    winner = end.state.winners[0]
    assert panels.THEME.accent in colours_near(
        final, (th.MARGIN + 40, board.height + 48 + 38), 20
    ), f"the winner (seat {winner}) is ranked first, lit"


# ------------------------------------------------------------------------------ command


def write(tmp_path: Path, record: dict[str, Any]) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_the_command_draws_the_record_in_every_view(tmp_path: Path) -> None:
    record = write(tmp_path, SAMPLE)
    outs = {}
    for args in ([], ["--side", "Y"], ["--final"], ["--lang", "fr"]):
        out = tmp_path / f"out{len(outs)}.png"
        assert main([str(record), "--out", str(out), *args]) == 0
        outs[" ".join(args)] = out.read_bytes()
        assert image(outs[" ".join(args)]).width >= 1200
    assert len(set(outs.values())) == 4
    assert outs[""] == render_abquetschen(sample_game(), ["Ann", "Ben", "Cid"], choosable=[])
    assert image(outs["--final"]).height > image(outs[""]).height


def test_the_command_refuses_a_bad_record_and_a_game_without_pictures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.png"
    wrong_seat = {"type": "build", "seat": 2, "positions": ["0E1", "0F1"]}  # seat 1 rolls now
    broken = dict(SAMPLE, events=[*SAMPLE["events"], wrong_seat])
    assert main([str(write(tmp_path, broken)), "--out", str(out)]) == 1
    other = dict(SAMPLE, game="raffzahn")
    assert main([str(write(tmp_path, other)), "--out", str(out)]) == 2
    assert not out.exists()
    assert capsys.readouterr().err


# ------------------------------------------------------------------------------ Cui bono?


def test_cui_bono_labels_the_pullable_dice_then_the_funnels_of_the_held_die() -> None:
    game = CuiBono.new(4, 1)
    state = game.state
    assert cui_pictures.choosable(game) == state.pullable() != 0
    img = image(render_cui_bono(game, ["Ann", "Ben", "Cid", "Dee"]))
    for i in g.bits(state.pullable()):
        assert th.LABEL_RING in colours_near(img, view.centre(i), 24), g.LABELS[i]
    game.apply(Pull(0, g.bits(state.pullable())[0]))
    assert game.state.phase is CuiPhase.PLACE
    assert cui_pictures.choosable(game) == game.state.funnels
    pulled, vacated = game.log[-1].pos, game.state.vacated  # type: ignore[union-attr]
    assert set(cui_pictures.last_marks(game)) == {pulled, vacated}
    marked = image(render_cui_bono(game, ["Ann", "Ben", "Cid", "Dee"], choosable=[]))
    assert vacated is not None
    assert th.LAST_RING in colours_near(marked, view.centre(vacated), 30)


def test_cui_bono_cards_show_every_seat_and_the_final_ranks_by_minus_points() -> None:
    game = cui_bono_game(actions=None)
    state = game.state
    assert state.finished
    names = ["Ann", "Ben", "Cid", "Zoë"]
    board = image(render_cui_bono(game, names))
    present = {c for _, c in board.getcolors(1 << 20)}
    assert all(c in present for c in panels.SEAT_COLOURS[: state.seats])
    assert panels.SEAT_COLOURS[state.seats] not in present
    final = image(render_cui_bono_final(game, names))
    assert final.height > board.height + 300
    best = min(state.minus_points(s) for s in range(state.seats))
    assert {state.minus_points(w) for w in state.winners} == {best}
    assert panels.THEME.accent in colours_near(final, (th.MARGIN + 40, board.height + 48 + 38), 20)


def cards_cover(draw: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """What the seat cards of ``draw()``'s picture cover: (the pixels they change, how many of
    those were something other than the background without the cards: plate, pile, side
    names, status, dice)."""
    with_cards = draw().convert("RGB")
    with monkeypatch.context() as m:
        m.setattr(panels, "draw_cards", lambda img, cards, *marks: 0)
        without = draw().convert("RGB")
    assert with_cards.size == without.size

    def nonzero(a: Image.Image, b: Image.Image) -> Image.Image:
        r, gr, b_ = ImageChops.difference(a, b).split()
        mask = ImageChops.lighter(ImageChops.lighter(r, gr), b_)
        return mask.point(lambda v: 255 if v else 0)

    changed = nonzero(with_cards, without)
    background = Image.new("RGB", without.size, th.BACKGROUND)
    covered = ImageChops.multiply(changed, nonzero(without, background))
    return changed.histogram()[255], covered.histogram()[255]


@pytest.mark.parametrize("seats", [5, 6])
def test_cui_bono_and_eintrichtern_seat_cards_cover_nothing(
    seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other games of up to 6 seats stack the same cards: they stay on the background."""
    names = ["Benedikt von Lange-Schöneberg", "محمد علي", "Zoë ✨", "Ann", "Dee", "Eve"][:seats]
    cui = cui_bono_game(seats)
    ein = eintrichtern_game(seats)
    out = [seat % 2 == 1 for seat in range(seats)]  # resigned cards say so, in their card too
    for draw in (
        lambda: cui_pictures.board_image(cui, names, lang="fr"),
        lambda: ein_pictures.board_image(ein, names, lang="fr", resigned=out),
    ):
        drawn, covered = cards_cover(draw, monkeypatch)
        assert drawn > seats * 10_000 and covered == 0


def test_the_command_draws_a_cui_bono_record(tmp_path: Path) -> None:
    game = cui_bono_game(actions=None)
    names = ["Ann", "Ben", "Cid", "Zoë"]
    record = write(tmp_path, game.to_record(names))
    out = tmp_path / "cui.png"
    assert main([str(record), "--out", str(out), "--final"]) == 0
    assert out.read_bytes() == render_cui_bono_final(game, names)
