"""Spexxx's daily challenge: one solo game a day, the same for everyone (no I/O, no Discord).

An empty board, the adult 2-player cube count (23 cubes), lines scored as usual, and dice fixed
by the day (``DailyDice``): the value of die slot ``i`` on throw ``k`` of turn ``t`` is the
day's, so the same choices give the same game. The par is the hard computer's game of the day:
the hard player is deterministic, so it is the same everywhere too.
"""

from __future__ import annotations

from datetime import date

from games.common.daily import day_key
from games.spexxx.ai import Level, decide
from games.spexxx.daily_dice import DailyDice
from games.spexxx.game import Game

__all__ = ["DailyDice", "daily_game", "par_game"]


def daily_game(day: date | str) -> Game:
    return Game.daily(day_key(day))


def par_game(day: date | str) -> Game:
    """The day's game as the hard computer plays it, to its end."""
    game = daily_game(day)
    while not game.state.finished:
        game.apply(decide(game.state, Level.HARD).action)
    return game
