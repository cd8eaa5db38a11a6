"""The Spexxx state machine: a state plus ``apply(event)`` that validates first, then mutates.

Every refusal raises a typed ``IllegalAction`` before anything changes, so a refused event
leaves the state exactly as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from itertools import product
from typing import Any

from games.common.errors import RecordError
from games.common.seats import next_seat
from games.spexxx import errors
from games.spexxx.actions import Discard, Event, Hold, Place, Resign, Thrown
from games.spexxx.board import GRID, GRID_SIZE, Square, get_square
from games.spexxx.combinations import (
    ALLOWED_BY_KEY,
    ALLOWED_INDICES_BY_KEY,
    DICE_PER_THROW,
    iter_mask,
)
from games.spexxx.scoring import (
    BlockScore,
    Direction,
    LineScore,
    PlacementScore,
    score_placement,
)

MAX_THROWS = 4
MIN_SEATS = 2
MAX_SEATS = 4
SOLO_SEATS = 1  # the daily challenge: one player, with the 2-player cube count


class Variant(Enum):
    ADULT = "adult"
    CHILDREN = "children"


_VALID_THROWS = frozenset(product(range(1, 7), repeat=DICE_PER_THROW))
_INT_ONLY = {int}
_DIE_INDICES = frozenset(range(DICE_PER_THROW))


CUBES_PER_PLAYER: dict[Variant, dict[int, int]] = {
    Variant.ADULT: {2: 23, 3: 18, 4: 16},
    Variant.CHILDREN: {2: 12, 3: 12, 4: 10},
}


@dataclass(slots=True)
class TurnSummary:
    """One finished turn: who, the dice after each throw, and what it did."""

    seat: int
    throws: tuple[tuple[int, ...], ...]
    square: int | None  # grid index; None for a discard
    points: int


@dataclass(slots=True)
class SpexxxState:
    variant: Variant
    seats: int
    start_seat: int
    cubes_left: list[int]
    scores: list[int] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    resigned: list[bool] = field(default_factory=list)
    owners: list[int] = field(default_factory=lambda: [-1] * GRID_SIZE)
    occupied: int = 0
    own_masks: list[int] = field(default_factory=list)
    block_masks: list[int] = field(default_factory=list)  # squares of bonus-earning 3×3 blocks
    current: int | None = None  # seat on turn; None once the game is over
    throws: list[tuple[int, ...]] = field(default_factory=list)  # this turn's throws so far
    held: frozenset[int] = frozenset()
    history: list[TurnSummary] = field(default_factory=list)
    last_score: PlacementScore | None = None  # the latest placement's breakdown
    solo: bool = False  # the daily challenge's one-player game

    @classmethod
    def new(
        cls, variant: Variant, seats: int, start_seat: int, *, solo: bool = False
    ) -> SpexxxState:
        """A new game; ``solo`` is the daily challenge: one seat with the 2-player cubes."""
        if solo and seats != SOLO_SEATS:
            raise ValueError(f"the solo game has one player, not {seats}")
        if not solo and not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"Spexxx is for {MIN_SEATS}–{MAX_SEATS} players, not {seats}")
        if not 0 <= start_seat < seats:
            raise ValueError(f"start seat {start_seat} is not one of the {seats} seats")
        cubes = CUBES_PER_PLAYER[variant][MIN_SEATS if solo else seats]
        return cls(
            variant=variant,
            seats=seats,
            start_seat=start_seat,
            cubes_left=[cubes] * seats,
            scores=[0] * seats,
            discards=[0] * seats,
            resigned=[False] * seats,
            own_masks=[0] * seats,
            block_masks=[0] * seats,
            current=start_seat,
            solo=solo,
        )

    # ----------------------------------------------------------------- queries

    @property
    def finished(self) -> bool:
        return self.current is None

    @property
    def turn(self) -> int:
        """Number of turns completed; the turn now being played has this 0-based number."""
        return len(self.history)

    @property
    def dice(self) -> tuple[int, ...] | None:
        return self.throws[-1] if self.throws else None

    @property
    def throws_left(self) -> int:
        return MAX_THROWS - len(self.throws)

    def cubes_per_player(self) -> int:
        return CUBES_PER_PLAYER[self.variant][MIN_SEATS if self.solo else self.seats]

    def allowed_mask(self) -> int:
        """Empty squares the current dice allow (0 before the first throw)."""
        if not self.throws:
            return 0
        return ALLOWED_BY_KEY[tuple(sorted(self.throws[-1]))] & ~self.occupied

    def allowed_squares(self) -> list[Square]:
        """Empty squares the current dice allow, in index order (bottom row first)."""
        if not self.throws:
            return []
        owners = self.owners
        return [
            GRID[i]  # type: ignore[misc]
            for i in ALLOWED_INDICES_BY_KEY[tuple(sorted(self.throws[-1]))]
            if owners[i] < 0
        ]

    def active_seats(self) -> list[int]:
        return [s for s in range(self.seats) if not self.resigned[s]]

    def winners(self) -> list[int]:
        """Seats sharing the highest score among those still in the game; [] until it ends."""
        if not self.finished:
            return []
        active = self.active_seats()
        if not active:
            return []
        best = max(self.scores[s] for s in active)
        return [s for s in active if self.scores[s] == best]

    def standings(self) -> list[int]:
        """Seats best first: players still in by score, then those who resigned (by score)."""
        return sorted(range(self.seats), key=lambda s: (self.resigned[s], -self.scores[s], s))

    def owner_of(self, square: Square | int) -> int | None:
        index = square if isinstance(square, int) else square.index
        owner = self.owners[index]
        return None if owner < 0 else owner

    # ------------------------------------------------------------------ events

    def apply(self, event: Event) -> PlacementScore | None:
        """Validate ``event`` and apply it; return the breakdown for a placement."""
        # An isinstance chain, most frequent first: cheaper than ``match`` with class patterns.
        if isinstance(event, Thrown):
            self._throw(event.seat, event.dice)
        elif isinstance(event, Place):
            return self._place(event.seat, event.square)
        elif isinstance(event, Hold):
            self._hold(event.seat, event.dice)
        elif isinstance(event, Discard):
            self._discard(event.seat)
        elif isinstance(event, Resign):
            self._resign(event.seat)
        else:
            raise TypeError(f"not a Spexxx event: {event!r}")
        return None

    def _check_turn(self, seat: int) -> None:
        if self.current is None:
            raise errors.GameOver("the game is over")
        if not 0 <= seat < self.seats or self.resigned[seat]:
            raise errors.NotInGame(f"seat {seat} is not playing in this game")
        if seat != self.current:
            raise errors.NotYourTurn(f"it is not your turn (seat {self.current} is on turn)")

    def _check_thrown(self) -> None:
        if not self.throws:
            raise errors.MustThrowFirst("throw the dice first")

    def _check_can_throw(self, seat: int) -> None:
        """Refuse a throw before any dice roll, so a refused throw uses up no random numbers."""
        self._check_turn(seat)
        if len(self.throws) >= MAX_THROWS:
            raise errors.NoThrowsLeft(f"all {MAX_THROWS} throws are used; place or discard")
        if self.throws and len(self.held) == DICE_PER_THROW:
            raise errors.AllDiceHeld("all five dice are held; release one to throw")

    def _throw(self, seat: int, dice: tuple[int, ...]) -> None:
        self._check_turn(seat)
        if len(self.throws) >= MAX_THROWS:
            raise errors.NoThrowsLeft(f"all {MAX_THROWS} throws are used; place or discard")
        # One hash lookup for the values; the type test keeps out True and 1.0, which hash alike.
        if (
            len(dice) != DICE_PER_THROW
            or tuple(dice) not in _VALID_THROWS
            or set(map(type, dice)) != _INT_ONLY
        ):
            raise errors.BadDice(f"a throw is five dice from 1 to 6, not {list(dice)}")
        if self.throws:
            if len(self.held) == DICE_PER_THROW:
                raise errors.AllDiceHeld("all five dice are held; release one to throw")
            previous = self.throws[-1]
            if any(dice[i] != previous[i] for i in self.held):
                raise errors.BadDice("a held die changed value")
        self.throws.append(tuple(dice))

    def _hold(self, seat: int, dice: frozenset[int]) -> None:
        self._check_turn(seat)
        self._check_thrown()
        if len(self.throws) >= MAX_THROWS:
            raise errors.NoThrowsLeft("no throws are left, so holding dice changes nothing")
        held = frozenset(dice)
        # Subset test for the values; the type test keeps out True, which equals 1.
        if not held <= _DIE_INDICES or not set(map(type, held)) <= _INT_ONLY:
            # key=repr: the refusal must not itself fail on a mix such as {1, "a"}.
            raise errors.BadDice(f"dice are numbered 0–4, not {sorted(held, key=repr)}")
        self.held = held

    def _place(self, seat: int, name: str) -> PlacementScore:
        self._check_turn(seat)
        self._check_thrown()
        sq = get_square(name) if isinstance(name, str) else None
        if sq is None:
            raise errors.NoSuchSquare(f"{name} is not a square on the board")
        bit = 1 << sq.index
        if self.occupied & bit:
            raise errors.SquareOccupied(f"square {sq.name} is already taken")
        dice = self.throws[-1]
        if not ALLOWED_BY_KEY[tuple(sorted(dice))] & bit:
            shown = " ".join(map(str, dice))
            raise errors.SquareNotAllowed(
                f"square {sq.name} needs {sq.requirement}; the dice {shown} do not allow it"
            )
        self.owners[sq.index] = seat
        self.occupied |= bit
        self.own_masks[seat] |= bit
        result = score_placement(
            self.owners, seat, sq.index, self.own_masks[seat], self.block_masks[seat]
        )
        if result.block is not None:
            for cell in result.block.squares:
                self.block_masks[seat] |= 1 << cell
        points = result.points
        self.scores[seat] += points
        self.last_score = result
        self._end_turn(seat, sq.index, points)
        return result

    def _discard(self, seat: int) -> None:
        self._check_turn(seat)
        self._check_thrown()
        allowed = self.allowed_mask()
        if allowed:
            names = ", ".join(sq.name for sq in iter_mask(allowed))
            raise errors.MustPlace(f"you cannot discard: the dice allow {names}")
        self.discards[seat] += 1
        self._end_turn(seat, None, 0)

    def _end_turn(self, seat: int, square: int | None, points: int) -> None:
        self.history.append(TurnSummary(seat, tuple(self.throws), square, points))
        self.cubes_left[seat] -= 1
        self.throws = []
        self.held = frozenset()
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        active = [not r and c > 0 for r, c in zip(self.resigned, self.cubes_left, strict=True)]
        self.current = next_seat(seat, active)

    def _resign(self, seat: int) -> None:
        """The seat leaves: its cubes stay on the board as obstacles, its unplayed cubes go.

        Its score is kept for the record but it cannot win. With fewer than two players left
        the game ends at once.
        """
        if self.current is None:
            raise errors.GameOver("the game is over")
        if not 0 <= seat < self.seats or self.resigned[seat]:
            raise errors.NotInGame(f"seat {seat} is not playing in this game")
        self.resigned[seat] = True
        self.cubes_left[seat] = 0
        if len(self.active_seats()) < MIN_SEATS:
            self.current = None
        elif seat == self.current:
            self.throws = []
            self.held = frozenset()
            self._advance(seat)

    # ------------------------------------------------------------- persistence

    def copy(self) -> SpexxxState:
        return SpexxxState(
            variant=self.variant,
            seats=self.seats,
            start_seat=self.start_seat,
            cubes_left=list(self.cubes_left),
            scores=list(self.scores),
            discards=list(self.discards),
            resigned=list(self.resigned),
            owners=list(self.owners),
            occupied=self.occupied,
            own_masks=list(self.own_masks),
            block_masks=list(self.block_masks),
            current=self.current,
            throws=list(self.throws),
            held=self.held,
            history=[TurnSummary(t.seat, t.throws, t.square, t.points) for t in self.history],
            last_score=self.last_score,
            solo=self.solo,
        )

    def to_dict(self) -> dict[str, Any]:
        solo: dict[str, Any] = {"solo": True} if self.solo else {}  # only where it is one
        return {
            **solo,
            "variant": self.variant.value,
            "seats": self.seats,
            "start_seat": self.start_seat,
            # Copies: a saved dict must not change when the game goes on.
            "cubes_left": list(self.cubes_left),
            "scores": list(self.scores),
            "discards": list(self.discards),
            "resigned": list(self.resigned),
            "board": {GRID[i].name: o for i, o in enumerate(self.owners) if o >= 0},  # type: ignore[union-attr]
            "blocks": [_mask_names(m) for m in self.block_masks],
            "current": self.current,
            "throws": [list(t) for t in self.throws],
            "held": sorted(self.held),
            "history": [
                {
                    "seat": t.seat,
                    "throws": [list(d) for d in t.throws],
                    "square": None if t.square is None else GRID[t.square].name,  # type: ignore[union-attr]
                    "points": t.points,
                }
                for t in self.history
            ],
            "last_score": None if self.last_score is None else _score_to_dict(self.last_score),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SpexxxState:
        try:
            solo = data.get("solo", False) is True
            state = cls.new(Variant(data["variant"]), data["seats"], data["start_seat"], solo=solo)
            state.cubes_left = list(data["cubes_left"])
            state.scores = list(data["scores"])
            state.discards = list(data["discards"])
            state.resigned = [bool(r) for r in data["resigned"]]
            for name, seat in data["board"].items():
                index = _index(name)
                state.owners[index] = seat
                state.occupied |= 1 << index
                state.own_masks[seat] |= 1 << index
            state.block_masks = [_names_mask(names) for names in data["blocks"]]
            state.current = data["current"]
            state.throws = [tuple(t) for t in data["throws"]]
            state.held = frozenset(data["held"])
            state.history = [
                TurnSummary(
                    h["seat"],
                    tuple(tuple(d) for d in h["throws"]),
                    None if h["square"] is None else _index(h["square"]),
                    h["points"],
                )
                for h in data["history"]
            ]
            last = data["last_score"]
            state.last_score = None if last is None else _score_from_dict(last)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"not a saved Spexxx state: {exc}") from exc
        return state


def _index(name: str) -> int:
    sq = get_square(name)
    if sq is None:
        raise ValueError(f"no square {name!r}")
    return sq.index


def _mask_names(mask: int) -> list[str]:
    return [sq.name for sq in iter_mask(mask)]


def _names_mask(names: list[str]) -> int:
    return sum(1 << _index(n) for n in names)


def _names(indices: tuple[int, ...]) -> list[str]:
    return [GRID[i].name for i in indices]  # type: ignore[union-attr]


def _score_to_dict(score: PlacementScore) -> dict[str, Any]:
    return {
        "square": GRID[score.square].name,  # type: ignore[union-attr]
        "lines": [
            {
                "direction": line.direction.name.lower(),
                "squares": _names(line.squares),
                "scored": _names(line.scored_squares),
                "cube_points": line.cube_points,
                "length_bonus": line.length_bonus,
            }
            for line in score.lines
        ],
        "block": None if score.block is None else _names(score.block.squares),
    }


def _score_from_dict(data: dict[str, Any]) -> PlacementScore:
    return PlacementScore(
        square=_index(data["square"]),
        lines=tuple(
            LineScore(
                direction=Direction[line["direction"].upper()],
                squares=tuple(_index(n) for n in line["squares"]),
                scored_squares=tuple(_index(n) for n in line["scored"]),
                cube_points=line["cube_points"],
                length_bonus=line["length_bonus"],
            )
            for line in data["lines"]
        ),
        block=None
        if data["block"] is None
        else BlockScore(tuple(_index(n) for n in data["block"])),
    )
