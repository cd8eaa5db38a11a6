"""Lobbies and game threads through the real bot in SimCord: which game a command means, the
list of games, thread names, and what players are told once a game has ended."""

from __future__ import annotations

import discord

from bot.adapters import installed
from bot.contract.models import GameRow, Player, Status
from bot.flow.messages import thread_name
from locales import translator
from tests.bot.play.test_bot_ai import add_ai
from tests.bot.play.test_bot_game import Table, finish_game, stored
from tests.bot.play.test_robust_faults import choosing_a_square, place_first
from tests.databases import TestDb
from tests.simtable import find_id


async def test_new_lobby_in_a_running_games_thread_is_refused(simcord_env, database: TestDb):
    table = Table(simcord_env)
    bob = table.players[1]
    thread = await table.start()
    before = len(thread.history())
    r = await bob.slash(thread, "spexxx new")
    assert r.ephemeral and "This thread belongs to Spexxx #1" in r.response.content
    assert table.channel.mention in r.response.content  # where a new lobby can go
    assert len(thread.history()) == before
    assert await simcord_env.bot.store.get(table.guild.id, 2) is None  # no second game stored
    # the thread's commands still reach its game
    player = table.on_turn(table.turn_message(thread))
    r = await player.slash(thread, "spexxx board")
    assert not r.ephemeral and "your turn" in r.response.content


async def test_a_threads_commands_mean_its_own_game(simcord_env, database: TestDb):
    """A lobby that an older version opened inside a game's thread does not capture it."""
    table = Table(simcord_env)
    alice, bob = table.players
    thread = await table.start()
    store = simcord_env.bot.store
    stray = await store.create_lobby(
        table.guild.id, thread.id, Player(bob.id, "b"), "spexxx", {"variant": "adult"}
    )
    assert stray.id == 2
    player = table.on_turn(table.turn_message(thread))
    r = await player.slash(thread, "spexxx board")
    assert not r.ephemeral and "**Spexxx #1**" in r.response.content
    r = await alice.slash(thread, "spexxx export")
    assert r.ephemeral and r.response.attachments[0].filename == "spexxx-1.json"
    r = await bob.slash(thread, "spexxx resign")
    assert not r.ephemeral and "resigned" in r.response.content
    assert stored(database, 1)["status"] == "finished"
    assert stored(database, 2)["status"] == "lobby"


async def test_commands_in_a_finished_games_thread_say_how_it_ended(simcord_env, database: TestDb):
    table = Table(simcord_env)
    alice, bob = table.players
    thread = await table.start("children")
    await finish_game(table, thread)
    state = stored(database)["state"]
    winner = max(range(2), key=lambda s: state["scores"][s])
    name = ("alice", "bob")[winner]
    for command in ("spexxx board", "spexxx resign", "spexxx cancel"):
        r = await alice.slash(thread, command)
        content = r.response.content
        assert r.ephemeral and "Spexxx #1 is over" in content, (command, content)
        assert f"🏆 {'⚫⚪'[winner]} {name} wins!" in content, content
        assert "no Spexxx game" not in content
    r = await bob.slash(thread, "spexxx new")
    assert r.ephemeral and "This thread belongs to Spexxx #1" in r.response.content
    assert stored(database)["status"] == "finished"


async def test_commands_in_a_cancelled_games_thread_say_it_was_cancelled(simcord_env):
    table = Table(simcord_env)
    alice, _bob = table.players
    thread = await table.start()
    await alice.slash(thread, "spexxx cancel")
    r = await alice.slash(thread, "spexxx board")
    assert r.ephemeral and "Spexxx #1** was cancelled" in r.response.content


# ------------------------------------------------------------- no human left


async def computers_game(table: Table, timer: int | None = None):  # type: ignore[no-untyped-def]
    """Alice against an easy and a hard computer (children's game); returns the thread once it
    is alice's turn."""
    alice = table.players[0]
    options = {} if timer is None else {"timer": timer}
    await alice.slash(table.channel, "spexxx new", variant="children", **options)
    lobby = table.channel.last_message
    for level in ("easy", "hard"):
        lobby = await add_ai(table, lobby, level)
    await alice.click(lobby, label="Start")
    thread = table.channel.threads[0]
    assert table.on_turn(table.turn_message(thread)) is alice
    return thread


def assert_ended_without_humans(data: dict, thread) -> None:  # type: ignore[no-untyped-def]
    state = data["state"]
    assert data["status"] == "finished" and state["current"] is None
    assert state["resigned"][0] is True
    assert state["resigned"][1:].count(False) == 1  # one computer is left: the best one
    best = max((1, 2), key=lambda s: (state["scores"][s], -s))  # a tie keeps the first seat
    assert state["resigned"][best] is False
    final = thread.last_message
    assert "is over" in final.content and "(no human player left)" in final.content
    assert f"🏆 {'⚫⚪🔵'[best]} CPU {best} · " in final.content


async def test_last_human_resigning_ends_a_game_of_computers(simcord_env, database: TestDb):
    table = Table(simcord_env, names=("alice",))
    thread = await computers_game(table)
    turns = len(stored(database)["state"]["history"])
    before = len(thread.history())
    r = await table.players[0].slash(thread, "spexxx resign")
    assert not r.ephemeral and "resigned" in r.response.content
    data = stored(database)
    assert_ended_without_humans(data, thread)
    assert len(data["state"]["history"]) == turns  # no computer turn after alice left
    assert len(thread.history()) == before + 2  # the resignation and the final standings
    await simcord_env.advance_time(600)
    assert len(stored(database)["state"]["history"]) == turns


async def test_last_human_removed_for_missed_turns_ends_a_game_of_computers(
    simcord_env, database: TestDb
):
    table = Table(simcord_env, names=("alice",))
    thread = await computers_game(table, timer=120)
    for _ in range(3):  # alice sleeps through three turns; the computers play between them
        assert table.on_turn(table.turn_message(thread)) is table.players[0]
        await simcord_env.advance_time(140)
    data = stored(database)
    assert_ended_without_humans(data, thread)
    history = data["state"]["history"]
    assert history[-1]["seat"] == 0  # alice's third missed turn was the last one played
    assert [h["seat"] for h in history].count(0) == 3
    texts = [m.content for m in thread.history()]
    assert any("missed 3 turns in a row and was removed" in t for t in texts)
    await simcord_env.advance_time(600)
    assert len(stored(database)["state"]["history"]) == len(history)


# ------------------------------------------------------------------ /spexxx games


async def test_games_list_fits_one_message_and_says_how_many_more(simcord_env):
    guild = simcord_env.create_guild()
    hosts = [guild.add_member(simcord_env.create_user(f"host_{i}_" + "*_~" * 9)) for i in range(17)]
    channels = [guild.create_text_channel(f"games-{i}") for i in range(17)]
    for host, channel in zip(hosts, channels, strict=True):
        r = await host.slash(channel, "spexxx new")
        assert not r.ephemeral
    r = await hosts[0].slash(channels[0], "spexxx games")
    assert r.ephemeral and r.response is not None
    content = r.response.content
    assert "Something went wrong" not in content and len(content) <= 2000
    lines = content.split("\n")
    listed = lines[:-1]
    assert 1 < len(listed) < 17
    assert [line.split()[0] for line in listed] == [f"**#{n}**" for n in range(1, len(lines))]
    assert lines[-1] == f"…and {17 - len(listed)} more."


# --------------------------------------------------------------------- thread names


async def test_thread_names_keep_names_as_they_are(simcord_env):
    table = Table(simcord_env, names=("dee_dee", "*star*", "~tilde~ <@1>"))
    thread = await table.start()
    assert thread.name == "Spexxx #1 · dee_dee vs *star* vs ~tilde~ <@1>"


async def test_long_names_share_the_100_characters_of_a_thread_name(simcord_env):
    names = tuple(f"{c}" * 32 for c in "abcd")
    table = Table(simcord_env, names=names)
    thread = await table.start()
    assert len(thread.name) <= 100
    assert thread.name.startswith("Spexxx #1 · aaaa")
    parts = thread.name.removeprefix("Spexxx #1 · ").split(" vs ")
    assert [p[0] for p in parts] == list("abcd") and all(p.endswith("…") for p in parts)
    assert max(map(len, parts)) - min(map(len, parts)) <= 1  # cut evenly


def test_thread_name_words_are_translated() -> None:
    nl = translator("nl")
    row = GameRow(7, 1, 2, 3, "spexxx", Status.RUNNING, [Player(3, "ann"), Player(4, " \t ")])
    assert (
        thread_name(nl, installed()["spexxx"], row) == f"Spexxx #7 · ann{nl(' vs ')}{nl('player')}"
    )
    assert nl(" vs ") != " vs " and nl("player") != "player"


# ------------------------------------------------------------ words in other languages


async def test_closed_lobby_title_is_in_the_servers_language(simcord_env):
    guild = simcord_env.create_guild("Spellenclub", preferred_locale="nl")
    nl = translator("nl")
    channel = guild.create_text_channel("spellen")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "spexxx new")
    await alice.click(channel.last_message, custom_id=find_id(channel.last_message, "spx:cancel:"))
    title = nl("{game} lobby #{id}", game="Spexxx", id=1)
    assert title != "Spexxx lobby #1"
    assert channel.last_message.content == f"~~{title}~~: {nl('cancelled')}."


async def test_computer_names_follow_the_servers_language(simcord_env, database: TestDb):
    guild = simcord_env.create_guild("Spellenclub", preferred_locale="nl")
    nl, de = translator("nl"), translator("de")
    channel = guild.create_text_channel("spellen")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "spexxx new")
    lobby = channel.last_message
    for _ in range(2):
        await alice.select(lobby, ["hard"], custom_id=find_id(lobby, "spx:addai:"))
        lobby = channel.last_message
    dutch = nl("CPU {n} · {level}", n=1, level=nl("hard"))
    dutch_2 = nl("CPU {n} · {level}", n=2, level=nl("hard"))
    assert dutch in lobby.content and dutch_2 in lobby.content
    assert [p["name"] for p in stored(database)["players"][1:]] == [
        "CPU · hard",
        "CPU 2 · hard",
    ]  # stored in English when added: shown as derived, in the server's language now
    await alice.click(lobby, custom_id=find_id(lobby, "spx:start:"))
    thread = channel.threads[0]
    assert thread.name == f"Spexxx #1 · alice{nl(' vs ')}{dutch}{nl(' vs ')}{dutch_2}"

    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    await admin.slash(channel, "server", language="de")
    r = await alice.slash(thread, "spexxx board")
    german = de("CPU {n} · {level}", n=1, level=de("hard"))
    assert german != dutch
    assert german in r.response.content and dutch not in r.response.content


# ------------------------------------------------------------------- what players see


async def test_second_half_of_a_double_click_on_a_square_is_told_it_was_played(
    simcord_env, database: TestDb
):
    table = Table(simcord_env)
    _thread, player, message = await choosing_a_square(table)
    # Discord fails the update that would remove the select, and the edit through the channel
    # too: the same select is clicked again
    simcord_env.inject_error("POST", "/interactions/*/*/callback", status=500)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=403)
    await place_first(player, message)
    before = stored(database)
    assert len(before["state"]["history"]) == 1
    r = await place_first(player, message)
    assert r.ephemeral and "That turn is already played" in r.response.content
    assert "earlier turn" not in r.response.content
    assert stored(database) == before


async def test_lobby_message_shows_the_winner_and_links_the_results(simcord_env, database: TestDb):
    table = Table(simcord_env)
    thread = await table.start("children")
    lobby = table.channel.history()[0]
    assert "has started" in lobby.content
    await finish_game(table, thread)
    final = thread.last_message
    lobby = table.channel.history()[0]
    state = stored(database)["state"]
    winner = max(range(2), key=lambda s: state["scores"][s])
    assert "Spexxx #1 is over" in lobby.content and "has started" not in lobby.content
    assert f"🏆 {'⚫⚪'[winner]} {('alice', 'bob')[winner]} wins!" in lobby.content
    assert final.jump_url in lobby.content and "is over" in final.content


async def test_lobby_message_says_a_running_game_was_cancelled(simcord_env):
    table = Table(simcord_env)
    thread = await table.start()
    await table.players[0].slash(thread, "spexxx cancel")
    lobby = table.channel.history()[0]
    assert lobby.content == "**Spexxx #1** was cancelled."
