"""What the Das Spiel tests share: a state's full snapshot, the turns of a random game, the
probe of one action (accepted only if listed, else refused with a reason, and a refusal changes
nothing), the refusal of another seat's move, the record replayed to the same state (in the
engine, and through ``python -m games.das_spiel replay``), and the whole driver of a random
timed game (Raffzahn, Bunte Kuh)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from games.common.errors import IllegalAction, NotYourTurn
from games.das_spiel import __main__ as cli
from games.das_spiel.engine import Timeout
from games.das_spiel.errors import PastDeadline
from games.das_spiel.record import Record, parse_record, replay


def snapshot(state: Any) -> tuple[object, ...]:
    """Every slot of a state, lists copied."""
    return tuple(
        list(v) if isinstance(v, list) else v
        for v in (getattr(state, s) for s in type(state).__slots__)
    )


def turns(game: Any, limit: int | None = None) -> Iterator[tuple[Any, int, list[Any]]]:
    """The turns of a turn-based game until it ends (or after ``limit``): each time its state,
    the seat on turn (there is one until the end) and the legal actions (there are some). The
    loop's body applies the turn's action."""
    done = 0
    while not game.state.finished and (limit is None or done < limit):
        done += 1
        state = game.state
        seat = state.current
        assert seat is not None
        actions = game.legal_actions()
        assert actions
        yield state, seat, actions


def probe(
    target: Any,
    action: Any,
    listed: bool,
    snap: Callable[[Any], object] = snapshot,
    *,
    unlisted_ok: bool = False,
) -> None:
    """Apply ``action`` to a copy of ``target`` (a state or a game): it is accepted only if
    ``listed`` (or ``unlisted_ok``), else refused with a reason and the copy is unchanged;
    ``target`` itself never changes."""
    before = snap(target)
    copy = target.copy()
    try:
        copy.apply(action)
    except IllegalAction as exc:
        assert str(exc) and not listed, action
        assert snap(copy) == before
    else:
        assert listed or unlisted_ok, action
    assert snap(target) == before


def refuses_other_seat(
    state: Any, action: Any, seats: int, snap: Callable[[Any], object] = snapshot
) -> None:
    """``action`` of the seat on turn, sent by the next seat: ``NotYourTurn``, no change."""
    before = snap(state)
    with pytest.raises(NotYourTurn):
        state.apply(replace(action, seat=(action.seat + 1) % seats))
    assert snap(state) == before


def replays(
    game: Any,
    players: Sequence[str],
    factory: Callable[[Record], Any],
    snap: Callable[[Any], object] = snapshot,
) -> Any:
    """The game's record replays to the same state; returns the replayed engine."""
    again = replay(parse_record(game.to_record(list(players))), factory).engine
    assert snap(again.state) == snap(game.state)
    return again


def replay_command(tmp_path: Path, data: Any) -> int:
    """``python -m games.das_spiel replay FILE`` on ``data`` (a record, or text) in a file:
    the exit code; what it printed is for ``capsys``."""
    path = tmp_path / "record.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return cli.main(["replay", str(path)])


def random_timed_game(
    game: Any,
    rng: random.Random,
    *,
    steps: int,
    gaps: Sequence[int],
    candidates: Callable[[Any, int, random.Random], list[Any]],
    late: Callable[[Any, int], Any],
    choose: Callable[[Any, list[Any], int, random.Random], Any],
    invariants: Callable[[Any], None],
    unlisted_ok: Callable[[Any, Any], bool] = lambda state, action: False,
) -> Any:
    """Play ``game`` at random for up to ``steps`` events, ``t`` moving on by one of ``gaps``
    each time. Once a deadline is due: the first four ``candidates`` and ``late(state, t)``
    (None: none) are refused (the latter as past the deadline), nothing changes, and only the
    timeout is legal. Before it: every legal list is non-empty, every candidate is accepted
    only if listed (or ``unlisted_ok``), else refused with a reason, changing nothing; then
    ``choose`` picks the event. ``invariants`` holds after every event. Returns the game."""
    for _ in range(steps):
        s = game.state
        if s.finished:
            break
        t = s.clock.now + rng.choice(gaps)
        if s.clock.due(t):
            before = snapshot(s)
            for bad in candidates(game, t, rng)[:4]:
                probe(game, bad, False, lambda x: snapshot(x.state))
            action = late(s, t)
            if action is not None:
                with pytest.raises(PastDeadline):
                    s.copy().apply(action)
            assert snapshot(s) == before
            assert game.legal_actions(t) == [Timeout(t)]
            game.apply(Timeout(t))
            invariants(game)
            continue
        legal = game.legal_actions(t)
        assert legal
        for cand in candidates(game, t, rng):
            ok = unlisted_ok(s, cand)
            probe(game, cand, cand in legal, lambda x: snapshot(x.state), unlisted_ok=ok)
        game.apply(choose(game, legal, t, rng))
        invariants(game)
    return game
