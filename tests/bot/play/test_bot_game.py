"""Spexxx played through the real bot in SimCord: lobby, turns, placing, end, restarts, faults."""

from __future__ import annotations

import json
import re
from pathlib import Path

import discord
import pytest

from tests.databases import TestDb, as_db
from tests.simtable import (
    ScriptedDice,
    component_ids,
    find_id,
    has_id,
    read_png,
    select_options,
)

TURN_PREFIXES = tuple(
    f"spx:{k}:" for k in ("die", "throw", "place", "back", "discard", "zone", "sq")
)
MENTION = re.compile(r"<@(\d+)>, your turn")
RESULT = re.compile(r"placed a cube on|had to discard")  # a turn's result line


class Table:
    """Players around one channel; helpers click what a person would click."""

    def __init__(self, env, names=("alice", "bob"), channel_overwrites=None, guild=None):
        self.env = env
        self.guild = guild or env.create_guild()
        overwrites = None
        if channel_overwrites is not None:
            overwrites = {self.guild.me: channel_overwrites}
        self.channel = self.guild.create_text_channel("games", overwrites=overwrites)
        self.players = [self.guild.add_member(env.create_user(n)) for n in names]
        self.by_id = {p.id: p for p in self.players}

    async def open_lobby(self, variant: str | None = None, joiners=None):
        host = self.players[0]
        options = {} if variant is None else {"variant": variant}
        r = await host.slash(self.channel, "spexxx new", **options)
        assert r.acknowledged and not r.ephemeral
        lobby = self.channel.last_message
        for p in joiners if joiners is not None else self.players[1:]:
            r = await p.click(lobby, label="Join")
            assert not r.ephemeral, r.response.content if r.response else r
            lobby = self.channel.last_message
        return lobby

    async def start(self, variant: str | None = None):
        lobby = await self.open_lobby(variant)
        r = await self.players[0].click(lobby, label="Start")
        assert r.acknowledged
        threads = self.channel.threads
        return threads[-1] if threads else self.channel

    @staticmethod
    def turn_message(where) -> discord.Message:
        for message in reversed(where.history()):
            if any(cid.startswith(TURN_PREFIXES) for cid in component_ids(message)):
                return message
        raise AssertionError("no turn message")

    def on_turn(self, message: discord.Message):
        match = MENTION.search(message.content)
        assert match, message.content
        return self.by_id[int(match.group(1))]

    async def thrown(self, where):
        """The player on turn throws once; returns (player, turn message)."""
        message = self.turn_message(where)
        player = self.on_turn(message)
        await player.click(message, custom_id=find_id(message, "spx:throw:"))
        return player, self.turn_message(where)

    async def play_turn(self, where, *, hold_first_two: bool = False, square: str | None = None):
        """Throw (maybe hold and throw again), then place on ``square`` or the first option."""
        player, message = await self.thrown(where)
        if hold_first_two:
            for die in (0, 1):
                die_id = [c for c in component_ids(message) if c.startswith("spx:die:")][die]
                await player.click(message, custom_id=die_id)
                message = self.turn_message(where)
            await player.click(message, custom_id=find_id(message, "spx:throw:"))
            message = self.turn_message(where)
        if has_id(message, "spx:discard:"):
            await player.click(message, custom_id=find_id(message, "spx:discard:"))
            return player, None
        await player.click(message, custom_id=find_id(message, "spx:place:"))
        message = self.turn_message(where)
        if has_id(message, "spx:zone:"):
            zone_id = find_id(message, "spx:zone:")
            await player.select(
                message, [select_options(message, "spx:zone:")[0].value], custom_id=zone_id
            )
            message = self.turn_message(where)
        sq_id = find_id(message, "spx:sq:")
        choice = square or select_options(message, "spx:sq:")[0].value
        await player.select(message, [choice], custom_id=sq_id)
        return player, choice


def button(message: discord.Message, prefix: str):
    for row in message.components:
        for child in row.children:
            if getattr(child, "custom_id", "").startswith(prefix):
                return child
    raise AssertionError(prefix)


def stored(db: Path | TestDb, game_id: int = 1) -> dict:
    """What the store holds of a game (``db``: the SQLite file or the test's database)."""
    db = as_db(db)
    status, state, players = db.one(
        "SELECT status, state, players FROM games WHERE id = ?", (game_id,)
    )
    (events,) = db.one("SELECT COUNT(*) FROM game_events WHERE game_id = ?", (game_id,))
    return {
        "status": status,
        "state": json.loads(state) if state else None,
        "players": json.loads(players),
        "events": events,
    }


async def finish_game(table: Table, where, limit: int = 200) -> int:
    turns = 0
    while turns < limit:
        try:
            table.turn_message(where)
        except AssertionError:
            return turns
        await table.play_turn(where, hold_first_two=turns % 3 == 0)
        turns += 1
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ lobby


async def test_lobby_join_leave_start_rules(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "carol", "dave", "erin"))
    alice, bob, carol, dave, erin = table.players
    lobby = await table.open_lobby(joiners=[])
    assert "Spexxx lobby #1" in lobby.content and "alice" in lobby.content

    assert button(lobby, "spx:start:").disabled  # a lone host cannot start
    r = await alice.click(lobby, label="Join")
    assert r.ephemeral and "already joined" in r.response.content
    for p in (bob, carol, dave):
        await p.click(table.channel.last_message, label="Join")
    lobby = table.channel.last_message
    assert "Seats (4/4)" in lobby.content
    assert button(lobby, "spx:join:").disabled
    r = await bob.click(lobby, label="Start")
    assert r.ephemeral and "Only the host" in r.response.content
    r = await bob.click(lobby, label="Cancel")
    assert r.ephemeral and "Only the host" in r.response.content
    await dave.click(lobby, label="Leave")
    lobby = table.channel.last_message
    assert "Seats (3/4)" in lobby.content and "dave" not in lobby.content
    r = await erin.click(lobby, label="Leave")
    assert r.ephemeral and "not in this lobby" in r.response.content
    assert stored(table.env.bot.database)["status"] == "lobby"


async def test_host_leaving_passes_the_lobby_on_and_empty_lobby_closes(simcord_env, database):
    table = Table(simcord_env)
    alice, bob = table.players
    lobby = await table.open_lobby()
    await alice.click(lobby, label="Leave")
    lobby = table.channel.last_message
    assert "bob (host)" in lobby.content
    await bob.click(lobby, label="Leave")
    assert "everyone left" in table.channel.last_message.content
    assert stored(database)["status"] == "cancelled"


async def test_second_lobby_in_same_channel_is_refused(simcord_env):
    table = Table(simcord_env)
    await table.open_lobby()
    r = await table.players[1].slash(table.channel, "spexxx new")
    assert r.ephemeral and "still open" in r.response.content


# ------------------------------------------------------------ whole games


async def test_full_two_player_game_to_the_final_standings(simcord_env, database):
    table = Table(simcord_env)
    thread = await table.start()
    assert thread is not table.channel and thread.name == "Spexxx #1 · alice vs bob"
    intro = thread.history()[0].content
    assert "Roll-off" in intro and "throws first" in intro

    first = table.turn_message(thread)
    image = await read_png(first)
    assert image.width >= 1200
    assert "no throw yet" in first.content

    turns = await finish_game(table, thread)
    assert turns == 46  # 23 cubes each, placed or discarded

    final = thread.last_message
    assert "is over" in final.content and "🏆" in final.content
    final_png = await read_png(final)
    assert final_png.width >= 1000
    data = stored(database)
    assert data["status"] == "finished" and data["state"]["current"] is None
    scores = data["state"]["scores"]
    assert sum(data["state"]["cubes_left"]) == 0
    for seat, score in enumerate(scores):
        assert f"**{score} point" in final.content, (seat, score, final.content)
    # every turn left one result line, without controls, and no other message repeats it
    results = [m for m in thread.history() if RESULT.search(m.content)]
    assert len(results) == 46
    assert not any(component_ids(m) for m in results)


@pytest.mark.parametrize("seats", [3, 4])
async def test_three_and_four_player_starts(simcord_env, seats):
    names = ("ann", "ben", "cy", "dee")[:seats]
    table = Table(simcord_env, names=names)
    thread = await table.start()
    assert thread.name == "Spexxx #1 · " + " vs ".join(names)
    cubes = {3: 18, 4: 16}[seats]
    message = table.turn_message(thread)
    assert message.content.count(f"{cubes} cubes") == seats
    # one full round passes through every seat in order
    order = []
    for _ in range(seats):
        player, _square = await table.play_turn(thread)
        order.append(names.index(player.name))
    start = order[0]
    assert order == [(start + i) % seats for i in range(seats)]


async def test_children_variant(simcord_env):
    table = Table(simcord_env)
    lobby = await table.open_lobby("children")
    assert "children game" in lobby.content
    await table.players[0].click(lobby, label="Start")
    thread = table.channel.threads[0]
    assert table.turn_message(thread).content.count("12 cubes") == 2
    assert await finish_game(table, thread) == 24


async def test_gold_throw_places_through_two_selects(simcord_env, dice: ScriptedDice):
    table = Table(simcord_env)
    thread = await table.start()
    dice.script((6, 6, 6, 6, 6))
    player, message = await table.thrown(thread)
    assert "allow 174 empty squares" in message.content
    await player.click(message, custom_id=find_id(message, "spx:place:"))
    message = table.turn_message(thread)
    assert not has_id(message, "spx:sq:")  # too many squares: a zone first
    zones = select_options(message, "spx:zone:")
    assert len(zones) <= 25 and all(int(o.label.split(" · ")[1].split()[0]) <= 25 for o in zones)
    silver = next(o for o in zones if o.label.startswith("silver"))
    await player.select(message, [silver.value], custom_id=find_id(message, "spx:zone:"))
    message = table.turn_message(thread)
    options = select_options(message, "spx:sq:")
    assert [o.value for o in options][:3] == ["S1", "T2", "U3"]
    assert options[0].label == "S1 · five in a row · silver 8"
    await player.select(message, ["M7"], custom_id=find_id(message, "spx:sq:"))
    result = thread.history()[-2]
    assert "**M7**" in result.content and not component_ids(result)
    assert "**M7**" not in table.turn_message(thread).content  # the result is shown once


async def test_forced_discard(simcord_env, dice: ScriptedDice, database):
    table = Table(simcord_env)
    thread = await table.start()
    dice.always = (1, 1, 1, 1, 2)  # allows only B1, G2, M2 and S2 (set after the roll-off)
    for _ in range(4):
        _player, square = await table.play_turn(thread)
        assert square in {"B1", "G2", "M2", "S2"}
    player, message = await table.thrown(thread)
    assert has_id(message, "spx:discard:") and not has_id(message, "spx:place:")
    assert "No empty square is allowed" in message.content
    for _ in range(3):
        await player.click(message, custom_id=find_id(message, "spx:throw:"))
        message = table.turn_message(thread)
    assert "you must discard" in message.content
    assert not has_id(message, "spx:place:")
    await player.click(message, custom_id=find_id(message, "spx:discard:"))
    assert "had to discard" in thread.history()[-2].content
    assert stored(database)["state"]["discards"][int(player is table.players[1])] in (0, 1)
    assert sum(stored(database)["state"]["discards"]) == 1


# --------------------------------------------------------- restart safety


async def test_restart_mid_turn_keeps_held_dice_and_buttons(simcord_env, database, make_bot):
    table = Table(simcord_env)
    thread = await table.start()
    player, message = await table.thrown(thread)
    die_ids = [c for c in component_ids(message) if c.startswith("spx:die:")]
    await player.click(message, custom_id=die_ids[0])
    message = table.turn_message(thread)
    die_ids = [c for c in component_ids(message) if c.startswith("spx:die:")]
    await player.click(message, custom_id=die_ids[2])
    message = table.turn_message(thread)
    before = stored(database)["state"]
    assert before["held"] == [0, 2] and len(before["throws"]) == 1

    await simcord_env.restart_bot(make_bot())

    message = table.turn_message(thread)
    await player.click(message, custom_id=find_id(message, "spx:throw:"))
    after = stored(database)["state"]
    assert len(after["throws"]) == 2
    first, second = after["throws"]
    assert first[0] == second[0] and first[2] == second[2]  # held dice kept their values
    await finish_game(table, thread)
    assert stored(database)["status"] == "finished"


# ----------------------------------------------------- rules of engagement


async def test_wrong_player_and_outsider_clicks_change_nothing(simcord_env, database):
    table = Table(simcord_env, names=("alice", "bob", "eve"))
    lobby = await table.open_lobby(joiners=[table.players[1]])
    await table.players[0].click(lobby, label="Start")
    thread = table.channel.threads[0]
    message = table.turn_message(thread)
    on_turn = table.on_turn(message)
    other = table.players[1] if on_turn is table.players[0] else table.players[0]
    eve = table.players[2]
    before = stored(database)
    r = await other.click(message, custom_id=find_id(message, "spx:throw:"))
    assert r.ephemeral and "turn, not yours" in r.response.content
    r = await eve.click(message, custom_id=find_id(message, "spx:throw:"))
    assert r.ephemeral and "not playing in this game" in r.response.content
    assert stored(database) == before
    assert table.turn_message(thread).content == message.content


async def test_double_click_applies_once(simcord_env, database):
    """A second click that carries the same (now stale) Throw button is refused.

    SimCord runs one operation at a time, so the double click is reproduced the way it reaches
    the bot in real life: the message still shows the old button when the second click lands
    (here because Discord failed the first update).
    """
    table = Table(simcord_env)
    thread = await table.start()
    message = table.turn_message(thread)
    player = table.on_turn(message)
    throw_id = find_id(message, "spx:throw:")
    simcord_env.inject_error("POST", "/interactions/*/*/callback", status=500)
    await player.click(message, custom_id=throw_id)
    assert find_id(table.turn_message(thread), "spx:throw:") == throw_id  # not updated
    r = await player.click(table.turn_message(thread), custom_id=throw_id)
    assert r.ephemeral and "dice have changed" in r.response.content
    assert len(stored(database)["state"]["throws"]) == 1


async def test_stale_click_from_an_earlier_turn(simcord_env, database):
    table = Table(simcord_env)
    thread = await table.start()
    player, message = await table.thrown(thread)
    await player.click(message, custom_id=find_id(message, "spx:place:"))
    message = table.turn_message(thread)
    old_ids = component_ids(message)
    # Discord fails the update that would remove the old buttons, and refuses the edit through
    # the channel too; the move still counts
    simcord_env.inject_error("POST", "/interactions/*/*/callback", status=500)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=403)
    option = select_options(message, "spx:sq:")[0].value
    await player.select(message, [option], custom_id=find_id(message, "spx:sq:"))
    state = stored(database)["state"]
    assert len(state["history"]) == 1
    old = next(m for m in thread.history() if component_ids(m) == old_ids)
    before = stored(database)
    r = await player.click(old, custom_id=find_id(old, "spx:back:"))
    assert r.ephemeral and "earlier turn" in r.response.content
    assert stored(database) == before


async def test_click_after_the_game_ended(simcord_env, database):
    table = Table(simcord_env)
    thread = await table.start("children")
    for _ in range(23):
        await table.play_turn(thread)
    player, message = await table.thrown(thread)
    await player.click(message, custom_id=find_id(message, "spx:place:"))
    message = table.turn_message(thread)
    simcord_env.inject_error("POST", "/interactions/*/*/callback", status=500)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=403)  # buttons left over
    option = select_options(message, "spx:sq:")[0].value
    await player.select(message, [option], custom_id=find_id(message, "spx:sq:"))
    assert stored(database)["status"] == "finished"
    assert "is over" in thread.last_message.content
    leftover = next(m for m in thread.history() if has_id(m, "spx:back:"))
    r = await player.click(leftover, custom_id=find_id(leftover, "spx:back:"))
    assert r.ephemeral and "This game is over" in r.response.content


# ------------------------------------------------- permissions and faults


async def test_missing_thread_permissions_play_in_channel(simcord_env):
    table = Table(
        simcord_env,
        channel_overwrites=discord.PermissionOverwrite(create_public_threads=False),
    )
    where = await table.start()
    assert where is table.channel and not table.channel.threads
    texts = [m.content for m in table.channel.history()]
    assert any("Create Public Threads" in t for t in texts)
    await table.play_turn(table.channel)
    assert sum(bool(RESULT.search(m.content)) for m in table.channel.history()) == 1
    assert "your turn" in table.turn_message(table.channel).content


async def test_injected_500_on_edit_then_board_recovers(simcord_env, database, dice):
    table = Table(simcord_env)
    thread = await table.start()
    dice.script((1, 2, 3, 4, 6))  # a straight: fewer than 26 squares, so one square select
    message = table.turn_message(thread)
    player = table.on_turn(message)
    simcord_env.inject_error("POST", "/interactions/*/*/callback", status=500)
    r = await player.click(message, custom_id=find_id(message, "spx:throw:"))
    assert len(stored(database)["state"]["throws"]) == 1  # saved before Discord failed
    assert "no throw yet" in table.turn_message(thread).content  # the edit did not happen
    r = await player.slash(thread, "spexxx board")
    assert r.acknowledged
    fresh = table.turn_message(thread)
    assert "throw 1 of 4" in fresh.content and fresh.id != message.id
    assert message.id not in [m.id for m in thread.history()]  # the board took its place
    await read_png(fresh)
    await player.click(fresh, custom_id=find_id(fresh, "spx:place:"))
    placing = table.turn_message(thread)
    allowed = int(re.search(r"These dice allow (\d+) empty squares", fresh.content).group(1))
    assert not has_id(placing, "spx:zone:")
    assert len(select_options(placing, "spx:sq:")) == allowed <= 25


# ------------------------------------------------------- slash commands


async def test_resign_cancel_games_rules(simcord_env, database):
    table = Table(simcord_env, names=("alice", "bob", "carol"))
    thread = await table.start()
    alice, bob, carol = table.players
    r = await alice.slash(table.channel, "spexxx games")
    assert r.ephemeral and "#1" in r.response.content and thread.mention in r.response.content
    r = await alice.slash(thread, "spexxx rules")
    assert r.ephemeral and "Spexxx" in r.response.content and r.response.attachments

    r = await carol.slash(thread, "spexxx resign")
    assert not r.ephemeral and "resigned" in r.response.content
    state = stored(database)["state"]
    assert state["resigned"] == [False, False, True] and state["current"] is not None
    message = table.turn_message(thread)
    assert table.on_turn(message) is not carol
    r = await bob.slash(thread, "spexxx cancel")
    assert r.ephemeral and "Only the host" in r.response.content
    r = await alice.slash(thread, "spexxx cancel")
    assert "cancelled" in r.response.content
    assert stored(database)["status"] == "cancelled"
    r = await alice.slash(thread, "spexxx board")
    assert r.ephemeral and "Spexxx #1** was cancelled" in r.response.content


async def test_resign_down_to_one_player_ends_the_game(simcord_env, database):
    table = Table(simcord_env)
    thread = await table.start()
    await table.play_turn(thread)
    r = await table.players[1].slash(thread, "spexxx resign")
    assert "resigned" in r.response.content
    data = stored(database)
    assert data["status"] == "finished" and data["state"]["current"] is None
    final = thread.last_message
    assert "is over" in final.content and "alice" in final.content.split("🏆")[1]


async def test_manage_server_can_cancel(simcord_env, database):
    table = Table(simcord_env)
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    thread = await table.start()
    r = await mod.slash(thread, "spexxx cancel")
    assert not r.ephemeral and "cancelled" in r.response.content
    assert stored(database)["status"] == "cancelled"


async def test_without_attach_files_the_game_goes_on_with_a_note(simcord_env):
    table = Table(simcord_env, channel_overwrites=discord.PermissionOverwrite(attach_files=False))
    thread = await table.start()
    message = table.turn_message(thread)
    assert not message.attachments and "Attach Files" in message.content
    await table.play_turn(thread)
    message = table.turn_message(thread)
    assert not message.attachments and "your turn" in message.content
    assert sum(bool(RESULT.search(m.content)) for m in thread.history()) == 1


async def test_discord_failing_to_open_a_thread_is_not_blamed_on_permissions(simcord_env):
    table = Table(simcord_env)
    simcord_env.inject_error("POST", "/channels/*/messages/*/threads", status=500)
    where = await table.start()
    assert where is table.channel
    texts = [m.content for m in table.channel.history()]
    assert any("Discord could not open a thread just now" in t for t in texts)
    assert not any("Create Public Threads" in t for t in texts)
    await table.play_turn(table.channel)
