"""The end-of-game image: the final board and hands, then the standings (with the hand
values deducted) and each player's score after every turn, drawn as Spexxx's are."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.spectrangle.state import SpectrangleState, TurnKind
from locales import DEFAULT, tn, translator
from renderers.endgame import (
    PanelTheme,
    StandingRow,
    draw_results,
    ranks,
)
from renderers.names import namer
from renderers.spectrangle import theme as th
from renderers.spectrangle.panels import seat_token, team_number, winner_label

STANDINGS_W = 540
THEME = PanelTheme(
    th.PANEL, th.PANEL_HIGHLIGHT, th.TEXT, th.MUTED, th.ACCENT, th.OUTLINE, th.PLOT_BG, th.PLOT_GRID
)


def score_series(state: SpectrangleState) -> list[list[int]]:
    """``series[seat][k]``: the seat's placement points after ``k`` turns, then (once the game
    is over) one more point: the final score, with the hand deducted (at least 0: the plot
    has no negative axis)."""
    progress = state.score_progress()
    if state.finished:
        progress.append([max(0, s) for s in state.scores])
    return [[row[seat] for row in progress] for seat in range(state.seats)]


def final_image(
    board: Image.Image, state: SpectrangleState, names: Sequence[str], lang: str = DEFAULT
) -> Image.Image:
    t = translator(lang)
    img = Image.new("RGB", (board.width, board.height + th.FINAL_EXTRA_H), th.BACKGROUND)
    img.paste(board, (0, 0))
    draw = ImageDraw.Draw(img)
    top = board.height
    left, right = th.MARGIN, th.IMAGE_W - th.MARGIN
    standings_box = (left, top, left + STANDINGS_W, img.height - th.MARGIN)
    rows = standing_rows(state, names, lang)
    plot_box = (left + STANDINGS_W + 20, top, right, img.height - th.MARGIN)
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
        THEME,
    )
    return img


def standing_rows(state: SpectrangleState, names: Sequence[str], lang: str) -> list[StandingRow]:
    """Best first (teams together in the team game); the facts say how the score came about:
    tiles laid, placement points and the hand deducted."""
    t = translator(lang)
    winners = set() if state.seats == 1 else set(state.winners())  # solo: a score, no win
    laid = [0] * state.seats
    for turn in state.history:
        if turn.kind is TurnKind.PLACE:
            laid[turn.seat] += 1
    order = state.standings()
    team_scores = state.team_scores
    scores = state.scores

    def key(seat: int) -> tuple[bool, int]:  # team mates share a rank
        side = team_scores[state.team_of(seat)] if team_scores is not None else scores[seat]
        return (state.resigned[seat], side)

    rows = []
    for rank, seat in zip(ranks([key(s) for s in order]), order, strict=True):
        won = seat in winners
        # tn(translator(lang), ...), not tn(t, ...): see draw_players_panel in Spexxx's panels.
        facts = [tn(translator(lang), "{n} tile laid", "{n} tiles laid", laid[seat])]
        if state.penalties[seat]:
            facts.insert(0, t("hand −{n}", n=state.penalties[seat]))
        if state.teams:
            facts.insert(0, t("team {n}", n=team_number(state, seat)))
        if state.resigned[seat]:
            facts.insert(0, t("resigned"))
        if won:
            facts.insert(0, "★ " + winner_label(state, lang).upper())
        rows.append(
            StandingRow(
                rank, seat, namer(names, seat, lang), " · ".join(facts), str(scores[seat]), won
            )
        )
    return rows
