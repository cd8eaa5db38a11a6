"""What every game shares: errors players can cause, seeded dice, roll-offs, turn order."""

from games.common.dice import DiceRng, SeededDice, roll_off
from games.common.errors import GameError, IllegalAction, RecordError
from games.common.seats import next_seat

__all__ = [
    "DiceRng",
    "GameError",
    "IllegalAction",
    "RecordError",
    "SeededDice",
    "next_seat",
    "roll_off",
]
