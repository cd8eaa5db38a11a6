"""No game stalls for ever, on SimCord's virtual clock: in a game without a turn timer, once the
player on turn has been away for a day (and not before), the other people may vote to remove
them; the votes are stored and survive a restart; a majority removes the player as
``/<game> resign`` would; a game whose last person left ends."""

from __future__ import annotations

import discord
import pytest

from bot.flow.away import ALONE_DAYS
from locales import translator
from tests.bot.play.test_bot_game import Table, stored
from tests.bot.play.test_bot_raffzahn import RaffTable
from tests.bot.play.test_robust_input import post_forged
from tests.databases import TestDb
from tests.simtable import find_id, has_id

nl = translator("nl")
DAY = 360.0  # "a day" for these tests' bots (a day of 15 s timer sweeps would take minutes)
SWEEP_SECONDS = DAY / 24  # the watch looks at the games this often


@pytest.fixture
def simcord_bot(make_bot):  # type: ignore[no-untyped-def]
    return make_bot(away_hours=DAY / 3600)


def votes(where) -> list[discord.Message]:  # type: ignore[no-untyped-def]
    """The messages in the game's thread that carry a vote's button."""
    return [m for m in where.history() if has_id(m, "away:") and m.content != "forged"]


def again(where, message: discord.Message) -> discord.Message:  # type: ignore[no-untyped-def]
    """``message`` as it reads now."""
    return next(m for m in where.history() if m.id == message.id)


async def untimed_game(table: Table, *joiners, computers: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    """A children's Spexxx game without a timer, started; its thread."""
    host = table.players[0]
    r = await host.slash(table.channel, "spexxx new", variant="children", timer=0)
    assert not r.ephemeral
    lobby = table.channel.last_message
    for level in computers:
        await host.select(lobby, [level], custom_id=find_id(lobby, "spx:addai:"))
        lobby = table.channel.last_message
    for joiner in joiners:
        await joiner.click(lobby, custom_id=find_id(lobby, "spx:join:"))
        lobby = table.channel.last_message
    await host.click(lobby, custom_id=find_id(lobby, "spx:start:"))
    return table.channel.threads[-1]


async def test_a_vote_to_remove_after_a_day_away_survives_a_restart(
    simcord_env, database: TestDb, make_bot
) -> None:
    table = Table(simcord_env, names=("alice", "bob", "cy"))
    _alice, bob, cy = table.players
    thread = await untimed_game(table, bob, cy)
    assert stored(database)["status"] == "running"
    away = table.on_turn(table.turn_message(thread))
    others = [p for p in table.players if p is not away]
    # almost a day: nothing to vote on yet
    await simcord_env.advance_time(DAY - 1)
    assert votes(thread) == []
    await simcord_env.advance_time(2 * SWEEP_SECONDS + 1)
    (call,) = votes(thread)
    assert f"{away.name} has had the turn in Spexxx #1 for a day without playing." in call.content
    assert "(2 of 2 votes needed)" in call.content
    assert sorted(m.id for m in call.mentions) == sorted(p.id for p in others)
    vote_id = find_id(call, "away:1:")
    # the one away cannot vote; an outsider cannot either; nothing changes
    r = await away.click(call, custom_id=vote_id)
    assert r.ephemeral and r.response.content == "You have the turn: play it, and the vote is over."
    outsider = table.guild.add_member(simcord_env.create_user("dee"))
    r = await outsider.click(call, custom_id=vote_id)
    assert r.ephemeral and r.response.content == "Only the other players of this game can vote."
    r = await others[0].click(call, custom_id=vote_id)
    assert not r.ephemeral
    call = again(thread, call)
    assert f"Votes so far: <@{others[0].id}>." in call.content
    r = await others[0].click(call, custom_id=vote_id)
    assert r.ephemeral and r.response.content == "You have voted already."
    # a real restart: the vote and its button are stored
    await simcord_env.restart_bot(make_bot(away_hours=DAY / 3600))
    (call,) = votes(thread)
    r = await others[1].click(call, custom_id=vote_id)
    assert not r.ephemeral
    call = again(thread, call)
    assert f"{away.name} was removed from Spexxx #1 by the other players' vote." in call.content
    assert not has_id(call, "away:") and votes(thread) == []
    state = stored(database)["state"]
    seat = [p["user_id"] for p in stored(database)["players"]].index(away.id)
    assert state["resigned"][seat] and stored(database)["status"] == "running"
    # the game goes on with the next player, who is called
    assert table.on_turn(table.turn_message(thread)) in others


async def test_playing_closes_the_vote_and_a_game_whose_last_person_left_ends(
    simcord_env, database: TestDb
) -> None:
    """On a Dutch server: alice, bob and two computers. The one on turn throws after the vote was
    called: the vote is over. A day later the other one removes them by vote (one of one);
    when that one resigns too, no person is left and the game ends."""
    table = Table(simcord_env)
    _alice, bob = table.players
    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    await admin.slash(table.channel, "server", language="nl")
    thread = await untimed_game(table, bob, computers=("easy", "easy"))
    message = table.turn_message(thread)
    (away,) = [p for p in table.players if p.id in {m.id for m in message.mentions}]
    (other,) = [p for p in table.players if p is not away]
    await simcord_env.advance_time(DAY + 2 * SWEEP_SECONDS)
    (call,) = votes(thread)
    button = call.components[0].children[0]
    assert button.label == nl("Vote to remove") != "Vote to remove"
    # the one on turn comes back and throws: the vote is over
    await away.click(message, custom_id=find_id(message, "spx:throw:"))
    await simcord_env.advance_time(SWEEP_SECONDS + 1)
    assert votes(thread) == []
    closed = again(thread, call)
    assert closed.content.endswith(
        nl("{name} played: the vote to remove them is over.", name=away.name)
    )
    forged = await post_forged(simcord_env, thread, buttons=[button.custom_id])  # an old one
    r = await other.click(forged, custom_id=button.custom_id)
    assert r.ephemeral and r.response.content == "This vote is over: the game has moved on since."
    # a day later, away again: a new vote, one of one needed
    await simcord_env.advance_time(DAY + 2 * SWEEP_SECONDS)
    (call,) = votes(thread)
    r = await other.click(call, custom_id=find_id(call, "away:"))
    assert not r.ephemeral
    data = stored(database)
    seat = [p["user_id"] for p in data["players"]].index(away.id)
    assert data["state"]["resigned"][seat] and data["status"] == "running"
    # the last person leaves: the game ends
    r = await other.slash(thread, "spexxx resign")
    assert not r.ephemeral
    data = stored(database)
    assert data["status"] == "finished"
    (note,) = database.one("SELECT note FROM games WHERE id = 1")
    assert note == "no human player left"
    assert nl("**{game} #{id} is over.**", game="Spexxx", id=1) in thread.last_message.content


async def test_the_last_person_away_for_a_week_leaves_and_the_game_ends(
    simcord_env, database: TestDb
) -> None:
    """alice alone against two computers, no timer: nobody can vote on her. A day away changes
    nothing; after a week away she leaves, no person is left, and the game ends."""
    table = Table(simcord_env, names=("alice",))
    thread = await untimed_game(table, computers=("easy", "easy"))
    assert table.on_turn(table.turn_message(thread)).name == "alice"
    await simcord_env.advance_time(DAY + 2 * SWEEP_SECONDS)
    assert votes(thread) == [] and stored(database)["status"] == "running"
    left = ALONE_DAYS * DAY - 1 - (DAY + 2 * SWEEP_SECONDS)  # to a second before the week
    for _ in range(10):  # in steps (each step settles on its own)
        await simcord_env.advance_time(left / 10)
    assert stored(database)["status"] == "running"  # not before the week is over
    await simcord_env.advance_time(2 * SWEEP_SECONDS)
    data = stored(database)
    assert (
        data["status"] == "finished"
        and data["state"]["resigned"][
            [p["user_id"] for p in data["players"]].index(table.players[0].id)
        ]
    )
    (note,) = database.one("SELECT note FROM games WHERE id = 1")
    assert note == "no human player left"
    said = [m.content for m in thread.history()]
    assert any(
        "alice has not played in Spexxx #1 for 7 days, and no other person is left to wait: "
        "they leave the game." in content
        for content in said
    )
    assert "**Spexxx #1 is over.**" in thread.last_message.content


@pytest.mark.simcord(settle_timeout=2.0)  # as tests/bot/play/test_bot_raffzahn.py: live rounds
async def test_a_raffzahn_roller_away_for_a_day_is_voted_out_and_the_computer_rolls(
    simcord_env, db_path
) -> None:
    """Raffzahn without a timer: nothing rolls for a person who never presses Roll (no due
    time), so the roller is the one the game waits on. A day later the two others vote them
    out; the computer plays their seat, as with resign, and rolls: the game goes on."""
    table = RaffTable(simcord_env, db_path)
    where = await table.start(timer=0)
    (away,) = [table.by_id[m.id] for m in table.round_message(where).mentions]
    others = [p for p in table.players if p is not away]
    await simcord_env.advance_time(DAY - 1)
    assert votes(where) == [] and table.events() == []
    await simcord_env.advance_time(2 * SWEEP_SECONDS + 1)
    assert table.events() == []  # the game still waits for the roll
    (call,) = votes(where)
    assert f"{away.name} has had the turn in Raffzahn #1 for a day without playing." in call.content
    assert "(2 of 2 votes needed)" in call.content
    for voter in others:
        r = await voter.click(again(where, call), custom_id=find_id(call, "away:1:"))
        assert not r.ephemeral, r.response.content
    call = again(where, call)
    assert f"{away.name} was removed from Raffzahn #1 by the other players' vote." in call.content
    await simcord_env.advance_time(3.0)  # the computer's pause before its roll
    seat = [p["user_id"] for p in stored(db_path)["players"]].index(away.id)
    events = table.events()
    assert [(e["type"], e["seat"]) for e in events[:2]] == [("resign", seat), ("roll", seat)]
    assert stored(db_path)["status"] == "running"
    assert "rolled" in table.round_message(where).content and votes(where) == []
