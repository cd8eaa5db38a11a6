"""Redraws of a live round outside the game's lock, so that a click waits only for the clicks
received before it, not for their pictures.

After a change, the round message and the other players' panels must show the new state
(RULES: "after every take the bot redraws all three panels and the public picture"). Under the
game's lock that costs the next click a picture per click before it: three players clicking at
once waited for two. Here a change only *queues* its state; one task per game draws the newest
state queued, after the clicks already waiting are applied (three takes at once: one picture).

Order is kept by three rules:
- a state is drawn only if it is newer than what its target (round message, panel) shows;
  a click's own answer (drawn under the game's lock) marks what it showed;
- every edit of the round message or a panel, queued or direct, is sent under the game's
  *draw lock*, so an older edit never overtakes a newer one on its way to Discord;
- any other action on the game (a slash command, a due step, the round's end) first ``settle``s:
  what is queued is drawn before it goes on, so nothing drawn after it is older.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.contract.models import GameRow

log = logging.getLogger(__name__)

Draw = Callable[["GameRow", discord.abc.Messageable], Awaitable[None]]


@dataclass(slots=True)
class _GameDraws:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # around every edit sent
    queued: GameRow | None = None
    channel: discord.abc.Messageable | None = None
    task: asyncio.Task[None] | None = None
    waiting: bool = False  # the task still waits for the clicks received before it
    public: tuple[int, int] = (0, -1)  # (message id, event count) the round message shows


class RoundDraws:
    """The queued redraws of every live game in this process, by game id."""

    def __init__(
        self,
        draw: Draw,
        game_lock: Callable[[int], asyncio.Lock | None],
        busy: Callable[[], contextlib.AbstractAsyncContextManager[None]],
        failed: Callable[[BaseException], None],
    ) -> None:
        self._draw = draw  # draws one state: the round message, then the open panels
        self._game_lock = game_lock  # the game's action lock, if anything holds or awaits it
        self._busy = busy  # shutdown waits for a draw under way
        self._failed = failed
        self._games: dict[int, _GameDraws] = {}

    def queue(self, row: GameRow, channel: discord.abc.Messageable) -> None:
        """Show ``row`` (just saved, under the game's lock) soon; a newer state queued before
        it is drawn replaces it."""
        state = self._games.setdefault(row.id, _GameDraws())
        if state.queued is None or row.event_count >= state.queued.event_count:
            state.queued, state.channel = row, channel
        if state.task is None:
            state.waiting = True
            state.task = asyncio.create_task(self._run(row.id, state), name=f"draw-{row.id}")

    async def settle(self, game_id: int) -> None:
        """Under the game's lock, before an action that may edit the round itself: what is
        queued is drawn now, so nothing is left to be drawn after the action."""
        state = self._games.get(game_id)
        if state is None or state.task is None:
            return
        task = state.task
        if not state.waiting:  # drawing: it draws what is queued, then ends
            await asyncio.wait([task])
            return
        task.cancel()  # it waits for this very lock: draw here what it would have
        await asyncio.wait([task])
        row, channel = state.queued, state.channel
        state.queued = None
        try:
            if row is not None and channel is not None:
                await self._draw(row, channel)
        finally:
            self._forget_if_idle(game_id, state)

    @contextlib.asynccontextmanager
    async def sending(self, game_id: int) -> AsyncIterator[None]:
        """Around an edit of the round message or a panel: in order with the queued ones."""
        state = self._games.get(game_id)
        if state is None:  # nothing queued: nothing older can follow
            yield
            return
        async with state.lock:
            yield

    def stale(self, row: GameRow, message_id: int) -> bool:
        """Whether the round message ``message_id`` shows ``row``'s state or a newer one (to
        call under ``sending``)."""
        state = self._games.get(row.id)
        if state is None or state.public[0] != message_id:
            return False
        return state.public[1] >= row.event_count

    def shown(self, row: GameRow, message_id: int) -> None:
        """The round message now shows ``row`` (to call under ``sending``)."""
        state = self._games.get(row.id)
        if state is not None and not self.stale(row, message_id):
            state.public = (message_id, row.event_count)

    def unshown(self, row: GameRow, message_id: int) -> None:
        """The edit that was to show ``row`` failed: the round message shows an older state
        (to call under ``sending``)."""
        state = self._games.get(row.id)
        if state is not None and state.public == (message_id, row.event_count):
            state.public = (0, -1)

    def newer_queued(self, row: GameRow) -> bool:
        """A state newer than ``row`` waits to be drawn: drawing ``row`` would be wasted."""
        state = self._games.get(row.id)
        queued = state.queued if state is not None else None
        return queued is not None and queued.event_count > row.event_count

    def cancel(self) -> None:
        for state in self._games.values():
            if state.task is not None:
                state.task.cancel()
        self._games.clear()

    async def _run(self, game_id: int, state: _GameDraws) -> None:
        try:
            async with self._busy():
                lock = self._game_lock(game_id)  # None: nothing holds or awaits it
                if lock is not None:
                    async with lock:  # the clicks received before this draw apply first
                        pass
                state.waiting = False
                while state.queued is not None and state.channel is not None:
                    row, channel = state.queued, state.channel
                    state.queued = None
                    await self._draw(row, channel)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("drawing a live round failed", extra={"game": game_id})
            self._failed(exc)
        finally:
            state.task = None
            self._forget_if_idle(game_id, state)

    def _forget_if_idle(self, game_id: int, state: _GameDraws) -> None:
        if self._games.get(game_id) is state and state.task is None and state.queued is None:
            del self._games[game_id]
