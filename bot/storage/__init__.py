"""Game storage behind one declared interface (``GameStore``), in SQLite or PostgreSQL.

SQLite (``sqlite.py``) is the default: one file, one machine. PostgreSQL (``postgres.py``) is for
a bot that runs several processes. ``DATABASE_URL`` chooses (see ``bot.core.config.Database``) and
``open_store`` opens either, migrated; every query both run is written once in ``base.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.core.config import Database, Settings
from bot.storage.base import (
    SQLITE_MAX_INT,
    CorruptGame,
    GameKey,
    GameList,
    GameStore,
    Rate,
    SqlGameStore,
    StaleGame,
    Unreadable,
)
from bot.storage.sqlite import SqliteGameStore

if TYPE_CHECKING:
    from bot.contract.adapter import GameAdapter

__all__ = [
    "SQLITE_MAX_INT",
    "CorruptGame",
    "GameKey",
    "GameList",
    "GameStore",
    "Rate",
    "SqlGameStore",
    "SqliteGameStore",
    "StaleGame",
    "Unreadable",
    "open_store",
]


async def open_store(
    where: Settings | Database | str | Path,
    games: Mapping[str, GameAdapter[Any]],
) -> SqlGameStore:
    """The store the settings (or a database URL, or a SQLite file) name, migrated; ``games``:
    the registry, whose codecs read and write each stored kind."""
    database = Database.of(where)
    if database.is_postgres:
        from bot.storage.postgres import PostgresGameStore  # asyncpg only when it is used

        return await PostgresGameStore.open(database.url, games)
    assert database.path is not None
    return await SqliteGameStore.open(database.path, games, synchronous=database.synchronous)
