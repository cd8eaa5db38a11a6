"""What every game shares: errors players can cause, seeded chance and dice, turn order, and
reading and replaying records."""

from games.common.actions import Resign
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
from games.common.records import RuleViolation, read_record_json
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
    "Resign",
    "RuleViolation",
    "SeededChance",
    "SeededDice",
    "next_seat",
    "read_record_json",
    "roll_off",
]
