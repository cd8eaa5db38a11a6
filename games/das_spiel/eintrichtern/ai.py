"""Eintrichtern's computer players: they decide from the table (``EinView``) and what their
``Memory`` recalls, never from the plate, so they know only what was revealed (issue 14).

The levels differ only in memory (``LEVELS``); the choice is the same for all: lift the covered
funnel most likely to have the target's sum (ties: the one whose sum is least known, so a miss
teaches the most, then chance); at the start of a turn after a miss, adopt the failed target
when some funnel is likelier to match it than the best funnel for a fresh roll is on average.

Each level remembers like a person (``memory.Human``, issue 25: a hard computer that never
forgot matched 8 of 11 lifts against people), drawn from the game's seed and the seat, so a
game replays and a restart changes nothing:

- easy: takes in half the sums shown, holds 4 at most, for about 4 lifts.
- normal: takes in 3 sums in 4, holds 6, for about a dozen lifts.
- hard: takes in most reveals with their three walls, holds 7, for about 15 lifts, and
  reasons over the dice: each outer face and wall in mind narrows a die's orientation, so it
  knows odds of funnels never shown (memory.Knowledge).

``benchmarks/bench_das_spiel_eintrichtern_ai.py`` measures each level's match rate against
people-like players (``PERSON`` there).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from games.common.ai import Decision, Level
from games.das_spiel import geometry as g
from games.das_spiel.eintrichtern.game import Eintrichtern
from games.das_spiel.eintrichtern.memory import (
    PRIOR,
    SUMS,
    Human,
    Knowledge,
    Memory,
    RecallModel,
    memory_of,
)
from games.das_spiel.eintrichtern.state import Adopt, Lift, Phase
from games.das_spiel.eintrichtern.view import EinView

__all__ = ["LEVELS", "WantRoll", "computer_decision", "decide", "model_decision", "recall"]

LEVELS: Final[Mapping[Level, RecallModel]] = MappingProxyType(
    {
        Level.EASY: Human(takes_in=0.5, lasts=4.0, span=4),
        Level.NORMAL: Human(takes_in=0.75, lasts=12.0, span=6),
        Level.HARD: Human(takes_in=0.85, lasts=15.0, span=7, faces=True),
    }
)
_TIE: Final = 1e-9


@dataclass(frozen=True, slots=True)
class WantRoll:
    """The computer rolls: the bot draws the three pearl dice (``Eintrichtern.roll``)."""

    seat: int


Choice = WantRoll | Adopt | Lift


def _entropy(odds: tuple[float, ...]) -> float:
    return -sum(p * math.log(p) for p in odds if p > 0)


def decide(view: EinView, knowledge: Knowledge, rng: random.Random) -> Decision[Choice]:
    """The choice of the seat on turn (``view.current``) with this knowledge."""
    seat = view.current
    if seat is None:
        raise ValueError("the game is over")
    odds = knowledge.sum_odds(view)
    if view.phase is Phase.TARGET:
        best = {t: max(o[t] for o in odds.values()) for t in SUMS}
        roll = sum(PRIOR[t] * best[t] for t in SUMS)
        adopt = view.adoptable
        if adopt is not None and best[adopt] > roll + _TIE:
            return Decision(Adopt(seat), best[adopt], f"adopt {adopt}: {best[adopt]:.0%}")
        return Decision(WantRoll(seat), roll, f"roll: {roll:.0%}")
    target = view.target
    assert target is not None
    top = max(o[target] for o in odds.values())
    near = [q for q, o in odds.items() if o[target] >= top - _TIE]
    spread = max(_entropy(odds[q]) for q in near)
    pick = rng.choice([q for q in near if _entropy(odds[q]) >= spread - _TIE])
    return Decision(Lift(seat, pick), top, f"lift {g.LABELS[pick]} for {target}: {top:.0%}")


def recall(memory: Memory, model: RecallModel, game_seed: int | str | None, seat: int) -> Knowledge:
    """What ``seat`` has in mind now: its memory's draws come from the game's seed and the seat
    only, so each lift is taken in (or not) once and for all, whenever the bot asks."""
    return memory.recall(model, f"ein-memory:{game_seed}:{seat}")


def model_decision(
    game: Eintrichtern, seat: int, model: RecallModel, seed: int | str
) -> Decision[Choice]:
    """The decision of a player remembering as ``model`` in ``seat``, which has watched the
    whole game: its memory is rebuilt from the public announcements; ``seed`` breaks ties."""
    if game.state.current != seat:
        raise ValueError(f"seat {seat} is not on turn")
    rng = random.Random(f"ein:{seed}:{seat}:{len(game.log)}")
    knowledge = recall(memory_of(game), model, game.seed, seat)
    return decide(game.view(seat), knowledge, rng)


def computer_decision(
    game: Eintrichtern, seat: int, level: Level, seed: int | str
) -> Decision[Choice]:
    """The decision of a computer at ``level`` in ``seat`` (``model_decision``)."""
    return model_decision(game, seat, LEVELS[level], seed)
