"""SQLite storage: migrations, WAL, guild scoping, and states that equal the replay of their log."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from bot.migrations import MIGRATIONS
from bot.models import GameRow, Player, Status
from bot.storage import CorruptGame, GameKey, SqliteGameStore, StaleGame
from games.common.dice import SeededDice
from games.common.errors import GameError
from games.spexxx import Discard, Game, Place, Throw

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
        row = await store.create_lobby(
            GUILD, CHANNEL, Player(1, "ann"), "spexxx", {"variant": "adult"}
        )
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
        row = await store.create_lobby(
            GUILD, CHANNEL, Player(1, "ann"), "spexxx", {"variant": "adult"}
        )
        row.players.append(Player(2, "ben"))
        row.game = Game.new(2, SeededDice(seed))
        row.status = Status.RUNNING
        await store.save(row)
        rng = random.Random(seed)
        for _ in range(6):  # save in several steps, as the bot does
            play_some(row.game, 5, rng)
            await store.save(row)
        loaded = await store.get(GUILD, row.id, events=True)
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
        row = await store.create_lobby(
            GUILD, CHANNEL, Player(1, "ann"), "spexxx", {"variant": "adult"}
        )
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


async def started(store: SqliteGameStore, seed: int = 1) -> GameRow:
    row = await store.create_lobby(GUILD, CHANNEL, Player(1, "ann"), "spexxx", {"variant": "adult"})
    row.players.append(Player(2, "ben"))
    row.game = Game.new(2, SeededDice(seed))
    row.status = Status.RUNNING
    await store.save(row)
    return row


async def test_reads_never_see_a_save_half_written(tmp_path: Path) -> None:
    """Reads racing saves of the same game: each sees a state that is the replay of the log it
    sees, and never a save that was rolled back (item 4 of issue 11)."""
    store = await open_store(tmp_path / "s.sqlite3")
    try:
        row = await started(store)
        assert row.game is not None
        rng = random.Random(4)
        done = asyncio.Event()
        seen: list[int] = []

        async def writer() -> None:
            for _ in range(40):
                play_some(row.game, 1, rng)  # type: ignore[arg-type]
                await store.save(row)
                await asyncio.sleep(0)
            # a save that fails after its state is written: rolled back, so never visible
            row.players.append(Player(3, "never"))
            row.saved_events = 0  # its events collide with the stored ones: IntegrityError
            with pytest.raises(sqlite3.IntegrityError):
                await store.save(row)
            done.set()

        async def reader() -> None:
            while not done.is_set():
                loaded = await store.get(GUILD, row.id, events=True)
                assert loaded is not None and loaded.game is not None
                replayed = Game.replay(loaded.game.setup, loaded.game.events)
                assert replayed.state == loaded.game.state, f"after {len(seen)} reads"
                assert "never" not in [p.name for p in loaded.players]
                seen.append(len(loaded.game.events))

        await asyncio.gather(writer(), reader(), reader())
        assert len(set(seen)) > 10  # the reads did run between the saves
    finally:
        await store.close()


async def test_a_load_reads_the_state_and_the_log_only_when_asked(tmp_path: Path) -> None:
    """A click loads the state alone; actions on it are stored after the log it did not read,
    and the whole log still replays to the stored state (item 13 of issue 11)."""
    store = await open_store(tmp_path / "s.sqlite3")
    try:
        row = await started(store, seed=5)
        assert row.game is not None
        rng = random.Random(5)
        play_some(row.game, 6, rng)
        await store.save(row)
        total = len(row.game.events)
        for _ in range(3):  # load state only → act → save, as each click does
            loaded = await store.get(GUILD, row.id)
            assert loaded is not None and loaded.game is not None
            assert loaded.game.events == [] and loaded.event_count == total
            assert loaded.game.state == row.game.state
            loaded.game.rng = SeededDice(total)
            play_some(loaded.game, 2, rng)
            total = loaded.event_count
            await store.save(loaded)
            row = loaded
        full = await store.get(GUILD, row.id, events=True)
        assert full is not None and full.game is not None
        assert len(full.game.events) == total == full.event_count
        assert Game.replay(full.game.setup, full.game.events).state == full.game.state
        assert full.game.state == row.game.state
        full.game.rng = SeededDice(total)
        play_some(full.game, 1, rng)  # a save after a full load goes on from there
        await store.save(full)
        again = await store.get(GUILD, row.id, events=True)
        assert again is not None and again.game is not None
        assert again.game.events == full.game.events
    finally:
        await store.close()


async def test_the_timer_sweep_lists_due_games_without_loading_them(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "s.sqlite3")
    try:
        row = await started(store)
        row.turn_due, row.reminder_due = 100.0, 50.0
        await store.save(row)
        lobby = await store.create_lobby(
            GUILD, CHANNEL, Player(3, "cy"), "spexxx", {"variant": "adult"}
        )
        lobby.lobby_expires = 80.0
        await store.save(lobby)
        assert await store.due_games(40.0) == []
        assert await store.due_games(60.0) == [GameKey(GUILD, row.id)]
        assert await store.due_games(90.0) == [GameKey(GUILD, row.id), GameKey(GUILD, lobby.id)]
    finally:
        await store.close()


async def test_a_corrupt_stored_state_is_a_bug_not_a_refusal(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = await open_store(path)
    try:
        row = await started(store)
        with sqlite3.connect(path) as db:
            db.execute('UPDATE games SET state = \'{"variant": "adult"}\' WHERE id = ?', (row.id,))
        with pytest.raises(CorruptGame) as caught:
            await store.get(GUILD, row.id)
        assert not isinstance(caught.value, GameError)  # a GameError would answer as a refusal
    finally:
        await store.close()
