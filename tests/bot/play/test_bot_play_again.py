"""**Play again** on a finished game's results, played as people would: one click opens a new
lobby in the same channel for the same game and options, with the same computers and the clicker
as host; the other people are mentioned once and join with one click; it works after a restart,
only for the game's people, and is refused when the channel no longer allows games."""

from __future__ import annotations

import re

import discord

from locales import translator
from tests.bot.play.test_bot_game import Table, finish_game, stored
from tests.conftest import ONLY_SQLITE
from tests.databases import TestDb
from tests.simtable import component_ids, find_id

de = translator("de")
nl = translator("nl")


async def add_computer(table: Table, lobby: discord.Message, level: str) -> discord.Message:
    r = await table.players[0].select(lobby, [level], custom_id=find_id(lobby, "spx:addai:"))
    assert not r.ephemeral
    return table.channel.last_message


def results(table: Table, game_id: int) -> tuple[discord.Message, discord.Message]:
    """The finished game's final standings (its thread) and its lobby message (the channel)."""
    thread = next(th for th in table.channel.threads if th.name.startswith(f"Spexxx #{game_id} "))
    final = thread.last_message
    assert "is over" in final.content
    lobby = next(m for m in table.channel.history() if f"#{game_id} is over" in m.content)
    return final, lobby


@ONLY_SQLITE  # the stores' part is the same as any lobby's; the other test runs on both
async def test_a_rematch_chain_of_three_games_to_the_end(
    simcord_env, database: TestDb, make_bot
) -> None:
    table = Table(simcord_env)
    alice, bob = table.players
    lobby = await table.open_lobby("children")
    lobby = await add_computer(table, lobby, "easy")
    await alice.click(lobby, label="Start")
    await finish_game(table, table.channel.threads[-1])
    for game_id, clicker, other in ((1, bob, alice), (2, alice, bob)):
        final, lobby_message = results(table, game_id)
        # both results carry the button; its id holds the finished game's id
        assert f"again:{game_id}" in component_ids(final)
        assert f"again:{game_id}" in component_ids(lobby_message)
        if game_id == 2:  # a real restart: a new bot object finds the button by its id
            await simcord_env.restart_bot(make_bot())
        r = await clicker.click(final, custom_id=f"again:{game_id}")
        assert r.ephemeral and "Your new lobby is open: https://discord.com/channels/" in (
            r.response.content
        )
        new = table.channel.last_message
        assert f"Spexxx lobby #{game_id + 1}" in new.content
        assert f"<@{other.id}>: {clicker.name} wants to play Spexxx again." in new.content
        assert [m.id for m in new.mentions] == [other.id]  # mentioned once, and only them
        assert "children game" in new.content and "Turn timer: 1 day" in new.content
        assert f"1. ⚫ {clicker.name} (host)\n2. ⚪ CPU · easy\n" in new.content
        row = stored(database, game_id + 1)
        assert row["status"] == "lobby" and [p.get("ai") for p in row["players"]] == [None, "easy"]
        r = await other.click(new, label="Join")  # one click takes the seat
        assert not r.ephemeral
        joined = table.channel.last_message
        assert "wants to play" not in joined.content  # the call is not repeated
        assert re.search(rf"^3\. \S+ {other.name}$", joined.content, re.MULTILINE)
        await clicker.click(joined, label="Start")
        turns = await finish_game(table, table.channel.threads[-1])
        assert turns == 24  # 12 cubes for each of the two people, each played
    for game_id in (1, 2, 3):
        assert stored(database, game_id)["status"] == "finished"
    final, _lobby_message = results(table, 3)
    assert "again:3" in component_ids(final)  # the chain may go on


async def test_play_again_is_for_the_games_people_and_follows_the_servers_settings(
    simcord_env, database: TestDb, locales_of
) -> None:
    table = Table(simcord_env, names=("alice", "bob", "cy"))
    alice, bob, cy = table.players
    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    await admin.slash(table.channel, "server", language="nl")
    locales_of[cy.id] = "de"
    locales_of[bob.id] = "de"
    await alice.slash(table.channel, "spexxx new", variant="children")
    lobby = table.channel.last_message
    await bob.click(lobby, custom_id=find_id(lobby, "spx:join:"))
    await alice.click(table.channel.last_message, custom_id=find_id(lobby, "spx:start:"))
    thread = table.channel.threads[-1]
    r = await bob.slash(thread, "spexxx resign")  # alice wins at once
    assert not r.ephemeral
    final = thread.last_message
    button = next(c for row in final.components for c in row.children)
    assert button.label == nl("Play again") != "Play again"  # in the server's language
    # someone who did not play is refused, in their own language, and nothing opens
    r = await cy.click(final, custom_id="again:1")
    assert r.ephemeral and r.response.content == de(
        "Only the players of {game} can play it again. Start your own with `/{group} new`.",
        game="Spexxx #1",
        group="spexxx",
    )
    # the channel no longer allows games: refused clearly, nothing opens
    other = table.guild.create_text_channel("other")
    await admin.slash(table.channel, "server", allow_channel=other)
    r = await bob.click(final, custom_id="again:1")
    assert r.ephemeral and r.response.content == de(
        "Games cannot be started in this channel. This server starts them in: {channels}.",
        channels=f"<#{other.id}>",
    )
    assert database.one("SELECT COUNT(*) FROM games")[0] == 1
    # allowed again: bob's click opens it, in Dutch, calling alice; a second click is refused
    await admin.slash(table.channel, "server", all_channels=True)
    r = await bob.click(final, custom_id="again:1")
    assert r.ephemeral and r.response.content.startswith(de("Your new lobby is open: {link}")[:8])
    new = table.channel.last_message
    assert new.content.startswith(
        nl(
            "{people}: {host} wants to play {game} again. Press **Join** to take your seat.",
            people=f"<@{alice.id}>",
            host="bob",
            game="Spexxx",
        )
    )
    r = await alice.click(final, custom_id="again:1")
    assert r.ephemeral and "https://discord.com/channels/" in r.response.content
    assert database.one("SELECT COUNT(*) FROM games")[0] == 2
