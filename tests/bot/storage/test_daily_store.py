"""The daily challenge's storage on SQLite and PostgreSQL (the ``database`` fixture runs both):
one attempt per person, game and day in all servers, optimistic saves, the server's board and
streak days, and past days' attempts stored once as finished games for the replay viewer."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.adapters import installed
from bot.adapters.spexxx import ADAPTER
from bot.adapters.spexxx.daily import DAILY
from bot.cli.migrate_db import migrate_db
from bot.core.config import Database
from bot.storage import StaleGame, open_store
from bot.storage.daily import FINISHED, DailyStore
from tests.databases import PostgresServer, TestDb, as_db

DAY = "2026-11-27"


def finished_game(day: str, policy: int):  # type: ignore[no-untyped-def]
    game = DAILY.game(day)
    choices = random.Random(policy)
    while not game.state.finished:
        game.apply(choices.choice(game.legal_actions()))
    return game


async def test_one_attempt_a_day_in_all_servers_and_saves_are_optimistic(
    database: TestDb,
) -> None:
    store = await open_store(database.url, installed())
    daily = DailyStore(store, {"spexxx": ADAPTER})
    try:
        # two starts at once (two clicks): one attempt
        made = await asyncio.gather(
            *(daily.start(g, 10, "spexxx", DAY, 7, "alice", DAILY.game(DAY)) for g in (1, 2))
        )
        assert sum(a is not None for a in made) == 1
        mine = await daily.of_user("spexxx", DAY, 7)
        assert mine is not None and mine.guild_id in (1, 2)
        assert await daily.start(3, 10, "spexxx", DAY, 7, "alice", DAILY.game(DAY)) is None
        # another game, another day: attempts of their own
        assert await daily.start(1, 10, "spexxx", "2026-11-28", 7, "alice", DAILY.game(DAY))
        # a save from an older load is refused, and changes nothing
        first = await daily.get(mine.guild_id, mine.id)
        second = await daily.get(mine.guild_id, mine.id)
        assert first is not None and second is not None
        first.game = finished_game(DAY, 1)
        first.status, first.score = FINISHED, first.game.state.scores[0]
        await daily.save(first)
        second.game.apply(second.game.legal_actions()[0])
        with pytest.raises(StaleGame):
            await daily.save(second)
        again = await daily.get(mine.guild_id, mine.id)
        assert again is not None and again.finished and again.score == first.score
        assert again.game.state == first.game.state and len(again.game.events) > 23
        assert await daily.get(mine.guild_id + 5, mine.id) is None  # another server's id
    finally:
        await store.close()


async def test_board_streak_days_and_past_days_stored_once_as_games(database: TestDb) -> None:
    store = await open_store(database.url, installed())
    daily = DailyStore(store, {"spexxx": ADAPTER})
    try:
        for day, user, policy in (
            ("2026-11-25", 7, 1),
            ("2026-11-26", 7, 2),
            ("2026-11-26", 8, 3),
            ("2026-11-27", 7, 4),
        ):
            attempt = await daily.start(1, 10, "spexxx", day, user, f"p{user}", DAILY.game(day))
            assert attempt is not None
            attempt.game = finished_game(day, policy)
            attempt.status, attempt.score = FINISHED, DAILY.score(attempt.game)
            await daily.save(attempt)
        board = await daily.board(1, "spexxx", "2026-11-26")
        assert {u for u, _, _ in board} == {7, 8}
        assert [score for _, _, score in board] == sorted((s for _, _, s in board), reverse=True)
        assert await daily.board(2, "spexxx", "2026-11-26") == []  # per server
        days = await daily.days_played(1, "spexxx", [7, 8], "2026-01-01")
        assert sorted(days[7]) == ["2026-11-25", "2026-11-26", "2026-11-27"]
        assert days[8] == ["2026-11-26"]
        # only days before today become games, each once, even asked twice at once
        made = await asyncio.gather(
            daily.publish(1, "spexxx", "2026-11-27"), daily.publish(1, "spexxx", "2026-11-27")
        )
        assert sum(made) == 3
        assert await daily.publish(1, "spexxx", "2026-11-27") == 0
        best = await daily.yesterday(1, "spexxx", "2026-11-26")
        assert best is not None
        _, score, game_id = best
        assert score == max(s for _, _, s in board)
        row = await store.get(1, game_id, events=True)
        assert row is not None and row.status.value == "finished" and row.kind == "spexxx"
        assert row.options == {"daily": "2026-11-26"} and row.game.state.scores == [score]
        assert ADAPTER.codec.same_state(
            ADAPTER.codec.replay(row.game.setup.to_dict(), row.game.events), row.game
        )
        assert await store.unrecorded_games(1, "spexxx", 10) == []  # no statistics
        assert await daily.yesterday(1, "spexxx", "2026-11-27") is None  # today: not stored
        assert await store.consistency() == []
    finally:
        await store.close()


async def test_daily_attempts_move_to_postgres_with_migrate_db(
    postgres_server: PostgresServer, tmp_path: Path
) -> None:
    """migrate-db copies the attempts as they are, and new attempts there get new ids."""
    path = tmp_path / "bot.sqlite3"
    store = await open_store(path, installed())
    daily = DailyStore(store, {"spexxx": ADAPTER})
    try:
        for day, user in (("2026-11-26", 7), ("2026-11-27", 7), ("2026-11-27", 8)):
            attempt = await daily.start(1, 10, "spexxx", day, user, f"p{user}", DAILY.game(day))
            assert attempt is not None
            if user == 7:
                attempt.game = finished_game(day, user)
                attempt.status, attempt.score = FINISHED, DAILY.score(attempt.game)
                await daily.save(attempt)
        assert await daily.publish(1, "spexxx", "2026-11-27") == 1
    finally:
        await store.close()
    url = await postgres_server.create_database()
    try:
        assert await migrate_db(Database.file(path), Database.parse(url)) == []
        sql = "SELECT * FROM daily_attempts ORDER BY id"
        assert TestDb("postgresql", url).rows(sql) == as_db(path).rows(sql)
        store = await open_store(url, installed())
        daily = DailyStore(store, {"spexxx": ADAPTER})
        try:
            running = await daily.of_user("spexxx", "2026-11-27", 8)
            assert running is not None and not running.finished
            new = await daily.start(1, 10, "spexxx", "2026-11-27", 9, "p9", DAILY.game(DAY))
            assert new is not None and new.id == 4  # ids go on after the copied ones
        finally:
            await store.close()
    finally:
        await postgres_server.drop_database(url)
