"""Abquetschen played through the real bot in SimCord (``/dasspiel new game:abquetschen``):
the roll, the build select (pages when more than 25), the preview, bonus dice, computers,
timers, a restart mid-turn, stale and foreign clicks, resigning, stats, export and Dutch.
Scores are checked against the engine replaying the stored log."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.adapters import installed
from games.das_spiel.__main__ import main as replay_main
from tests.bot.play.test_bot_spectrangle import _post_button
from tests.dastable import DasTable, disabled, has, replayed, stored
from tests.simtable import component_ids, find_id, read_png, select_options


class AbqTable(DasTable):
    def __init__(self, env, names=("alice", "bob", "cy"), guild=None):
        super().__init__(env, "abquetschen", "abq", names, guild)
        self.bonus_built = 0

    async def play_turn(self, where, *, bonus: bool = True) -> None:
        """The person on turn builds the first build offered (one with bonus dice if there is
        one and ``bonus``), with its first bonus group, and confirms."""
        message = self.turn_message(where)
        assert message is not None
        player = self.on_turn(message)
        if has(message, "abq", "page") and not has(message, "abq", "pick"):
            message = await self.choose(player, where, "page")
        cid = find_id(message, "abq:pick:")
        options = select_options(message, cid)
        pick = next(
            (
                i
                for i, o in enumerate(options)
                if bonus and o.description and "bonus" in o.description
            ),
            0,
        )
        message = await self.choose(player, where, "pick", pick)
        if has(message, "abq", "bonus"):
            message = await self.choose(player, where, "bonus")
            self.bonus_built += 1
        before = len(stored_events(self))
        r = await self.click(player, where, "build", label="Build")
        assert not r.ephemeral, r.response.content
        assert len(stored_events(self)) > before

    async def play_to_end(self, db_path: Path, where, limit: int = 200) -> int:
        for turn in range(limit):
            if self.status(db_path) != "running":
                return turn
            await self.play_turn(where)
        raise AssertionError(f"no end after {limit} turns")


def stored_events(table: AbqTable) -> list[dict]:
    return stored(table.db_path, table.game_id)["events"]  # type: ignore[attr-defined]


def final_left(content: str) -> list[int]:
    return [int(n) for n in re.findall(r"\*\*(\d+) dic?e? left\*\*", content)]


async def check_end(db_path: Path, table: AbqTable, where) -> None:
    data = stored(db_path, table.game_id)
    assert data["kind"] == "abquetschen" and data["status"] == "finished"
    table_state = replayed(db_path, table.game_id)
    engine = table_state.engine
    adapter = installed()["abquetschen"]
    state = {k: v for k, v in data["state"].items() if k != "recent"}
    assert {k: v for k, v in adapter.codec.dump(table_state)[1].items() if k != "recent"} == state
    final = where.last_message
    assert "Abquetschen #" in final.content and "is over" in final.content
    assert sorted(final_left(final.content)) == sorted(engine.state.supply)
    winners = adapter.winners(table_state)
    resigned = adapter.resigned(table_state)
    playing = [s for s in range(3) if not resigned[s]]
    expected = [w for w in engine.state.winners if not resigned[w]]
    if not expected:  # a seat the computer played for won: the best who still plays wins
        low = min(engine.state.supply[s] for s in playing)
        expected = [s for s in playing if engine.state.supply[s] == low]
    assert winners == expected
    for w in winners:  # the final message crowns exactly the winners
        assert f"**{engine.state.supply[w]} di" in final.content
    assert final.content.count("🏆") == len(winners) + 1  # and the verdict line
    image = await read_png(final)
    assert image.width >= 1000 and image.height > 1200  # the standings below the pile
    turn = table.turn_message(where)
    assert turn is None or not component_ids(turn)


def table_for(env, db_path: Path, **kwargs) -> AbqTable:
    table = AbqTable(env, **kwargs)
    table.db_path = db_path  # type: ignore[attr-defined]
    return table


@pytest.mark.simcord(settle_timeout=120)
async def test_three_people_play_a_whole_game(simcord_env, db_path: Path, dice) -> None:
    dice.script((4,))  # alice rolls the first 4: she lays the start pyramid
    table = table_for(simcord_env, db_path)
    thread = await table.start()
    assert thread.name.startswith("Abquetschen #1")
    intro = thread.history()[0].content
    assert "Rolling for a 4" in intro and "alice" in intro
    first = table.turn_message(thread)
    assert first is not None and table.on_turn(first) is table.players[0]
    starts = select_options(first, find_id(first, "abq:pick:"))
    assert len(starts) == 15 and starts[0].value == "0E3.0F3.0F4.1E3"  # the central ones first
    image = await read_png(first)
    assert image.width == 1200
    turns = await table.play_to_end(db_path, thread)
    assert turns >= 5
    await check_end(db_path, table, thread)
    assert table.bonus_built >= 1  # the bonus path was played
    events = stored(db_path, table.game_id)["events"]
    assert any(e["type"] == "bonus" and e["positions"] for e in events)


@pytest.mark.simcord(settle_timeout=120)
async def test_one_person_against_two_computers(simcord_env, db_path: Path) -> None:
    table = table_for(simcord_env, db_path, names=("alice",))
    thread = await table.start(computers=("easy", "normal"))
    await table.play_to_end(db_path, thread)
    await check_end(db_path, table, thread)
    events = stored(db_path, table.game_id)["events"]
    built_by = {e["seat"] for e in events if e["type"] in ("build", "start")}
    assert {1, 2} <= built_by  # the computers built on their own turns


async def test_lobby_needs_exactly_three(simcord_env, db_path: Path) -> None:
    table = table_for(simcord_env, db_path, names=("alice", "bob", "cy", "dee"))
    lobby = await table.open()
    assert "Abquetschen lobby" in lobby.content and "(1/3)" in lobby.content
    await table.players[1].click(lobby, label="Join")
    lobby = table.channel.last_message
    assert disabled(lobby, "Start")  # two players cannot start
    await table.players[2].click(lobby, label="Join")
    lobby = table.channel.last_message
    assert not disabled(lobby, "Start") and disabled(lobby, "Join")  # three: full
    # an unknown game is refused by Discord's choice list itself
    with pytest.raises(Exception, match="only allows"):
        await table.players[0].slash(table.channel, "dasspiel new", game="chess")


async def test_preview_restart_stale_and_foreign_clicks(
    simcord_env, make_bot, db_path: Path, dice
) -> None:
    dice.script((4,))
    table = table_for(simcord_env, db_path)
    thread = await table.start()
    alice, bob = table.players[0], table.players[1]
    message = table.turn_message(thread)
    # someone else may not choose for alice
    cid = find_id(message, "abq:pick:")
    r = await bob.select(message, [select_options(message, cid)[0].value], custom_id=cid)
    assert r.ephemeral and "turn" in r.response.content
    # the hint is private
    r = await alice.click(message, custom_id=find_id(message, "abq:hint:"))
    assert r.ephemeral and "💡" in r.response.content and "1E3" in r.response.content
    # choosing shows a preview; nothing is built yet
    preview = await table.choose(alice, thread, "pick", 1)
    assert "Build" in [
        getattr(c, "label", None) for row in preview.components for c in row.children
    ]
    assert "0F3 0G3 0G4 1F3" in preview.content
    image = await read_png(preview)
    assert image.width == 1200
    count = len(stored(db_path, table.game_id)["events"])
    # a restart between the choice and the confirmation: the preview's Build still builds
    await simcord_env.restart_bot(make_bot())
    r = await table.click(alice, thread, "build", label="Build")
    assert not r.ephemeral, r.response.content
    events = stored(db_path, table.game_id)["events"]
    assert events[count] == {"type": "start", "seat": 0, "positions": ["0F3", "0G3", "0G4", "1F3"]}
    now = table.turn_message(thread)
    player = table.on_turn(now)
    version = find_id(now, "abq:").split(":")[3]
    # the same Build clicked again on the old message is refused and changes nothing
    old_build = find_id(preview, "abq:build:")
    old = await _post_button(simcord_env, thread, old_build)
    r = await alice.click(old, custom_id=old_build)
    assert r.ephemeral and "earlier turn" in r.response.content
    assert len(stored(db_path, table.game_id)["events"]) == len(events)
    # a forged choice is refused without harm
    forged = f"abq:build:1:{version}:0A1.0B1:-"
    msg = await _post_button(simcord_env, thread, forged)
    r = await player.click(msg, custom_id=forged)
    assert r.ephemeral and "went wrong" not in r.response.content
    assert len(stored(db_path, table.game_id)["events"]) == len(events)


async def test_a_turn_timer_reminds_then_the_computer_builds(
    simcord_env, db_path: Path, dice
) -> None:
    dice.script((4,))
    table = table_for(simcord_env, db_path)
    thread = await table.start(timer=120)
    first = table.turn_message(thread)
    assert "<t:" in first.content
    await simcord_env.advance_time(70)
    reminded = [m for m in thread.history() if "still your turn in Abquetschen" in m.content]
    assert len(reminded) == 1
    await simcord_env.advance_time(60)
    events = stored(db_path, table.game_id)["events"]
    assert events[1]["type"] == "start" and events[1]["seat"] == 0
    assert any("Time ran out" in m.content for m in thread.history())
    assert table.turn_message(thread) is not None


@pytest.mark.simcord(settle_timeout=120)
async def test_resign_stats_leaderboard_export_per_game(simcord_env, db_path: Path, dice) -> None:
    dice.script((4,))
    table = table_for(simcord_env, db_path)
    thread = await table.start()
    await table.play_turn(thread)  # alice's start pyramid
    cy = table.players[2]
    r = await cy.slash(thread, "dasspiel resign")
    assert not r.ephemeral and "computer plays their seat" in r.response.content
    assert stored(db_path, table.game_id)["status"] == "running"
    r = await table.players[0].slash(thread, "dasspiel export")
    assert r.ephemeral and r.response.attachments  # nothing is hidden in Abquetschen
    await table.play_to_end(db_path, thread)
    await check_end(db_path, table, thread)
    events = stored(db_path, table.game_id)["events"]
    assert {"type": "resign", "seat": 2} in events
    assert sum(e.get("seat") == 2 and e["type"] == "build" for e in events) >= 1
    final = thread.last_message.content
    cy_line = next(line for line in final.splitlines() if " cy " in f"{line} ")
    assert cy_line.startswith("3.") and "(resigned)" in cy_line and "🏆" not in cy_line
    # stats and leaderboard of this game; the export replays
    r = await table.players[0].slash(table.channel, "dasspiel stats", game="abquetschen")
    assert not r.ephemeral and "Abquetschen stats" in r.response.embeds[0].title
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert "Bonus dice" in fields and "Longest row" in fields
    r = await table.players[0].slash(table.channel, "dasspiel leaderboard", game="abquetschen")
    assert not r.ephemeral and "Abquetschen leaderboard" in r.response.embeds[0].title
    r = await table.players[0].slash(table.channel, "dasspiel export", game=table.game_id)
    told = r.response.content  # for people: the result and the turns, as the bot told them
    assert r.ephemeral and "Result:" in told and "`abquetschen-" in told
    assert "laid the start pyramid" in told or "turn by turn, is in the text file" in told
    data = json.loads(await r.response.attachments[0].read())
    assert data["format"] == "das-spiel-record/1" and data["game"] == "abquetschen"
    path = db_path.parent / "record.json"
    path.write_text(json.dumps(data))
    assert replay_main(["replay", str(path)]) == 0


async def test_dutch_server(simcord_env, db_path: Path, dice) -> None:
    from locales import translator

    nl = translator("nl")
    dice.script((4,))
    guild = simcord_env.create_guild("Spellenclub", preferred_locale="nl")
    table = table_for(simcord_env, db_path, guild=guild)
    thread = await table.start()
    message = table.turn_message(thread)
    assert nl("{name} lays the start pyramid.", name="x").split("x")[-1] in message.content
    assert nl("In supply: {seats}", seats="").strip() in message.content
    r = await table.players[0].slash(table.channel, "dasspiel rules", game="abquetschen")
    assert r.ephemeral and "Abquetschen" in r.response.content
