"""The eight games read as one product: the same kind of seat marker in every game's chat,
in the colour its pictures give the seat, and winners announced the same way."""

from __future__ import annotations

import colorsys
from collections.abc import Sequence

import pytest

from bot.adapters import installed
from renderers import spexxx
from renderers.das_spiel import panels
from renderers.das_spiel import theme as das_theme
from renderers.spectrangle import theme as spectrangle_theme

RGB = tuple[int, int, int]
# The emoji circles as Discord draws them (Twemoji), the only seat markers chat uses.
CIRCLES: dict[str, RGB] = {
    "⚫": (49, 55, 61),
    "⚪": (230, 231, 232),
    "🔴": (221, 46, 68),
    "🟠": (244, 144, 12),
    "🟡": (253, 203, 88),
    "🟢": (120, 177, 89),
    "🔵": (85, 172, 238),
    "🟣": (170, 142, 214),
    "🟤": (193, 105, 79),
}
DICE = tuple(das_theme.DIE[c] for c in das_theme.SEAT_DIE)
# Each game's seat colours as its pictures draw them.
PICTURE_SEATS: dict[str, Sequence[RGB]] = {
    "spexxx": spexxx.SEAT_COLOURS,
    "spectrangle": spectrangle_theme.SEAT_COLOURS,
    "abquetschen": DICE,
    "wuerfelmarsch": DICE,
    "raffzahn": panels.SEAT_COLOURS,
    "buntekuh": panels.SEAT_COLOURS,
    "cuibono": panels.SEAT_COLOURS,
    "eintrichtern": panels.SEAT_COLOURS,
}


def _hsv(rgb: RGB) -> tuple[float, float, float]:
    return colorsys.rgb_to_hsv(*(c / 255 for c in rgb))


def _same_colour(picture: RGB, emoji: RGB) -> bool:
    """Both greys of the same lightness side, or hues within 50° (Twemoji's green is
    yellower, its purple bluer than any seat's)."""
    ph, ps, pv = _hsv(picture)
    eh, es, ev = _hsv(emoji)
    if ps < 0.25 or es < 0.25:
        return ps < 0.25 and es < 0.25 and (pv > 0.5) == (ev > 0.5)
    turn = abs(ph - eh) * 360
    return min(turn, 360 - turn) <= 50


def test_every_game_is_listed() -> None:
    assert set(installed()) == set(PICTURE_SEATS)


@pytest.mark.parametrize("kind", sorted(PICTURE_SEATS))
def test_chat_marks_a_seat_with_a_circle_of_its_picture_colour(kind: str) -> None:
    game = installed()[kind]
    marks = game.info.seat_marks[: game.info.max_seats]
    assert len(marks) == game.info.max_seats and len(set(marks)) == len(marks), marks
    for seat, mark in enumerate(marks):
        assert mark in CIRCLES, (kind, seat, mark)
        assert _same_colour(PICTURE_SEATS[kind][seat], CIRCLES[mark]), (kind, seat, mark)


def _finals(lang: str) -> dict[str, object]:
    """Each game's final picture drawer, called on a finished sample game in ``lang``."""
    from renderers import samples as spexxx_samples
    from renderers.das_spiel import render as das
    from renderers.das_spiel import samples as ds
    from renderers.spectrangle import render_final as spectrangle_final
    from renderers.spectrangle import samples as sp

    names = ds.SAMPLE_NAMES
    return {
        "spexxx": lambda: spexxx.render_final(
            spexxx_samples.play(4, 16).state, ("a", "b", "c", "d"), lang=lang
        ),
        "spectrangle": lambda: spectrangle_final(sp.play(3, 8).state, names, lang=lang),
        "abquetschen": lambda: das.render_abquetschen_final(
            ds.abquetschen_game(actions=None), names, lang=lang
        ),
        "cuibono": lambda: das.render_cui_bono_final(
            ds.cui_bono_game(actions=None), ds.CUI_NAMES, lang=lang
        ),
        "buntekuh": lambda: das.render_bunte_kuh_final(
            ds.bunte_kuh_game(4, rounds=None), ds.CUI_NAMES, lang=lang
        ),
        "raffzahn": lambda: das.render_raffzahn_final(
            ds.raffzahn_game(rounds=None, roll=None), names, lang=lang
        ),
        "wuerfelmarsch": lambda: das.render_wuerfelmarsch_final(
            ds.wuerfelmarsch_game(actions=None), names, lang=lang
        ),
        "eintrichtern": lambda: das.render_eintrichtern_final(
            ds.eintrichtern_game(actions=None), ds.CUI_NAMES, lang=lang
        ),
    }


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
def test_every_final_picture_names_its_winners_the_same_way(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The standings' winner rows start "★ WINNER" ("★ SHARED WIN" for a tie) in every game."""
    from locales import translator
    from renderers import endgame
    from renderers.das_spiel import panels as das_panels

    drawn: list[list[endgame.StandingRow]] = []
    real = endgame.draw_standings

    def spy(img, draw, box, title, rows, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(list(rows))
        return real(img, draw, box, title, rows, *args, **kwargs)

    monkeypatch.setattr(endgame, "draw_standings", spy)
    monkeypatch.setattr(das_panels, "draw_standings", spy)
    t = translator(lang)
    for kind, draw_final in _finals(lang).items():
        drawn.clear()
        draw_final()  # type: ignore[operator]
        (rows,) = drawn
        winners = [r for r in rows if r.won]
        said = "★ " + (t("Winner") if len(winners) == 1 else t("Shared win")).upper()
        assert winners, kind
        for row in rows:
            assert row.facts.startswith(said) == row.won, (kind, row.facts)


@pytest.mark.parametrize("seed", [3, 16, 27])
def test_the_spexxx_lines_of_a_final_board_are_the_lines_that_scored(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every line that scored in the game lies in one of the board's final Spexxx lines (the
    same seat, the same direction), and every final line holds one that scored."""
    from games.spexxx.scoring import spexxx_lines
    from games.spexxx.state import SpexxxState
    from renderers import samples

    scored: list[tuple[int, tuple[int, ...]]] = []
    real = SpexxxState._place

    def spy(self: SpexxxState, seat: int, name: str):  # type: ignore[no-untyped-def]
        result = real(self, seat, name)
        scored.extend((seat, line.squares) for line in result.lines)
        return result

    monkeypatch.setattr(SpexxxState, "_place", spy)
    state = samples.play(4, seed).state
    final = spexxx_lines(state.owners)
    assert scored and final

    def within(part: tuple[int, ...], whole: tuple[int, ...]) -> bool:
        n = len(part)
        runs = {whole[i : i + n] for i in range(len(whole) - n + 1)}
        return part in runs or part[::-1] in runs

    for seat, line in scored:
        assert any(s == seat and within(line, run) for s, run in final), (seat, line)
    for seat, run in final:
        assert any(s == seat and within(line, run) for s, line in scored), (seat, run)


def test_the_spexxx_final_picture_outlines_every_line_that_scored_in_its_scorers_colour() -> None:
    """Each Spexxx of the final board is ringed in its seat's colour beside its cubes; the
    same board without the final's lines has none of those rings."""
    import math

    from games.spexxx.scoring import spexxx_lines
    from renderers import samples
    from renderers.spexxx import theme as th
    from renderers.spexxx.render import turn_image

    state = samples.play(4, 7).state
    lines = spexxx_lines(state.owners)
    assert len({seat for seat, _ in lines}) >= 3
    final = turn_image(state, samples.SAMPLE_NAMES, all_lines=True)
    plain = turn_image(state, samples.SAMPLE_NAMES)

    def ring_points(squares: tuple[int, ...]) -> list[tuple[int, int]]:
        (x0, y0), (x1, y1) = th.cell_centre(squares[0]), th.cell_centre(squares[-1])
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length
        r = th.CELL * 0.42
        points = []
        for square in squares:
            cx, cy = th.cell_centre(square)
            for d in (r - 2, r - 1, r, r + 1, r + 2):  # across the ring, 5 px wide
                points += [(round(cx + nx * d), round(cy + ny * d))]
                points += [(round(cx - nx * d), round(cy - ny * d))]
        return points

    for seat, squares in lines:
        colour = th.SEAT_COLOURS[seat]
        points = ring_points(squares)
        assert any(final.getpixel(p) == colour for p in points), (seat, squares)
        assert not any(plain.getpixel(p) == colour for p in points), (seat, squares)


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
def test_the_spexxx_final_message_lists_the_lines_that_scored(lang: str) -> None:
    """After the standings, each seat's Spexxx lines end to end, marked as in chat."""
    from bot.core import text
    from games.spexxx import GRID
    from games.spexxx.scoring import spexxx_lines
    from locales import translator
    from tests.bot.adapters.test_words_finals import finished

    row = finished("spexxx", False)
    t = translator(lang)
    game = installed()["spexxx"]
    content = game.final_view(t, row).content
    assert content.startswith(text.standings(t, game, row))
    lines = spexxx_lines(row.game.state.owners)
    assert lines
    said = content.splitlines()[-1]
    assert said.startswith(t("Spexxx lines that scored: {lines}", lines="").rstrip())
    for seat, squares in lines:
        ends = f"{GRID[squares[0]].name}–{GRID[squares[-1]].name}"  # type: ignore[union-attr]
        label = text.seat_label(t, row, seat, game.info.seat_marks)
        part = said[said.index(label + " (") :].split(")")[0]
        assert ends in part, (ends, part)
