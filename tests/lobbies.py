"""Lobbies opened as people open them, for tests of features across games and servers."""

from __future__ import annotations

import re

from bot.adapters import installed


async def open_game(channel, host, joiners, command: str, start: bool = True, **options) -> int:
    """A lobby opened by ``host`` with ``command`` and joined by ``joiners``; started unless
    ``start`` is False. The game's number."""
    r = await host.slash(channel, command, **options)
    assert r.acknowledged and not r.ephemeral, r.response.content
    lobby = channel.last_message
    game_id = int(re.search(r"#(\d+)", lobby.content).group(1))
    for person in joiners:
        r = await person.click(lobby, label="Join")
        assert not r.ephemeral, r.response.content
        lobby = channel.last_message
    if start:
        r = await host.click(lobby, label="Start")
        assert r.acknowledged and not r.ephemeral, r.response.content
    return game_id


async def on_turn(bot, guild_id: int, game_id: int) -> int:
    """The user id of the person whose turn it is, from the store."""
    row = await bot.store.get(guild_id, game_id)
    seat = installed()[row.kind].current(row.game)
    return row.players[seat].user_id
