"""Spectrangle images: real PNG bytes, and pixels where the pieces should be (each side's
colour for every rotation on up and down fields, bonus tints, the placing highlight), the
letters' contrast, hostile names kept inside their cards, and every language."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from games.spectrangle.board import FIELDS, ROW_HEIGHT
from games.spectrangle.state import PlacedTile, SpectrangleState
from games.spectrangle.tiles import Colour
from locales import LANGUAGES, translator
from renderers.spectrangle import board as sp_board
from renderers.spectrangle import (
    placing_label,
    render_board,
    render_final,
    render_placing,
)
from renderers.spectrangle import theme as th
from renderers.spectrangle.final import score_series
from renderers.spectrangle.render import board_image, placing_image
from renderers.spectrangle.samples import SAMPLE_NAMES, play
from tests.wcag import contrast_ratio, luminance

Point = tuple[float, float]
MAX_BYTES = 100_000
# The engine's side order: clockwise from the horizontal side (RULES.md, "The board").
SIDE_NAMES = {True: ("bottom", "left", "right"), False: ("top", "right", "left")}


@pytest.fixture(scope="module")
def mid() -> SpectrangleState:
    return play(4, 3, 14).state


@pytest.fixture(scope="module")
def finished() -> SpectrangleState:
    state = play(3, 8).state
    assert state.finished
    return state


def _image(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def _rgb(png: bytes) -> Image.Image:
    return _image(png).convert("RGB")


# ---------------------------------------------------------------- geometry, independent


def _px(point: Point) -> Point:
    """Board units (side 6, apex at 0, 0, y down) to pixels, from the theme's three numbers."""
    return (th.APEX[0] + point[0] * th.SIDE, th.APEX[1] + point[1] / ROW_HEIGHT * th.ROW_H)


def _corners(index: int) -> dict[str, Point]:
    f = FIELDS[index]
    a, b, c = (_px(p) for p in f.corners)
    if f.up:
        return {"apex": a, "bottom right": b, "bottom left": c}
    return {"top left": a, "top right": b, "bottom": c}


def _edge(index: int, side: str) -> tuple[Point, Point]:
    k = _corners(index)
    return {
        "bottom": (k.get("bottom left"), k.get("bottom right")),
        "top": (k.get("top left"), k.get("top right")),
        "left": (k.get("bottom left"), k.get("apex"))
        if FIELDS[index].up
        else (k.get("top left"), k.get("bottom")),
        "right": (k.get("apex"), k.get("bottom right"))
        if FIELDS[index].up
        else (k.get("top right"), k.get("bottom")),
    }[side]  # type: ignore[return-value]


def _centre(index: int) -> Point:
    pts = list(_corners(index).values())
    return (sum(x for x, _ in pts) / 3, sum(y for _, y in pts) / 3)


def _near_side(index: int, side: str) -> Point:
    """A point of the region by ``side``: most of the way to it, and off its middle (where
    the letter is) toward the end away from the corner opposite the horizontal side (where
    the badges are)."""
    ends = _edge(index, side)
    far = _corners(index)["apex" if FIELDS[index].up else "bottom"]
    end = max(ends, key=lambda p: math.dist(p, far))
    cx, cy = _centre(index)
    mx, my = (ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2
    px, py = cx + 0.8 * (mx - cx), cy + 0.8 * (my - cy)
    return (px + 0.4 * (end[0] - mx), py + 0.4 * (end[1] - my))


def _toward_corner(index: int, share: float = 0.8) -> Point:
    """A point ``share`` of the way from the centre to the corner opposite the horizontal
    side: away from the field's number and the placing image's small tiles."""
    corner = _corners(index)["apex" if FIELDS[index].up else "bottom"]
    cx, cy = _centre(index)
    return (cx + share * (corner[0] - cx), cy + share * (corner[1] - cy))


def _at(img: Image.Image, point: Point) -> tuple[int, int, int]:
    return img.getpixel((round(point[0]), round(point[1])))  # type: ignore[return-value]


# ------------------------------------------------------------------------- bytes


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_board_is_a_small_wide_png(seats: int) -> None:
    state = play(seats, 20 + seats, 12).state
    png = render_board(state, SAMPLE_NAMES)
    img = _image(png)
    assert img.format == "PNG" and img.mode == "P"
    assert img.width >= 1200
    assert len(png) < MAX_BYTES


def test_full_board_and_final_stay_under_the_limit(finished: SpectrangleState) -> None:
    team = play(4, 12, teams=True).state
    for png in (
        render_board(finished, SAMPLE_NAMES),
        render_final(finished, SAMPLE_NAMES),
        render_final(team, SAMPLE_NAMES, lang="de"),
    ):
        assert _image(png).width >= 1200
        assert len(png) < MAX_BYTES


def test_render_is_deterministic(mid: SpectrangleState) -> None:
    assert render_board(mid, SAMPLE_NAMES) == render_board(mid.copy(), SAMPLE_NAMES)


# ---------------------------------------------------------------------- pixels


def _board_with(tiles: dict[int, tuple[str, int]]) -> Image.Image:
    img = sp_board.empty_board().copy()
    placed: list[PlacedTile | None] = [None] * len(FIELDS)
    for field, (code, rotation) in tiles.items():
        placed[field] = PlacedTile(code, rotation, 0, 0, 0)
    sp_board.draw_tiles(img, tuple(placed))
    return img


@pytest.mark.parametrize("rotation", [0, 1, 2])
@pytest.mark.parametrize("field", [6, 7, 11, 26])  # up, down, up on ×4, down on ×3
def test_each_side_shows_its_colour(field: int, rotation: int) -> None:
    code = "GRB"  # three colours, so every rotation looks different
    img = _board_with({field: (code, rotation)})
    # Letter ``rotation`` of the code on the horizontal side, then clockwise.
    shown = code[rotation:] + code[:rotation]
    for side, letter in zip(SIDE_NAMES[FIELDS[field].up], shown, strict=True):
        expected = th.TILE_COLOURS[Colour(letter)]
        assert _at(img, _near_side(field, side)) == expected, (field, rotation, side)


def test_hand_written_sample_points() -> None:
    """One case spelt out by hand: RRY turned once on up-field 6 shows R at the bottom, Y on
    the left and R on the right (RULES.md: letter 1 on the horizontal side, clockwise)."""
    img = _board_with({6: ("RRY", 1)})
    red, yellow = th.TILE_COLOURS[Colour.RED], th.TILE_COLOURS[Colour.YELLOW]
    # Field 6: apex (600, 348), bottom corners (508, 507) and (692, 507).
    assert _at(img, (560, 495)) == red  # just above the bottom side, left of its middle
    assert _at(img, (562, 460)) == yellow  # by the left side, below its letter
    assert _at(img, (638, 460)) == red  # by the right side


def test_real_game_tiles_in_the_png(mid: SpectrangleState) -> None:
    img = _rgb(render_board(mid, SAMPLE_NAMES))
    checked = 0
    for field, placed in enumerate(mid.board):
        if placed is None:
            continue
        for side, letter in zip(SIDE_NAMES[FIELDS[field].up], placed.sides, strict=True):
            assert _at(img, _near_side(field, side)) == th.TILE_COLOURS[Colour(letter)]
            checked += 1
    assert checked >= 30


def test_bonus_fields_are_tinted() -> None:
    img = sp_board.empty_board()
    for f in FIELDS:
        colour = _at(img, _toward_corner(f.index, 0.75))
        if f.bonus > 1:
            assert colour == th.BONUS_TINTS[f.bonus], f.index
        else:
            assert colour == th.EMPTY_FIELD, f.index
    assert len(set(th.BONUS_TINTS.values()) | {th.EMPTY_FIELD}) == 4


def test_last_tile_is_framed(mid: SpectrangleState) -> None:
    last = mid.last_turn
    assert last is not None and last.field is not None
    img = _rgb(render_board(mid, SAMPLE_NAMES))
    k = _corners(last.field)
    (x1, y1), (x2, y2) = list(k.values())[:2]
    cx, cy = _centre(last.field)
    # The middle of the edge between the first two corners, 3.5 pixels in: the white frame.
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    d = math.dist((mx, my), (cx, cy))
    point = (mx + (cx - mx) * 3.5 / d, my + (cy - my) * 3.5 / d)
    assert _at(img, point) == th.LAST_MARK
    other = next(f for f, p in enumerate(mid.board) if p is not None and f != last.field)
    ox, oy = _centre(other)
    assert _at(img, (ox, oy - 0)) != th.LAST_MARK


def test_placing_lights_exactly_the_legal_fields(mid: SpectrangleState) -> None:
    seat = mid.current
    assert seat is not None
    code = mid.hand(seat)[0]
    fits = mid.fits(code, distinct=True)
    legal = {f for f, _ in fits}
    assert legal
    img = _rgb(render_placing(mid, SAMPLE_NAMES, code))
    dim = tuple(round(c * th.DIM_FACTOR) for c in th.EMPTY_FIELD)
    for f in FIELDS:
        colour = _at(img, _toward_corner(f.index, 0.75))
        if f.index in legal:
            assert colour == th.ALLOWED_FILL, f.index
        elif mid.board[f.index] is None and f.bonus == 1:
            assert colour == dim, f.index


def test_placing_shows_each_rotation_that_fits(mid: SpectrangleState) -> None:
    from renderers.spectrangle.placing import mini_origins, mini_side

    seat = mid.current
    assert seat is not None
    code = mid.hand(seat)[0]
    fits = mid.fits(code, distinct=True)
    img = placing_image(mid, SAMPLE_NAMES, code)
    for field in {f for f, _ in fits}:
        rotations = [k for f, k in fits if f == field]
        side = mini_side(len(rotations))
        h = round(side * math.sqrt(3) / 2)
        for (x, y), rotation in zip(mini_origins(field, len(rotations)), rotations, strict=True):
            horizontal = code[rotation:][:1] or code[0]
            # The small tile's horizontal side: a few pixels inside it, a quarter along.
            py = y + h - 5 if FIELDS[field].up else y + 5
            assert _at(img, (x + side * 0.3, py)) == th.TILE_COLOURS[Colour(horizontal)]


def test_placing_label() -> None:
    assert placing_label(13, 0) == "13a"
    assert placing_label(2, 2) == "2c"


def test_tile_that_fits_nowhere(mid: SpectrangleState) -> None:
    """RRR fits no empty field in this position: nothing is lit, the image still draws."""
    assert mid.fits("RRR") == []
    img = _rgb(render_placing(mid, SAMPLE_NAMES, "RRR"))
    assert all(_at(img, _toward_corner(f.index, 0.75)) != th.ALLOWED_FILL for f in FIELDS)


# ------------------------------------------------------------------------ colours


@pytest.mark.parametrize("colour", list(Colour))
def test_letters_have_contrast(colour: Colour) -> None:
    """WCAG 2 contrast of each side colour and its letter: at least 4.5 (normal text, AA)."""
    ratio = contrast_ratio(th.TILE_COLOURS[colour], th.LETTER_COLOURS[colour])
    assert ratio >= 4.5, (colour, ratio)


def test_tile_colours_differ_in_lightness_too() -> None:
    """Colour-blind players tell sides apart by the letters, but red and green, the classic
    confusion, also differ in lightness."""
    red, green = th.TILE_COLOURS[Colour.RED], th.TILE_COLOURS[Colour.GREEN]
    assert abs(luminance(red) - luminance(green)) > 0.15


# --------------------------------------------------------------------- panels, text


def _cards(state: SpectrangleState) -> list[tuple[int, int, int, int]]:
    return [th.card_box(seat) for seat in range(state.seats)]


def test_hostile_names_stay_in_their_cards(mid: SpectrangleState) -> None:
    plain = board_image(mid, ["A", "B", "C", "D"])
    hostile = ["W" * 200, "مرحبا " * 30, "\u202e" + "x" * 80 + "\u200d", "🦄" * 50]
    img = board_image(mid, hostile)
    right_corner = (th.IMAGE_W - th.MARGIN - th.CARD_W - 10, 0, th.IMAGE_W, th.CARD_TOP)
    for box in (*_cards(mid), right_corner):
        img.paste((0, 0, 0), box)
        plain.paste((0, 0, 0), box)
    assert img.tobytes() == plain.tobytes()


def test_empty_names_fall_back(mid: SpectrangleState) -> None:
    assert _image(render_board(mid, [])).width == th.IMAGE_W


def test_hands_drawn_as_tiles(mid: SpectrangleState) -> None:
    """The first tile of each hand: its horizontal side's colour at the bottom of its sprite."""
    from renderers.spectrangle import tiles

    img = board_image(mid, SAMPLE_NAMES)
    h = tiles.height_of(th.HAND_TILE)
    for seat in range(mid.seats):
        code = mid.hand(seat)[0]
        left, _, _, bottom = th.card_box(seat)
        x, y = left + 12, bottom - 10 - h
        colour = _at(img, (x + th.HAND_TILE * 0.3, y + h - 4))
        assert colour == th.TILE_COLOURS[Colour(code[0])], seat


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_renders(
    mid: SpectrangleState, finished: SpectrangleState, lang: str
) -> None:
    board = _image(render_board(mid, SAMPLE_NAMES, lang=lang))
    final = _image(render_final(finished, SAMPLE_NAMES, lang=lang))
    assert board.width == final.width == th.IMAGE_W
    assert final.height == th.IMAGE_H + th.FINAL_EXTRA_H
    if lang != "en":
        english = render_board(mid, SAMPLE_NAMES, lang="en")
        assert render_board(mid, SAMPLE_NAMES, lang=lang) != english


# -------------------------------------------------------------------------- final


def test_score_series_ends_with_the_final_scores(finished: SpectrangleState) -> None:
    series = score_series(finished)
    assert len(series) == finished.seats
    for seat in range(finished.seats):
        assert series[seat][0] == 0
        assert series[seat][-2] == finished.placed_points[seat]
        assert series[seat][-1] == max(0, finished.scores[seat])
    assert any(finished.penalties)


def test_final_marks_the_winner(finished: SpectrangleState) -> None:
    img = _rgb(render_final(finished, SAMPLE_NAMES))
    # The winner's row is first and lit: its accent bar at the left of the standings.
    x = th.MARGIN + 10
    y = th.IMAGE_H + 48 + 30
    assert _at(img, (x, y)) == th.ACCENT


def test_team_game_images(finished: SpectrangleState) -> None:
    team = play(4, 11, 22, teams=True).state
    assert team.team_scores is not None
    img = _rgb(render_board(team, SAMPLE_NAMES))
    # The team totals sit under each column of cards, framed.
    below = th.CARD_TOP + 2 * (th.CARD_H + th.CARD_GAP)
    assert _at(img, (th.MARGIN + 176, below + 22)) == th.PANEL
    assert _at(img, (th.IMAGE_W - th.MARGIN - 100, below + 22)) == th.PANEL


# ------------------------------------------------------------- long translations


class LongTranslator:
    """Stands in for a catalog with long (German-like) text: every message three times. Dutch
    stands in, as its tiles carry the same letters as English (German tiles do not)."""

    lang = "nl"

    def __call__(self, message: str, /, **fields: object) -> str:
        return " ".join([f"Überlängenprüfung {message}"] * 3).format(**fields)

    def plural(self, singular: str, plural: str, count: int, /, **fields: object) -> str:
        return self(singular if count == 1 else plural, n=count, **fields)


@pytest.fixture
def long_german(monkeypatch: pytest.MonkeyPatch) -> None:
    from locales import translator
    from renderers import names
    from renderers.spectrangle import final, panels, render

    fake = LongTranslator()
    for module in (final, panels, render, names):
        monkeypatch.setattr(
            module, "translator", lambda lang: fake if lang == "nl" else translator(lang)
        )


def _text_boxes(state: SpectrangleState) -> list[tuple[int, int, int, int]]:
    """Where text may go: the corners above the cards, the cards, what is under them (team
    totals, the placing heading) and, in the final image, everything below the board."""
    left_w = th.MARGIN + th.CARD_W + 8
    rows = (state.seats + 1) // 2
    below = th.CARD_TOP + rows * (th.CARD_H + th.CARD_GAP)
    return [
        (0, 0, left_w, th.CARD_TOP),
        (th.IMAGE_W - left_w, 0, th.IMAGE_W, th.CARD_TOP),
        *_cards(state),
        (0, below, left_w - 50, below + 60),
        (th.IMAGE_W - left_w + 50, below, th.IMAGE_W, below + 60),
        (0, th.IMAGE_H, th.IMAGE_W, th.IMAGE_H + th.FINAL_EXTRA_H),
    ]


def _outside(img: Image.Image, boxes: list[tuple[int, int, int, int]]) -> bytes:
    out = img.convert("RGB")
    for box in boxes:
        out.paste((0, 0, 0), box)
    return out.tobytes()


@pytest.mark.usefixtures("long_german")
@pytest.mark.parametrize("kind", ["board", "placing", "final", "teams"])
def test_long_translations_stay_in_their_boxes(
    mid: SpectrangleState, finished: SpectrangleState, kind: str
) -> None:
    state = {"final": finished, "teams": play(4, 12, teams=True).state}.get(kind, mid)
    seat = mid.current
    assert seat is not None

    def draw(lang: str) -> bytes:
        if kind == "placing":
            return render_placing(state, [], mid.hand(seat)[0], lang=lang)
        if kind in ("final", "teams"):
            return render_final(state, [], lang=lang)
        return render_board(state, [], lang=lang)

    english, long = _image(draw("en")), _image(draw("nl"))
    assert long.size == english.size
    assert long.tobytes() != english.tobytes()  # the long text was drawn
    boxes = _text_boxes(state)
    if kind == "placing":  # the chosen tile under its heading
        below = th.CARD_TOP + 2 * (th.CARD_H + th.CARD_GAP)
        boxes.append((0, below, th.MARGIN + 120, below + 150))
    assert _outside(long, boxes) == _outside(english, boxes)


def test_points_badge_leaves_the_bonus_badge_visible(mid: SpectrangleState) -> None:
    """In this position the last tile lies on ×2 field 14: both its badges show, the points
    nearer the centre and the multiplier nearer the corner (they used to overlap)."""
    last = mid.last_turn
    assert last is not None and last.field == 14 and FIELDS[14].bonus == 2
    img = _rgb(render_board(mid, SAMPLE_NAMES))
    cx, cy = _centre(14)
    toward = 1  # field 14 points down: its badges sit below the centre
    assert _at(img, (cx - 12, cy + toward * 64)) == th.BONUS_TINTS[2]
    assert _at(img, (cx - 14, cy + toward * 36)) == th.LAST_MARK


def test_german_tiles_carry_german_initials() -> None:
    """A German reader sees gelb, grün and lila as Ge, Gr and L, not the codes' English Y, G
    and P; every colour keeps its own mark."""
    from games.spectrangle.tiles import Colour
    from renderers.spectrangle import tiles

    german = {colour: tiles.letter(colour, "de") for colour in Colour}
    assert (german[Colour.YELLOW], german[Colour.GREEN], german[Colour.PURPLE]) == ("Ge", "Gr", "L")
    assert len(set(german.values())) == len(Colour)
    drawn = {lang: tiles.draw_tile("YPG", True, 110, 4, lang).tobytes() for lang in LANGUAGES}
    assert drawn["de"] != drawn["en"] and drawn["nl"] == drawn["en"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_solo_daily_game_ends_with_its_score_and_no_winner(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """One player has no one to beat: the daily's last picture shows the score, not a win."""
    from games.spectrangle.daily import par_game
    from renderers.spectrangle.render import render_final
    from tests.renderers.test_render_spexxx import drawn_words

    state = par_game("2026-11-27").state
    t = translator(lang)
    words = drawn_words(monkeypatch, lambda: render_final(state, ["Ann"], lang=lang))
    won = {t("Winner").upper(), t("winner"), t("Shared win").upper(), t("Winning team").upper()}
    assert not [w for w in words if any(x in w for x in won)], words
    assert words.count(str(state.scores[0])) >= 2  # the seat's card and the standings
