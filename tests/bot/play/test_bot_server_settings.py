"""``/server``: what concerns every game of a server, in one place, played as admins and players
would: anyone reads it, only Manage Server changes it; where games may be started, by whom, how
many open lobbies one member may host, the language and the default turn timer, for every game;
refusals in the reader's own language change nothing; the migration carries a server's
language over (a database of the previous version, on both stores)."""

from __future__ import annotations

import discord

from bot.adapters import installed
from bot.contract.models import ServerSettings
from bot.storage import open_store
from bot.storage.migrations import MIGRATIONS, POSTGRES_MIGRATIONS
from locales import translator
from tests.bot.play.test_bot_game import Table
from tests.conftest import EMPTY_DATABASE
from tests.databases import TestDb

nl = translator("nl")
de = translator("de")


def admin_of(table: Table, env) -> discord.Member:  # type: ignore[no-untyped-def]
    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(env.create_user("admin"), roles=[admins])


def server_row(db: TestDb, guild_id: int) -> list[tuple]:
    return db.rows(
        "SELECT language, threads, channels, starter_role, lobby_limit, turn_timer"
        " FROM server_settings WHERE guild_id = ?",
        (guild_id,),
    )


def lobbies(db: TestDb) -> int:
    return db.one("SELECT COUNT(*) FROM games WHERE status = 'lobby'")[0]


async def test_anyone_reads_the_settings_only_manage_server_changes_them(
    simcord_env, database: TestDb, locales_of
) -> None:
    table = Table(simcord_env)
    alice, bob = table.players
    admin = admin_of(table, simcord_env)
    locales_of[bob.id] = "nl"
    r = await alice.slash(table.channel, "server")
    assert r.ephemeral
    said = r.response.content
    assert "Settings for every game on this server:" in said
    assert "language of public messages: **the server's own language**" in said
    assert "games may be started in: **every channel**" in said
    assert "who may start games: **everyone**" in said
    assert "open lobbies per member: **no limit**" in said
    assert "default turn timer of new games: **1 day**" in said  # a new server's default
    # bob's Discord speaks Dutch: his refusal is in Dutch, and nothing is stored
    r = await bob.slash(table.channel, "server", language="de", lobby_limit=1)
    assert r.ephemeral
    assert r.response.content == nl(
        "Only someone with Manage Server can change the server's settings."
    )
    assert r.response.content != "Only someone with Manage Server can change the server's settings."
    assert server_row(database, table.guild.id) == []
    r = await bob.slash(table.channel, "server")
    assert nl("Settings for every game on this server:") in r.response.content
    # the admin changes them: saved, and read back by anyone
    r = await admin.slash(table.channel, "server", language="de", timer=3600, lobby_limit=2)
    assert r.ephemeral and r.response.content.startswith("Saved.")
    assert server_row(database, table.guild.id) == [("de", 1, "[]", None, 2, 3600)]
    r = await alice.slash(table.channel, "server")
    assert "language of public messages: **Deutsch**" in r.response.content
    assert "open lobbies per member: **2**" in r.response.content
    assert "default turn timer of new games: **1 hour**" in r.response.content


async def test_the_language_is_the_servers_for_every_game(simcord_env, database: TestDb) -> None:
    """Set once with /server, every game speaks it; a game's settings no longer take it."""
    table = Table(simcord_env)
    alice, _bob = table.players
    admin = admin_of(table, simcord_env)
    await admin.slash(table.channel, "server", language="nl")
    await alice.slash(table.channel, "spexxx new")
    spexxx_lobby = table.channel.last_message
    assert nl("Seats ({taken}/{max}):", taken=1, max=4) in spexxx_lobby.content
    other = table.guild.create_text_channel("dasspiel")
    await alice.slash(other, "dasspiel new", game="cuibono")
    assert nl("Seats ({taken}/{max}):", taken=1, max=6) in other.last_message.content
    r = await admin.slash(table.channel, "spexxx settings")
    assert "`/server`" in r.response.content and "language" not in r.response.content.split("\n")[1]
    commands = {c for c in alice.available_commands(table.channel)}
    assert "server" in commands


async def test_channels_role_and_lobby_limit_are_enforced(
    simcord_env, database: TestDb, locales_of
) -> None:
    table = Table(simcord_env)
    alice, bob = table.players
    admin = admin_of(table, simcord_env)
    locales_of[bob.id] = "de"
    games = table.channel
    chat = table.guild.create_text_channel("chat")
    side = table.guild.create_text_channel("side")
    # only #games and #side: a lobby elsewhere is refused, in the player's language
    await admin.slash(games, "server", allow_channel=games)
    r = await admin.slash(games, "server", allow_channel=side)
    assert f"games may be started in: <#{games.id}>, <#{side.id}>" in r.response.content
    r = await alice.slash(chat, "spexxx new")
    assert r.ephemeral and "Games cannot be started in this channel." in r.response.content
    assert f"<#{games.id}>" in r.response.content
    r = await bob.slash(chat, "dasspiel new", game="cuibono")
    assert r.ephemeral and r.response.content == de(
        "Games cannot be started in this channel. This server starts them in: {channels}.",
        channels=f"<#{games.id}>, <#{side.id}>",
    )
    assert not r.response.content.startswith("Games cannot")
    assert lobbies(database) == 0
    # a role that may start games: without it refused, with it (or Manage Server) allowed
    players = table.guild.create_role("Players")
    r = await admin.slash(games, "server", starters=players)
    assert f"members with the <@&{players.id}> role" in r.response.content
    r = await alice.slash(games, "spexxx new")
    assert r.ephemeral
    assert r.response.content == (
        f"On this server only members with the <@&{players.id}> role can start games."
    )
    assert lobbies(database) == 0
    player = table.guild.add_member(simcord_env.create_user("dee"), roles=[players])
    r = await player.slash(games, "spexxx new")
    assert not r.ephemeral and lobbies(database) == 1
    r = await admin.slash(side, "spexxx new")  # a manager may start games without the role
    assert not r.ephemeral and lobbies(database) == 2
    r = await admin.slash(games, "server", starters=table.guild.default_role)  # @everyone
    assert "who may start games: **everyone**" in r.response.content
    # one open lobby per member: a second is refused until the first is started or cancelled
    await admin.slash(games, "server", all_channels=True, lobby_limit=1)
    r = await alice.slash(chat, "spexxx new")
    assert not r.ephemeral and lobbies(database) == 3
    third = table.guild.create_text_channel("third")
    r = await alice.slash(third, "spexxx new")
    assert r.ephemeral and r.response.content.startswith(
        "You already host as many open lobbies as this server allows (1):"
    )
    assert f"<#{chat.id}>" in r.response.content and lobbies(database) == 3
    await alice.click(chat.last_message, label="Cancel")
    r = await alice.slash(third, "spexxx new")
    assert not r.ephemeral and lobbies(database) == 3


async def test_the_default_turn_timer_of_a_new_server_and_its_overrides(
    simcord_env, database: TestDb
) -> None:
    table = Table(simcord_env)
    alice, bob = table.players
    admin = admin_of(table, simcord_env)
    lobby = await table.open_lobby()
    assert "Turn timer: 1 day" in lobby.content  # a new server: a day per turn
    await alice.click(lobby, label="Start")
    thread = table.channel.threads[-1]
    assert "runs out" in Table.turn_message(thread).content
    (timer,) = database.one("SELECT turn_timer FROM games WHERE id = 1")
    assert timer == 86400
    await alice.slash(thread, "spexxx cancel")
    # the server switches it off; a game's own default wins over the server's
    await admin.slash(table.channel, "server", timer=0)
    await admin.slash(table.channel, "spexxx settings", timer=900)
    lobby = await table.open_lobby()
    assert "Turn timer: 15 minutes" in lobby.content
    await alice.click(lobby, label="Cancel")
    other = table.guild.create_text_channel("dasspiel")
    await alice.slash(other, "dasspiel new", game="cuibono")
    assert "Turn timer: no timer" in other.last_message.content
    await bob.slash(other, "dasspiel cancel")


async def _version_8(db: TestDb) -> None:
    """The schema as the previous version left it, with a server that had set its language
    and threads, one that only played, and each game's timer: 0 (never set) and 3600."""
    if db.kind == "sqlite":
        import sqlite3

        assert db.path is not None
        with sqlite3.connect(db.path) as conn:
            conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            for version, sql in MIGRATIONS[:8]:
                for statement in sql.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute("INSERT INTO schema_version VALUES (?)", (version,))
    else:
        import asyncpg

        conn = await asyncpg.connect(db.url)
        try:
            await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            for version, sql in POSTGRES_MIGRATIONS[:8]:
                await conn.execute(sql)
                await conn.execute("INSERT INTO schema_version VALUES ($1)", version)
        finally:
            await conn.close()
    assert MIGRATIONS[7][0] == 8
    db.execute("INSERT INTO guild_settings (guild_id, threads, language) VALUES (10, 0, 'nl')")
    db.execute(
        "INSERT INTO game_defaults (guild_id, kind, option, timer) VALUES (10, 'spexxx',"
        " 'children', 0)"
    )
    db.execute(
        "INSERT INTO game_defaults (guild_id, kind, option, timer) VALUES (10,"
        " 'spectrangle', NULL, 3600)"
    )
    db.execute(
        "INSERT INTO games (guild_id, channel_id, host_id, kind, variant, status, players)"
        " VALUES (20, 5, 7, 'spexxx', '', 'cancelled', '[]')"
    )


@EMPTY_DATABASE
async def test_the_migration_carries_each_servers_language_over(database: TestDb) -> None:
    await _version_8(database)
    store = await open_store(database.url, installed())
    try:
        assert await store.schema_version() == MIGRATIONS[-1][0]
        # the server that had chosen Dutch and no threads keeps them, and no default timer
        assert await store.server_settings(10) == ServerSettings(
            10, language="nl", threads=False, turn_timer=0
        )
        # one that only played keeps its games' rule of no timer too
        assert await store.server_settings(20) == ServerSettings(20, turn_timer=0)
        # a server new to the bot: a day per turn
        assert (await store.server_settings(30)).turn_timer == 86400
        defaults = await store.guild_settings(10)
        assert defaults.defaults("spexxx").option == "children"
        assert defaults.defaults("spexxx").timer is None  # "never set": the server's
        assert defaults.defaults("spectrangle").timer == 3600
    finally:
        await store.close()
