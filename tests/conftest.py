"""Fixtures for the SimCord bot tests: real bot objects on a temporary database."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import pytest_asyncio
from simcord import Env

from tests.simtable import ScriptedDice

if TYPE_CHECKING:
    from bot.client import GameBot


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "spexxx.sqlite3"


@pytest.fixture
def dice() -> ScriptedDice:
    return ScriptedDice("tests")


@pytest_asyncio.fixture
async def make_bot(db_path: Path, dice: ScriptedDice) -> AsyncIterator[Callable[..., GameBot]]:
    """Builds bots on the test's database; closes their stores afterwards.

    SimCord detaches a bot without calling ``close()``, and an open aiosqlite connection keeps a
    worker thread alive, so the test process would never exit.
    """
    from bot import create_bot  # imported here so engine-only test runs need no Discord

    made: list[GameBot] = []

    def make(**settings: Any) -> GameBot:
        bot = create_bot(database_path=db_path, dice=dice, ai_delay=0, **settings)
        made.append(bot)
        return bot

    yield make
    for bot in made:
        store = getattr(bot, "store", None)
        if store is not None:
            await store.close()
        play = getattr(bot, "play", None)
        if play is not None:
            play.close_renderer()


@pytest.fixture
def simcord_bot(make_bot: Callable[[], GameBot]) -> GameBot:
    return make_bot()


@pytest_asyncio.fixture
async def simcord_env(simcord_bot: GameBot, request: pytest.FixtureRequest) -> AsyncIterator[Env]:
    """SimCord's own fixture, with one shard unless the test's ``simcord`` mark says otherwise.

    The bot is sharded with the count left to Discord (the default), which real Discord
    answers from ``/gateway/bot`` (one shard below 1,000 servers); SimCord needs to be told."""
    marker = request.node.get_closest_marker("simcord")
    options = {"shard_count": 1} if simcord_bot.shard_count is None else {}
    env = Env(simcord_bot, **{**options, **(marker.kwargs if marker else {})})
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)
