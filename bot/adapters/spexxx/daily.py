"""Spexxx's daily challenge for the platform: the day's game, its par, its share squares."""

from __future__ import annotations

from collections.abc import Sequence

from bot.contract.daily import DailyRules
from games.spexxx import Game
from games.spexxx.daily import daily_game, par_game

# (fewest points, square): the first whose bound a placement's points reach
SQUARES = ((35, "🟥"), (20, "🟧"), (10, "🟨"), (1, "🟩"), (0, "⬜"))
DISCARDED = "⬛"


def marks(game: Game) -> Sequence[str]:
    """One square per turn: a discard, a cube that scored nothing, or how much it scored."""
    out = []
    for turn in game.state.history:
        if turn.square is None:
            out.append(DISCARDED)
        else:
            out.append(next(square for low, square in SQUARES if turn.points >= low))
    return out


DAILY = DailyRules(
    game=daily_game, par=par_game, score=lambda game: game.state.scores[0], marks=marks, per_row=8
)
