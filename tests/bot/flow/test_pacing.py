"""The per-channel pacer on its own: a fake channel, a fake clock moved by the test."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import pytest

from bot.flow.pacing import ChannelPacer


class FakeClock:
    """Seconds that pass only when the test says so; sleepers wake in order."""

    def __init__(self) -> None:
        self.t = 1000.0
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def __call__(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        future = asyncio.get_running_loop().create_future()
        self._sleepers.append((self.t + seconds, future))
        await future

    async def advance(self, seconds: float) -> None:
        target = self.t + seconds
        await settle()
        while True:
            live = [(t, f) for t, f in self._sleepers if not f.done()]
            self._sleepers = live
            due = [(t, f) for t, f in live if t <= target]
            if not due:
                break
            when = min(t for t, _ in due)
            self.t = max(self.t, when)
            for t, f in due:
                if t <= when:
                    f.set_result(None)
            await settle()
        self.t = target
        await settle()


async def settle() -> None:
    for _ in range(30):
        await asyncio.sleep(0)


@dataclass
class FakeMessage:
    id: int


@dataclass
class FakeChannel:
    """Records each request with the clock's time: ("send" | "edit", message id, fields)."""

    id: int
    clock: FakeClock
    calls: list[tuple[float, str, int, dict[str, Any]]] = field(default_factory=list)
    fail: list[BaseException] = field(default_factory=list)
    shown: dict[int, dict[str, Any]] = field(default_factory=dict)
    next_id: int = 100

    async def send(self, **fields: Any) -> FakeMessage:
        self.next_id += 1
        self.calls.append((self.clock(), "send", self.next_id, fields))
        self.shown[self.next_id] = dict(fields)
        return FakeMessage(self.next_id)

    def get_partial_message(self, message_id: int) -> Any:
        channel = self

        class Partial:
            async def edit(self, **fields: Any) -> FakeMessage:
                channel.calls.append((channel.clock(), "edit", message_id, fields))
                if channel.fail:
                    raise channel.fail.pop(0)
                channel.shown[message_id].update(fields)
                return FakeMessage(message_id)

        return Partial()


def most_in_window(times: list[float], window: float = 5.0) -> int:
    """The most requests in any ``window`` seconds (half-open)."""
    return max((sum(1 for u in times if t <= u < t + window) for t in times), default=0)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def failure(status: int) -> discord.HTTPException:
    response = type("R", (), {"status": status, "reason": "x"})()
    return discord.HTTPException(response, "failed")  # type: ignore[arg-type]


async def test_at_most_five_in_any_window_and_edits_merged(clock: FakeClock) -> None:
    pacer = ChannelPacer(clock=clock, sleep=clock.sleep)
    channel = FakeChannel(1, clock)
    message = await pacer.send(channel, "round")
    for n in range(30):  # a redraw per take: 30 in 3 s
        pacer.edit_soon(channel, message.id, content=f"state {n}")
        await clock.advance(0.1)
    await clock.advance(20)
    times = [t for t, *_ in channel.calls]
    assert most_in_window(times) <= 5
    assert len(channel.calls) < 10  # merged, not 31 requests
    assert channel.shown[message.id]["content"] == "state 29"  # the newest state shows


async def test_unpaced_sends_everything_at_once(clock: FakeClock) -> None:
    pacer = ChannelPacer(None, clock=clock, sleep=clock.sleep)
    channel = FakeChannel(1, clock)
    for n in range(8):
        await pacer.send(channel, f"m{n}")
    assert len({t for t, *_ in channel.calls}) == 1 and len(channel.calls) == 8


async def test_order_kept_and_merged_fields_older_under_newer(clock: FakeClock) -> None:
    pacer = ChannelPacer(clock=clock, sleep=clock.sleep)
    channel = FakeChannel(1, clock)
    first = await pacer.send(channel, "a")
    for n in range(4):
        await pacer.send(channel, f"fill {n}")
    pacer.edit_soon(channel, first.id, content="new", view="controls")
    pacer.edit_soon(channel, first.id, view=None)  # a partial edit keeps the other's content
    posted = asyncio.ensure_future(pacer.send(channel, "next"))
    await clock.advance(0.5)
    assert not posted.done()  # the window is full: the create waits
    await clock.advance(10)
    kinds = [(kind, fields.get("content")) for _, kind, _, fields in channel.calls[5:]]
    assert kinds == [("send", "next"), ("edit", "new")]  # the low redraw left room for it
    assert channel.shown[first.id] == {"content": "new", "view": None}
    assert posted.result().id == channel.calls[5][2]


async def test_take_withdraws_the_waiting_edit(clock: FakeClock) -> None:
    pacer = ChannelPacer(clock=clock, sleep=clock.sleep)
    channel = FakeChannel(1, clock)
    ids = [(await pacer.send(channel, f"m{n}")).id for n in range(5)]
    pacer.edit_soon(channel, ids[0], content="older state", attachments=["pic"])
    pending = await pacer.take(channel.id, ids[0])
    assert pending == {"content": "older state", "attachments": ["pic"]}
    await clock.advance(10)
    assert [kind for _, kind, *_ in channel.calls] == ["send"] * 5  # never sent after the answer


async def test_urgent_goes_first_and_held_slot_keeps_it_on_time(clock: FakeClock) -> None:
    pacer = ChannelPacer(clock=clock, sleep=clock.sleep)
    channel = FakeChannel(1, clock)
    shown = await pacer.send(channel, "sum 17")
    pacer.hold(channel, shown.id, clock() + 8, clock() + 8.5)  # the cover is due in 8 s
    turns = []
    for n in range(12):  # a busy channel meanwhile: a computer's turns
        turns.append(asyncio.ensure_future(pacer.send(channel, f"turn {n}")))
        await clock.advance(8 / 12)
    cover = asyncio.ensure_future(pacer.edit(channel, shown.id, urgent=True, content="covered"))
    await clock.advance(0.01)
    assert cover.done()  # at once, though turns wait
    times = [t for t, *_ in channel.calls]
    assert most_in_window(times) <= 5
    await clock.advance(30)
    assert all(turn.done() for turn in turns)
    assert most_in_window([t for t, *_ in channel.calls]) <= 5


async def test_awaited_edit_raises_and_detached_edit_is_tried_again(clock: FakeClock) -> None:
    pacer = ChannelPacer(clock=clock, sleep=clock.sleep)
    channel = FakeChannel(1, clock)
    message = await pacer.send(channel, "m")
    channel.fail.append(failure(500))
    with pytest.raises(discord.HTTPException):
        await pacer.edit(channel, message.id, content="x")
    channel.fail.append(aiohttp.ServerDisconnectedError())
    pacer.edit_soon(channel, message.id, content="y")
    await clock.advance(20)
    assert channel.shown[message.id]["content"] == "y"
    channel.fail.append(failure(404))  # refused for good: logged, not repeated
    pacer.edit_soon(channel, message.id, content="z")
    await clock.advance(20)
    assert channel.shown[message.id]["content"] == "y"
    assert [f.get("content") for _, kind, _, f in channel.calls if kind == "edit"] == [
        "x",
        "y",
        "y",
        "z",
    ]


async def test_channels_paced_apart_and_forgotten_when_idle(clock: FakeClock) -> None:
    pacer = ChannelPacer(clock=clock, sleep=clock.sleep)
    a, b = FakeChannel(1, clock), FakeChannel(2, clock)
    for n in range(5):
        await pacer.send(a, f"a{n}")
        await pacer.send(b, f"b{n}")
    assert {t for t, *_ in a.calls + b.calls} == {clock()}  # ten at once: five per channel
    await clock.advance(10)
    await pacer.send(FakeChannel(3, clock), "c")
    assert set(pacer._channels) == {3}


async def test_a_detached_edit_with_an_owner_tells_it_instead_of_trying_again(
    clock: FakeClock,
) -> None:
    pacer = ChannelPacer(clock=clock, sleep=clock.sleep)
    channel = FakeChannel(1, clock)
    message = await pacer.send(channel, "m")
    told: list[BaseException] = []
    channel.fail.append(failure(503))
    pacer.edit_soon(channel, message.id, content="round", failed=told.append)
    await clock.advance(20)
    assert [type(e) for e in told] == [discord.HTTPException]
    assert len([c for c in channel.calls if c[1] == "edit"]) == 1  # the owner redraws it


async def test_room_for_a_computer_keeps_the_held_request_free(clock: FakeClock) -> None:
    pacer = ChannelPacer(clock=clock, sleep=clock.sleep)
    channel = FakeChannel(1, clock)
    shown = [await pacer.send(channel, f"m{n}") for n in range(3)]
    ready = asyncio.ensure_future(pacer.room(channel.id))
    await clock.advance(0.1)
    assert ready.done()  # three used: room for an edit and a post
    pacer.hold(channel, shown[0].id, clock() + 1, clock() + 10)  # a cover is due: its request
    ready = asyncio.ensure_future(pacer.room(channel.id))
    await clock.advance(0.1)
    assert not ready.done()
    await clock.advance(6)
    assert ready.done()


async def test_each_held_cover_keeps_its_own_request_from_a_window_before_it_is_due(
    clock: FakeClock,
) -> None:
    """Two sums covered at the same second each keep a request; writes that leave the window
    before the covers are due may use all of it."""
    pacer = ChannelPacer(clock=clock, sleep=clock.sleep)
    channel = FakeChannel(1, clock)
    sums = [await pacer.send(channel, f"sum {n}") for n in range(2)]
    await clock.advance(6)
    due = clock() + 8
    for shown in sums:
        pacer.hold(channel, shown.id, due, due + 2)
    for n in range(5):  # gone from the window 2.75 s before the covers are due
        await pacer.send(channel, f"early {n}")
    assert {t for t, *_ in channel.calls[2:]} == {clock()}
    await clock.advance(6)  # due in 2 s
    turns = [asyncio.ensure_future(pacer.send(channel, f"turn {n}")) for n in range(5)]
    await clock.advance(0.01)
    assert sum(turn.done() for turn in turns) == 3  # two requests kept
    await clock.advance(2 - 0.01)
    edits = [pacer.edit(channel, shown.id, urgent=True, content="covered") for shown in sums]
    covers = [asyncio.ensure_future(edit) for edit in edits]
    await clock.advance(0.01)
    assert all(cover.done() for cover in covers)  # both on time
    await clock.advance(10)
    assert all(turn.done() for turn in turns)
    assert most_in_window([t for t, *_ in channel.calls]) <= 5
