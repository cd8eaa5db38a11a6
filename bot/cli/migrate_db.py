"""``python -m bot migrate-db --to postgresql://…``: move a bot from its SQLite file to PostgreSQL.

Every row of every table (games with their ids, events, statistics, ratings, server settings and
game defaults) is copied as stored, in one transaction, into an empty PostgreSQL database; the
game ids then go on after the largest copied one. The copy is verified before it is called done:
the same rows per table, and every game on the target equal to the replay of its events through
its adapter (the check ``python -m bot check`` runs). Stop the bot first: a game saved during the
copy would be missing from it.
"""

from __future__ import annotations

from typing import Any

from bot.adapters import installed
from bot.cli.admin import check_games, report
from bot.core.config import Database
from bot.storage.base import TABLES
from bot.storage.postgres import PostgresGameStore
from bot.storage.sqlite import SqliteGameStore

INTEGER_TYPES = ("bigint", "integer", "smallint")


class MigrationRefused(Exception):
    """Nothing was copied: the message says why (a target in use, a missing source…)."""


async def migrate_db(source: Database, target: Database) -> list[str]:
    """Copy ``source`` (SQLite) into ``target`` (empty PostgreSQL) and verify the copy;
    prints what it does and returns the problems the verification found."""
    if source.path is None:
        raise MigrationRefused("--from must be the SQLite file (sqlite:///… or its path)")
    if not target.is_postgres:
        raise MigrationRefused("--to must be a PostgreSQL database: postgresql://…")
    if not source.path.exists():
        raise MigrationRefused(f"there is no SQLite database at {source.path}")
    games = installed()
    src = await SqliteGameStore.open(source.path, games)  # brought to the latest schema first
    try:
        dst = await PostgresGameStore.open(target.url, games)
        try:
            return await _copy_and_verify(src, dst, source, target)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy_and_verify(
    src: SqliteGameStore, dst: PostgresGameStore, source: Database, target: Database
) -> list[str]:
    used = {table: n for table, n in (await dst.table_counts()).items() if n}
    if used:
        held = ", ".join(f"{n} {table}" for table, n in used.items())
        raise MigrationRefused(
            f"{target.redacted()} is not empty (it holds {held}): migrate-db copies only into"
            " an empty database, so nothing was copied. Create a new database (createdb) and"
            " name that one."
        )
    print(f"copying {source.redacted()} -> {target.redacted()}")
    copied: dict[str, tuple[list[str], list[tuple[Any, ...]]]] = {}
    for table in TABLES:
        types = await dst.column_types(table)
        columns = list(types)
        rows = [
            _fit(row, [types[c] for c in columns]) for row in await src.table_rows(table, columns)
        ]
        copied[table] = (columns, rows)
        print(f"  {table}: {len(rows)} rows")
    try:
        await dst.copy_rows(copied)
    except Exception as exc:  # the transaction rolled back: the target is as empty as before
        raise MigrationRefused(f"the copy failed, nothing was copied: {exc}") from exc

    print("verifying the copy")
    problems: list[str] = []
    for table, (columns, rows) in copied.items():
        stored = await dst.table_rows(table, columns)
        same = sum(a == b for a, b in zip(rows, stored, strict=False))
        print(f"  {table}: {len(rows)} rows in the file, {len(stored)} copied, {same} identical")
        if len(stored) != len(rows) or same != len(rows):
            problems.append(
                f"{table}: {len(rows)} rows in the file, {len(stored)} copied, {same} identical"
            )
    games, with_log, found = await check_games(dst, dst.games)
    print(f"  games: {games} copied, {with_log} with a log replayed through their game")
    problems += found
    integrity = await dst.integrity_check()
    print(f"  integrity: {integrity}")
    if integrity != "ok":
        problems.append(f"integrity check: {integrity}")
    return report(problems, "migrate-db")


def _fit(row: tuple[Any, ...], types: list[str]) -> tuple[Any, ...]:
    """A SQLite row for PostgreSQL's columns: SQLite keeps 3.0 in an INTEGER column and 3 in a
    REAL one; PostgreSQL's driver wants the column's own type. Anything else is copied as it is
    (and a value that fits no column fails the copy, which then names it)."""
    fitted = []
    for value, kind in zip(row, types, strict=True):
        if isinstance(value, float) and kind in INTEGER_TYPES and value.is_integer():
            value = int(value)
        elif isinstance(value, int) and kind == "double precision":
            value = float(value)
        fitted.append(value)
    return tuple(fitted)
