"""Server-admin commands that never connect to Discord: check, backup, restore."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.adapters import adapter_for
from bot.config import Settings
from bot.migrations import MIGRATIONS
from bot.storage import CorruptGame, SqliteGameStore
from games.common.errors import GameError


async def check(settings: Settings) -> list[str]:
    """Validate the settings, the database, its migrations and every stored game.

    Returns the problems found (empty when all is well) after printing a report.
    """
    problems: list[str] = []
    print(f"settings: {settings!r}")
    path = settings.database_file()
    print(f"database: {path.resolve()} ({'exists' if path.exists() else 'will be created'})")
    store = await SqliteGameStore.open(path)
    try:
        version = await store.schema_version()
        latest = MIGRATIONS[-1][0]
        print(f"schema version: {version} (latest {latest})")
        if version != latest:
            problems.append(f"schema version {version}, expected {latest}")
        integrity = await store.integrity_check()
        print(f"integrity: {integrity}")
        if integrity != "ok":
            problems.append(f"integrity check: {integrity}")
        keys = await store.game_keys()
        checked = 0
        for key in keys:
            try:
                row = await store.get(key.guild_id, key.id, events=True)
            except CorruptGame as exc:
                problems.append(f"game {key.id} (guild {key.guild_id}): unreadable: {exc}")
                continue
            if row is None or row.game is None:
                continue
            checked += 1
            game = adapter_for(row.kind)
            try:
                setup, _ = game.dump(row.game)
                replayed = game.replay(setup, game.events(row.game))
            except GameError as exc:
                problems.append(f"game {row.id} (guild {row.guild_id}): log refused: {exc}")
                continue
            if not game.same_state(replayed, row.game):
                problems.append(f"game {row.id} (guild {row.guild_id}): state != replay of log")
        print(f"games: {len(keys)} stored, {checked} with a log, all replayed")
    finally:
        await store.close()
    for problem in problems:
        print(f"PROBLEM: {problem}")
    print("check: " + ("ok" if not problems else f"{len(problems)} problem(s)"))
    return problems


def backup(source: Path, destination: Path) -> int:
    """SQLite online backup: consistent even while the bot is writing."""
    if not source.exists():
        raise FileNotFoundError(f"no database at {source}")
    destination.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(source) as src, sqlite3.connect(destination) as dst:
        src.backup(dst)
    with sqlite3.connect(destination) as dst:
        dst.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return destination.stat().st_size


def restore(backup_file: Path, database: Path) -> int:
    """Replace the database with a backup (stop the bot first); returns the games restored."""
    if not backup_file.exists():
        raise FileNotFoundError(f"no backup at {backup_file}")
    with sqlite3.connect(f"file:{backup_file}?mode=ro", uri=True) as src:
        status = src.execute("PRAGMA integrity_check").fetchone()[0]
        if status != "ok":
            raise ValueError(f"the backup fails its integrity check: {status}")
        games = src.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        database.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(database) as dst:
            src.backup(dst)
    return int(games)
