"""Network errors (aiohttp, asyncio timeouts, OSError) on the bot's background paths: a turn
whose post failed is shown later (timer expiry, a computer's move, the start-up recovery, a live
round's end), is never forgotten (no give-up, a lost retry is found by the timer sweep), and a
post Discord carried out although the bot was told it failed is not posted twice.

``net_faults`` raises the exceptions discord.py lets through from aiohttp and asyncio; each test
runs with every kind (``NETWORK_EXCEPTIONS``), on SQLite; those that do not vary the exception
run on PostgreSQL too."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.adapters.eintrichtern import EintrichternAdapter
from bot.flow.posting import POST_RETRY_DELAYS
from bot.flow.timed import COVER_RETRY_DELAYS
from tests.bot.play.test_bot_eintrichtern import (
    REVEALED,
    EinTable,
    by_id,
    covered_png,
    no_sums_left,
    png,
)
from tests.bot.play.test_bot_game import Table, stored
from tests.bot.play.test_bot_live import LIVE, SnapTable
from tests.bot.play.test_bot_timers import TWO_MINUTES, clock, computer_on_turn, start_timed
from tests.bot.play.test_robust_faults import CHANNEL_POST, MESSAGE_PATCH, no_errors
from tests.conftest import ONLY_SQLITE
from tests.dastable import stored as das_stored
from tests.live_toy import with_snap
from tests.netfaults import NETWORK_EXCEPTIONS, NetFaults
from tests.simtable import component_ids, find_id

NET = pytest.mark.parametrize("make", NETWORK_EXCEPTIONS, ids=lambda make: type(make()).__name__)
MESSAGE_GET = ("GET", "/channels/*/messages/*")


def cover_retries(n: int) -> float:
    """Virtual seconds from a failed cover until its ``n``-th try again."""
    return sum(COVER_RETRY_DELAYS[min(i, len(COVER_RETRY_DELAYS) - 1)] for i in range(n))


def retries(n: int) -> float:
    """Virtual seconds until the ``n``-th try after a failed post (the first is 1)."""
    return sum(POST_RETRY_DELAYS[:n]) + 0.5


def turn_messages(thread) -> list:  # type: ignore[no-untyped-def]
    """Every message in the thread that has turn controls."""
    return [m for m in thread.history() if any(c.startswith("spx:") for c in component_ids(m))]


async def expire_with_post_faults(table: Table, env, database, faults: NetFaults, make, **kw):  # type: ignore[no-untyped-def]
    """A timed Spexxx game whose first turn runs out while posting the next turn fails."""
    thread = await start_timed(table)
    first = table.on_turn(table.turn_message(thread))
    await env.advance_time(70)  # past the reminder
    faults.inject(*CHANNEL_POST, make, **kw)
    while not stored(database)["state"]["history"]:  # to the expiry
        await env.advance_time(1)
    return thread, first


@ONLY_SQLITE
@NET
async def test_a_timer_expiry_whose_next_turn_post_fails_posts_it_later(
    simcord_env, database, net_faults: NetFaults, make: Callable[[], BaseException]
) -> None:
    table = Table(simcord_env)
    thread, first = await expire_with_post_faults(
        table, simcord_env, database, net_faults, make, times=3
    )
    with pytest.raises(AssertionError, match="no turn message"):
        table.turn_message(thread)  # nobody was shown the new turn
    assert clock(database) == (None, None, None)  # so no clock runs for it
    await simcord_env.advance_time(retries(2))  # two tries fail too …
    assert clock(database) == (None, None, None)
    await simcord_env.advance_time(POST_RETRY_DELAYS[2])  # … the third posts it
    message = table.turn_message(thread)
    assert table.on_turn(message) is not first
    assert clock(database)[0] == pytest.approx(simcord_env.now().timestamp() + TWO_MINUTES, abs=1)
    assert len(net_faults.raised) == 3
    await table.play_turn(thread)
    assert len(stored(database)["state"]["history"]) == 2
    no_errors(simcord_env)


async def test_a_post_discord_made_but_the_bot_lost_is_not_posted_twice(
    simcord_env, database, net_faults: NetFaults
) -> None:
    """``after=True``: the turn message exists, but the bot was told the post failed. The next
    try finds it in the channel (its controls carry the game and the state) and keeps it."""
    table = Table(simcord_env)
    thread, first = await expire_with_post_faults(
        table, simcord_env, database, net_faults, TimeoutError, after=True
    )
    assert len(turn_messages(thread)) == 1  # Discord posted it …
    assert clock(database) == (None, None, None)  # … but the bot does not know it
    await simcord_env.advance_time(retries(1))
    messages = turn_messages(thread)
    assert len(messages) == 1  # found again, not posted a second time
    assert clock(database)[2] == messages[0].id  # the game's turn message
    assert clock(database)[0] is not None  # whose clock now runs
    assert table.on_turn(messages[0]) is not first
    await table.play_turn(thread)
    assert len(stored(database)["state"]["history"]) == 2
    no_errors(simcord_env)


@ONLY_SQLITE
@NET
async def test_a_computer_move_whose_next_turn_post_fails_posts_it_later(
    simcord_env, simcord_bot, database, net_faults: NetFaults, make: Callable[[], BaseException]
) -> None:
    table, thread = await computer_on_turn(simcord_env, simcord_bot, database)
    net_faults.inject(*CHANNEL_POST, make, times=2)
    while stored(database)["state"]["current"] == 1:
        await simcord_env.advance_time(600)  # one computer action after another
    assert stored(database)["state"]["history"][-1]["seat"] == 1
    assert clock(database)[2] is None  # alice's turn was not shown
    await simcord_env.advance_time(retries(2))
    message = table.turn_message(thread)
    assert table.on_turn(message) is table.players[0]
    assert len(net_faults.raised) == 2
    turns = len(stored(database)["state"]["history"])
    await table.play_turn(thread)
    assert len(stored(database)["state"]["history"]) == turns + 1
    no_errors(simcord_env)


@ONLY_SQLITE
@NET
async def test_the_start_up_recovery_posts_a_turn_through_network_errors(
    simcord_env, simcord_bot, database, make_bot, monkeypatch, net_faults: NetFaults, make
) -> None:
    table = Table(simcord_env)
    thread = await start_timed(table)
    first = table.on_turn(table.turn_message(thread))

    async def crash(row, channel):  # type: ignore[no-untyped-def]
        """The process dies right after the move was saved: nothing more happens."""

    with monkeypatch.context() as patched:  # not ``undo``: it would undo ``net_faults`` too
        patched.setattr(simcord_bot.play.posting, "after_turn", crash)
        await table.play_turn(thread)
    net_faults.inject(*CHANNEL_POST, make, times=2)
    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(retries(2))  # its first two tries fail …
    with pytest.raises(AssertionError, match="no turn message"):
        table.turn_message(thread)
    await simcord_env.advance_time(POST_RETRY_DELAYS[2])  # … the third posts it
    message = table.turn_message(thread)
    assert table.on_turn(message) is not first
    assert len(net_faults.raised) == 2
    await table.play_turn(thread)
    assert len(stored(database)["state"]["history"]) == 2
    no_errors(simcord_env)


@ONLY_SQLITE
@NET
async def test_the_start_up_recovery_resumes_a_computer_when_checking_its_message_fails(
    simcord_env, simcord_bot, database, make_bot, net_faults: NetFaults, make
) -> None:
    table, thread = await computer_on_turn(simcord_env, simcord_bot, database)
    net_faults.inject(*MESSAGE_GET, make)  # the recovery's look at the turn message
    await simcord_env.restart_bot(make_bot())
    assert net_faults.raised  # the look failed …
    for _ in range(10):  # … and the computer plays on all the same
        if stored(database)["state"]["current"] == 0:
            break
        await simcord_env.advance_time(600)
    assert stored(database)["state"]["current"] == 0
    assert table.on_turn(table.turn_message(thread)) is table.players[0]
    no_errors(simcord_env)


async def test_a_turn_post_is_tried_again_for_as_long_as_it_fails(
    simcord_env, database, net_faults: NetFaults
) -> None:
    """An outage longer than any schedule: the tries go on, every 5 minutes at most."""
    table = Table(simcord_env)
    thread, first = await expire_with_post_faults(
        table, simcord_env, database, net_faults, ConnectionResetError, times=None
    )
    for _ in range(12):  # an hour
        await simcord_env.advance_time(300)
    tries = len(net_faults.raised)
    assert tries >= 12
    net_faults.clear()
    await simcord_env.advance_time(300.5)
    assert table.on_turn(table.turn_message(thread)) is not first
    for _ in range(6):
        await simcord_env.advance_time(300)
    assert len(net_faults.raised) == tries  # posted: nothing more is tried
    no_errors(simcord_env)


async def test_a_turn_nothing_retries_is_found_by_the_timer_sweep(
    simcord_env, simcord_bot, database, net_faults: NetFaults
) -> None:
    """The task that tried again is gone (as if it died): the sweep finds the unposted turn."""
    table = Table(simcord_env)
    thread, first = await expire_with_post_faults(
        table, simcord_env, database, net_faults, TimeoutError
    )
    for task in list(simcord_bot.play.posting._retrying._tasks):
        task.cancel()
    await simcord_env.advance_time(1)
    assert not simcord_bot.play.posting._retrying._tasks
    await simcord_env.advance_time(2 * 15 + retries(1))  # two sweeps list it, then a try
    assert table.on_turn(table.turn_message(thread)) is not first
    no_errors(simcord_env)


def posts_to(env, channel_id: int) -> int:  # type: ignore[no-untyped-def]
    """How many messages the bot tried to post in the channel (refused ones too)."""
    path = f"/channels/{channel_id}/messages"
    return sum(r.method == "POST" and r.path == path for r in env.http_requests)


async def test_a_turn_post_refused_for_good_is_tried_only_hourly(simcord_env, database) -> None:
    """403 (the bot may no longer post there) comes again on every try: after the first try
    again, the next comes an hour later (Discord bans an IP after 10,000 invalid requests in
    10 minutes), and once the permission is back the turn is shown."""
    table = Table(simcord_env)
    thread = await start_timed(table)
    first = table.on_turn(table.turn_message(thread))
    await simcord_env.advance_time(70)
    simcord_env.inject_error(*CHANNEL_POST, status=403, code=50013, times=None)
    while not stored(database)["state"]["history"]:
        await simcord_env.advance_time(1)
    refused = posts_to(simcord_env, thread.id)
    await simcord_env.advance_time(retries(1))
    assert posts_to(simcord_env, thread.id) == refused + 1  # the first try again, refused too
    for _ in range(11):  # 55 minutes: nothing more
        await simcord_env.advance_time(300)
    assert posts_to(simcord_env, thread.id) == refused + 1
    simcord_env.backend.faults.clear()  # the permission is back
    await simcord_env.advance_time(600)
    assert table.on_turn(table.turn_message(thread)) is not first
    no_errors(simcord_env)


async def test_a_turn_whose_thread_is_gone_is_posted_in_the_channel(
    simcord_env, simcord_bot, database, monkeypatch
) -> None:
    """The game's thread was deleted (the bot no longer knows it, Discord answers 404): the
    turn after the expiry is posted where the game was opened, and played there."""
    table = Table(simcord_env)
    thread = await start_timed(table)
    first = table.on_turn(table.turn_message(thread))
    await simcord_env.advance_time(70)
    known = simcord_bot.get_channel
    monkeypatch.setattr(simcord_bot, "get_channel", lambda i: None if i == thread.id else known(i))
    simcord_env.inject_error("*", f"/channels/{thread.id}*", status=404, code=10003, times=None)
    while not stored(database)["state"]["history"]:
        await simcord_env.advance_time(1)
    await simcord_env.advance_time(retries(1))
    message = table.turn_message(table.channel)
    assert table.on_turn(message) is not first
    await table.play_turn(table.channel)
    assert len(stored(database)["state"]["history"]) == 2
    no_errors(simcord_env)


# ------------------------------------------------------------------ live rounds


@ONLY_SQLITE
@LIVE
@NET
@pytest.mark.parametrize("games", [with_snap()], ids=["snap"])
async def test_a_live_round_whose_next_round_post_fails_goes_on_later(
    simcord_env, db_path, net_faults: NetFaults, make
) -> None:
    table = SnapTable(simcord_env, names=("ann", "ben"))
    await table.start()
    await simcord_env.advance_time(1.0)
    assert table.round_message() is not None
    net_faults.inject(*CHANNEL_POST, make, times=2)
    await simcord_env.advance_time(10.5)  # the round times out; the next one is not shown
    assert table.events(db_path) == [["open", 1000], ["timeout", 11000]]
    assert "round 2" not in " ".join(table.lines())
    await simcord_env.advance_time(retries(2))  # posted, and open at once: its pause is over
    message = table.round_message()
    assert message is not None and "round 2: SNAP NOW" in message.content
    r = await table.people[0].click(message, custom_id=find_id(message, "snap:snap:"))
    assert not r.ephemeral
    assert das_stored(db_path, table.game_id)["state"]["points"] == [1, 0]
    no_errors(simcord_env)


# ------------------------------------------------------------- Eintrichtern's cover


async def revealed(env, db_path, dice, monkeypatch):  # type: ignore[no-untyped-def]
    """Alice's miss on 1H5 (sum 11) just revealed: (table, thread, the revealing message)."""
    monkeypatch.setattr(EintrichternAdapter, "seed_of", lambda self, chance: 20)
    dice.script((2, 3, 4))  # 9, and 1H5 holds 11: a miss
    table = EinTable(env, db_path)
    thread = await table.start()
    await table.roll(table.players[0], thread)
    result = await table.lift(table.players[0], thread, "1H5")
    assert result.content.startswith(REVEALED) and "= **11**" in result.content
    return table, thread, result


async def assert_covered(table: EinTable, thread, message_id: int, db_path) -> None:  # type: ignore[no-untyped-def]
    covered = by_id(thread, message_id)
    assert covered.content.startswith("❌") and "11" not in covered.content
    assert await png(covered) == covered_png(db_path, table.game_id, 2, ["alice", "bob"])
    assert table.pending() == 0
    no_sums_left(thread)


@ONLY_SQLITE
@NET
async def test_a_reveal_is_covered_as_soon_as_discord_takes_an_edit_again(
    simcord_env, db_path, dice, monkeypatch, net_faults: NetFaults, make
) -> None:
    table, thread, result = await revealed(simcord_env, db_path, dice, monkeypatch)
    net_faults.inject(*MESSAGE_PATCH, make, times=3)
    await simcord_env.advance_time(8.1)  # the cover fails …
    assert by_id(thread, result.id).content.startswith(REVEALED)
    await simcord_env.advance_time(cover_retries(2))  # … and twice again …
    assert by_id(thread, result.id).content.startswith(REVEALED)
    assert len(net_faults.raised) == 3
    await simcord_env.advance_time(COVER_RETRY_DELAYS[2] + 0.1)  # … the next try covers it
    await assert_covered(table, thread, result.id, db_path)
    message = table.turn_message(thread)  # bob plays on
    assert message is not None and table.on_turn(message) is table.players[1]
    await table.adopt(table.players[1], thread)
    no_errors(simcord_env)


@ONLY_SQLITE
async def test_a_cover_refused_many_times_is_still_made(
    simcord_env, db_path, dice, monkeypatch
) -> None:
    """Seven refusals (more than the five after which it used to give up until a restart)."""
    table, thread, result = await revealed(simcord_env, db_path, dice, monkeypatch)
    simcord_env.inject_error(*MESSAGE_PATCH, status=503, times=7)
    await simcord_env.advance_time(8.1 + cover_retries(6))
    assert by_id(thread, result.id).content.startswith(REVEALED)  # seven refused
    await simcord_env.advance_time(COVER_RETRY_DELAYS[-1] + 0.1)
    await assert_covered(table, thread, result.id, db_path)
    no_errors(simcord_env)


@ONLY_SQLITE
async def test_a_cover_discord_refuses_for_good_deletes_the_reveal(
    simcord_env, db_path, dice, monkeypatch
) -> None:
    """Editing that message is forbidden (403): it is deleted, so nobody reads the sum, and the
    covered view is posted again below."""
    table, thread, result = await revealed(simcord_env, db_path, dice, monkeypatch)
    simcord_env.inject_error(*MESSAGE_PATCH, status=403, code=50013, times=None)
    await simcord_env.advance_time(8.1)
    assert result.id not in {m.id for m in thread.history()}
    no_sums_left(thread)
    assert table.pending() == 0
    again = thread.history()[-1]
    assert again.content.startswith("❌") and "11" not in again.content
    assert await png(again) == covered_png(db_path, table.game_id, 2, ["alice", "bob"])
