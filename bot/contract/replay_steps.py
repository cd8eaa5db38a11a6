"""How games cut a stored log into replay steps (``capabilities.Replays``): the loops the
games share, given how one event is applied."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def step_games(
    game: Any,
    events: Sequence[Any],
    record: Callable[[Any, Any], None],
    turn_number: Callable[[Any], int],
    finished: Callable[[Any], bool],
    snapshot: Callable[[Any, Sequence[Any]], Any],
) -> list[Any]:
    """Apply ``events`` one by one to ``game`` (the start) with ``record``; a step ends where
    the turn number moves on or the game ends. ``snapshot(game, step_events)`` copies the
    game at a step's end (given that step's events), so later events leave it as it was."""
    steps = [snapshot(game, ())]
    start = 0
    turn = turn_number(game)
    for index, event in enumerate(events):
        record(game, event)
        now = turn_number(game)
        if now != turn or finished(game) or index == len(events) - 1:
            steps.append(snapshot(game, events[start : index + 1]))
            start, turn = index + 1, now
    return steps


def action_steps(
    game: Any,
    events: Sequence[Any],
    record: Callable[[Any, Any], None],
    opens: Callable[[Any, Any], bool],
    snapshot: Callable[[Any, Sequence[Any]], Any],
) -> list[Any]:
    """Like ``step_games``, for games whose steps are the bot's messages rather than turns (a
    player's action and what followed it without a choice): a step begins with each event
    for which ``opens(game, event)`` says so, seen before it is applied. What comes before
    the first (what follows the start without a choice) belongs to the start."""
    steps: list[Any] = []
    start = 0
    for index, event in enumerate(events):
        if opens(game, event):
            steps.append(snapshot(game, events[start:index]))
            start = index
        record(game, event)
    if not steps:
        steps.append(snapshot(game, ()))
    steps.append(snapshot(game, events[start:]))
    return steps
