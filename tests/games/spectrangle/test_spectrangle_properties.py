"""Property tests over random Spectrangle games, checked against rules written out again here.

The reference below is an independent reading of RULES.md: the board from the index formula
(``r = ⌊√i⌋``, ``c = i − r²``, the neighbour rules), the tiles' sides from their codes, the
matching rule and the scoring formula. It shares no tables with the engine, so agreeing with it
means something. Games are driven by hypothesis: seats, teams, seed and how often a stuck player
passes rather than exchanges (passing a lot makes "all passed" endings happen).
"""

from __future__ import annotations

import json
import math
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.common import IllegalAction
from games.spectrangle import (
    TILE_BY_CODE,
    TILE_CODES,
    Event,
    Exchange,
    Exchanged,
    Game,
    Pass,
    Place,
    SpectrangleState,
)
from games.spectrangle.record import export_record, parse_record, replay

Board = dict[int, tuple[str, int]]  # field -> (code, rotation)
BONUS = {11: 4, 13: 4, 20: 4, 2: 3, 26: 3, 34: 3, 10: 2, 14: 2, 30: 2}


def sides_of(field: int) -> dict[str, int | None]:
    """RULES.md, "Neighbours": side name -> the field across it."""
    r = math.isqrt(field)
    c = field - r * r
    out: dict[str, int | None] = {
        "left": field - 1 if c > 0 else None,
        "right": field + 1 if c < 2 * r else None,
    }
    if c % 2 == 0:
        out["bottom"] = field + 2 * r + 2 if r < 5 else None
    else:
        out["top"] = field - 2 * r
    return out


def colours_on(code: str, rotation: int, field: int) -> dict[str, str]:
    """RULES.md, "Orientation": the colour on each side of ``field``."""
    e = code[rotation:] + code[:rotation]
    c = field - math.isqrt(field) ** 2
    if c % 2 == 0:
        return {"bottom": e[0], "left": e[1], "right": e[2]}
    return {"top": e[0], "right": e[1], "left": e[2]}


OPPOSITE = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}


def reference_points(board: Board, code: str, field: int, k: int) -> int | None:
    """Points for a legal placement on ``board``, else None."""
    if field in board:
        return None
    if not board:
        return None if field in BONUS else TILE_BY_CODE[code].value
    mine = colours_on(code, k, field)
    touching = 0
    for side, other in sides_of(field).items():
        if other is None or other not in board:
            continue
        theirs = colours_on(*board[other], other)[OPPOSITE[side]]
        if not (mine[side] == theirs or "W" in (mine[side], theirs)):
            return None
        touching += 1
    if touching == 0:
        return None
    return TILE_BY_CODE[code].value * touching * BONUS.get(field, 1)


def reference_legal(board: Board, hand: tuple[str, ...]) -> set[tuple]:
    return {
        (code, f, k)
        for code in hand
        for f in range(36)
        for k in range(3)
        if reference_points(board, code, f, k) is not None
    }


def board_of(state: SpectrangleState) -> Board:
    return {f: (p.tile, p.rotation) for f, p in enumerate(state.board) if p is not None}


def assert_refused(state: SpectrangleState, event: Event) -> None:
    before = state.to_dict()
    try:
        state.apply(event)
    except IllegalAction as exc:
        assert str(exc)
    else:
        raise AssertionError(f"accepted {event}")
    assert state.to_dict() == before


def play_checked(seats: int, teams: bool, seed: int, pass_rate: float) -> Game:
    """Play a random game, checking every turn against the reference; return it finished."""
    game = Game.new(seats, seed=seed, teams=teams)
    pick = random.Random(seed)
    while not game.finished:
        state = game.state
        seat = state.current
        assert seat is not None
        board = board_of(state)
        legal = reference_legal(board, state.hand(seat))
        engine = {
            (a.tile, a.field, a.rotation) for a in game.legal_actions() if isinstance(a, Place)
        }
        assert engine == legal
        if "WWW" in state.hand(seat) and 0 < len(board) < 36:
            assert legal  # RULES.md, example 4: a hand with the joker is never stuck

        # An illegal attempt is refused with a reason and changes nothing.
        attempt = Place(seat, pick.choice(TILE_CODES), pick.randrange(36), pick.randrange(3))
        if (attempt.tile, attempt.field, attempt.rotation) not in legal:
            assert_refused(state, attempt)
        if legal:
            assert_refused(state, Pass(seat))
            assert_refused(state, Exchanged(seat, state.hand(seat)[0], 0))

        actions = game.legal_actions()
        if legal:
            action = pick.choice(actions)
            assert isinstance(action, Place)
            expected = reference_points(board, action.tile, action.field, action.rotation)
            game.apply(action)
            points = game.history[-1].points
            assert points == expected
            # RULES.md, "The board": 1 to 72 points; 72 only on the ×4 fields; a ×3 field
            # never has three neighbours when it is laid.
            assert 1 <= points <= 72
            assert points < 72 or action.field in (11, 13, 20)
            if BONUS.get(action.field) == 3:
                assert points < 3 * 3 * TILE_BY_CODE[action.tile].value
        else:
            exchanges = [a for a in actions if isinstance(a, Exchange)]
            assert bool(exchanges) == (state.bag_count > 0)
            action = (
                Pass(seat) if not exchanges or pick.random() < pass_rate else pick.choice(exchanges)
            )
            game.apply(action)
    return game


def reference_end(game: Game) -> str:
    """RULES.md, "End of the game", on the final position (no resignations here)."""
    state = game.state
    board = board_of(state)
    in_play = [c for h in state.hand_codes for c in h] + state.bag_codes()
    if not reference_legal(board, tuple(in_play)):
        return "dead_board" if state.bag_count else "no_moves"
    last = [t.kind for t in state.history[-state.seats :]]
    assert all(k == "pass" for k in last)
    return "all_passed"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(2, 4),
    teams=st.booleans(),
    seed=st.integers(0, 2**32),
    pass_rate=st.sampled_from([0.0, 0.5, 1.0]),
)
def test_random_games_follow_the_rules(
    seats: int, teams: bool, seed: int, pass_rate: float
) -> None:
    teams = teams and seats == 4
    game = play_checked(seats, teams, seed, pass_rate)
    state = game.state

    # Scores are the per-turn points minus what is left in hand.
    per_seat = [0] * seats
    for t in state.history:
        per_seat[t.seat] += t.points
    hands = [sum(TILE_BY_CODE[c].value for c in h) for h in state.hand_codes]
    assert state.scores == [p - h for p, h in zip(per_seat, hands, strict=True)]
    assert state.end_reason == reference_end(game)
    sides = state.team_scores if teams else state.scores
    assert sides is not None
    best = max(sides)
    assert state.winners() == [s for s in range(seats) if sides[s % 2 if teams else s] == best]

    # Every tile is somewhere exactly once.
    laid = [p.tile for p in state.board if p is not None]
    assert sorted(laid + [c for h in state.hand_codes for c in h] + state.bag_codes()) == sorted(
        TILE_CODES
    )

    # The event log, the saved state and the record all rebuild the same state.
    assert Game.from_dict(json.loads(json.dumps(game.to_dict()))).state == state
    assert SpectrangleState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    names = [f"P{i}" for i in range(seats)]
    assert replay(parse_record(json.loads(json.dumps(export_record(game, names))))).state == state


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 40))
def test_replay_of_any_prefix_equals_the_state(seed: int, cut: int) -> None:
    game = Game.new(3, seed=seed)
    pick = random.Random(seed)
    states = [game.state.copy()]
    while not game.finished:
        game.apply(pick.choice(game.legal_actions()))
        states.append(game.state.copy())
    cut = min(cut, len(game.events))
    again = Game.replay(game.setup, game.events[:cut])
    assert again.state == states[cut]
