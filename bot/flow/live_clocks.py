"""Live games' clocks: one sleeping task per live game, waking it at its stored due time."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.contract.models import GameRow, Status
from bot.contract.refusals import Refusal
from bot.flow.timers import now

log = logging.getLogger(__name__)


class LiveClocks:
    """One sleeping task per live game, waking at its stored due time. A newer due time
    replaces a sleeping task; once awake, a task is no longer replaced (it holds the lock)."""

    def __init__(
        self,
        wake: Callable[[int, int], Awaitable[None]],
        fail: Callable[[BaseException], None],
    ) -> None:
        self._wake = wake  # the game's due step, under its lock (``LiveFlow.live_wake``)
        self._fail = fail  # a bug: reported to the client (``game_failure``)
        self._sleeping: dict[tuple[int, int], tuple[float, asyncio.Task[None]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def schedule(self, row: GameRow) -> None:
        key = (row.guild_id, row.id)
        due = row.turn_due if row.status is Status.RUNNING else None
        old = self._sleeping.get(key)
        if old is not None:
            if old[0] == due:
                return
            old[1].cancel()
            del self._sleeping[key]
        if due is None:
            return
        task = asyncio.create_task(self._run(key, due), name=f"live-{row.id}")
        self._sleeping[key] = (due, task)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel(self) -> None:
        for _, task in self._sleeping.values():
            task.cancel()
        self._sleeping.clear()

    async def _run(self, key: tuple[int, int], due: float) -> None:
        await asyncio.sleep(max(0.0, due - now()))
        if self._sleeping.get(key, (0.0, None))[1] is asyncio.current_task():
            del self._sleeping[key]  # awake: a new schedule starts a new task
        try:
            await self._wake(*key)
        except Refusal:
            pass  # shutting down: the sweep after the start applies it
        except Exception as exc:
            log.exception("live step failed", extra={"guild": key[0], "game": key[1]})
            self._fail(exc)
