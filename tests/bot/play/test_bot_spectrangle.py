"""Spectrangle played through the real bot in SimCord, as people play it: lobby, tiles,
rotations, fields, pass and exchange, computers, teams, restarts, stale clicks, and a Spexxx game
beside it in the same channel. Scores are checked against the engine replaying the stored log."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from games.spectrangle import Game, Setup, event_from_dict
from tests.databases import TestDb, as_db
from tests.simtable import component_ids, find_id, has_id, read_png, select_options

MENTION = re.compile(r"<@(\d+)>")
TURN_PREFIXES = tuple(f"spc:{k}:" for k in ("tile", "rotate", "field", "exchange", "pass"))


def stored(db: Path | TestDb, game_id: int) -> dict[str, Any]:
    db = as_db(db)
    kind, status, setup, state, note = db.one(
        "SELECT kind, status, setup, state, note FROM games WHERE id = ?", (game_id,)
    )
    events = [
        json.loads(e)
        for (e,) in db.rows(
            "SELECT event FROM game_events WHERE game_id = ? ORDER BY seq", (game_id,)
        )
    ]
    return {
        "kind": kind,
        "status": status,
        "setup": json.loads(setup) if setup else None,
        "state": json.loads(state) if state else None,
        "events": events,
        "note": note,
    }


def replayed(database: TestDb | TestDb, game_id: int) -> Game:
    """The engine's own game, rebuilt from the stored setup and log."""
    data = stored(database, game_id)
    return Game.replay(Setup.from_dict(data["setup"]), [event_from_dict(e) for e in data["events"]])


class SpcTable:
    """People around one channel playing Spectrangle."""

    def __init__(self, env, names=("alice", "bob"), guild=None, channel=None):
        self.env = env
        self.guild = guild or env.create_guild()
        self.channel = channel or self.guild.create_text_channel("games")
        self.players = [self.guild.add_member(env.create_user(n)) for n in names]
        self.by_id = {p.id: p for p in self.players}

    async def start(self, *, computers=(), teams=False, joiners=None, timer=None):
        host = self.players[0]
        options: dict[str, Any] = {"teams": "teams"} if teams else {}
        if timer is not None:
            options["timer"] = timer
        r = await host.slash(self.channel, "spectrangle new", **options)
        assert r.acknowledged and not r.ephemeral, r.response.content if r.response else r
        lobby = self.channel.last_message
        assert "Spectrangle lobby" in lobby.content
        for p in joiners if joiners is not None else self.players[1:]:
            r = await p.click(lobby, label="Join")
            assert not r.ephemeral, r.response.content if r.response else r
            lobby = self.channel.last_message
        for level in computers:
            r = await host.select(lobby, [level], custom_id=find_id(lobby, "spc:addai:"))
            assert not r.ephemeral, r.response.content if r.response else r
            lobby = self.channel.last_message
        r = await host.click(lobby, label="Start")
        assert r.acknowledged and not (r.ephemeral), r.response.content if r.response else r
        self.game_id = int(re.search(r"#(\d+)", lobby.content).group(1))  # type: ignore[union-attr]
        return self.channel.threads[-1] if self.channel.threads else self.channel

    @staticmethod
    def turn_message(where) -> discord.Message | None:
        for message in reversed(where.history()):
            if any(cid.startswith(TURN_PREFIXES) for cid in component_ids(message)):
                return message
        return None

    def on_turn(self, message: discord.Message):
        match = MENTION.search(message.content)
        assert match, message.content
        return self.by_id[int(match.group(1))]

    async def play_turn(self, where, *, pick: int = 0) -> str:
        """The person on turn lays a tile (their ``pick``-th fitting tile, its first rotation
        and field), or exchanges, or passes; returns what they did."""
        message = self.turn_message(where)
        assert message is not None
        player = self.on_turn(message)
        if has_id(message, "spc:tile:"):
            tiles = select_options(message, "spc:tile:")
            choice = tiles[pick % len(tiles)].value
            r = await player.select(message, [choice], custom_id=find_id(message, "spc:tile:"))
            assert not r.ephemeral, r.response.content
            message = self.turn_message(where)
            assert message is not None
            fields = select_options(message, "spc:field:")
            r = await player.select(
                message, [fields[0].value], custom_id=find_id(message, "spc:field:")
            )
            assert not r.ephemeral, r.response.content
            return "place"
        if has_id(message, "spc:exchange:"):
            tiles = select_options(message, "spc:exchange:")
            r = await player.select(
                message, [tiles[0].value], custom_id=find_id(message, "spc:exchange:")
            )
            assert not r.ephemeral, r.response.content
            return "exchange"
        r = await player.click(message, custom_id=find_id(message, "spc:pass:"))
        assert not r.ephemeral, r.response.content
        return "pass"

    async def play_to_end(self, database: TestDb, where, limit: int = 200) -> dict[str, int]:
        done: dict[str, int] = {}
        for _ in range(limit):
            if stored(database, self.game_id)["status"] != "running":
                return done
            kind = await self.play_turn(where)
            done[kind] = done.get(kind, 0) + 1
        raise AssertionError(f"no end after {limit} turns")


def final_scores(message: discord.Message) -> list[int]:
    return [int(n) for n in re.findall(r"\*\*(-?\d+) points?\*\*", message.content)]


async def check_end(database: TestDb, table: SpcTable, where) -> Game:
    data = stored(database, table.game_id)
    assert data["kind"] == "spectrangle" and data["status"] == "finished"
    game = replayed(database, table.game_id)
    assert game.finished and game.state.to_dict() == data["state"]
    final = where.last_message
    assert "Spectrangle #" in final.content and "is over" in final.content
    shown = game.team_scores or game.scores  # a team game: one line per team, its total
    assert sorted(final_scores(final), reverse=True) == sorted(shown, reverse=True)
    image = await read_png(final)
    assert image.width >= 800
    assert table.turn_message(where) is None or not component_ids(table.turn_message(where))
    return game


@pytest.mark.simcord(settle_timeout=60)
async def test_two_players_play_a_whole_game(simcord_env, database: TestDb) -> None:
    table = SpcTable(simcord_env)
    thread = await table.start()
    assert thread.name.startswith("Spectrangle #1")
    first = table.turn_message(thread)
    assert first is not None and first.attachments  # the board with every hand
    assert "starts" in thread.history()[0].content or "first" in thread.history()[0].content
    done = await table.play_to_end(database, thread)
    assert done["place"] >= 10
    game = await check_end(database, table, thread)
    assert len(game.scores) == 2


@pytest.mark.simcord(settle_timeout=120)
async def test_three_players_with_a_computer(simcord_env, database: TestDb) -> None:
    table = SpcTable(simcord_env, names=("alice", "bob", "cy"))
    thread = await table.start(computers=("hard",), joiners=table.players[1:2])
    await table.play_to_end(database, thread)
    game = await check_end(database, table, thread)
    assert len(game.scores) == 3
    seats = [e["seat"] for e in stored(database, table.game_id)["events"] if "seat" in e]
    assert 2 in seats  # the computer played its own turns


@pytest.mark.simcord(settle_timeout=120)
async def test_four_players_in_teams(simcord_env, database: TestDb) -> None:
    table = SpcTable(simcord_env, names=("alice", "bob", "cy", "dee"))
    thread = await table.start(teams=True)
    assert stored(database, table.game_id)["setup"]["teams"] is True
    await table.play_to_end(database, thread)
    game = await check_end(database, table, thread)
    assert game.team_scores is not None
    assert str(game.team_scores[0]) in thread.last_message.content


async def test_teams_need_four_players(simcord_env) -> None:
    table = SpcTable(simcord_env, names=("alice", "bob", "cy"))
    host = table.players[0]
    await host.slash(table.channel, "spectrangle new", teams="teams")
    lobby = table.channel.last_message
    for p in table.players[1:]:
        await p.click(lobby, label="Join")
        lobby = table.channel.last_message
    r = await host.click(lobby, label="Start")
    assert r.ephemeral and "4" in r.response.content


@pytest.mark.simcord(settle_timeout=120)
async def test_one_person_against_computers_of_every_level(simcord_env, database: TestDb) -> None:
    table = SpcTable(simcord_env, names=("alice",))
    thread = await table.start(computers=("easy", "normal", "hard"))
    await table.play_to_end(database, thread)
    await check_end(database, table, thread)


async def test_rotations_fields_hint_and_stale_clicks(simcord_env, database: TestDb) -> None:
    table = SpcTable(simcord_env)
    thread = await table.start()
    message = table.turn_message(thread)
    player = table.on_turn(message)
    other = next(p for p in table.players if p is not player)
    # the first move: 27 fields for a tile in one rotation do not fit one select
    tiles = select_options(message, "spc:tile:")
    assert 1 <= len(tiles) <= 4
    r = await player.select(message, [tiles[0].value], custom_id=find_id(message, "spc:tile:"))
    chosen = table.turn_message(thread)
    field_selects = [c for c in component_ids(chosen) if c.startswith("spc:field:")]
    options = sum(len(select_options(chosen, c)) for c in field_selects)
    assert all(len(select_options(chosen, c)) <= 25 for c in field_selects)
    if options > 25:
        assert len(field_selects) == 2
    rotations = [c for c in component_ids(chosen) if c.startswith("spc:rotate:")]
    assert 1 <= len(rotations) <= 3
    # someone else may not lay the tile
    r = await other.select(
        chosen, [select_options(chosen, field_selects[0])[0].value], custom_id=field_selects[0]
    )
    assert r.ephemeral and "turn" in r.response.content
    # a hint is private
    r = await player.click(chosen, custom_id=find_id(chosen, "spc:hint:"))
    assert r.ephemeral and "💡" in r.response.content
    before = stored(database, table.game_id)
    assert before["events"] == []
    # lay it; the same select clicked again is told the first click counted
    value = select_options(chosen, field_selects[0])[0].value
    r = await player.select(chosen, [value], custom_id=field_selects[0])
    assert not r.ephemeral
    assert len(stored(database, table.game_id)["events"]) == 1
    old = await _repost_old(simcord_env, thread, field_selects[0], value)
    r = await player.select(old, [value], custom_id=field_selects[0])
    assert r.ephemeral
    assert len(stored(database, table.game_id)["events"]) == 1  # nothing happened twice
    # forged ids change nothing
    for forged in ("spc:field:1:v0:ZZZ:0:0", "spc:rotate:1:v1:AAA:9", "spc:pass:1:v1"):
        msg = await _post_button(simcord_env, thread, forged)
        r = await other.click(msg, custom_id=forged)  # now on turn
        assert r.ephemeral and "went wrong" not in r.response.content
    assert len(stored(database, table.game_id)["events"]) == 1


async def _post_button(env, where, custom_id: str) -> discord.Message:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="old", custom_id=custom_id))
    await env.bot.get_channel(where.id).send("old", view=view)
    return where.last_message


async def _repost_old(env, where, custom_id: str, value: str) -> discord.Message:
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Select(
            custom_id=custom_id, options=[discord.SelectOption(label=value, value=value)]
        )
    )
    await env.bot.get_channel(where.id).send("old", view=view)
    return where.last_message


async def test_restart_mid_turn_keeps_the_chosen_screen_working(
    simcord_env, make_bot, database: TestDb
) -> None:
    table = SpcTable(simcord_env)
    thread = await table.start()
    message = table.turn_message(thread)
    player = table.on_turn(message)
    tiles = select_options(message, "spc:tile:")
    await player.select(message, [tiles[0].value], custom_id=find_id(message, "spc:tile:"))
    chosen = table.turn_message(thread)
    field = find_id(chosen, "spc:field:")
    value = select_options(chosen, field)[0].value
    await simcord_env.restart_bot(make_bot())
    r = await player.select(chosen, [value], custom_id=field)
    assert not r.ephemeral, r.response.content
    assert len(stored(database, table.game_id)["events"]) == 1
    await table.play_turn(thread)  # and the game goes on
    assert len(stored(database, table.game_id)["events"]) == 2


@pytest.mark.simcord(settle_timeout=60)
async def test_spexxx_and_spectrangle_in_one_channel(simcord_env, database: TestDb) -> None:
    from tests.bot.play.test_bot_game import Table

    spexxx = Table(simcord_env)
    spx_thread = await spexxx.start()
    spectrangle = SpcTable(
        simcord_env, guild=spexxx.guild, channel=spexxx.channel, names=("cy", "dee")
    )
    spc_thread = await spectrangle.start()
    assert spx_thread.id != spc_thread.id
    # each thread's commands mean its own game
    r = await spexxx.players[0].slash(spc_thread, "spexxx board")
    assert r.ephemeral and "Spectrangle" in r.response.content
    r = await spectrangle.players[0].slash(spc_thread, "spectrangle board")
    assert not r.ephemeral
    await spexxx.play_turn(spx_thread)
    await spectrangle.play_turn(spc_thread)
    r = await spexxx.players[0].slash(spexxx.channel, "spectrangle games")
    assert r.ephemeral and "**#2**" in r.response.content and "**#1**" not in r.response.content
    r = await spexxx.players[0].slash(spexxx.channel, "spexxx games")
    assert "**#1**" in r.response.content and "**#2**" not in r.response.content
    # a running game's record would show the bag: only finished games are exported
    r = await spectrangle.players[0].slash(spc_thread, "spectrangle export")
    assert r.ephemeral and "still running" in r.response.content
    await spectrangle.play_to_end(database, spc_thread)
    r = await spectrangle.players[0].slash(spc_thread, "spectrangle export")
    assert r.ephemeral and r.response.attachments
    data = json.loads(await r.response.attachments[0].read())
    assert data["format"].startswith("spectrangle-record")
    # stats and ratings are per game
    r = await spectrangle.players[0].slash(spexxx.channel, "spectrangle stats")
    assert not r.ephemeral and r.response.embeds
    r = await spectrangle.players[0].slash(spexxx.channel, "spexxx stats")
    assert r.ephemeral and "no finished Spexxx game" in r.response.content


async def test_a_turn_timer_reminds_then_the_computer_lays_for_the_player(
    simcord_env, database: TestDb
) -> None:
    table = SpcTable(simcord_env)
    thread = await table.start(timer=120)
    first = table.turn_message(thread)
    assert first is not None and "<t:" in first.content  # the deadline is shown
    await simcord_env.advance_time(70)  # past half time: one reminder with a mention
    reminded = [m for m in thread.history() if "still your turn in Spectrangle" in m.content]
    assert len(reminded) == 1
    await simcord_env.advance_time(60)  # expired: the normal computer lays for them
    data = stored(database, table.game_id)
    assert len(data["events"]) == 1 and data["events"][0]["type"] in ("place", "pass", "exchange")
    assert any("Time ran out" in m.content for m in thread.history())
    assert table.turn_message(thread) is not None  # the next player's turn is posted
    await table.play_turn(thread)
    assert len(stored(database, table.game_id)["events"]) == 2
