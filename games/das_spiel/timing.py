"""Time in the two timed games, Raffzahn and Bunte Kuh (RULES.md §3.3, GEN-7).

The engine never reads a clock. Every event carries ``t``, milliseconds since the game began,
supplied by the caller and never decreasing. A state keeps a ``Clock``: the last ``t`` applied
and the open ``Window`` (its kind and deadline), if any. Before changing anything, ``apply``
calls ``clock.check_event(t)`` for an ordinary event or ``clock.check_timeout(t)`` for
``timeout``; both raise the typed refusals of ``games.das_spiel.errors``. After the change it
stores ``clock.at(t)``, ``clock.opened(kind, t, length_ms)`` or ``clock.closed(t)``.

The bot's side of the contract: before applying an event stamped ``t``, apply ``timeout`` first
if ``clock.due(t)``; when a deadline passes with no event, apply ``timeout`` from a timer.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.das_spiel.errors import NoWindowOpen, PastDeadline, TimeoutTooEarly, TimeWentBack

__all__ = ["Clock", "Window"]


@dataclass(frozen=True, slots=True)
class Window:
    kind: str  # the game's name for it, e.g. "round", "call", "place"
    deadline: int  # ms; events must come before it, ``timeout`` at or after it


@dataclass(frozen=True, slots=True)
class Clock:
    now: int = 0  # the ``t`` of the last event applied
    window: Window | None = None

    @property
    def deadline(self) -> int | None:
        return None if self.window is None else self.window.deadline

    def due(self, t: int) -> bool:
        """Whether a ``timeout`` must be applied before an event stamped ``t``."""
        return self.window is not None and t >= self.window.deadline

    def _check_order(self, t: int) -> None:
        if t < self.now:
            raise TimeWentBack(f"time went back: t={t} after t={self.now}")

    def check_event(self, t: int) -> None:
        """Refuse an ordinary event stamped ``t`` if time went back or the window has run out."""
        self._check_order(t)
        if self.window is not None and t >= self.window.deadline:
            raise PastDeadline(f"the {self.window.kind} window runs until t={self.window.deadline}")

    def check_timeout(self, t: int) -> None:
        """Refuse ``timeout`` at ``t`` unless a window is open and its deadline has come."""
        self._check_order(t)
        if self.window is None:
            raise NoWindowOpen("no window is open, so nothing can time out")
        if t < self.window.deadline:
            raise TimeoutTooEarly(
                f"the {self.window.kind} window runs until t={self.window.deadline}, not {t}"
            )

    def at(self, t: int) -> Clock:
        return Clock(t, self.window)

    def opened(self, kind: str, t: int, length_ms: int) -> Clock:
        return Clock(t, Window(kind, t + length_ms))

    def closed(self, t: int) -> Clock:
        return Clock(t, None)
