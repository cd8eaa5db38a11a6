"""Turn timers, idle lobbies and server settings, driven by SimCord's virtual clock."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import discord
import pytest

from bot.flow.posting import POST_RETRY_DELAYS
from tests.bot.play.test_bot_game import Table, stored
from tests.databases import TestDb, as_db
from tests.simtable import find_id

TWO_MINUTES = 120


async def computer_on_turn(env, bot, database, **options):  # type: ignore[no-untyped-def]
    """alice against an easy computer that pauses 600 s after each action, on its turn:
    (table, thread)."""
    table = Table(env, names=("alice",))
    bot.play.computers.delay = 600
    await table.players[0].slash(table.channel, "spexxx new", variant="children", **options)
    lobby = table.channel.last_message
    await table.players[0].select(lobby, ["easy"], custom_id=find_id(lobby, "spx:addai:"))
    await table.players[0].click(table.channel.last_message, label="Start")
    thread = table.channel.threads[0]
    if stored(database)["state"]["current"] == 0:
        await table.play_turn(thread)  # alice first: now the computer is on turn
    assert stored(database)["state"]["current"] == 1
    return table, thread


async def start_timed(table: Table, timer: int = TWO_MINUTES, variant: str = "children"):  # type: ignore[no-untyped-def]
    r = await table.players[0].slash(table.channel, "spexxx new", variant=variant, timer=timer)
    assert "Turn timer: 2 minutes" in r.response.content
    lobby = table.channel.last_message
    for p in table.players[1:]:
        await p.click(table.channel.last_message, label="Join")
    await table.players[0].click(table.channel.last_message, label="Start")
    assert lobby is not None
    return table.channel.threads[0]


def reminders(thread) -> list[discord.Message]:  # type: ignore[no-untyped-def]
    return [
        m for m in thread.history() if m.content.startswith("⏰") and "still your turn" in m.content
    ]


async def test_reminder_at_half_time_then_the_computer_plays_the_turn(
    simcord_env, database: TestDb
):
    table = Table(simcord_env)
    thread = await start_timed(table)
    message = table.turn_message(thread)
    on_turn = table.on_turn(message)
    assert "Time for this turn runs out <t:" in message.content
    seat = table.players.index(on_turn)

    await simcord_env.advance_time(50)
    assert reminders(thread) == []
    await simcord_env.advance_time(20)  # 70 s: past half time
    sent = reminders(thread)
    assert len(sent) == 1 and on_turn.mention in sent[0].content
    await simcord_env.advance_time(30)  # still before expiry: no second reminder
    assert len(reminders(thread)) == 1
    assert len(stored(database)["state"]["history"]) == 0

    await simcord_env.advance_time(40)  # 140 s: expired
    state = stored(database)["state"]
    assert len(state["history"]) == 1 and state["history"][0]["seat"] == seat
    assert state["current"] != seat
    texts = [m.content for m in thread.history()]
    assert any("Time ran out, so the computer played for" in t for t in texts)
    nxt = table.turn_message(thread)
    assert table.on_turn(nxt) is not on_turn and "runs out" in nxt.content


async def test_three_missed_turns_remove_the_player(simcord_env, database: TestDb):
    table = Table(simcord_env)
    thread = await start_timed(table)
    sleeper = None
    for _ in range(8):
        message = table.turn_message(thread)
        player = table.on_turn(message)
        if sleeper is None:
            sleeper = player  # whoever starts never plays
        if player is sleeper:
            await simcord_env.advance_time(TWO_MINUTES + 20)
        else:
            await table.play_turn(thread)
        if stored(database)["status"] == "finished":
            break
    data = stored(database)
    seat = table.players.index(sleeper)
    assert data["status"] == "finished"
    assert data["state"]["resigned"][seat] is True
    texts = [m.content for m in thread.history()]
    assert any("missed 3 turns in a row and was removed" in t for t in texts)
    assert "is over" in thread.last_message.content


async def test_playing_in_time_resets_the_missed_count(simcord_env, database: TestDb):
    table = Table(simcord_env)
    thread = await start_timed(table)
    first = table.on_turn(table.turn_message(thread))
    seat = table.players.index(first)
    await simcord_env.advance_time(TWO_MINUTES + 20)  # first misses once
    await table.play_turn(thread)  # the other plays
    await table.play_turn(thread)  # first plays in time
    missed = json.loads(as_db(database).one("SELECT missed FROM games")[0])
    assert missed == [0, 0]
    assert stored(database)["state"]["resigned"][seat] is False


async def test_timers_survive_a_restart_without_double_reminders(simcord_env, database, make_bot):
    table = Table(simcord_env)
    thread = await start_timed(table)
    on_turn = table.on_turn(table.turn_message(thread))
    await simcord_env.advance_time(70)
    assert len(reminders(thread)) == 1

    await simcord_env.restart_bot(make_bot())

    await simcord_env.advance_time(30)
    assert len(reminders(thread)) == 1  # the new bot knows it was sent
    await simcord_env.advance_time(40)
    state = stored(database)["state"]
    assert len(state["history"]) == 1
    assert table.on_turn(table.turn_message(thread)) is not on_turn


async def test_idle_lobby_is_closed(simcord_env, database: TestDb):
    simcord_env.bot.play.timers.lobby_idle = 600
    table = Table(simcord_env)
    await table.open_lobby(joiners=[])
    await simcord_env.advance_time(500)
    assert stored(database)["status"] == "lobby"
    await table.players[1].click(table.channel.last_message, label="Join")  # activity: 600 s more
    await simcord_env.advance_time(500)
    assert stored(database)["status"] == "lobby"
    await simcord_env.advance_time(200)
    assert stored(database)["status"] == "cancelled"
    lobby = table.channel.last_message
    assert "closed after" in lobby.content and not lobby.components


async def test_server_settings_apply_to_new_games(simcord_env, database: TestDb):
    table = Table(simcord_env)
    alice, bob = table.players
    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    r = await bob.slash(table.channel, "spexxx settings", timer=300)
    assert r.ephemeral and "Manage Server" in r.response.content
    r = await bob.slash(table.channel, "spexxx settings")
    assert r.ephemeral and "1 day** (the server's)" in r.response.content  # anyone may look
    r = await admin.slash(table.channel, "spexxx settings", variant="children", timer=300)
    assert "Saved" in r.response.content and "5 minutes" in r.response.content
    r = await admin.slash(table.channel, "server", threads=False)  # threads are the server's
    assert "Saved" in r.response.content and "in the channel" in r.response.content
    await alice.slash(table.channel, "spexxx new")
    lobby = table.channel.last_message
    assert "children game" in lobby.content and "Turn timer: 5 minutes" in lobby.content
    await bob.click(lobby, label="Join")
    await alice.click(table.channel.last_message, label="Start")
    assert table.channel.threads == []  # threads are off for this server
    message = table.turn_message(table.channel)
    assert "12 cubes" in message.content and "runs out" in message.content
    assert find_id(message, "spx:throw:")


# ------------------------------------------------- hardening (issue 11)


def clock(db: Path | TestDb, game_id: int = 1) -> tuple[float | None, float | None, int | None]:
    """(turn_due, reminder_due, turn_message_id) as stored."""
    due, reminder, message = as_db(db).one(
        "SELECT turn_due, reminder_due, turn_message_id FROM games WHERE id = ?", (game_id,)
    )
    return due, reminder, message


def pinged_users(env, since: int) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """The users each message posted after request ``since`` was allowed to ping."""
    pings = []
    for request in env.http_requests[since:]:
        body = getattr(request, "json", None) or getattr(request, "body", None)
        if request.method == "POST" and isinstance(body, dict):
            data = body.get("data", body) if "type" in body else body
            if isinstance(data, dict) and "allowed_mentions" in data:
                pings.append(list(data["allowed_mentions"].get("users", [])))
    return pings


async def test_board_reposts_neither_extend_the_turn_nor_ping(simcord_env, database: TestDb):
    table = Table(simcord_env)
    thread = await start_timed(table)
    on_turn = table.on_turn(table.turn_message(thread))
    due, reminder, _ = clock(database)
    other = next(p for p in table.players if p is not on_turn)
    since = len(simcord_env.http_requests)
    for step in range(2):  # the abuse: `/spexxx board` again and again
        await simcord_env.advance_time(50)
        assert len(reminders(thread)) == step  # 100 s: reminded once, at half time
        r = await other.slash(thread, "spexxx board")
        assert r.acknowledged and not r.ephemeral
        assert clock(database)[0] == due
    await simcord_env.advance_time(30)  # 130 s: expired on time
    assert pinged_users(simcord_env, since) and all(
        str(on_turn.id) not in users for users in pinged_users(simcord_env, since)
    )
    history = stored(database)["state"]["history"]
    assert len(history) == 1 and history[0]["seat"] == table.players.index(on_turn)
    # the second board took the reminder's place, and no second reminder came
    assert reminder is not None and reminders(thread) == []


async def test_only_players_and_managers_may_repost_the_board(simcord_env, database: TestDb):
    table = Table(simcord_env)
    thread = await start_timed(table)
    before = table.turn_message(thread)
    stranger = table.guild.add_member(simcord_env.create_user("stranger"))
    r = await stranger.slash(thread, "spexxx board")
    assert r.ephemeral and "Manage Server" in r.response.content
    assert table.turn_message(thread).id == before.id
    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    r = await admin.slash(thread, "spexxx board")
    assert r.acknowledged and not r.ephemeral
    assert table.turn_message(thread).id != before.id


async def test_a_failed_sweep_does_not_stop_the_timers(
    simcord_env, simcord_bot, database, monkeypatch
):
    table = Table(simcord_env)
    thread = await start_timed(table)
    on_turn = table.on_turn(table.turn_message(thread))
    store = simcord_bot.store
    original = store.due_games
    failures = []

    async def locked(now: float, scope):  # type: ignore[no-untyped-def]
        if not failures:
            failures.append(now)
            raise sqlite3.OperationalError("database is locked")
        return await original(now, scope)

    monkeypatch.setattr(store, "due_games", locked)
    await simcord_env.advance_time(TWO_MINUTES + 20)
    assert failures  # the sweep did fail once …
    assert len(stored(database)["state"]["history"]) == 1  # … and the turn expired all the same
    assert table.on_turn(table.turn_message(thread)) is not on_turn
    assert simcord_bot.play.timers.alive


async def test_a_crash_before_the_next_turn_is_posted_is_recovered_on_start(
    simcord_env, simcord_bot, database, make_bot, monkeypatch
):
    table = Table(simcord_env)
    thread = await start_timed(table)
    first = table.on_turn(table.turn_message(thread))
    await simcord_env.advance_time(100)  # 20 s before the first player's deadline

    async def crash(row, channel):  # type: ignore[no-untyped-def]
        """The process dies right after the move was saved: nothing more happens."""

    monkeypatch.setattr(simcord_bot.play.posting, "after_turn", crash)
    await table.play_turn(thread)
    monkeypatch.undo()
    assert len(stored(database)["state"]["history"]) == 1
    with pytest.raises(AssertionError, match="no turn message"):
        table.turn_message(thread)  # nobody has controls

    await simcord_env.restart_bot(make_bot())  # the new bot posts it by itself, …
    with pytest.raises(AssertionError, match="no turn message"):
        table.turn_message(thread)  # … not at once (another process may be posting it) …
    await simcord_env.advance_time(POST_RETRY_DELAYS[0])  # … but 10 s later

    message = table.turn_message(thread)
    second = table.on_turn(message)
    assert second is not first and "runs out" in message.content
    due = clock(database)[0]
    assert due == simcord_env.now().timestamp() + TWO_MINUTES  # the clock started when posted
    await simcord_env.advance_time(60)  # the first player's old deadline has long passed
    assert len(stored(database)["state"]["history"]) == 1
    await table.play_turn(thread)
    assert len(stored(database)["state"]["history"]) == 2


async def test_a_refused_turn_post_is_retried_and_its_clock_starts_when_shown(
    simcord_env, database: TestDb
):
    table = Table(simcord_env)
    thread = await start_timed(table)
    first = table.on_turn(table.turn_message(thread))
    await simcord_env.advance_time(70)  # past the reminder
    simcord_env.inject_error("POST", "/channels/*/messages", status=503, times=2)
    while not stored(database)["state"]["history"]:  # to the expiry, whose next turn post fails
        await simcord_env.advance_time(1)
    with pytest.raises(AssertionError, match="no turn message"):
        table.turn_message(thread)  # nobody was shown the new turn
    assert clock(database) == (None, None, None)  # so no clock runs for it
    await simcord_env.advance_time(15)  # the first retry fails too
    assert clock(database) == (None, None, None)
    await simcord_env.advance_time(TWO_MINUTES)  # longer than a turn: nothing may expire
    history = stored(database)["state"]["history"]
    assert len(history) == 1
    message = table.turn_message(thread)
    assert table.on_turn(message) is not first  # a retry posted it …
    due = clock(database)[0]
    assert due is not None and due > simcord_env.now().timestamp()  # … and started its clock


async def test_shutdown_lets_a_timer_sweep_finish_its_game(
    simcord_env, simcord_bot, database, monkeypatch
):
    table = Table(simcord_env)
    thread = await start_timed(table)
    first = table.on_turn(table.turn_message(thread))
    play = simcord_bot.play
    original = play.posting.after_turn
    stopping = []

    async def sigterm_now(row, channel):  # type: ignore[no-untyped-def]
        """SIGTERM arrives between the expired turn's save and the next turn's post."""
        stopping.append(asyncio.ensure_future(simcord_bot.close()))
        await asyncio.sleep(0)
        await original(row, channel)

    monkeypatch.setattr(play.posting, "after_turn", sigterm_now)
    await simcord_env.advance_time(TWO_MINUTES + 10)
    assert stopping
    await stopping[0]
    assert len(stored(database)["state"]["history"]) == 1
    assert clock(database)[2] is not None  # the next turn was posted before the bot stopped
    assert table.on_turn(table.turn_message(thread)) is not first


async def test_thread_archive_duration_outlasts_a_turn(simcord_env):
    table = Table(simcord_env)
    durations = []
    for timer in (3 * 86400, 7 * 86400):
        await table.players[0].slash(table.channel, "spexxx new", timer=timer)
        await table.players[1].click(table.channel.last_message, label="Join")
        await table.players[0].click(table.channel.last_message, label="Start")
        created = [
            r
            for r in simcord_env.http_requests
            if r.method == "POST" and r.path.endswith("/threads")
        ]
        body = getattr(created[-1], "json", None) or getattr(created[-1], "body", None)
        durations.append(int(body["auto_archive_duration"]))
        await table.players[0].slash(table.channel.threads[-1], "spexxx cancel")
    assert durations == [4320, 10080]


async def test_removed_player_is_told_why_their_click_is_refused(simcord_env, database: TestDb):
    table = Table(simcord_env, names=("alice", "bob", "kim"))
    thread = await start_timed(table)
    sleeper = table.on_turn(table.turn_message(thread))
    seat = table.players.index(sleeper)
    while not stored(database)["state"]["resigned"][seat]:
        if table.on_turn(table.turn_message(thread)) is sleeper:
            await simcord_env.advance_time(TWO_MINUTES + 20)
        else:
            await table.play_turn(thread)
    message = table.turn_message(thread)
    r = await sleeper.click(message, custom_id=find_id(message, "spx:throw:"))
    assert r.ephemeral and "removed from this game after missing 3 turns" in r.response.content


async def test_a_resignation_that_ends_the_game_closes_the_turn_message(simcord_env, database):
    table = Table(simcord_env)
    thread = await start_timed(table)
    message = table.turn_message(thread)
    on_turn = table.on_turn(message)
    await on_turn.slash(thread, "spexxx resign")
    assert stored(database)["status"] == "finished"
    closed = thread.history()[[m.id for m in thread.history()].index(message.id)]
    assert "your turn" not in closed.content and "runs out" not in closed.content
    assert "resigned" in closed.content and not closed.components


async def test_the_reminder_does_not_outlive_its_turn(simcord_env, database: TestDb):
    table = Table(simcord_env)
    thread = await start_timed(table)
    await simcord_env.advance_time(70)
    assert len(reminders(thread)) == 1
    await simcord_env.advance_time(60)  # expired
    assert len(stored(database)["state"]["history"]) == 1
    assert reminders(thread) == []  # the reminder now reads as the ended turn
    assert sum("Time ran out" in m.content for m in thread.history()) == 1


async def test_a_click_during_a_timer_sweep_is_refused_and_changes_nothing(
    simcord_env, simcord_bot, database, monkeypatch
):
    """SimCord runs one operation at a time, so the sweep is started by hand and the click comes
    while it holds the game (playing the expired turn for the player)."""
    timers = simcord_bot.play.timers
    timers.cancel()  # no sweep of its own: this test starts the one sweep
    table = Table(simcord_env)
    thread = await start_timed(table)
    player, _ = await table.thrown(thread)
    await simcord_env.advance_time(TWO_MINUTES + 10)  # due, not yet handled
    message = table.turn_message(thread)
    assert len(stored(database)["state"]["history"]) == 0
    original = simcord_bot.play.computers.act
    holding = asyncio.Event()

    async def act(row, level):  # type: ignore[no-untyped-def]
        holding.set()
        return await original(row, level)

    monkeypatch.setattr(simcord_bot.play.computers, "act", act)
    sweep = asyncio.ensure_future(timers.sweep())
    await holding.wait()
    r = await player.click(message, custom_id=find_id(message, "spx:throw:"))
    await sweep
    assert r.ephemeral and "earlier turn" in r.response.content  # the timer came first
    state = stored(database)["state"]
    assert len(state["history"]) == 1
    assert state["history"][0]["seat"] == table.players.index(player)
    assert table.on_turn(table.turn_message(thread)) is not player


async def test_a_restart_during_a_computer_turn_goes_on_by_itself(
    simcord_env, simcord_bot, database, make_bot, monkeypatch
):
    table, thread = await computer_on_turn(simcord_env, simcord_bot, database, timer=120)

    async def crash(row, channel):  # type: ignore[no-untyped-def]
        """The process dies right after the computer's move was saved."""

    monkeypatch.setattr(simcord_bot.play.posting, "after_turn", crash)
    while stored(database)["state"]["current"] == 1:
        await simcord_env.advance_time(600)  # one computer action after another
    history = stored(database)["state"]["history"]
    assert history[-1]["seat"] == 1
    with pytest.raises(AssertionError, match="no turn message"):
        table.turn_message(thread)

    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(POST_RETRY_DELAYS[0])

    message = table.turn_message(thread)
    assert table.on_turn(message) is table.players[0]
    assert clock(database)[0] == simcord_env.now().timestamp() + TWO_MINUTES
    assert stored(database)["state"]["history"] == history  # nothing played twice
    await simcord_env.advance_time(60)
    assert stored(database)["state"]["history"] == history


async def test_a_timer_due_at_start_waits_for_the_servers_then_plays_the_turn(
    simcord_env, database, make_bot, caplog
):
    """A turn whose time ran out while the bot was down: the first sweep of the new bot runs
    before Discord has sent it its servers (``setup_hook``), where every channel it fetched
    had an empty placeholder server (no channels, no bot member) and drawing the next turn
    failed on it ("timer handling failed"). The sweep waits until the bot is ready."""
    table = Table(simcord_env)
    thread = await start_timed(table)
    on_turn = table.on_turn(table.turn_message(thread))
    as_db(database).execute("UPDATE games SET turn_due = 1 WHERE id = 1")

    with caplog.at_level("ERROR", logger="bot"):
        await simcord_env.restart_bot(make_bot())
        await simcord_env.advance_time(1)
    assert [r.getMessage() for r in caplog.records if r.levelname == "ERROR"] == []
    assert len(stored(database)["state"]["history"]) == 1  # the timer played the turn
    assert table.on_turn(table.turn_message(thread)) is not on_turn
