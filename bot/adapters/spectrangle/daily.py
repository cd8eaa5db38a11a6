"""Spectrangle's daily challenge for the platform: the day's game, its par, its share squares."""

from __future__ import annotations

from collections.abc import Sequence

from bot.contract.daily import DailyRules
from games.spectrangle import Game
from games.spectrangle.daily import daily_game, par_game
from games.spectrangle.state import TurnKind

# (fewest points, square): the first whose bound a placement's points reach
SQUARES = ((48, "🟥"), (24, "🟧"), (12, "🟨"), (6, "🟩"), (0, "⬜"))
NOT_PLACED = {TurnKind.EXCHANGE: "🔄", TurnKind.PASS: "⬛"}


def marks(game: Game) -> Sequence[str]:
    """One square per turn: an exchange, a pass, or how much the placement scored."""
    out = []
    for turn in game.history:
        if turn.kind is TurnKind.PLACE:
            out.append(next(square for low, square in SQUARES if turn.points >= low))
        else:
            out.append(NOT_PLACED[turn.kind])
    return out


DAILY = DailyRules(
    game=daily_game, par=par_game, score=lambda game: game.scores[0], marks=marks, per_row=9
)
