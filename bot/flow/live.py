"""Live rounds: games in which every seated player acts at once inside timed windows (Das Spiel's
race games), on the same per-game lock, storage and messages as the turn-based flow.

- A click is stamped with the time the bot received it (``bot.flow.timers.now``: discord.py's clock,
  virtual under SimCord) before it waits for the game's lock; asyncio's lock serves waiters
  first come, first served, so clicks are applied in the order received.
- Before a click, and whenever the adapter's ``live_due`` comes, what is due by then (a window's
  timeout, a computer's claim, the next roll: ``live_step``) is applied first.
- The due time is stored with the game (``turn_due``): a task per game wakes at it, and the timer
  sweep applies anything overdue (after a restart too). Work nobody clicked runs under
  ``acting_unasked``: it saves before it posts, so across two processes it happens once.
- A round is the adapter's turn: when ``turn_number`` moves on, the round message keeps only
  ``turn_result`` and the next round's message (or the final standings) is posted.
- Private panels are ephemeral messages, one per seat. The token of the interaction that showed
  a panel edits it for 15 minutes, so the platform keeps token and message id (stored too: a
  restarted bot still redraws them) and redraws the open panels after a change
  (``redraw_panels``); a click on a panel always answers with the panel redrawn. A panel is
  edited by its own id, never as the interaction's original message: after a late defer of a
  click that original is the public round message.
- A redraw Discord refused for a reason that may pass is drawn again later, from the stored
  state (``redraw_later``); the start-up recovery redraws every open round and its panels.
- A click is answered under the lock; the redraws it causes inside a round (the round message,
  the other panels) are queued and drawn outside it (``bot.flow.round_draws``), so clicks received
  together do not wait for each other's pictures. A round's end is drawn under the lock.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

from bot.contract.capabilities import live_rounds, read_click
from bot.contract.models import GameRow, LivePanel, Status
from bot.contract.refusals import Refusal
from bot.core.failures import DISCORD_FAILURES, worth_retrying
from bot.core.logs import ids
from bot.flow import replies
from bot.flow.background import GameWork
from bot.flow.components import build_view
from bot.flow.ports import Locks, Shared, Turns
from bot.flow.replies import user_t
from bot.flow.timers import end_turn, now
from games.common.errors import GameError
from locales import N_, Translator, translator

if TYPE_CHECKING:
    from bot.contract.adapter import Click
    from bot.flow.live_clocks import LiveClocks
    from bot.flow.round_draws import RoundDraws

log = logging.getLogger(__name__)

MAX_STEPS = 200  # due steps applied at once: more means an adapter that never stops being due
PANEL_TOKEN_SECONDS = 14 * 60  # an interaction edits its message for 15 minutes
PANEL_STORE_SECONDS = 5 * 60  # a panel's token is stored again when this old
ORIGINAL = 0  # a panel's message id: the original response of its interaction
REDRAW_RETRY_DELAYS = (2.0, 5.0, 15.0, 45.0)  # a redraw Discord refused, drawn again
PANEL_CLOSED = N_("This panel is closed: nothing here is yours to do now.")
NO_MENTIONS = discord.AllowedMentions.none()


@dataclass(slots=True)
class _Panel:
    token: str  # the token of the interaction that showed it (or last answered in it)
    message_id: int  # the ephemeral message
    lang: str  # the language of the one who opened it
    shown: float  # POSIX time the interaction was received
    version: int  # the event count of the state it shows
    stored: float = 0.0  # when it was last stored (with its token)


class Host(Shared, Locks, Turns, Protocol):
    """What live rounds need of the game flow (``bot.flow.play.PlayController``)."""

    @property
    def live_clocks(self) -> LiveClocks: ...

    @property
    def draws(self) -> RoundDraws: ...

    async def tell(self, interaction: discord.Interaction, message: str) -> None: ...


class LiveFlow:
    """Clicks, due steps and private panels of live games: a part of the game flow, given the
    flow (``Host``)."""

    def __init__(self, flow: Host) -> None:
        self.flow = flow
        self.panels: dict[tuple[int, int], _Panel] = {}  # open private panels, by (game, seat)
        self.redrawing = GameWork()  # redraws tried again, one task per game
        self.redraw_failed: set[int] = set()  # games with a redraw Discord refused since
        self.storing: set[asyncio.Task[None]] = set()  # panels being stored

    # ------------------------------------------------------------------------ due steps

    def mark_due(self, row: GameRow) -> None:
        """Store the next due time with the game (saved with it: restarts keep it)."""
        live = live_rounds(self.flow.games[row.kind])
        running = row.status is Status.RUNNING and row.game is not None
        row.turn_due = live.live_due(row.game) if running and live is not None else None
        row.reminder_due = None

    def catch_up(self, row: GameRow, until: float) -> int:
        """Apply every step due by ``until`` (timeouts, computers' claims, rolls), in order;
        how many were applied."""
        game = self.flow.games[row.kind]
        live = live_rounds(game)
        steps = 0
        while row.status is Status.RUNNING and live is not None:
            due = live.live_due(row.game)
            if due is None or due > until:
                break
            action = live.live_step(row.game, until)
            if action is None:
                raise RuntimeError(f"{row.kind}: a step was due at {due} but none was given")
            game.apply(row.game, action, self.flow.dice(row.id, row.event_count))
            steps += 1
            if game.finished(row.game):
                row.status = Status.FINISHED
            if steps > MAX_STEPS:
                raise RuntimeError(f"{row.kind}: more than {MAX_STEPS} steps due at once")
        return steps

    async def live_wake(self, guild_id: int, game_id: int) -> None:
        """A game's due time has come (its task woke): apply what is due."""
        async with self.flow.acting_unasked(guild_id, game_id):
            row = await self.flow.store.get(guild_id, game_id)
            if row is not None:
                await self.live_tick(row)

    async def live_tick(self, row: GameRow) -> None:
        """Apply what is due now to a game loaded under its lock, save, then show it."""
        game = self.flow.games[row.kind]
        if row.status is not Status.RUNNING or row.game is None or not game.info.live:
            return
        if row.turn_message_id is None:
            return  # nobody was shown this round yet: posting it schedules the clock again
        round_before = game.turn_number(row.game)
        steps = self.catch_up(row, now())
        if not steps:
            self.mark_due(row)
            self.flow.live_clocks.schedule(row)
            return
        ended = self._round_over(row, round_before)
        self.mark_due(row)
        await self.flow.store.save(row)
        self.flow.acted["live step"] += steps
        channel = await self.flow.posting.play_channel(row)
        if channel is not None:
            await self._show_change(row, channel, ended)
        self.flow.live_clocks.schedule(row)

    async def _show_change(
        self, row: GameRow, channel: discord.abc.Messageable, ended: int | None
    ) -> None:
        """After a saved change under the lock: inside a round it is queued to be drawn after
        the lock; a round's end is shown at once (nothing queued is older than it then)."""
        if ended is None:
            self.flow.draws.queue(row, channel)
            return
        await self.flow.draws.settle(row.id)
        await self._show_public(row, channel, ended)
        await self.redraw_panels(row)

    async def draw_round(self, row: GameRow, channel: discord.abc.Messageable) -> None:
        """A queued state, drawn outside the lock: the round message, then the open panels
        (each only if it shows an older state)."""
        await self._show_public(row, channel, None)
        if not self.flow.draws.newer_queued(row):
            await self.redraw_panels(row)

    def _round_over(self, row: GameRow, round_before: int) -> int | None:
        """After a change: if the round (the adapter's turn) ended, its message id (and no
        message is the round's now); else None."""
        game = self.flow.games[row.kind]
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
            t = await self.flow.public_t(row.guild_id)
            if ended:
                result = self.flow.games[row.kind].turn_result(t, row)
                # the next round's message need not wait for it
                await self.flow.posting.edit_stored_turn(
                    row, channel, result, board=False, message_id=ended, wait=False
                )
            await self.flow.posting.after_turn(row, channel)
            return
        message_id = row.turn_message_id
        if not message_id or not hasattr(channel, "get_partial_message"):
            return
        if self.flow.draws.stale(row, message_id) or self.flow.draws.newer_queued(row):
            return
        t = await self.flow.public_t(row.guild_id)
        fields = await self.flow.posting.turn_edit(t, row, channel)
        async with self.flow.draws.sending(row.id):
            if self.flow.draws.stale(row, message_id) or self.flow.draws.newer_queued(row):
                return  # a newer state was shown (or waits) while this one was drawn
            self.flow.draws.shown(row, message_id)

            def failed(exc: BaseException) -> None:
                log.warning("could not update the round message: %r", exc, extra=ids(row))
                if worth_retrying(exc):
                    self.flow.draws.unshown(row, message_id)
                    self.redraw_later(row)

            # paced, merged with the next redraws, never awaited: neither the next click's
            # answer nor the round's end waits for room in the channel (``bot.flow.pacing``)
            self.flow.pacer.edit_soon(channel, message_id, ids(row), failed=failed, **fields)

    # ---------------------------------------------------------------------------- clicks

    async def live_action(
        self, interaction: discord.Interaction, row: GameRow, seat: int, click: Click
    ) -> None:
        """A click in a live game, by any seat still playing, stamped ``click.at``."""
        game = self.flow.games[row.kind]
        assert click.at is not None
        round_before = game.turn_number(row.game)
        steps = self.catch_up(row, click.at)
        ut = user_t(interaction)
        try:
            if row.status is not Status.RUNNING:
                raise Refusal("This game is over.")
            game.check_click(row, seat, click)
            outcome = read_click(game, row, seat, click, ut)
            if outcome.action is not None:
                game.apply(row.game, outcome.action, self.flow.dice(row.id, row.event_count))
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
            await self.flow.store.save(row)
        if ended is not None:  # the round's end is answered and shown under the lock
            await self.flow.draws.settle(row.id)
        channel = interaction.channel
        public_shown = False
        if outcome.private is not None:
            await self.flow.tell(interaction, outcome.private)
        elif outcome.panel or click.private:
            await self._answer_with_panel(
                interaction, row, seat, edit=click.private, screen=outcome.screen
            )
        else:  # a click on the public message: its answer redraws that message
            public_shown = await self._answer_in_public(interaction, row, ended, outcome.screen)
        if changed and channel is not None:
            if ended is None:
                self.flow.draws.queue(row, channel)  # what was answered already is not drawn again
            else:
                if not public_shown:
                    await self._show_public(row, channel, ended)
                else:
                    await self.flow.posting.after_turn(row, channel)
                await self.redraw_panels(row)
        if changed:
            self.flow.live_clocks.schedule(row)

    async def _saved_and_shown(
        self, interaction: discord.Interaction, row: GameRow, round_before: int
    ) -> None:
        ended = self._round_over(row, round_before)
        self.mark_due(row)
        await self.flow.store.save(row)
        if interaction.channel is not None:
            await self._show_change(row, interaction.channel, ended)
        self.flow.live_clocks.schedule(row)

    async def _answer_in_public(
        self, interaction: discord.Interaction, row: GameRow, ended: int | None, screen: Any
    ) -> bool:
        """Answer a click on the round message by redrawing it (or, the round over, by its
        result); False if the clicked message is not the round's (an older one)."""
        message = interaction.message
        game = self.flow.games[row.kind]
        t = await self.flow.public_t(row.guild_id)
        try:
            if ended is not None and message is not None and message.id == ended:
                await self.flow.posting.answer_edit(
                    interaction,
                    content=game.turn_result(t, row),
                    attachments=[],
                    view=None,
                    allowed_mentions=NO_MENTIONS,
                )
                return True
            if ended is None and message is not None and message.id == row.turn_message_id:
                fields = await self.flow.posting.turn_edit(t, row, interaction.channel, screen)
                async with self.flow.draws.sending(row.id):
                    self.flow.draws.shown(row, message.id)
                    await self.flow.posting.answer_edit(interaction, **fields)
                return True
            # an older message: no controls
            await self.flow.posting.answer_edit(interaction, view=None)
        except DISCORD_FAILURES as exc:
            log.warning("could not answer the click: %r", exc, extra=ids(row))
        return False

    # ---------------------------------------------------------------------------- panels

    async def panel_edit(
        self,
        row: GameRow,
        seat: int,
        t: Translator,
        channel: object,
        screen: Any = None,
    ) -> dict[str, Any] | None:
        """The seat's panel as message fields, in the language ``t`` of the one who opened
        it; None when there is nothing private to show. A finished game's panel shows how it
        ended and offers nothing."""
        game = self.flow.games[row.kind]
        shown = row.status in (Status.RUNNING, Status.FINISHED)
        if row.game is None or game.resigned(row.game)[seat]:
            shown = False  # a seat that left plays no more: its panel closes
        live = live_rounds(game)
        view = live.panel_view(t, row, seat, screen) if shown and live is not None else None
        if view is None:
            return None
        content, files = await self.flow.posting.with_picture(
            t, view.content, view.picture, channel
        )
        controls = (
            build_view(game.info.code, row.id, row.event_count, view.controls)
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
        t = user_t(interaction)
        fields = await self.panel_edit(row, seat, t, interaction.channel, screen)
        key = (row.id, seat)
        async with self.flow.draws.sending(row.id):
            try:
                if fields is None:
                    closed = t(PANEL_CLOSED)
                    if edit:
                        await replies.edit_message(
                            interaction, content=closed, attachments=[], view=None
                        )
                    else:
                        await self.flow.tell(interaction, closed)
                    if self.panels.pop(key, None) is not None:
                        await self.flow.store.drop_panel(row.guild_id, row.id, seat)
                    return
                message_id: int | None = None  # the interaction's original: the panel
                if edit:  # the clicked panel (also after a late defer: the clicked message)
                    await replies.edit_message(interaction, **fields)
                else:
                    sent = {"content": fields["content"], "files": fields["attachments"]}
                    if fields["view"] is not None:
                        sent["view"] = fields["view"]
                    message_id = await replies.send_message(interaction, ephemeral=True, **sent)
            except DISCORD_FAILURES as exc:
                log.warning("could not show a private panel: %r", exc, extra=ids(row))
                return
            panel = _Panel(
                interaction.token, message_id or ORIGINAL, t.lang, now(), row.event_count
            )
            await self._keep_panel(row, seat, panel, same=edit)

    async def _keep_panel(self, row: GameRow, seat: int, panel: _Panel, *, same: bool) -> None:
        """Keep the seat's panel to redraw it (``same``: the kept one, clicked in); stored
        when it is new or its stored token is old (so a click on a panel costs no write as a
        rule; a stored token still has five minutes or more when a restarted bot reads it)."""
        key = (row.id, seat)
        old = self.panels.get(key)
        if same and old is not None and old.lang == panel.lang:
            panel.stored = old.stored
        if panel.shown - panel.stored > PANEL_STORE_SECONDS:
            panel.stored = panel.shown
            stored = LivePanel(
                row.guild_id,
                row.id,
                seat,
                panel.token,
                panel.message_id,
                panel.lang,
                panel.shown,
                panel.version,
            )
            # not awaited: the click's answer does not wait for a write (and its sync)
            task = asyncio.create_task(self._store_panel(stored), name=f"panel-{row.id}")
            self.storing.add(task)
            task.add_done_callback(self.storing.discard)
        self.panels[key] = panel
        t = now()
        for gone in [k for k, p in self.panels.items() if t - p.shown > PANEL_TOKEN_SECONDS]:
            del self.panels[gone]

    async def _store_panel(self, panel: LivePanel) -> None:
        async with self.flow.busy():  # shutdown waits for it
            try:
                await self.flow.store.keep_panel(panel)
            except Exception:  # the panel works all the same, in this process
                log.exception(
                    "a private panel was not stored",
                    extra={"guild": panel.guild_id, "game": panel.game_id},
                )

    async def load_panels(self) -> int:
        """At start-up: the panels an earlier process kept whose tokens are still valid."""
        kept = await self.flow.store.live_panels(now() - PANEL_TOKEN_SECONDS, self.flow.scope)
        for p in kept:
            self.panels[(p.game_id, p.seat)] = _Panel(
                p.token, p.message_id, p.lang, p.shown, p.version, p.shown
            )
        return len(kept)

    async def _edit_panel(self, panel: _Panel, **fields: Any) -> None:
        """Edit a panel through its interaction's token: the original response, or the
        followup by its id (what the token's interaction is does not outlive a restart)."""
        app = self.flow.bot.application_id or 0
        webhook = discord.Webhook.partial(app, panel.token, client=self.flow.bot)
        if panel.message_id != ORIGINAL:
            await webhook.edit_message(panel.message_id, **fields)
            return
        # as ``Interaction.edit_original_response`` does it, from the token alone
        with handle_message_parameters(
            previous_allowed_mentions=self.flow.bot.allowed_mentions, **fields
        ) as params:
            await async_context.get().edit_original_interaction_response(
                app,
                panel.token,
                session=webhook.session,
                proxy=webhook.proxy,
                proxy_auth=webhook.proxy_auth,
                payload=params.payload,
                multipart=params.multipart,
                files=params.files,
            )

    async def redraw_panels(
        self, row: GameRow, channel: object = None, *, closed: bool = False
    ) -> None:
        """Redraw every open panel of the game that shows an older state (a clicker's panel
        answered with this state already is not drawn again); ``closed``: every one (the game
        was cancelled: a change without an event)."""
        game = self.flow.games[row.kind]
        if not game.info.redraw_panels:
            return
        for seat in range(len(row.players)):
            key = (row.id, seat)
            panel = self.panels.get(key)
            if panel is None or (panel.version >= row.event_count and not closed):
                continue
            if now() - panel.shown > PANEL_TOKEN_SECONDS:
                del self.panels[key]
                continue
            fields = await self.panel_edit(row, seat, translator(panel.lang), channel)
            async with self.flow.draws.sending(row.id):
                if self.panels.get(key) is not panel or (
                    panel.version >= row.event_count and not closed
                ):
                    continue  # answered or redrawn with a newer state meanwhile
                before, panel.version = panel.version, row.event_count
                try:
                    if fields is None:
                        del self.panels[key]
                        closed = translator(panel.lang)(PANEL_CLOSED)
                        await self._edit_panel(panel, content=closed, attachments=[], view=None)
                        await self.flow.store.drop_panel(row.guild_id, row.id, seat)
                    else:
                        await self._edit_panel(panel, **fields)
                except DISCORD_FAILURES as exc:
                    log.info("a private panel was not redrawn: %r", exc, extra=ids(row))
                    if worth_retrying(exc):
                        panel.version = min(panel.version, before)
                        self.panels.setdefault(key, panel)
                        self.redraw_later(row)
                    else:  # gone, or its token expired
                        self.panels.pop(key, None)

    # ------------------------------------------------------------------ redraws again

    def redraw_later(self, row: GameRow) -> None:
        """A redraw Discord refused for a reason that may pass: draw the game again soon,
        from its stored state (the newest then)."""
        self.redraw_failed.add(row.id)
        self.redrawing.start(
            (row.guild_id, row.id),
            lambda: self._redraw_again(row.guild_id, row.id),
            f"redraw-{row.id}",
        )

    async def _redraw_again(self, guild_id: int, game_id: int) -> None:
        for delay in REDRAW_RETRY_DELAYS:
            await asyncio.sleep(delay)
            self.redraw_failed.discard(game_id)
            try:
                async with self.flow.acting(game_id):
                    row = await self.flow.store.get(guild_id, game_id)
                    if row is None or row.game is None:
                        return
                    await self.redraw_stored(row)
            except Refusal:
                return  # shutting down: the start-up recovery redraws it
            except Exception as exc:
                log.exception("a round was not redrawn", extra={"game": game_id})
                self.flow.bot.dispatch("game_failure", exc)
                return
            if game_id not in self.redraw_failed:
                self.flow.acted["redrawn"] += 1
                return
        log.warning(
            "gave up redrawing after %d tries; the next change or a restart draws it",
            len(REDRAW_RETRY_DELAYS),
            extra={"guild": guild_id, "game": game_id},
        )

    async def redraw_stored(self, row: GameRow) -> None:
        """Under the game's lock: its round message (while one runs) and its open panels as
        the stored state says (each only if it shows an older state)."""
        channel = await self.flow.posting.play_channel(row)
        if row.status is Status.RUNNING and row.turn_message_id and channel is not None:
            await self._show_public(row, channel, None)
        await self.redraw_panels(row, channel)
