"""Cui bono? played through the real bot in SimCord (``/dasspiel new game:cuibono``): pulls,
put-backs and keeps, 2 to 6 seats, computers of every level, timers, a restart mid-turn, stale
and foreign clicks, export only after the end, stats per game. Minus points are checked against
the engine replaying the stored log."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.adapters import installed
from games.das_spiel.__main__ import main as replay_main
from tests.bot.play.test_bot_spectrangle import _repost_old
from tests.dastable import DasTable, disabled, has, replayed, stored
from tests.simtable import component_ids, find_id, read_png, select_options


class CuiTable(DasTable):
    def __init__(self, env, db_path: Path, names=("alice", "bob"), guild=None):
        super().__init__(env, "cuibono", "cui", names, guild)
        self.db_path = db_path
        self.turns = 0

    async def play_turn(self, where) -> str:
        """The person on turn pulls the first die offered, then puts it back into the first
        funnel offered on every other turn (else keeps it); returns "put" or "keep"."""
        message = self.turn_message(where)
        assert message is not None
        player = self.on_turn(message)
        before = len(stored(self.db_path, self.game_id)["events"])
        message = await self.choose(player, where, "pull")
        assert len(stored(self.db_path, self.game_id)["events"]) == before + 1
        self.turns += 1
        if has(message, "cui", "put") and self.turns % 2 == 0:
            await self.choose(player, where, "put")
            return "put"
        r = await self.click(player, where, "keep")
        assert not r.ephemeral, r.response.content
        return "keep"

    async def play_to_end(self, where, limit: int = 300) -> dict[str, int]:
        done: dict[str, int] = {}
        for _ in range(limit):
            if self.status(self.db_path) != "running":
                return done
            kind = await self.play_turn(where)
            done[kind] = done.get(kind, 0) + 1
        raise AssertionError(f"no end after {limit} turns")


def minus_points(content: str) -> list[int]:
    return [int(n) for n in re.findall(r"\*\*(\d+) minus points?\*\*", content)]


async def check_end(table: CuiTable, where) -> None:
    data = stored(table.db_path, table.game_id)
    assert data["kind"] == "cuibono" and data["status"] == "finished"
    game = replayed(table.db_path, table.game_id)
    adapter = installed()["cuibono"]
    state = {k: v for k, v in data["state"].items() if k != "recent"}
    assert {k: v for k, v in adapter.codec.dump(game)[1].items() if k != "recent"} == state
    s = game.engine.state
    final = where.last_message
    assert "Cui bono? #" in final.content and "is over" in final.content
    assert sorted(minus_points(final.content)) == sorted(
        s.minus_points(seat) for seat in range(s.seats)
    )
    winners = adapter.winners(game)
    assert final.content.count("🏆") == len(winners) + 1
    image = await read_png(final)
    assert image.width >= 1000 and image.height > 1200
    turn = table.turn_message(where)
    assert turn is None or not component_ids(turn)


@pytest.mark.simcord(settle_timeout=120)
async def test_two_people_play_a_whole_game(simcord_env, db_path: Path) -> None:
    table = CuiTable(simcord_env, db_path)
    thread = await table.start()
    assert thread.name.startswith("Cui bono? #1")
    assert "10th die" in thread.history()[0].content
    first = table.turn_message(thread)
    assert first is not None and table.on_turn(first) is table.players[0]
    pulls = select_options(first, find_id(first, "cui:pull:"))
    assert sorted(o.value for o in pulls) == ["0A1", "0I1", "0I9"]  # the three corners (§7.6)
    image = await read_png(first)
    assert image.width == 1200
    done = await table.play_to_end(thread)
    assert done.get("keep", 0) >= 10
    await check_end(table, thread)


@pytest.mark.simcord(settle_timeout=240)
async def test_one_person_against_computers_of_every_level(simcord_env, db_path: Path) -> None:
    table = CuiTable(simcord_env, db_path, names=("alice",))
    thread = await table.start(computers=("easy", "normal", "hard"))
    await table.play_to_end(thread)
    await check_end(table, thread)
    events = stored(db_path, table.game_id)["events"]
    assert {e["seat"] for e in events} == {0, 1, 2, 3}


async def test_seats_and_the_seventh_die_with_six(simcord_env, db_path: Path) -> None:
    names = ("alice", "bob", "cy", "dee", "eve", "fay", "gus")
    table = CuiTable(simcord_env, db_path, names=names)
    lobby = await table.open()
    assert "(1/6)" in lobby.content
    assert disabled(lobby, "Start")  # one player cannot start
    for p in table.players[1:6]:
        await p.click(lobby, custom_id=find_id(lobby, "cui:join:"))
        lobby = table.channel.last_message
    assert disabled(lobby, "Join")  # six: full
    await table.players[0].click(lobby, custom_id=find_id(lobby, "cui:start:"))
    thread = table.channel.threads[-1]
    assert "7th die" in thread.history()[0].content


async def test_restart_mid_turn_stale_and_foreign_clicks(
    simcord_env, make_bot, db_path: Path, monkeypatch
) -> None:
    from bot.adapters.cui_bono import CuiBonoAdapter

    monkeypatch.setattr(CuiBonoAdapter, "seed_of", lambda self, chance: 1)  # RULES.md §7.6
    table = CuiTable(simcord_env, db_path)
    thread = await table.start()
    alice, bob = table.players
    first = table.turn_message(thread)
    pull = find_id(first, "cui:pull:")
    r = await bob.select(first, ["0A1"], custom_id=pull)
    assert r.ephemeral and "turn" in r.response.content
    r = await alice.click(first, custom_id=find_id(first, "cui:hint:"))
    assert r.ephemeral and "💡" in r.response.content
    assert stored(db_path, table.game_id)["events"] == []
    r = await alice.select(first, ["0A1"], custom_id=pull)
    assert not r.ephemeral
    # §7.6: the red 0A1 pulled, the x-edge slid down; no funnel takes it: keep only
    placing = table.turn_message(thread)
    assert "slid down" in placing.content and not has(placing, "cui", "put")
    assert stored(db_path, table.game_id)["events"] == [{"type": "pull", "seat": 0, "pos": "0A1"}]
    # the old pull select is refused: it belongs to the pull already made
    old = await _repost_old(simcord_env, thread, pull, "0I1")
    r = await alice.select(old, ["0I1"], custom_id=pull)
    assert r.ephemeral and "earlier turn" in r.response.content
    # a restart between the pull and the keep: the turn message still works
    await simcord_env.restart_bot(make_bot())
    r = await alice.click(placing, custom_id=find_id(placing, "cui:keep:"))
    assert not r.ephemeral, r.response.content
    events = stored(db_path, table.game_id)["events"]
    assert events[-1] == {"type": "keep", "seat": 0}
    closed = next(m for m in thread.history() if m.id == placing.id)
    assert "kept it: −1" in closed.content  # red costs 1
    # bob pulls the yellow 0I9: the funnel 7B2 takes it back (§7.6)
    message = thread.last_message
    r = await bob.select(message, ["0I9"], custom_id=find_id(message, "cui:pull:"))
    placing = thread.last_message
    funnels = [o.value for o in select_options(placing, find_id(placing, "cui:put:"))]
    assert "7B2" in funnels
    r = await bob.select(placing, ["7B2"], custom_id=find_id(placing, "cui:put:"))
    assert not r.ephemeral
    assert stored(db_path, table.game_id)["events"][-1] == {"type": "put", "seat": 1, "pos": "7B2"}


async def test_a_turn_timer_then_the_computer_plays_the_turn(simcord_env, db_path: Path) -> None:
    table = CuiTable(simcord_env, db_path)
    thread = await table.start(timer=120)
    assert "<t:" in table.turn_message(thread).content
    await simcord_env.advance_time(70)
    assert len([m for m in thread.history() if "still your turn in Cui bono?" in m.content]) == 1
    await simcord_env.advance_time(60)
    events = stored(db_path, table.game_id)["events"]
    assert [e["type"] for e in events][:1] == ["pull"] and events[1]["type"] in ("put", "keep")
    assert any("Time ran out" in m.content for m in thread.history())
    assert table.on_turn(table.turn_message(thread)) is table.players[1]


@pytest.mark.simcord(settle_timeout=120)
async def test_export_after_the_end_and_stats_per_game(simcord_env, db_path: Path) -> None:
    table = CuiTable(simcord_env, db_path)
    thread = await table.start()
    await table.play_turn(thread)
    r = await table.players[0].slash(thread, "dasspiel export")
    assert r.ephemeral and "still running" in r.response.content
    r = await table.players[1].slash(thread, "dasspiel resign")
    assert not r.ephemeral
    assert stored(db_path, table.game_id)["status"] == "finished"
    await check_end(table, thread)
    r = await table.players[0].slash(thread, "dasspiel export")
    assert r.ephemeral and r.response.attachments
    data = json.loads(await r.response.attachments[0].read())
    assert data["format"] == "das-spiel-record/1" and data["game"] == "cui-bono"
    path = db_path.parent / "cui.json"
    path.write_text(json.dumps(data))
    assert replay_main(["replay", str(path)]) == 0
    r = await table.players[0].slash(table.channel, "dasspiel stats", game="cuibono")
    assert not r.ephemeral and "Cui bono? stats" in r.response.embeds[0].title
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert fields["Wins"].startswith("1") and "Dice kept" in fields
    # minus points are said as minus points, with no minus sign, never as a negative "score"
    assert "Average score" not in fields and "Best score" not in fields
    minus = next(s.minus_points(0) for s in [replayed(db_path, table.game_id).engine.state])
    assert fields["Fewest minus points"] == str(minus)
    assert fields["Average minus points"] == f"{minus:.1f}"
    r = await table.players[0].slash(table.channel, "dasspiel stats", game="abquetschen")
    assert r.ephemeral and "no finished Abquetschen game" in r.response.content


async def test_french_server(simcord_env, db_path: Path) -> None:
    from locales import translator

    fr = translator("fr")
    guild = simcord_env.create_guild("Club", preferred_locale="fr")
    table = CuiTable(simcord_env, db_path, guild=guild)
    thread = await table.start()
    message = table.turn_message(thread)
    expected = fr(
        "Choose the die to pull: {n} bottom die has two free sides.",
        "Choose the die to pull: {n} bottom dice have two free sides.",
        3,
    )
    assert expected != "Choose the die to pull: 3 bottom dice have two free sides."
    assert expected in message.content
