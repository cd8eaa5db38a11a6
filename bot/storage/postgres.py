"""The PostgreSQL store (asyncpg): one database that several bot processes share.

Each read is one statement on a pooled connection: READ COMMITTED gives it the last committed
snapshot, so no read sees a save half written. Each write is one transaction on its own pooled
connection. A save is guarded by its row's version (``UPDATE … WHERE version = $n``): of two
processes saving the same game, the second waits for the first's row lock, then finds the new
version and fails with ``StaleGame``, changing nothing. Rating updates of one server's game take a
transaction-level advisory lock, as SQLite's single writer gives them implicitly.

Migrations run at start under a session-level advisory lock, so two processes starting at once
never both migrate: the second waits, then finds the schema current.
"""

from __future__ import annotations

import functools
import re
import zlib
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import asyncpg

from bot.contract.adapter import GameAdapter
from bot.storage.base import Row, SqlGameStore, Tx, log
from bot.storage.migrations import POSTGRES_MIGRATIONS

MIGRATION_LOCK = 0x5350_4558_5800_0001  # pg_advisory_lock key of the bot's migrations
RATINGS_LOCK = 0x5350_4558  # first key of pg_advisory_xact_lock(int, int) for ratings
POOL_MIN, POOL_MAX = 1, 10


@functools.lru_cache(maxsize=512)
def dollar_params(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, …`` (no query has a ``?`` in a literal)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def _rowcount(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 1`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _PostgresTx:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        return _rowcount(await self._conn.execute(dollar_params(sql), *params))

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return list(await self._conn.fetch(dollar_params(sql), *params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        await self._conn.executemany(dollar_params(sql), rows)


class PostgresGameStore(SqlGameStore):
    NOW = "to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"

    def __init__(self, pool: asyncpg.Pool, games: Mapping[str, GameAdapter[Any]]) -> None:
        super().__init__(games)
        self._pool = pool

    @classmethod
    async def open(
        cls,
        url: str,
        games: Mapping[str, GameAdapter[Any]],
        *,
        pool_size: int = POOL_MAX,
    ) -> PostgresGameStore:
        """Connect (``postgresql://user:password@host:port/database``) and migrate."""
        pool = await asyncpg.create_pool(url, min_size=min(POOL_MIN, pool_size), max_size=pool_size)
        try:
            store = cls(pool, games)
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    async def _read(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return list(await self._pool.fetch(dollar_params(sql), *params))

    async def _transaction(self, body: Callable[[Tx], Awaitable[bool]]) -> bool:
        async with self._pool.acquire() as conn:
            tx = conn.transaction()
            await tx.start()
            try:
                done = await body(_PostgresTx(conn))
            except BaseException:
                await tx.rollback()
                raise
            await (tx.commit() if done else tx.rollback())
            return done

    async def _lock_ratings(self, tx: Tx, guild_id: int, kind: str) -> None:
        key = zlib.crc32(f"{guild_id}:{kind}".encode()) - 2**31  # int4, as the lock takes it
        await tx.fetch("SELECT pg_advisory_xact_lock(?, ?)", (RATINGS_LOCK, key))

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await _version(conn)

    async def migrate(self) -> int:
        """Apply the migrations this database has not seen, holding the migration lock;
        returns the resulting version."""
        async with self._pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                current = await _version(conn)
                for version, sql in sorted(POSTGRES_MIGRATIONS):
                    if version <= current:
                        continue
                    log.info("applying database migration %d", version)
                    async with conn.transaction():
                        await conn.execute(sql)
                        await conn.execute("INSERT INTO schema_version VALUES ($1)", version)
                    current = version
                return current
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    async def integrity_check(self) -> str:
        """The rows' consistency (``consistency``); PostgreSQL checks its own pages itself
        (foreign keys, types and checksums are enforced on every write)."""
        return "; ".join(await self.consistency()) or "ok"

    async def server_version(self) -> str:
        rows = await self._read("SHOW server_version")
        return str(rows[0][0])

    async def copy_rows(self, rows_by_table: Mapping[str, tuple[list[str], list[tuple]]]) -> None:
        """Insert rows as they are, ids included, all in one transaction (``migrate-db``); then
        new game (and daily attempt) ids go on after the largest copied one."""
        async with self._pool.acquire() as conn, conn.transaction():
            for table, (columns, rows) in rows_by_table.items():
                if rows:
                    await conn.copy_records_to_table(table, records=rows, columns=columns)
            for table in ("games", "daily_attempts"):
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )

    async def column_types(self, table: str) -> dict[str, str]:
        """The table's columns in their order, with their types (``bigint``, ``text``…)."""
        rows = await self._read(
            "SELECT column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
            (table,),
        )
        return {str(r[0]): str(r[1]) for r in rows}


async def _version(conn: asyncpg.Connection) -> int:
    await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
