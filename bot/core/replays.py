"""Finished games watched again, step by step: what each step shows, knowing no game.

A step's words and pictures are the game's own (``turn_result``/``result_view``,
``turn_view``, ``final_view``; a chosen side's ``panel_view``), drawn from the state the
game's replay capability (``bot.contract.replay_steps``) gives for it. The states of a game
are rebuilt once per process and kept in a small LRU, and so are the pictures drawn, so
stepping back and forth costs a dictionary look-up, and a new step one render.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.contract.adapter import GameAdapter, Picture
from bot.contract.capabilities import replays, result_view
from bot.contract.models import GameRow, Status
from bot.core.text import seat_label
from locales import Translator

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
GAMES_KEPT = 16  # games whose states are kept (a long game's are ~100 states)
PICTURES_KEPT = 256  # step pictures kept (~30–100 KB each)
VIEWS_KEPT = 4096  # steps' words (a select's page reads 23 of them)


class LRU(Generic[K, V]):
    """A bounded least-recently-used cache (one per book, not module state)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()  # the render thread fills it, the event loop reads it

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> V:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
            return value


@dataclass(frozen=True, slots=True)
class StepView:
    """One step as the viewer shows it: its words, its picture, where it is in the game."""

    index: int  # 0: the start; count − 1: the end
    count: int
    line: str
    picture: Picture | None
    side: int | None = None  # the seat whose side the picture shows; None: everyone's view


def can_replay(adapter: GameAdapter[Any]) -> bool:
    return replays(adapter) is not None


def sides(adapter: GameAdapter[Any], row: GameRow) -> Sequence[int]:
    """The seats whose own side a viewer of this game may choose (none for most games)."""
    offered = replays(adapter)
    return offered.replay_sides(row.game) if offered is not None else ()


class ReplayBook:
    """The steps of the finished games being watched, and their pictures, kept bounded."""

    def __init__(
        self,
        games: Mapping[str, GameAdapter[Any]],
        *,
        games_kept: int = GAMES_KEPT,
        pictures_kept: int = PICTURES_KEPT,
    ) -> None:
        self._games = games
        self._states: LRU[tuple[int, int], list[GameRow]] = LRU(games_kept)
        self._pictures: LRU[tuple[Any, ...], bytes] = LRU(pictures_kept)
        self._views: LRU[tuple[Any, ...], StepView] = LRU(VIEWS_KEPT)
        self.built = 0  # games whose states were rebuilt (tests, benchmarks)

    def rows(self, row: GameRow) -> list[GameRow]:
        """The game (a finished ``row`` with its whole log loaded) after every step."""
        key = (row.guild_id, row.id)
        found = self._states.get(key)
        if found is not None:
            return found
        adapter = self._games[row.kind]
        offered = replays(adapter)
        if offered is None:
            raise LookupError(f"{row.kind} games cannot be replayed")
        setup, _ = adapter.codec.dump(row.game)
        games = offered.replay_steps(setup, adapter.codec.events(row.game))
        last = len(games) - 1
        rows = [
            dataclasses.replace(row, game=game, status=row.status if n == last else Status.RUNNING)
            for n, game in enumerate(games)
        ]
        self.built += 1
        return self._states.put(key, rows)

    def final_row(self, guild_id: int, game_id: int) -> GameRow | None:
        """The ended game of a book's game, without the store (None: not in the book)."""
        rows = self._states.get((guild_id, game_id))
        return rows[-1] if rows else None

    def view(self, t: Translator, row: GameRow, index: int, side: int | None = None) -> StepView:
        """Step ``index`` (clamped to the game) in ``t``'s words; ``side``: the picture that
        seat saw (a game offering sides), else the public one."""
        rows = self.rows(row)
        index = max(0, min(index, len(rows) - 1))
        key = (row.guild_id, row.id, t.lang, index, side)
        found = self._views.get(key)
        if found is None:
            found = self._views.put(key, self._view(t, row, rows, index, side))
        return found

    def _view(
        self, t: Translator, row: GameRow, rows: list[GameRow], index: int, side: int | None
    ) -> StepView:
        at = rows[index]
        adapter = self._games[row.kind]
        last = index == len(rows) - 1
        picture: Picture | None = None
        if index == 0:
            line = t("The game begins.")
        elif only_resigned(adapter, rows[index - 1], at, start=index == 1):
            line = told(t, adapter, rows[index - 1], at, start=True)  # no turn to show
        else:
            result = result_view(adapter, t, at)
            line = told(t, adapter, rows[index - 1], at, result.content, start=index == 1)
            picture = result.picture
        if last:
            final = adapter.final_view(t, at)
            line = f"{line}\n{final.content}"
            picture = final.picture or picture  # the end as the results showed it
        shown = None
        if side is not None and side in sides(adapter, at):
            panel = adapter.panel_view(t, at, side)
            if panel is not None and panel.picture is not None:
                picture, shown = panel.picture, side
        if picture is None:
            picture = adapter.turn_view(t, at).picture
        return StepView(index, len(rows), line, picture, shown)

    def png(self, key: tuple[Any, ...], picture: Picture) -> bytes:
        """A step's picture drawn once (call off the event loop: it may render)."""
        found = self._pictures.get(key)
        if found is None:
            found = self._pictures.put(key, picture.draw(*picture.args, **picture.kwargs))
        return found

    def png_cached(self, key: tuple[Any, ...]) -> bytes | None:
        return self._pictures.get(key)


def picture_key(row: GameRow, lang: str, index: int, side: int | None) -> tuple[Any, ...]:
    return (row.guild_id, row.id, lang, index, side)


def only_resigned(adapter: GameAdapter[Any], before: GameRow, at: GameRow, *, start: bool) -> bool:
    """Whether the step from the game's start (``start``) to ``at`` is resignations alone: no
    turn was played, so there is no turn's result to tell (nor one to draw it from)."""
    if not start or adapter.turn_number(at.game) != adapter.turn_number(before.game):
        return False
    was = adapter.resigned(before.game)
    return any(gone and not was[s] for s, gone in enumerate(adapter.resigned(at.game)))


def told(
    t: Translator,
    adapter: GameAdapter[Any],
    before: GameRow,
    at: GameRow,
    line: str = "",
    *,
    start: bool = False,
) -> str:
    """What the bot said of the step from ``before`` (``start``: the game's start) to ``at``
    (``line``: the step's ``result_view`` words, if already made). A step in which seats
    resigned says so, as the bot did; its turn's words only if they are new (a step that is
    only a resignation would repeat the turn before it; one from the start has none)."""
    was = adapter.resigned(before.game)
    # People who left; computers leave only when no person is left, and the bot said nothing
    # of them (the result says "no human player left"), so neither does the replay.
    left = [
        s
        for s, gone in enumerate(adapter.resigned(at.game))
        if gone and not was[s] and not at.players[s].is_ai
    ]
    said = [adapter.resigned_text(t, seat_label(t, at, s, adapter.info.seat_marks)) for s in left]
    if only_resigned(adapter, before, at, start=start):
        return "\n".join(said)
    line = line or result_view(adapter, t, at).content
    if not left:
        return line
    if start:  # nothing was played before: the step's own words are its turn's
        earlier = ""
    else:
        earlier = result_view(adapter, t, before).content if before.game is not None else ""
    return "\n".join(said if line == earlier else [*said, line])
