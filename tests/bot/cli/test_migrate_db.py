"""``python -m bot migrate-db``: a SQLite database the bot played on, copied into an empty
PostgreSQL database, verified, and played on there by the real bot in SimCord."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio

from bot import create_bot
from bot.adapters import installed
from bot.cli.migrate_db import MigrationRefused, migrate_db
from bot.core.config import Database
from bot.storage import open_store
from tests.bot.play.test_bot_game import Table, finish_game, stored
from tests.bot.play.test_bot_spectrangle import SpcTable, check_end
from tests.databases import PostgresServer, TestDb, as_db
from tests.simtable import ScriptedDice

ROOT = Path(__file__).resolve().parents[3]
OLD_DATABASE = (
    Path(__file__).resolve().parents[2] / "data" / "v4.sqlite3"
)  # see data/make_v4_database.py
COPIED = ("games", "game_events", "stats_games", "stats_results", "stats_ratings")
COPIED += ("guild_settings", "game_defaults", "timed_views", "live_panels")
COPIED += ("server_settings", "away_watch")


@pytest_asyncio.fixture
async def empty_postgres(postgres_server: PostgresServer) -> AsyncIterator[TestDb]:
    """An empty PostgreSQL database besides the test's own (SQLite) one."""
    url = await postgres_server.create_database()
    yield TestDb("postgresql", url)
    await postgres_server.drop_database(url)


def run_migrate(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD_"))}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", "migrate-db", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )


def counts(db: TestDb) -> dict[str, int]:
    return {table: db.one(f"SELECT COUNT(*) FROM {table}")[0] for table in COPIED}


@pytest.mark.parametrize("store_kind", ["sqlite"])
@pytest.mark.simcord(settle_timeout=120)
async def test_a_played_database_moves_to_postgres_and_the_games_go_on(
    simcord_env,
    database: TestDb,
    empty_postgres: TestDb,
    dice: ScriptedDice,
    tmp_path: Path,
) -> None:
    # on SQLite: finished and running games of both kinds, stats, ratings, settings, a lobby
    spexxx = Table(simcord_env)
    admins = spexxx.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = spexxx.guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    r = await admin.slash(spexxx.channel, "spexxx settings", variant="children", timer=300)
    assert "Saved" in r.response.content
    r = await admin.slash(spexxx.channel, "server", lobby_limit=5)
    assert "Saved" in r.response.content
    done_thread = await spexxx.start()
    await finish_game(spexxx, done_thread)  # game 1: finished, children (the server default)
    spectrangle = SpcTable(
        simcord_env, guild=spexxx.guild, channel=spexxx.channel, names=("cy", "dee")
    )
    spc_done = await spectrangle.start()
    await spectrangle.play_to_end(database, spc_done)  # game 2: finished Spectrangle
    running = await spexxx.start()  # game 3: Spexxx mid-turn, dice held
    player, message = await spexxx.thrown(running)
    await player.click(message, custom_id=spexxx_die(message, 1))
    spc_running = SpcTable(simcord_env, guild=spexxx.guild, channel=spexxx.channel)
    spc_thread = await spc_running.start(computers=("normal",), joiners=[])  # game 4
    await spc_running.play_turn(spc_thread)
    await spexxx.players[0].slash(spexxx.channel, "spexxx new")  # game 5: a lobby
    r = await spexxx.players[0].slash(spexxx.channel, "spexxx stats")  # ratings recorded
    assert not r.ephemeral
    before = counts(database)
    assert before["stats_games"] == 2 and before["stats_ratings"] == 4
    assert before["server_settings"] == 1 and before["game_defaults"] == 1
    held = stored(database, 3)["state"]
    assert held["held"] == [1]

    # the copy, by the command a person types (the bot is idle: nothing is saved meanwhile)
    done = await asyncio.to_thread(
        run_migrate, "--from", str(database.path), "--to", empty_postgres.url, cwd=tmp_path
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "migrate-db: ok" in done.stdout
    assert f"games: {before['games']} rows in the file, {before['games']} copied" in done.stdout
    assert "games: 5 copied, 4 with a log replayed" in done.stdout
    assert counts(empty_postgres) == before
    assert as_db(empty_postgres).rows("SELECT id, state FROM games ORDER BY id") == database.rows(
        "SELECT id, state FROM games ORDER BY id"
    )

    # the bot on PostgreSQL: the running games go on where they were, new ids follow
    bots: list[Any] = []
    await simcord_env.restart_bot(bot_on(empty_postgres.url, dice, bots))
    try:
        assert stored(empty_postgres, 3)["state"] == held
        message = spexxx.turn_message(running)
        await spexxx.on_turn(message).click(message, custom_id=spexxx_throw(message))
        after = stored(empty_postgres, 3)["state"]
        assert len(after["throws"]) == 2 and after["throws"][1][1] == held["throws"][0][1]
        await finish_game(spexxx, running)
        assert stored(empty_postgres, 3)["status"] == "finished"
        await spc_running.play_to_end(empty_postgres, spc_thread)
        await check_end(empty_postgres, spc_running, spc_thread)
        r = await spexxx.players[0].slash(spexxx.channel, "spexxx leaderboard")
        assert not r.ephemeral and "alice" in r.response.embeds[0].description
        assert empty_postgres.one("SELECT COUNT(*) FROM stats_games") == (4,)
        r = await admin.slash(spexxx.channel, "spexxx settings")
        assert "5 minutes" in r.response.content  # the server's defaults came along
        r = await admin.slash(spexxx.channel, "server")
        assert "open lobbies per member: **5**" in r.response.content
        elsewhere = Table(simcord_env)
        lobby = await elsewhere.open_lobby(joiners=[])
        assert "#6" in lobby.content, lobby.content  # new ids go on after the copied ones
        assert await asyncio.to_thread(run_check, empty_postgres.url, tmp_path) == 0
    finally:
        for bot in bots:
            await bot.store.close()
            bot.play.close_renderer()


def spexxx_die(message: discord.Message, index: int) -> str:
    from tests.simtable import component_ids

    return [c for c in component_ids(message) if c.startswith("spx:die:")][index]


def spexxx_throw(message: discord.Message) -> str:
    from tests.simtable import find_id

    return find_id(message, "spx:throw:")


def bot_on(url: str, dice: ScriptedDice, made: list[Any]) -> Any:
    bot = create_bot(database=url, dice=dice, ai_delay=0, channel_pace=None)
    made.append(bot)
    return bot


def run_check(url: str, cwd: Path) -> int:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD_"))}
    env |= {"PYTHONPATH": str(ROOT), "DATABASE_URL": url, "DISCORD_TOKEN": "t"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "check"], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert "check: ok" in done.stdout, done.stdout + done.stderr
    return done.returncode


async def test_the_old_platform_database_moves_over(empty_postgres: TestDb, tmp_path: Path):
    """The checked-in schema-4 database (data/v4.sqlite3): migrated to the latest schema on
    the way, then copied; its games, stats and settings read back the same on PostgreSQL."""
    path = tmp_path / "old.sqlite3"
    shutil.copy(OLD_DATABASE, path)
    problems = await migrate_db(Database.file(path), Database.parse(empty_postgres.url))
    assert problems == []
    source = as_db(path)
    assert counts(empty_postgres) == counts(source)
    for table, key in (("games", "id"), ("game_events", "game_id, seq")):
        sql = f"SELECT * FROM {table} ORDER BY {key}"
        assert empty_postgres.rows(sql) == source.rows(sql)
    store = await open_store(empty_postgres.url, installed())
    try:
        finished = await store.get(10, 1, events=True)
        assert finished is not None and finished.options == {"variant": "adult"}
        ann = await store.player_stats(10, "spexxx", 1)
        assert ann is not None and ann.games == 1
        server = await store.server_settings(10)
        assert (server.threads, server.language, server.turn_timer) == (False, "nl", 0)
        settings = await store.guild_settings(10)
        assert settings.defaults("spexxx").timer == 3600
        lobby = await store.create_lobby(10, 5, store_player(), "spexxx", {})
        assert lobby.id == 4  # ids go on after the copied ones
    finally:
        await store.close()


def store_player() -> Any:
    from bot.contract.models import Player

    return Player(7, "gus")


async def test_a_target_in_use_is_refused_and_left_alone(
    empty_postgres: TestDb, tmp_path: Path
) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copy(OLD_DATABASE, path)
    assert await migrate_db(Database.file(path), Database.parse(empty_postgres.url)) == []
    before = counts(empty_postgres)
    done = await asyncio.to_thread(
        run_migrate, "--from", f"sqlite:///{path}", "--to", empty_postgres.url, cwd=tmp_path
    )
    assert done.returncode == 2
    assert "is not empty (it holds 3 games, 103 game_events, 1 stats_games" in done.stderr
    assert "nothing was copied" in done.stderr and done.stdout == ""
    assert counts(empty_postgres) == before


async def test_a_corrupt_game_in_the_file_is_reported(empty_postgres: TestDb, tmp_path: Path):
    path = tmp_path / "old.sqlite3"
    shutil.copy(OLD_DATABASE, path)
    store = await open_store(path, installed())  # to the latest schema, as the bot would
    await store.close()
    as_db(path).execute('UPDATE games SET state = \'{"variant": "adult"}\' WHERE id = 2')
    done = await asyncio.to_thread(
        run_migrate, "--from", str(path), "--to", empty_postgres.url, cwd=tmp_path
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "PROBLEM: game 2 (guild 10): unreadable:" in done.stdout
    assert "migrate-db: 1 problem(s)" in done.stdout


async def test_a_row_postgres_cannot_hold_copies_nothing(empty_postgres: TestDb, tmp_path: Path):
    path = tmp_path / "old.sqlite3"
    shutil.copy(OLD_DATABASE, path)
    store = await open_store(path, installed())
    await store.close()
    as_db(path).execute("UPDATE game_events SET guild_id = 'ten' WHERE game_id = 1 AND seq = 0")
    with pytest.raises(MigrationRefused, match="the copy failed, nothing was copied"):
        await migrate_db(Database.file(path), Database.parse(empty_postgres.url))
    assert set(counts(empty_postgres).values()) == {0}


async def test_only_sqlite_to_postgres(tmp_path: Path) -> None:
    with pytest.raises(MigrationRefused, match="no SQLite database at"):
        await migrate_db(
            Database.file(tmp_path / "none.sqlite3"), Database.parse("postgresql://h/d")
        )
    with pytest.raises(MigrationRefused, match="--to must be a PostgreSQL database"):
        await migrate_db(Database.file(tmp_path / "a"), Database.file(tmp_path / "b"))
