"""The game object the two race engines share: a state that applies actions, the log of the
accepted ones, and the replay answers (``games.das_spiel.record.ReplayableState``). A game
subclasses ``LoggedGame``, sets ``state`` and ``log`` and implements ``action_of`` (record event
→ action) and ``standings``.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from games.das_spiel.record import RecordEvent, ReplayableState

__all__ = ["LoggedGame"]


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
