"""The replay capability a game may offer: its state after every step of a stored log.

A *step* is what the bot told as one result: a turn (a round, in the live games), the step
that ends the game included. Step 0 is the start. A game that offers replays implements
``StepReplays`` (its adapter has ``replay_steps``); a game with private sides that the ended
game may show one at a time (Raffzahn's walls) also implements ``SideReplays``.
``step_games`` is the loop the games share: they give it how one event is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class StepReplays(Protocol):
    """A game that can be watched again step by step."""

    def replay_steps(self, setup: Any, events: Sequence[Any]) -> list[Any]:
        """The game at the start and after each step of ``events`` (a finished game's whole
        decoded log), each as the bot had it when that step's result was told: its result
        line and pictures are drawn from it. The last is the game as it ended."""
        ...


@runtime_checkable
class SideReplays(Protocol):
    """A game whose ended record may be shown from one seat's side at a time."""

    def replay_sides(self, game: Any) -> Sequence[int]:
        """The seats whose own side a viewer may choose (the panel each seat saw)."""
        ...


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
