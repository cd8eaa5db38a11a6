"""The end-of-game image: the final board, then the standings and a plot of each player's
score after every turn (from ``state.history``), so the story of the game is visible."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.spexxx.state import SpexxxState
from locales import DEFAULT, tn, translator
from renderers.endgame import (
    PanelTheme,
    StandingRow,
    draw_results,
    ranks,
)
from renderers.names import namer
from renderers.spexxx import theme as th
from renderers.spexxx.panels import seat_token

STANDINGS_W = 500
PLOT_BG = (118, 124, 140)
PLOT_GRID = (136, 142, 158)


def panel_theme() -> PanelTheme:
    return PanelTheme(
        th.PANEL,
        th.PANEL_HIGHLIGHT,
        th.TEXT,
        th.MUTED,
        th.LAST_MARK,
        th.OUTLINE,
        PLOT_BG,
        PLOT_GRID,
    )


def score_series(state: SpexxxState) -> list[list[int]]:
    """``series[seat][k]``: the seat's score after ``k`` turns (k = 0 … number of turns)."""
    totals = [0] * state.seats
    series = [[0] for _ in range(state.seats)]
    for turn in state.history:
        totals[turn.seat] += turn.points
        for seat in range(state.seats):
            series[seat].append(totals[seat])
    return series


def final_image(
    board: Image.Image, state: SpexxxState, names: Sequence[str], lang: str = DEFAULT
) -> Image.Image:
    img = Image.new("RGB", (th.IMAGE_W, th.IMAGE_H + th.FINAL_EXTRA_H), th.BACKGROUND)
    img.paste(board, (0, 0))
    top = th.IMAGE_H
    draw = ImageDraw.Draw(img)
    draw.line((th.BOARD_X, top, th.BOARD_X + th.BOARD_W, top), fill=th.PANEL, width=2)
    t = translator(lang)
    standings_box = (th.BOARD_X, top + 16, th.BOARD_X + STANDINGS_W, img.height - 16)
    rows = standing_rows(state, names, lang)
    plot_box = (th.BOARD_X + STANDINGS_W + 30, top + 16, th.IMAGE_W - 24, img.height - 16)
    turns = ((turn.seat, turn.points) for turn in state.history)
    draw_results(
        img,
        draw,
        (standings_box, plot_box),
        t,
        rows,
        score_series(state),
        th.SEAT_COLOURS,
        turns,
        state.scores,
        seat_token,
        panel_theme(),
    )
    return img


def standing_rows(state: SpexxxState, names: Sequence[str], lang: str) -> list[StandingRow]:
    t = translator(lang)
    winners = set() if state.solo else set(state.winners())  # a solo game has a score, no win
    placed = [0] * state.seats
    for turn in state.history:
        if turn.square is not None:
            placed[turn.seat] += 1
    order = state.standings()
    rank_of = ranks([(state.resigned[s], state.scores[s]) for s in order])
    rows = []
    for rank, seat in zip(rank_of, order, strict=True):
        won = seat in winners
        # tn(translator(lang), ...), not tn(t, ...): see draw_players_panel in panels.
        facts = [tn(translator(lang), "{n} cube placed", "{n} cubes placed", placed[seat])]
        if state.discards[seat]:
            facts.append(
                tn(translator(lang), "{n} discarded", "{n} discarded", state.discards[seat])
            )
        if state.resigned[seat]:
            facts.insert(0, t("resigned"))
        if won:
            facts.insert(0, "★ " + (t("Winner") if len(winners) == 1 else t("Shared win")).upper())
        rows.append(
            StandingRow(
                rank,
                seat,
                namer(names, seat, lang),
                " · ".join(facts),
                str(state.scores[seat]),
                won,
            )
        )
    return rows
