"""Start-up recovery through the real bot: each game on its own (issue 23, item 1).

One game that does not read, or whose recovery raises, used to stop the recovery of every game
(``on_ready`` listed them all at once and never tried again): another server's turn a crash
left unposted stayed unposted and its computers never played on.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.adapters import installed
from bot.flow.posting import POST_RETRY_DELAYS, Posting
from tests.bot.play.test_bot_ai import add_ai
from tests.bot.play.test_bot_game import Table, stored
from tests.bot.play.test_bot_hardening import corrupt_state
from tests.databases import TestDb

FIRST, COMPUTER, UNPOSTED = 1, 2, 3  # the games' ids, in the order the tests open them


def crash_after_a_turn(bot: Any, monkeypatch: Any) -> None:
    """The process dies right after the next move is saved: its next turn is never posted."""

    async def crash(row, channel):  # type: ignore[no-untyped-def]
        pass

    monkeypatch.setattr(bot.play.posting, "after_turn", crash)


async def unposted_turn(table: Table, bot: Any, monkeypatch: Any) -> Any:
    """A started game whose second turn a crash left unposted; its thread."""
    thread = await table.start()
    crash_after_a_turn(bot, monkeypatch)
    await table.play_turn(thread)
    monkeypatch.undo()
    with pytest.raises(AssertionError, match="no turn message"):
        table.turn_message(thread)
    return thread


async def two_games_in_another_server(
    env: Any, bot: Any, database: TestDb, monkeypatch: Any
) -> tuple[Table, Table]:
    """In a server of their own: game 2, a computer on turn paused after its first throw, and
    game 3, whose next turn a crash left unposted."""
    other = env.create_guild()
    against = Table(env, names=("carol",), guild=other)
    bot.play.computers.delay = 600  # the computer pauses after each action…
    lobby = await add_ai(against, await against.open_lobby(joiners=[]), "hard")
    await against.players[0].click(lobby, label="Start")
    if stored(database, COMPUTER)["state"]["current"] == 0:  # carol starts: play her turn
        await against.play_turn(against.channel.threads[0])
    state = stored(database, COMPUTER)["state"]
    assert state["current"] == 1 and len(state["throws"]) == 1  # …so it stops after one throw
    crashed = Table(env, names=("dave", "erin"), guild=other)
    await unposted_turn(crashed, bot, monkeypatch)
    return against, crashed


async def reconnect(env: Any, bot: Any) -> None:
    """The gateway connection drops and comes back: Discord sends READY again, and discord.py
    calls ``on_ready`` again. (SimCord's shard feeds that READY outside the bot's scope, where
    the work it starts would run on the real clock; ``_bot_scope`` puts it on the bot's.)"""
    shard = bot.get_shard(0)
    with env._bot_scope():
        await shard.disconnect()
        await shard.reconnect()
    await env.advance_time(1)


def assert_recovered(database: TestDb, against: Table, crashed: Table) -> None:
    """Game 2's computer played its turn to the end, game 3's unposted turn is posted."""
    state = stored(database, COMPUTER)["state"]
    assert state["current"] == 0 and any(t["seat"] == 1 for t in state["history"])
    assert "your turn" in against.turn_message(against.channel.threads[0]).content
    assert crashed.on_turn(crashed.turn_message(crashed.channel.threads[0]))


async def test_an_unreadable_game_stops_no_other_servers_recovery(
    simcord_env, simcord_bot, database: TestDb, make_bot, monkeypatch, caplog
) -> None:
    caplog.set_level(logging.ERROR)
    broken = Table(simcord_env)
    await broken.start()
    corrupt_state(database, FIRST)  # the first row of every listing
    against, crashed = await two_games_in_another_server(
        simcord_env, simcord_bot, database, monkeypatch
    )

    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(POST_RETRY_DELAYS[0])

    assert_recovered(database, against, crashed)
    assert simcord_env.errors == []  # a row that does not read is logged, not raised
    logged = [r for r in caplog.records if getattr(r, "game", None) == FIRST]
    assert logged and all(r.levelno == logging.ERROR for r in logged), logged
    assert all(r.guild == broken.guild.id for r in logged)

    r = await crashed.players[0].slash(crashed.channel, "spexxx games")
    lines = r.response.content.splitlines()
    assert [line.split()[0] for line in lines] == [f"**#{COMPUTER}**", f"**#{UNPOSTED}**"]


async def test_games_lists_a_game_that_does_not_read_as_such(simcord_env, database: TestDb) -> None:
    table = Table(simcord_env)
    thread = await table.start()
    await table.start()
    corrupt_state(database, FIRST)

    r = await table.players[1].slash(table.channel, "spexxx games")

    assert r.ephemeral
    first, second = r.response.content.splitlines()
    assert first == f"**#1** could not be read (the bot's log says why) · <#{thread.id}>"
    assert second.startswith("**#2** turn 1:")
    assert simcord_env.errors == []


async def test_one_games_failing_recovery_stops_no_other_and_is_tried_again_on_reconnect(
    simcord_env, simcord_bot, database: TestDb, make_bot, monkeypatch, caplog
) -> None:
    """A game whose recovery itself raises (a bug in its adapter, here until it is "fixed") is
    logged with its ids and the others recover; the next ``on_ready`` (after a reconnect)
    tries that game again, and only that one."""
    caplog.set_level(logging.ERROR)
    first = Table(simcord_env, names=("alice", "bob", "cy"))  # three seats: the bug's trigger
    thread = await unposted_turn(first, simcord_bot, monkeypatch)
    against, crashed = await two_games_in_another_server(
        simcord_env, simcord_bot, database, monkeypatch
    )
    adapter = installed()["spexxx"]
    current = adapter.current
    buggy = [True]

    def current_with_a_bug(game):  # type: ignore[no-untyped-def]
        if buggy[0] and game.state.seats == 3:
            raise RuntimeError("a bug in the adapter")
        return current(game)

    monkeypatch.setattr(adapter, "current", current_with_a_bug)
    bot = make_bot()
    await simcord_env.restart_bot(bot)
    await simcord_env.advance_time(POST_RETRY_DELAYS[0])

    assert_recovered(database, against, crashed)
    with pytest.raises(AssertionError, match="no turn message"):
        first.turn_message(thread)
    errors = simcord_env.errors
    assert [str(e) for e in errors] == ["a bug in the adapter"], errors
    failed = [r for r in caplog.records if getattr(r, "game", None) == FIRST]
    assert failed and failed[0].guild == first.guild.id, failed

    buggy[0] = False  # the bug is gone (a hand fix, a transient failure)
    tried: list[int] = []
    recover_game = bot.play.posting._recover_game

    async def noted(guild_id: int, game_id: int) -> str:
        tried.append(game_id)
        return await recover_game(guild_id, game_id)

    monkeypatch.setattr(bot.play.posting, "_recover_game", noted)
    await reconnect(simcord_env, bot)
    assert tried == [FIRST]
    await simcord_env.advance_time(POST_RETRY_DELAYS[0])

    assert tried == [FIRST]
    assert first.on_turn(first.turn_message(thread))
    await reconnect(simcord_env, bot)
    assert tried == [FIRST]  # nothing left to recover


async def test_a_reconnect_during_the_recovery_neither_runs_it_again_nor_beside_it(
    simcord_env, simcord_bot, database: TestDb, make_bot, monkeypatch
) -> None:
    table = Table(simcord_env)
    thread = await unposted_turn(table, simcord_bot, monkeypatch)
    calls: list[object] = []
    running: list[bool] = []
    recover = Posting.recover

    async def slow(self, only=None):  # type: ignore[no-untyped-def]
        """The recovery takes a while (many games): a reconnect comes in the meantime."""
        calls.append(only)
        running.append(True)
        try:
            assert len(running) == 1, "two recoveries at once"
            await asyncio.sleep(30)
            return await recover(self, only)
        finally:
            running.pop()

    monkeypatch.setattr(Posting, "recover", slow)
    bot = make_bot()
    await simcord_env.restart_bot(bot)
    await reconnect(simcord_env, bot)
    await simcord_env.advance_time(30 + POST_RETRY_DELAYS[0])

    assert calls == [None]  # the second on_ready waited for the first recovery, then had none
    assert table.on_turn(table.turn_message(thread))
    turns = [m for m in thread.history() if "your turn" in m.content]
    assert len(turns) == 1  # the recovered turn, posted once (the first one's closed since)
