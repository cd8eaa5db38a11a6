"""Sharding: the settings, each process keeping to its own servers' games, and two processes on
one database that never both act on a game (the row-level guard), through the real bot in SimCord.

A "second process" here is a second ``PlayController`` on the same bot: its own store
connection, its own per-game locks, timers and computers, so nothing in memory is shared with the
first; only the (simulated) Discord connection is, which lets the test count every message both
posted. ``benchmarks/bench_shards.py`` runs real OS processes.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest

from bot.core.config import ConfigError, Settings
from bot.core.shards import ALL_SHARDS, ShardScope, format_ids, parse_ids
from bot.flow.play import PlayController
from bot.storage import open_store
from tests.bot.play.test_bot_ai import add_ai
from tests.bot.play.test_bot_game import TURN_PREFIXES, Table, stored
from tests.bot.play.test_bot_timers import TWO_MINUTES, clock, start_timed
from tests.databases import TestDb
from tests.simtable import component_ids

TOKEN = {"DISCORD_TOKEN": "x"}

# --------------------------------------------------------------------------- settings


def shards(**env: str) -> ShardScope:
    return Settings.from_env({**TOKEN, **env}).shards


def test_no_shard_settings_keep_one_process_with_discords_count() -> None:
    assert shards() == ALL_SHARDS
    assert ALL_SHARDS.count is None and ALL_SHARDS.everything
    assert shards(SHARD_COUNT="4") == ShardScope(4)  # every shard of 4, in this process
    assert shards(SHARD_COUNT="4").everything


def test_shard_ids_as_ranges_and_lists() -> None:
    assert shards(SHARD_COUNT="4", SHARD_IDS="0-3") == ShardScope(4, (0, 1, 2, 3))
    assert shards(SHARD_COUNT="8", SHARD_IDS="0,2,5-7") == ShardScope(8, (0, 2, 5, 6, 7))
    assert shards(SHARD_COUNT="8", SHARD_IDS=" 5-7, 0 ").ids == (0, 5, 6, 7)
    assert parse_ids("3") == (3,)
    assert format_ids((0, 2, 5, 6, 7)) == "0,2,5-7"
    assert format_ids(parse_ids("0-3,9")) == "0-3,9"
    assert ShardScope(8, (0, 2, 5, 6, 7)).describe() == "shards 0,2,5-7 of 8"


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"SHARD_IDS": "0-1"}, "SHARD_IDS='0-1' needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number from 1, not '0'"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number from 1, not 'two'"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "2-5"}, "shard 4 does not exist with SHARD_COUNT=4"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "the range '3-1' runs backwards"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-2,2"}, "shard 2 is listed twice"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0;1"}, "'0;1' is not a shard id or a range"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "-1"}, "'-1' is not a shard id or a range"),
    ],
)
def test_wrong_shard_settings_are_refused_clearly(env: dict[str, str], says: str) -> None:
    with pytest.raises(ConfigError) as raised:
        Settings.from_env({**TOKEN, **env})
    assert says in str(raised.value)


def test_the_bot_is_sharded_as_the_settings_say() -> None:
    from discord.ext.commands import AutoShardedBot

    from bot import create_bot

    default = create_bot()  # Discord's recommended count, every shard here
    assert isinstance(default, AutoShardedBot)
    assert (default.shard_count, default.shard_ids) == (None, None)
    some = create_bot(shards=ShardScope(8, (2, 3, 4)))
    assert (some.shard_count, some.shard_ids) == (8, [2, 3, 4])


def test_a_server_belongs_to_the_shard_discord_sends_it_to() -> None:
    scope = ShardScope(3, (0, 2))
    for shard in range(3):
        guild_id = (1000 * 3 + shard) << 22 | 12345  # the low 22 bits do not count
        assert scope.covers(guild_id) is (shard != 1)
    assert ALL_SHARDS.covers(1 << 22) and ShardScope(3).covers(1 << 22)


# ------------------------------------------------------------- one process, half the shards


def turn_messages(where: Any) -> list[Any]:
    """Messages that still carry turn controls: one per running game, or a turn posted twice."""
    return [
        m for m in where.history() if any(c.startswith(TURN_PREFIXES) for c in component_ids(m))
    ]


def results(where: Any) -> int:
    """Lines of ended turns (a turn acted on twice would show two)."""
    return sum(bool(re.search(r"placed a cube|had to discard", m.content)) for m in where.history())


@pytest.mark.simcord(shard_count=2)
async def test_a_process_on_shard_0_of_2_never_touches_shard_1s_games(
    simcord_env: Any,
    simcord_bot: Any,
    database: TestDb,
    make_bot: Any,
    monkeypatch: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Timers and the start-up recovery of a process on ``SHARD_IDS=0`` (of 2) leave the games
    of shard 1's servers alone: the turn running out there, and the turn a crash left unposted."""
    guilds = [simcord_env.create_guild(shard_id=s) for s in (0, 1, 1)]
    tables = [Table(simcord_env, guild=g) for g in guilds]
    threads = [await start_timed(t) for t in tables]  # game 1 on shard 0, games 2 and 3 on 1
    for g in (1, 3):  # a crash after a move: the next turn is never posted
        monkeypatch.setattr(simcord_bot.play.posting, "after_turn", _crashed)
        await tables[g - 1].play_turn(threads[g - 1])
        monkeypatch.undo()
        assert turn_messages(threads[g - 1]) == []
    untouched = [(stored(database, g), clock(database, g)) for g in (2, 3)]

    half = make_bot(shards=ShardScope(2, (0,)))
    with caplog.at_level(logging.INFO, logger="bot.discord.client"):
        await simcord_env.restart_bot(half)
    assert half.play.scope == ShardScope(2, (0,))
    assert "in 1 servers on shards [0] of 2" in caplog.text
    await simcord_env.advance_time(TWO_MINUTES + 30)  # game 1 posted after 10 s, then ran out

    assert len(stored(database, 1)["state"]["history"]) == 2
    assert len(turn_messages(threads[0])) == 1  # posted by the recovery, and went on
    assert any("Time ran out" in m.content for m in threads[0].history())
    assert [(stored(database, g), clock(database, g)) for g in (2, 3)] == untouched
    assert len(turn_messages(threads[1])) == 1 and turn_messages(threads[2]) == []
    assert not any("Time ran out" in m.content for m in threads[1].history())


async def _crashed(row: Any, channel: Any) -> None:
    """The process dies right after the move was saved: the next turn is never posted."""


# --------------------------------------------------------- two processes on one database


async def second_process(bot: Any, database: TestDb, dice: Any) -> PlayController:
    """Another process's platform: own store connection, locks, timers and computers."""
    store = await open_store(database.url, bot.games)
    play = PlayController(bot, store, bot.games, dice, 0)

    async def starts() -> None:  # as the other process's bot does when it is ready
        play.timers.start()
        await play.posting.recover()

    bot.add_listener(starts, "on_ready")
    return play


@pytest.mark.simcord(settle_timeout=60)
async def test_two_processes_racing_the_same_due_turns_act_once_each(
    simcord_env: Any,
    simcord_bot: Any,
    database: TestDb,
    make_bot: Any,
    dice: Any,
    monkeypatch: Any,
) -> None:
    """Both processes serve every shard (the worst split): at start both recover every game and
    start their timers, so both go for each computer turn, each turn a crash left unposted and
    each turn that runs out, at the same moments. The store's version check lets one act."""
    timed = [Table(simcord_env) for _ in range(3)]
    timed_threads = [await start_timed(t) for t in timed]  # games 1-3: a 2-minute timer
    simcord_bot.play.computers.delay = 600  # computers stop after their first action…
    computer = [Table(simcord_env, names=("alice",)) for _ in range(2)]
    computer_threads = []
    for table in computer:  # games 4-5: alice against hard
        lobby = await add_ai(table, await table.open_lobby(joiners=[]), "hard")
        await table.players[0].click(lobby, label="Start")
        computer_threads.append(table.channel.threads[0])
        if table.on_turn(table.turn_message(computer_threads[-1])) is table.players[0]:
            await table.play_turn(computer_threads[-1])
    crashed = [Table(simcord_env) for _ in range(2)]
    crashed_threads = []
    for table in crashed:  # games 6-7: a crash after the first move, next turn unposted
        crashed_threads.append(await table.start())
        monkeypatch.setattr(simcord_bot.play.posting, "after_turn", _crashed)
        await table.play_turn(crashed_threads[-1])
        monkeypatch.undo()
    before = {g: stored(database, g) for g in range(1, 8)}
    assert all(before[g]["state"]["current"] == 1 for g in (4, 5))  # the computer is on turn

    first = make_bot()
    second = await second_process(first, database, dice)
    try:
        await simcord_env.restart_bot(first)  # …and both new processes play them on
        await simcord_env.advance_time(10)  # the unposted turns' first try
        await simcord_env.advance_time(TWO_MINUTES + 20)  # reminders, then time runs out
        # Count only when neither process is in the middle of an action: a move saved but
        # not yet posted (its picture still rendering on a busy machine) is not a lost post.
        assert await second.drain(30) and await first.play.drain(30)
    finally:
        second.timers.cancel()
        await second.store.close()
        second.close_renderer()
    processes = (first.play.acted, second.acted)

    after = {g: stored(database, g) for g in range(1, 8)}
    for g, thread in zip((1, 2, 3), timed_threads, strict=True):  # one expiry each
        assert len(after[g]["state"]["history"]) == 1
        assert sum("Time ran out" in m.content for m in thread.history()) == 1
    assert sum(p["expired"] for p in processes) == 3
    assert sum(p["reminded"] for p in processes) == 3
    for g in (4, 5):  # the computer's turn, once
        assert after[g]["state"]["current"] == 0
        assert len(after[g]["state"]["history"]) == len(before[g]["state"]["history"]) + 1
    moves = sum(after[g]["events"] - before[g]["events"] for g in (4, 5))
    assert sum(p["computer move"] for p in processes) == moves  # every saved move an event
    for g in (6, 7):  # posted once, nothing played
        assert after[g]["events"] == before[g]["events"]
    assert sum(p["pending turn"] for p in processes) == 2
    for thread in timed_threads + computer_threads + crashed_threads:
        assert len(turn_messages(thread)) == 1  # no turn lost, none posted twice
    every = timed_threads + computer_threads + crashed_threads
    for g, thread in zip(range(1, 8), every, strict=True):
        assert results(thread) == len(after[g]["state"]["history"])  # no turn ended twice
