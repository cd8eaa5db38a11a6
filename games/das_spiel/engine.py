"""What the six engines share, so each game module holds only its own rules.

- ``check_seat`` / ``check_turn``: the refusals every action starts with, worded once.
- ``SlotState``: a state held in slots that copies itself slot by slot (lists copied, the rest
  immutable), for probes, AIs and views.
- ``TimedState``: a race game's state with a ``clock`` (``games.das_spiel.timing``) and a
  ``phase`` whose value ``"over"`` ends the game; the ``Timeout`` action, and ``legal_actions``
  at a time ``t`` (only the timeout once the deadline has come).
- ``LoggedGame``: the game object, a state that applies actions, the log of the accepted ones,
  and the replay answers (``games.das_spiel.record.ReplayableState``); a game subclasses it,
  sets ``state`` and ``log`` and implements ``action_of`` (record event → action) and
  ``standings``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from games.common.errors import GameOver, NotInGame, NotYourTurn
from games.das_spiel.record import RecordEvent, ReplayableState
from games.das_spiel.timing import Clock

__all__ = ["LoggedGame", "SlotState", "TimedState", "Timeout", "check_seat", "check_turn"]

T = TypeVar("T", bound="SlotState")


def check_seat(finished: bool, seat: int, seats: int) -> None:
    """Refuse any action once the game is over, and an action of a seat the game has not."""
    if finished:
        raise GameOver("the game is over")
    if not 0 <= seat < seats:
        raise NotInGame(f"there is no seat {seat}")


def check_turn(seat: int, current: int | None) -> None:
    """Refuse the action of a seat that is not on turn (turn-based games)."""
    if seat != current:
        raise NotYourTurn(f"seat {current} is on turn, not seat {seat}")


class SlotState:
    """Base of a game state held in slots whose only mutable parts are lists (of ints or
    colours, or of such lists): ``copy`` copies those and shares the rest."""

    __slots__ = ()

    def copy(self: T) -> T:
        other = type(self).__new__(type(self))
        for name in type(self).__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                nested = bool(value) and isinstance(value[0], list)
                value = [list(v) for v in value] if nested else list(value)
            setattr(other, name, value)
        return other


@dataclass(frozen=True, slots=True)
class Timeout:
    """The open window ran out (legal only at ``t ≥`` its deadline)."""

    t: int


class TimedState(SlotState):
    """Base of a timed game's state: its ``clock`` and ``phase`` (``"over"`` ends the game)."""

    __slots__ = ()
    clock: Clock
    phase: Any

    @property
    def finished(self) -> bool:
        return bool(self.phase.value == "over")

    @property
    def deadline(self) -> int | None:
        return self.clock.deadline

    def _check_timeout(self, t: int) -> None:
        """Refuse a ``timeout`` at ``t`` after the end, or with no window due (timing)."""
        if self.finished:
            raise GameOver("the game is over")
        self.clock.check_timeout(t)

    def legal_actions(self, t: int | None = None) -> list[Any]:
        """What may be applied at ``t`` (default: the time of the last event): nothing once
        over or before the last event, only the timeout at or after the deadline, else
        ``actions_at(t)``."""
        if self.finished:
            return []
        now = self.clock.now if t is None else t
        if now < self.clock.now:
            return []
        if self.clock.due(now):
            return [Timeout(now)]
        return self.actions_at(now)

    def actions_at(self, now: int) -> list[Any]:
        """The game's own legal actions at ``now``, before any deadline."""
        raise NotImplementedError


class _Result(Protocol):
    """An event's result: its fields of the replay output."""

    def fields(self) -> dict[str, object]: ...


class _State(Protocol):
    def apply(self, action: Any) -> Any: ...


S = TypeVar("S", bound=_State)
A = TypeVar("A")
R = TypeVar("R", bound=_Result)


class LoggedGame(ReplayableState, Generic[S, A, R]):
    """State + log. ``apply`` logs only what the state accepted (refusals raise, GEN-6)."""

    state: S
    log: list[A]

    def apply(self, action: A) -> R:
        result: R = self.state.apply(action)
        self.log.append(action)
        return result

    def action_of(self, event: RecordEvent) -> A:
        raise NotImplementedError

    def apply_record_event(self, event: RecordEvent) -> dict[str, Any]:
        return self.apply(self.action_of(event)).fields()
