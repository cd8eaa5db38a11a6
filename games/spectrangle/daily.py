"""Spectrangle's daily challenge: a solo score attack on the day's bag (no I/O, no Discord).

What "solo" means under the rules (docs/spectrangle.md, "Daily challenge"): one seat; the 36
tiles in a bag whose order is fixed by the UTC date; 4 tiles in hand, drawn from the front of
the bag as in every game; the usual placement, scoring, drawing, exchange and end rules, with
the rules' "full round of passes" being one pass (so passing ends the game; while the bag holds
tiles a stuck player may exchange instead); an exchanged tile goes back at a position fixed by
the setup and the turn; the tiles left in hand are subtracted at the end.
"""

from __future__ import annotations

from datetime import date

from games.common.chance import SeededChance
from games.common.daily import day_key, hashed_int
from games.spectrangle.ai import Level, decide
from games.spectrangle.game import Game, Setup
from games.spectrangle.state import SOLO_SEATS
from games.spectrangle.tiles import TILE_CODES

SALT = "spectrangle-daily"


def daily_setup(day: date | str) -> Setup:
    """The day's bag: the tile table shuffled by a seed fixed by the date."""
    key = day_key(day)
    seed = hashed_int(SALT, key) >> 1  # a non-negative 63-bit integer, as the record expects
    bag = tuple(SeededChance(seed).shuffled(TILE_CODES))
    return Setup(SOLO_SEATS, bag, False, seed, key)


def daily_game(day: date | str) -> Game:
    return Game(daily_setup(day))


def par_game(day: date | str) -> Game:
    """The day's game as the hard computer plays it, to its end (it is deterministic)."""
    game = daily_game(day)
    while not game.finished:
        game.apply(decide(game.state, Level.HARD).action)
    return game
