"""Turn timers, idle lobbies and server settings, driven by SimCord's virtual clock."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import discord

from tests.simtable import find_id
from tests.test_bot_game import Table, stored

TWO_MINUTES = 120


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


async def test_reminder_at_half_time_then_the_computer_plays_the_turn(simcord_env, db_path: Path):
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
    assert len(stored(db_path)["state"]["history"]) == 0

    await simcord_env.advance_time(40)  # 140 s: expired
    state = stored(db_path)["state"]
    assert len(state["history"]) == 1 and state["history"][0]["seat"] == seat
    assert state["current"] != seat
    texts = [m.content for m in thread.history()]
    assert any("Time ran out, so the computer played for" in t for t in texts)
    nxt = table.turn_message(thread)
    assert table.on_turn(nxt) is not on_turn and "runs out" in nxt.content


async def test_three_missed_turns_remove_the_player(simcord_env, db_path: Path):
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
        if stored(db_path)["status"] == "finished":
            break
    data = stored(db_path)
    seat = table.players.index(sleeper)
    assert data["status"] == "finished"
    assert data["state"]["resigned"][seat] is True
    texts = [m.content for m in thread.history()]
    assert any("missed 3 turns in a row and was removed" in t for t in texts)
    assert "is over" in thread.last_message.content


async def test_playing_in_time_resets_the_missed_count(simcord_env, db_path: Path):
    table = Table(simcord_env)
    thread = await start_timed(table)
    first = table.on_turn(table.turn_message(thread))
    seat = table.players.index(first)
    await simcord_env.advance_time(TWO_MINUTES + 20)  # first misses once
    await table.play_turn(thread)  # the other plays
    await table.play_turn(thread)  # first plays in time
    with sqlite3.connect(db_path) as db:
        missed = json.loads(db.execute("SELECT missed FROM games").fetchone()[0])
    assert missed == [0, 0]
    assert stored(db_path)["state"]["resigned"][seat] is False


async def test_timers_survive_a_restart_without_double_reminders(simcord_env, db_path, make_bot):
    table = Table(simcord_env)
    thread = await start_timed(table)
    on_turn = table.on_turn(table.turn_message(thread))
    await simcord_env.advance_time(70)
    assert len(reminders(thread)) == 1

    await simcord_env.restart_bot(make_bot())

    await simcord_env.advance_time(30)
    assert len(reminders(thread)) == 1  # the new bot knows it was sent
    await simcord_env.advance_time(40)
    state = stored(db_path)["state"]
    assert len(state["history"]) == 1
    assert table.on_turn(table.turn_message(thread)) is not on_turn


async def test_idle_lobby_is_closed(simcord_env, db_path: Path):
    simcord_env.bot.play.timers.lobby_idle = 600
    table = Table(simcord_env)
    await table.open_lobby(joiners=[])
    await simcord_env.advance_time(500)
    assert stored(db_path)["status"] == "lobby"
    await table.players[1].click(table.channel.last_message, label="Join")  # activity: 600 s more
    await simcord_env.advance_time(500)
    assert stored(db_path)["status"] == "lobby"
    await simcord_env.advance_time(200)
    assert stored(db_path)["status"] == "cancelled"
    lobby = table.channel.last_message
    assert "closed after" in lobby.content and not lobby.components


async def test_server_settings_apply_to_new_games(simcord_env, db_path: Path):
    table = Table(simcord_env)
    alice, bob = table.players
    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    r = await bob.slash(table.channel, "spexxx settings", timer=300)
    assert r.ephemeral and "Manage Server" in r.response.content
    r = await bob.slash(table.channel, "spexxx settings")
    assert r.ephemeral and "no timer" in r.response.content  # anyone may look
    r = await admin.slash(
        table.channel, "spexxx settings", variant="children", timer=300, threads=False
    )
    assert "Saved" in r.response.content and "5 minutes" in r.response.content
    await alice.slash(table.channel, "spexxx new")
    lobby = table.channel.last_message
    assert "children game" in lobby.content and "Turn timer: 5 minutes" in lobby.content
    await bob.click(lobby, label="Join")
    await alice.click(table.channel.last_message, label="Start")
    assert table.channel.threads == []  # threads are off for this server
    message = table.turn_message(table.channel)
    assert "12 cubes" in message.content and "runs out" in message.content
    assert find_id(message, "spx:throw:")
