"""SQLite storage: migrations, WAL, guild scoping, and states that equal the replay of their log."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from bot.migrations import MIGRATIONS
from bot.models import Player, Status
from bot.storage import SqliteGameStore, StaleGame
from games.common.dice import SeededDice
from games.spexxx import Discard, Game, Place, Throw, Variant

GUILD, OTHER_GUILD, CHANNEL = 10, 20, 30


async def open_store(path: Path) -> SqliteGameStore:
    return await SqliteGameStore.open(path)


def play_some(game: Game, turns: int, rng: random.Random) -> None:
    for _ in range(turns):
        if game.state.finished:
            return
        seat = game.state.current
        assert seat is not None
        game.apply(Throw(seat))
        allowed = game.state.allowed_squares()
        game.apply(Place(seat, rng.choice(allowed).name) if allowed else Discard(seat))


async def test_migrations_apply_once_and_use_wal(tmp_path: Path) -> None:
    path = tmp_path / "db" / "spexxx.sqlite3"
    store = await open_store(path)
    assert await store.schema_version() == MIGRATIONS[-1][0]
    await store.close()
    store = await open_store(path)  # a second start applies nothing again
    assert await store.migrate() == MIGRATIONS[-1][0]
    await store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        versions = [v for (v,) in db.execute("SELECT version FROM schema_version")]
    assert versions == [v for v, _ in MIGRATIONS]


async def test_rows_are_scoped_by_guild(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "s.sqlite3")
    try:
        row = await store.create_lobby(GUILD, CHANNEL, Player(1, "ann"), Variant.ADULT)
        assert await store.get(GUILD, row.id) is not None
        assert await store.get(OTHER_GUILD, row.id) is None
        assert await store.find_in_channel(OTHER_GUILD, CHANNEL) is None
        assert [r.id for r in await store.list_active(GUILD)] == [row.id]
        assert await store.list_active(OTHER_GUILD) == []
        found = await store.find_in_channel(GUILD, CHANNEL)
        assert found is not None and found.status is Status.LOBBY
    finally:
        await store.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_saved_state_equals_replay_of_stored_events(tmp_path: Path, seed: int) -> None:
    store = await open_store(tmp_path / "s.sqlite3")
    try:
        row = await store.create_lobby(GUILD, CHANNEL, Player(1, "ann"), Variant.ADULT)
        row.players.append(Player(2, "ben"))
        row.game = Game.new(2, SeededDice(seed))
        row.status = Status.RUNNING
        await store.save(row)
        rng = random.Random(seed)
        for _ in range(6):  # save in several steps, as the bot does
            play_some(row.game, 5, rng)
            await store.save(row)
        loaded = await store.get(GUILD, row.id)
        assert loaded is not None and loaded.game is not None
        assert loaded.game.state == row.game.state
        assert loaded.game.events == row.game.events
        replayed = Game.from_dict(loaded.game.to_dict())
        assert replayed.state == loaded.game.state
        assert loaded.players == row.players and loaded.saved_events == len(row.game.events)
    finally:
        await store.close()


async def test_a_stale_save_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "s.sqlite3")
    try:
        row = await store.create_lobby(GUILD, CHANNEL, Player(1, "ann"), Variant.ADULT)
        first = await store.get(GUILD, row.id)
        second = await store.get(GUILD, row.id)
        assert first is not None and second is not None
        first.players.append(Player(2, "ben"))
        await store.save(first)
        second.players.append(Player(3, "cy"))
        with pytest.raises(StaleGame):
            await store.save(second)
        again = await store.get(GUILD, row.id)
        assert again is not None and [p.name for p in again.players] == ["ann", "ben"]
    finally:
        await store.close()
