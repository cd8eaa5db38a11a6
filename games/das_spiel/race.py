"""What the computer players of the two race games share (RULES.md §5.5, §6.4): a reaction time
drawn from a configurable range, an error rate, and a timed action.

A computer in a timed game never reads a clock either: given the state, a ``random.Random`` and
the time its look at the table starts (the round's start, or the last change of the table), it
returns the action it will send and the ``t`` at which it sends it, or None. The bot schedules
that action and asks again whenever the table changes first; tests and benchmarks run whole
games the same way without waiting (``events``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from games.common.dice import DiceRng
from games.common.errors import IllegalAction
from games.das_spiel.engine import TimedGame, Timeout

__all__ = ["Reaction", "Timed", "earliest", "events"]

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Reaction:
    """How fast and how reliable a computer player is: each look takes a uniform whole number
    of ms in ``[min_ms, max_ms]``; with probability ``error_rate`` the claim it then makes is
    a wrong one."""

    min_ms: int
    max_ms: int
    error_rate: float = 0.0

    def __post_init__(self) -> None:
        if not 0 <= self.min_ms <= self.max_ms:
            raise ValueError(
                f"a reaction range needs 0 ≤ min ≤ max, not {self.min_ms}…{self.max_ms}"
            )
        if not 0.0 <= self.error_rate <= 1.0:
            raise ValueError(f"an error rate is between 0 and 1, not {self.error_rate}")

    def delay(self, rng: random.Random) -> int:
        return rng.randint(self.min_ms, self.max_ms)

    def errs(self, rng: random.Random) -> bool:
        return self.error_rate > 0 and rng.random() < self.error_rate

    def look(self, rng: random.Random, start: int, deadline: int | None) -> int | None:
        """When a look from ``start`` ends (a drawn delay later), or None if that is at or
        after the open window's ``deadline``: too late to act."""
        t = start + self.delay(rng)
        if deadline is not None and t >= deadline:
            return None
        return t


@dataclass(frozen=True, slots=True)
class Timed(Generic[A]):
    """An action and the time (ms since the game began) at which the computer sends it."""

    t: int
    action: A


def earliest(offers: Sequence[Timed[A] | None], rng: random.Random) -> Timed[A] | None:
    """The offer sent first (a random one of a tie: the bot receives one of them first), or
    None if nobody offers anything. Simulations apply it, as the bot would."""
    made = [o for o in offers if o is not None]
    if not made:
        return None
    first = min(o.t for o in made)
    return rng.choice([o for o in made if o.t == first])


Decide = Callable[[Any, int, random.Random, int, Reaction], Timed[Any] | None]


def events(
    game: TimedGame[Any, Any, Any],
    players: Sequence[Reaction],
    decide: Decide,
    dice: DiceRng,
    rng: random.Random,
    roll_pause_ms: int,
) -> Iterator[bool]:
    """Play ``game`` among computers as the bot would, one event at a time; before each event
    yield whether it is a roll (the caller stops by leaving the loop). The holder rolls
    ``roll_pause_ms`` after the round before; everyone looks from the last change; the earliest
    offer is applied (a refused one, a misread, costs its sender only the time); a window
    nobody uses ends with its timeout."""
    ready = [0] * len(players)  # a refused click keeps its sender busy until then
    while not game.finished:
        s = game.state
        now = s.clock.now
        if s.phase.value == "roll":
            yield True
            game.roll(dice, now + roll_pause_ms if game.log else now)
            continue
        yield False
        seats = range(len(players))
        offer = earliest([decide(s, i, rng, max(now, ready[i]), players[i]) for i in seats], rng)
        if offer is None:
            deadline = s.deadline
            assert deadline is not None
            game.apply(Timeout(deadline))
            continue
        try:
            game.apply(offer.action)
        except IllegalAction:
            ready[offer.action.seat] = offer.t
