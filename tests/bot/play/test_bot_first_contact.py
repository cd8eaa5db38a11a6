"""First contact (issue 26): the bot says nothing when it joins a server; its first lobby there
ends with one line pointing to ``/help``, once per server, ever."""

from __future__ import annotations

from bot.flow.greeting import HELP_LINE
from locales import translator
from tests.lobbies import open_game


async def test_the_first_lobby_ever_in_a_server_ends_pointing_to_help(
    simcord_env, make_bot, database
) -> None:
    """The bot says nothing when it joins; its first lobby in a server ends with one line
    pointing to /help, in the server's language; no later lobby there has it, after a restart
    neither; another server's first lobby has its own."""
    club = simcord_env.create_guild("Spellenclub", preferred_locale="nl")
    nl, en = translator("nl"), translator("en")
    first, second, third = (club.create_text_channel(f"c{n}") for n in range(3))
    ann, ben = (club.add_member(simcord_env.create_user(n)) for n in ("ann", "ben"))
    assert not any(c.history() for c in (first, second, third))  # nothing unasked

    await open_game(first, ann, [], "spexxx new", start=False)
    lobby = first.last_message
    assert lobby.content.endswith("\n" + nl(HELP_LINE)) and "`/help`" in nl(HELP_LINE)
    await open_game(second, ben, [], "dasspiel new", start=False, game="cuibono")
    assert "/help" not in second.last_message.content
    await simcord_env.restart_bot(make_bot())
    await open_game(third, ben, [], "spectrangle new", start=False)
    assert "/help" not in third.last_message.content

    elsewhere = simcord_env.create_guild("Elsewhere")
    channel = elsewhere.create_text_channel("games")
    await open_game(channel, elsewhere.add_member(ann), [], "spexxx new", start=False)
    assert channel.last_message.content.endswith("\n" + en(HELP_LINE))


async def test_the_first_lobby_keeps_its_line_while_people_join_and_leave(simcord_env) -> None:
    """The line stays at the end of the first lobby's message as it changes (a join, a
    leave); a later lobby's changes never add it."""
    club = simcord_env.create_guild("Club")
    en = translator("en")
    first, second = (club.create_text_channel(f"c{n}") for n in range(2))
    ann, ben = (club.add_member(simcord_env.create_user(n)) for n in ("ann", "ben"))

    await open_game(first, ann, [ben], "spexxx new", start=False)
    lobby = first.last_message
    assert "ben" in lobby.content and lobby.content.endswith("\n" + en(HELP_LINE))
    r = await ben.click(lobby, label="Leave")
    assert not r.ephemeral
    lobby = first.last_message
    assert "ben" not in lobby.content and lobby.content.endswith("\n" + en(HELP_LINE))
    assert lobby.content.count("/help") == 1

    await open_game(second, ben, [ann], "spectrangle new", start=False)
    assert "ann" in second.last_message.content and "/help" not in second.last_message.content
