"""Raffzahn played through the real bot in SimCord (``/dasspiel new game:raffzahn``), as RULES.md
§5.5 says: the roller's Roll, the public message without pips, private panels (ephemeral, only
the owner's side), takes in the order the bot received them (overlapping clicks sent together),
STOP only by the roller, the round closing by itself or at its deadline, late clicks refused
without penalty, computers, whole games to the end with the piles checked against the engine,
a restart mid-round, export only after the end, stats per game."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from PIL import Image

from bot.adapters import installed
from bot.adapters.raffzahn import RaffzahnAdapter
from bot.adapters.raffzahn.adapter import SEAT_MARKS
from games.das_spiel import geometry as g
from games.das_spiel.__main__ import main as replay_main
from games.das_spiel.raffzahn import Phase, Raffzahn, Roll, Stop, Take
from renderers.das_spiel import raffzahn_wall, render_raffzahn_wall
from renderers.das_spiel.panels import SEAT_COLOURS
from tests.dastable import DasTable, notified, replayed, stored
from tests.games.das_spiel.test_das_spiel_raffzahn import SAMPLE
from tests.simtable import component_ids, find_id
from tests.together import Press, together

# Sleeps up to settle_timeout run in real time, longer ones wait for advance_time: the round
# windows (60 s) always wait; 2 s leaves a loaded machine time to draw the round's picture.
LIVE = pytest.mark.simcord(settle_timeout=2.0)
# With computers a short sleep (a claim in 0.8 s) would run in real time: no pictures there.
COMPUTERS = pytest.mark.simcord(settle_timeout=0.5)
CELL = re.compile(r"([0-8][A-I][1-9]) ([1-6])")
WORKED_EXAMPLE = SAMPLE["events"]
ADAPTER = installed()["raffzahn"]  # RECORD-FORMAT.md's Raffzahn sample (RULES.md §5.7)


class RaffTable(DasTable):
    def __init__(self, env, db_path: Path, names=("alice", "bob", "cy"), guild=None, pictures=True):
        super().__init__(env, "raffzahn", "raf", names, guild)
        self.db_path = db_path
        if not pictures:  # a channel without Attach Files: the bot draws no picture
            deny = discord.PermissionOverwrite(attach_files=False)
            self.channel = self.guild.create_text_channel("plain", overwrites={self.guild.me: deny})

    def round_message(self, where) -> discord.Message:
        """The round's public message (the newest with Raffzahn's buttons)."""
        message = self.turn_message(where)
        assert message is not None, [m.content for m in where.history()]
        return message

    def panel(self, where, player) -> discord.Message | None:
        """``player``'s private panel as they see it now (the newest)."""
        for message in reversed(where.history(viewer=player)):
            if message.flags.ephemeral and message.content.startswith("👁️"):
                return message
        return None

    async def press(self, player, where, action: str) -> Any:
        message = self.round_message(where)
        return await player.click(message, custom_id=find_id(message, f"raf:{action}:"))

    async def open_panel(self, player, where) -> discord.Message:
        r = await self.press(player, where, "side")
        assert r.ephemeral, r.response.content
        panel = self.panel(where, player)
        assert panel is not None
        return panel

    async def take(self, player, where, label: str) -> Any:
        panel = self.panel(where, player)
        assert panel is not None, f"{player.name} has no panel"
        return await player.click(panel, custom_id=take_id(panel, label))

    def events(self) -> list[dict[str, Any]]:
        return stored(self.db_path, self.game_id)["events"]


async def rolled_five(env, db_path: Path, dice) -> tuple[RaffTable, Any]:
    """Three people on seed 1's pile; Ann has rolled 5 (RULES.md §5.7): she may take 7A1, Ben
    7B1 and 7B2, Cid nothing yet. Ann's panel is open (the answer to her roll)."""
    table = RaffTable(env, db_path)
    where = await table.start()
    dice.script((5,))
    await table.press(table.players[0], where, "roll")
    return table, where


def take_id(panel: discord.Message, label: str) -> str:
    """The panel's take of ``label`` (``raf:take:<game>:v<n>:<label>:<round>``)."""
    ids = [
        c for c in component_ids(panel) if c.startswith("raf:take:") and c.split(":")[4] == label
    ]
    assert ids, (label, component_ids(panel))
    return ids[0]


def offers(panel: discord.Message, label: str) -> bool:
    """Whether the panel has a take button (or option) for ``label``."""
    return any(
        c.startswith("raf:take:") and c.split(":")[4] == label for c in component_ids(panel)
    ) or any(label in [o.value for o in getattr(c, "options", [])] for c in _children(panel))


def _children(panel: discord.Message) -> list[Any]:
    return [c for row in panel.components for c in row.children]


async def wall_picture(panel: discord.Message) -> bytes:
    """The panel's picture of its wall (``my-side.png``)."""
    pictures = [a for a in panel.attachments if a.filename == "my-side.png"]
    assert len(pictures) == 1, [a.filename for a in panel.attachments]
    return await pictures[0].read()


def engine_of(db_path: Path, game_id: int) -> Raffzahn:
    return replayed(db_path, game_id).engine


async def assert_own_side_only(panel: discord.Message, engine: Raffzahn, seat: int) -> None:
    """The panel's picture is the seat's own wall drawn from ``view(seat)`` alone (which
    ``test_render_raffzahn_wall`` shows holds only that side's pips, the seat's takes
    ringed), and its text names no pips and has no code block (it wrapped on a phone)."""
    assert await wall_picture(panel) == render_raffzahn_wall(engine.view(seat))
    assert "```" not in panel.content and not CELL.search(panel.content), panel.content
    assert all(len(line) <= 120 for line in panel.content.splitlines()), panel.content


@pytest.fixture
def seed_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RaffzahnAdapter, "seed_of", lambda self, chance: 1)  # RULES.md §5.7


@LIVE
async def test_the_worked_example_through_the_bot(simcord_env, db_path, dice, seed_one) -> None:
    table = RaffTable(simcord_env, db_path)
    where = await table.start()
    alice, bob, cy = table.players
    dice.script((5,), (2,), (6,))
    r = await table.press(alice, where, "roll")
    assert r.ephemeral and r.response.content.startswith("👁️"), r.response.content
    public = table.round_message(where)
    assert "rolled **5**" in public.content and not CELL.search(public.content)
    for player in (bob, cy):
        await table.open_panel(player, where)
    await simcord_env.advance_time(1.8)
    r = await table.take(bob, where, "7B1")
    assert r.response.ephemeral
    await simcord_env.advance_time(1.3)
    await table.take(cy, where, "6C1")  # freed by Ben's take: Cid's panel was redrawn
    await simcord_env.advance_time(0.8)
    await table.take(alice, where, "7A1")
    await simcord_env.advance_time(0.3)
    r = await table.press(alice, where, "stop")
    assert not r.ephemeral, r.response.content
    await simcord_env.advance_time(4.8)
    await table.press(bob, where, "roll")
    await simcord_env.advance_time(2.5)
    await table.take(alice, where, "6A1")  # nobody can take anything more: closed by itself
    await simcord_env.advance_time(4.5)
    await table.press(cy, where, "roll")
    await simcord_env.advance_time(1.3)
    await table.take(cy, where, "7B2")
    await simcord_env.advance_time(58.6)  # t = 75.9 s: the round (rolled at 16 s) runs on
    assert [e["type"] for e in table.events()][-1] == "take"
    await simcord_env.advance_time(0.2)
    assert table.events() == WORKED_EXAMPLE
    engine = engine_of(db_path, table.game_id)
    assert engine.state.piles() == [2, 1, 2]
    assert "Dice taken" in table.round_message(where).content


@LIVE
async def test_panels_and_the_round_message_are_pictures_for_phones(
    simcord_env, db_path, dice, seed_one
) -> None:
    """My side is a picture of the seat's own wall (no code block: it wrapped on a phone),
    redrawn after a take; the round message's picture is as small and shows the takes of
    the round in the takers' colours."""
    table, where = await rolled_five(simcord_env, db_path, dice)
    alice, bob, cy = table.players
    bobs, cys = await table.open_panel(bob, where), await table.open_panel(cy, where)
    engine = engine_of(db_path, table.game_id)
    for seat, panel in enumerate((table.panel(where, alice), bobs, cys)):
        assert panel is not None
        await assert_own_side_only(panel, engine, seat)
        assert image_of(await wall_picture(panel)).width <= 600
    public = table.round_message(where)
    before = image_of(await public.attachments[0].read())
    assert before.width <= 600 and chips(before, 1) == 0
    await simcord_env.advance_time(1.0)
    await table.take(bob, where, "7B1")
    await simcord_env.advance_time(6.0)  # the round message's edit is paced
    engine = engine_of(db_path, table.game_id)
    cys = table.panel(where, cy)
    assert cys is not None and offers(cys, "6C1")  # freed by Ben's take, shows Cid a 5
    await assert_own_side_only(cys, engine, 2)
    public = table.round_message(where)
    after = image_of(await public.attachments[0].read())
    assert chips(after, 1) > 400 and chips(after, 0) == chips(after, 2) == 0


def image_of(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img.convert("RGB")


def chips(img: Image.Image, seat: int) -> int:
    """Pixels of ``seat``'s colour right of its name in the round picture: its takes."""
    y = 16 + seat * raffzahn_wall.SEAT_ROW_H
    box = img.crop((300, y, img.width - 16, y + raffzahn_wall.SEAT_ROW_H - 8))
    return sum(n for n, c in box.getcolors(1 << 16) or [] if c == SEAT_COLOURS[seat])


@LIVE
async def test_overlapping_clicks_count_in_the_order_received(
    simcord_env, db_path, dice, seed_one
) -> None:
    table, where = await rolled_five(simcord_env, db_path, dice)
    alice, bob, cy = table.players
    bobs, cys = await table.open_panel(bob, where), await table.open_panel(cy, where)
    alices = table.panel(where, alice)
    assert alices is not None and offers(alices, "7A1")
    assert offers(bobs, "7B1") and offers(bobs, "7B2")
    assert not [c for c in component_ids(cys) if c.startswith("raf:take:")]  # nothing shows 5
    await simcord_env.advance_time(1.0)
    results = await together(
        simcord_env,
        [
            Press(bob, bobs, take_id(bobs, "7B1")),
            Press(alice, alices, take_id(alices, "7A1")),
            Press(bob, bobs, take_id(bobs, "7B2")),  # from the panel drawn before his first
            Press(bob, bobs, take_id(bobs, "7B1")),  # a double click: taken already
        ],
    )
    assert [r.response.ephemeral for r in results] == [True] * 4
    assert results[3].response.content == "You took 7B1 already."
    takes = [(e["seat"], e["pos"]) for e in table.events() if e["type"] == "take"]
    assert takes == [(1, "7B1"), (0, "7A1"), (1, "7B2")]
    times = [e["t"] for e in table.events()]
    assert times == sorted(times) and times[1] >= 1000
    engine = engine_of(db_path, table.game_id)
    cys = table.panel(where, cy)  # redrawn: Ben's take freed 6C1, which shows Cid a 5
    assert cys is not None and offers(cys, "6C1")
    await assert_own_side_only(cys, engine, 2)
    public = table.round_message(where)
    assert "🔵 alice **1** · 🟢 bob **2** · 🟣 cy **0**" in public.content
    # STOP and a take at once: whichever the bot received first decides (RAF-3: no penalty)
    results = await together(
        simcord_env,
        [
            Press(alice, public, find_id(public, "raf:stop:")),
            Press(cy, cys, take_id(cys, "6C1")),
        ],
    )
    assert not results[0].ephemeral
    assert results[1].response.content == "Too late: the round is closed. 🔵 alice called STOP."
    assert [e["type"] for e in table.events()][-2:] == ["take", "stop"]
    assert engine_of(db_path, table.game_id).state.piles() == [1, 2, 0]


@LIVE
async def test_a_take_just_before_stop_counts(simcord_env, db_path, dice, seed_one) -> None:
    table, where = await rolled_five(simcord_env, db_path, dice)
    alice, bob, _cy = table.players
    bobs = await table.open_panel(bob, where)
    public = table.round_message(where)
    results = await together(
        simcord_env,
        [
            Press(bob, bobs, take_id(bobs, "7B2")),
            Press(alice, public, find_id(public, "raf:stop:")),
        ],
    )
    assert results[0].response.ephemeral and not results[1].ephemeral
    assert [(e["type"], e.get("pos")) for e in table.events()] == [
        ("roll", None),
        ("take", "7B2"),
        ("stop", None),
    ]


@LIVE
async def test_only_the_roller_calls_stop_and_rolls(simcord_env, db_path, dice, seed_one) -> None:
    table = RaffTable(simcord_env, db_path)
    where = await table.start()
    alice, bob, _cy = table.players
    r = await table.press(bob, where, "roll")
    assert r.ephemeral and r.response.content == "Only 🔵 alice rolls and calls STOP now."
    assert table.events() == []
    dice.script((5,))
    await table.press(alice, where, "roll")
    alices = table.panel(where, alice)  # the answer to the roll: the roller's panel
    assert alices is not None and "raf:stop:" in " ".join(component_ids(alices))
    bobs = await table.open_panel(bob, where)
    assert not [c for c in component_ids(bobs) if c.startswith("raf:stop:")]
    r = await table.press(bob, where, "stop")
    assert r.ephemeral and r.response.content == "Only 🔵 alice rolls and calls STOP now."
    assert [e["type"] for e in table.events()] == ["roll"]
    r = await table.press(alice, where, "stop")
    assert not r.ephemeral
    assert [e["type"] for e in table.events()] == ["roll", "stop"]
    alices = table.panel(where, alice)  # her panel, open since her roll, is redrawn too
    assert alices is not None and "Wait for the roll" in alices.content
    assert "raf:stop:" not in " ".join(component_ids(alices))
    closed = where.history()[-2]  # the round's message keeps only its outcome
    assert "alice called STOP" in closed.content and not component_ids(closed)
    assert "round 2" in table.round_message(where).content


@LIVE
async def test_clicks_a_round_no_longer_allows_are_refused_in_players_words(
    simcord_env, make_bot, db_path, dice, seed_one
) -> None:
    """A double Roll, STOP racing the deadline, a take from a panel of an earlier round (left
    open longer than its token, so never redrawn): each is refused saying what happened, never
    in the engine's words, and recorded nowhere."""
    table = RaffTable(simcord_env, db_path)
    where = await table.start()
    alice, bob, _cy = table.players
    dice.script((5,))
    public = table.round_message(where)
    roll = find_id(public, "raf:roll:")
    results = await together(simcord_env, [Press(alice, public, roll), Press(alice, public, roll)])
    assert results[0].response.content.startswith("👁️")
    assert results[1].response.content == (
        "The turquoise die is rolled already: take your dice under **My side**."
    )
    bobs = await table.open_panel(bob, where)
    assert take_id(bobs, "7B2").endswith(":7B2:1")  # the round the panel was drawn in
    await simcord_env.restart_bot(make_bot())
    alices = table.panel(where, alice)
    assert alices is not None
    await simcord_env.advance_time(59.9)
    simcord_env.bot.play.live_clocks.cancel()  # STOP arrives before the timer applies…
    simcord_env.bot.play.live.panels.clear()  # (and their tokens expired: never redrawn)
    await simcord_env.advance_time(0.2)
    r = await alice.click(alices, custom_id=find_id(alices, "raf:stop:"))
    assert r.response.content == "Too late: the round is closed. Time ran out."
    assert [e["type"] for e in table.events()] == ["roll", "timeout"]  # …the timeout first
    dice.script((3,))
    r = await table.press(bob, where, "roll")
    assert r.response.content.startswith("👁️"), r.response.content
    r = await bob.click(bobs, custom_id=take_id(bobs, "7B2"))  # round 1's panel, in round 2
    assert r.response.ephemeral and r.response.content == (
        "This panel is from an earlier round: press **My side** for the dice of this one."
    )
    assert [e["type"] for e in table.events()] == ["roll", "timeout", "roll"]


@LIVE
async def test_a_stop_from_a_panel_of_an_earlier_round_stops_nothing(
    simcord_env, make_bot, db_path, dice, seed_one
) -> None:
    """Alice's panel of round 1, left open longer than its token (so never redrawn), still
    shows her STOP; when she is the roller again in round 4, that STOP is refused as an earlier
    round's and round 4 goes on."""
    table = RaffTable(simcord_env, db_path)
    where = await table.start()
    alice, bob, cy = table.players
    dice.script((5,))
    await table.press(alice, where, "roll")
    alices = table.panel(where, alice)
    assert alices is not None and find_id(alices, "raf:stop:").endswith(":1")
    assert find_id(table.round_message(where), "raf:stop:").endswith(":1")
    simcord_env.bot.play.live.panels.clear()  # its token expired: the panel is never redrawn
    await table.press(alice, where, "stop")
    for player in (bob, cy):  # nobody takes: round 4's roll of 5 still offers dice
        dice.script((5,))
        await table.press(player, where, "roll")
        await table.press(player, where, "stop")
    dice.script((5,))
    await table.press(alice, where, "roll")
    assert "round 4" in table.round_message(where).content
    r = await alice.click(alices, custom_id=find_id(alices, "raf:stop:"))
    assert r.response.ephemeral and r.response.content == (
        "This panel is from an earlier round: press **My side** for the dice of this one."
    )
    assert [e["type"] for e in table.events()][-2:] == ["stop", "roll"]  # round 4 goes on
    r = await table.press(alice, where, "stop")  # the round message's STOP is round 4's
    assert [e["type"] for e in table.events()][-1] == "stop"


@LIVE
async def test_each_round_pings_the_person_who_must_roll_once(
    simcord_env, db_path, dice, seed_one
) -> None:
    """The game's intro pings the two who do not roll first (everyone plays every round), the
    first round message its roller; the roll, takes, panels and STOP ping nobody (edits), and
    the next round's message pings its roller alone."""
    table = RaffTable(simcord_env, db_path)
    since = len(simcord_env.http_requests)
    where = await table.start()
    alice, bob, cy = table.players
    assert notified(simcord_env, since) == [{bob.id, cy.id}, {alice.id}]
    assert f"<@{alice.id}>, roll" in table.round_message(where).content
    since = len(simcord_env.http_requests)
    dice.script((5,))
    await table.press(alice, where, "roll")
    await table.open_panel(bob, where)
    await table.take(bob, where, "7B1")
    await table.press(alice, where, "stop")
    assert notified(simcord_env, since) == [{bob.id}]
    assert f"<@{bob.id}>, roll" in table.round_message(where).content
    since = len(simcord_env.http_requests)
    r = await cy.slash(where, "dasspiel board")  # the round posted again: no second ping
    assert not r.ephemeral, r.response.content
    assert notified(simcord_env, since) == []


@COMPUTERS
async def test_computers_rounds_ping_nobody(simcord_env, db_path) -> None:
    """With two computers, only the person's own rounds ping them: the intro pings nobody
    (the first round calls them), the computers' rounds nobody."""
    table = RaffTable(simcord_env, db_path, names=("alice",), pictures=False)
    since = len(simcord_env.http_requests)
    where = await table.start(computers=("hard", "normal"))
    alice = table.players[0]
    assert notified(simcord_env, since) == [{alice.id}]
    since = len(simcord_env.http_requests)
    await table.press(alice, where, "roll")
    for _ in range(200):  # the round runs out; the computers roll and take in rounds 2 and 3
        if "round 4" in table.round_message(where).content:
            break
        await simcord_env.advance_time(2.0)
    assert table.status(db_path) == "running" and "round 4" in table.round_message(where).content
    assert notified(simcord_env, since) == [{alice.id}]


def engine_state(db_path: Path, game_id: int) -> dict[str, Any]:
    return stored(db_path, game_id)["state"]["engine"]


async def play_to_end(table: RaffTable, where, person, limit: int = 2000) -> int:
    """``person`` plays with computers: rolls on their turn, takes the first die their panel
    offers, calls STOP as roller once it offers nothing; time goes on between. Returns the
    dice the person took by clicks."""
    seat = table.players.index(person)
    taken = 0
    for _ in range(limit):
        if table.status(table.db_path) != "running":
            return taken
        s = engine_state(table.db_path, table.game_id)
        if s["phase"] == "roll" and s["roller"] == seat:
            r = await table.press(person, where, "roll")
            assert r.response.ephemeral, r.response.content
            continue
        if s["phase"] == "round":
            panel = table.panel(where, person)
            if panel is None or "Rolled" not in panel.content:
                panel = await table.open_panel(person, where)
            takes = [c for c in component_ids(panel) if c.startswith("raf:take:")]
            if takes:
                r = await person.click(panel, custom_id=takes[0])
                taken += r.response.content.startswith("👁️")  # the panel redrawn: taken
                await table.env.advance_time(0.5)
                continue
            if s["roller"] == seat:
                await table.press(person, where, "stop")
                continue
        await table.env.advance_time(2.0)
    raise AssertionError(f"no end after {limit} steps")


@COMPUTERS
async def test_a_person_and_two_computers_play_to_the_end(simcord_env, db_path) -> None:
    # no pictures (a whole game draws hundreds; the final one is drawn in the adapter's tests)
    table = RaffTable(simcord_env, db_path, names=("alice",), pictures=False)
    where = await table.start(computers=("hard", "normal"))
    alice = table.players[0]
    r = await alice.slash(where, "dasspiel export")
    assert r.ephemeral and "still running" in r.response.content
    taken = await play_to_end(table, where, alice)
    data = stored(db_path, table.game_id)
    assert data["status"] == "finished"
    game = replayed(db_path, table.game_id)
    adapter = installed()["raffzahn"]
    assert adapter.codec.same_state(game, adapter.codec.load(data["setup"], data["state"]))
    s = game.engine.state
    assert s.end_reason is not None and not s.pyramid.occupied & ~g.BOTTOM_MASK
    piles = s.piles()
    assert piles[0] == taken > 0 and piles[1] > 0 and piles[2] > 0
    final = where.last_message
    assert "Raffzahn #" in final.content and "is over" in final.content
    shown = [int(n) for n in re.findall(r"\*\*(\d+) dic?e taken\*\*", final.content)]
    assert sorted(shown) == sorted(piles)
    assert final.content.count("🏆") == len(s.winners) + 1
    assert not final.attachments and "Attach Files" in final.content
    r = await alice.slash(where, "dasspiel export")
    assert r.ephemeral and r.response.attachments
    record = json.loads(await r.response.attachments[0].read())
    assert record["game"] == "raffzahn" and record["events"] == data["events"]
    path = db_path.parent / "raffzahn.json"
    path.write_text(json.dumps(record))
    assert replay_main(["replay", str(path)]) == 0
    r = await alice.slash(table.channel, "dasspiel stats", game="raffzahn")
    assert not r.ephemeral and "Raffzahn stats" in r.response.embeds[0].title
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert fields["Dice taken"] == str(taken)


@LIVE
async def test_a_round_goes_on_after_a_restart_and_times_out_once(
    simcord_env, make_bot, db_path, dice, seed_one
) -> None:
    table, where = await rolled_five(simcord_env, db_path, dice)
    _alice, bob, cy = table.players
    bobs = await table.open_panel(bob, where)
    await simcord_env.advance_time(2.0)
    await table.take(bob, where, "7B1")
    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(1.0)
    bobs = table.panel(where, bob)
    assert bobs is not None
    r = await bob.click(bobs, custom_id=take_id(bobs, "7B2"))  # a panel from before the restart
    assert r.response.ephemeral and "Dice taken" in r.response.content
    cys = await table.open_panel(cy, where)
    assert offers(cys, "6C1")
    await assert_own_side_only(cys, engine_of(db_path, table.game_id), 2)
    await simcord_env.advance_time(56.9)  # t = 59.9 s: the round still runs
    assert [e["type"] for e in table.events()] == ["roll", "take", "take"]
    await simcord_env.restart_bot(make_bot())  # down when the deadline passes
    await simcord_env.advance_time(30.0)
    events = table.events()
    assert [e["type"] for e in events] == ["roll", "take", "take", "timeout"]
    assert events[-1]["t"] == 60_000
    assert "Time ran out." in " ".join(m.content for m in where.history())
    cys = table.panel(where, cy)  # opened before the restart, redrawn at the close
    assert cys is not None and "Time ran out." in cys.content and not component_ids(cys)
    assert [e["type"] for e in table.events()] == ["roll", "take", "take", "timeout"]
    assert engine_of(db_path, table.game_id).state.piles() == [0, 2, 0]
    assert "round 2" in table.round_message(where).content


@LIVE
async def test_a_seat_that_resigned_is_played_by_the_computer(
    simcord_env, db_path, dice, seed_one
) -> None:
    table = RaffTable(simcord_env, db_path)
    where = await table.start()
    alice, bob, _cy = table.players
    r = await bob.slash(where, "dasspiel resign")
    assert not r.ephemeral, r.response.content
    assert table.status(db_path) == "running"
    dice.script((5,))
    await table.press(alice, where, "roll")
    r = await table.press(bob, where, "side")
    assert r.ephemeral and "resigned" in r.response.content
    await simcord_env.advance_time(6.0)  # a normal computer spots a die within 6 s
    takes = [(e["seat"], e["pos"]) for e in table.events() if e["type"] == "take"]
    assert takes and all(seat == 1 for seat, _ in takes)
    assert {pos for _, pos in takes} <= {"7B1", "7B2"}  # what shows 5 to side Y


@LIVE
async def test_a_german_server_plays_in_german(simcord_env, db_path, dice, seed_one) -> None:
    from locales import translator

    de = translator("de")
    guild = simcord_env.create_guild("Klub", preferred_locale="de")
    table = RaffTable(simcord_env, db_path, guild=guild)
    where = await table.start()
    message = table.round_message(where)
    labels = [c.label for row in message.components for c in row.children]
    assert labels == [de("Roll"), de("My side")] and de("Roll") == "Würfeln"
    dice.script((5,))
    await table.press(table.players[0], where, "roll")
    message = table.round_message(where)
    assert de("round {n}", n=1) in message.content and "Runde 1" in message.content
    labels = [c.label for row in message.components for c in row.children]
    assert labels == ["STOPP", "Meine Seite"]


@LIVE
async def test_with_a_turn_timer_a_person_who_does_not_roll_is_rolled_for(
    simcord_env, db_path
) -> None:
    table = RaffTable(simcord_env, db_path)
    where = await table.start(timer=120)
    await simcord_env.advance_time(119.0)
    assert table.events() == []
    await simcord_env.advance_time(1.5)
    events = table.events()
    assert [(e["type"], e["seat"], e["t"]) for e in events[:1]] == [("roll", 0, 120_000)]
    rolled = f"rolled **{events[0]['value']}**"
    assert any(rolled in m.content for m in where.history())  # the round, or its outcome


@LIVE
async def test_the_roller_resigns_mid_round_and_the_computer_ends_it(
    simcord_env, db_path, dice, seed_one
) -> None:
    table, where = await rolled_five(simcord_env, db_path, dice)
    alice = table.players[0]
    r = await alice.slash(where, "dasspiel resign")
    assert not r.ephemeral, r.response.content
    await simcord_env.advance_time(7.0)  # the normal computer takes 7A1, then calls STOP
    events = table.events()
    assert [(e["type"], e.get("seat"), e.get("pos")) for e in events[1:]] == [
        ("resign", 0, None),
        ("take", 0, "7A1"),
        ("stop", 0, None),
    ]
    message = table.round_message(where)
    assert "round 2" in message.content and "🟢 bob" in message.content


Goal = Callable[[Raffzahn, int], Any]


def last_takes(engine: Raffzahn, t: int) -> tuple[int, list[tuple[int, int]]] | None:
    """A roll after which exactly two seats may take one die each, the second take ending the
    game (nothing left above the plate, nothing more to take): the roll and the two takes."""
    for v in range(1, 7):
        c = engine.copy()
        c.apply(Roll(c.state.roller, v, t))
        s = c.state
        if s.phase is not Phase.ROUND:
            continue
        takes = [(x, i) for x in range(3) for i in g.bits(s.takeable(x))]
        if len(takes) != 2 or takes[0][0] == takes[1][0]:
            continue
        c.apply(Take(*takes[0], t))
        if c.state.phase is Phase.ROUND and c.apply(Take(*takes[1], t)).end is not None:
            return v, takes
    return None


def nothing_to_take(engine: Raffzahn, t: int) -> int | None:
    """A roll nobody can take anything with, after which the game goes on."""
    for v in range(1, 7):
        c = engine.copy()
        result = c.apply(Roll(c.state.roller, v, t))
        if result.closed is not None and result.end is None:
            return v
    return None


def path_to(start: Raffzahn, t: int, goal: Goal) -> tuple[list[Any], Any]:
    """Rounds played on from ``start`` (rolls, takes from the plate first, STOPs; never the
    last die above the plate) to a position before a roll where ``goal`` finds what it wants."""
    for attempt in range(50):
        rng = random.Random(attempt)
        engine = start.copy()
        actions: list[Any] = []
        now = t
        while engine.state.phase is Phase.ROLL and len(actions) < 600:
            now += 1
            if (found := goal(engine, now)) is not None:
                return actions, found
            actions.append(Roll(engine.state.roller, rng.randint(1, 6), now))
            engine.apply(actions[-1])
            while engine.state.phase is Phase.ROUND:
                s = engine.state
                above = (s.pyramid.occupied & ~g.BOTTOM_MASK).bit_count()
                takes = [
                    Take(x, i, now)
                    for x in range(3)
                    for i in g.bits(s.takeable(x))
                    if g.BIT[i] & g.BOTTOM_MASK or above > 2
                ]
                actions.append(rng.choice(takes) if takes else Stop(s.roller, now))
                engine.apply(actions[-1])
    raise AssertionError("no such position found")


async def played_on(env, table: RaffTable, goal: Goal) -> tuple[Any, int]:
    """The running game played on (its log and state, stored) to where ``goal`` finds what it
    wants, and its round posted again (``/dasspiel board``): what the goal found, the roller."""
    await env.advance_time(1.0)  # the actions below are stamped before now
    store = env.bot.play.store
    row = await store.get(table.guild.id, table.game_id)
    engine = row.game.engine
    actions, found = path_to(engine, engine.state.clock.now, goal)
    for action in actions:
        ADAPTER.apply(row.game, action, None)
    await store.save(row)
    roller = row.game.engine.state.roller
    r = await table.players[roller].slash(table.channel.threads[-1], "dasspiel board")
    assert not r.ephemeral, r.response.content
    return found, roller


@LIVE
async def test_the_takes_that_end_the_game_are_answered_with_the_final_wall(
    simcord_env, db_path, dice, seed_one
) -> None:
    """The last two takes, received together: both count, each taker's answer and every open
    panel show the wall after the last take and how the game ended, and offer nothing."""
    table = RaffTable(simcord_env, db_path)
    where = await table.start()
    (value, takes), roller = await played_on(simcord_env, table, last_takes)
    players = table.players
    for seat in range(3):
        if seat != roller:
            await table.open_panel(players[seat], where)
    dice.script((value,))
    await table.press(players[roller], where, "roll")  # the roller's panel: its answer
    presses = []
    for seat, pos in takes:
        panel = table.panel(where, players[seat])
        assert panel is not None
        presses.append(Press(players[seat], panel, take_id(panel, g.LABELS[pos])))
    results = await together(simcord_env, presses)
    assert [(e["type"], e.get("pos")) for e in table.events()[-2:]] == [
        ("take", g.LABELS[pos]) for _, pos in takes
    ]
    assert table.status(db_path) == "finished"
    engine = engine_of(db_path, table.game_id)
    piles = engine.state.piles()
    for r in results:
        assert r.response.content.startswith("👁️"), r.response.content
    for player in players:
        panel = table.panel(where, player)
        assert panel is not None and not component_ids(panel), player.name
        assert "Only the plate is left: the most dice win." in panel.content
        assert f"{SEAT_MARKS[0]} alice **{piles[0]}**" in panel.content
        # the wall after both takes
        seat = players.index(player)
        assert await wall_picture(panel) == render_raffzahn_wall(engine.view(seat))


@LIVE
async def test_a_roll_nobody_can_take_from_tells_the_roller_what_was_rolled(
    simcord_env, db_path, dice, seed_one
) -> None:
    table = RaffTable(simcord_env, db_path)
    where = await table.start()
    value, roller = await played_on(simcord_env, table, nothing_to_take)
    dice.script((value,))
    r = await table.press(table.players[roller], where, "roll")
    assert r.ephemeral
    name = f"{SEAT_MARKS[roller]} {table.players[roller].name}"
    assert f"{name} rolled **{value}**" in r.response.content, r.response.content
    assert "Nobody took a die.\nNobody could take anything more." in r.response.content
    assert "Wait for the roll" in r.response.content  # the next round's
    assert not component_ids(table.panel(where, table.players[roller]))


@LIVE
async def test_panels_opened_before_a_restart_are_redrawn_after_every_take(
    simcord_env, make_bot, db_path, dice, seed_one
) -> None:
    """§5.5 step 4 across a restart: the panels kept their interaction's token with the game,
    so the new process redraws them when someone takes a die; once the round closes, none
    offers a take or STOP."""
    table, where = await rolled_five(simcord_env, db_path, dice)
    alice, bob, cy = table.players
    await table.open_panel(bob, where)
    cys = await table.open_panel(cy, where)
    assert not offers(cys, "6C1")
    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(1.0)
    r = await table.take(bob, where, "7B1")  # frees 6C1, which shows Cid a 5
    assert r.response.content.startswith("👁️")
    cys = table.panel(where, cy)
    assert cys is not None and offers(cys, "6C1")
    assert take_id(cys, "6C1").endswith(":1")
    alices = table.panel(where, alice)  # the roller's, opened by the roll before the restart
    assert alices is not None and "bob **1**" in alices.content
    r = await table.take(cy, where, "6C1")
    assert r.response.content.startswith("👁️")
    await table.press(alice, where, "stop")  # the round closes: no panel offers anything now
    for player in (alice, bob, cy):
        panel = table.panel(where, player)
        assert panel is not None and not component_ids(panel), player.name
        assert "alice called STOP." in panel.content


@pytest.mark.simcord(settle_timeout=1.0)
async def test_a_panel_answered_after_a_late_defer_is_redrawn_as_itself(
    simcord_env, simcord_bot, db_path, dice, seed_one, monkeypatch
) -> None:
    """**My side** answered after the bot deferred the click (a slow database): the panel is a
    followup, and the interaction's original message is the public round message. Redraws
    edit the panel by its id: the round message never shows a side's pips."""
    from tests.bot.play.test_robust_deadline import SLOW, slow

    table, where = await rolled_five(simcord_env, db_path, dice)
    _alice, bob, cy = table.players
    slow(monkeypatch, simcord_bot.store, "get")
    message = table.round_message(where)
    r = await cy.click(message, custom_id=find_id(message, "raf:side:"))
    await simcord_env.advance_time(SLOW)
    monkeypatch.undo()
    assert r.deferred
    cys = table.panel(where, cy)
    assert cys is not None and not offers(cys, "6C1")
    await table.open_panel(bob, where)
    await table.take(bob, where, "7B1")
    public = table.round_message(where)
    assert public.content.startswith("**Raffzahn #") and not CELL.search(public.content)
    assert "bob **1**" in public.content
    cys = table.panel(where, cy)
    assert cys is not None and offers(cys, "6C1")


@LIVE
async def test_a_redraw_discord_refused_is_drawn_again(
    simcord_env, db_path, dice, seed_one, net_faults
) -> None:
    """The round message's redraw after the Roll, and a panel's after a take, fail on the
    network: each is drawn again from the stored state a few seconds later, so nobody is left
    reading "roll the turquoise die" after the roll."""
    table = RaffTable(simcord_env, db_path)
    where = await table.start()
    alice, bob, cy = table.players
    await table.open_panel(cy, where)
    public = table.round_message(where)
    net_faults.inject("PATCH", f"/channels/*/messages/{public.id}", aiohttp.ClientOSError())
    dice.script((5,))
    r = await table.press(alice, where, "roll")
    assert r.response.content.startswith("👁️")
    assert "roll the turquoise die" in table.round_message(where).content  # refused
    await simcord_env.advance_time(3.0)
    assert "rolled **5**" in table.round_message(where).content
    await table.open_panel(bob, where)
    net_faults.inject(  # Alice's panel's and Cid's
        "PATCH", "/webhooks/*/messages/*", aiohttp.ServerDisconnectedError(), times=2
    )
    await table.take(bob, where, "7B1")  # frees 6C1 for Cid: his panel's redraw fails
    cys = table.panel(where, cy)
    assert cys is not None and not offers(cys, "6C1")
    await simcord_env.advance_time(3.0)
    cys = table.panel(where, cy)
    assert cys is not None and offers(cys, "6C1")
    alices = table.panel(where, alice)
    assert alices is not None and "bob **1**" in alices.content
    assert len(net_faults.raised) == 3


@LIVE
async def test_the_start_up_redraws_a_round_its_last_click_left_undrawn(
    simcord_env, make_bot, db_path, dice, seed_one, monkeypatch
) -> None:
    """The Roll is saved and answered, and the process dies before the round's redraw (which
    runs after the click, outside the lock): the next start draws the round message and the
    open panels from the stored state."""
    table = RaffTable(simcord_env, db_path)
    where = await table.start()
    alice, bob, _cy = table.players
    await table.open_panel(bob, where)
    monkeypatch.setattr(simcord_env.bot.play.draws, "queue", lambda row, channel: None)
    dice.script((5,))
    await table.press(alice, where, "roll")
    assert "roll the turquoise die" in table.round_message(where).content
    bobs = table.panel(where, bob)
    assert bobs is not None and "Wait for the roll" in bobs.content
    await simcord_env.restart_bot(make_bot())
    public = table.round_message(where)
    assert "rolled **5**" in public.content and find_id(public, "raf:stop:")
    bobs = table.panel(where, bob)
    assert bobs is not None and offers(bobs, "7B1")


@LIVE
async def test_panels_close_when_their_seat_resigns_or_the_game_ends_early(
    simcord_env, db_path, dice, seed_one
) -> None:
    """A panel offers nothing to a seat that resigned, nor once resignations or a cancel ended
    the game mid-round."""
    table, where = await rolled_five(simcord_env, db_path, dice)
    alice, bob, cy = table.players
    for player in (bob, cy):
        await table.open_panel(player, where)
    assert component_ids(table.panel(where, alice)) and component_ids(table.panel(where, bob))
    r = await bob.slash(where, "dasspiel resign")  # the computer plays his seat on
    assert not r.ephemeral and table.status(db_path) == "running"
    bobs = [m for m in where.history(viewer=bob) if m.flags.ephemeral][-1]
    assert bobs.content == "This panel is closed: nothing here is yours to do now."
    assert not component_ids(bobs) and component_ids(table.panel(where, alice))
    r = await cy.slash(where, "dasspiel resign")  # alice alone: the game ends
    assert table.status(db_path) == "finished"
    for player in (alice, cy):
        panel = [m for m in where.history(viewer=player) if m.flags.ephemeral][-1]
        assert not component_ids(panel), (player.name, panel.content)

    other = RaffTable(simcord_env, db_path, guild=simcord_env.create_guild())
    where = await other.start()
    dice.script((5,))
    await other.press(other.players[0], where, "roll")
    await other.open_panel(other.players[1], where)
    r = await other.players[0].slash(where, "dasspiel cancel")
    assert not r.ephemeral, r.response.content
    for player in other.players[:2]:
        panel = [m for m in where.history(viewer=player) if m.flags.ephemeral][-1]
        assert not component_ids(panel), (player.name, panel.content)


@LIVE
async def test_after_a_restart_the_newest_panel_is_the_one_redrawn(
    simcord_env, make_bot, db_path, dice, seed_one
) -> None:
    """Cid presses **My side** twice: the second panel is the one kept (and stored), so after
    a restart a take redraws it, not the first."""
    table, where = await rolled_five(simcord_env, db_path, dice)
    _alice, bob, cy = table.players
    await table.open_panel(bob, where)
    first = await table.open_panel(cy, where)
    await simcord_env.advance_time(1.0)
    second = await table.open_panel(cy, where)
    assert second.id != first.id
    await simcord_env.restart_bot(make_bot())
    await table.take(bob, where, "7B1")
    shown = {m.id: m for m in where.history(viewer=cy) if m.flags.ephemeral}
    assert offers(shown[second.id], "6C1") and not offers(shown[first.id], "6C1")
