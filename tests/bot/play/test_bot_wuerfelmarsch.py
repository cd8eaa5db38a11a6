"""Würfelmarsch played through the real bot in SimCord (``/dasspiel new game:wuerfelmarsch``):
a die chosen in a select, the four tip buttons (greyed out exactly where the engine has no
tip), the rotate select, captures and their result lines, computers, timers, a restart with a
die chosen, stale and foreign clicks, resigning, stats, export and the four languages. Scores
and winners are checked against the engine replaying the stored log."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.adapters import installed
from games.das_spiel import geometry as g
from games.das_spiel.__main__ import main as replay_main
from games.das_spiel.sides import side_of_seat
from games.das_spiel.wuerfelmarsch import TARGETS, Rotate, Tip
from games.das_spiel.wuerfelmarsch.state import MOVES
from renderers.das_spiel import theme as th
from renderers.das_spiel import view
from renderers.das_spiel import wuerfelmarsch as wm_pictures
from tests.bot.play.test_bot_spectrangle import _repost_old
from tests.dastable import DasTable, replayed, stored
from tests.renderers.test_render_das_spiel import colours_near
from tests.simtable import component_ids, find_id, read_png, select_options

CODES = {"fl": "forward-left", "fr": "forward-right", "l": "left", "r": "right"}


class WmTable(DasTable):
    def __init__(self, env, db_path: Path, names=("alice", "bob", "cy"), guild=None):
        super().__init__(env, "wuerfelmarsch", "wm", names, guild)
        self.db_path = db_path
        self.checked = 0  # turns whose buttons were compared with the engine
        self.rotations = 0

    def engine(self) -> Any:
        """The engine of the stored position (as a click loads it)."""
        data = stored(self.db_path, self.game_id)
        return installed()["wuerfelmarsch"].codec.load(data["setup"], data["state"]).engine

    def events(self) -> list[dict[str, Any]]:
        return stored(self.db_path, self.game_id)["events"]

    async def pick(self, player, where, label: str) -> discord.Message:
        message = self.turn_message(where)
        assert message is not None
        cid = find_id(message, "wm:die:")
        r = await player.select(message, [label], custom_id=cid)
        assert not r.ephemeral, r.response.content
        found = self.turn_message(where)
        assert found is not None
        return found

    async def tip(self, player, where, label: str, code: str) -> Any:
        message = self.turn_message(where)
        assert message is not None
        return await player.click(message, custom_id=tip_id(message, label, code))

    async def rotate(self, player, where, label: str, faces: str) -> Any:
        message = await self.pick(player, where, label)
        r = await player.click(message, custom_id=find_id(message, "wm:turn:"))
        assert not r.ephemeral, r.response.content
        message = self.turn_message(where)
        assert message is not None
        cid = find_id(message, "wm:rot:")
        return await player.select(message, [faces], custom_id=cid)

    async def play_turn(self, where) -> None:
        """The person on turn chooses their most advanced die that can tip forward and tips
        it forward (checking that the buttons offer exactly the engine's tips); with no
        forward tip, turns their first die to the first orientation offered."""
        message = self.turn_message(where)
        assert message is not None
        player = self.on_turn(message)
        engine = self.engine()
        s = engine.state
        seat = s.current
        offered = [o.value for o in select_options(message, find_id(message, "wm:die:"))]
        assert offered == [g.LABELS[i] for i in g.bits(s.owned[seat])]
        axis = side_of_seat(seat)
        forward = [t for t in s.tips(seat) if g.POSITIONS[t.to][axis] > g.POSITIONS[t.frm][axis]]
        before = len(self.events())
        if forward:
            choice = max(forward, key=lambda t: (g.POSITIONS[t.to][axis], t.frm, t.to))
            label = g.LABELS[choice.frm]
            message = await self.pick(player, where, label)
            assert_buttons_match(message, s, seat, choice.frm)
            self.checked += 1
            code = direction_code(seat, choice)
            r = await self.tip(player, where, label, code)
        else:
            label = offered[0]
            message = await self.pick(player, where, label)
            assert_buttons_match(message, s, seat, g.index_of_label(label))
            await player.click(message, custom_id=find_id(message, "wm:turn:"))
            message = self.turn_message(where)
            faces = select_options(message, find_id(message, "wm:rot:"))[0].value
            r = await player.select(message, [faces], custom_id=find_id(message, "wm:rot:"))
            self.rotations += 1
        assert not r.ephemeral, r.response.content
        assert len(self.events()) > before

    async def play_to_end(self, where, limit: int = 400) -> int:
        for turn in range(limit):
            if self.status(self.db_path) != "running":
                return turn
            await self.play_turn(where)
        raise AssertionError(f"no end after {limit} turns")


def tip_id(message: discord.Message, label: str, code: str) -> str:
    return next(
        cid
        for cid in component_ids(message)
        if cid.startswith("wm:tip:") and cid.endswith(f":{label}:{code}")
    )


def direction_code(seat: int, tip: Tip) -> str:
    name = next(n for to, n, _g, _l in MOVES[seat][tip.frm] if to == tip.to)
    return next(c for c, n in CODES.items() if n == name)


def tip_buttons(message: discord.Message) -> dict[str, bool]:
    """The direction code of every tip button, and whether it is disabled."""
    out = {}
    for row in message.components:
        for child in row.children:
            cid = getattr(child, "custom_id", "") or ""
            if cid.startswith("wm:tip:"):
                out[cid.rsplit(":", 1)[1]] = bool(child.disabled)
    return out


def assert_buttons_match(message: discord.Message, s: Any, seat: int, die: int) -> None:
    """Four tip buttons, disabled exactly where the engine has no tip of that die."""
    legal = {direction_code(seat, t) for t in s.tips(seat) if t.frm == die}
    buttons = tip_buttons(message)
    assert set(buttons) == set(CODES)
    assert {code for code, off in buttons.items() if not off} == legal
    assert has_rotate(message)


def has_rotate(message: discord.Message) -> bool:
    return any(cid.startswith("wm:turn:") for cid in component_ids(message))


def final_scores(content: str) -> list[int]:
    return [
        int(n.replace("−", "-").replace("+", ""))
        for n in re.findall(r"score \*\*([+−]?\d+)\*\*", content)
    ]


async def check_end(table: WmTable, where) -> Any:
    data = stored(table.db_path, table.game_id)
    assert data["kind"] == "wuerfelmarsch" and data["status"] == "finished"
    game = replayed(table.db_path, table.game_id)
    adapter = installed()["wuerfelmarsch"]
    state = {k: v for k, v in data["state"].items() if k != "recent"}
    assert {k: v for k, v in adapter.codec.dump(game)[1].items() if k != "recent"} == state
    s = game.engine.state
    final = where.last_message
    assert "Würfelmarsch #" in final.content and "is over" in final.content
    assert sorted(final_scores(final.content)) == sorted(s.score(seat) for seat in range(3))
    winners = adapter.winners(game)
    resigned = adapter.resigned(game)
    expected = [w for w in s.winners if not resigned[w]]
    if expected:
        assert list(winners) == expected
    assert final.content.count("🏆") == len(winners) + 1
    image = await read_png(final)
    assert image.width >= 1000 and image.height > 1200
    turn = table.turn_message(where)
    assert turn is None or not component_ids(turn)
    return game


@pytest.mark.simcord(settle_timeout=120)
async def test_three_people_march_to_a_corner(simcord_env, db_path: Path) -> None:
    table = WmTable(simcord_env, db_path)
    thread = await table.start()
    assert thread.name.startswith("Würfelmarsch #1")
    intro = thread.history()[0].content
    assert "0A1" in intro and "0I9" in intro and "0I1" in intro  # the three target corners
    first = table.turn_message(thread)
    assert first is not None and table.on_turn(first) is table.players[0]
    assert not has_rotate(first)  # no die chosen yet: only the select and the hint
    image = await read_png(first)
    assert image.width == 1200
    turns = await table.play_to_end(thread)
    assert turns >= 10 and table.checked >= 10
    game = await check_end(table, thread)
    s = game.engine.state
    assert s.end_reason.value == "corner"
    winner = s.winners[0]
    assert s.owned[winner] >> TARGETS[winner] & 1
    final = thread.last_message.content
    assert "reached their target corner." in final


async def test_the_booklet_capture_through_the_buttons(simcord_env, db_path: Path) -> None:
    """RECORD-FORMAT.md's sample game played by people: alice's fourth move captures."""
    table = WmTable(simcord_env, db_path)
    thread = await table.start()
    alice, bob, cy = table.players
    message = await table.pick(alice, thread, "0I3")
    assert tip_buttons(message) == {"fl": False, "fr": False, "l": False, "r": True}  # 0I4 taken
    assert "↖ **0H2**" in message.content and "↗ **0H3**" in message.content
    r = await table.tip(alice, thread, "0I3", "fl")
    assert not r.ephemeral, r.response.content
    message = await table.pick(bob, thread, "0C1")
    picture = (await read_png(message)).convert(
        "RGB"
    )  # drawn from bob's side, Y (§2.7): 0C1 labelled there
    for side in g.AXES:
        x, y = view.centre(g.index_of_label("0C1"), side)
        near = colours_near(picture, (x, y - wm_pictures.LABEL_LIFT), 4)
        assert bool(near & {th.LABEL_BG, th.LABEL_TEXT, th.LABEL_RING}) == (side == g.Y)
    r = await table.rotate(bob, thread, "0C1", "412")
    assert not r.ephemeral, r.response.content
    await table.pick(cy, thread, "0C3")
    r = await table.tip(cy, thread, "0C3", "fl")
    assert not r.ephemeral, r.response.content
    message = await table.pick(alice, thread, "0H2")
    assert "↗ **0G2**: " in message.content and "captures 0F1 0G1" in message.content
    r = await table.tip(alice, thread, "0H2", "fr")
    assert not r.ephemeral, r.response.content
    assert table.events() == [
        {"type": "tip", "seat": 0, "from": "0I3", "to": "0H2"},
        {"type": "rotate", "seat": 1, "pos": "0C1", "orientation": "412"},
        {"type": "tip", "seat": 2, "from": "0C3", "to": "0D3"},
        {"type": "tip", "seat": 0, "from": "0H2", "to": "0G2"},
    ]
    results = [
        m.content for m in thread.history() if "tipped" in m.content or "turned" in m.content
    ]
    assert any("bob" in c and "turned 0C1 to 412." in c for c in results)
    assert any(
        "tipped 0H2 forward-right to 0G2." in c and "captured 0F1 0G1." in c for c in results
    )
    s = table.engine().state
    assert s.captured == [2, 0, 0] and s.score(0) == 2
    turn = table.turn_message(thread)
    assert "**+2**" in turn.content  # alice's score in the scores line
    assert table.on_turn(turn) is bob


async def test_rotate_select_offers_the_23_other_faces(simcord_env, db_path: Path) -> None:
    table = WmTable(simcord_env, db_path)
    thread = await table.start()
    alice, bob = table.players[:2]
    await table.pick(alice, thread, "0I5")
    message = table.turn_message(thread)
    r = await alice.click(message, custom_id=find_id(message, "wm:turn:"))
    assert not r.ephemeral
    message = table.turn_message(thread)
    options = select_options(message, find_id(message, "wm:rot:"))
    engine = table.engine()
    die = g.index_of_label("0I5")
    legal = {"".join(map(str, a.orientation)) for a in engine.state.rotations(0) if a.pos == die}
    assert len(options) == 23 and {o.value for o in options} == legal
    assert "321" not in legal  # the die's own faces are not offered (WM-7)
    assert options[0].label == "1 · 2 · 4" or options[0].label.startswith("1 ·")
    # a forged value is refused and changes nothing
    r = await bob.select(message, [options[0].value], custom_id=find_id(message, "wm:rot:"))
    assert r.ephemeral and "turn" in r.response.content
    r = await alice.select(message, ["465"], custom_id=find_id(message, "wm:rot:"))
    assert not r.ephemeral
    assert table.events() == [{"type": "rotate", "seat": 0, "pos": "0I5", "orientation": "465"}]
    assert isinstance(installed()["wuerfelmarsch"].codec.event_from_dict(table.events()[0]), Rotate)


async def test_restart_with_a_die_chosen_then_stale_clicks(
    simcord_env, make_bot, db_path: Path
) -> None:
    table = WmTable(simcord_env, db_path)
    thread = await table.start()
    alice, bob = table.players[:2]
    chosen = await table.pick(alice, thread, "0I7")
    r = await bob.click(chosen, custom_id=tip_id(chosen, "0I7", "fr"))
    assert r.ephemeral and "turn" in r.response.content
    r = await alice.click(chosen, custom_id=find_id(chosen, "wm:hint:"))
    assert r.ephemeral and r.response.content.startswith("💡 The computer would")
    await simcord_env.restart_bot(make_bot())
    # the chosen die lives in the buttons: the tip works after the restart
    r = await alice.click(chosen, custom_id=tip_id(chosen, "0I7", "fr"))
    assert not r.ephemeral, r.response.content
    assert table.events() == [{"type": "tip", "seat": 0, "from": "0I7", "to": "0H7"}]
    # bob chooses his die; then an old select of alice's dice, clicked after her turn:
    # refused, nothing changes
    message = await table.pick(bob, thread, "0C1")
    old = await _repost_old(simcord_env, thread, find_id(chosen, "wm:die:"), "0I5")
    r = await alice.select(old, ["0I5"], custom_id=find_id(chosen, "wm:die:"))
    assert r.ephemeral and "earlier turn" in r.response.content
    assert len(table.events()) == 1
    # a disabled direction forged into a click is refused (the engine has no such tip)
    assert tip_buttons(message)["fl"] is False
    blocked = [c for c, off in tip_buttons(message).items() if off]
    assert blocked, tip_buttons(message)
    forged = tip_id(message, "0C1", blocked[0])
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="x", custom_id=forged))
    await simcord_env.bot.get_channel(thread.id).send("forged", view=view)
    r = await bob.click(thread.last_message, custom_id=forged)
    assert r.ephemeral and "not offered" in r.response.content
    assert len(table.events()) == 1


@pytest.mark.simcord(settle_timeout=240)
async def test_one_person_against_easy_and_hard(simcord_env, db_path: Path) -> None:
    table = WmTable(simcord_env, db_path, names=("alice",))
    thread = await table.start(computers=("easy", "hard"))
    await table.play_to_end(thread)
    await check_end(table, thread)
    assert {e["seat"] for e in table.events()} == {0, 1, 2}


async def test_the_lobby_describes_the_levels(simcord_env, db_path: Path) -> None:
    table = WmTable(simcord_env, db_path, names=("alice",))
    lobby = await table.open()
    options = select_options(lobby, find_id(lobby, "wm:addai:"))
    about = {o.value: o.description for o in options}
    assert set(about) == {"easy", "normal", "hard"}
    assert "strongest" in about["hard"] and "random" in about["easy"]


async def test_a_turn_timer_then_the_computer_plays_the_turn(simcord_env, db_path: Path) -> None:
    table = WmTable(simcord_env, db_path)
    thread = await table.start(timer=120)
    await table.pick(table.players[0], thread, "0I5")  # a die chosen, then nothing
    assert "<t:" in table.turn_message(thread).content
    await simcord_env.advance_time(130)
    events = table.events()
    assert len(events) == 1 and events[0]["seat"] == 0
    assert any("Time ran out" in m.content for m in thread.history())
    assert table.on_turn(table.turn_message(thread)) is table.players[1]
    # /dasspiel board posts the turn again; the host cancels: no buttons are left
    before = table.turn_message(thread)
    await table.players[1].slash(thread, "dasspiel board")
    again = table.turn_message(thread)
    assert again.id != before.id and table.on_turn(again) is table.players[1]
    r = await table.players[0].slash(thread, "dasspiel cancel")
    assert not r.ephemeral, r.response.content
    assert table.status(db_path) == "cancelled"
    turn = table.turn_message(thread)
    assert turn is None or not component_ids(turn)


@pytest.mark.simcord(settle_timeout=120)
async def test_resign_export_and_stats(simcord_env, db_path: Path) -> None:
    table = WmTable(simcord_env, db_path)
    thread = await table.start()
    await table.play_turn(thread)
    r = await table.players[0].slash(thread, "dasspiel export")  # nothing hidden: allowed
    assert r.ephemeral and r.response.attachments
    running = json.loads(await r.response.attachments[0].read())
    assert running["game"] == "wuerfelmarsch" and len(running["events"]) == 1
    r = await table.players[1].slash(thread, "dasspiel resign")
    assert not r.ephemeral
    assert stored(db_path, table.game_id)["status"] == "running"  # the computer plays bob
    await table.play_to_end(thread)
    game = await check_end(table, thread)
    assert 1 not in installed()["wuerfelmarsch"].winners(game)
    final = thread.last_message.content
    assert final.index("bob") > max(final.index("alice"), final.index("cy"))  # ranks last
    r = await table.players[0].slash(thread, "dasspiel export")
    data = json.loads(await r.response.attachments[0].read())
    assert data["format"] == "das-spiel-record/1" and data["game"] == "wuerfelmarsch"
    path = db_path.parent / "wm.json"
    path.write_text(json.dumps(data))
    assert replay_main(["replay", str(path)]) == 0
    r = await table.players[0].slash(table.channel, "dasspiel stats", game="wuerfelmarsch")
    assert not r.ephemeral and "Würfelmarsch stats" in r.response.embeds[0].title
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert "Dice captured" in fields


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
async def test_every_language(simcord_env, db_path: Path, lang: str) -> None:
    from locales import translator

    t = translator(lang)
    prompt = t(
        "Choose one of your dice, then tip it toward your corner {corner} or turn it. The "
        "picture is drawn from your side.",
        corner="0A1",
    )
    rotate = t("rotate")
    if lang != "en":
        assert not prompt.startswith("Choose one") and rotate != "rotate"
    guild = simcord_env.create_guild("Club", preferred_locale=lang)
    table = WmTable(simcord_env, db_path, guild=guild)
    thread = await table.start()
    message = table.turn_message(thread)
    assert prompt in message.content
    message = await table.pick(table.players[0], thread, "0I5")
    labels = [getattr(c, "label", None) for row in message.components for c in row.children]
    assert f"⟳ {rotate}" in labels
    assert f"↖ {t('forward-left')}" in labels
