"""Operations without Discord: check, backup/restore, structured logs, draining on shutdown."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from pathlib import Path

import pytest

from bot import admin
from bot.config import Settings
from bot.logs import JsonFormatter
from bot.models import Player, Status
from bot.play import PlayController
from bot.refusals import Refusal
from bot.storage import SqliteGameStore
from games.common.dice import SeededDice
from games.spexxx import Game, Place, Throw


async def store_with_game(path: Path) -> int:
    store = await SqliteGameStore.open(path)
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


def settings_for(path: Path) -> Settings:
    return Settings.from_env({"DISCORD_TOKEN": "t0k3n", "DATABASE_PATH": str(path)})


async def test_check_passes_then_finds_a_tampered_state(tmp_path: Path, capsys) -> None:
    path = tmp_path / "db.sqlite3"
    game_id = await store_with_game(path)
    assert await admin.check(settings_for(path)) == []
    out = capsys.readouterr().out
    assert "check: ok" in out and "t0k3n" not in out
    with sqlite3.connect(path) as db:
        state = json.loads(db.execute("SELECT state FROM games").fetchone()[0])
        state["scores"][0] += 5
        db.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game_id))
    problems = await admin.check(settings_for(path))
    assert problems == [f"game {game_id} (guild 5): state != replay of log"]


async def test_backup_and_restore_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    await store_with_game(path)
    size = admin.backup(path, tmp_path / "backups" / "b.sqlite3")
    assert size > 0
    target = tmp_path / "restored.sqlite3"
    assert admin.restore(tmp_path / "backups" / "b.sqlite3", target) == 1
    store = await SqliteGameStore.open(target)
    try:
        rows = await store.all_games()
        assert len(rows) == 1 and rows[0].game is not None
        assert len(rows[0].game.state.history) == 4
    finally:
        await store.close()
    with pytest.raises(FileNotFoundError):
        admin.restore(tmp_path / "missing.sqlite3", target)


def test_json_logs_carry_guild_and_game() -> None:
    record = logging.LogRecord("bot.play", logging.INFO, __file__, 1, "turn %d done", (3,), None)
    record.guild, record.game = 42, 7
    entry = json.loads(JsonFormatter().format(record))
    assert entry["msg"] == "turn 3 done" and entry["guild"] == 42 and entry["game"] == 7


async def test_drain_waits_for_actions_under_way_and_refuses_new_ones() -> None:
    play = PlayController(None, None, None)  # type: ignore[arg-type]
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
    play = PlayController(None, None, None)  # type: ignore[arg-type]
    entered = asyncio.Event()

    async def stuck() -> None:
        async with play.acting(1):
            entered.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(stuck())
    await entered.wait()
    assert await play.drain(0.05) is False
    task.cancel()
