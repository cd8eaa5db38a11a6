"""A crash between a move's save and Discord's update of the turn: after the restart, the turn is
shown as stored (crash_all's stalled turns and double posts).

A kill that stops the click's update of its message leaves that message with the previous
version's controls: every click on it was refused as "an earlier turn", and nobody could act.
A kill that stops the deletion of the message a reminder replaced left two messages with working
controls of one turn. The start-up recovery redraws the one and retires the other.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.bot.play.test_bot_retire import (
    CHANNEL_DELETE,
    assert_one_running,
    game_id,
    message,
    started,
    turn_message,
)
from tests.databases import as_db
from tests.simtable import component_ids


def version(db_path: Any) -> int:
    (found,) = as_db(db_path).one(
        "SELECT COUNT(*) FROM game_events WHERE game_id = ?", (game_id(db_path),)
    )
    return int(found)


async def test_a_turn_message_left_at_an_older_version_is_redrawn_after_a_restart(
    simcord_env, db_path, make_bot
):
    table, where = await started("spexxx", simcord_env, db_path)
    shown = turn_message(table, where)
    stored = simcord_env.backend.get_message(where.id, shown.id)
    before = (stored.content, copy.deepcopy(stored.components))
    player, thrown = await table.thrown(where)  # saved, and the message updated by the click
    assert thrown.id == shown.id and f":v{version(db_path)}" in component_ids(thrown)[0]
    stored.content, stored.components = before  # the kill stopped that update
    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(5)
    healed = message(where, shown.id)
    assert all(f":v{version(db_path)}" in c for c in component_ids(healed)), healed.components
    at = version(db_path)
    await player.click(healed, custom_id=next(c for c in component_ids(healed) if "spx:die:" in c))
    assert version(db_path) == at + 1  # the player acts on it again


async def test_a_replaced_message_a_kill_left_standing_is_retired_after_a_restart(
    simcord_env, db_path, make_bot
):
    table, where = await started("eintrichtern", simcord_env, db_path, timer=120)
    first = turn_message(table, where)
    simcord_env.inject_error(*CHANNEL_DELETE, status=500, times=None)
    simcord_env.bot.play.timed.keep_change = _killed  # the process dies before it is kept
    await simcord_env.advance_time(70)  # the half-time reminder posts the turn again
    reminder = turn_message(table, where)
    assert reminder.id != first.id and component_ids(message(where, first.id))
    simcord_env.bot.play.timed.cancel()
    await simcord_env.restart_bot(make_bot())
    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(5)
    assert turn_message(table, where).id == reminder.id
    assert_one_running(table, where)
    await table.play_turn(where)
    assert_one_running(table, where)


async def _killed(*args: Any, **kwargs: Any) -> None:
    """``TimedViews.keep_change`` in a process killed before it kept anything."""


async def test_a_click_on_a_turn_message_left_at_an_older_version_redraws_it(simcord_env, db_path):
    table, where = await started("spexxx", simcord_env, db_path)
    shown = turn_message(table, where)
    stored = simcord_env.backend.get_message(where.id, shown.id)
    before = (stored.content, copy.deepcopy(stored.components))
    player, _ = await table.thrown(where)
    stored.content, stored.components = before  # the kill stopped the click's update
    at = version(db_path)
    stale = message(where, shown.id)
    await player.click(stale, custom_id=next(c for c in component_ids(stale) if "spx:throw:" in c))
    assert version(db_path) == at  # refused: an earlier turn's button
    await simcord_env.advance_time(5)
    healed = message(where, shown.id)
    assert all(f":v{at}" in c for c in component_ids(healed)), healed.components
    await player.click(healed, custom_id=next(c for c in component_ids(healed) if "spx:die:" in c))
    assert version(db_path) == at + 1  # no restart needed
