"""Pacing the bot's public writes per channel: at most ``limit`` message creates and edits in any
``window`` seconds, so Discord never throttles a channel and pictures never lag behind.

What counts. Discord keys its per-route buckets by the top-level resource: the channel for
``POST /channels/{id}/messages`` (a create) and ``PATCH /channels/{id}/messages/{id}`` (an edit
through the channel), about 5 per 5 s per channel (observed; Discord says not to hard-code it).
Whether create and edit share one bucket is not documented (the ``X-RateLimit-Bucket`` header
may group routes), so both are counted together here: that is safe either way. Not counted,
because the channel's bucket does not limit them: an interaction's response (``POST
/interactions/{id}/{token}/callback``, a click's type 7 ``edit_message`` too: interaction
endpoints are exempt), and its followups and ``edit_original_response`` (``/webhooks/{app}/
{token}/…``: a bucket per interaction token). Deletes (``DELETE …/messages/{id}``, only when a
reminder replaces a turn message) have their own bucket and are left alone.

How. Every channel create and edit of the game platform goes through one ``ChannelPacer`` (the
bot owns it): a queue per channel, sent one at a time, in order, as the sliding window allows.
- An edit of a message whose edit still waits is merged into it (newer fields over older: one
  request with the newest state). A later state is never overwritten by an older one: edits of
  one message leave in the order they were asked for, merged or not, and a message is created
  before anything can edit it (its id comes from the create).
- A click's own answer edits its message through the interaction, unpaced: ``take`` first
  removes the edit of that message still waiting here (the answer carries its fields) and waits
  for one under way, so the older channel edit cannot land after the answer.
- Priorities: ``LOW`` (a live round's redraws, which the next redraw replaces anyway) leaves one
  request of the window free, so a round's end, the next round's message and other writes
  seldom wait; ``URGENT`` (a view that may be seen only for a while: Eintrichtern's 8 s sum) goes
  first, and ``hold`` keeps a request of the window free for it from a window before its due
  time until it leaves, so it is not late behind a busy channel: one request for each message
  held, since two such views can be due at once in one channel (a person's miss and the
  computer's right after it).
- No worker: each caller waits in its own task (a plain sleep until the window has room) and
  sends whichever write is due then, its own or one queued before it; a write nobody awaits
  (``edit_soon``) gets a small task of its own. So a wait is always a sleep, never a future
  some other sleeping task will resolve (SimCord's virtual time tells the two apart).
- A ``LOW`` edit nobody waits for (``edit_soon``) is tried again when it failed for a reason
  that may pass (``bot.core.failures.worth_retrying``); awaited writes raise to their caller, which
  knows what to do. Creates are never repeated here: a lost answer may hide a posted message.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.core.failures import DISCORD_FAILURES, worth_retrying

log = logging.getLogger(__name__)

LOW, NORMAL, URGENT = 0, 1, 2
LIMIT = 5  # creates and edits per channel …
WINDOW = 5.25  # … in any this many seconds (5 s, and a margin for the way to Discord)
RETRY_DELAYS = (1.0, 3.0, 9.0)  # a detached edit that failed for a reason that may pass
NAP = 0.01  # the shortest wait: the clock (discord.py's) counts whole microseconds

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


@dataclass(eq=False, slots=True)
class _Op:
    message_id: int | None  # None: a create
    fields: dict[str, Any]
    priority: int
    seq: int
    extra: dict[str, Any] = field(default_factory=dict)  # log fields of a detached edit
    detached: bool = False  # nobody awaits it: failures are logged and retried here
    failed: list[Callable[[BaseException], None]] = field(default_factory=list)  # … or told
    callers: int = 0  # tasks waiting for it
    tries: int = 0
    not_before: float = 0.0
    done: bool = False
    result: Any = None
    error: BaseException | None = None


@dataclass(eq=False, slots=True)
class _Channel:
    channel: Any
    queue: list[_Op] = field(default_factory=list)
    sent: deque[float] = field(default_factory=deque)  # when each request of the window left
    inflight: _Op | None = None
    inflight_done: asyncio.Future[None] | None = None
    holds: dict[int, tuple[float, float]] = field(default_factory=dict)  # message: (due, until)


class ChannelPacer:
    """Creates and edits of public messages, paced per channel (see the module's docstring).

    ``limit`` None: nothing is paced, but every write still takes the same way (the tests'
    default: their virtual seconds would cost real ones)."""

    def __init__(
        self,
        limit: int | None = LIMIT,
        window: float = WINDOW,
        *,
        clock: Clock,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self.sleep = sleep  # how it waits (SimCord tests make the wait virtual)
        self._channels: dict[int, _Channel] = {}
        self._tasks: set[asyncio.Task[None]] = set()  # detached edits' own tasks
        self._seq = 0
        self.sent = 0  # requests made, for benchmarks and logs

    # ------------------------------------------------------------------ writes

    async def send(self, channel: Any, content: str | None = None, **fields: Any) -> Any:
        """``channel.send(content, **fields)`` when the window has room; the message."""
        if content is not None:
            fields["content"] = content
        return await self._await(self._state(channel), self._add(channel, None, fields, NORMAL))

    async def edit(
        self, channel: Any, message_id: int, *, urgent: bool = False, **fields: Any
    ) -> None:
        """Edit a message through the channel when the window has room (merged into its edit
        that still waits, if any); raises what Discord raised."""
        op = self._add(channel, message_id, fields, URGENT if urgent else NORMAL)
        await self._await(self._state(channel), op)

    def edit_soon(
        self,
        channel: Any,
        message_id: int,
        extra: dict[str, Any] | None = None,
        *,
        failed: Callable[[BaseException], None] | None = None,
        **fields: Any,
    ) -> None:
        """A redraw nobody waits for (``LOW``): sent as the window allows, merged with newer
        edits of the message; if it fails, ``failed`` is told, else it is tried again when the
        failure may pass, or logged (with ``extra``)."""
        op = self._add(channel, message_id, fields, LOW, extra or {})
        if failed is not None:
            op.failed.append(failed)
        if not op.detached:
            op.detached = True
            self._detach(self._state(channel), op)

    async def take(self, channel_id: int, message_id: int) -> dict[str, Any]:
        """Before a message is edited another way (a click's answer): its edit waiting here is
        withdrawn and its fields returned (the answer sends them, its own over them); an edit
        of it under way is waited for."""
        state = self._channels.get(channel_id)
        if state is None:
            return {}
        pending: dict[str, Any] = {}
        for op in [o for o in state.queue if o.message_id == message_id]:
            state.queue.remove(op)
            pending = {**pending, **op.fields}
            op.done = True  # shown by the answer: its callers return
        if state.inflight is not None and state.inflight.message_id == message_id:
            assert state.inflight_done is not None
            await asyncio.shield(state.inflight_done)
        return pending

    async def room(self, channel_id: int, need: int = 2) -> None:
        """Wait until the channel could take ``need`` writes at once: background work (a
        computer's next action) waits here, before it takes its game's lock, so it never holds
        the lock while its writes wait, and plays no faster than the channel can show."""
        if self.limit is None:
            return
        while (state := self._channels.get(channel_id)) is not None:
            now = self._clock()
            held = len(self._kept(state, now))  # timed views due: their requests stay free
            free = max(0, self.limit - held - need)
            while state.sent and state.sent[0] <= now - self.window:
                state.sent.popleft()
            waiting = len(state.queue) + (state.inflight is not None)
            over = len(state.sent) + waiting - free
            if over <= 0:
                return
            if waiting or over > len(state.sent):
                await self.sleep(self.window / self.limit)  # others' writes go first
            else:
                await self.sleep(max(state.sent[over - 1] + self.window - now, NAP))

    def hold(self, channel: Any, message_id: int, due: float, until: float) -> None:
        """An ``URGENT`` edit of ``message_id`` is due at ``due``: from ``due - window`` on (a
        write sent then is still in the window at ``due``) one request of the window is kept
        for it, until that edit leaves or ``until`` at the latest. One request per message: a
        single one kept for the channel let the second of two views due at once wait for the
        window, a whole window at worst (an Eintrichtern sum shown past its 8 s)."""
        state = self._state(channel)
        _, ends = state.holds.get(message_id, (due, until))
        state.holds[message_id] = (due, max(until, ends))

    @staticmethod
    def _holds(state: _Channel, now: float) -> dict[int, tuple[float, float]]:
        """The channel's holds that have not ended (the others go)."""
        for message_id, (_, until) in list(state.holds.items()):
            if until <= now:
                del state.holds[message_id]
        return state.holds

    def _kept(self, state: _Channel, now: float) -> list[float]:
        """A request of the window is kept now for each ``URGENT`` edit due within a window:
        when each is free again at the latest."""
        holds = self._holds(state, now).values()
        return [until for due, until in holds if now >= due - self.window]

    def close(self) -> None:
        """At shutdown: detached edits still waiting are dropped."""
        for task in list(self._tasks):
            task.cancel()
        self._channels.clear()

    def busy(self) -> bool:
        """Whether any write waits or is under way, in any channel (benchmarks, tests)."""
        return any(s.queue or s.inflight is not None for s in self._channels.values())

    def waiting(self, channel_id: int) -> int:
        """Writes queued for the channel (not under way)."""
        state = self._channels.get(channel_id)
        return 0 if state is None else len(state.queue)

    # ---------------------------------------------------------------- the queue

    def _state(self, channel: Any) -> _Channel:
        state = self._channels.get(channel.id)
        if state is None:
            self._forget_idle()
            state = self._channels[channel.id] = _Channel(channel)
        state.channel = channel  # the newest handle (a thread reopened)
        return state

    def _forget_idle(self) -> None:
        """Channels with nothing queued, held or in their window are forgotten (no leak)."""
        now = self._clock()
        idle = [
            key
            for key, state in self._channels.items()
            if not state.queue
            and state.inflight is None
            and not self._holds(state, now)
            and (not state.sent or state.sent[-1] <= now - self.window)
        ]
        for key in idle:
            del self._channels[key]

    def _add(
        self,
        channel: Any,
        message_id: int | None,
        fields: dict[str, Any],
        priority: int,
        extra: dict[str, Any] | None = None,
    ) -> _Op:
        state = self._state(channel)
        op = None
        if message_id is not None:
            op = next((o for o in state.queue if o.message_id == message_id), None)
        if op is None:
            self._seq += 1
            op = _Op(message_id, fields, priority, self._seq, extra=extra or {})
            state.queue.append(op)
        else:  # one request with the newest fields; it keeps its place in the queue
            op.fields = {**op.fields, **fields}
            op.priority = max(op.priority, priority)
            op.extra = op.extra or extra or {}
            op.not_before = 0.0
        return op

    def _detach(self, state: _Channel, op: _Op) -> None:
        task = asyncio.create_task(self._await(state, op), name=f"pace-{state.channel.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _await(self, state: _Channel, op: _Op) -> Any:
        """Wait until ``op`` is sent (by this task or another waiting one); its result."""
        op.callers += 1
        try:
            while not op.done:
                if state.inflight is not None:
                    assert state.inflight_done is not None
                    await asyncio.shield(state.inflight_done)  # one request: short
                    continue
                now = self._clock()
                due, wake = self._next(state, now)
                if due is None:
                    await self.sleep(max(wake - now, NAP))
                    continue
                await self._send(state, due, now)
        finally:
            op.callers -= 1
            if not op.done and not op.callers and not op.detached and op in state.queue:
                state.queue.remove(op)  # every caller is gone (cancelled)
        if op.error is not None and not op.detached:
            raise op.error
        return op.result

    def _threshold(self, op: _Op, kept: int) -> int:
        """How many requests of the window ``op`` may find used and still go, ``kept`` of them
        being kept for views due soon."""
        assert self.limit is not None
        if op.priority == URGENT:
            return self.limit
        if op.priority == LOW:
            kept = max(1, kept)  # a redraw leaves the last request to any other write
        return max(0, self.limit - kept)

    def _next(self, state: _Channel, now: float) -> tuple[_Op | None, float]:
        """The write to send now, else None and when to look again."""
        while state.sent and state.sent[0] <= now - self.window:
            state.sent.popleft()
        order = sorted(state.queue, key=lambda o: (-o.priority, o.seq))
        kept = self._kept(state, now)
        freed = min(kept, default=now + self.window)  # a hold ending frees its request
        wake = now + self.window  # nothing queued that can go: look again later
        for op in order:
            if self.limit is None:
                room_at = now
            else:
                used, allowed = len(state.sent), self._threshold(op, len(kept))
                if used < allowed:
                    room_at = now
                elif allowed > 0:
                    room_at = min(state.sent[used - allowed] + self.window, freed)
                else:  # every request is kept for views due
                    room_at = freed
            ready_at = max(room_at, op.not_before)
            if ready_at <= now:
                return op, now
            wake = min(wake, ready_at)
        return None, wake

    async def _send(self, state: _Channel, op: _Op, now: float) -> None:
        state.queue.remove(op)
        if op.priority == URGENT and op.message_id is not None:
            state.holds.pop(op.message_id, None)  # its request is this one
        state.sent.append(now)
        self.sent += 1
        state.inflight = op
        state.inflight_done = asyncio.get_running_loop().create_future()
        try:
            op.result = await self._call(state.channel, op)
        except DISCORD_FAILURES as exc:
            self._failed(state, op, exc)
        except Exception as exc:  # a bug: its callers raise it, a detached edit logs it
            op.error = exc
            if op.detached:
                log.exception("a paced edit failed", extra=op.extra)
        finally:
            op.done = True
            state.inflight = None
            state.inflight_done.set_result(None)

    @staticmethod
    async def _call(channel: Any, op: _Op) -> Any:
        if op.message_id is None:
            return await channel.send(**op.fields)
        return await channel.get_partial_message(op.message_id).edit(**op.fields)

    def _failed(self, state: _Channel, op: _Op, exc: BaseException) -> None:
        op.error = exc
        if not op.detached:
            return
        if op.failed:  # its owners try again as they see fit (with a newer state)
            for tell in op.failed:
                tell(exc)
            return
        if worth_retrying(exc) and op.tries < len(RETRY_DELAYS):
            newer = next((o for o in state.queue if o.message_id == op.message_id), None)
            if newer is not None:  # a newer edit waits: it goes with this one's fields below
                newer.fields = {**op.fields, **newer.fields}
                if not newer.detached:
                    newer.detached = True
                    self._detach(state, newer)
                return
            again = _Op(op.message_id, op.fields, op.priority, op.seq, op.extra, True)
            again.tries = op.tries + 1
            again.not_before = self._clock() + RETRY_DELAYS[op.tries]
            state.queue.append(again)
            self._detach(state, again)
            return
        level = logging.INFO if isinstance(exc, discord.NotFound) else logging.WARNING
        log.log(level, "a paced edit was not sent: %r", exc, extra=op.extra)
