"""A benchmark opponent that builds long lines in the high zones (not a player of the bot).

It plans its holds exactly, like normal and hard, but a square is worth its points now plus,
per direction with room for a line of three, a share of its zone's points for each own cube it
would join there (up to three). So red (12 points a cube) and purple (7) lines are what it grows
most, and four of a kind held and thrown at until the fifth die fits is how it gets a red one:
the opponent hard used to lose to late in the game. It never blocks anybody. Against normal it
wins about two games in three (the weights were chosen so: zones below purple left out, it won
under half).
"""

from __future__ import annotations

import random
from functools import lru_cache

from games.common.ai import Decision
from games.spexxx.ai.evaluation import POINTS, Board, points_now
from games.spexxx.ai.players import TurnPlan, follow_plan, turn_plan
from games.spexxx.board import GRID_SIZE, SQUARES
from games.spexxx.scoring import RAYS
from games.spexxx.state import SpexxxState

GROWTH = 0.8  # a line's growth: this share of the zone's points per own cube joined (to 3)
START = 0.05  # a lone cube with room for a line: this share of its zone's points


def _run(owners: tuple[int, ...], seat: int, ray: tuple[int, ...]) -> tuple[int, int]:
    """Own cubes next to the square along ``ray``, and own-or-empty squares (at most four)."""
    own = room = 0
    counting = True
    for i in ray[:4]:
        if owners[i] == seat:
            own += counting
        elif owners[i] < 0:
            counting = False
        else:
            break
        room += 1
    return own, room


def builder_values(board: Board, seat: int) -> tuple[list[float], list[int]]:
    """Points now plus line growth (worth the most in the high zones), per empty square."""
    owners = board.owners
    values = [float("-inf")] * GRID_SIZE
    now = [0] * GRID_SIZE
    for sq in SQUARES:
        i = sq.index
        if owners[i] >= 0:
            continue
        points = points_now(board, seat, i)
        now[i] = points
        growth = 0.0
        for before, after in RAYS[i]:
            own_b, room_b = _run(owners, seat, before)
            own_a, room_a = _run(owners, seat, after)
            if room_b + room_a + 1 < 3:
                continue
            joined = own_b + own_a
            growth += POINTS[i] * (GROWTH * min(joined, 3) if joined else START)
        values[i] = points + growth
    return values, now


@lru_cache(maxsize=64)
def _plan(board: Board, seat: int) -> TurnPlan:
    return turn_plan(*builder_values(board, seat))


def decide_builder(state: SpexxxState, rng: random.Random | None = None) -> Decision:
    """The line builder's next step (``rng`` unused: it plays the same game for a state)."""
    seat = state.current
    if seat is None:
        raise ValueError("the game is over: nobody is on turn")
    return follow_plan(state, _plan(Board.of(state), seat))
