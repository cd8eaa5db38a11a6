"""Background work per game (a computer's turn, a turn post tried again): at most one at a time
per game and kind, and kept referenced until it ends (asyncio only keeps weak references)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any


class GameWork:
    def __init__(self) -> None:
        self._running: set[tuple[int, int]] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def start(
        self, key: tuple[int, int], work: Callable[[], Coroutine[Any, Any, None]], name: str
    ) -> None:
        """Run ``work()`` unless it already runs for this game (``key``: guild and game)."""
        if key in self._running:
            return
        self._running.add(key)
        task = asyncio.create_task(self._run(key, work()), name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, key: tuple[int, int], work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        finally:
            self._running.discard(key)
