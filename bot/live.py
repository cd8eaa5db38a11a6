"""Live rounds: games in which every seated player acts at once inside timed windows (Das Spiel's
race games), on the same per-game lock, storage and messages as the turn-based flow.

- A click is stamped with the time the bot received it (``bot.timers.now``: discord.py's clock,
  virtual under SimCord) before it waits for the game's lock; asyncio's lock serves waiters
  first come, first served, so clicks are applied in the order received.
- Before a click, and whenever the adapter's ``live_due`` comes, what is due by then (a window's
  timeout, a computer's claim, the next roll: ``live_step``) is applied first.
- The due time is stored with the game (``turn_due``): a task per game wakes at it, and the timer
  sweep applies anything overdue (after a restart too). Work nobody clicked runs under
  ``acting_unasked``: it saves before it posts, so across two processes it happens once.
- A round is the adapter's turn: when ``turn_number`` moves on, the round message keeps only
  ``turn_result`` and the next round's message (or the final standings) is posted.
- Private panels are ephemeral messages, one per seat. The interaction that showed a panel can
  edit it for 15 minutes (Discord's token), so the platform keeps it and redraws the open panels
  after a change (``redraw_panels``); a click on a panel always answers with the panel redrawn.
- A click is answered under the lock; the redraws it causes inside a round (the round message,
  the other panels) are queued and drawn outside it (``bot.round_draws``), so clicks received
  together do not wait for each other's pictures. A round's end is drawn under the lock.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import replies
from bot.adapters import adapter_for
from bot.components import build_view
from bot.failures import DISCORD_FAILURES
from bot.flow_parts import FlowParts
from bot.logs import ids
from bot.models import GameRow, Status
from bot.posting import NO_MENTIONS
from bot.refusals import Refusal, user_t
from bot.timers import end_turn, now
from games.common.errors import GameError
from locales import N_

if TYPE_CHECKING:
    from bot.adapter import Click
    from bot.play import PlayController
    from bot.round_draws import RoundDraws

log = logging.getLogger(__name__)

MAX_STEPS = 200  # due steps applied at once: more means an adapter that never stops being due
PANEL_TOKEN_SECONDS = 14 * 60  # an interaction edits its message for 15 minutes
PANEL_CLOSED = N_("This panel is closed: nothing here is yours to do now.")


class LiveClocks:
    """One sleeping task per live game, waking at its stored due time. A newer due time
    replaces a sleeping task; once awake, a task is no longer replaced (it holds the lock)."""

    def __init__(self, play: PlayController) -> None:
        self.play = play
        self._sleeping: dict[tuple[int, int], tuple[float, asyncio.Task[None]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def schedule(self, row: GameRow) -> None:
        key = (row.guild_id, row.id)
        due = row.turn_due if row.status is Status.RUNNING else None
        old = self._sleeping.get(key)
        if old is not None:
            if old[0] == due:
                return
            old[1].cancel()
            del self._sleeping[key]
        if due is None:
            return
        task = asyncio.create_task(self._run(key, due), name=f"live-{row.id}")
        self._sleeping[key] = (due, task)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel(self) -> None:
        for _, task in self._sleeping.values():
            task.cancel()
        self._sleeping.clear()

    async def _run(self, key: tuple[int, int], due: float) -> None:
        await asyncio.sleep(max(0.0, due - now()))
        if self._sleeping.get(key, (0.0, None))[1] is asyncio.current_task():
            del self._sleeping[key]  # awake: a new schedule starts a new task
        try:
            await self.play.live_wake(*key)
        except Refusal:
            pass  # shutting down: the sweep after the start applies it
        except Exception as exc:
            log.exception("live step failed", extra={"guild": key[0], "game": key[1]})
            self.play.bot.dispatch("game_failure", exc)


@dataclass(slots=True)
class _Panel:
    interaction: discord.Interaction
    shown: float  # POSIX time the interaction was received
    version: int  # the event count of the state it shows


class LiveFlow(FlowParts):
    """Clicks, due steps and private panels of live games; part of ``PlayController``."""

    live_clocks: LiveClocks
    panels: dict[tuple[int, int], _Panel]
    draws: RoundDraws

    # ------------------------------------------------------------------------ due steps

    def mark_due(self, row: GameRow) -> None:
        """Store the next due time with the game (saved with it: restarts keep it)."""
        game = adapter_for(row.kind)
        running = row.status is Status.RUNNING and row.game is not None
        row.turn_due = game.live_due(row.game) if running else None
        row.reminder_due = None

    def catch_up(self, row: GameRow, until: float) -> int:
        """Apply every step due by ``until`` (timeouts, computers' claims, rolls), in order;
        how many were applied."""
        game = adapter_for(row.kind)
        steps = 0
        while row.status is Status.RUNNING:
            due = game.live_due(row.game)
            if due is None or due > until:
                break
            action = game.live_step(row.game, until)
            if action is None:
                raise RuntimeError(f"{row.kind}: a step was due at {due} but none was given")
            game.apply(row.game, action, self.dice(row.id, row.event_count))
            steps += 1
            if game.finished(row.game):
                row.status = Status.FINISHED
            if steps > MAX_STEPS:
                raise RuntimeError(f"{row.kind}: more than {MAX_STEPS} steps due at once")
        return steps

    async def live_wake(self, guild_id: int, game_id: int) -> None:
        """A game's due time has come (its task woke): apply what is due."""
        async with self.acting_unasked(guild_id, game_id):
            row = await self.store.get(guild_id, game_id)
            if row is not None:
                await self.live_tick(row)

    async def live_tick(self, row: GameRow) -> None:
        """Apply what is due now to a game loaded under its lock, save, then show it."""
        game = adapter_for(row.kind)
        if row.status is not Status.RUNNING or row.game is None or not game.live:
            return
        if row.turn_message_id is None:
            return  # nobody was shown this round yet: posting it schedules the clock again
        round_before = game.turn_number(row.game)
        steps = self.catch_up(row, now())
        if not steps:
            self.mark_due(row)
            self.live_clocks.schedule(row)
            return
        ended = self._round_over(row, round_before)
        self.mark_due(row)
        await self.store.save(row)
        self.acted["live step"] += steps
        channel = await self.play_channel(row)
        if channel is not None:
            await self._show_change(row, channel, ended)
        self.live_clocks.schedule(row)

    async def _show_change(
        self, row: GameRow, channel: discord.abc.Messageable, ended: int | None
    ) -> None:
        """After a saved change under the lock: inside a round it is queued to be drawn after
        the lock; a round's end is shown at once (nothing queued is older than it then)."""
        if ended is None:
            self.draws.queue(row, channel)
            return
        await self.draws.settle(row.id)
        await self._show_public(row, channel, ended)
        await self.redraw_panels(row)

    async def draw_round(self, row: GameRow, channel: discord.abc.Messageable) -> None:
        """A queued state, drawn outside the lock: the round message, then the open panels
        (each only if it shows an older state)."""
        await self._show_public(row, channel, None)
        if not self.draws.newer_queued(row):
            await self.redraw_panels(row)

    def _round_over(self, row: GameRow, round_before: int) -> int | None:
        """After a change: if the round (the adapter's turn) ended, its message id (and no
        message is the round's now); else None."""
        game = adapter_for(row.kind)
        if row.status is Status.FINISHED or game.turn_number(row.game) != round_before:
            ended = end_turn(row)
            return ended if ended is not None else 0
        return None

    async def _show_public(
        self, row: GameRow, channel: discord.abc.Messageable, ended: int | None
    ) -> None:
        """The change in public: the round message redrawn, or (the round ended) it keeps its
        result and the next round or the final standings is posted."""
        if ended is not None:
            t = await self.public_t(row.guild_id)
            if ended:
                result = adapter_for(row.kind).turn_result(t, row)
                await self.edit_stored_turn(row, channel, result, board=False, message_id=ended)
            await self.after_turn(row, channel)
            return
        message_id = row.turn_message_id
        if not message_id or not hasattr(channel, "get_partial_message"):
            return
        if self.draws.stale(row, message_id) or self.draws.newer_queued(row):
            return
        t = await self.public_t(row.guild_id)
        fields = await self.turn_edit(t, row, channel)
        async with self.draws.sending(row.id):
            if self.draws.stale(row, message_id) or self.draws.newer_queued(row):
                return  # a newer state was shown (or waits) while this one was drawn
            self.draws.shown(row, message_id)
            try:
                await channel.get_partial_message(message_id).edit(**fields)
            except DISCORD_FAILURES as exc:
                log.warning("could not update the round message: %r", exc, extra=ids(row))

    # ---------------------------------------------------------------------------- clicks

    async def live_action(
        self, interaction: discord.Interaction, row: GameRow, seat: int, click: Click
    ) -> None:
        """A click in a live game, by any seat still playing, stamped ``click.at``."""
        game = adapter_for(row.kind)
        assert click.at is not None
        round_before = game.turn_number(row.game)
        steps = self.catch_up(row, click.at)
        ut = user_t(interaction)
        try:
            if row.status is not Status.RUNNING:
                raise Refusal("This game is over.")
            game.check_click(row, seat, click)
            outcome = game.click(row, seat, click, ut)
            if outcome.action is not None:
                game.apply(row.game, outcome.action, self.dice(row.id, row.event_count))
                if game.finished(row.game):
                    row.status = Status.FINISHED
        except (Refusal, GameError):
            if steps:  # what was due before the click happened all the same
                await self._saved_and_shown(interaction, row, round_before)
            raise
        changed = bool(steps) or outcome.action is not None
        ended = self._round_over(row, round_before) if changed else None
        if changed:
            self.mark_due(row)
            await self.store.save(row)
        if ended is not None:  # the round's end is answered and shown under the lock
            await self.draws.settle(row.id)
        channel = interaction.channel
        public_shown = False
        if outcome.private is not None:
            await self.tell(interaction, outcome.private)
        elif outcome.panel or click.private:
            await self._answer_with_panel(
                interaction, row, seat, edit=click.private, screen=outcome.screen
            )
        else:  # a click on the public message: its answer redraws that message
            public_shown = await self._answer_in_public(interaction, row, ended, outcome.screen)
        if changed and channel is not None:
            if ended is None:
                self.draws.queue(row, channel)  # what was answered already is not drawn again
            else:
                if not public_shown:
                    await self._show_public(row, channel, ended)
                else:
                    await self.after_turn(row, channel)
                await self.redraw_panels(row)
        if changed:
            self.live_clocks.schedule(row)

    async def _saved_and_shown(
        self, interaction: discord.Interaction, row: GameRow, round_before: int
    ) -> None:
        ended = self._round_over(row, round_before)
        self.mark_due(row)
        await self.store.save(row)
        if interaction.channel is not None:
            await self._show_change(row, interaction.channel, ended)
        self.live_clocks.schedule(row)

    async def _answer_in_public(
        self, interaction: discord.Interaction, row: GameRow, ended: int | None, screen: Any
    ) -> bool:
        """Answer a click on the round message by redrawing it (or, the round over, by its
        result); False if the clicked message is not the round's (an older one)."""
        message = interaction.message
        game = adapter_for(row.kind)
        t = await self.public_t(row.guild_id)
        try:
            if ended is not None and message is not None and message.id == ended:
                await replies.edit_message(
                    interaction,
                    content=game.turn_result(t, row),
                    attachments=[],
                    view=None,
                    allowed_mentions=NO_MENTIONS,
                )
                return True
            if ended is None and message is not None and message.id == row.turn_message_id:
                fields = await self.turn_edit(t, row, interaction.channel, screen)
                async with self.draws.sending(row.id):
                    self.draws.shown(row, message.id)
                    await replies.edit_message(interaction, **fields)
                return True
            await replies.edit_message(interaction, view=None)  # an older message: no controls
        except DISCORD_FAILURES as exc:
            log.warning("could not answer the click: %r", exc, extra=ids(row))
        return False

    # ---------------------------------------------------------------------------- panels

    async def panel_edit(
        self, row: GameRow, seat: int, interaction: discord.Interaction, screen: Any = None
    ) -> dict[str, Any] | None:
        """The seat's panel as message fields, in the language of the one who opened it;
        None when there is nothing private to show. A finished game's panel shows how it ended
        and offers nothing."""
        game = adapter_for(row.kind)
        t = user_t(interaction)
        shown = row.status in (Status.RUNNING, Status.FINISHED)
        view = game.panel_view(t, row, seat, screen) if shown else None
        if view is None:
            return None
        content, files = await self._with_picture(
            t, view.content, view.picture, interaction.channel
        )
        controls = (
            build_view(game.code, row.id, row.event_count, view.controls)
            if row.status is Status.RUNNING and view.controls is not None and view.controls.rows
            else None
        )
        return {"content": content, "attachments": files, "view": controls}

    async def _answer_with_panel(
        self,
        interaction: discord.Interaction,
        row: GameRow,
        seat: int,
        *,
        edit: bool,
        screen: Any = None,
    ) -> None:
        """The clicker's panel: a new ephemeral message, or (a click in the panel) the panel
        itself redrawn; kept to redraw it later."""
        fields = await self.panel_edit(row, seat, interaction, screen)
        key = (row.id, seat)
        async with self.draws.sending(row.id):
            try:
                if fields is None:
                    self.panels.pop(key, None)
                    closed = user_t(interaction)(PANEL_CLOSED)
                    if edit:
                        await replies.edit_message(
                            interaction, content=closed, attachments=[], view=None
                        )
                    else:
                        await self.tell(interaction, closed)
                    return
                if edit:
                    await replies.edit_message(interaction, **fields)
                else:
                    sent = {"content": fields["content"], "files": fields["attachments"]}
                    if fields["view"] is not None:
                        sent["view"] = fields["view"]
                    await replies.send_message(interaction, ephemeral=True, **sent)
            except DISCORD_FAILURES as exc:
                log.warning("could not show a private panel: %r", exc, extra=ids(row))
                return
            self._keep_panel(key, interaction, row.event_count)

    def _keep_panel(
        self, key: tuple[int, int], interaction: discord.Interaction, version: int
    ) -> None:
        t = now()
        self.panels[key] = _Panel(interaction, t, version)
        for old in [k for k, p in self.panels.items() if t - p.shown > PANEL_TOKEN_SECONDS]:
            del self.panels[old]

    async def redraw_panels(self, row: GameRow) -> None:
        """Redraw every open panel of the game that shows an older state (a clicker's panel
        answered with this state already is not drawn again)."""
        game = adapter_for(row.kind)
        if not game.redraw_panels:
            return
        for seat in range(len(row.players)):
            key = (row.id, seat)
            panel = self.panels.get(key)
            if panel is None or panel.version >= row.event_count:
                continue
            if now() - panel.shown > PANEL_TOKEN_SECONDS:
                del self.panels[key]
                continue
            fields = await self.panel_edit(row, seat, panel.interaction)
            async with self.draws.sending(row.id):
                if self.panels.get(key) is not panel or panel.version >= row.event_count:
                    continue  # answered or redrawn with a newer state meanwhile
                panel.version = row.event_count
                try:
                    if fields is None:
                        del self.panels[key]
                        closed = user_t(panel.interaction)(PANEL_CLOSED)
                        await panel.interaction.edit_original_response(
                            content=closed, attachments=[], view=None
                        )
                    else:
                        await panel.interaction.edit_original_response(**fields)
                except DISCORD_FAILURES as exc:
                    log.info("a private panel was not redrawn: %r", exc, extra=ids(row))
                    self.panels.pop(key, None)
