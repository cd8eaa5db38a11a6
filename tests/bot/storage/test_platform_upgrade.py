"""Upgrading to the game platform: a database written by the version before it migrates without
losing a game, a stat, a rating or a setting, and turn buttons posted before it still work."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from bot.adapters import installed
from bot.adapters.spexxx import ADAPTER as SPEXXX
from bot.contract.models import Status
from bot.flow.stats import StatsStore
from bot.storage import SqliteGameStore
from bot.storage.migrations import MIGRATIONS
from games.common.dice import SeededDice
from games.spexxx import Game, Setup, Throw, Variant, event_from_dict
from tests.bot.play.test_bot_game import Table, stored
from tests.bot.play.test_robust_input import post_forged
from tests.simtable import find_id

OLD_DATABASE = (
    Path(__file__).resolve().parents[2] / "data" / "v4.sqlite3"
)  # see data/make_v4_database.py
GUILD = 10


def old_rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute(sql).fetchall()


async def test_a_schema_4_database_migrates_without_losing_anything(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    shutil.copy(OLD_DATABASE, path)
    assert old_rows(path, "SELECT MAX(version) FROM schema_version") == [(4,)]
    old_events = old_rows(path, "SELECT game_id, seq, event FROM game_events ORDER BY 1, 2")
    old_ratings = dict(old_rows(path, "SELECT user_id, rating FROM stats_players"))
    old_results = old_rows(
        path, "SELECT game_id, user_id, score, won, longest, zones FROM stats_results"
    )
    store = await SqliteGameStore.open(path, installed())
    try:
        assert await store.schema_version() == MIGRATIONS[-1][0] == 12
        # a server that played before was past its first lobby: no line pointing to /help
        assert not await store.first_notice(GUILD, "help")
        assert await store.first_notice(GUILD + 1, "help")
        finished, running, lobby = [await store.get(GUILD, i, events=True) for i in (1, 2, 3)]
        assert finished is not None and running is not None and lobby is not None
        assert [r.kind for r in (finished, running, lobby)] == ["spexxx"] * 3
        # a final an earlier version did not post (turn_message_id NULL) is not posted now
        assert finished.turn_message_id == 0 and await store.unposted_games() == []
        assert finished.options == {"variant": "adult"} and finished.status is Status.FINISHED
        assert running.options == {"variant": "children"} and running.turn_timer == 120
        assert running.turn_message_id == 999 and running.status is Status.RUNNING
        assert [p.ai for p in lobby.players] == [None, "hard"] and lobby.game is None
        # every stored state is still the replay of its unchanged log
        for row in (finished, running):
            replayed = Game.replay(Setup.from_dict(row.game.setup.to_dict()), row.game.events)
            assert replayed.state == row.game.state
        assert old_rows(path, "SELECT game_id, seq, event FROM game_events ORDER BY 1, 2") == (
            old_events
        )
        assert running.game.state.variant is Variant.CHILDREN
        assert len(running.game.state.throws) == 1  # mid-turn, as it was left
        # statistics: the same results and ratings, now those of Spexxx, facts kept
        stats = StatsStore(store, installed()["spexxx"])
        ann = await stats.player(GUILD, 1)
        bob = await stats.player(GUILD, 2)
        assert ann is not None and bob is not None
        assert {1: ann.rating, 2: bob.rating} == old_ratings
        facts = SPEXXX.seat_facts(finished.game)
        for game_id, user_id, score, won, longest, zones in old_results:
            mine = ann if user_id == 1 else bob
            assert game_id == 1 and mine.games == 1 and mine.best == score
            assert mine.wins == won
            assert mine.facts == [facts[user_id - 1]]
            assert mine.facts[0]["longest"] == longest
            assert mine.facts[0]["zones"] == json.loads(zones)
        assert await StatsStore(store, installed()["spectrangle"]).player(GUILD, 1) is None
        assert not await stats.record(finished)  # recorded before the upgrade: not twice
        # the server's settings: shared ones stay (now /server's), Spexxx's defaults are its own
        server = await store.server_settings(GUILD)
        assert (server.threads, server.language, server.turn_timer) == (False, "nl", 0)
        settings = await store.guild_settings(GUILD)
        assert settings.defaults("spexxx").option == "children"
        assert settings.defaults("spexxx").timer == 3600
        assert settings.defaults("spectrangle").option is None
    finally:
        await store.close()


async def test_the_migrated_game_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    shutil.copy(OLD_DATABASE, path)
    store = await SqliteGameStore.open(path, installed())
    try:
        row = await store.get(GUILD, 2)
        assert row is not None and row.game is not None
        seat = row.game.state.current
        SPEXXX.apply(row.game, Throw(seat), SeededDice(5))
        await store.save(row)
        again = await store.get(GUILD, 2, events=True)
        assert again is not None and len(again.game.state.throws) == 2
        events = [event_from_dict(e) for e in await store.events_of(GUILD, 2)]
        assert Game.replay(again.game.setup, events).state == again.game.state
    finally:
        await store.close()


async def test_buttons_posted_before_the_platform_still_play(simcord_env, db_path: Path) -> None:
    """A turn message from the old bot carries ``spx:<action>:<game>:<turn>:<throws>`` ids,
    without a version: clicking them still throws, holds and places."""
    table = Table(simcord_env)
    thread = await table.start()
    message = table.turn_message(thread)
    player = table.on_turn(message)
    old = await post_forged(simcord_env, thread, buttons=["spx:throw:1:0:0"])
    r = await player.click(old, custom_id="spx:throw:1:0:0")
    assert r.acknowledged and not r.ephemeral
    assert len(stored(db_path)["state"]["throws"]) == 1
    assert find_id(table.turn_message(thread), "spx:throw:1:v")  # new ids from now on
    old = await post_forged(simcord_env, thread, buttons=["spx:die:1:0:1:2:1"])
    r = await player.click(old, custom_id="spx:die:1:0:1:2:1")
    assert r.acknowledged and not r.ephemeral
    assert stored(db_path)["state"]["held"] == [2]
    old = await post_forged(simcord_env, thread, buttons=["spx:throw:1:0:0"])
    r = await player.click(old, custom_id="spx:throw:1:0:0")  # the dice changed since
    assert r.ephemeral and "dice have changed" in r.response.content
    assert len(stored(db_path)["state"]["throws"]) == 1
