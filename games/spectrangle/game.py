"""A Spectrangle game: setup + event log + the state they produce, with chance from an injected RNG.

This is the object the bot and the AI use: ``legal_actions()`` and ``apply(action)``, in the
manner of python-chess's ``Board``. The setup fixes the bag order, so the only chance left in
play is where an exchanged tile goes back; the log records it, and the log alone rebuilds the
state (``Game.from_dict``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from games.common.chance import Chance, SeededChance
from games.common.errors import RecordError
from games.spectrangle.actions import (
    Action,
    Event,
    Exchange,
    Exchanged,
    Pass,
    Place,
    Resign,
    event_from_dict,
    event_to_dict,
)
from games.spectrangle.state import (
    MAX_SEATS,
    MIN_SEATS,
    PLACEMENT_IDS,
    SOLO_SEATS,
    EndReason,
    PlacedTile,
    SpectrangleState,
    TurnSummary,
    deal,
    start_seat,
)
from games.spectrangle.tiles import TILE_CODES

_TILE_INDEX = {code: i for i, code in enumerate(TILE_CODES)}


@dataclass(frozen=True, slots=True)
class Setup:
    """How the game began: the seats, the team option and the bag order (``bag[0]`` first).

    ``daily`` (a UTC date, ``YYYY-MM-DD``) makes it that day's solo challenge: one seat, and an
    exchanged tile goes back where the setup and the turn say, whatever RNG is injected.
    """

    seats: int
    bag: tuple[str, ...]
    teams: bool = False
    seed: int | None = None  # for information: the seed that shuffled the bag
    daily: str | None = None

    def __post_init__(self) -> None:
        if self.daily is not None:
            date.fromisoformat(self.daily)  # a real date, or ValueError
            if self.seats != SOLO_SEATS or self.teams:
                raise ValueError(f"the daily challenge has one player, not {self.seats}")
        elif not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise ValueError(
                f"Spectrangle is for {MIN_SEATS}–{MAX_SEATS} players, not {self.seats}"
            )
        if self.teams and self.seats != 4:
            raise ValueError("the team game needs exactly 4 players")
        if sorted(self.bag) != sorted(TILE_CODES):
            raise ValueError("the bag must hold each of the 36 tile codes once")

    @property
    def start_seat(self) -> int:
        """The seat with the highest first tile (ties: second, third, fourth tile, lowest seat)."""
        return start_seat(deal([_TILE_INDEX[c] for c in self.bag], self.seats))

    def to_dict(self) -> dict[str, Any]:
        daily: dict[str, Any] = {} if self.daily is None else {"daily": self.daily}
        return {
            "seats": self.seats,
            "teams": self.teams,
            "bag": list(self.bag),
            "seed": self.seed,
            **daily,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Setup:
        try:
            seed = data.get("seed")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
                raise TypeError(f"seed {seed!r} is not an integer")
            seats = data["seats"]
            if not isinstance(seats, int) or isinstance(seats, bool):
                raise TypeError(f"seats {seats!r} is not an integer")
            bag = data["bag"]
            if not isinstance(bag, list) or not all(isinstance(c, str) for c in bag):
                raise TypeError("the bag is a list of tile codes")
            teams = data.get("teams", False)
            if not isinstance(teams, bool):
                raise TypeError(f"teams {teams!r} is not true or false")
            daily = data.get("daily")
            if daily is not None and not isinstance(daily, str):
                raise TypeError(f"daily {daily!r} is not a date")
            return cls(seats, tuple(bag), teams, seed, daily)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"not a Spectrangle game setup: {exc}") from exc


class _PlaceActions:
    """One shared ``Place`` per (seat, tile, field, rotation), made on first use.

    Actions are frozen values, and the first move alone offers 324 of them: sharing instances
    keeps ``legal_actions`` cheap (the bot and the AI call it after every event). A memo of
    immutable values, so sharing it between games is safe.
    """

    def __init__(self) -> None:
        self._table: list[Place | None] = [None] * (MAX_SEATS * PLACEMENT_IDS)

    def get(self, seat: int, ids: list[int]) -> list[Action]:
        table = self._table
        offset = seat * PLACEMENT_IDS
        out: list[Action] = []
        append = out.append
        for i in ids:
            place = table[offset + i]
            if place is None:
                t, rest = divmod(i, 108)
                place = table[offset + i] = Place(seat, TILE_CODES[t], rest // 3, rest % 3)
            append(place)
        return out


_PLACES = _PlaceActions()


class Game:
    """Setup, event log and state; every query the bot, AI and renderer need is here."""

    def __init__(self, setup: Setup, rng: Chance | None = None) -> None:
        self.setup = setup
        self.rng = rng
        self.state = SpectrangleState.from_codes(
            setup.seats, list(setup.bag), setup.teams, solo=setup.daily is not None
        )
        self.events: list[Event] = []

    @classmethod
    def new(
        cls,
        seats: int,
        seed: int | None = None,
        *,
        teams: bool = False,
        rng: Chance | None = None,
    ) -> Game:
        """Shuffle the tiles in table order with the seeded RNG and deal."""
        if rng is None:
            rng = SeededChance(seed)
        bag = tuple(rng.shuffled(TILE_CODES))
        return cls(Setup(seats, bag, teams, seed), rng)

    @classmethod
    def replay(cls, setup: Setup, events: list[Event], rng: Chance | None = None) -> Game:
        game = cls(setup, rng)
        for event in events:
            game.record(event)
        return game

    # ------------------------------------------------------------------ moves

    def apply(self, action: Action) -> Event:
        """Carry out a player's action; an exchange's return position comes from the RNG."""
        if isinstance(action, Exchange):
            state = self.state
            state.check_exchange(action.seat, action.tile)  # a refusal uses no randomness
            # After the draw ``len(bag) - 1`` tiles remain: ``len(bag)`` places to go back to.
            event: Event = Exchanged(action.seat, action.tile, self._chance().below(len(state.bag)))
        else:
            event = action
        self.record(event)
        return event

    def _chance(self) -> Chance:
        """The injected RNG; without one (a game loaded from the database or a record), or in
        the daily challenge, one seeded from the setup and the turn, so the game can go on and
        stays reproducible (the daily: the same choices give the same game)."""
        if self.rng is not None and self.setup.daily is None:
            return self.rng
        return SeededChance(f"{self.setup.seed}:{''.join(self.setup.bag)}:{len(self.events)}")

    def record(self, event: Event) -> TurnSummary | None:
        """Apply an event whose chance outcome is already known (replays, records)."""
        result = self.state.apply(event)
        self.events.append(event)
        return result

    def legal_actions(self, distinct: bool = False) -> list[Action]:
        """The turn actions the seat on turn may take now (resigning is always open besides).

        Placements come first in hand order, then field, then rotation; ``distinct`` keeps one
        rotation of the single-colour tiles. Without a placement: pass, and an exchange per tile
        while the bag holds tiles.
        """
        state = self.state
        seat = state.current
        if seat is None:
            return []
        ids = state.placement_ids(seat, distinct)
        if ids:
            return _PLACES.get(seat, ids)
        actions: list[Action] = [Pass(seat)]
        if state.bag:
            actions.extend(Exchange(seat, TILE_CODES[t]) for t in state.hands[seat])
        return actions

    def legal_placements(self, tile: str | None = None, distinct: bool = True) -> list[Place]:
        """The placements of the seat on turn, optionally of one tile (for the field select)."""
        seat = self.state.current
        if seat is None:
            return []
        ids = self.state.placement_ids(seat, distinct)
        if tile is not None:
            t = self.state.tile_index(tile)
            ids = [i for i in ids if i // 108 == t]
        return _PLACES.get(seat, ids)  # type: ignore[return-value]

    def copy(self) -> Game:
        """An independent game with the same setup, log and state (sharing the injected RNG)."""
        other = Game.__new__(Game)
        other.setup = self.setup
        other.rng = self.rng
        other.state = self.state.copy()
        other.events = list(self.events)
        return other

    def resign(self, seat: int) -> None:
        self.record(Resign(seat))

    # ---------------------------------------------------------------- queries

    @property
    def current_seat(self) -> int | None:
        return self.state.current

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def end_reason(self) -> EndReason | None:
        return self.state.end_reason

    @property
    def scores(self) -> list[int]:
        return self.state.scores

    @property
    def team_scores(self) -> list[int] | None:
        return self.state.team_scores

    def winners(self) -> list[int]:
        return self.state.winners()

    def standings(self) -> list[int]:
        return self.state.standings()

    @property
    def hands(self) -> list[tuple[str, ...]]:
        return self.state.hand_codes

    @property
    def bag_count(self) -> int:
        return self.state.bag_count

    @property
    def board(self) -> tuple[PlacedTile | None, ...]:
        return self.state.board

    @property
    def last_placement(self) -> TurnSummary | None:
        return self.state.last_placement

    @property
    def history(self) -> list[TurnSummary]:
        return self.state.history

    # ------------------------------------------------------------- persistence

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "spectrangle",
            "setup": self.setup.to_dict(),
            "events": [event_to_dict(e) for e in self.events],
        }

    @classmethod
    def from_dict(cls, data: Any, rng: Chance | None = None) -> Game:
        """Rebuild from the log; an event the rules refuse raises its ``IllegalAction``."""
        if not isinstance(data, dict) or data.get("game") != "spectrangle":
            raise RecordError("not a saved Spectrangle game")
        events = data.get("events")
        if not isinstance(events, list):
            raise RecordError("a saved game needs a list of events")
        setup = Setup.from_dict(data.get("setup"))
        return cls.replay(setup, [event_from_dict(e) for e in events], rng)
