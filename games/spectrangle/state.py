"""The Spectrangle state machine: a state plus ``apply(event)`` that validates first, then mutates.

Every refusal raises a typed ``IllegalAction`` before anything changes, so a refused event
leaves the state exactly as it was. Internally tiles are table indices and every empty field
keeps its constraint key (see ``placement``), so legality and the end-of-game test are lookups.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.common.errors import GameOver, NotInGame, NotYourTurn, RecordError
from games.common.seats import next_seat
from games.spectrangle import errors
from games.spectrangle.actions import Event, Exchanged, Pass, Place, Resign
from games.spectrangle.board import FIELD_COUNT, FIELDS, FIRST_MOVE_FIELDS
from games.spectrangle.placement import (
    ALL_TILES,
    ANY_FIT,
    BONUS,
    COLOUR_LETTER,
    FIT_BITS,
    NONE,
    OPEN_KEY,
    ROTATED,
    ROTATIONS_OF,
    SLOT_NEIGHBOURS,
    SLOT_WEIGHT,
    TILE_BIT,
    TOUCHING,
    VALUES,
    key_colours,
    matches,
)
from games.spectrangle.tiles import TILE_BY_CODE, TILE_CODES, TILES

MIN_SEATS = 2
SOLO_SEATS = 1  # the daily challenge: one player against the day's bag
MAX_SEATS = 4
HAND_SIZE = 4
_EMPTY = -1
_SINGLE_COLOUR = tuple(len(set(t.code)) == 1 for t in TILES)
PLACEMENT_IDS = len(TILES) * FIELD_COUNT * 3


def placement_id(tile: int, field: int, rotation: int) -> int:
    """One int per (tile index, field, rotation): ``(tile · 36 + field) · 3 + rotation``."""
    return (tile * FIELD_COUNT + field) * 3 + rotation


_FIRST_IDS = tuple(
    tuple(placement_id(t, f, k) for f in FIRST_MOVE_FIELDS for k in range(3))
    for t in range(len(TILES))
)
_FIRST_IDS_DISTINCT = tuple(
    tuple(
        placement_id(t, f, k)
        for f in FIRST_MOVE_FIELDS
        for k in ((0,) if _SINGLE_COLOUR[t] else (0, 1, 2))
    )
    for t in range(len(TILES))
)
_TILE_INDEX = {t.code: t.index for t in TILES}


class EndReason(StrEnum):
    NO_MOVES = "no_moves"  # bag empty and nobody can place (includes a full board)
    DEAD_BOARD = "dead_board"  # tiles left in the bag, but no tile in play fits anywhere
    ALL_PASSED = "all_passed"  # a full round of passes
    RESIGNED = "resigned"  # fewer than two players (teams) left; not in RECORD-FORMAT.md


class TurnKind(StrEnum):
    PLACE = "place"
    EXCHANGE = "exchange"
    PASS = "pass"


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on the board: which, how turned, who laid it, on which turn, for how many points."""

    tile: str
    rotation: int
    seat: int
    turn: int
    points: int

    @property
    def sides(self) -> str:
        """Its colours clockwise from the field's horizontal side (e.g. ``"BRR"``)."""
        return self.tile[self.rotation :] + self.tile[: self.rotation]


@dataclass(frozen=True, slots=True)
class TurnSummary:
    """One turn: who, what, the points it scored and the tile it drew (None: bag was empty)."""

    seat: int
    kind: TurnKind
    tile: str | None = None  # laid or given back
    field: int | None = None
    rotation: int | None = None
    points: int = 0
    drew: str | None = None
    return_at: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind.value,
            "tile": self.tile,
            "field": self.field,
            "rotation": self.rotation,
            "points": self.points,
            "drew": self.drew,
            "return_at": self.return_at,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TurnSummary:
        return cls(
            data["seat"],
            TurnKind(data["kind"]),
            data["tile"],
            data["field"],
            data["rotation"],
            data["points"],
            data["drew"],
            data["return_at"],
        )


def deal(bag: list[int], seats: int) -> list[list[int]]:
    """Take ``HAND_SIZE`` rounds from the front of ``bag``, one tile per seat per round."""
    hands: list[list[int]] = [[] for _ in range(seats)]
    for i in range(HAND_SIZE * seats):
        hands[i % seats].append(bag[i])
    del bag[: HAND_SIZE * seats]
    return hands


def start_seat(hands: list[list[int]]) -> int:
    """Highest first tile starts; ties compare the second, third, fourth tile, then lowest seat."""
    return max(range(len(hands)), key=lambda s: (tuple(VALUES[t] for t in hands[s]), -s))


def _describe_mismatch(tile: int, field: int, rotation: int, other: int, other_sides: str) -> str:
    """The first side (clockwise from the horizontal one) that meets a different colour."""
    code = TILE_CODES[tile]
    mine = ROTATED[tile][rotation]
    f = FIELDS[field]
    for j, n in enumerate(f.slot_neighbours):
        if n == other:
            side = f.sides[j].value
            their_side = FIELDS[n].sides[j].value
            return (
                f"{code} rotation {rotation} on {field}: its {side} side {COLOUR_LETTER[mine[j]]}"
                f" meets the {their_side} side {other_sides[j]} of field {n}"
            )
    raise AssertionError("not a neighbour")  # pragma: no cover


class SpectrangleState:
    """The position: bag, hands, board, points, whose turn, and the turn history."""

    __slots__ = (
        "bag",
        "current",
        "end_reason",
        "frontier",
        "hands",
        "history",
        "keys",
        "out_of_play",
        "passes_in_a_row",
        "placed",
        "placed_points",
        "resignations",
        "resigned",
        "rotation_at",
        "seats",
        "start_seat",
        "teams",
        "tile_at",
    )

    def __init__(
        self, seats: int, bag: list[int], teams: bool = False, *, solo: bool = False
    ) -> None:
        """Deal from ``bag`` (tile indices, front drawn first) and find the start player;
        ``solo`` is the daily challenge's one seat (docs/spectrangle.md, "Daily challenge")."""
        if solo and seats != SOLO_SEATS:
            raise ValueError(f"the solo game has one player, not {seats}")
        if not solo and not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"Spectrangle is for {MIN_SEATS}–{MAX_SEATS} players, not {seats}")
        if teams and seats != 4:
            raise ValueError("the team game needs exactly 4 players")
        if sorted(bag) != list(range(len(TILES))):
            raise ValueError("the bag must hold each of the 36 tiles once")
        self.seats = seats
        self.teams = teams
        self.bag = list(bag)
        self.hands = deal(self.bag, seats)
        self.start_seat = start_seat(self.hands)
        self.current: int | None = self.start_seat
        self.tile_at = [_EMPTY] * FIELD_COUNT
        self.rotation_at = [0] * FIELD_COUNT
        self.placed: list[PlacedTile | None] = [None] * FIELD_COUNT
        self.keys = [OPEN_KEY] * FIELD_COUNT
        self.frontier: set[int] = set()  # empty fields with an occupied neighbour
        self.out_of_play = 0  # TILE_BIT mask: laid tiles and hands of resigned seats
        self.placed_points = [0] * seats
        self.resigned = [False] * seats
        self.resignations: list[tuple[int, int]] = []  # (seat, turns played before it)
        self.passes_in_a_row = 0
        self.end_reason: EndReason | None = None
        self.history: list[TurnSummary] = []

    @classmethod
    def from_codes(
        cls, seats: int, bag: list[str], teams: bool = False, *, solo: bool = False
    ) -> SpectrangleState:
        return cls(seats, [_TILE_INDEX[c] for c in bag], teams, solo=solo)

    # ----------------------------------------------------------------- queries

    @property
    def finished(self) -> bool:
        return self.current is None

    @property
    def current_seat(self) -> int | None:
        return self.current

    @property
    def turn(self) -> int:
        """Number of turns played; the turn now being played has this 0-based number."""
        return len(self.history)

    @property
    def occupied(self) -> int:
        return FIELD_COUNT - self.tile_at.count(_EMPTY)

    @property
    def bag_count(self) -> int:
        return len(self.bag)

    def hand(self, seat: int) -> tuple[str, ...]:
        """The seat's tiles in the order they came into the hand."""
        return tuple(TILE_CODES[t] for t in self.hands[seat])

    @property
    def hand_codes(self) -> list[tuple[str, ...]]:
        return [self.hand(s) for s in range(self.seats)]

    def bag_codes(self) -> list[str]:
        """The bag in draw order: secret while the game runs."""
        return [TILE_CODES[t] for t in self.bag]

    def bag_tiles(self) -> list[str]:
        """What is in the bag, in table order: what players may know (and a fair AI may use)."""
        return [TILE_CODES[t] for t in sorted(self.bag)]

    @property
    def board(self) -> tuple[PlacedTile | None, ...]:
        """Per field index: the tile on it, or None."""
        return tuple(self.placed)

    def sides_at(self, field: int) -> str | None:
        """The colours on ``field`` clockwise from its horizontal side, or None when empty."""
        placed = self.placed[field]
        return None if placed is None else placed.sides

    @property
    def last_placement(self) -> TurnSummary | None:
        return next((t for t in reversed(self.history) if t.kind is TurnKind.PLACE), None)

    @property
    def last_turn(self) -> TurnSummary | None:
        return self.history[-1] if self.history else None

    def active_seats(self) -> list[int]:
        return [s for s in range(self.seats) if not self.resigned[s]]

    def hand_value(self, seat: int) -> int:
        return sum(VALUES[t] for t in self.hands[seat])

    @property
    def penalties(self) -> list[int]:
        """Hand values deducted at the end; all 0 while the game runs."""
        if not self.finished:
            return [0] * self.seats
        return [self.hand_value(s) for s in range(self.seats)]

    @property
    def scores(self) -> list[int]:
        """Placement points minus, once the game is over, the tiles left in hand."""
        return [p - q for p, q in zip(self.placed_points, self.penalties, strict=True)]

    @property
    def team_scores(self) -> list[int] | None:
        """``[seat 0 + seat 2, seat 1 + seat 3]`` in a team game, else None."""
        if not self.teams:
            return None
        scores = self.scores
        return [scores[0] + scores[2], scores[1] + scores[3]]

    def team_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def _side_score(self, seat: int, scores: list[int]) -> int:
        if self.teams:
            return scores[seat % 2] + scores[seat % 2 + 2]
        return scores[seat]

    def _side_active(self, seat: int) -> bool:
        if self.teams:
            return not (self.resigned[seat % 2] and self.resigned[seat % 2 + 2])
        return not self.resigned[seat]

    def winners(self) -> list[int]:
        """Seats sharing the highest (team) score among those still in; [] until the game ends.

        In a team game both seats of the winning team are listed, all four on a tie.
        """
        if not self.finished:
            return []
        scores = self.scores
        contenders = [s for s in range(self.seats) if self._side_active(s)]
        if not contenders:
            return []
        best = max(self._side_score(s, scores) for s in contenders)
        return [s for s in contenders if self._side_score(s, scores) == best]

    def standings(self) -> list[int]:
        """Seats best first: sides still in by (team) score, then own score; resigned last."""
        scores = self.scores
        return sorted(
            range(self.seats),
            key=lambda s: (not self._side_active(s), -self._side_score(s, scores), -scores[s], s),
        )

    def score_progress(self) -> list[list[int]]:
        """Placement points by seat after each turn, starting from all zeros (for a score plot)."""
        running = [0] * self.seats
        out = [list(running)]
        for t in self.history:
            running[t.seat] += t.points
            out.append(list(running))
        return out

    def placement_ids(self, seat: int, distinct: bool = False) -> list[int]:
        """Every legal placement for ``seat``'s hand as ``placement_id(tile, field, rotation)``,
        in hand order, then field, then rotation (the fast form for move generators).

        ``distinct`` keeps one rotation of the single-colour tiles, whose rotations look alike.
        """
        hand = self.hands[seat]
        if not self.frontier:
            if self.tile_at.count(_EMPTY) != FIELD_COUNT:
                return []  # a full board
            first = _FIRST_IDS_DISTINCT if distinct else _FIRST_IDS
            out: list[int] = []
            for t in hand:
                out.extend(first[t])
            return out
        keys = self.keys
        fields = sorted(self.frontier)
        fits = [FIT_BITS[keys[f]] for f in fields]
        out = []
        append = out.append
        for t in hand:
            shift = 3 * t
            base = 108 * t
            single = distinct and _SINGLE_COLOUR[t]
            for f, bits in zip(fields, fits, strict=True):
                bits = bits >> shift & 7
                if not bits:
                    continue
                b = base + 3 * f
                if single:
                    append(b + ROTATIONS_OF[bits][0])
                elif bits == 7:
                    append(b)
                    append(b + 1)
                    append(b + 2)
                else:
                    for k in ROTATIONS_OF[bits]:
                        append(b + k)
        return out

    def placements(self, seat: int, distinct: bool = False) -> list[tuple[int, int, int]]:
        """Every legal (tile index, field, rotation) for ``seat``'s hand, hand order then field.

        ``distinct`` keeps one rotation of the single-colour tiles, whose rotations look alike.
        """
        return [(i // 108, i // 3 % 36, i % 3) for i in self.placement_ids(seat, distinct)]

    def fits(self, code: str, distinct: bool = False) -> list[tuple[int, int]]:
        """Every (field, rotation) where the tile ``code`` could be laid now, whoever holds it.

        For highlighting the fields a chosen tile can go to, and for tests of the move generator.
        """
        t = self.tile_index(code)
        rotations = (0,) if distinct and _SINGLE_COLOUR[t] else (0, 1, 2)
        if self.tile_at.count(_EMPTY) == FIELD_COUNT:
            return [(f, k) for f in FIRST_MOVE_FIELDS for k in rotations]
        keys = self.keys
        return [
            (f, k)
            for f in sorted(self.frontier)
            for k in ROTATIONS_OF[FIT_BITS[keys[f]] >> (3 * t) & 7]
            if k in rotations or not distinct
        ]

    def _fits_mask(self) -> int:
        """TILE_BIT mask of the tiles that fit somewhere now (every tile on an empty board)."""
        if not self.frontier:
            return ALL_TILES if self.tile_at.count(_EMPTY) == FIELD_COUNT else 0
        keys = self.keys
        mask = 0
        for f in self.frontier:
            mask |= ANY_FIT[keys[f]]
        return mask

    def can_place(self, seat: int) -> bool:
        hand_mask = 0
        for t in self.hands[seat]:
            hand_mask |= TILE_BIT[t]
        return bool(self._fits_mask() & hand_mask)

    def best_placement(self, seat: int) -> tuple[int, int, int, int] | None:
        """The highest-scoring (points, tile, field, rotation); ties: table order, field, rotation.

        Used as the example in a refusal to pass or exchange.
        """
        best: tuple[int, int, int, int] | None = None
        for t, f, k in self.placements(seat):
            points = self.points_for(t, f)
            if best is None or (-points, t, f, k) < (-best[0], best[1], best[2], best[3]):
                best = (points, t, f, k)
        return best

    def points_for(self, tile: int, field: int) -> int:
        """What laying ``tile`` (an index) on ``field`` would score, assuming it is legal."""
        return VALUES[tile] * max(1, TOUCHING[self.keys[field]]) * BONUS[field]

    # ------------------------------------------------------------------ events

    def apply(self, event: Event) -> TurnSummary | None:
        """Validate ``event`` and apply it; return the turn's summary (None for a resignation)."""
        if isinstance(event, Place):
            return self._place(event.seat, event.tile, event.field, event.rotation)
        if isinstance(event, Pass):
            return self._pass(event.seat)
        if isinstance(event, Exchanged):
            return self._exchange(event.seat, event.tile, event.return_at)
        if isinstance(event, Resign):
            self._resign(event.seat)
            return None
        raise TypeError(f"not a Spectrangle event: {event!r}")

    def _check_turn(self, seat: int) -> None:
        if self.current is None:
            raise GameOver(f"the game is over ({self.end_reason})")
        if type(seat) is not int or not 0 <= seat < self.seats or self.resigned[seat]:
            raise NotInGame(f"seat {seat} is not playing in this game")
        if seat != self.current:
            if not self.history:
                raise NotYourTurn(
                    f"seat {self.current} starts (highest first tile), not seat {seat}"
                )
            raise NotYourTurn(f"seat {self.current} is on turn, not seat {seat}")

    def tile_index(self, code: object) -> int:
        """The table index of the tile ``code``; ``NoSuchTile`` for anything else."""
        tile = TILE_BY_CODE.get(code) if isinstance(code, str) else None
        if tile is None:
            raise errors.NoSuchTile(f"{code!r} is not a tile code")
        return tile.index

    def _check_held(self, seat: int, tile: int) -> None:
        if tile not in self.hands[seat]:
            raise errors.TileNotHeld(f"seat {seat} does not hold {TILE_CODES[tile]}")

    def _place(self, seat: int, code: str, field: int, rotation: int) -> TurnSummary:
        self._check_turn(seat)
        t = self.tile_index(code)
        if type(field) is not int or not 0 <= field < FIELD_COUNT:
            raise errors.NoSuchField(f"{field!r} is not a field (0–35)")
        if type(rotation) is not int or not 0 <= rotation <= 2:
            raise errors.BadRotation(f"rotation {rotation!r} is not 0, 1 or 2")
        self._check_held(seat, t)
        tile_at = self.tile_at
        if tile_at[field] != _EMPTY:
            raise errors.FieldOccupied(f"field {field} is occupied")
        key = self.keys[field]
        if key == OPEN_KEY:
            if self.frontier or tile_at.count(_EMPTY) != FIELD_COUNT:
                raise errors.NotTouching(f"field {field} touches no tile")
            if BONUS[field] > 1:
                raise errors.FirstOnBonus(
                    f"the first tile may not go on a bonus field ({field} is ×{BONUS[field]})"
                )
        elif not FIT_BITS[key] >> (3 * t + rotation) & 1:
            raise self._mismatch(t, field, rotation)
        points = VALUES[t] * max(1, TOUCHING[key]) * BONUS[field]

        hand = self.hands[seat]
        hand.remove(t)
        tile_at[field] = t
        self.rotation_at[field] = rotation
        self.placed[field] = PlacedTile(TILE_CODES[t], rotation, seat, len(self.history), points)
        self.out_of_play |= TILE_BIT[t]
        sides = ROTATED[t][rotation]
        keys = self.keys
        frontier = self.frontier
        frontier.discard(field)
        for j, n in SLOT_NEIGHBOURS[field]:
            keys[n] -= (NONE - sides[j]) * SLOT_WEIGHT[j]  # kept on laid fields too
            if tile_at[n] == _EMPTY:
                frontier.add(n)
        drew = None
        if self.bag:
            drew = self.bag.pop(0)
            hand.append(drew)
        self.placed_points[seat] += points
        self.passes_in_a_row = 0
        summary = TurnSummary(
            seat,
            TurnKind.PLACE,
            TILE_CODES[t],
            field,
            rotation,
            points,
            None if drew is None else TILE_CODES[drew],
        )
        self._end_turn(summary)
        return summary

    def _mismatch(self, t: int, field: int, rotation: int) -> errors.SidesDoNotMatch:
        mine = ROTATED[t][rotation]
        need = key_colours(self.keys[field])
        for j, n in enumerate(FIELDS[field].slot_neighbours):
            if n is not None and not matches(mine[j], need[j]):
                sides = self.sides_at(n)
                assert sides is not None
                return errors.SidesDoNotMatch(
                    _describe_mismatch(t, field, rotation, n, sides), field=field, neighbour=n
                )
        raise AssertionError("a refused placement with every side matching")  # pragma: no cover

    def _check_stuck(self, seat: int, verb: str) -> None:
        best = self.best_placement(seat)
        if best is not None:
            _points, t, f, _k = best
            code = TILE_CODES[t]
            raise errors.MustPlace(
                f"seat {seat} can place a tile (e.g. {code} on {f}) and may not {verb}",
                example=(code, f),
            )

    def _pass(self, seat: int) -> TurnSummary:
        self._check_turn(seat)
        self._check_stuck(seat, "pass")
        self.passes_in_a_row += 1
        summary = TurnSummary(seat, TurnKind.PASS)
        self._end_turn(summary)
        return summary

    def check_exchange(self, seat: int, code: str) -> int:
        """Refuse an exchange the rules forbid, whatever the return position; the tile index."""
        self._check_turn(seat)
        t = self.tile_index(code)
        self._check_held(seat, t)
        self._check_stuck(seat, "exchange")
        if not self.bag:
            raise errors.BagEmpty("the bag is empty, so there is nothing to exchange with")
        return t

    def _exchange(self, seat: int, code: str, return_at: int) -> TurnSummary:
        t = self.check_exchange(seat, code)
        left = len(self.bag) - 1
        if type(return_at) is not int or not 0 <= return_at <= left:
            raise errors.BadReturnPosition(f"return_at {return_at!r} is out of range 0–{left}")
        hand = self.hands[seat]
        drew = self.bag.pop(0)
        hand.remove(t)
        hand.append(drew)
        self.bag.insert(return_at, t)
        self.passes_in_a_row = 0
        summary = TurnSummary(
            seat, TurnKind.EXCHANGE, TILE_CODES[t], drew=TILE_CODES[drew], return_at=return_at
        )
        self._end_turn(summary)
        return summary

    def _end_turn(self, summary: TurnSummary) -> None:
        self.history.append(summary)
        self.end_reason = self._end_condition()
        if self.end_reason is not None:
            self.current = None
        elif True in self.resigned:
            self.current = next_seat(summary.seat, [not r for r in self.resigned])
        else:
            self.current = (summary.seat + 1) % self.seats

    def _end_condition(self) -> EndReason | None:
        """RULES.md, "End of the game": nothing in play fits, else a full round of passes."""
        if not self._fits_mask() & ALL_TILES & ~self.out_of_play:
            return EndReason.DEAD_BOARD if self.bag else EndReason.NO_MOVES
        if self.passes_in_a_row and self.passes_in_a_row >= len(self.active_seats()):
            return EndReason.ALL_PASSED
        return None

    def _resign(self, seat: int) -> None:
        """The seat leaves: its tiles on the board stay, its hand leaves play (and still counts
        against it at the end). It cannot win; in a team game its partner plays on. With fewer
        than two players (teams) left the game ends at once."""
        if self.current is None:
            raise GameOver(f"the game is over ({self.end_reason})")
        if type(seat) is not int or not 0 <= seat < self.seats or self.resigned[seat]:
            raise NotInGame(f"seat {seat} is not playing in this game")
        self.resigned[seat] = True
        self.resignations.append((seat, len(self.history)))
        for t in self.hands[seat]:
            self.out_of_play |= TILE_BIT[t]
        if len({self.team_of(s) for s in self.active_seats()}) < 2:
            self.end_reason = EndReason.RESIGNED
        else:
            self.end_reason = self._end_condition()
        if self.end_reason is not None:
            self.current = None
        elif seat == self.current:
            self.current = next_seat(seat, [not r for r in self.resigned])

    # ------------------------------------------------------------- persistence

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "teams": self.teams,
            "start_seat": self.start_seat,
            "current": self.current,
            "bag": self.bag_codes(),
            "hands": [list(self.hand(s)) for s in range(self.seats)],
            "board": [
                None
                if p is None
                else {
                    "tile": p.tile,
                    "rotation": p.rotation,
                    "seat": p.seat,
                    "turn": p.turn,
                    "points": p.points,
                }
                for p in self.placed
            ],
            "placed_points": list(self.placed_points),
            "resigned": list(self.resigned),
            "resignations": [list(r) for r in self.resignations],
            "passes_in_a_row": self.passes_in_a_row,
            "end_reason": None if self.end_reason is None else self.end_reason.value,
            "history": [t.to_dict() for t in self.history],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SpectrangleState:
        """Rebuild a saved position; the derived tables (keys, frontier) are recomputed."""
        try:
            seats, teams = data["seats"], bool(data["teams"])
            state = cls.__new__(cls)
            state.seats = seats
            state.teams = teams
            state.start_seat = data["start_seat"]
            state.current = data["current"]
            state.bag = [_TILE_INDEX[c] for c in data["bag"]]
            state.hands = [[_TILE_INDEX[c] for c in hand] for hand in data["hands"]]
            state.tile_at = [_EMPTY] * FIELD_COUNT
            state.rotation_at = [0] * FIELD_COUNT
            state.placed = [None] * FIELD_COUNT
            state.keys = [OPEN_KEY] * FIELD_COUNT
            state.frontier = set()
            state.out_of_play = 0
            board = data["board"]
            if len(board) != FIELD_COUNT or len(state.hands) != seats:
                raise ValueError("wrong number of fields or hands")
            for field, cell in enumerate(board):
                if cell is not None:
                    placed = PlacedTile(
                        cell["tile"], cell["rotation"], cell["seat"], cell["turn"], cell["points"]
                    )
                    if placed.rotation not in (0, 1, 2):
                        raise ValueError(f"rotation {placed.rotation!r}")
                    state._put(field, _TILE_INDEX[placed.tile], placed)
            state.placed_points = list(data["placed_points"])
            state.resigned = [bool(r) for r in data["resigned"]]
            state.resignations = [(s, n) for s, n in data["resignations"]]
            for s in range(seats):
                if state.resigned[s]:
                    for t in state.hands[s]:
                        state.out_of_play |= TILE_BIT[t]
            state.passes_in_a_row = data["passes_in_a_row"]
            reason = data["end_reason"]
            state.end_reason = None if reason is None else EndReason(reason)
            state.history = [TurnSummary.from_dict(t) for t in data["history"]]
            tiles = sorted(state.bag + [t for h in state.hands for t in h])
            laid = sorted(t for t in state.tile_at if t != _EMPTY)
            if sorted(tiles + laid) != list(range(len(TILES))):
                raise ValueError("the tiles in bag, hands and board are not the 36 tiles")
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"not a saved Spectrangle state: {exc}") from exc
        return state

    def _put(self, field: int, t: int, placed: PlacedTile) -> None:
        """Lay a tile without any check (loading a saved position)."""
        self.tile_at[field] = t
        self.rotation_at[field] = placed.rotation
        self.placed[field] = placed
        self.out_of_play |= TILE_BIT[t]
        self.frontier.discard(field)
        sides = ROTATED[t][placed.rotation]
        for j, n in SLOT_NEIGHBOURS[field]:
            self.keys[n] -= (NONE - sides[j]) * SLOT_WEIGHT[j]
            if self.tile_at[n] == _EMPTY:
                self.frontier.add(n)

    def copy(self) -> SpectrangleState:
        other = SpectrangleState.__new__(SpectrangleState)
        other.seats = self.seats
        other.teams = self.teams
        other.start_seat = self.start_seat
        other.current = self.current
        other.bag = list(self.bag)
        other.hands = [list(h) for h in self.hands]
        other.tile_at = list(self.tile_at)
        other.rotation_at = list(self.rotation_at)
        other.placed = list(self.placed)
        other.keys = list(self.keys)
        other.frontier = set(self.frontier)
        other.out_of_play = self.out_of_play
        other.placed_points = list(self.placed_points)
        other.resigned = list(self.resigned)
        other.resignations = list(self.resignations)
        other.passes_in_a_row = self.passes_in_a_row
        other.end_reason = self.end_reason
        other.history = list(self.history)
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SpectrangleState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
