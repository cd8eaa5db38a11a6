"""What an empty square is worth to the seat on turn.

Points now come from the engine's own scoring. The hard AI adds the change in *prospects*: every
straight window of three squares and every 3×3 block is a possible future score. A window that
holds another player's cube is dead; a live one is worth what it would score (minus, for a line,
a few points per missing square: the turn that filling it will take), times the chance of
filling each missing square (a targeted turn's exact hit chance, times a survival factor against
opponents taking it first), times a pace factor that drops to zero when the seat has fewer cubes
left than the window still needs, so late in the game prospects fade and points now dominate.
With ``line_turns`` (an experiment, off by default: it measured no better), an own line in the
rich zones (every missing square blue or better) that already holds a cube counts as reached
over the seat's next few turns (four of a kind held, the fifth die thrown until it fits) rather
than by back-to-back aimed turns: counted per aimed turn, a red pair is worth little, and hard
leaves the red zone to its opponents.

A move is valued by how much it raises the seat's prospects in the windows through its square,
plus how much it destroys of the prospects of opponents' windows that already hold their cubes.
An opponent's line that needs one more square is reached over their next turns, not in one
(a red square is a 14 % shot per turn, but four of a kind can be held and thrown at again), so
such lines are denied in time. In the last rounds (``endgame``) the seat plays the score: ahead,
it blocks more; its holds aim at the chance to win rather than at points.

Two experiments, off by default because they measured no better (benchmarks/bench_ai.py
``--hard red`` and ``--hard race``): with ``opp_line_turns`` an opponent's red line that still
needs two squares is reckoned over their next turns too (one lone red cube of theirs opens lines
that four of a kind, held over several turns, fills a square at a time: 6 % in four turns, not
the 1 % of two aimed turns in a row); reckoned alike for blue, hard turned into a blocker that
lost far more often. With ``race_from_board`` the endgame counts every player's remaining turns
as their next turn on this board would score (its exact mean and variance) rather than as the
average of their turns so far.
The weights were fitted by matches against the normal player and the benchmarks' line builder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from math import erf, prod, sqrt

from games.spexxx.ai.dice import FULL_KEYS, plan_holds, turn_moments
from games.spexxx.board import GRID, GRID_SIZE, HEIGHT, SQUARES, WIDTH, Square
from games.spexxx.combinations import ALLOWED_BY_KEY, ALLOWED_INDICES_BY_KEY
from games.spexxx.scoring import BLOCK_BONUS, BLOCKS, RAYS, score_placement
from games.spexxx.state import SpexxxState

NO_SQUARE = -1
DIRECTION_STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))  # as scoring.Direction, in the same order


@dataclass(frozen=True, slots=True)
class Weights:
    """Tuning of the hard AI's square values, fitted by hard-vs-normal matches."""

    own: float = 1.0  # own prospects gained
    block: float = 2.0  # opponents' prospects destroyed
    survive: float = 0.75  # chance a missing square is still free when wanted
    pace: float = 2.0  # turns a missing square costs, for the pace factor
    cost: float = 4.0  # points a line's missing square costs (the turn it takes)
    own_from: int = 0  # own windows count once they hold this many own cubes
    block_from: int = 1  # opponents' windows count once they hold this many of their cubes
    reach_turns: int = 2  # turns an opponent has to fill a line's last square (0: one turn)
    endgame_cubes: int = 3  # with this many own cubes left, play for the win (0: never)
    deny: float = 0.5  # extra weight on blocking in the endgame when ahead
    line_turns: int = 0  # turns own rich lines have to fill their squares (0: one aimed turn)
    line_points: int = 5  # rich: every missing square worth at least this (blue and up)
    opp_line_turns: int = 0  # turns an opponent has for a rich line's two missing squares
    opp_line_points: int = 12  # such rich lines: every missing square worth at least this (red)
    race_from_board: bool = False  # endgame turns scored from the board (False: average so far)


HARD_WEIGHTS = Weights()
# Opponents' red lines that need two squares reckoned over their next four turns: +1.7 points of
# wins against normal in 300 tuning games, but -0.1 (CI -1.1 to +1.0) in 2000 held-out ones and
# -3.3 (CI -7.4 to +0.8) against the line builder, so not hard's default; kept to measure on.
RED_WEIGHTS = Weights(opp_line_turns=4)
# The endgame race judged from the board: one game of 300 decided differently in tuning (see
# benchmarks/bench_ai.py --hard race), so not hard's default; kept to measure on.
RACE_WEIGHTS = Weights(race_from_board=True)
# Own rich lines reached over four turns: better in 300 tuning games, no better in the games
# after (see benchmarks/bench_ai.py --hard rich), so not hard's default; kept to measure on.
RICH_LINE_WEIGHTS = Weights(line_turns=4)
# The evaluation before opponents' reach and the endgame existed, for benchmarks and tests.
OLD_WEIGHTS = Weights(reach_turns=0, endgame_cubes=0, deny=0.0)


@dataclass(frozen=True, slots=True)
class Board:
    """The parts of a state that square values depend on: hashable, so plans can be memoised."""

    seats: int
    owners: tuple[int, ...]
    occupied: int
    own_masks: tuple[int, ...]
    block_masks: tuple[int, ...]
    cubes_left: tuple[int, ...]
    resigned: tuple[bool, ...]
    scores: tuple[int, ...]
    dealt: int  # cubes each player started with

    @classmethod
    def of(cls, state: SpexxxState) -> Board:
        return cls(
            state.seats,
            tuple(state.owners),
            state.occupied,
            tuple(state.own_masks),
            tuple(state.block_masks),
            tuple(state.cubes_left),
            tuple(state.resigned),
            tuple(state.scores),
            state.cubes_per_player(),
        )


@dataclass(frozen=True, slots=True)
class Window:
    """A possible score: three squares in a row (``direction`` 0–3) or a 3×3 block (-1)."""

    cells: tuple[int, ...]
    mask: int
    direction: int


def _build_windows() -> tuple[Window, ...]:
    windows = [
        Window((i, after[0], after[1]), (1 << i) | (1 << after[0]) | (1 << after[1]), d)
        for i in range(GRID_SIZE)
        if GRID[i] is not None
        for d, (_, after) in enumerate(RAYS[i])
        if len(after) >= 2
    ]
    blocks = {mask: cells for per_square in BLOCKS for mask, cells in per_square}
    windows.extend(Window(cells, mask, -1) for mask, cells in blocks.items())
    return tuple(windows)


WINDOWS = _build_windows()
WINDOWS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(w for w, window in enumerate(WINDOWS) if i in window.cells) for i in range(GRID_SIZE)
)
POINTS: tuple[int, ...] = tuple(0 if sq is None else sq.points for sq in GRID)
NEIGHBOURS: tuple[int, ...] = tuple(
    0 if sq is None else sum(1 << n for n in sq.neighbours) for sq in GRID
)
_ALL_CELLS = (1 << GRID_SIZE) - 1
_COLUMN_MASKS = tuple(sum(1 << (y * WIDTH + x) for y in range(HEIGHT)) for x in range(WIDTH))


def _shift(mask: int, dx: int, dy: int) -> int:
    """Move every bit one step by (dx, dy), dropping those that leave the grid."""
    if dx == 1:
        mask &= ~_COLUMN_MASKS[WIDTH - 1]
    elif dx == -1:
        mask &= ~_COLUMN_MASKS[0]
    step = dy * WIDTH + dx
    return (mask << step if step > 0 else mask >> -step) & _ALL_CELLS


def in_spexxx(own: int, direction: int) -> int:
    """Own cubes already in a line of 3 or more along ``direction``: they score no more there."""
    dx, dy = DIRECTION_STEPS[direction]
    back = _shift(own, -dx, -dy)
    starts = own & back & _shift(back, -dx, -dy)  # cubes with two own cubes right after them
    second = _shift(starts, dx, dy)
    return starts | second | _shift(second, dx, dy)


@cache
def _type_hit_chance(representative: int) -> float:
    bit = 1 << representative
    leaf = [1.0 if ALLOWED_BY_KEY[key] & bit else 0.0 for key in FULL_KEYS]
    return plan_holds(leaf).turn_value


def _square_type(sq: Square) -> tuple[object, ...]:
    combo = sq.combination
    return (sq.zone,) if combo is None else (sq.zone, combo.count, combo.count2)


@cache
def hit_chances() -> tuple[float, ...]:
    """Per grid index: the chance that a turn aimed only at that square can take it.

    Exact for one type of square (faces are interchangeable), so computed once per type.
    """
    representative: dict[tuple[object, ...], int] = {}
    for sq in SQUARES:
        representative.setdefault(_square_type(sq), sq.index)
    out = [0.0] * GRID_SIZE
    for sq in SQUARES:
        out[sq.index] = _type_hit_chance(representative[_square_type(sq)])
    return tuple(out)


def points_now(board: Board, seat: int, index: int) -> int:
    """What placing on the empty square ``index`` scores at once."""
    own = board.own_masks[seat]
    if not own & NEIGHBOURS[index]:
        return 0
    bit = 1 << index
    return score_placement(board.owners, seat, index, own | bit, board.block_masks[seat]).points


MAX_CUBES = 32  # more than any variant deals


@cache
def _pace_table(pace: float) -> tuple[tuple[float, ...], ...]:
    """PACE[cubes][missing]: how much of a window needing ``missing`` more cubes the seat has
    time for: nothing if it has fewer cubes left, all of it with ``pace`` turns per cube to spare.
    """
    return tuple(
        tuple(
            0.0 if missing > cubes else min(1.0, cubes / (pace * max(missing, 1)))
            for missing in range(10)
        )
        for cubes in range(MAX_CUBES + 1)
    )


@cache
def _fill_chances(survive: float) -> tuple[float, ...]:
    """Per grid index: the chance of filling that square when it is wanted."""
    return tuple(h * survive for h in hit_chances())


@cache
def _empty_window_chances(survive: float) -> tuple[float, ...]:
    """Per window: the chance of filling all of it while none of its squares is taken."""
    fill = _fill_chances(survive)
    return tuple(prod(fill[c] for c in window.cells) for window in WINDOWS)


@cache
def _reach(survive: float, turns: int) -> tuple[float, ...]:
    """Per grid index: the chance that a player with ``turns`` tries fills that square first."""
    return tuple(survive * (1.0 - (1.0 - h) ** turns) for h in hit_chances())


@cache
def _either_chance(cells: tuple[int, ...]) -> float:
    """The chance that a turn aimed at any one of ``cells`` takes one of them (exact)."""
    bits = sum(1 << c for c in cells)
    return plan_holds([1.0 if ALLOWED_BY_KEY[key] & bits else 0.0 for key in FULL_KEYS]).turn_value


def _one_square_reach(a: int, turns: int, survive: float) -> float:
    """The chance of filling ``a`` with ``turns`` tries, if it is still free when wanted."""
    return survive * (1.0 - (1.0 - hit_chances()[a]) ** turns)


@cache
def _two_square_reach(a: int, b: int, turns: int, survive: float) -> float:
    """The chance of filling both ``a`` and ``b`` with ``turns`` tries.

    A first hit on either square (one turn aims at both), then the other one in the turns
    left; each square still free when wanted (``survive``)."""
    h = hit_chances()
    first, second = _either_chance((a, b)), (h[a] + h[b]) / 2
    chance = sum(
        first * (1.0 - first) ** (t - 1) * (1.0 - (1.0 - second) ** (turns - t))
        for t in range(1, turns)
    )
    return chance * survive * survive


def _last_square_reach(cubes: int, weights: Weights) -> tuple[float, ...]:
    """Per grid index: the chance that an opponent with ``cubes`` left fills the last square of
    a line of theirs. A red square is a 14 % shot in one turn, but a line that needs only it
    gets the opponent's next turns too (four of a kind held, thrown at until the fifth die fits).
    """
    return _reach(weights.survive, min(cubes, weights.reach_turns))


WINDOW_WORTH: tuple[int, ...] = tuple(
    BLOCK_BONUS if w.direction < 0 else sum(POINTS[c] for c in w.cells) for w in WINDOWS
)


@dataclass(frozen=True, slots=True)
class Prospect:
    """A live window of one seat: its empty squares, what completing it scores, the chance of
    filling all of them, how many of the seat's cubes it holds, and whether it is a line."""

    empty: tuple[int, ...]
    worth: int
    chance: float
    held: int
    line: bool


def prospects(board: Board, seat: int, survive: float) -> list[Prospect]:
    """Every window ``seat`` can still complete."""
    own = board.own_masks[seat]
    occupied = board.occupied
    others = occupied & ~own
    scored = [in_spexxx(own, d) for d in range(4)]
    blocks_done = board.block_masks[seat]
    fill = _fill_chances(survive)
    empty_chance = _empty_window_chances(survive)
    out: list[Prospect] = []
    for w, window in enumerate(WINDOWS):
        mask = window.mask
        d = window.direction
        if not mask & occupied:
            out.append(Prospect(window.cells, WINDOW_WORTH[w], empty_chance[w], 0, d >= 0))
            continue
        if mask & others or not mask & ~occupied:
            continue
        if d < 0:
            if mask & blocks_done:
                continue
            empty = tuple(c for c in window.cells if not occupied >> c & 1)
            chance = prod(fill[c] for c in empty)
            out.append(Prospect(empty, BLOCK_BONUS, chance, 9 - len(empty), False))
            continue
        chance = 1.0
        worth = 0
        empty_cells = []
        for cell in window.cells:
            bit = 1 << cell
            if not occupied & bit:
                chance *= fill[cell]
                empty_cells.append(cell)
                worth += POINTS[cell]
            elif not scored[d] & bit:
                worth += POINTS[cell]
        out.append(Prospect(tuple(empty_cells), worth, chance, 3 - len(empty_cells), True))
    return out


def square_values(
    board: Board, seat: int, weights: Weights = HARD_WEIGHTS
) -> tuple[list[float], list[int]]:
    """Hard values and points now for every grid index (values: -inf where occupied)."""
    pace = _pace_table(weights.pace)
    fill = _fill_chances(weights.survive)
    cost = weights.cost
    opponents = [
        s for s in range(board.seats) if s != seat and not board.resigned[s] and board.cubes_left[s]
    ]
    gains = [0.0] * GRID_SIZE
    line_turns = weights.line_turns
    cubes = min(board.cubes_left[seat], MAX_CUBES)
    now_pace, later_pace = pace[cubes], pace[max(cubes - 1, 0)]
    for p in prospects(board, seat, weights.survive):
        if p.held < weights.own_from:
            continue
        empty = p.empty
        missing = len(empty)
        charge = cost if p.line else 0.0
        if line_turns and p.line and missing <= 2 and _rich(empty, weights.line_points):
            _add_rich_line(gains, p, min(cubes, line_turns), now_pace[2], weights)
            continue
        before = max(0.0, p.worth - charge * missing) * p.chance * now_pace[missing]
        if missing == 1:
            gains[empty[0]] -= before  # completed: its points are in the points now
            continue
        after = max(0.0, p.worth - charge * (missing - 1)) * p.chance * later_pace[missing - 1]
        for cell in empty:
            gains[cell] += after / fill[cell] - before
    threats = [0.0] * GRID_SIZE
    opp_turns, opp_points = weights.opp_line_turns, weights.opp_line_points
    for opp in opponents:
        opp_cubes = min(board.cubes_left[opp], MAX_CUBES)
        opp_pace = pace[opp_cubes]
        reach = _last_square_reach(opp_cubes, weights) if weights.reach_turns else None
        for p in prospects(board, opp, weights.survive):
            if p.held < weights.block_from:
                continue
            missing = len(p.empty)
            charge = cost if p.line else 0.0
            chance = p.chance
            if reach is not None and p.line and missing == 1:
                chance = reach[p.empty[0]]
            elif opp_turns and p.line and missing == 2 and _rich(p.empty, opp_points):
                a, b = sorted(p.empty)
                chance = _two_square_reach(a, b, min(opp_cubes, opp_turns), weights.survive)
            loss = max(0.0, p.worth - charge * missing) * chance * opp_pace[missing]
            for cell in p.empty:
                threats[cell] += loss
    own_weight = weights.own
    block_weight = weights.block / max(1, len(opponents)) ** 0.5
    if weights.deny and endgame_lead(board, seat, weights) > 0:
        block_weight *= 1.0 + weights.deny
    return _empty_square_values(
        board, seat, lambda i, points: points + own_weight * gains[i] + block_weight * threats[i]
    )


def _rich(empty: tuple[int, ...], points: int) -> bool:
    """Whether every square of ``empty`` is worth at least ``points`` a cube."""
    return min(POINTS[c] for c in empty) >= points


def _add_rich_line(
    gains: list[float], p: Prospect, turns: int, pace: float, weights: Weights
) -> None:
    """Add to ``gains`` what a cube on each missing square of an own rich line is worth.

    A line of blue, purple, red or silver squares is not filled by back-to-back aimed turns:
    the seat keeps throwing for it over its next ``turns`` and takes a square when it comes
    (four of a kind held, the fifth die thrown until it fits), so its chance is a reach over
    turns, like an opponent's last square. A red pair then weighs as a red line should.
    """
    survive = weights.survive
    empty = p.empty
    worth = p.worth - weights.cost * len(empty)
    if len(empty) == 1:  # completed: its points are in the points now
        gains[empty[0]] -= worth * _one_square_reach(empty[0], turns, survive)
        return
    a, b = sorted(empty)
    before = worth * _two_square_reach(a, b, turns, survive) * pace
    worth += weights.cost
    gains[a] += worth * _one_square_reach(b, turns - 1, survive) - before
    gains[b] += worth * _one_square_reach(a, turns - 1, survive) - before


@dataclass(frozen=True, slots=True)
class Endgame:
    """The last rounds, seen as a race against the strongest opponent still playing.

    Every player's remaining turns score about ``rest`` more for the seat than for the rival,
    spread ``spread``: a final throw worth ``x`` more points wins with about
    ``Φ((lead + x + rest) / spread)``.
    """

    lead: int  # own score minus the strongest opponent's
    rest: float  # own expected points after this turn minus the opponent's expected points
    spread: float

    def win_chance(self, value: float) -> float:
        z = (self.lead + value + self.rest) / self.spread
        return 0.5 * (1.0 + erf(z / sqrt(2.0)))


def _per_turn(board: Board, seat: int) -> tuple[float, float]:
    """A turn's points guessed from the turns so far: their mean, and a rough variance (the
    spread 1.5 times the mean plus 3 points)."""
    played = board.dealt - board.cubes_left[seat]
    mean = board.scores[seat] / played if played > 0 else 0.0
    return mean, (1.5 * mean + 3.0) ** 2


_FULL_ALLOWED = tuple(ALLOWED_INDICES_BY_KEY[key] for key in FULL_KEYS)


@lru_cache(maxsize=256)
def turn_points(board: Board, seat: int) -> tuple[float, float]:
    """Mean and variance of the points ``seat`` scores in a turn on this board, playing for
    points now. Late in the game a turn scores far more than the average so far (lines are
    long and many squares complete several), and its points spread unevenly: most turns a
    little, some a red line; the race is judged by these, not by the past."""
    occupied = board.occupied
    points = [0] * GRID_SIZE
    for sq in SQUARES:
        if not occupied >> sq.index & 1:
            points[sq.index] = points_now(board, seat, sq.index)
    get = points.__getitem__
    leaf = [max(0, *map(get, allowed)) for allowed in _FULL_ALLOWED]
    return turn_moments(leaf)


def endgame(board: Board, seat: int, weights: Weights = HARD_WEIGHTS) -> Endgame | None:
    """The race in the last ``endgame_cubes`` turns of ``seat``; None earlier or alone."""
    mine = board.cubes_left[seat]
    if not 0 < mine <= weights.endgame_cubes:
        return None
    rivals = [s for s in range(board.seats) if s != seat and not board.resigned[s]]
    if not rivals:
        return None
    per_turn = turn_points if weights.race_from_board else _per_turn
    stats = {s: per_turn(board, s) for s in (seat, *rivals)}
    rival = max(rivals, key=lambda s: board.scores[s] + stats[s][0] * board.cubes_left[s])
    (m_own, v_own), (m_rival, v_rival) = stats[seat], stats[rival]
    later, theirs = mine - 1, board.cubes_left[rival]
    return Endgame(
        board.scores[seat] - board.scores[rival],
        m_own * later - m_rival * theirs,
        sqrt(v_own * later + v_rival * theirs + 1.0),
    )


def endgame_lead(board: Board, seat: int, weights: Weights = HARD_WEIGHTS) -> float:
    """The expected final lead over the strongest rival in the endgame; 0 before it."""
    race = endgame(board, seat, weights)
    return 0.0 if race is None else race.lead + race.rest


def greedy_values(board: Board, seat: int) -> tuple[list[float], list[int]]:
    """Normal values: points now; ties go to squares next to own cubes, then to richer zones."""
    own = board.own_masks[seat]
    return _empty_square_values(
        board,
        seat,
        lambda i, points: points + 0.01 * (own & NEIGHBOURS[i]).bit_count() + 0.001 * POINTS[i],
    )


def _empty_square_values(
    board: Board, seat: int, value: Callable[[int, int], float]
) -> tuple[list[float], list[int]]:
    """``value(index, points now)`` and the points now of every empty square; -inf where
    occupied, so the best square is a plain ``max``."""
    occupied = board.occupied
    values = [float("-inf")] * GRID_SIZE
    now = [0] * GRID_SIZE
    for sq in SQUARES:
        i = sq.index
        if occupied >> i & 1:
            continue
        points = points_now(board, seat, i)
        now[i] = points
        values[i] = value(i, points)
    return values, now
