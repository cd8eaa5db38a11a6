"""Two clicks on one game at the same moment, overlapping inside the real handlers.

SimCord runs one interaction at a time, so the overlap is made in virtual time: the first
click's save is paused while it holds the game's lock, the second click arrives and waits for
that lock, then the clock moves on and both finish. Nothing of load → change → save is copied:
the bot's own handlers, lock and store do the work.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.bot.play.test_bot_game import Table, stored
from tests.bot.play.test_robust_faults import assert_consistent, no_errors
from tests.simtable import ScriptedDice, component_ids, find_id

PAUSE = 1.5  # virtual seconds: past the settle timeout below, well inside Discord's 3 s
GAME = 1


class DeclaredLock(asyncio.Lock):
    """The per-game lock, unchanged, except that waiting for it is declared to SimCord.

    A click waiting for a lock is neither asleep nor waiting for Discord, so SimCord would count
    it as stuck; ``external_wait`` tells it that another click will release the lock."""

    def __init__(self, env: Any) -> None:
        super().__init__()
        self.env = env

    async def acquire(self) -> bool:
        if not self.locked():
            return await super().acquire()
        return await self.env.external_wait(super().acquire(), reason="the game's lock")


def pause_first_save(monkeypatch: pytest.MonkeyPatch, store: Any) -> list[int]:
    """The first ``store.save`` waits ``PAUSE`` virtual seconds (the game's lock held); the
    list counts the saves started."""
    original, started = store.save, []

    async def save(row: Any) -> Any:
        started.append(row.id)
        if len(started) == 1:
            await asyncio.sleep(PAUSE)
        return await original(row)

    monkeypatch.setattr(store, "save", save)
    return started


async def overlap(
    env: Any,
    bot: Any,
    monkeypatch: pytest.MonkeyPatch,
    first: Callable[[], Awaitable[Any]],
    second: Callable[[], Awaitable[Any]],
) -> tuple[Any, Any, list[str]]:
    """Runs two clicks (coroutine functions) so that the second waits for the first's lock;
    returns their results and the contents of the answers sent to Discord, in order."""
    sent = len(env.http_requests)
    saves = pause_first_save(monkeypatch, bot.store)
    lock = bot.play._locks[GAME] = DeclaredLock(env)
    r1 = await first()
    assert not r1.acknowledged and lock.locked() and saves == [GAME]  # paused inside its save
    r2 = await second()
    assert not r2.acknowledged and len(lock._waiters) == 1  # waiting for that lock
    await env.advance_time(PAUSE)
    monkeypatch.undo()
    assert r1.acknowledged and r2.acknowledged
    assert GAME not in bot.play._locks  # nothing left behind
    answers = [
        request.json["data"]["content"]
        for request in env.http_requests[sent:]
        if request.method == "POST" and request.path.endswith("/callback")
    ]
    return r1, r2, answers


def events(db_path: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(db_path) as db:
        rows = db.execute(
            "SELECT event FROM game_events WHERE game_id = ? ORDER BY seq", (GAME,)
        ).fetchall()
    return [json.loads(e) for (e,) in rows]


async def thrown_turn(env: Any, dice: ScriptedDice):  # type: ignore[no-untyped-def]
    table = Table(env)
    thread = await table.start()
    dice.script((1, 2, 3, 4, 6))
    player, message = await table.thrown(thread)
    return table, thread, player, message


@pytest.mark.simcord(settle_timeout=1.0)
async def test_two_overlapping_hold_clicks_both_apply_in_order(
    simcord_env, simcord_bot, db_path, dice, monkeypatch
):
    table, thread, player, message = await thrown_turn(simcord_env, dice)
    die = [c for c in component_ids(message) if c.startswith("spx:die:")]
    _, _, answers = await overlap(
        simcord_env,
        simcord_bot,
        monkeypatch,
        lambda: player.click(message, custom_id=die[0]),
        lambda: player.click(message, custom_id=die[1]),
    )
    assert [e["dice"] for e in events(db_path) if e["type"] == "hold"] == [[0], [0, 1]]
    assert stored(db_path)["state"]["held"] == [0, 1]
    # each click's answer shows the dice as they were after it
    assert len(answers) == 2 and "held: 1\n" in answers[0] and "held: 1 2\n" in answers[1]
    shown = table.turn_message(thread)
    assert shown.id == message.id and "held: 1 2\n" in shown.content
    # the same dice buttons, now releasing 1 and 2, at the game's new version (2 holds later)
    assert [c for c in component_ids(shown) if c.startswith("spx:die:")][:3] == [
        again(die[0][:-1] + "0"),
        again(die[1][:-1] + "0"),
        again(die[2]),
    ]
    no_errors(simcord_env)
    await assert_consistent(db_path)
    await table.play_turn(thread)  # the game goes on from there
    no_errors(simcord_env)


@pytest.mark.simcord(settle_timeout=1.0)
async def test_an_overlapping_double_click_on_throw_is_applied_once(
    simcord_env, simcord_bot, db_path, dice, monkeypatch
):
    table, thread, player, message = await thrown_turn(simcord_env, dice)
    throw = find_id(message, "spx:throw:")
    dice.script((5, 5, 5, 5, 5), (6, 6, 6, 6, 6))
    r1, r2, answers = await overlap(
        simcord_env,
        simcord_bot,
        monkeypatch,
        lambda: player.click(message, custom_id=throw),
        lambda: player.click(message, custom_id=throw),
    )
    assert [e["dice"] for e in events(db_path) if e["type"] == "throw"] == [
        [1, 2, 3, 4, 6],
        [5, 5, 5, 5, 5],
    ]
    assert len(answers) == 2 and "throw 2 of 4" in answers[0] and not r1.ephemeral
    assert r2.ephemeral
    assert answers[1] == r2.response.content
    assert r2.response.content == "The dice have changed since that click, so it was ignored."
    assert "throw 2 of 4" in table.turn_message(thread).content
    no_errors(simcord_env)
    await assert_consistent(db_path)


@pytest.mark.simcord(settle_timeout=1.0)
async def test_two_overlapping_joins_both_get_a_seat_in_order(
    simcord_env, simcord_bot, db_path, monkeypatch
):
    table = Table(simcord_env, names=("alice", "bob", "carol"))
    alice, bob, carol = table.players
    lobby = await table.open_lobby(joiners=[])
    _, _, answers = await overlap(
        simcord_env,
        simcord_bot,
        monkeypatch,
        lambda: bob.click(lobby, label="Join"),
        lambda: carol.click(lobby, label="Join"),
    )
    assert [p["name"] for p in stored(db_path)["players"]] == ["alice", "bob", "carol"]
    assert len(answers) == 2
    assert "Seats (2/4)" in answers[0] and "carol" not in answers[0]
    assert "Seats (3/4)" in answers[1]
    assert "Seats (3/4)" in table.channel.last_message.content
    await alice.click(table.channel.last_message, label="Start")
    assert stored(db_path)["status"] == "running"
    no_errors(simcord_env)


def again(custom_id: str, holds: int = 2) -> str:
    """The id a control gets after ``holds`` more events: its version counts them."""
    code, action, game, version, *rest = custom_id.split(":")
    return ":".join([code, action, game, f"v{int(version[1:]) + holds}", *rest])
