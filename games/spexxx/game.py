"""A Spexxx game: setup + event log + the state they produce, with dice from an injected RNG.

This is the object the bot and the AI use: ``legal_actions()`` and ``apply(action)``, in the
manner of python-chess's ``Board``. The log alone rebuilds the state (``Game.from_dict``).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from games.common.dice import DiceRng, roll_off
from games.common.errors import RecordError
from games.spexxx.actions import (
    Action,
    Discard,
    Event,
    Hold,
    Place,
    Resign,
    Throw,
    Thrown,
    event_from_dict,
    event_to_dict,
)
from games.spexxx.board import GRID
from games.spexxx.combinations import ALLOWED_INDICES_BY_KEY, DICE_PER_THROW
from games.spexxx.daily_dice import DailyDice
from games.spexxx.scoring import PlacementScore
from games.spexxx.state import (
    MAX_SEATS,
    MAX_THROWS,
    MIN_SEATS,
    SOLO_SEATS,
    SpexxxState,
    Variant,
)

ALL_HOLDS: tuple[frozenset[int], ...] = tuple(
    frozenset(c) for k in range(DICE_PER_THROW) for c in combinations(range(DICE_PER_THROW), k)
)  # every hold that still leaves a die to throw

# Actions are frozen values, so ``legal_actions`` hands out shared instances instead of building
# some 60 objects per call (the bot and AI call it after every event).
_SEATS = range(MAX_SEATS)
_THROW = tuple(Throw(s) for s in _SEATS)
_DISCARD = tuple(Discard(s) for s in _SEATS)
_PLACE = tuple(tuple(None if sq is None else Place(s, sq.name) for sq in GRID) for s in _SEATS)
_ALL_SUBSETS = (*ALL_HOLDS, frozenset(range(DICE_PER_THROW)))
# _HOLDS_OTHER_THAN[seat][held]: every hold but the current one, in ``ALL_HOLDS`` order.
_HOLDS = tuple(tuple(Hold(s, h) for h in ALL_HOLDS) for s in _SEATS)
_HOLDS_OTHER_THAN = tuple(
    {held: tuple(h for h in _HOLDS[s] if h.dice != held) for held in _ALL_SUBSETS} for s in _SEATS
)


@dataclass(frozen=True, slots=True)
class Setup:
    """How the game began: fixed before the first turn, so it is not an event.

    ``daily`` (a UTC date, ``YYYY-MM-DD``) makes it that day's solo challenge: one seat, and
    dice from ``DailyDice`` instead of the injected RNG.
    """

    variant: Variant
    seats: int
    start_seat: int
    roll_off: tuple[tuple[int | None, ...], ...] = ()
    daily: str | None = None

    def to_dict(self) -> dict[str, Any]:
        daily: dict[str, Any] = {} if self.daily is None else {"daily": self.daily}
        return {
            "variant": self.variant.value,
            "seats": self.seats,
            "start_seat": self.start_seat,
            "roll_off": [list(r) for r in self.roll_off],
            **daily,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Setup:
        try:
            setup = cls(
                Variant(data["variant"]),
                int(data["seats"]),
                int(data["start_seat"]),
                tuple(tuple(r) for r in data.get("roll_off", ())),
                _daily(data.get("daily")),
            )
            low, high = (
                (SOLO_SEATS, SOLO_SEATS) if setup.daily is not None else (MIN_SEATS, MAX_SEATS)
            )
            if not low <= setup.seats <= high or not 0 <= setup.start_seat < setup.seats:
                raise ValueError(f"{setup.seats} seats, start seat {setup.start_seat}")
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"not a Spexxx game setup: {exc}") from exc
        return setup


def _daily(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"daily {value!r} is not a date")
    return DailyDice(value).day  # checks it is a real date


class Game:
    def __init__(self, setup: Setup, rng: DiceRng | None = None) -> None:
        self.setup = setup
        self.rng = rng
        self.state = SpexxxState.new(
            setup.variant, setup.seats, setup.start_seat, solo=setup.daily is not None
        )
        self.events: list[Event] = []
        self.daily_dice = None if setup.daily is None else DailyDice(setup.daily)

    @classmethod
    def daily(cls, day: str) -> Game:
        """The day's solo challenge (``day`` a UTC date, ``YYYY-MM-DD``): adult cubes for two."""
        return cls(Setup(Variant.ADULT, SOLO_SEATS, 0, (), DailyDice(day).day))

    @classmethod
    def new(cls, seats: int, rng: DiceRng, variant: Variant = Variant.ADULT) -> Game:
        """Start a game: the roll-off picks the start player with the same dice."""
        start, rounds = roll_off(seats, rng)
        return cls(Setup(variant, seats, start, rounds), rng)

    @classmethod
    def replay(cls, setup: Setup, events: list[Event], rng: DiceRng | None = None) -> Game:
        game = cls(setup, rng)
        for event in events:
            game.record(event)
        return game

    # ------------------------------------------------------------------ moves

    def apply(self, action: Action) -> Event:
        """Carry out a player's action; the dice of a throw come from the RNG."""
        if isinstance(action, Throw):
            event: Event = self._roll(action.seat)
        else:
            event = action
        self.record(event)
        return event

    def record(self, event: Event) -> PlacementScore | None:
        """Apply an event whose chance outcome is already known (replays, records)."""
        result = self.state.apply(event)
        self.events.append(event)
        return result

    def _roll(self, seat: int) -> Thrown:
        state = self.state
        if self.daily_dice is not None:  # the day's dice: the injected RNG plays no part
            state._check_can_throw(seat)
            dice = self.daily_dice.throw(state.turn, len(state.throws), state.held, state.dice)
            return Thrown(seat, dice)
        if self.rng is None:
            raise RuntimeError("this game has no dice: it was loaded for replay only")
        state._check_can_throw(seat)  # a refused throw must not consume the seeded dice
        held = state.held
        if not state.throws or not held:
            return Thrown(seat, self.rng.roll(DICE_PER_THROW))
        previous = state.throws[-1]
        fresh = iter(self.rng.roll(DICE_PER_THROW - len(held)))
        return Thrown(seat, tuple(previous[i] if i in held else next(fresh) for i in range(5)))

    def legal_actions(self) -> list[Action]:
        """The turn actions the seat on turn may take now (resigning is always open besides)."""
        state = self.state
        seat = state.current
        if seat is None:
            return []
        if not state.throws:
            return [_THROW[seat]]
        actions: list[Action] = []
        if len(state.throws) < MAX_THROWS:
            held = state.held
            if len(held) < DICE_PER_THROW:
                actions.append(_THROW[seat])
            holds = _HOLDS_OTHER_THAN[seat].get(held)
            if holds is None:  # a hold no move can make (a hand-edited save): build it
                holds = tuple(Hold(seat, h) for h in ALL_HOLDS if h != held)
            actions.extend(holds)
        places = _PLACE[seat]
        owners = state.owners
        before = len(actions)
        actions.extend(
            places[i]  # type: ignore[misc]
            for i in ALLOWED_INDICES_BY_KEY[tuple(sorted(state.throws[-1]))]
            if owners[i] < 0
        )
        if len(actions) == before:
            actions.append(_DISCARD[seat])
        return actions

    def resign(self, seat: int) -> None:
        self.record(Resign(seat))

    # ------------------------------------------------------------- persistence

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "spexxx",
            "setup": self.setup.to_dict(),
            "events": [event_to_dict(e) for e in self.events],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: DiceRng | None = None) -> Game:
        """Rebuild from the log; an event the rules refuse raises its ``IllegalAction``."""
        if not isinstance(data, dict) or data.get("game") != "spexxx":
            raise RecordError("not a saved Spexxx game")
        events = data.get("events")
        if not isinstance(events, list):
            raise RecordError("a saved game needs a list of events")
        setup = Setup.from_dict(data.get("setup"))
        return cls.replay(setup, [event_from_dict(e) for e in events], rng)
