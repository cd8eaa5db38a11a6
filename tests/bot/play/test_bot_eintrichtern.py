"""Eintrichtern played through the real bot in SimCord (``/dasspiel new game:eintrichtern``):
Roll, Adopt n, the red die lifted from two selects, the reveal of the funnel's walls and sum for
exactly 8 s and the cover after it (the message edited back: words and picture, compared with a
render of the covered table), a match that stays, computers of every level, a restart inside
the reveal, a turn timer, a resignation, export only after the end, four languages. Red dice
are checked against the engine replaying the stored log."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.adapters import installed
from bot.adapters.eintrichtern import EintrichternAdapter
from bot.adapters.eintrichtern.state import memory
from games.common.ai import Level
from games.das_spiel import geometry as g
from games.das_spiel.__main__ import main as replay_main
from games.das_spiel.eintrichtern import Eintrichtern, Lift
from locales import translator
from renderers.das_spiel import render_eintrichtern
from tests.dastable import DasTable, has, replayed, stored
from tests.simtable import component_ids, find_id, select_options

# RECORD-FORMAT.md's Eintrichtern sample (seed 20, two players): every roll, and each lift
SAMPLE_ROLLS = [(4, 5, 4), (2, 3, 4), (1, 1, 1), (6, 5, 1), (4, 4, 3), (6, 6, 3)]
SAMPLE_ROLLS += [(5, 2, 2), (3, 3, 1), (6, 6, 4)]
SAMPLE = [  # (seat, "roll" / "adopt", lift, funnel sum, matched)
    (0, "roll", "1E3", 13, True),
    (0, "roll", "1H5", 11, False),
    (1, "adopt", "1B2", 9, True),
    (1, "roll", "1H6", 13, False),
    (0, "adopt", "1H7", 3, True),
    (0, "roll", "1A1", 12, True),
    (0, "roll", "1H5", 11, True),
    (0, "roll", "1C3", 15, True),
    (0, "roll", "1E1", 9, True),
    (0, "roll", "1D1", 7, True),
    (0, "roll", "1C2", 16, True),
]
REVEALED = "👀"  # what marks a sum shown for a while
DICE = "⚀⚁⚂⚃⚄⚅"


class EinTable(DasTable):
    def __init__(self, env, db_path: Path, names=("alice", "bob"), guild=None):
        super().__init__(env, "eintrichtern", "ein", names, guild)
        self.db_path = db_path

    def events(self) -> list[dict[str, Any]]:
        return stored(self.db_path, self.game_id)["events"]

    def pending(self) -> int:
        import sqlite3

        with sqlite3.connect(self.db_path) as db:
            return int(db.execute("SELECT COUNT(*) FROM timed_views").fetchone()[0])

    async def roll(self, player, where) -> discord.Message:
        r = await self.click(player, where, "roll")
        assert not r.ephemeral, r.response.content
        message = self.turn_message(where)
        assert message is not None
        return message

    async def adopt(self, player, where) -> discord.Message:
        r = await self.click(player, where, "adopt")
        assert not r.ephemeral, r.response.content
        message = self.turn_message(where)
        assert message is not None
        return message

    async def lift(self, player, where, label: str | None = None) -> discord.Message:
        """``player`` lifts ``label`` (else the first red die offered); the message that
        showed the turn, now its result."""
        message = self.turn_message(where)
        assert message is not None
        selects = [c for c in component_ids(message) if c.startswith("ein:lift:")]
        assert selects, component_ids(message)
        for cid in selects:
            values = [o.value for o in select_options(message, cid)]
            if label is None or label in values:
                r = await player.select(message, [label or values[0]], custom_id=cid)
                assert not r.ephemeral, r.response.content
                return by_id(where, message.id)
        raise AssertionError(f"{label} is not offered")

    def sums(self) -> dict[str, int]:
        """Every covered funnel's sum, read off the plate as no player can: the test's
        players know them all, so their games end soon (computers play as they remember)."""
        data = stored(self.db_path, self.game_id)
        plate = Eintrichtern.new(data["setup"]["seats"], data["setup"]["seed"])
        covered = data["state"]["engine"]["covered"]
        return {q: plate.state.sums[g.index_of_label(q)] for q in covered}

    async def play_turn(self, where) -> discord.Message:
        """The person on turn adopts when a funnel still has that sum (else rolls) and lifts a
        funnel with the target's sum, if any is left (else the first red die offered)."""
        message = self.turn_message(where)
        assert message is not None
        player = self.on_turn(message)
        sums = self.sums()
        adoptable = stored(self.db_path, self.game_id)["state"]["engine"]["adoptable"]
        if has(message, "ein", "adopt") and adoptable in sums.values():
            await self.adopt(player, where)
        else:
            await self.roll(player, where)
        target = stored(self.db_path, self.game_id)["state"]["engine"]["target"]
        return await self.lift(
            player, where, next((q for q, n in sums.items() if n == target), None)
        )

    async def play_to_end(self, where, limit: int = 400) -> None:
        for _ in range(limit):
            if self.status(self.db_path) != "running":
                return
            await self.play_turn(where)
            await self.env.advance_time(3)
        raise AssertionError(f"no end after {limit} lifts")


def by_id(where, message_id: int) -> discord.Message:
    return next(m for m in where.history() if m.id == message_id)


async def png(message: discord.Message) -> bytes:
    assert len(message.attachments) == 1, message.attachments
    data = await message.attachments[0].read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return data


def table_after(db_path: Path, game_id: int, events: int) -> Any:
    """The game rebuilt by the adapter from the stored setup and its first ``events``."""
    data = stored(db_path, game_id)
    adapter = installed()["eintrichtern"]
    return adapter.codec.replay(
        data["setup"], [adapter.codec.event_from_dict(e) for e in data["events"][:events]]
    )


def covered_png(db_path: Path, game_id: int, events: int, names: list[str], lang="en") -> bytes:
    """The picture the bot draws after ``events`` events: its seat cards mark who resigned."""
    table = table_after(db_path, game_id, events)
    return render_eintrichtern(table.engine, names, lang=lang, resigned=table.resigned)


def no_sums_left(where) -> None:
    """After every reveal's 8 s: no message shows a sum being revealed."""
    for message in where.history():
        assert REVEALED not in message.content, message.content
        assert all(
            a.filename == "eintrichtern.png" or a.filename.endswith("-final.png")
            for a in message.attachments
        )


@pytest.mark.simcord(settle_timeout=60)
async def test_the_sample_record_played_by_two_people(
    simcord_env, db_path: Path, dice, monkeypatch
) -> None:
    monkeypatch.setattr(EintrichternAdapter, "seed_of", lambda self, chance: 20)
    dice.script(*SAMPLE_ROLLS)
    table = EinTable(simcord_env, db_path, names=("Ann", "Ben"))
    thread = await table.start()
    assert thread.name.startswith("Eintrichtern #1")
    intro = thread.history()[0].content
    assert "8 red dice" in intro and "8 seconds" in intro
    first = table.turn_message(thread)
    assert first is not None and table.on_turn(first) is table.players[0]
    assert not has(first, "ein", "adopt") and has(first, "ein", "roll")
    r = await table.click(table.players[1], thread, "roll")
    assert r.ephemeral and "turn" in r.response.content  # not Ben's turn
    names = ["Ann", "Ben"]
    events = 0
    for n, (seat, how, label, total, matched) in enumerate(SAMPLE):
        player = table.players[seat]
        message = table.turn_message(thread)
        assert message is not None and table.on_turn(message) is player
        if how == "adopt":
            assert has(message, "ein", "adopt")
            adopt = next(
                c.label
                for row in message.components
                for c in row.children
                if getattr(c, "custom_id", "").startswith("ein:adopt:")
            )
            assert adopt == f"Adopt {total}"  # both adoptions of the sample match
            message = await table.adopt(player, thread)
        else:
            message = await table.roll(player, thread)
        # the lift: two selects, rows A–E and F–H, only red dice still lying
        selects = [c for c in component_ids(message) if c.startswith("ein:lift:")]
        offered = [o.value for cid in selects for o in select_options(message, cid)]
        assert len(selects) == 2 and len(offered) == 36 - sum(m for *_, m in SAMPLE[:n])
        assert all(v[1] in "ABCDE" for v in (o.value for o in select_options(message, selects[0])))
        result = await table.lift(player, thread, label)
        events += 2
        assert not component_ids(result)
        walls = f"= **{total}**"
        if matched:  # the funnel stays open: its sum stays, nothing to cover
            assert result.content.startswith("✅") and walls in result.content
            assert table.pending() == 0
        else:
            assert result.content.startswith(REVEALED) and walls in result.content
            assert table.pending() == 1
            shown = await png(result)
            await simcord_env.advance_time(7.9)
            result = by_id(thread, result.id)
            assert result.content.startswith(REVEALED) and await png(result) == shown
            await simcord_env.advance_time(0.2)
            result = by_id(thread, result.id)
            assert result.content.startswith("❌") and str(total) not in result.content
            assert label in result.content
            covered = await png(result)
            assert covered != shown
            assert covered == covered_png(db_path, table.game_id, events, names)
            assert table.pending() == 0
        if n == 0:  # a match: the same player rolls again, in a new message
            nxt = table.turn_message(thread)
            assert nxt is not None and nxt.id != result.id and table.on_turn(nxt) is player
            assert (
                not has(nxt, "ein", "adopt") and "A match! Roll the three dice again" in nxt.content
            )
    data = stored(db_path, table.game_id)
    assert data["status"] == "finished"
    game = replayed(db_path, table.game_id)
    assert list(game.engine.state.reds) == [8, 1]
    final = thread.last_message
    assert "Eintrichtern #1" in final.content and "is over" in final.content
    assert "1. 🔵 Ann — 🏆 the first to win 8 red dice · **8** red dice" in final.content
    assert "2. 🟢 Ben — **1** red die" in final.content
    assert "Ann won their 8th red die" in final.content
    no_sums_left(thread)
    # export: the record replays to the same end
    r = await table.players[0].slash(thread, "dasspiel export")
    assert r.ephemeral and r.response.attachments
    record = json.loads(await r.response.attachments[0].read())
    assert record["game"] == "eintrichtern" and record["setup"] == {"seed": 20}
    assert len(record["events"]) == 22
    path = db_path.parent / "ein.json"
    path.write_text(json.dumps(record))
    assert replay_main(["replay", str(path)]) == 0


def check_end(table: EinTable, where) -> Any:
    """The finished game: stored state = replay, the final message's red dice = the engine's."""
    data = stored(table.db_path, table.game_id)
    assert data["kind"] == "eintrichtern" and data["status"] == "finished"
    game = replayed(table.db_path, table.game_id)
    adapter = installed()["eintrichtern"]
    state = {k: v for k, v in data["state"].items() if k != "recent"}
    assert {k: v for k, v in adapter.codec.dump(game)[1].items() if k != "recent"} == state
    final = where.last_message
    assert "Eintrichtern #" in final.content and "is over" in final.content
    reds = [int(n) for n in re.findall(r"[—·] \*\*(\d+)\*\* red di", final.content)]
    assert sorted(reds) == sorted(game.engine.state.reds)
    assert final.content.count("🏆") == len(adapter.winners(game)) + 1
    assert final.attachments[0].filename == "eintrichtern-final.png"
    turn = table.turn_message(where)
    assert turn is None or not component_ids(turn)
    return game


@pytest.mark.simcord(settle_timeout=60)
async def test_one_person_against_computers_of_every_level(simcord_env, db_path: Path) -> None:
    table = EinTable(simcord_env, db_path, names=("alice",))
    thread = await table.start(computers=("easy", "normal", "hard"))
    await table.play_to_end(thread)
    await simcord_env.advance_time(9)
    game = check_end(table, thread)
    events = table.events()
    assert {e["seat"] for e in events} == {0, 1, 2, 3}
    assert max(game.engine.state.reds) == 8  # with 4 seats the reds cannot run out first
    assert table.pending() == 0
    no_sums_left(thread)
    # every closed lift message says its lift without a covered sum: a miss names no total
    for message in thread.history():
        if message.content.startswith("❌"):
            assert "+" not in message.content and "no match" in message.content


async def test_a_restart_inside_the_reveal_still_covers_it(
    simcord_env, make_bot, db_path: Path, dice, monkeypatch, caplog
) -> None:
    caplog.set_level("DEBUG")
    monkeypatch.setattr(EintrichternAdapter, "seed_of", lambda self, chance: 20)
    dice.script((2, 3, 4))  # 9, and 1H5 holds 11: a miss
    table = EinTable(simcord_env, db_path)
    thread = await table.start()
    alice = table.players[0]
    await table.roll(alice, thread)
    result = await table.lift(alice, thread, "1H5")
    assert result.content.startswith(REVEALED) and "= **11**" in result.content
    await simcord_env.advance_time(4)
    await simcord_env.restart_bot(make_bot())
    result = by_id(thread, result.id)
    assert result.content.startswith(REVEALED) and table.pending() == 1
    await simcord_env.advance_time(3.9)
    assert by_id(thread, result.id).content.startswith(REVEALED)
    await simcord_env.advance_time(0.2)
    result = by_id(thread, result.id)
    assert result.content.startswith("❌") and "11" not in result.content
    assert await png(result) == covered_png(db_path, table.game_id, 2, ["alice", "bob"])
    # the sum was written nowhere else: no log line, no file name or alt text
    ours = [r.getMessage() for r in caplog.records if r.name.split(".")[0] == "bot"]
    assert any(line.startswith("turn ") and line.endswith(" done") for line in ours)
    assert not [line for line in ours if "4 + 4 + 3" in line or "11*" in line or "= 11" in line]
    no_sums_left(thread)
    # bob plays on after the restart: his turn message works, adopting alice's 9
    bob = table.players[1]
    message = table.turn_message(thread)
    assert message is not None and table.on_turn(message) is bob
    await table.adopt(bob, thread)
    assert table.events()[-1] == {"type": "adopt", "seat": 1}


async def test_a_turn_timer_runs_out_then_the_computer_lifts(
    simcord_env, db_path: Path, dice, monkeypatch
) -> None:
    monkeypatch.setattr(EintrichternAdapter, "seed_of", lambda self, chance: 20)
    dice.script((6, 6, 6))  # 18: no funnel of seed 20 has it, so the computer's lift misses
    table = EinTable(simcord_env, db_path)
    thread = await table.start(timer=120)
    assert "<t:" in table.turn_message(thread).content
    expired: list[discord.Message] = []
    for _ in range(40):
        await simcord_env.advance_time(5)
        expired = [m for m in thread.history() if m.content.startswith("⏰ Time ran out")]
        if expired:
            break
    assert len(expired) == 1, [m.content for m in thread.history()]
    events = table.events()
    assert events[0] == {"type": "roll", "seat": 0, "dice": [6, 6, 6]}
    assert events[1]["type"] == "lift" and events[1]["seat"] == 0 and len(events) == 2
    label = events[1]["pos"]
    note = "⏰ Time ran out, so the computer played for 🔵 alice: "
    said = f"🔵 alice rolled ⚅ ⚅ ⚅ = **18** and lifted **{label}**:"
    assert expired[0].content.startswith(f"{note}{REVEALED} {said}")
    assert table.pending() == 1
    await simcord_env.advance_time(8.1)
    after = by_id(thread, expired[0].id)
    assert after.content == f"{note}❌ {said} no match, covered again."
    assert await png(after) == covered_png(db_path, table.game_id, 2, ["alice", "bob"])
    assert table.pending() == 0


async def test_a_resignation_the_computer_plays_the_seat_and_it_ranks_last(
    simcord_env, db_path: Path
) -> None:
    table = EinTable(simcord_env, db_path, names=("alice", "bob", "cy"))
    thread = await table.start()
    await table.play_turn(thread)
    r = await table.players[2].slash(thread, "dasspiel resign")
    assert not r.ephemeral and "cy resigned" in r.response.content
    await table.play_to_end(thread)
    await simcord_env.advance_time(9)
    game = check_end(table, thread)
    assert 2 not in installed()["eintrichtern"].winners(game)
    assert "\n3. 🟣 cy (resigned) — " in thread.last_message.content
    assert table.pending() == 0
    no_sums_left(thread)


@pytest.mark.simcord(settle_timeout=60)
async def test_export_only_after_the_end_and_stats_per_game(simcord_env, db_path: Path) -> None:
    table = EinTable(simcord_env, db_path)
    thread = await table.start()
    await table.play_turn(thread)
    r = await table.players[0].slash(thread, "dasspiel export")
    assert r.ephemeral and "still running" in r.response.content and not r.response.attachments
    r = await table.players[1].slash(thread, "dasspiel resign")
    assert stored(db_path, table.game_id)["status"] == "finished"
    await simcord_env.advance_time(9)
    check_end(table, thread)
    r = await table.players[0].slash(thread, "dasspiel export")
    assert r.ephemeral and r.response.attachments
    record = json.loads(await r.response.attachments[0].read())
    assert record["format"] == "das-spiel-record/1" and record["game"] == "eintrichtern"
    r = await table.players[0].slash(table.channel, "dasspiel stats", game="eintrichtern")
    assert not r.ephemeral and "Eintrichtern stats" in r.response.embeds[0].title
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert fields["Wins"].startswith("1") and "Lifts that matched" in fields


async def test_six_seats_play_for_nine_and_clicks_out_of_turn_are_refused(
    simcord_env, db_path: Path
) -> None:
    names = ("alice", "bob", "cy", "dee", "eve", "fay")
    table = EinTable(simcord_env, db_path, names=names)
    thread = await table.start()
    assert "9 red dice" in thread.history()[0].content
    first = table.turn_message(thread)
    r = await table.players[3].click(first, custom_id=find_id(first, "ein:roll:"))
    assert r.ephemeral and "turn" in r.response.content
    r = await table.players[0].click(first, custom_id=find_id(first, "ein:hint:"))
    assert r.ephemeral
    assert r.response.content == "💡 Roll the dice: there is no failed target to adopt."
    assert table.events() == []
    old_roll = find_id(first, "ein:roll:")
    await table.roll(table.players[0], thread)
    # a Roll button of before the roll (an older copy of the message) is refused now
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Roll", custom_id=old_roll))
    await simcord_env.bot.get_channel(thread.id).send("old", view=view)
    r = await table.players[0].click(thread.last_message, custom_id=old_roll)
    assert r.ephemeral and "earlier turn" in r.response.content
    assert [e["type"] for e in table.events()] == ["roll"]


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
async def test_the_reveal_and_the_cover_in_other_languages(
    simcord_env, db_path: Path, dice, monkeypatch, lang: str
) -> None:
    monkeypatch.setattr(EintrichternAdapter, "seed_of", lambda self, chance: 20)
    dice.script((2, 3, 4))
    t = translator(lang)
    guild = simcord_env.create_guild("Club", preferred_locale=lang)
    table = EinTable(simcord_env, db_path, guild=guild)
    thread = await table.start()
    first = table.turn_message(thread)
    prompt = t("Roll the three dice for a target.")
    assert prompt != "Roll the three dice for a target." and prompt in first.content
    roll = next(
        c for row in first.components for c in row.children if c.custom_id.startswith("ein:roll:")
    )
    assert roll.label == t("Roll") != "Roll"
    alice = table.players[0]
    await table.roll(alice, thread)
    result = await table.lift(alice, thread, "1H5")
    target = t("rolled {dice} = {n}", dice="⚁ ⚂ ⚃", n="**9**")
    words = {"name": "🔵 alice", "target": target, "label": "**1H5**"}
    revealed = t(
        "{name} {target} and lifted {label}: {walls} = {n}, no match. Remember it: it is "
        "covered again in {s} seconds.",
        walls="4 + 4 + 3",
        n="**11**",
        s="8",
        **words,
    )
    assert "Remember it" not in revealed and result.content == f"{REVEALED} {revealed}"
    await simcord_env.advance_time(8.1)
    covered = by_id(thread, result.id)
    again = t("{name} {target} and lifted {label}: no match, covered again.", **words)
    assert "covered again" not in again and covered.content == f"❌ {again}"
    assert await png(covered) == covered_png(db_path, table.game_id, 2, ["alice", "bob"], lang)


def test_a_computer_remembers_from_the_stored_state_what_it_saw_in_the_whole_game() -> None:
    """A loaded game keeps only its log's tail, but its computers remember every reveal: the
    memory rebuilt from the stored state is the engine's own, replayed from the whole log."""
    from games.common.dice import SeededDice
    from games.das_spiel.eintrichtern.memory import memory_of

    adapter = installed()["eintrichtern"]
    table = adapter.new_game(3, {}, SeededDice("memory"))
    for n in range(60):
        if adapter.finished(table):
            break
        seat = adapter.current(table)
        move = adapter.computer_move(table, seat, "hard", f"m{n}")
        adapter.apply(table, move.action, SeededDice(f"roll{n}"))
    setup, state = adapter.codec.dump(table)
    loaded = adapter.codec.load(setup, json.loads(json.dumps(state)))
    assert len(loaded.engine.log) < len(table.events)  # only the tail is stored
    full = adapter.codec.replay(setup, table.events).engine
    assert memory(loaded.engine) == memory_of(full) and memory_of(full).lifts > 12


async def test_a_game_cancelled_inside_the_reveal_is_still_covered(
    simcord_env, db_path: Path, dice, monkeypatch
) -> None:
    monkeypatch.setattr(EintrichternAdapter, "seed_of", lambda self, chance: 20)
    dice.script((6, 6, 6))  # 18: a miss wherever
    table = EinTable(simcord_env, db_path)
    thread = await table.start()
    alice = table.players[0]
    await table.roll(alice, thread)
    result = await table.lift(alice, thread, "1H5")
    assert result.content.startswith(REVEALED) and "= **11**" in result.content
    r = await alice.slash(thread, "dasspiel cancel")
    assert not r.ephemeral and stored(db_path, table.game_id)["status"] == "cancelled"
    await simcord_env.advance_time(8.1)
    covered = by_id(thread, result.id)
    assert covered.content.startswith("❌") and "11" not in covered.content
    assert await png(covered) == covered_png(db_path, table.game_id, 2, ["alice", "bob"])
    assert table.pending() == 0


@pytest.mark.parametrize("rolled", [None, (1, 1, 5)])
async def test_a_resignation_on_turn_shows_the_computers_lifts_for_the_seat(
    simcord_env, db_path: Path, dice, monkeypatch, rolled
) -> None:
    """The person on turn resigns (before rolling, or after rolling 7): the computer plays
    their seat on in the same action, and each lift it makes is shown as any lift is (RULES.md
    §8.5): walls and sum for everyone in the ended turn's message, for 8 s on a miss, then
    covered. Seed 20: the computer rolls 9 and lifts 1F4 (11), a miss; after 7 it lifts 1D1
    (7), a match, then rolls and misses. The words expected are built from the stored events
    and the plate."""
    from games.das_spiel.eintrichtern import Reveal

    monkeypatch.setattr(EintrichternAdapter, "seed_of", lambda self, chance: 20)
    names = ["alice", "bob", "cy"]
    table = EinTable(simcord_env, db_path, names=tuple(names))
    thread = await table.start()
    alice, bob, _ = table.players
    message = table.turn_message(thread)
    assert message is not None
    if rolled is not None:
        dice.script(rolled)
        message = await table.roll(alice, thread)
    before = len(table.events())
    r = await alice.slash(thread, "dasspiel resign")
    assert not r.ephemeral and "alice resigned" in r.response.content
    events = table.events()
    assert events[before] == {"type": "resign", "seat": 0}
    played = events[before + 1 :]
    lifts = [e for e in played if e["type"] == "lift"]
    assert lifts and all(e["seat"] == 0 for e in played)
    plate = Eintrichtern.new(3, 20).state
    lines, rolls = [], [e for e in events if e["type"] == "roll"][-len(lifts) :]
    for roll, lift in zip(rolls, lifts, strict=True):
        pos = g.index_of_label(lift["pos"])
        walls, n = plate.walls(pos), sum(roll["dice"])
        faces = " ".join(DICE[v - 1] for v in roll["dice"])
        said = f"🔵 alice (resigned) rolled {faces} = **{n}** and lifted **{lift['pos']}**:"
        wall_text = f"{' + '.join(map(str, walls))} = **{sum(walls)}**"
        lines.append((said, wall_text, sum(walls) == n, Reveal(pos, walls, sum(walls), 8000)))
    assert [m for *_, m, _ in lines] == ([False] if rolled is None else [True, False])
    lead = "**Eintrichtern #1** · turn 1 · this turn ended: 🔵 alice resigned.\n"
    shown = by_id(thread, message.id)
    assert not component_ids(shown)
    expected = [
        f"✅ {said} {walls}, a match! The red die is theirs."
        if matched
        else f"{REVEALED} {said} {walls}, no match. Remember it: it is covered again in 8 seconds."
        for said, walls, matched, _ in lines
    ]
    assert shown.content == lead + "\n".join(expected)
    assert table.pending() == 1
    after = table_after(db_path, table.game_id, len(events))
    assert after.resigned == [True, False, False]  # alice's card says so
    drawn = render_eintrichtern(after.engine, names, reveal=lines[-1][3], resigned=after.resigned)
    assert await png(shown) == drawn
    await simcord_env.advance_time(7.9)
    assert by_id(thread, message.id).content == shown.content
    await simcord_env.advance_time(0.2)
    covered = by_id(thread, message.id)
    expected[-1] = f"❌ {lines[-1][0]} no match, covered again."
    assert covered.content == lead + "\n".join(expected)
    assert await png(covered) == covered_png(db_path, table.game_id, len(events), names)
    assert table.pending() == 0
    no_sums_left(thread)
    # bob's turn follows in a new message
    nxt = table.turn_message(thread)
    assert nxt is not None and nxt.id != message.id and table.on_turn(nxt) is bob


async def test_the_hint_uses_every_lift_the_table_was_shown(
    simcord_env, db_path: Path, dice, monkeypatch
) -> None:
    """Issue 25: after everyone saw 1A1 lifted showing 12, the hint must not call 1A1 the
    likeliest funnel to be 17; when a lift showed the target, the hint names that funnel."""
    monkeypatch.setattr(EintrichternAdapter, "seed_of", lambda self, chance: 20)
    dice.script((1, 1, 1), (5, 6, 6), (6, 5, 1))
    table = EinTable(simcord_env, db_path)
    thread = await table.start()
    alice, bob = table.players
    await table.roll(alice, thread)
    result = await table.lift(alice, thread, "1A1")  # 12 for a target of 3: a miss
    assert "= **12**" in result.content
    await simcord_env.advance_time(9)
    await table.roll(bob, thread)  # 17
    r = await table.click(bob, thread, "hint")
    assert r.ephemeral and r.response.content.startswith("💡"), r.response.content
    assert "1A1" not in r.response.content and "17" in r.response.content
    assert "remembers nothing" not in r.response.content
    await table.lift(bob, thread, "1H5")  # 11: a miss
    await simcord_env.advance_time(9)
    await table.roll(alice, thread)  # 12: 1A1 showed it
    r = await table.click(alice, thread, "hint")
    assert r.ephemeral and "1A1" in r.response.content and "12" in r.response.content
    assert "100%" not in r.response.content  # said as what was shown, not as odds


def test_the_hint_uses_only_what_was_shown() -> None:
    """Two plates that differ only in faces nobody was shown give the same hint at every step
    of a game (the hint reads the lifts shown, never the plate)."""
    from bot.adapters.eintrichtern.adapter import hint
    from bot.adapters.eintrichtern.state import EinGame
    from games.common.dice import SeededDice
    from games.das_spiel.eintrichtern.ai import WantRoll, computer_decision
    from games.das_spiel.orientation import ORIENTATIONS
    from games.das_spiel.pyramid import Colour, Die, Pyramid

    game = Eintrichtern.new(2, 7)
    dice = SeededDice(3)
    for n in range(40):
        seat = game.state.current
        assert seat is not None
        action = computer_decision(game, seat, Level.EASY, n).action
        game.roll(dice) if isinstance(action, WantRoll) else game.apply(action)
    seen = set(game.view(0).faces())  # the outer faces and the walls of open funnels
    for action in game.log:
        if isinstance(action, Lift):
            seen |= {(b, a) for a, b in enumerate(g.SUPPORT_BY_AXIS[action.pos])}
    plate = list(game.state.plate.dice)
    for b in g.bits(g.BOTTOM_MASK):
        die = plate[b]
        assert die is not None
        shown = {a: die.orientation[a] for a in g.AXES if (b, a) in seen}
        other = [o for o in ORIENTATIONS if o != die.orientation
                 and all(o[a] == v for a, v in shown.items())]  # fmt: skip
        if other:
            plate[b] = Die(Colour.YELLOW, other[0])
    first = EinGame(game.state.plate, 2)
    twin = EinGame(Pyramid.from_dice(plate), 2)
    assert sum(twin.state.sums[q] != first.state.sums[q] for q in twin.state.sums) >= 4
    t = translator("en")
    hints = set()
    for n, action in enumerate(game.log):
        for seat in (0, 1):
            assert hint(t, twin, seat, n) == hint(t, first, seat, n)
            hints.add(hint(t, first, seat, n))
        twin.apply(action)
        first.apply(action)
    assert any("when it was lifted" in h for h in hints)


def test_computers_moves_are_stored_so_a_replay_never_asks_a_computer(monkeypatch) -> None:
    """A computer's choice is stored as its event: replaying a game (a restart, ``check``,
    an export) gives the same position even if the computers would now choose otherwise."""
    from bot.adapters.eintrichtern import adapter as module
    from games.common.dice import SeededDice

    adapter = installed()["eintrichtern"]
    table = adapter.new_game(3, {}, SeededDice("replay"))
    for n in range(80):
        if adapter.finished(table):
            break
        seat = adapter.current(table)
        move = adapter.computer_move(table, seat, ("easy", "normal", "hard")[seat], f"r{n}")
        adapter.apply(table, move.action, SeededDice(f"roll{n}"))
    setup, state = adapter.codec.dump(table)
    monkeypatch.setattr(module, "decide", lambda *args: pytest.fail("a replay asked a computer"))
    again = adapter.codec.replay(setup, table.events)
    assert len(table.events) > 40
    del state["recent"]  # the last action only, in a replay
    assert {k: v for k, v in adapter.codec.dump(again)[1].items() if k != "recent"} == state


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
async def test_the_lobby_says_how_each_level_remembers(simcord_env, db_path: Path, lang) -> None:
    """Issue 25: every level forgets, as people do; the lobby says how, none claims a perfect
    memory, in the server's language."""
    guild = simcord_env.create_guild("Club", preferred_locale=lang)
    table = EinTable(simcord_env, db_path, names=("alice",), guild=guild)
    lobby = await table.open()
    about = {o.value: o.description for o in select_options(lobby, find_id(lobby, "ein:addai:"))}
    t = translator(lang)
    english = {
        "easy": "takes in about half the sums shown, holds a few, soon forgets them",
        "normal": "remembers most sums shown, a handful at a time, forgets older ones",
        "hard": "remembers most lifts and their faces for a long while, reasons over the dice",
    }
    for level, said in english.items():
        assert about[level] == t(said) and (lang == "en") == (t(said) == said)
        assert "every" not in about[level] and len(about[level]) <= 100


async def test_a_turn_shows_the_covered_table_before_the_roll(simcord_env, db_path: Path) -> None:
    """As in every game, a turn message carries the picture from its first post: the covered
    table (no sum), before anyone rolled."""
    table = EinTable(simcord_env, db_path, names=("Ann", "Ben"))
    thread = await table.start()
    first = table.turn_message(thread)
    assert first is not None and has(first, "ein", "roll") and not table.events()
    assert await png(first) == covered_png(db_path, table.game_id, 0, ["Ann", "Ben"])
