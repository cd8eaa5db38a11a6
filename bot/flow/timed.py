"""Messages that show a view only for a while (``TurnView.lasts``), then the game's later view.

A game asks for it where something may be seen only briefly (Eintrichtern's revealed funnel
sum, shown for 8 s). Each such message is stored with its due time before the view shows, and
changed when that time comes: by a one-shot ``discord.ext.tasks`` loop (the library's own wait,
as the turn timers' sweep uses), and after a restart by ``recover`` at start-up, so a view meant
for seconds is never left standing. A change Discord did not take (a network error, a 5xx) is
tried again with a capped backoff for as long as the process lives, and after a restart again;
one it refuses for good makes way for the later view posted anew (``Posting.show_later``).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any, Protocol

from discord.ext import tasks

from bot.contract.adapter import TurnView
from bot.contract.models import GameRow, TimedView
from bot.contract.refusals import Refusal
from bot.flow.background import GameWork
from bot.flow.ports import Locks, Shared
from bot.flow.timers import now

log = logging.getLogger(__name__)

# seconds before the next try of a change Discord did not take; the last repeats, so the
# message changes at most 30 s after Discord takes edits again
COVER_RETRY_DELAYS = (5.0, 10.0, 20.0, 30.0)
# A ``then`` key no game's view uses: the change is the platform's own, kept as it is because it
# cannot be made again from the game (an ended turn's words, an older message of a turn to go)
KEPT = "_kept"
SHOW = "show"  # the message shows ``lead`` as it is, without controls or picture
LOBBY = "_lobby"  # a kept change of the lobby message, in the channel the game was opened in
DELETE = "delete"  # the message goes
HOLD_AFTER_DUE = 2.0  # a timed view's channel keeps a request free until this long after its due


class Changes(Protocol):
    """The kept changes and later views, made (``bot.flow.posting.Posting``)."""

    async def make_kept(self, timed: TimedView) -> bool: ...

    async def show_later(self, timed: TimedView) -> bool: ...


class Host(Shared, Locks, Protocol):
    """What timed views need of the game flow (``bot.flow.play.PlayController``)."""

    @property
    def posting(self) -> Changes: ...


class TimedViews:
    def __init__(self, play: Host) -> None:
        self.play = play
        self._loops: dict[tuple[int, int], tasks.Loop[Any]] = {}  # by (game, message)
        self._now = GameWork()  # those due already (overdue at start-up)

    async def keep(self, row: GameRow, message_id: int, view: TurnView, lead: str) -> TimedView:
        """Store the message's timed view, before it shows: from now on it will change."""
        assert view.lasts is not None
        timed = TimedView(
            row.guild_id, row.id, message_id, now() + view.lasts, lead, dict(view.then)
        )
        await self.play.store.add_timed_view(timed)
        return timed

    async def keep_change(
        self, row: GameRow, message_id: int, content: str | None, *, lobby: bool = False
    ) -> None:
        """A change of an ended turn's message that Discord did not take now (a 5xx, the network):
        stored, and made in the background after ``COVER_RETRY_DELAYS[0]``, tried again as any timed
        view's, and after a restart too. ``content`` None: the message is deleted; ``lobby``: the
        message is the game's lobby message (how the game ended, the link to its standings)."""
        then: dict[str, Any] = {KEPT: DELETE if content is None else SHOW}
        if lobby:
            then[LOBBY] = True
        due = now() + COVER_RETRY_DELAYS[0]
        timed = TimedView(row.guild_id, row.id, message_id, due, content or "", then)
        await self.play.store.add_timed_view(timed)
        self.arm(timed)

    def arm(self, timed: TimedView, tries: int = 0) -> None:
        """Change the message when its time comes (at once if it has come)."""
        key = (timed.game_id, timed.message_id)
        if (old := self._loops.pop(key, None)) is not None:
            old.cancel()
        delay = timed.due - now()
        if delay <= 0:
            self._now.start(key, lambda: self._change(timed, tries), f"timed-{timed.game_id}")
            return

        async def wait_then_change() -> None:
            if loop.current_loop == 0:
                return  # ext.tasks waits after each run: the first run only starts the wait
            loop.stop()
            if self._loops.get(key) is loop:
                del self._loops[key]
            await self._change(timed, tries)

        loop = tasks.loop(seconds=delay, count=2)(wait_then_change)
        self._loops[key] = loop
        loop.start()

    async def recover(self) -> int:
        """At start-up: every stored timed view of this process's servers, armed again."""
        pending = await self.play.store.timed_views(self.play.scope)
        for timed in pending:
            self.arm(timed)
        for timed in pending:
            await self._hold(timed)
        if pending:
            log.info("%d timed views to change", len(pending))
        return len(pending)

    async def _hold(self, timed: TimedView) -> None:
        """A view re-armed at start-up keeps a request of its channel's window free until after
        its due time, as when it was shown (``Posting.close_turn_message``): the new process's
        pacer knew nothing of it, so recovery's posts, other games' turns and redraws could fill
        the window just before the change and make it wait a whole window (5.25 s) past its time."""
        if KEPT in timed.then:
            return  # a kept change hides nothing: it waits its turn
        try:
            row = await self.play.store.get(timed.guild_id, timed.game_id)
        except Exception:
            log.exception("a timed view's channel not held", extra={"game": timed.game_id})
            return  # it changes all the same, maybe a little later
        channel = None if row is None else self.play.bot.get_channel(row.play_channel_id)
        if channel is not None:
            self.play.pacer.hold(channel, timed.message_id, timed.due, timed.due + HOLD_AFTER_DUE)

    def cancel(self) -> None:
        """At shutdown: the stored views change after the restart."""
        for loop in self._loops.values():
            loop.cancel()
        self._loops.clear()

    @contextlib.asynccontextmanager
    async def _unlocked(self) -> AsyncIterator[None]:
        """A cover, outside its game's lock: an action holding it may wait for room in the
        channel (``flow.pacing``) for up to a window, and the cover, which only changes a message
        whose turn has ended, must not wait behind it; shutdown still waits for it."""
        if self.play.closing:
            raise Refusal("The bot is restarting. Try again in a few seconds.")
        async with self.play.busy():
            yield

    async def _change(self, timed: TimedView, tries: int) -> None:
        try:
            kept = KEPT in timed.then
            async with self.play.acting(timed.game_id) if kept else self._unlocked():
                change = self.play.posting.make_kept if kept else self.play.posting.show_later
                if await change(timed):
                    await self.play.store.drop_timed_view(
                        timed.guild_id, timed.game_id, timed.message_id
                    )
                    self.play.acted["timed view"] += 1
                    return
        except Refusal:
            return  # shutting down: the start-up changes it
        except Exception as exc:
            log.exception("timed view not changed", extra={"game": timed.game_id})
            self.play.bot.dispatch("game_failure", exc)
            return
        delay = COVER_RETRY_DELAYS[min(tries, len(COVER_RETRY_DELAYS) - 1)]
        if tries + 1 == len(COVER_RETRY_DELAYS):
            log.error(
                "a timed view still not changed after %d tries; trying on every %.0f s",
                tries + 1,
                delay,
                extra={"guild": timed.guild_id, "game": timed.game_id},
            )
        self.arm(replace(timed, due=now() + delay), tries + 1)
