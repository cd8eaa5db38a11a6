"""The three computer players and the hint, one step of a turn at a time.

Normal and hard share the exact hold planner and differ only in what a final throw is worth:
normal counts points now, hard counts points now plus prospects (see ``evaluation``). A turn's
plan depends only on the board, so it is memoised per board: the five or so calls of one turn
plan once. The memo holds one plan per game whose turn is being played (see PLAN_CACHE_SIZE).
"""

from __future__ import annotations

import random
from array import array
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from games.common.ai import Decision, Level
from games.spexxx.actions import Discard, Hold, Place, Throw
from games.spexxx.ai.dice import (
    FULL_INDEX,
    FULL_KEYS,
    SUB_KEYS,
    HoldPlan,
    hold_indices,
    plan_holds,
)
from games.spexxx.ai.evaluation import (
    HARD_WEIGHTS,
    NO_SQUARE,
    Board,
    Weights,
    endgame,
    greedy_values,
    points_now,
    square_values,
)
from games.spexxx.board import GRID
from games.spexxx.combinations import ALLOWED_INDICES_BY_KEY, DICE_PER_THROW
from games.spexxx.state import SpexxxState

DISCARD_VALUE = 0.0  # every placement is worth at least this: a cube on the board is never worse


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """Everything a level needs for one turn on one board."""

    values: array[float]  # per grid index; -inf where occupied
    now: array[int]  # points now per grid index
    holds: HoldPlan  # what to hold: for expected value, or in the endgame for the win
    points: HoldPlan | None = None  # in the endgame: the expected values shown to people

    def expected(self, kept: int | None, dice: tuple[int, ...], throws_left: int) -> float:
        """The expected value of keeping ``kept`` (None: of placing now), as people read it."""
        holds = self.points or self.holds
        if kept is None:
            return holds.leaf[FULL_INDEX[tuple(sorted(dice))]]
        return holds.throw_value[throws_left - 1][kept]


# Allowed grid indices per full dice key, in FULL_KEYS order.
_ALLOWED = tuple(ALLOWED_INDICES_BY_KEY[key] for key in FULL_KEYS)


# A turn asks for its plan once per step, and a computer's steps are seconds apart, so every game
# whose turn is being played needs its plan kept meanwhile: a game with a computer or a human
# asking hints holds one or two. Sized for a busy server of 500 running games; a plan with its
# board takes about 27 KB (arrays of doubles; bench_plan_cache.py --memory: 600 plans, 15.6 MiB),
# so the memo stays under 30 MB.
PLAN_CACHE_SIZE = 1024


WIN_TIE_BREAK = 0.001  # per point: where the chance to win is all but certain, points still count


@lru_cache(maxsize=PLAN_CACHE_SIZE)
def _plan(level: Level, board: Board, seat: int, weights: Weights = HARD_WEIGHTS) -> TurnPlan:
    """The turn plan for ``seat`` on ``board``; memoised because a turn asks several times.

    In its last turns hard holds for the chance to win rather than for points: behind, a long
    shot at a big square beats a likely small one; ahead, the safe throw does.
    """
    race = None
    if level is Level.HARD:
        values, now = square_values(board, seat, weights)
        race = endgame(board, seat, weights)
    else:
        values, now = greedy_values(board, seat)
    plan = turn_plan(values, now)
    if race is None:
        return plan
    odds = [race.win_chance(x) + WIN_TIE_BREAK * x for x in plan.holds.leaf]
    return TurnPlan(plan.values, plan.now, plan_holds(odds), plan.holds)


def turn_plan(values: list[float], now: list[int]) -> TurnPlan:
    """The plan that holds for the most valuable square the final dice allow."""
    get = values.__getitem__
    leaf = [max(DISCARD_VALUE, *map(get, allowed)) for allowed in _ALLOWED]
    return TurnPlan(array("d", values), array("l", now), plan_holds(leaf))


def _best_square(plan: TurnPlan, dice: tuple[int, ...]) -> int:
    """The most valuable empty square the dice allow (lowest index on ties), or NO_SQUARE."""
    best, best_value = NO_SQUARE, float("-inf")
    values = plan.values
    for i in ALLOWED_INDICES_BY_KEY[tuple(sorted(dice))]:
        if values[i] > best_value:
            best, best_value = i, values[i]
    return best


def decide(
    state: SpexxxState,
    level: Level,
    rng: random.Random | None = None,
    *,
    weights: Weights = HARD_WEIGHTS,
) -> Decision:
    """The next step for the seat on turn: Throw, Hold (a new set), Place or Discard.

    Never mutates ``state``; never returns the hold that is already set, so a turn driven by
    repeated calls ends in a Place or Discard after at most four throws. ``weights`` tune hard
    (benchmarks compare them).
    """
    seat = state.current
    if seat is None:
        raise ValueError("the game is over: nobody is on turn")
    if level is Level.EASY:
        return _decide_easy(state, seat, rng or _default_rng(state))
    return follow_plan(state, _plan(level, Board.of(state), seat, weights), level)


def follow_plan(state: SpexxxState, plan: TurnPlan, level: Level = Level.NORMAL) -> Decision:
    """The next step of the seat on turn playing ``plan`` (hard's texts name prospects)."""
    seat = state.current
    assert seat is not None
    if not state.throws:
        expected = (plan.points or plan.holds).turn_value
        return Decision(Throw(seat), expected, f"throw all five dice (expected {expected:.1f})")
    dice = state.dice
    assert dice is not None
    kept, _ = plan.holds.choose(dice, state.throws_left)
    expected = plan.expected(kept, dice, state.throws_left)
    if kept is not None:
        return _hold_or_throw(state, seat, dice, SUB_KEYS[kept], expected)
    square = _best_square(plan, dice)
    if square == NO_SQUARE:
        return Decision(Discard(seat), None, "no empty square is allowed: discard a cube")
    return _place(seat, square, plan.now[square], plan.values[square], level)


def hint(state: SpexxxState) -> Decision:
    """The hard AI's advice for the seat on turn; changes nothing."""
    return decide(state, Level.HARD)


def _place(seat: int, square: int, now: int, value: float, level: Level) -> Decision:
    name = GRID[square].name  # type: ignore[union-attr]
    text = f"place on {name}: +{now} now"
    if level is Level.HARD and value - now > 0.05:
        text += f", {value - now:.1f} more in prospects"
    return Decision(Place(seat, name), value, text)


def _dice_text(values: tuple[int, ...]) -> str:
    return " ".join(map(str, values))


def _hold_or_throw(
    state: SpexxxState, seat: int, dice: tuple[int, ...], kept: tuple[int, ...], expected: float
) -> Decision:
    """Keep the multiset ``kept``: set the hold if it differs from the current one, else throw."""
    held = hold_indices(dice, kept, state.held)
    rest = DICE_PER_THROW - len(kept)
    if not kept:
        text = f"throw all five dice again (expected {expected:.1f})"
    else:
        text = f"hold {_dice_text(kept)} and throw {rest} again (expected {expected:.1f})"
    if held == state.held:
        return Decision(Throw(seat), expected, text)
    return Decision(Hold(seat, held), expected, text)


def _default_rng(state: SpexxxState) -> random.Random:
    """Without an RNG the easy player still plays the same game for the same state."""
    return random.Random(f"{state.turn}:{state.occupied}:{state.throws}")


def _decide_easy(state: SpexxxState, seat: int, rng: random.Random) -> Decision:
    """Chase the most common face (like Yahtzee); take points when there are any, else any square.

    Stops throwing as soon as a placement scores, or with five of a kind.
    """
    if not state.throws:
        return Decision(Throw(seat), None, "throw the dice")
    dice = state.dice
    assert dice is not None
    board = Board.of(state)
    allowed = [i for i in ALLOWED_INDICES_BY_KEY[tuple(sorted(dice))] if board.owners[i] < 0]
    scores = {i: points_now(board, seat, i) for i in allowed}
    best = max(scores.values(), default=0)
    counts = Counter(dice)
    face, count = max(counts.items(), key=lambda item: (item[1], item[0]))
    if state.throws_left > 0 and best == 0 and count < DICE_PER_THROW:
        kept = (face,) * count
        held = hold_indices(dice, kept, state.held)
        text = f"hold {_dice_text(kept)} and throw again"
        if held == state.held:
            return Decision(Throw(seat), None, text)
        return Decision(Hold(seat, held), None, text)
    if not allowed:
        return Decision(Discard(seat), None, "no empty square is allowed: discard a cube")
    square = min(i for i in allowed if scores[i] == best) if best > 0 else rng.choice(allowed)
    name = GRID[square].name  # type: ignore[union-attr]
    return Decision(Place(seat, name), None, f"place on {name}: +{scores[square]} now")
