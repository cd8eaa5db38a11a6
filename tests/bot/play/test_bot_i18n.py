"""A localized flow through the real bot: the server's language, then ``/server``'s override."""

from __future__ import annotations

import discord

from locales import translator
from tests.bot.play.test_bot_game import Table, button
from tests.simtable import find_id


async def test_dutch_server_plays_in_dutch_then_server_settings_switch_to_german(
    simcord_env,
) -> None:
    guild = simcord_env.create_guild("Spellenclub", preferred_locale="nl")
    nl, de = translator("nl"), translator("de")
    channel = guild.create_text_channel("spellen")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "spexxx new", variant="children")
    lobby = channel.last_message
    assert nl("Join") != "Join" and nl("Throw") != de("Throw")  # the catalogs are filled
    assert nl("Seats ({taken}/{max}):", taken=1, max=4) in lobby.content
    assert button(lobby, "spx:join:").label == nl("Join")
    await bob.click(lobby, custom_id=find_id(lobby, "spx:join:"))
    await alice.click(channel.last_message, custom_id=find_id(channel.last_message, "spx:start:"))
    thread = channel.threads[0]
    turn = Table.turn_message(thread)
    assert nl("no throw yet") in turn.content
    assert button(turn, "spx:throw:").label == nl("Throw")

    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    r = await admin.slash(channel, "server", language="de")
    assert r.ephemeral  # the admin's own locale (SimCord: en-US) for the private answer
    assert "Deutsch" in r.response.content
    r = await admin.slash(thread, "spexxx board")
    fresh = Table.turn_message(thread)
    assert de("no throw yet") in fresh.content
    assert button(fresh, "spx:throw:").label == de("Throw")


async def test_commands_are_synced_with_localized_names(simcord_env) -> None:
    synced = [e for e in simcord_env.http_requests if e.method == "PUT" and "/commands" in e.path]
    assert synced, "commands were synced"
    (group,) = [c for c in synced[-1].json if c["name"] == "spexxx"]
    subcommands = {o["name"]: o for o in group["options"]}
    for lang, locale in (("nl", "nl"), ("de", "de"), ("fr", "fr")):
        t = translator(lang)
        assert subcommands["new"]["name_localizations"][locale] == t("new")
        assert subcommands["new"]["description_localizations"][locale] == t(
            "Open a Spexxx lobby in this channel"
        )
        (variant,) = [o for o in subcommands["new"]["options"] if o["name"] == "variant"]
        # a name spelled as in English (Dutch "variant") is simply not localized
        assert variant.get("name_localizations", {}).get(locale, "variant") == t("variant")
    assert translator("nl")("new") != "new"
