"""``/mygames`` through the real bot (issue 26): every running game and open lobby of this server
where you have a seat, of every kind, with links, whose turn and until when, yours first."""

from __future__ import annotations

import re

from locales import translator
from tests.bot.play.test_bot_game import Table
from tests.conftest import ONLY_SQLITE
from tests.lobbies import on_turn, open_game


@ONLY_SQLITE
async def test_mygames_lists_this_servers_games_where_you_sit_yours_to_play_first(
    simcord_env,
    simcord_bot,
    make_bot,
    locales_of,
) -> None:
    """ann plays Spexxx (with a timer) and Cui bono? and waits in a Spectrangle lobby in one
    server; a game she does not sit in, and her game in another server, are not hers here.
    Her list: the game where it is her turn first, with the link to its turn message and
    when the turn runs out, then the other game (whose turn, no timer), then the lobby; the
    same after a restart; in Dutch for a Dutch reader."""
    club = simcord_env.create_guild("Club")
    other = simcord_env.create_guild("Other")
    ann, ben, cy, dee = (
        club.add_member(simcord_env.create_user(n)) for n in ("ann", "ben", "cy", "dee")
    )
    ann_elsewhere = other.add_member(ann)
    channels = [club.create_text_channel(f"t{i}") for i in range(4)]
    spexxx = await open_game(channels[0], ann, [ben], "spexxx new", timer=3600)
    cui = await open_game(channels[1], ben, [ann, cy], "dasspiel new", game="cuibono", timer=0)
    lobby = await open_game(channels[2], ann, [], "spectrangle new", start=False)
    await open_game(channels[3], ben, [cy], "spexxx new")  # not ann's
    await open_game(other.create_text_channel("x"), ann_elsewhere, [], "spexxx new", start=False)
    table = Table(simcord_env, guild=club)  # plays Spexxx turns as people do
    table.players, table.by_id, table.channel = [ann, ben], {ann.id: ann, ben.id: ben}, channels[0]
    thread = channels[0].threads[-1]
    while await on_turn(simcord_bot, club.id, spexxx) != ann.id:
        await table.play_turn(thread)
    turns = {g: await on_turn(simcord_bot, club.id, g) for g in (spexxx, cui)}
    assert turns == {spexxx: ann.id, cui: ben.id}  # hers in one, ben's in the other

    r = await ann.slash(channels[0], "mygames")

    assert r.ephemeral
    (embed,) = r.response.embeds
    lines = embed.description.splitlines()
    assert len(lines) == 3, lines
    ids = [int(re.search(r"#(\d+)", line).group(1)) for line in lines]
    mine_first = sorted((spexxx, cui), key=lambda g: turns[g] != ann.id)
    assert ids == [*mine_first, lobby]
    for line, game_id in zip(lines, ids, strict=True):
        row = await simcord_bot.store.get(club.id, game_id)
        if game_id == lobby:
            assert f"/{club.id}/{row.channel_id}/{row.lobby_message_id}" in line
            continue
        assert f"https://discord.com/channels/{club.id}/{row.play_channel_id}/" in line
        assert str(row.turn_message_id) in line
        if turns[game_id] == ann.id:
            assert "**your turn**" in line
        else:
            assert "your turn" not in line
        if game_id == spexxx:
            assert f"<t:{int(row.turn_due)}:R>" in line
        else:
            assert "no turn timer" in line

    await simcord_env.restart_bot(make_bot())
    locales_of[ann.id] = "nl"
    r = await ann.slash(channels[1], "mygames")
    (embed,) = r.response.embeds
    nl = translator("nl")
    assert embed.title == nl("Your games in this server")
    assert [int(re.search(r"#(\d+)", x).group(1)) for x in embed.description.splitlines()] == ids
    r = await dee.slash(channels[1], "mygames")
    assert r.ephemeral and not r.response.embeds and "/help" in r.response.content


@ONLY_SQLITE
async def test_mygames_with_more_games_than_fit_says_how_many_more(simcord_env) -> None:
    """40 open lobbies of ann's: as many as fit in one embed, then how many more."""
    club = simcord_env.create_guild("Club")
    ann = club.add_member(simcord_env.create_user("ann"))
    channels = [club.create_text_channel(f"c{n}") for n in range(40)]
    for n, channel in enumerate(channels):
        await open_game(channel, ann, [], ("spexxx new", "spectrangle new")[n % 2], start=False)

    r = await ann.slash(channels[0], "mygames")

    (embed,) = r.response.embeds
    assert len(embed.description) <= 4096
    *listed, more = embed.description.splitlines()
    left = int(re.fullmatch(r"…and (\d+) more\.", more).group(1))
    assert len(listed) >= 20 and len(listed) + left == 40
