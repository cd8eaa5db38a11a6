"""A finished game's final standings that Discord or the network did not take are posted later,
as a turn nobody was shown: tried again with the same backoff, found again by the start-up
recovery and by the timer sweep, and shown exactly once (standings Discord posted although the
bot was told it failed are kept, not posted again); the game's statistics are recorded once."""

from __future__ import annotations

from pathlib import Path

from bot.flow.posting import POST_RETRY_DELAYS
from tests.bot.play.test_bot_cui_bono import CuiTable
from tests.bot.play.test_bot_game import Table, stored
from tests.bot.play.test_bot_net_faults import retries
from tests.bot.play.test_robust_faults import CHANNEL_POST, no_errors
from tests.conftest import ONLY_SQLITE
from tests.databases import TestDb, as_db
from tests.netfaults import NetFaults
from tests.simtable import component_ids


def finals(where) -> list:  # type: ignore[no-untyped-def]
    """The final standings messages in the game's thread."""
    return [m for m in where.history() if "is over" in m.content]


def final_id(db: Path | TestDb, game_id: int = 1) -> int | None:
    """The message the store knows as the finished game's final standings."""
    (message_id,) = as_db(db).one("SELECT turn_message_id FROM games WHERE id = ?", (game_id,))
    return message_id


def recorded(db: Path | TestDb, game_id: int = 1) -> tuple[int, int]:
    """How often the game is in the statistics: its ``stats_games`` rows and result rows."""
    db = as_db(db)
    (games,) = db.one("SELECT COUNT(*) FROM stats_games WHERE game_id = ?", (game_id,))
    (results,) = db.one("SELECT COUNT(*) FROM stats_results WHERE game_id = ?", (game_id,))
    return games, results


async def one_turn_played(table: Table):  # type: ignore[no-untyped-def]
    """A two-player Spexxx game after its first turn; its thread."""
    thread = await table.start()
    await table.play_turn(thread)
    return thread


async def resign(table: Table, thread) -> None:  # type: ignore[no-untyped-def]
    """bob resigns: alice wins, the game is over."""
    r = await table.players[1].slash(thread, "spexxx resign")
    assert not r.ephemeral and "resigned" in r.response.content


def shown_once(table: Table, thread, db: Path | TestDb) -> None:  # type: ignore[no-untyped-def]
    """One final in the thread, the one the store knows, linked from the lobby message."""
    shown = finals(thread)
    assert len(shown) == 1, [m.content for m in shown]
    assert final_id(db) == shown[0].id
    lobby = [m for m in table.channel.history() if "Final standings:" in m.content]
    assert len(lobby) == 1 and str(shown[0].id) in lobby[0].content


async def test_a_final_discord_refused_is_posted_later(simcord_env, database) -> None:
    """A 5xx on the final's post: nobody sees the result, until the first try again."""
    table = Table(simcord_env)
    thread = await one_turn_played(table)
    simcord_env.inject_error(*CHANNEL_POST, status=503, times=1)
    await resign(table, thread)
    assert stored(database)["status"] == "finished"
    assert finals(thread) == [] and final_id(database) is None
    assert recorded(database) == (1, 2)  # recorded at the game's end all the same
    await simcord_env.advance_time(retries(1))
    shown_once(table, thread, database)
    assert "alice" in finals(thread)[0].content.split("🏆")[1]
    await simcord_env.advance_time(sum(POST_RETRY_DELAYS))
    shown_once(table, thread, database)  # nothing more is tried
    assert recorded(database) == (1, 2)  # and recorded once
    no_errors(simcord_env)


@ONLY_SQLITE
async def test_a_final_discord_posted_but_the_bot_lost_is_kept(
    simcord_env, database, net_faults: NetFaults
) -> None:
    """``after=True``: the standings exist, but the bot was told the post failed. The next try
    finds them in the thread (by their words) and keeps them as the game's final."""
    table = Table(simcord_env)
    thread = await one_turn_played(table)
    net_faults.inject(*CHANNEL_POST, TimeoutError(), after=True)
    await resign(table, thread)
    assert len(finals(thread)) == 1 and final_id(database) is None
    await simcord_env.advance_time(retries(1))
    shown_once(table, thread, database)
    await simcord_env.advance_time(sum(POST_RETRY_DELAYS))
    shown_once(table, thread, database)
    assert recorded(database) == (1, 2)
    no_errors(simcord_env)


@ONLY_SQLITE
async def test_a_final_not_posted_before_a_restart_is_posted_after_it(
    simcord_env, database, make_bot, net_faults: NetFaults
) -> None:
    """The network fails the final and every try until the bot stops; the restarted bot's
    recovery posts it, once."""
    table = Table(simcord_env)
    thread = await one_turn_played(table)
    net_faults.inject(*CHANNEL_POST, ConnectionResetError(104, "reset"), times=None)
    await resign(table, thread)
    await simcord_env.advance_time(retries(2))
    assert finals(thread) == [] and len(net_faults.raised) == 3
    await simcord_env.restart_bot(make_bot())
    net_faults.clear()
    await simcord_env.advance_time(retries(1))
    shown_once(table, thread, database)
    assert recorded(database) == (1, 2)
    no_errors(simcord_env)


@ONLY_SQLITE
async def test_a_final_nothing_retries_is_found_by_the_timer_sweep(
    simcord_env, simcord_bot, database
) -> None:
    """The task that tried again is gone (as if it died): the sweep finds the unposted final."""
    table = Table(simcord_env)
    thread = await one_turn_played(table)
    simcord_env.inject_error(*CHANNEL_POST, status=500, times=1)
    await resign(table, thread)
    for task in list(simcord_bot.play.posting._retrying._tasks):
        task.cancel()
    await simcord_env.advance_time(1)
    assert not simcord_bot.play.posting._retrying._tasks and finals(thread) == []
    await simcord_env.advance_time(2 * 15 + retries(1))  # two sweeps list it, then a try
    shown_once(table, thread, database)
    no_errors(simcord_env)


async def test_a_das_spiel_final_lost_over_a_restart_is_posted_once(
    simcord_env, make_bot, db_path: Path, net_faults: NetFaults
) -> None:
    """Cui bono?: bob resigns, the final's post is carried out but its answer lost, and the bot
    stops before trying again; the restarted bot finds the standings and posts none again."""
    table = CuiTable(simcord_env, db_path)
    thread = await table.start()
    await table.play_turn(thread)
    net_faults.inject(*CHANNEL_POST, TimeoutError(), after=True)
    r = await table.players[1].slash(thread, "dasspiel resign")
    assert not r.ephemeral and table.status(db_path) == "finished"
    assert len(finals(thread)) == 1 and final_id(db_path, table.game_id) is None
    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(retries(1))
    shown = finals(thread)
    assert len(shown) == 1 and final_id(db_path, table.game_id) == shown[0].id
    lobby = [m for m in table.channel.history() if "Final standings:" in m.content]
    assert len(lobby) == 1 and str(shown[0].id) in lobby[0].content
    assert recorded(db_path, table.game_id)[0] == 1
    no_errors(simcord_env)


def linked(table: Table, thread) -> bool:  # type: ignore[no-untyped-def]
    """Whether the channel's lobby message links the thread's final standings."""
    shown = finals(thread)
    return any(
        "Final standings:" in m.content and str(shown[0].id) in m.content
        for m in table.channel.history()
    )


async def test_a_result_line_discord_refused_is_made_later(simcord_env, database) -> None:
    """The final is posted, but Discord refuses the edit of the lobby message in the channel
    (a 503): the line saying how the game ended, with its link, is made a few seconds later."""
    table = Table(simcord_env)
    thread = await one_turn_played(table)
    simcord_env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/*", status=503)
    await resign(table, thread)
    assert len(finals(thread)) == 1 and not linked(table, thread)
    await simcord_env.advance_time(6)
    shown_once(table, thread, database)
    lobby = next(m for m in table.channel.history() if "Final standings:" in m.content)
    assert "again:1" in component_ids(lobby)  # with the results' buttons, as if made at once
    no_errors(simcord_env)


@ONLY_SQLITE
async def test_a_result_line_not_made_before_a_restart_is_made_after_it(
    simcord_env, database, make_bot, net_faults: NetFaults
) -> None:
    table = Table(simcord_env)
    thread = await one_turn_played(table)
    net_faults.inject("PATCH", f"/channels/{table.channel.id}/messages/*", times=None)
    await resign(table, thread)
    await simcord_env.advance_time(30)
    assert len(finals(thread)) == 1 and not linked(table, thread)
    await simcord_env.restart_bot(make_bot())
    net_faults.clear()
    await simcord_env.advance_time(6)
    shown_once(table, thread, database)
    no_errors(simcord_env)
