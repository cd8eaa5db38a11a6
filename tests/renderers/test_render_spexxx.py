"""The Spexxx images: valid PNGs of the right size, cubes in their seat's colour, stable
bytes, hostile names kept inside their panels, the final image, the legend, every language
(long translations kept inside their boxes) and the CLI."""

from __future__ import annotations

import io
import json
import math
import subprocess
import sys
from collections.abc import Callable, Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from PIL import Image, ImageDraw

from games.spexxx.board import GRID, SQUARES
from games.spexxx.record import export_record
from games.spexxx.state import SpexxxState
from locales import LANGUAGES, po_path, translator
from renderers import sprites
from renderers.samples import play
from renderers.spexxx import (
    SEAT_COLOURS,
    SEAT_MARKS,
    board,
    final,
    legend,
    panels,
    render_final,
    render_legend,
    render_turn,
)
from renderers.spexxx import theme as t
from renderers.spexxx.final import score_series
from renderers.spexxx.panels import dice_box, players_box
from tests.wcag import contrast_ratio

ROOT = Path(__file__).resolve().parents[2]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ["Ann", "Ben", "Cid", "Dee"]
EXTREME_NAMES = [
    "🦄🦄🦄🔥💀👍🏽👨‍👩‍👧‍👦",  # emoji only: nothing the font can draw
    "W" * 200,
    "محمد بن عبد الله الطويل جدا جدا جدا جدا جدا جدا جدا",
    "שלום עליכם חברים יקרים מאוד מאוד מאוד",
    "a\u200b\u200c\u200d\u2060\ufeffb\u202e\u2066evil\u2069",
    "<@123456789012345678> @everyone <#42> <:smile:1234>",
    "Z̸̧̛̛̙̩͓̤͎͙̗̟͔̮͚̦̹͈̟͇͎͕̥͋̓̐̀̓͐̈́͛̏̓͆̕a̷l̴g̶o̸",
    "田中太郎 Tanaka",
    "\n\t\r  ",
    "",
]


def _image(png: bytes) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


@pytest.fixture(scope="module")
def mid() -> SpexxxState:
    state = play(4, 16, 36, stop_after_throw=True).state
    assert state.history and state.dice is not None and state.held
    return state


@pytest.fixture(scope="module")
def finished() -> SpexxxState:
    state = play(3, 5).state
    assert state.finished
    return state


def test_turn_image_is_png_of_expected_size(mid: SpexxxState) -> None:
    img = _image(render_turn(mid, NAMES))
    assert img.format == "PNG"
    assert img.size == (t.IMAGE_W, t.IMAGE_H)
    assert img.width >= 1200


@pytest.mark.parametrize("highlight", [False, True])
def test_centre_of_occupied_square_has_seat_colour(mid: SpexxxState, highlight: bool) -> None:
    img = _image(render_turn(mid, NAMES, highlight_allowed=highlight)).convert("RGB")
    seen = set()
    for index, owner in enumerate(mid.owners):
        if owner >= 0:
            assert img.getpixel(t.cell_centre(index)) == SEAT_COLOURS[owner], GRID[index]
            seen.add(owner)
    assert seen == set(range(4))


def test_empty_square_centre_has_its_zone_colour() -> None:
    state = play(2, 1, 0).state
    img = _image(render_turn(state, NAMES[:2])).convert("RGB")
    sq = next(s for s in SQUARES if s.name == "N4")
    assert img.getpixel(t.cell_centre(sq.index)) == t.ZONE_COLOURS[sq.zone]


def test_same_state_gives_same_bytes(mid: SpexxxState) -> None:
    first = render_turn(mid, NAMES)
    assert render_turn(mid, NAMES) == first
    assert render_turn(mid.copy(), list(NAMES)) == first
    assert render_final(mid, NAMES) == render_final(mid.copy(), NAMES)


def test_highlight_marks_allowed_squares(mid: SpexxxState) -> None:
    allowed = mid.allowed_mask()
    assert allowed
    plain = _image(render_turn(mid, NAMES)).convert("RGB")
    lit = _image(render_turn(mid, NAMES, highlight_allowed=True)).convert("RGB")
    dimmed = others = 0
    for sq in SQUARES:
        left, top, _, bottom = t.cell_box(sq.x, sq.y)
        edge = (left + 2, (top + bottom) // 2)
        if allowed >> sq.index & 1:
            assert lit.getpixel(edge) == t.ALLOWED_MARK, sq.name
        elif mid.owners[sq.index] < 0:
            # Not allowed: dimmed (unless a mark of the last move is drawn on that spot).
            probe = (left + 8, bottom - 8)
            others += 1
            dimmed += sum(lit.getpixel(probe)) < sum(plain.getpixel(probe))
    assert dimmed >= 0.9 * others


def _outside_panels(img: Image.Image) -> Image.Image:
    """The image with the two name-bearing panels blacked out."""
    out = img.convert("RGB")
    for box in (dice_box(), players_box()):
        out.paste((0, 0, 0), box)
    return out


@pytest.mark.parametrize("name", EXTREME_NAMES)
def test_extreme_names_do_not_crash_or_overflow(mid: SpexxxState, name: str) -> None:
    names = [name, name + " 2", name[::-1], name]
    reference = _outside_panels(_image(render_turn(mid, NAMES)))
    for highlight in (False, True):
        img = _image(render_turn(mid, names, highlight_allowed=highlight))
        assert img.size == (t.IMAGE_W, t.IMAGE_H)
        if not highlight:
            assert _outside_panels(img).tobytes() == reference.tobytes()
    final = _image(render_final(mid, names))
    assert final.size == (t.IMAGE_W, t.IMAGE_H + t.FINAL_EXTRA_H)


def test_missing_or_odd_names_fall_back(mid: SpexxxState) -> None:
    """A missing or empty name is drawn as the seat's fallback name, exactly."""
    fallback = [f"Player {seat}" for seat in range(1, 5)]
    assert render_turn(mid, []) == render_turn(mid, fallback)
    assert render_turn(mid, ["only one"]) == render_turn(mid, ["only one", *fallback[1:]])
    assert render_final(mid, ("", "", "", "")) == render_final(mid, fallback)
    assert render_turn(mid, []) != render_turn(mid, NAMES)


def test_final_image(finished: SpexxxState) -> None:
    img = _image(render_final(finished, NAMES[:3])).convert("RGB")
    assert img.size == (t.IMAGE_W, t.IMAGE_H + t.FINAL_EXTRA_H)
    for index, owner in enumerate(finished.owners):
        if owner >= 0:
            assert img.getpixel(t.cell_centre(index)) == SEAT_COLOURS[owner]
    assert finished.winners()


def test_score_series_is_cumulative(finished: SpexxxState) -> None:
    series = score_series(finished)
    assert [s[-1] for s in series] == finished.scores
    assert all(len(s) == len(finished.history) + 1 for s in series)
    assert all(a <= b for s in series for a, b in pairwise(s))


def test_final_before_any_turn() -> None:
    state = play(2, 3, 0).state
    assert _image(render_final(state, NAMES[:2])).size == (t.IMAGE_W, t.IMAGE_H + t.FINAL_EXTRA_H)


def test_legend() -> None:
    img = _image(render_legend())
    assert img.width >= 600
    assert render_legend() == render_legend()


def test_seat_cues_are_distinct() -> None:
    assert len(set(SEAT_COLOURS)) == len(SEAT_COLOURS) == 4
    assert len(set(SEAT_MARKS)) == len(SEAT_MARKS) == 4
    assert all(len(c) == 3 and all(0 <= v <= 255 for v in c) for c in SEAT_COLOURS)


def test_fonts_are_bundled_with_licence() -> None:
    fonts = ROOT / "renderers" / "fonts"
    assert sorted(p.suffix for p in fonts.glob("*.ttf"))
    assert (fonts / "LICENSE-DejaVu.txt").is_file()


# ---------------------------------------------------------------------------------- palette


# ------------------------------------------------------------------------------- languages


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_renders_same_size(mid: SpexxxState, lang: str) -> None:
    if lang != "en":  # a missing catalog fails here rather than drawing English unnoticed
        assert po_path(lang).is_file()
        assert render_legend(lang=lang) != render_legend()
    for highlight in (False, True):
        img = _image(render_turn(mid, NAMES, highlight_allowed=highlight, lang=lang))
        assert img.size == (t.IMAGE_W, t.IMAGE_H)
    final_img = _image(render_final(mid, NAMES, lang=lang))
    assert final_img.size == (t.IMAGE_W, t.IMAGE_H + t.FINAL_EXTRA_H)
    assert _image(render_legend(lang=lang)).width == _image(render_legend()).width
    assert render_turn(mid, NAMES, lang=lang) == render_turn(mid, NAMES, lang=lang)


def test_english_is_the_default(mid: SpexxxState, finished: SpexxxState) -> None:
    assert render_turn(mid, NAMES, lang="en") == render_turn(mid, NAMES)
    assert render_final(finished, NAMES, lang="en") == render_final(finished, NAMES)
    assert render_legend(lang="en") == render_legend()


@pytest.mark.parametrize("lang", ["xx", "", "EN", "en-US", "klingon"])
def test_unknown_language_falls_back_to_english(mid: SpexxxState, lang: str) -> None:
    english = render_turn(mid, NAMES, highlight_allowed=True)
    assert render_turn(mid, NAMES, highlight_allowed=True, lang=lang) == english
    assert render_legend(lang=lang) == render_legend()


class LongTranslator:
    """Stands in for a catalog with long (German-like) text: every message three times."""

    lang = "de"

    def __call__(self, message: str, /, **fields: object) -> str:
        if "×a" in message:  # the dice notation is not in the catalog
            return message
        return " ".join([f"Überlängenprüfung {message}"] * 3).format(**fields)

    def plural(self, singular: str, plural: str, count: int, /, **fields: object) -> str:
        return self(singular if count == 1 else plural, n=count, **fields)


def _clear_caches() -> None:
    board._empty_board.cache_clear()
    board._dimmed_board.cache_clear()
    legend._legend_image.cache_clear()


@pytest.fixture
def long_german(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    fake = LongTranslator()
    for module in (board, final, legend, panels):
        monkeypatch.setattr(
            module, "translator", lambda lang: fake if lang == "de" else translator(lang)
        )
    _clear_caches()
    yield
    _clear_caches()


def _outside(img: Image.Image, *boxes: tuple[int, int, int, int]) -> bytes:
    out = img.convert("RGB")
    for box in boxes:
        out.paste((0, 0, 0), box)
    return out.tobytes()


@pytest.mark.usefixtures("long_german")
@pytest.mark.parametrize("highlight", [False, True])
def test_long_translations_stay_in_their_boxes(mid: SpexxxState, highlight: bool) -> None:
    english = _image(render_turn(mid, NAMES, highlight_allowed=highlight, lang="en"))
    long = _image(render_turn(mid, NAMES, highlight_allowed=highlight, lang="de"))
    assert long.size == english.size
    assert english.tobytes() != long.tobytes()
    boxes = (dice_box(), players_box(), board.legend_box())
    assert _outside(long, *boxes) == _outside(english, *boxes)


@pytest.mark.usefixtures("long_german")
def test_long_translations_in_final_and_legend(finished: SpexxxState) -> None:
    english = _image(render_final(finished, [], lang="en"))
    long = _image(render_final(finished, [], lang="de"))
    assert long.size == english.size
    top = t.IMAGE_H + 16
    panels_box = (t.BOARD_X, top, t.IMAGE_W - 24, long.height - 16)
    boxes = (dice_box(), players_box(), board.legend_box(), panels_box)
    assert _outside(long, *boxes) == _outside(english, *boxes)
    card = _image(render_legend(lang="de"))
    assert card.width == _image(render_legend()).width
    assert card.height >= _image(render_legend()).height  # the rules text wraps to more lines


def test_drawn_text_is_extracted_for_the_catalog() -> None:
    """The README's ``pybabel extract -k t -k tn:2,3 -k N_`` finds the renderer's text,
    plurals included."""
    keywords = {"t": None, "tn": (2, 3), "N_": None}
    found = {
        message
        for _, _, message, *_ in extract_from_dir(
            ROOT / "renderers", [("**.py", "python")], keywords=keywords
        )
    }
    for message in (
        "Points per cube",
        "Player {n}",
        "throw {n} of {max}",
        "orange",
        "gold",
        "two pairs",
        ("{n} cube left", "{n} cubes left"),
        ("{n} cube placed", "{n} cubes placed"),
        ("{n} discarded", "{n} discarded"),
        ("to play · {n} left", "to play · {n} left"),
    ):
        assert message in found


# ------------------------------------------------------------------------------------- CLI


def _cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "renderers.spexxx", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = play(3, 5, 25)
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(json.dumps(export_record(game, ["Ann 🦄", "محمد", "W" * 200])))
    return path


@pytest.mark.parametrize("final", [False, True])
def test_cli_renders_record(record_file: Path, tmp_path: Path, final: bool) -> None:
    out = tmp_path / "board.png"
    result = _cli(record_file, "--out", out, *(["--final"] if final else []))
    assert result.returncode == 0, result.stderr
    img = _image(out.read_bytes())
    expected_h = t.IMAGE_H + (t.FINAL_EXTRA_H if final else 0)
    assert img.size == (t.IMAGE_W, expected_h)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cli_lang(record_file: Path, tmp_path: Path, lang: str) -> None:
    out = tmp_path / "board.png"
    result = _cli(record_file, "--out", out, "--final", "--lang", lang)
    assert result.returncode == 0, result.stderr
    game = play(3, 5, 25)
    names = ["Ann 🦄", "محمد", "W" * 200]
    assert out.read_bytes() == render_final(game.state, names, lang=lang)


def test_cli_unknown_lang_exits_2(record_file: Path, tmp_path: Path) -> None:
    result = _cli(record_file, "--out", tmp_path / "x.png", "--lang", "xx")
    assert result.returncode == 2
    assert "--lang" in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_cli_rule_break_exits_1(record_file: Path, tmp_path: Path) -> None:
    data = json.loads(record_file.read_text())
    data["turns"][2]["square"] = "A1"  # off the field
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    result = _cli(path, "--out", tmp_path / "x.png")
    assert result.returncode == 1
    assert result.stderr.strip().startswith("turn 2:")
    assert len(result.stderr.strip().splitlines()) == 1


# ------------------------------------------------------------------------------- contrast

NON_TEXT_CONTRAST = 3.0  # WCAG 2.1, 1.4.11: graphical objects against adjacent colours
OUTLINE_PIXELS = 2  # the contrasting band around a cube must be this thick everywhere
PHONE_PX = t.IMAGE_W / 400  # a pixel of the picture shown 400 px wide (a phone), in its pixels
BLENDS = 1.5  # a cube's body this close to its square's colour needs its ring to stand out


def _zone_tiles() -> dict[str, Image.Image]:
    """One square of every zone as the board draws it (metal squares with their gradient)."""
    img = board.empty_board("en").convert("RGB")
    tiles: dict[str, Image.Image] = {}
    for sq in SQUARES:
        tiles.setdefault(sq.zone.name, img.crop(t.cell_box(sq.x, sq.y)))
    return tiles


def _thinnest_outline(seat: int, tile: Image.Image, rays: int = 72) -> int:
    """Place the seat's cube on ``tile`` as the board does, then walk rays from outside to the
    centre: on each, the longest run of pixels among the cube's outer six that contrast with
    the zone beneath by ``NON_TEXT_CONTRAST``; returns the shortest such run of all rays."""
    size, off = t.TOKEN, (t.CELL - t.TOKEN) // 2
    tok = panels.board_token(seat)
    placed = tile.convert("RGBA")
    placed.alpha_composite(tok, (off, off))
    placed = placed.convert("RGB")
    alpha = tok.getchannel("A")
    centre = off + size / 2
    thinnest = size
    for k in range(rays):
        angle = 2 * math.pi * k / rays
        path: list[tuple[int, int]] = []
        r = size / 2 + 2
        while r > 0:
            xy = (
                math.floor(centre + r * math.cos(angle)),
                math.floor(centre + r * math.sin(angle)),
            )
            inside = 0 <= xy[0] - off < size and 0 <= xy[1] - off < size
            if inside and alpha.getpixel((xy[0] - off, xy[1] - off)) and xy not in path:
                path.append(xy)
            r -= 0.25
        run = best = 0
        for xy in path[:6]:
            ok = contrast_ratio(placed.getpixel(xy), tile.getpixel(xy)) >= NON_TEXT_CONTRAST
            run = run + 1 if ok else 0
            best = max(best, run)
        thinnest = min(thinnest, best)
    return thinnest


def test_contrast_ratio_follows_wcag() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert contrast_ratio((240, 110, 20), (240, 148, 56)) < 1.5  # orange cube on orange zone


@pytest.mark.parametrize("seat", range(4))
def test_every_cube_keeps_contrast_on_every_zone(seat: int) -> None:
    """Each seat's cube is ringed by a band of at least 3:1 contrast against every zone colour
    (seat 4's orange diamonds vanished on the orange zone behind a one-pixel edge)."""
    tiles = _zone_tiles()
    assert len(tiles) == 8
    thinnest = {zone: _thinnest_outline(seat, tile) for zone, tile in tiles.items()}
    assert min(thinnest.values()) >= OUTLINE_PIXELS, thinnest


def _backgrounds() -> dict[str, tuple[int, int, int]]:
    """Every colour a cube can sit on: each zone, both ends of each metal's gradient, and all
    of them dimmed (the board while placing)."""
    out = {zone.name: rgb for zone, rgb in t.ZONE_COLOURS.items()}
    for metal, (light, dark) in t.METAL_COLOURS.items():
        out[f"{metal} light"], out[f"{metal} dark"] = light, dark
    dimmed = {f"{k} dimmed": tuple(round(c * t.DIM_FACTOR) for c in rgb) for k, rgb in out.items()}
    return {**out, **dimmed}  # type: ignore[dict-item]


@pytest.mark.parametrize("seat", range(4))
def test_every_cube_stands_out_at_phone_size(seat: int) -> None:
    """Every seat colour on every background it can sit on, at 400 px wide: the ring or the dark
    edge contrasts 3:1 with the square and is a phone pixel wide or more; where the body
    itself blends in (contrast under BLENDS: an orange diamond on an orange square, a blue
    triangle on a blue one, white on silver), the white ring between them is a phone pixel
    wide or more (it was 2.2 px, 0.64 of a phone pixel: the cubes nearly vanished)."""
    edge, ring = sprites.token_bands(t.TOKEN, t.TOKEN_RING)
    body = t.SEAT_COLOURS[seat]
    problems = []
    for name, square in _backgrounds().items():
        bands = [
            w
            for w, rgb in ((ring, (255, 255, 255)), (edge, t.OUTLINE))
            if contrast_ratio(rgb, square) >= NON_TEXT_CONTRAST
        ]
        if not bands or max(bands) < PHONE_PX:
            problems.append(f"{name}: no 3:1 band a phone pixel wide ({edge=}, {ring=})")
        if contrast_ratio(body, square) < BLENDS and ring < PHONE_PX:
            problems.append(f"{name}: body blends in, ring {ring} px < {PHONE_PX:.2f}")
    assert not problems, problems


def drawn_words(monkeypatch: pytest.MonkeyPatch, draw_it: Callable[[], object]) -> list[str]:
    """Every text drawn on a picture while ``draw_it`` runs (drawn as usual)."""
    words: list[str] = []
    real = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        words.append(str(text))
        real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    draw_it()
    return words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_solo_daily_game_ends_with_its_score_and_no_winner(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """One player has no one to beat: the daily's last picture shows the score, not a win."""
    from games.spexxx.daily import par_game
    from renderers.spexxx.render import render_final

    state = par_game("2026-11-27").state
    t = translator(lang)
    words = drawn_words(monkeypatch, lambda: render_final(state, ["Ann"], lang=lang))
    won = {t("Winner").upper(), t("winner"), t("Shared win").upper()}
    assert not [w for w in words if any(x in w for x in won)], words
    assert words.count(str(state.scores[0])) >= 3  # status line, players panel, standings
