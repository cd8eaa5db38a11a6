"""What the slash commands do to a started game: resign, cancel, repost the board."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.contract.capabilities import timed_views
from bot.contract.models import GameRow, Status
from bot.contract.refusals import Refusal
from bot.core import text
from bot.core.failures import DISCORD_FAILURES, worth_retrying
from bot.core.logs import ids
from bot.flow import replies
from bot.flow.lobby import may_cancel
from bot.flow.messages import (
    game_ended,
    title,
)
from bot.flow.ports import Shared, Turns
from bot.flow.replies import user_t
from bot.flow.timers import (
    end_turn,
)
from locales import N_

if TYPE_CHECKING:
    from bot.contract.adapter import GameAdapter
    from bot.flow.live import LiveFlow
    from bot.flow.live_clocks import LiveClocks
    from bot.flow.results import ResultsControls
    from bot.flow.timed import TimedViews


log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()


def settle_resignation(game: GameAdapter[Any], row: GameRow) -> None:
    """After a seat left the game (resigned, or removed for missed turns): the game ends
    when too few players are left, and also when no human is left.

    Computers do not play on alone: they leave from the lowest score up until the rules end
    the game, so the best of them stays in and wins. Each step is a logged ``Resign``, so
    the stored state stays the replay of the log.
    """
    resigned = game.resigned(row.game)
    humans_in = [s for s, p in enumerate(row.players) if not p.is_ai and not resigned[s]]
    if not game.finished(row.game) and not humans_in:
        scores = game.scores(row.game)
        computers = [s for s, p in enumerate(row.players) if p.is_ai and not resigned[s]]
        for seat in sorted(computers, key=lambda s: (scores[s], -s)):
            if game.finished(row.game):
                break
            game.apply(row.game, game.resign_action(seat), None)
        row.status = Status.FINISHED
        row.note = N_("no human player left")
    elif game.finished(row.game):
        row.status = Status.FINISHED
        row.note = N_("too few players left")


class Host(Shared, Turns, Protocol):
    """What the game actions need of the game flow (``bot.flow.play.PlayController``)."""

    @property
    def timed(self) -> TimedViews: ...

    @property
    def live_clocks(self) -> LiveClocks: ...

    @property
    def results(self) -> ResultsControls: ...

    async def tell(self, interaction: discord.Interaction, message: str) -> None: ...

    @property
    def live(self) -> LiveFlow: ...


class GameActions:
    """Resign, cancel and board: a part of the game flow, given the flow (``Host``)."""

    def __init__(self, flow: Host) -> None:
        self.flow = flow

    async def resign(self, interaction: discord.Interaction, row: GameRow) -> None:
        game = self.flow.games[row.kind]
        seat = row.seat_of(interaction.user.id)
        if seat is None or game.resigned(row.game)[seat]:
            raise Refusal("You are not playing in this game.")
        on_turn = game.current(row.game) == seat and not game.info.live  # live: the round goes on
        turn_no = game.turn_number(row.game)
        game.apply(row.game, game.resign_action(seat), None)
        settle_resignation(game, row)
        if game.info.live:
            self.flow.live.mark_due(row)
        ended = end_turn(row) if on_turn or game.finished(row.game) else None
        await self.flow.store.save(row)
        if game.info.live:  # the new due time (a computer now plays the seat) wakes its game
            self.flow.live_clocks.schedule(row)
            await self.flow.live.redraw_panels(row)  # the resigner's closes; all, if the game ended
        log.info("seat %d resigned", seat, extra=ids(row))
        channel = interaction.channel
        t = await self.flow.public_t(row.guild_id)
        name = text.seat_label(t, row, seat, self.flow.games[row.kind].info.seat_marks)
        await self.announce(interaction, row, game.resigned_text(t, name))
        if ended is not None:  # the turn message of a turn that is over says so
            said = (
                f"**{title(self.flow.games[row.kind], row)}** · "
                + t("turn {n}", n=turn_no)
                + " · "
                + t("this turn ended: {name} resigned.", name=name)
            )
            # and what the computer then did for them
            timed = timed_views(game)
            if timed is not None and timed.result_after_resign(row.game):
                await self.flow.posting.close_turn_message(
                    row,
                    channel,  # type: ignore[arg-type]
                    ended,
                    lead=f"{said}\n",
                )
            else:
                await self.flow.posting.edit_stored_turn(
                    row,
                    channel,  # type: ignore[arg-type]
                    said,
                    board=False,
                    message_id=ended,
                )
        elif await self._refresh_turn(row, channel):  # type: ignore[arg-type]
            return  # the turn goes on: its message shows the resignation, no new call
        await self.flow.posting.after_turn(row, channel)  # type: ignore[arg-type]

    async def _refresh_turn(self, row: GameRow, channel: discord.abc.Messageable) -> bool:
        """Show a change outside the turn (a resignation) in the posted turn message itself, so
        the player on turn keeps their message and is not called again. False if it was not."""
        current = self.flow.games[row.kind].current(row.game)
        if not row.turn_message_id or current is None or row.players[current].is_ai:
            return False
        if not hasattr(channel, "get_partial_message"):
            return False
        t = await self.flow.public_t(row.guild_id)
        try:
            await self.flow.pacer.edit(
                channel, row.turn_message_id, **await self.flow.posting.turn_edit(t, row, channel)
            )
        except DISCORD_FAILURES as exc:
            log.warning("could not update the turn message: %r", exc, extra=ids(row))
            return False
        return True

    async def cancel(self, interaction: discord.Interaction, row: GameRow) -> None:
        if not may_cancel(interaction, row):
            raise Refusal("Only the host or someone with Manage Server can cancel this game.")
        row.status = Status.CANCELLED
        row.note = N_("cancelled")
        await self.flow.store.save(row)
        log.info("cancelled by %s", interaction.user.id, extra=ids(row))
        t = await self.flow.public_t(row.guild_id)
        await self.announce(
            interaction,
            row,
            t(
                "{game} was cancelled by {name}.",
                game=title(self.flow.games[row.kind], row),
                name=text.safe_name(interaction.user.display_name),
            ),
        )
        channel = await self.flow.posting.play_channel(row)
        if channel is not None:
            await self.flow.posting.strip_turn_message(row, channel)
        if row.game is not None:
            await self.flow.live.redraw_panels(row, closed=True)  # a live game's open panels close
            await self.mark_lobby_ended(row)

    async def mark_lobby_ended(self, row: GameRow, results: str | None = None) -> None:
        """The lobby message said the game had started: now it says how it ended, with a link
        to the final standings; an edit Discord did not take now (a 5xx, the network) is made
        later (``TimedViews.keep_change``), restart or not."""
        if row.lobby_message_id is None:
            return
        channel = self.flow.bot.get_channel(row.channel_id)
        if not hasattr(channel, "get_partial_message"):
            return
        t = await self.flow.public_t(row.guild_id)
        content = game_ended(t, self.flow.games[row.kind], row)
        if results:
            content += "\n" + t("Final standings: {link}", link=results)
        try:
            await self.flow.pacer.edit(
                channel,
                row.lobby_message_id,
                content=content,
                view=self.flow.results.view(t, row),  # a finished game's: Play again …
                allowed_mentions=NO_MENTIONS,
            )
        except DISCORD_FAILURES as exc:
            log.info("lobby message not updated: %r", exc, extra=ids(row))
            if worth_retrying(exc):
                await self.flow.timed.keep_change(row, row.lobby_message_id, content, lobby=True)

    async def announce(self, interaction: discord.Interaction, row: GameRow, content: str) -> None:
        """A public answer to a stored action; if Discord refuses it, a private word instead."""
        try:
            await replies.send_message(interaction, content, allowed_mentions=NO_MENTIONS)
        except DISCORD_FAILURES as exc:
            log.warning("could not announce: %r", exc, extra=ids(row))
            await self.flow.tell(
                interaction, user_t(interaction)("Done and saved:") + " " + content
            )

    async def repost(self, interaction: discord.Interaction, row: GameRow) -> None:
        """``/<game> board``: the current turn message again, in place of the old one. Its
        players and the server's managers may; the turn clock keeps running, nobody is pinged."""
        perms = getattr(interaction.user, "guild_permissions", None)
        if row.seat_of(interaction.user.id) is None and not (perms and perms.manage_guild):
            raise Refusal(
                "Only the players of this game or someone with Manage Server can post its board "
                "again."
            )
        channel = interaction.channel
        assert channel is not None
        if not await self.flow.posting.post_turn(row, channel, interaction, retry=False):  # type: ignore[arg-type]
            await self.flow.tell(
                interaction,
                user_t(interaction)("Discord did not accept the board; try again in a moment."),
            )
