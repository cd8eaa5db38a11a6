"""Slow clicks and commands still land within Discord's 3 s deadline (SimCord enforces it in
virtual time).

The slow call sleeps ``SLOW`` virtual seconds: with a settle timeout shorter than that, SimCord
parks the sleep (and the bot's 2 s defer timer) until the test advances the clock, so no test
waits in real time.

A click or command can wait behind the game's lock, a locked database or a rate-limited call.
After ``replies.LATE`` seconds without an answer the bot defers it and answers through the
deferred response, so the player never sees "This interaction failed" for a move that was saved.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.flow import replies
from tests.bot.play.test_bot_game import Table
from tests.bot.play.test_robust_faults import assert_consistent, no_errors, stored_state
from tests.simtable import find_id

SLOW = 4.0  # virtual seconds: past Discord's 3 s deadline
assert replies.LATE < 3 < SLOW
pytestmark = pytest.mark.simcord(settle_timeout=1.0)  # below LATE and SLOW: both are parked


def slow(monkeypatch, owner, name: str) -> None:
    """``owner.name`` (a coroutine method) first waits ``SLOW`` seconds."""
    original = getattr(owner, name)

    async def wrapper(*args, **kwargs):
        await asyncio.sleep(SLOW)
        return await original(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapper)


async def first_turn(env):  # type: ignore[no-untyped-def]
    """A started two-player game: table, thread, turn message and the player on turn."""
    table = Table(env)
    thread = await table.start()
    message = table.turn_message(thread)
    return table, thread, message, table.on_turn(message)


async def test_a_slow_throw_is_deferred_and_still_shown(
    simcord_env, simcord_bot, db_path, monkeypatch
):
    table, thread, message, player = await first_turn(simcord_env)
    slow(monkeypatch, simcord_bot.store, "save")  # as with a database another process holds
    started = simcord_env.now()
    r = await player.click(message, custom_id=find_id(message, "spx:throw:"))
    await simcord_env.advance_time(SLOW)  # the slow call, then the answer
    monkeypatch.undo()
    assert (simcord_env.now() - started).total_seconds() >= SLOW
    assert r.acknowledged and r.deferred and not r.ephemeral
    shown = table.turn_message(thread)
    assert "throw 1 of 4" in shown.content and shown.attachments
    assert len(stored_state(db_path)["throws"]) == 1
    no_errors(simcord_env)
    await assert_consistent(db_path)
    await table.play_turn(thread)  # the deferred message's buttons work as before
    no_errors(simcord_env)


async def test_a_slow_lobby_join_is_deferred(simcord_env, simcord_bot, monkeypatch):
    table = Table(simcord_env)
    lobby = await table.open_lobby(joiners=[])
    slow(monkeypatch, simcord_bot.store, "save")
    r = await table.players[1].click(lobby, label="Join")
    await simcord_env.advance_time(SLOW)  # the slow call, then the answer
    assert r.acknowledged and r.deferred
    assert "bob" in table.channel.last_message.content
    no_errors(simcord_env)


async def test_a_slow_refusal_is_deferred_and_still_private(
    simcord_env, simcord_bot, db_path, monkeypatch
):
    """A click that waited past the deadline and is then refused gets its private answer."""
    table, _, message, player = await first_turn(simcord_env)
    other = next(p for p in table.players if p is not player)
    slow(monkeypatch, simcord_bot.store, "get")  # as if waiting behind another action
    r = await other.click(message, custom_id=find_id(message, "spx:throw:"))
    await simcord_env.advance_time(SLOW)  # the slow call, then the answer
    monkeypatch.undo()
    assert r.acknowledged and r.deferred
    (answer,) = r.followups
    assert answer.ephemeral and answer.content == "It is bob's turn, not yours."
    assert stored_state(db_path)["throws"] == []
    no_errors(simcord_env)


async def test_quick_clicks_are_never_deferred(simcord_env, simcord_bot):
    _, _, message, player = await first_turn(simcord_env)
    r = await player.click(message, custom_id=find_id(message, "spx:throw:"))
    assert r.acknowledged and not r.deferred
    assert not simcord_bot.play._locks


async def test_a_slow_board_command_thinks_then_posts_the_board(
    simcord_env, simcord_bot, monkeypatch
):
    table = Table(simcord_env)
    thread = await table.start()
    old = table.turn_message(thread)
    slow(monkeypatch, simcord_bot.store, "find_in_channel")
    r = await table.players[0].slash(thread, "spexxx board")
    await simcord_env.advance_time(SLOW)  # the slow call, then the answer
    assert r.acknowledged and not r.ephemeral
    new = table.turn_message(thread)
    assert new.id != old.id and new.attachments and "your turn" in new.content
    assert r.response.id == new.id  # the "thinking…" message became the turn message
    monkeypatch.undo()
    await table.play_turn(thread)
    no_errors(simcord_env)


async def test_a_slow_command_refusal_stays_private(simcord_env, simcord_bot, monkeypatch):
    table = Table(simcord_env)
    thread = await table.start()
    outsider = table.guild.add_member(simcord_env.create_user("carol"))
    slow(monkeypatch, simcord_bot.store, "find_in_channel")
    before = [m.id for m in thread.history()]
    r = await outsider.slash(thread, "spexxx resign")
    await simcord_env.advance_time(SLOW)  # the slow call, then the answer
    assert r.acknowledged
    (answer,) = r.followups
    assert answer.ephemeral and "not playing" in answer.content
    assert [m.id for m in thread.history()] == before  # no public trace of the refusal
    no_errors(simcord_env)


async def test_a_slow_private_command_thinks_privately(simcord_env, simcord_bot, monkeypatch):
    table = Table(simcord_env)
    await table.start()
    slow(monkeypatch, simcord_bot.store, "list_active")
    before = [m.id for m in table.channel.history()]
    r = await table.players[0].slash(table.channel, "spexxx games")
    await simcord_env.advance_time(SLOW)  # the slow call, then the answer
    assert r.acknowledged and r.ephemeral and "#1" in r.response.content
    assert [m.id for m in table.channel.history()] == before
    no_errors(simcord_env)
