"""What the six engines share, so each game module holds only its own rules.

- ``check_seat`` / ``check_turn``: the refusals every action starts with, worded once;
  ``check_die`` / ``check_dice``: a rolled value (chance events the bot draws); ``where``.
- ``SlotState``: a state held in slots that copies itself slot by slot (the lists it names
  copied, the rest immutable), for probes, AIs and views.
- ``TimedState``: a race game's state with a ``clock`` (``games.das_spiel.timing``) and a
  ``phase`` whose value ``"over"`` ends the game; the ``Timeout`` action, and ``legal_actions``
  at a time ``t`` (only the timeout once the deadline has come).
- ``LoggedGame``: the game object, a state that applies actions, the log of the accepted ones,
  its copy, the replay answers (``games.das_spiel.record.ReplayableState``) and the record's
  events both ways; a game subclasses it, sets ``state`` and ``log``, names ``GAME`` and
  ``EVENTS`` (record event type → action class) and implements ``standings``. ``TimedGame``
  adds the time of ``legal_actions``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from games.common.errors import GameOver, IllegalAction, NotInGame, NotYourTurn
from games.das_spiel import geometry as g
from games.das_spiel.pyramid import Pyramid
from games.das_spiel.record import SCHEMAS, RecordEvent, ReplayableState, record_json
from games.das_spiel.setup import pyramid_texts
from games.das_spiel.timing import Clock

__all__ = [
    "LoggedGame",
    "SlotState",
    "TimedGame",
    "TimedState",
    "Timeout",
    "check_dice",
    "check_die",
    "check_seat",
    "check_turn",
    "where",
]

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


def check_die(value: int) -> None:
    """Refuse a roll of one die that no die shows."""
    if not 1 <= value <= 6:
        raise IllegalAction(f"a die shows 1 to 6, not {value}")


def check_dice(dice: tuple[int, ...]) -> None:
    """Refuse a roll of the three pearl dice that they cannot show."""
    if len(dice) != 3 or not all(1 <= v <= 6 for v in dice):
        raise IllegalAction(f"three dice show 1 to 6 each, not {dice}")


def where(pos: int) -> str:
    """A position for a refusal: its label, or the number when it is no position at all."""
    return g.LABELS[pos] if 0 <= pos < g.COUNT else str(pos)


class SlotState:
    """Base of a game state held in slots whose only mutable parts are the lists it names:
    ``LISTS`` (of ints or colours) and ``NESTED`` (lists of such lists). ``copy`` copies those
    and shares the rest; it runs inside the computer players' searches, so it stays this
    plain."""

    __slots__ = ()
    LISTS: ClassVar[tuple[str, ...]] = ()
    NESTED: ClassVar[tuple[str, ...]] = ()

    def copy(self: T) -> T:
        cls = type(self)
        other = cls.__new__(cls)
        for name in cls.__slots__:
            setattr(other, name, getattr(self, name))
        for name in cls.LISTS:
            setattr(other, name, list(getattr(self, name)))
        for name in cls.NESTED:
            setattr(other, name, [list(v) for v in getattr(self, name)])
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
    start_seat: int

    def apply(self, action: Any) -> Any: ...

    def legal_actions(self, *t: int | None) -> list[Any]: ...

    def copy(self) -> Any: ...


S = TypeVar("S", bound=_State)
A = TypeVar("A")
R = TypeVar("R", bound=_Result)
G = TypeVar("G", bound="LoggedGame[Any, Any, Any]")


class LoggedGame(ReplayableState, Generic[S, A, R]):
    """State + log. ``apply`` logs only what the state accepted (refusals raise, GEN-6).

    A record event and its action carry the same fields under the same names (the event's
    ``seat`` and ``t`` too), except those ``RENAMED`` (record field → action attribute)."""

    GAME: ClassVar[str]  # the record's game name
    EVENTS: ClassVar[Mapping[str, type]]  # record event type → action class
    RENAMED: ClassVar[Mapping[str, str]] = {}
    state: S
    log: list[A]

    def apply(self, action: A) -> R:
        result: R = self.state.apply(action)
        self.log.append(action)
        return result

    def legal_actions(self) -> list[A]:
        return self.state.legal_actions()

    def copy(self: G) -> G:
        """An independent game: the state copied, the log too, the set-up shared (immutable)."""
        other = copy.copy(self)
        other.state = self.state.copy()
        other.log = list(self.log)
        return other

    def action_of(self, event: RecordEvent) -> A:
        """The engine action of a shape-checked record event."""
        fields = {self.RENAMED.get(k, k): v for k, v in event.fields.items()}
        if event.seat is not None:
            fields["seat"] = event.seat
        if event.t is not None:
            fields["t"] = event.t
        action: A = self.EVENTS[event.type](**fields)
        return action

    def record_event(self, action: A) -> RecordEvent:
        """The record event of an applied action."""
        kind = next(k for k, cls in self.EVENTS.items() if type(action) is cls)
        fields = {
            name: getattr(action, self.RENAMED.get(name, name))
            for name, _kind in SCHEMAS[self.GAME].events[kind]
        }
        return RecordEvent(kind, getattr(action, "seat", None), getattr(action, "t", None), fields)

    def apply_record_event(self, event: RecordEvent) -> dict[str, Any]:
        return self.apply(self.action_of(event)).fields()

    def record(
        self,
        players: Sequence[str],
        *,
        seed: int | None = None,
        setup: Pyramid | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The game's record (RECORD-FORMAT.md) with its log: the set-up as ``seed``, else as
        the dice of ``setup`` (games with one), and the game's ``options``."""
        return record_json(
            self.GAME,
            list(players),
            [self.record_event(a) for a in self.log],
            start_seat=self.state.start_seat,
            seed=seed,
            dice=None if seed is not None or setup is None else pyramid_texts(setup),
            options=options,
        )


class TimedGame(LoggedGame[S, A, R]):
    """A race game: its legal actions depend on the time ``t`` (``TimedState``)."""

    def legal_actions(self, t: int | None = None) -> list[A]:  # type: ignore[override]
        return self.state.legal_actions(t)
