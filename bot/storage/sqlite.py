"""The SQLite store (aiosqlite, WAL): the default, one file on one machine.

Reads run on a second connection, outside any write transaction: WAL gives each read statement
the last committed snapshot, so no read sees a save half written. Writes take the database's
write lock at once (``BEGIN IMMEDIATE``), one transaction at a time, retried with backoff when
another process holds it. Each commit is synced to the disk (``synchronous=FULL``, see ``open``),
so a save the bot acknowledged survives a power cut, not only a killed process.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.contract.adapter import GameAdapter
from bot.storage.base import Row, SqlGameStore, Tx, log
from bot.storage.migrations import MIGRATIONS

T = TypeVar("T")

BUSY_RETRIES = 5
BUSY_TIMEOUT_S = 5.0
SYNCHRONOUS = ("FULL", "NORMAL")  # PRAGMA synchronous in WAL mode, the default first (see open)


class _SqliteTx:
    """A transaction on the write connection; cursors are closed at once (an open one blocks
    COMMIT)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        async with self._db.execute(sql, tuple(params)) as cur:
            return cur.rowcount

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        async with self._db.execute(sql, tuple(params)) as cur:
            return list(await cur.fetchall())

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        await self._db.executemany(sql, [tuple(r) for r in rows])


class SqliteGameStore(SqlGameStore):
    def __init__(
        self,
        db: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        games: Mapping[str, GameAdapter[Any]],
    ) -> None:
        super().__init__(games)
        self._db = db  # writes, one transaction at a time
        self._reader = reader  # reads: each statement sees the last committed snapshot
        self._write_lock = asyncio.Lock()  # one writer at a time on the write connection

    @classmethod
    async def open(
        cls,
        path: str | Path,
        games: Mapping[str, GameAdapter[Any]],
        *,
        synchronous: str = SYNCHRONOUS[0],
    ) -> SqliteGameStore:
        """Open (and create) the file, migrated. ``synchronous``: FULL syncs the WAL at every
        commit, so a save the bot acknowledged survives a power cut too; NORMAL syncs only at
        checkpoints, so a power cut may undo the last saves (a killed process loses nothing)."""
        if synchronous.upper() not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS}, not {synchronous!r}")
        if str(path) == ":memory:":
            raise ValueError("the store needs a database file: reads use their own connection")
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await _connect(path)
        reader = None
        try:
            await _use_wal(db)
            for pragma in (f"synchronous={synchronous.upper()}", "foreign_keys=ON"):
                await (await db.execute(f"PRAGMA {pragma}")).close()
            reader = await _connect(path)
            await (await reader.execute("PRAGMA query_only=ON")).close()
            store = cls(db, reader, games)
            await store.migrate()
        except BaseException:
            await db.close()
            if reader is not None:
                await reader.close()
            raise
        return store

    async def close(self) -> None:
        await self._reader.close()
        await self._db.close()

    async def _exec(self, sql: str, params: tuple[object, ...] = ()) -> int:
        """Run one statement on the write connection outside ``_transaction``; its rowcount."""
        return await _SqliteTx(self._db).execute(sql, params)

    async def _read(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        async with self._reader.execute(sql, tuple(params)) as cur:
            return list(await cur.fetchall())

    async def schema_version(self) -> int:
        await self._exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        rows = await self._read("SELECT MAX(version) FROM schema_version")
        return (rows[0][0] if rows else None) or 0

    async def migrate(self) -> int:
        """Apply the migrations this database has not seen; returns the resulting version.

        Each runs under the write lock and only if the version read under that lock is older:
        of two processes starting at once, the second finds the first's migrations done."""
        current = await self.schema_version()
        for version, sql in sorted(MIGRATIONS):
            if version <= current:
                continue
            await self._exec("BEGIN IMMEDIATE")
            try:
                current = await self._locked_version()
                if version <= current:
                    await self._exec("ROLLBACK")
                    continue
                log.info("applying database migration %d", version)
                for statement in sql.split(";"):
                    if statement.strip():
                        await self._exec(statement)
                await self._exec("INSERT INTO schema_version VALUES (?)", (version,))
                await self._exec("COMMIT")
            except BaseException:
                await self._exec("ROLLBACK")
                raise
            current = version
        return current

    async def _locked_version(self) -> int:
        rows = await _SqliteTx(self._db).fetch("SELECT MAX(version) FROM schema_version")
        return (rows[0][0] if rows else None) or 0

    async def _retry(self, op: Callable[[], Awaitable[T]]) -> T:
        """Retry a transaction when another process holds the database lock."""
        for attempt in range(BUSY_RETRIES):
            try:
                return await op()
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                log.warning("database busy (attempt %d/%d): %s", attempt + 1, BUSY_RETRIES, exc)
                await asyncio.sleep(0.05 * 2**attempt)
        return await op()

    async def _transaction(self, body: Callable[[Tx], Awaitable[bool]]) -> bool:
        async def op() -> bool:
            async with self._write_lock:
                await self._exec("BEGIN IMMEDIATE")
                try:
                    done = await body(_SqliteTx(self._db))
                    await self._exec("COMMIT" if done else "ROLLBACK")
                    return done
                except BaseException:
                    await self._exec("ROLLBACK")
                    raise

        return await self._retry(op)

    async def integrity_check(self) -> str:
        """SQLite's own check of the file, then the rows' consistency (``consistency``)."""
        rows = await self._read("PRAGMA integrity_check")
        status = str(rows[0][0]) if rows else "no answer"
        if status != "ok":
            return status
        return "; ".join(await self.consistency()) or "ok"


async def _use_wal(db: aiosqlite.Connection) -> None:
    """Switch the file to WAL, trying again while another process holds the lock for it.

    Turning a new file to WAL takes a lock SQLite does not wait for (the busy timeout does not
    apply), so of processes starting at once on a new file all but one are refused at first.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + BUSY_TIMEOUT_S
    delay = 0.01
    while True:
        try:
            await (await db.execute("PRAGMA journal_mode=WAL")).close()
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or loop.time() >= deadline:
                raise
        await asyncio.sleep(delay)
        delay = min(2 * delay, 0.2)


async def _connect(path: str | Path) -> aiosqlite.Connection:
    db = await aiosqlite.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None)
    db.row_factory = aiosqlite.Row
    return db
