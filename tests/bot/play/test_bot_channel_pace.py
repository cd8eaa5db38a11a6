"""Discord's per-channel limit in the real bot (SimCord): no channel ever gets more than 5
message creates and edits in any 5 s (``bot.flow.pacing``), with three people taking dice at once in
a Raffzahn round and with computers playing a game on their own, and the public message still
ends showing the newest state.

Every REST call the bot makes passes SimCord's router: the channel's creates and edits are
recorded there with the virtual time they reached "Discord" (interaction answers, followups and
panel edits are not: the channel's bucket does not limit them)."""

from __future__ import annotations

import asyncio
import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest

from locales import translator
from tests.bot.play.test_bot_eintrichtern import EinTable
from tests.bot.play.test_bot_raffzahn import RaffTable
from tests.dastable import DasTable
from tests.simtable import component_ids
from tests.together import Press, together

PACE = (5, 5.25)
CREATE = re.compile(r"^/channels/(\d+)/messages$")
EDIT = re.compile(r"^/channels/(\d+)/messages/\d+$")


class ChannelWrites:
    """(virtual seconds, method) of each create and edit, by channel id."""

    def __init__(self) -> None:
        self.by_channel: dict[int, list[tuple[float, str]]] = defaultdict(list)

    def wrap(self, dispatch: Callable[..., Any]) -> Callable[..., Any]:
        def dispatching(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            match = (CREATE if method == "POST" else EDIT if method == "PATCH" else None) or None
            found = match.match(path) if match is not None else None
            if found is not None:
                self.by_channel[int(found.group(1))].append((backend.clock.elapsed, method))
            return dispatch(backend, method, path, **kwargs)

        return dispatching

    def most_in_window(self, window: float = 5.0) -> int:
        """The most creates and edits any one channel got in any ``window`` seconds."""
        most = 0
        for writes in self.by_channel.values():
            times = [t for t, _ in writes]
            most = max([most, *(sum(1 for u in times if t <= u < t + window) for t in times)])
        return most


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> ChannelWrites:
    from simcord.http import router

    recorded = ChannelWrites()
    monkeypatch.setattr(router, "dispatch", recorded.wrap(router.dispatch))
    return recorded


@pytest.fixture
def simcord_bot(make_bot: Callable[..., Any]) -> Any:
    return make_bot(channel_pace=PACE)


@pytest.fixture(autouse=True, name="virtual_waits")
def virtual_waits_fixture(simcord_env: Any) -> None:
    virtual_waits(simcord_env)


def virtual_waits(simcord_env: Any) -> None:
    """The pacer's waits pass in virtual time only (``advance_time``): SimCord runs a short
    sleep in real time, and one firing in the middle of a click makes both miss their
    settling deadline."""
    pacer = simcord_env.bot.play.pacer

    async def sleep(seconds: float) -> None:
        await simcord_env.external_wait(asyncio.sleep(seconds), reason="the channel's window")

    pacer.sleep = sleep


async def shows_now(env: Any, table: DasTable, message: discord.Message) -> None:
    """The public message shows the state stored now (the newest), not an older one."""
    row = await env.bot.store.get(table.guild.id, table.game_id)
    expected = env.bot.play.turn_view(translator("en"), row).content
    assert message.content.startswith(expected), (message.content, expected)


@pytest.mark.simcord(settle_timeout=0.5)
async def test_three_people_taking_at_once_stay_within_the_channel_limit(
    simcord_env, db_path: Path, writes: ChannelWrites
) -> None:
    table = RaffTable(simcord_env, db_path, pictures=False)
    where = await table.start()
    people = table.players
    batches, last = 0, 0
    rounds = 6
    for n in range(rounds):  # one round after the other, as fast as people click
        # the next round's message may wait for room in the channel
        await until(simcord_env, lambda last=last: next_round(table, where, last))
        message = table.round_message(where)
        last = message.id
        roller = next(p for p in people if f"<@{p.id}>" in message.content)
        await roller.click(message, custom_id=ids_of(message, "raf:roll:")[0])
        if not ids_of(table.panel(where, roller), "raf:stop:"):
            continue  # nothing to take: closed at once
        for p in people:
            if p is not roller:
                message = table.round_message(where)
                await p.click(message, custom_id=ids_of(message, "raf:side:")[0])
        while ids_of(table.panel(where, roller), "raf:stop:") and (
            presses := [
                Press(p, panel, ids_of(panel, "raf:take:")[0])
                for p in people
                if ids_of(panel := table.panel(where, p), "raf:take:")
            ]
        ):
            await together(simcord_env, presses)
            batches += 1
            await simcord_env.advance_time(0.2)
        if n == rounds - 1 and ids_of(table.panel(where, roller), "raf:stop:"):
            await simcord_env.advance_time(6)  # what waits in the pacer is sent by now
            await shows_now(simcord_env, table, table.round_message(where))
        if stop := ids_of(table.panel(where, roller), "raf:stop:"):
            await roller.click(table.panel(where, roller), custom_id=stop[0])
        await simcord_env.advance_time(0.2)
    assert batches >= 5
    assert writes.most_in_window() <= 5, writes.by_channel[where.id]


def next_round(table: RaffTable, where: Any, last: int) -> bool:
    """A round message newer than ``last`` is posted, with its Roll."""
    message = table.turn_message(where)
    return message is not None and message.id != last and bool(ids_of(message, "raf:roll:"))


def ids_of(message: discord.Message | None, prefix: str) -> list[str]:
    return [c for c in component_ids(message) if c.startswith(prefix)] if message else []


async def until(env: Any, check: Callable[[], object], limit: float = 12.0) -> None:
    """Virtual time passes until ``check()`` holds (a write waiting for room is sent)."""
    waited = 0.0
    while not check():
        assert waited < limit, "still not there"
        await env.advance_time(0.25)
        waited += 0.25


@pytest.mark.simcord(settle_timeout=0.5)
async def test_computers_playing_on_their_own_stay_within_the_channel_limit(
    simcord_env, db_path: Path, writes: ChannelWrites
) -> None:
    """One person and five computers (``ai_delay`` 0: as fast as they can): five computer
    turns in a row between the person's, each lift a message edit, each miss shown for 8 s."""
    table = EinTable(simcord_env, db_path, names=("alice",))
    deny = discord.PermissionOverwrite(attach_files=False)  # no pictures: a faster test
    table.channel = table.guild.create_text_channel("plain", overwrites={table.guild.me: deny})
    where = await table.start(computers=("easy", "normal", "hard", "easy", "normal"))
    alice = table.players[0]
    turns = 0
    while len(writes.by_channel[where.id]) < 40 and table.status(db_path) == "running":
        message = table.turn_message(where)
        if message is not None and f"<@{alice.id}>, your turn" in message.content:
            await shows_now(simcord_env, table, message)  # after the computers' stretch
            await table.play_turn(where)
            turns += 1
        await simcord_env.advance_time(1.0)
    assert writes.most_in_window() <= 5, writes.by_channel[where.id]
    assert turns >= 1 and len(writes.by_channel[where.id]) >= 25


@pytest.mark.simcord(settle_timeout=0.5)
async def test_a_cover_rearmed_at_start_up_keeps_its_request_of_the_window(
    simcord_env, make_bot, db_path: Path, dice, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restart inside an Eintrichtern miss's 8 s: the new process's pacer starts with an empty
    window, and the channel's other writes (recovery's posts, other games, redraws) may fill it
    just before the cover is due. The re-armed cover keeps a request free as the first process's
    did (``ChannelPacer.hold``), so it lands at its due time, not a window (5.25 s) later."""
    from bot.adapters.eintrichtern import EintrichternAdapter
    from tests.bot.play.test_bot_eintrichtern import REVEALED, by_id

    monkeypatch.setattr(EintrichternAdapter, "seed_of", lambda self, chance: 20)
    dice.script((2, 3, 4))  # 9, and 1H5 holds 11: a miss
    table = EinTable(simcord_env, db_path)
    thread = await table.start()
    alice = table.players[0]
    await table.roll(alice, thread)
    result = await table.lift(alice, thread, "1H5")
    assert result.content.startswith(REVEALED)
    await simcord_env.advance_time(4)
    await simcord_env.restart_bot(make_bot(channel_pace=PACE))
    virtual_waits(simcord_env)
    bot = simcord_env.bot
    others: list[asyncio.Task[Any]] = []

    async def fill(said: discord.Message) -> None:  # the channel's other writes, all due now
        if said.author.id == alice.id and said.channel.id == thread.id:
            sends = [bot.play.pacer.send(said.channel, f"other {n}") for n in range(5)]
            others.extend(asyncio.ensure_future(send) for send in sends)

    bot.add_listener(fill, "on_message")
    await simcord_env.advance_time(3)  # the cover is due in 1 s
    await alice.send(thread, "fill")
    await simcord_env.advance_time(0.9)
    assert by_id(thread, result.id).content.startswith(REVEALED)
    await simcord_env.advance_time(0.2)  # due + 0.1 s
    assert by_id(thread, result.id).content.startswith("❌")
    await simcord_env.advance_time(6)
    assert len(others) == 5 and all(task.done() and not task.exception() for task in others)


@pytest.mark.simcord(settle_timeout=0.5)
async def test_a_cover_does_not_wait_behind_an_action_waiting_for_the_window(
    simcord_env, db_path: Path, dice, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The next player's lift just before a miss's cover is due: its next turn message waits
    for room in the channel, and the cover must not wait behind it for the game (it changes
    only a message whose turn has ended), else the sum shows up to a window (5.25 s) longer."""
    from bot.adapters.eintrichtern import EintrichternAdapter
    from tests.bot.play.test_bot_eintrichtern import REVEALED, by_id

    monkeypatch.setattr(EintrichternAdapter, "seed_of", lambda self, chance: 20)
    dice.script((2, 3, 4), (6, 6, 6))  # 9, and 1H5 holds 11: a miss; then bob's 18: a miss
    table = EinTable(simcord_env, db_path)
    thread = await table.start()
    alice, bob = table.players
    await table.roll(alice, thread)
    result = await table.lift(alice, thread, "1H5")
    assert result.content.startswith(REVEALED)
    bot = simcord_env.bot
    others: list[asyncio.Task[Any]] = []

    async def fill(said: discord.Message) -> None:  # the channel's other writes
        if said.author.id == alice.id and said.channel.id == thread.id:
            sends = [bot.play.pacer.send(said.channel, f"other {n}") for n in range(4)]
            others.extend(asyncio.ensure_future(send) for send in sends)

    bot.add_listener(fill, "on_message")
    await simcord_env.advance_time(4)
    await alice.send(thread, "fill")  # the window is full until 9.25 s (one request held)
    await simcord_env.advance_time(3.5)
    await table.roll(bob, thread)
    await table.lift(bob, thread)  # its next turn message waits until 9.25 s
    await simcord_env.advance_time(0.4)
    assert by_id(thread, result.id).content.startswith(REVEALED)
    await simcord_env.advance_time(0.2)  # due + 0.1 s
    assert by_id(thread, result.id).content.startswith("❌")
    await simcord_env.advance_time(12)
    assert len(others) == 4 and all(task.done() and not task.exception() for task in others)


@pytest.mark.simcord(settle_timeout=0.5)
async def test_two_covers_due_at_once_both_keep_their_request_of_the_window(
    simcord_env, db_path: Path, dice, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two misses in a row (a person's, then the next seat's at once, as a computer plays):
    both sums are covered at the same second, and the channel's other writes fill the window
    meanwhile. Each cover keeps its own request: with one kept for the channel the second
    waited for the window (crash_all: a computer's sum shown 10.75 s)."""
    from bot.adapters.eintrichtern import EintrichternAdapter
    from tests.bot.play.test_bot_eintrichtern import REVEALED, by_id

    monkeypatch.setattr(EintrichternAdapter, "seed_of", lambda self, chance: 20)
    dice.script((2, 3, 4), (6, 6, 6))  # 9, and 1H5 holds 11: a miss; then bob's 18: a miss
    table = EinTable(simcord_env, db_path)
    thread = await table.start()
    alice, bob = table.players
    await table.roll(alice, thread)
    first = await table.lift(alice, thread, "1H5")
    await table.roll(bob, thread)
    second = await table.lift(bob, thread)
    assert first.content.startswith(REVEALED) and second.content.startswith(REVEALED)
    bot = simcord_env.bot
    others: list[asyncio.Task[Any]] = []

    async def fill(said: discord.Message) -> None:  # the channel's other writes
        if said.author.id == alice.id and said.channel.id == thread.id:
            sends = [bot.play.pacer.send(said.channel, f"other {n}") for n in range(4)]
            others.extend(asyncio.ensure_future(send) for send in sends)

    bot.add_listener(fill, "on_message")
    await simcord_env.advance_time(4)
    await alice.send(thread, "fill")  # with the two turn messages of 0 s: the window is full
    await simcord_env.advance_time(3.9)
    assert by_id(thread, second.id).content.startswith(REVEALED)
    await simcord_env.advance_time(0.2)  # due + 0.1 s
    assert by_id(thread, first.id).content.startswith("❌")
    assert by_id(thread, second.id).content.startswith("❌")
    await simcord_env.advance_time(12)
    assert len(others) == 4 and all(task.done() and not task.exception() for task in others)
