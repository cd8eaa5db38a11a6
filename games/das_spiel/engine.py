"""What the two race engines share. ``TimedState``: a state with a ``clock``
(``games.das_spiel.timing``) and a ``phase`` whose value ``"over"`` ends the game; it copies
itself slot by slot. ``LoggedGame``: the game object, a state that applies actions, the log of
the accepted ones, and the replay answers (``games.das_spiel.record.ReplayableState``); a game
subclasses it, sets ``state`` and ``log`` and implements ``action_of`` (record event → action)
and ``standings``.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from games.das_spiel.record import RecordEvent, ReplayableState
from games.das_spiel.timing import Clock

__all__ = ["LoggedGame", "TimedState"]

T = TypeVar("T", bound="TimedState")


class TimedState:
    """Base of a timed game's state (slots only; lists of ints are its only mutable parts)."""

    __slots__ = ()
    clock: Clock
    phase: Any

    @property
    def finished(self) -> bool:
        return bool(self.phase.value == "over")

    @property
    def deadline(self) -> int | None:
        return self.clock.deadline

    def copy(self: T) -> T:
        other = type(self).__new__(type(self))
        for name in type(self).__slots__:
            value = getattr(self, name)
            setattr(other, name, list(value) if isinstance(value, list) else value)
        return other


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
