"""What a placement is worth beyond its points now: the hard player's lookahead.

Hands are public and only the bag's order is secret, so the next player's reply to a placement
is known exactly up to their choice: the hard player assumes they take the most points, which
makes a placement that opens a ×4 (or any field their held high tile fits) cost what it gives
away. On top of that it counts

- its own follow-up: the best field its remaining tiles fit once the reply has taken its field,
  with the expectation over the tile it draws (every tile not on the board and in no hand is
  equally likely to be next in the bag);
- the end-game deduction: once the bag is (nearly) empty a laid tile is a tile that can no longer
  be deducted, and with an empty bag a tile nobody can fit any more counts against its holder.

The state is never copied: a placement only changes the constraint keys of the field's empty
neighbours, so each candidate re-scores those few fields and reuses the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.spectrangle.placement import (
    ANY_FIT,
    BONUS,
    NONE,
    ROTATED,
    SLOT_NEIGHBOURS,
    SLOT_WEIGHT,
    TILE_BIT,
    TOUCHING,
    VALUES,
)
from games.spectrangle.state import SpectrangleState
from games.spectrangle.tiles import TILE_BY_CODE

EMPTY = -1
NO_FIELD = -1


@dataclass(frozen=True, slots=True)
class Weights:
    """Tuning of the hard player, fitted by hard-vs-normal matches."""

    reply: float = 1.0  # the next player's best reply after the placement
    follow: float = 0.5  # own best next placement (remaining tiles and the expected draw)
    shed: float = 1.0  # a tile's value once it can no longer be replaced by a draw
    shed_from: int = 4  # bag size below which laying a tile starts to save its value
    stuck: float = 1.0  # empty bag: tiles that fit nowhere, the opponent's minus one's own


HARD_WEIGHTS = Weights()


def multiplier(field: int, key: int) -> int:
    """Bonus × the number of touching tiles (at least 1): points per unit of tile value."""
    return BONUS[field] * max(1, TOUCHING[key])


class BestFit:
    """The highest value among a set of tiles that fits a constraint key, memoised per key."""

    __slots__ = ("_memo", "order")

    def __init__(self, tiles: Iterable[int]) -> None:
        self.order = tuple(sorted(set(tiles), key=lambda t: (-VALUES[t], t)))
        self._memo: dict[int, int] = {}

    def value(self, key: int) -> int:
        v = self._memo.get(key)
        if v is None:
            fit = ANY_FIT[key]
            v = next((VALUES[t] for t in self.order if fit & TILE_BIT[t]), 0)
            self._memo[key] = v
        return v

    def score(self, field: int, key: int) -> int:
        return self.value(key) * multiplier(field, key)


@dataclass(frozen=True, slots=True)
class Appraisal:
    """One placement's value for the hard player, with the parts a hint explains."""

    tile: int
    field: int
    rotation: int
    points: int  # scored now
    reply: int  # the most the next player can score after it
    reply_field: int  # where (NO_FIELD: they cannot place)
    follow: float  # own expected best next placement
    shed: float  # end-game value of having laid this tile
    stuck: float  # empty bag: opponent's stuck tiles minus one's own
    value: float

    @property
    def order(self) -> tuple[float, int, int, int]:
        """Sort key: best value first; ties by tile table order, field, rotation."""
        return (-self.value, self.tile, self.field, self.rotation)


class Lookahead:
    """Everything about the position the appraisals share, computed once per decision."""

    def __init__(self, state: SpectrangleState, seat: int, weights: Weights = HARD_WEIGHTS) -> None:
        self.weights = weights
        self.keys = state.keys
        self.tile_at = state.tile_at
        self.frontier = sorted(state.frontier)
        self.bag_count = state.bag_count
        self.hand = list(state.hands[seat])
        opponent = _next_opponent(state, seat)
        self.opponent_hand = [] if opponent is None else list(state.hands[opponent])
        # Unseen tiles: what the bag holds, in table order; its order is secret and never read.
        self.unseen = [TILE_BY_CODE[code].index for code in state.bag_tiles()]
        self.opponent_best = BestFit(self.opponent_hand)
        self.opponent_base = self._ranked(self.opponent_best)
        self._rest: dict[int, tuple[BestFit, list[tuple[int, int]]]] = {}
        self._unseen_fit: dict[int, tuple[int, ...]] = {}
        w = weights
        self.shed_phase = (
            1.0 if self.bag_count == 0 else max(0.0, 1.0 - self.bag_count / (w.shed_from + 1))
        )

    def _ranked(self, best: BestFit) -> list[tuple[int, int]]:
        """(score, field) over today's frontier, best first."""
        keys = self.keys
        return sorted(((best.score(g, keys[g]), g) for g in self.frontier), reverse=True)

    def _rest_of_hand(self, tile: int) -> tuple[BestFit, list[tuple[int, int]]]:
        got = self._rest.get(tile)
        if got is None:
            rest = list(self.hand)
            rest.remove(tile)
            best = BestFit(rest)
            got = (best, self._ranked(best))
            self._rest[tile] = got
        return got

    def _unseen_fitting(self, key: int) -> tuple[int, ...]:
        got = self._unseen_fit.get(key)
        if got is None:
            fit = ANY_FIT[key]
            got = tuple(u for u in self.unseen if fit & TILE_BIT[u])
            self._unseen_fit[key] = got
        return got

    def appraise(self, tile: int, field: int, rotation: int) -> Appraisal:
        keys, tile_at, w = self.keys, self.tile_at, self.weights
        points = VALUES[tile] * multiplier(field, keys[field])
        # The keys the placement changes: its empty neighbours, which join the frontier.
        sides = ROTATED[tile][rotation]
        changed: dict[int, int] = {}
        for j, n in SLOT_NEIGHBOURS[field]:
            if tile_at[n] == EMPTY:
                changed[n] = keys[n] - (NONE - sides[j]) * SLOT_WEIGHT[j]
        skip = set(changed)
        skip.add(field)

        reply, reply_field = _best_field(self.opponent_base, skip, changed, self.opponent_best)
        skip.add(reply_field)
        rest_best, rest_base = self._rest_of_hand(tile)
        follow_now, _ = _best_field(rest_base, skip, changed, rest_best, reply_field)
        follow = float(follow_now)
        if self.bag_count:
            follow = self._with_draw(follow_now, skip, changed, reply_field)

        shed = VALUES[tile] * self.shed_phase
        stuck = 0.0
        if self.bag_count == 0:
            open_keys = [keys[g] for g in self.frontier if g not in skip]
            open_keys.extend(k for g, k in changed.items() if g != reply_field)
            mine = list(self.hand)
            mine.remove(tile)
            theirs = list(self.opponent_hand)
            if reply_field != NO_FIELD:
                theirs.remove(
                    _reply_tile(self.opponent_best, changed.get(reply_field, keys[reply_field]))
                )
            stuck = float(_stuck_value(theirs, open_keys) - _stuck_value(mine, open_keys))
        value = points - w.reply * reply + w.follow * follow + w.shed * shed + w.stuck * stuck
        return Appraisal(
            tile, field, rotation, points, reply, reply_field, follow, shed, stuck, value
        )

    def _with_draw(self, base: int, skip: set[int], changed: dict[int, int], taken: int) -> float:
        """E[best next placement] when one unseen tile joins the remaining hand."""
        if not self.unseen:
            return float(base)
        best = dict.fromkeys(self.unseen, 0)
        keys = self.keys
        fields = [(g, keys[g]) for g in self.frontier if g not in skip]
        fields.extend((g, k) for g, k in changed.items() if g != taken)
        for g, key in fields:
            m = multiplier(g, key)
            for u in self._unseen_fitting(key):
                if best[u] < m:
                    best[u] = m
        total = sum(max(base, VALUES[u] * m) for u, m in best.items())
        return total / len(self.unseen)


def _reply_tile(best: BestFit, key: int) -> int:
    fit = ANY_FIT[key]
    return next(t for t in best.order if fit & TILE_BIT[t])


def _best_field(
    base: list[tuple[int, int]],
    skip: set[int],
    changed: dict[int, int],
    best: BestFit,
    taken: int = NO_FIELD,
) -> tuple[int, int]:
    """The best (score, field) over the frontier after a placement: fields not in ``skip``
    from the ranked base, the ``changed`` ones scored afresh, ``taken`` left out.
    (0, NO_FIELD) when nothing fits."""
    top, top_field = 0, NO_FIELD
    for score, g in base:
        if g not in skip:
            if score > 0:
                top, top_field = score, g
            break
    for g, key in changed.items():
        if g != taken:
            score = best.score(g, key)
            if score > top:
                top, top_field = score, g
    return top, top_field


def _stuck_value(tiles: list[int], open_keys: list[int]) -> int:
    """The total value of the tiles that fit none of the open fields."""
    fit = 0
    for key in open_keys:
        fit |= ANY_FIT[key]
    return sum(VALUES[t] for t in tiles if not fit & TILE_BIT[t])


def _next_opponent(state: SpectrangleState, seat: int) -> int | None:
    """The next seat still playing that is not on ``seat``'s side."""
    for step in range(1, state.seats):
        other = (seat + step) % state.seats
        if not state.resigned[other] and state.team_of(other) != state.team_of(seat):
            return other
    return None
