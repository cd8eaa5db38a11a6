"""Storage, the same tests on SQLite and PostgreSQL: migrations, guild scoping, the version
guard, and states that equal the replay of their log. PostgreSQL is a real server (see
``conftest.py``); each test has its own database."""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
from dataclasses import replace
from pathlib import Path

import asyncpg
import pytest

from bot.adapters import installed
from bot.contract.models import (
    GameDefaults,
    GameRow,
    LivePanel,
    Player,
    ServerSettings,
    Status,
    TimedView,
)
from bot.core.config import Database
from bot.core.shards import ShardScope
from bot.storage import (
    CorruptGame,
    GameKey,
    SqlGameStore,
    SqliteGameStore,
    StaleGame,
    open_store,
)
from bot.storage.migrations import MIGRATIONS, POSTGRES_MIGRATIONS
from games.common.dice import SeededDice
from games.common.errors import GameError
from games.spexxx import Discard, Game, Place, Throw
from tests.conftest import EMPTY_DATABASE
from tests.databases import TestDb

GUILD, OTHER_GUILD, CHANNEL = 10, 20, 30
INTEGRITY_ERROR = {"sqlite": sqlite3.IntegrityError, "postgresql": asyncpg.UniqueViolationError}


def play_some(game: Game, turns: int, rng: random.Random) -> None:
    for _ in range(turns):
        if game.state.finished:
            return
        seat = game.state.current
        assert seat is not None
        game.apply(Throw(seat))
        allowed = game.state.allowed_squares()
        game.apply(Place(seat, rng.choice(allowed).name) if allowed else Discard(seat))


@EMPTY_DATABASE
async def test_migrations_apply_once(database: TestDb) -> None:
    store = await open_store(database.url, installed())
    assert await store.schema_version() == MIGRATIONS[-1][0]
    await store.close()
    store = await open_store(database.url, installed())  # a second start applies nothing again
    assert await store.migrate() == MIGRATIONS[-1][0]
    await store.close()
    versions = [v for (v,) in database.rows("SELECT version FROM schema_version ORDER BY 1")]
    assert versions == [v for v, _ in MIGRATIONS]
    if database.path is not None:
        assert database.one("PRAGMA journal_mode") == ("wal",)


@pytest.mark.parametrize(("setting", "pragma"), [(None, 2), ("full", 2), ("normal", 1)])
async def test_sqlite_syncs_each_save_to_disk_by_default(
    tmp_path: Path, setting: str | None, pragma: int
) -> None:
    """WAL with synchronous=FULL: a committed save is on the disk before the bot acknowledges
    it, so it survives a power cut, not only a killed process (NORMAL: 1, FULL: 2)."""
    database = Database.file(tmp_path / "x.sqlite3")
    if setting is not None:
        database = replace(database, synchronous=setting)
    store = await open_store(database, installed())
    try:
        assert isinstance(store, SqliteGameStore)
        async with store._db.execute("PRAGMA synchronous") as cur:  # the connection that writes
            assert (await cur.fetchone())[0] == pragma  # type: ignore[index]
    finally:
        await store.close()


@pytest.mark.parametrize("store_kind", ["postgresql"])
async def test_a_test_database_on_postgres_comes_migrated(database: TestDb) -> None:
    """The tests' PostgreSQL databases are copies of one template the migrations made (conftest):
    every migration is recorded before any store opens the copy."""
    versions = [v for (v,) in database.rows("SELECT version FROM schema_version ORDER BY 1")]
    assert versions == [v for v, _ in MIGRATIONS]


def test_both_databases_have_the_same_migrations() -> None:
    assert [v for v, _ in POSTGRES_MIGRATIONS] == [v for v, _ in MIGRATIONS]


@EMPTY_DATABASE
async def test_both_schemas_have_the_same_tables_and_columns(
    database: TestDb, tmp_path: Path
) -> None:
    """The end schema means the same on both: every table and column, in order."""
    store = await open_store(database.url, installed())
    await store.close()
    reference = await SqliteGameStore.open(tmp_path / "reference.sqlite3", installed())
    try:
        tables = [
            r[0]
            for r in await reference._read(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite%' ORDER BY name"
            )
        ]
        expected = {
            t: [r[1] for r in await reference._read(f"PRAGMA table_info({t})")] for t in tables
        }
    finally:
        await reference.close()
    if database.path is not None:
        found = {t: [r[1] for r in database.rows(f"PRAGMA table_info({t})")] for t in tables}
    else:
        found = {
            t: [
                r[0]
                for r in database.rows(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = ?"
                    " AND table_schema = 'public' ORDER BY ordinal_position",
                    (t,),
                )
            ]
            for t in tables
        }
    assert found == expected


@EMPTY_DATABASE
async def test_two_processes_starting_at_once_migrate_once(database: TestDb) -> None:
    """Two starts on an empty database at the same moment (separate connections, as two
    processes have): one migrates, the other waits for it and finds the schema current."""
    stores = await asyncio.gather(*(open_store(database.url, installed()) for _ in range(3)))
    try:
        for store in stores:
            assert await store.schema_version() == MIGRATIONS[-1][0]
    finally:
        for store in stores:
            await store.close()
    versions = [v for (v,) in database.rows("SELECT version FROM schema_version ORDER BY 1")]
    assert versions == [v for v, _ in MIGRATIONS]


async def test_processes_starting_at_once_on_a_new_sqlite_file_all_open(tmp_path: Path) -> None:
    """Turning a new file to WAL takes a lock SQLite does not wait for: of three starts at
    once, one in twenty was refused ("database is locked") before the store tried again.
    Forty new files, so a store that does not try again fails here."""
    for attempt in range(40):
        url = f"sqlite:///{tmp_path / f'new-{attempt}.sqlite3'}"
        stores = await asyncio.gather(*(open_store(url, installed()) for _ in range(3)))
        for store in stores:
            assert await store.schema_version() == MIGRATIONS[-1][0]
            await store.close()


async def test_rows_are_scoped_by_guild(database: TestDb) -> None:
    store = await open_store(database.url, installed())
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
async def test_saved_state_equals_replay_of_stored_events(database: TestDb, seed: int) -> None:
    store = await open_store(database.url, installed())
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


async def test_a_stale_save_is_refused_and_changes_nothing(database: TestDb) -> None:
    store = await open_store(database.url, installed())
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


async def started(store: SqlGameStore, seed: int = 1) -> GameRow:
    row = await store.create_lobby(GUILD, CHANNEL, Player(1, "ann"), "spexxx", {"variant": "adult"})
    row.players.append(Player(2, "ben"))
    row.game = Game.new(2, SeededDice(seed))
    row.status = Status.RUNNING
    await store.save(row)
    return row


async def test_reads_never_see_a_save_half_written(database: TestDb) -> None:
    """Reads racing saves of the same game: each sees a state that is the replay of the log it
    sees, and never a save that was rolled back (item 4 of issue 11)."""
    store = await open_store(database.url, installed())
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
            with pytest.raises(INTEGRITY_ERROR[database.kind]):
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


async def test_a_load_reads_the_state_and_the_log_only_when_asked(database: TestDb) -> None:
    """A click loads the state alone; actions on it are stored after the log it did not read,
    and the whole log still replays to the stored state (item 13 of issue 11)."""
    store = await open_store(database.url, installed())
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


async def test_the_timer_sweep_lists_due_games_without_loading_them(database: TestDb) -> None:
    store = await open_store(database.url, installed())
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


async def test_a_corrupt_stored_state_is_a_bug_not_a_refusal(database: TestDb) -> None:
    store = await open_store(database.url, installed())
    try:
        row = await started(store)
        database.execute(
            'UPDATE games SET state = \'{"variant": "adult"}\' WHERE id = ?', (row.id,)
        )
        with pytest.raises(CorruptGame) as caught:
            await store.get(GUILD, row.id)
        assert not isinstance(caught.value, GameError)  # a GameError would answer as a refusal
    finally:
        await store.close()


async def test_a_row_that_does_not_read_is_left_out_of_listings_and_hides_no_other(
    database: TestDb, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 23, item 1: the first row of a listing that does not decode (a past bug, a hand
    edit) used to abort the whole list, for every server. Now it is logged with its ids, named
    in ``unreadable``, and the rest is listed; loading it by its id still raises."""
    caplog.set_level(logging.ERROR, logger="bot.storage")
    store = await open_store(database.url, installed())
    try:
        broken = await started(store)  # the lowest id: the first row of every listing
        good = await started(store, seed=2)
        lobby = await store.create_lobby(OTHER_GUILD, CHANNEL, Player(3, "cy"), "spexxx", {})
        database.execute("UPDATE games SET state = '{\"variant\": 1}' WHERE id = ?", (broken.id,))

        listed = await store.list_active(GUILD)
        assert [r.id for r in listed] == [good.id]
        assert [(u.guild_id, u.id, u.kind, u.channel_id) for u in listed.unreadable] == [
            (GUILD, broken.id, "spexxx", CHANNEL)
        ]
        assert listed.unreadable[0].reason  # the decode error, for the log and ``check``
        assert [r.id for r in await store.list_active(GUILD, "spexxx")] == [good.id]
        assert [r.id for r in await store.list_active(OTHER_GUILD)] == [lobby.id]
        running = await store.running_games()
        assert [r.id for r in running] == [good.id]
        assert [u.id for u in running.unreadable] == [broken.id]
        assert [r.id for r in await store.all_games()] == [good.id, lobby.id]
        with pytest.raises(CorruptGame):
            await store.get(GUILD, broken.id)
    finally:
        await store.close()
    logged = [r for r in caplog.records if getattr(r, "game", None) == broken.id]
    assert logged and all(r.levelno == logging.ERROR and r.guild == GUILD for r in logged)


async def test_a_timed_view_that_does_not_read_hides_no_other(database: TestDb) -> None:
    store = await open_store(database.url, installed())
    try:
        row = await started(store)
        for message_id in (1, 2):
            await store.add_timed_view(TimedView(GUILD, row.id, message_id, 5.0, "", {"n": 1}))
        database.execute("UPDATE timed_views SET later = 'not json' WHERE message_id = 1")
        assert [v.message_id for v in await store.timed_views()] == [2]
    finally:
        await store.close()


async def test_two_processes_saving_one_game_one_wins(database: TestDb) -> None:
    """Two stores on one database (as two bot processes have) load the same game and save at
    the same moment: the row's version lets exactly one save through; the other is refused
    with ``StaleGame`` and stores none of its events."""
    first, second = (
        await open_store(database.url, installed()),
        await open_store(database.url, installed()),
    )
    try:
        row = await started(first)
        mine, theirs = await first.get(GUILD, row.id), await second.get(GUILD, row.id)
        assert mine is not None and theirs is not None
        for loaded, seat_seed in ((mine, 11), (theirs, 12)):
            assert loaded.game is not None
            loaded.game.rng = SeededDice(seat_seed)
            play_some(loaded.game, 1, random.Random(seat_seed))
        results = await asyncio.gather(
            first.save(mine), second.save(theirs), return_exceptions=True
        )
        assert sorted(type(r).__name__ for r in results) == ["NoneType", "StaleGame"]
        winner = mine if results[0] is None else theirs
        stored = await first.get(GUILD, row.id, events=True)
        assert stored is not None and stored.game is not None and winner.game is not None
        assert stored.version == row.version + 1
        assert stored.game.state == winner.game.state
        assert len(stored.game.events) == winner.event_count
        assert Game.replay(stored.game.setup, stored.game.events).state == stored.game.state
    finally:
        await first.close()
        await second.close()


async def test_settings_round_trip(database: TestDb) -> None:
    store = await open_store(database.url, installed())
    try:
        settings = await store.guild_settings(GUILD)
        assert settings.games == {}
        settings.games["spexxx"] = GameDefaults("children", 120)
        settings.games["spectrangle"] = GameDefaults(None, 0)
        settings.games["abquetschen"] = GameDefaults(None, None)  # the server's timer
        await store.save_guild_settings(settings)
        settings.games["spexxx"] = GameDefaults("adult", 3600)
        await store.save_guild_settings(settings)  # an update, not a second row
        again = await store.guild_settings(GUILD)
        assert again == settings
        assert (await store.guild_settings(OTHER_GUILD)).games == {}
        # what concerns every game: a new server's defaults until /server is used
        server = await store.server_settings(GUILD)
        assert server == ServerSettings(GUILD) and server.turn_timer == 86400
        server.language, server.threads, server.channels = "nl", False, (5, 2**62)
        server.starter_role, server.lobby_limit, server.turn_timer = 2**61, 3, 0
        await store.save_server_settings(server)
        await store.save_server_settings(server)  # an update, not a second row
        assert await store.server_settings(GUILD) == server
        assert await store.server_settings(OTHER_GUILD) == ServerSettings(OTHER_GUILD)
    finally:
        await store.close()


async def test_integrity_check_finds_a_gap_in_a_games_log(database: TestDb) -> None:
    store = await open_store(database.url, installed())
    try:
        row = await started(store)
        assert row.game is not None
        play_some(row.game, 3, random.Random(3))
        await store.save(row)
        assert await store.integrity_check() == "ok"
        counts = await store.table_counts()
        assert counts["games"] == 1 and counts["game_events"] == len(row.game.events) > 2
        database.execute("DELETE FROM game_events WHERE game_id = ? AND seq = 1", (row.id,))
        assert await store.integrity_check() == (
            f"games whose events are not numbered 0, 1, 2, … without gaps: game {row.id}"
        )
    finally:
        await store.close()


async def test_an_unknown_database_url_is_refused_clearly() -> None:
    from bot.core.config import ConfigError

    with pytest.raises(ConfigError, match=r"sqlite:///.*postgresql://.*not 'mysql://'"):
        await open_store("mysql://root:secret@db/bot", installed())


async def test_a_process_lists_only_the_games_of_its_shards(database: TestDb) -> None:
    """Due and running games of guilds on the process's shards only, by Discord's rule
    ``(guild_id >> 22) % shard_count``: ``ShardScope``'s SQL reads the same on both stores."""
    store = await open_store(database.url, installed())
    try:
        guilds = [(shard << 22) + 5 + (7 << 22) * k for shard in range(4) for k in (0, 1)]
        rows = []
        for guild in guilds:
            row = await store.create_lobby(guild, CHANNEL, Player(1, "ann"), "spexxx", {})
            row.players.append(Player(2, "ben"))
            row.game, row.status, row.turn_due = Game.new(2, SeededDice(1)), Status.RUNNING, 5.0
            await store.save(row)
            rows.append(row)
        mine = ShardScope(4, (1, 2))
        expected = [GameKey(r.guild_id, r.id) for r in rows if mine.covers(r.guild_id)]
        assert {(k.guild_id >> 22) % 4 for k in expected} == {1, 2} and len(expected) == 4
        assert await store.due_games(10.0, mine) == expected
        assert [GameKey(r.guild_id, r.id) for r in await store.running_games(mine)] == expected
        assert len(await store.due_games(10.0)) == len(await store.running_games()) == 8
        assert await store.due_games(1.0, mine) == []
        # none has a turn message: the sweep's unposted games are the same, with versions
        assert await store.unposted_games(mine) == [(key, 1) for key in expected]
        rows[1].turn_message_id = 99  # posted now (and so saved again)
        await store.save(rows[1])
        assert [key for key, _ in await store.unposted_games()] == [
            GameKey(r.guild_id, r.id) for r in rows if r is not rows[1]
        ]
    finally:
        await store.close()


async def test_the_unposted_games_are_turns_and_finals_no_message_shows(database: TestDb) -> None:
    """The timer sweep's listing: a running game whose turn has no message and a finished one
    whose final standings have none; not a cancelled game, nor one whose message is known."""
    store = await open_store(database.url, installed())
    try:
        rows = []
        for status in (Status.RUNNING, Status.FINISHED, Status.FINISHED, Status.CANCELLED):
            row = await store.create_lobby(5, CHANNEL, Player(1, "ann"), "spexxx", {})
            row.players.append(Player(2, "ben"))
            row.game, row.status = Game.new(2, SeededDice(1)), status
            await store.save(row)
            rows.append(row)
        running, final, shown, _cancelled = rows
        shown.turn_message_id = 77
        await store.save(shown)
        assert [key for key, _ in await store.unposted_games()] == [
            GameKey(r.guild_id, r.id) for r in (running, final)
        ]
        final.turn_message_id = 78  # the standings are posted
        await store.save(final)
        assert await store.unposted_games() == [(GameKey(5, running.id), running.version)]
    finally:
        await store.close()


async def test_live_panels_are_kept_replaced_listed_by_age_and_dropped(database: TestDb) -> None:
    """A live game's panels: one per seat (a newer one replaces it), listed while their token
    is valid (older ones are dropped from the table), gone with their game's deletion too."""
    store = await open_store(database.url, installed())
    try:
        row = await started(store)
        for seat, shown in ((0, 100.0), (1, 200.0), (0, 300.0)):
            await store.keep_panel(LivePanel(GUILD, row.id, seat, f"t{shown}", 7, "nl", shown, 4))
        panels = await store.live_panels(since=150.0)
        assert [(p.seat, p.token, p.shown, p.lang) for p in panels] == [
            (0, "t300.0", 300.0, "nl"),
            (1, "t200.0", 200.0, "nl"),
        ]
        assert [p.seat for p in await store.live_panels(since=250.0)] == [0]
        assert database.rows("SELECT seat FROM live_panels") == [(0,)]  # seat 1's dropped
        await store.drop_panel(GUILD, row.id, 0)
        assert await store.live_panels(since=0.0) == []
    finally:
        await store.close()
