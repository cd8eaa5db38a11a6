"""Discord failures (500, 503, 429, 403, 404) on every kind of call the bot makes, and a locked
database: no crash, no lost or corrupted game, a clear word to the player, and the game goes on.

Also holds the shared checks of the ``test_robust_*`` files: ``assert_consistent`` (every stored
state equals the replay of its event log) and ``recover_and_play``.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from bot.adapters import installed
from bot.storage import open_store
from games.spexxx import Game
from tests.bot.play.test_bot_game import Table
from tests.databases import TestDb, as_db
from tests.simtable import find_id, has_id, select_options

STATUSES = (500, 503, 429, 403, 404)
CALLBACK = ("POST", "/interactions/*/*/callback")
ORIGINAL_GET = ("GET", "/webhooks/*/*/messages/@original")
FOLLOWUP = ("POST", "/webhooks/*/*")
CHANNEL_POST = ("POST", "/channels/*/messages")
MESSAGE_PATCH = ("PATCH", "/channels/*/messages/*")
THREAD_CREATE = ("POST", "/channels/*/messages/*/threads")


# ------------------------------------------------------------------ shared checks


async def assert_consistent(where: Path | TestDb) -> int:
    """Every stored game: state == replay(setup, events), seq 0..n-1; returns the game count."""
    db = as_db(where)
    keys = db.rows("SELECT guild_id, id FROM games ORDER BY id")
    seqs = {
        gid: [s for (s,) in db.rows("SELECT seq FROM game_events WHERE game_id = ?", (gid,))]
        for _, gid in keys
    }
    store = await open_store(db.url, installed())
    try:
        for guild_id, game_id in keys:
            row = await store.get(guild_id, game_id)
            assert row is not None
            assert sorted(seqs[game_id]) == list(range(len(seqs[game_id]))), game_id
            if row.game is None:
                assert not seqs[game_id], f"lobby {game_id} has events"
                continue
            events = await store.events_of(guild_id, game_id)
            replayed = Game.from_dict(
                {"game": "spexxx", "setup": row.game.setup.to_dict(), "events": events}
            )
            assert replayed.state.to_dict() == row.game.state.to_dict(), f"game {game_id}"
    finally:
        await store.close()
    return len(keys)


def stored_state(db: Path | TestDb, game_id: int = 1) -> dict[str, Any]:
    status, state = as_db(db).one("SELECT status, state FROM games WHERE id = ?", (game_id,))
    return {"status": status, **(json.loads(state) if state else {})}


def player_on_turn(table: Table, db: Path | TestDb, game_id: int = 1):  # type: ignore[no-untyped-def]
    players, state = as_db(db).one("SELECT players, state FROM games WHERE id = ?", (game_id,))
    seat = json.loads(state)["current"]
    return table.by_id[json.loads(players)[seat]["user_id"]]


async def recover_and_play(table: Table, where, db_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``/spexxx board`` posts working controls again, and a whole turn can be played."""
    player = player_on_turn(table, db_path)
    r = await player.slash(where, "spexxx board")
    assert r.acknowledged and not r.ephemeral, r.response.content if r.response else r
    turns = len(stored_state(db_path)["history"])
    await table.play_turn(where)
    assert len(stored_state(db_path)["history"]) == turns + 1


def no_errors(env) -> None:  # type: ignore[no-untyped-def]
    errors = env.errors
    assert errors == [], errors


async def choosing_a_square(table: Table):  # type: ignore[no-untyped-def]
    """A started game whose player on turn has thrown and clicked Place…: (thread, player,
    the message with the square select)."""
    thread = await table.start()
    player, message = await table.thrown(thread)
    await player.click(message, custom_id=find_id(message, "spx:place:"))
    return thread, player, table.turn_message(thread)


async def place_first(player, message):  # type: ignore[no-untyped-def]
    """Choose the first square of the square select."""
    first = select_options(message, "spx:sq:")[0].value
    return await player.select(message, [first], custom_id=find_id(message, "spx:sq:"))


# ------------------------------------------------------------ turn clicks


@pytest.mark.parametrize("status", STATUSES)
async def test_throw_when_the_update_fails(simcord_env, db_path, status):
    table = Table(simcord_env)
    thread = await table.start()
    message = table.turn_message(thread)
    player = table.on_turn(message)
    simcord_env.inject_error(*CALLBACK, status=status)
    r = await player.click(message, custom_id=find_id(message, "spx:throw:"))
    assert r.ephemeral and "saved" in r.response.content
    assert len(stored_state(db_path)["throws"]) == 1
    no_errors(simcord_env)
    await assert_consistent(db_path)
    await recover_and_play(table, thread, db_path)
    no_errors(simcord_env)


@pytest.mark.parametrize("status", STATUSES)
async def test_place_when_closing_the_turn_message_fails(simcord_env, db_path, status):
    table = Table(simcord_env)
    thread, player, message = await choosing_a_square(table)
    simcord_env.inject_error(*CALLBACK, status=status)
    await place_first(player, message)
    assert len(stored_state(db_path)["history"]) == 1
    fresh = table.turn_message(thread)
    assert fresh.id != message.id and "your turn" in fresh.content  # posted anyway
    no_errors(simcord_env)
    await assert_consistent(db_path)
    await table.play_turn(thread)
    no_errors(simcord_env)


@pytest.mark.parametrize("status", STATUSES)
async def test_place_when_posting_the_next_turn_fails(simcord_env, db_path, status):
    table = Table(simcord_env)
    thread, player, message = await choosing_a_square(table)
    simcord_env.inject_error(*CHANNEL_POST, status=status)
    r = await place_first(player, message)
    assert len(stored_state(db_path)["history"]) == 1
    # nobody has controls now, so the player is told how to get them back
    texts = [f.content for f in r.followups] + [m.content for m in thread.history(viewer=player)]
    assert any("/spexxx board" in t for t in texts), texts
    no_errors(simcord_env)
    await assert_consistent(db_path)
    await recover_and_play(table, thread, db_path)
    no_errors(simcord_env)


@pytest.mark.parametrize("status", STATUSES)
async def test_place_when_every_message_fails(simcord_env, db_path, status):
    """The next turn post and the followup that explains it both fail: still no crash."""
    table = Table(simcord_env)
    thread, player, message = await choosing_a_square(table)
    simcord_env.inject_error(*CHANNEL_POST, status=status)
    simcord_env.inject_error(*FOLLOWUP, status=status)
    await place_first(player, message)
    assert len(stored_state(db_path)["history"]) == 1
    no_errors(simcord_env)
    await assert_consistent(db_path)
    await recover_and_play(table, thread, db_path)


# ------------------------------------------------------------- lobby and start


@pytest.mark.parametrize("status", STATUSES)
async def test_new_lobby_when_discord_fails(simcord_env, db_path, status):
    table = Table(simcord_env)
    host = table.players[0]
    simcord_env.inject_error(*CALLBACK, status=status)
    await host.slash(table.channel, "spexxx new")
    no_errors(simcord_env)
    await assert_consistent(db_path)
    # no stuck lobby without a message: a second try works at once
    r = await host.slash(table.channel, "spexxx new")
    assert r.acknowledged and not r.ephemeral, r.response.content
    assert "Spexxx lobby" in table.channel.last_message.content
    no_errors(simcord_env)


@pytest.mark.parametrize("status", STATUSES)
async def test_new_lobby_when_reading_it_back_fails(simcord_env, db_path, status):
    table = Table(simcord_env)
    simcord_env.inject_error(*ORIGINAL_GET, status=status)
    r = await table.players[0].slash(table.channel, "spexxx new")
    assert r.acknowledged and not r.ephemeral
    lobby = table.channel.last_message
    await table.players[1].click(lobby, label="Join")
    await table.players[0].click(table.channel.last_message, label="Start")
    no_errors(simcord_env)
    await assert_consistent(db_path)
    await table.play_turn(table.channel.threads[0])


@pytest.mark.parametrize("status", STATUSES)
async def test_join_when_the_update_fails(simcord_env, db_path, status):
    table = Table(simcord_env, names=("alice", "bob", "carol"))
    lobby = await table.open_lobby(joiners=[])
    simcord_env.inject_error(*CALLBACK, status=status)
    r = await table.players[1].click(lobby, label="Join")
    assert r.ephemeral and "You joined" in r.response.content
    no_errors(simcord_env)
    with sqlite3.connect(db_path) as db:
        (players,) = db.execute("SELECT players FROM games WHERE id = 1").fetchone()
    assert len(json.loads(players)) == 2  # the join counted
    await table.players[2].click(table.channel.last_message, label="Join")  # the next click
    assert "Seats (3/4)" in table.channel.last_message.content  # catches the message up
    await table.players[0].click(table.channel.last_message, label="Start")
    thread = table.channel.threads[0]
    assert has_id(table.turn_message(thread), "spx:throw:")
    no_errors(simcord_env)


@pytest.mark.parametrize(
    ("call", "status"),
    [(c, s) for c in (THREAD_CREATE, CHANNEL_POST, CALLBACK) for s in STATUSES],
)
async def test_start_when_discord_fails(simcord_env, db_path, call, status):
    table = Table(simcord_env)
    lobby = await table.open_lobby()
    simcord_env.inject_error(*call, status=status)
    await table.players[0].click(lobby, label="Start")
    assert stored_state(db_path)["status"] == "running"
    no_errors(simcord_env)
    await assert_consistent(db_path)
    where = table.channel.threads[0] if table.channel.threads else table.channel
    posted = "\n".join(m.content for m in where.history())
    if call is THREAD_CREATE:  # the game moves into the channel and says why
        assert where is table.channel
        why = "Create Public Threads" if status == 403 else "could not open a thread just now"
        assert why in posted
    else:
        assert where is not table.channel
    # the refused channel post is the roll-off; the first turn message still comes
    assert ("Roll-off" in posted) is (call is not CHANNEL_POST)
    assert "your turn" in table.turn_message(where).content
    await table.play_turn(where)
    no_errors(simcord_env)


# ------------------------------------------------------------- slash commands


@pytest.mark.parametrize("call", [MESSAGE_PATCH, CALLBACK, ORIGINAL_GET])
@pytest.mark.parametrize("status", STATUSES)
async def test_board_when_discord_fails(simcord_env, db_path, call, status):
    table = Table(simcord_env)
    thread = await table.start()
    player = table.on_turn(table.turn_message(thread))
    simcord_env.inject_error(*call, status=status)
    r = await player.slash(thread, "spexxx board")
    assert r.acknowledged
    no_errors(simcord_env)
    await assert_consistent(db_path)
    if call is CALLBACK:
        assert r.ephemeral and "try again" in r.response.content
    if call is ORIGINAL_GET:  # posted, only not read back: nobody is told it failed
        assert not r.ephemeral and "your turn" in r.response.content and not r.followups
    await recover_and_play(table, thread, db_path)
    no_errors(simcord_env)


@pytest.mark.parametrize("status", STATUSES)
async def test_resign_and_cancel_when_discord_fails(simcord_env, db_path, status):
    table = Table(simcord_env, names=("alice", "bob", "carol"))
    thread = await table.start()
    simcord_env.inject_error(*CALLBACK, status=status)
    await table.players[2].slash(thread, "spexxx resign")
    assert stored_state(db_path)["resigned"] == [False, False, True]
    no_errors(simcord_env)
    assert has_id(table.turn_message(thread), "spx:throw:")  # the game went on
    simcord_env.inject_error(*MESSAGE_PATCH, status=status)
    simcord_env.inject_error(*CALLBACK, status=status)
    await table.players[0].slash(thread, "spexxx cancel")
    assert stored_state(db_path)["status"] == "cancelled"
    no_errors(simcord_env)
    await assert_consistent(db_path)


# ------------------------------------------------------------------ database


def hold_lock(db_path: Path, seconds: float, ready: threading.Event) -> None:
    db = sqlite3.connect(db_path, isolation_level=None)
    try:
        db.execute("BEGIN EXCLUSIVE")
        ready.set()
        time.sleep(seconds)
        db.execute("COMMIT")
    finally:
        db.close()


@pytest.mark.parametrize("seconds", [0.3, 1.2])
async def test_locked_database_is_waited_for(simcord_env, db_path, seconds, caplog):
    """Another process holds an exclusive lock while a click is saved: the click still counts."""
    table = Table(simcord_env)
    thread = await table.start()
    message = table.turn_message(thread)
    player = table.on_turn(message)
    ready = threading.Event()
    holder = threading.Thread(target=hold_lock, args=(db_path, seconds, ready))
    holder.start()
    assert await asyncio.to_thread(ready.wait, 5)
    started = time.perf_counter()
    r = await player.click(message, custom_id=find_id(message, "spx:throw:"))
    waited = time.perf_counter() - started
    await asyncio.to_thread(holder.join)
    assert not r.ephemeral and "throw 1 of 4" in r.response.content
    assert waited >= seconds * 0.8  # it did wait for the lock
    assert len(stored_state(db_path)["throws"]) == 1
    no_errors(simcord_env)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    await assert_consistent(db_path)
    await table.play_turn(thread)
