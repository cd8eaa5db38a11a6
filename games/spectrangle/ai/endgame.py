"""The end game solved exactly: with an empty bag and two players nothing is hidden any more.

Hands are public, so once the bag is empty the rest of a 2-player game is a perfect-information
game: alpha-beta search to the end, where every tile still in hand is deducted. The value of a
line is the mover's placement points to come minus the opponent's, minus one's own final hand
plus the opponent's. The search stops after ``budget`` positions; then the caller falls back to
the lookahead of ``evaluation``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.spectrangle.placement import (
    BONUS,
    FIT_BITS,
    NONE,
    ROTATED,
    ROTATIONS_OF,
    SLOT_NEIGHBOURS,
    SLOT_WEIGHT,
    TOUCHING,
    VALUES,
)
from games.spectrangle.state import SpectrangleState

EMPTY = -1
NODE_BUDGET = 3000
_SINGLE_COLOUR = tuple(len(set(sides[0])) == 1 for sides in ROTATED)
# A fixed random number per (field, tile, rotation): a position's hash is the XOR over what was
# laid during the search (Zobrist hashing), so transpositions are found without comparing boards.
_ZOBRIST = tuple(
    tuple(tuple(r.getrandbits(64) for _k in range(3)) for _t in range(len(ROTATED)))
    for r in [random.Random(36)]
    for _f in range(36)
)
EXACT, LOWER, UPPER = 0, 1, 2


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Solution:
    """The best placement and the exact value of the rest of the game for the mover."""

    tile: int
    field: int
    rotation: int
    value: int


def solvable(state: SpectrangleState) -> bool:
    """Two players (or sides) left, no teams, empty bag: the rest is perfect information."""
    return not state.bag and not state.teams and len(state.active_seats()) == 2


class _Search:
    def __init__(self, state: SpectrangleState, seat: int, budget: int) -> None:
        other = next(s for s in state.active_seats() if s != seat)
        self.keys = list(state.keys)
        self.tile_at = list(state.tile_at)
        self.frontier = set(state.frontier)
        self.hands = (list(state.hands[seat]), list(state.hands[other]))
        self.nodes = 0
        self.budget = budget
        self.hash = 0
        # (hash, side, other stuck) -> (value, bound): the value is the rest of the game's, which
        # does not depend on the order the tiles were laid in.
        self.table: dict[tuple[int, int, bool], tuple[int, int]] = {}

    def moves(self, side: int) -> list[tuple[int, int, int, int]]:
        """(points, tile, field, rotation), most points first (good moves first prune most)."""
        keys = self.keys
        out = []
        for t in self.hands[side]:
            shift = 3 * t
            value = VALUES[t]
            for f in self.frontier:
                key = keys[f]
                bits = FIT_BITS[key] >> shift & 7
                if bits:
                    points = value * max(1, TOUCHING[key]) * BONUS[f]
                    rotations = ROTATIONS_OF[bits]
                    if _SINGLE_COLOUR[t]:
                        rotations = rotations[:1]
                    out.extend((points, t, f, k) for k in rotations)
        out.sort(key=lambda m: (-m[0], m[1], m[2], m[3]))
        return out

    def negamax(self, side: int, alpha: float, beta: float, other_stuck: bool) -> int:
        entry = (self.hash, side, other_stuck)
        known = self.table.get(entry)
        if known is not None:
            value, bound = known
            if (
                bound == EXACT
                or (bound == LOWER and value >= beta)
                or (bound == UPPER and value <= alpha)
            ):
                return value
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        value = self._negamax(side, alpha, beta, other_stuck)
        bound = UPPER if value <= alpha else LOWER if value >= beta else EXACT
        self.table[entry] = (value, bound)
        return value

    def _negamax(self, side: int, alpha: float, beta: float, other_stuck: bool) -> int:
        moves = self.moves(side)
        if not moves:
            if other_stuck:  # nobody can place: the game is over
                return sum(VALUES[t] for t in self.hands[1 - side]) - sum(
                    VALUES[t] for t in self.hands[side]
                )
            return -self.negamax(1 - side, -beta, -alpha, True)
        best = -(10**9)
        for points, t, f, k in moves:
            undo = self._lay(side, t, f, k)
            # The child's window is shifted by the points this placement scores.
            value = points - self.negamax(1 - side, points - beta, points - alpha, False)
            self._lift(side, t, f, k, undo)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _lay(self, side: int, t: int, f: int, k: int) -> list[tuple[int, int, bool]]:
        """Lay the tile; return (neighbour, old key, joined the frontier) to undo it."""
        self.hands[side].remove(t)
        self.tile_at[f] = t
        self.hash ^= _ZOBRIST[f][t][k]
        self.frontier.discard(f)
        sides = ROTATED[t][k]
        undo = []
        for j, n in SLOT_NEIGHBOURS[f]:
            old = self.keys[n]
            self.keys[n] = old - (NONE - sides[j]) * SLOT_WEIGHT[j]
            joined = self.tile_at[n] == EMPTY and n not in self.frontier
            if joined:
                self.frontier.add(n)
            undo.append((n, old, joined))
        return undo

    def _lift(self, side: int, t: int, f: int, k: int, undo: list[tuple[int, int, bool]]) -> None:
        self.hash ^= _ZOBRIST[f][t][k]
        for n, old, joined in undo:
            self.keys[n] = old
            if joined:
                self.frontier.discard(n)
        self.tile_at[f] = EMPTY
        self.frontier.add(f)
        self.hands[side].append(t)


def solve(state: SpectrangleState, seat: int, budget: int = NODE_BUDGET) -> Solution | None:
    """The best placement for ``seat`` (on turn) by exact search, or None: nothing to place,
    not solvable, or more than ``budget`` positions."""
    if not solvable(state):
        return None
    search = _Search(state, seat, budget)
    moves = search.moves(0)
    if not moves:
        return None
    best: Solution | None = None
    alpha = -(10**9)
    try:
        for points, t, f, k in moves:
            undo = search._lay(0, t, f, k)
            value = points - search.negamax(1, -(10**9), points - alpha, False)
            search._lift(0, t, f, k, undo)
            if best is None or value > best.value:
                best = Solution(t, f, k, value)
                alpha = value
    except _OutOfBudget:
        return None
    return best
