"""What every game shares: errors players can cause, seeded chance, turn order."""

from games.common.chance import Chance, SeededChance
from games.common.dice import DiceRng, SeededDice, roll_off
from games.common.errors import (
    GameError,
    GameOver,
    IllegalAction,
    NotInGame,
    NotYourTurn,
    RecordError,
)
from games.common.seats import next_seat

__all__ = [
    "Chance",
    "DiceRng",
    "GameError",
    "GameOver",
    "IllegalAction",
    "NotInGame",
    "NotYourTurn",
    "RecordError",
    "SeededChance",
    "SeededDice",
    "next_seat",
    "roll_off",
]
