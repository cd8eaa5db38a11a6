"""No game stalls for ever: in a game without a turn timer, once the player on turn has been
away for a day, the other people of the game may vote to remove them (as on Board Game Arena,
where the opponents decide on a player out of time).

A sweep every few minutes lists the running games without a timer with the number of events in
their logs (``store.untimed_games``) and keeps a watch per game (``AwayWatch``, stored): since
when the log has not grown. A game whose log stood still for ``away`` seconds with a person on
turn gets a message in its thread with a **Vote to remove** button (``away:<game>:<events>``, a
DynamicItem: it works after a restart), mentioning the others once. Votes are stored with the
watch. A majority of the other people still in the game (the one on turn cannot vote) removes
the player as ``/<game> resign`` would: the game's own resign action (in Das Spiel the computer
plays the seat, in Spexxx and Spectrangle the seat leaves), then the platform's rules on who is
left (``settle_resignation``: too few players, or no person left, and the game ends). In a game
of live rounds the one "on turn" is the seat the round waits for (``waits_for``: Raffzahn's
roller before the roll, for whom nothing rolls without a timer); a game whose rounds wait for
nobody (Bunte Kuh: the bot rolls, a silent round is void) has nobody to vote on. Any move
in the game (the player came back) closes the vote; the next day away starts a new one. The
last person of a game, with nobody else to vote, leaves it after a week away: the game ends.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol, cast

import discord
from discord.ext import tasks

from bot.contract.adapter import GameAdapter
from bot.contract.capabilities import live_rounds, timed_views
from bot.contract.models import AwayWatch, GameRow, Status
from bot.contract.refusals import Refusal, refusal_text
from bot.core import text
from bot.core.failures import DISCORD_FAILURES
from bot.core.logs import ids
from bot.core.shards import ShardScope
from bot.flow import replies
from bot.flow.pacing import ChannelPacer
from bot.flow.replies import user_t
from bot.storage import GameStore
from locales import N_, Translator

log = logging.getLogger(__name__)

AWAY_SECONDS = 24 * 3600.0  # a day without a move by the player on turn
SWEEP_SECONDS = 300.0  # how often the games without a timer are looked at
PREFIX = "away:"
TEMPLATE = r"away:(?P<gid>\d{1,19}):(?P<events>\d{1,10})"
NOBODY = 0  # message_id of a watch whose away player nobody can vote on (no other person)
CALL = N_(
    "⏳ {name} has had the turn in {game} for a day without playing. {people}: you may vote to "
    "remove them, as with `/{group} resign` ({needed} of {count} votes needed). If they play "
    "first, the vote is over."
)
REMOVED = N_("{name} was removed from {game} by the other players' vote.")
PLAYED = N_("{name} played: the vote to remove them is over.")
ENDED = N_("The vote to remove {name} is over: the game ended.")
ALONE_DAYS = 7  # the last person, with nobody to vote, leaves after this many days away
GONE = N_(
    "{name} has not played in {game} for {days} days, and no other person is left to wait: "
    "they leave the game."
)
NO_MENTIONS = discord.AllowedMentions.none()


class TablePosts(Protocol):
    """What the vote needs of the flow's posting (``bot.flow.posting.Posting``)."""

    async def play_channel(self, row: GameRow) -> discord.abc.Messageable | None: ...

    async def close_turn_message(
        self,
        row: GameRow,
        channel: discord.abc.Messageable | None,
        message_id: int | None,
        *,
        lead: str = "",
    ) -> None: ...

    async def edit_stored_turn(
        self,
        row: GameRow,
        channel: discord.abc.Messageable,
        content: str,
        *,
        board: bool,
        message_id: int | None = None,
    ) -> None: ...

    async def after_turn(self, row: GameRow, channel: discord.abc.Messageable | None) -> None: ...


class TableLive(Protocol):
    """What a removal in a live game needs of its rounds (``bot.flow.live.LiveFlow``)."""

    def mark_due(self, row: GameRow) -> None: ...

    async def redraw_panels(
        self, row: GameRow, channel: object = None, *, closed: bool = False
    ) -> None: ...


class TableClocks(Protocol):
    """The live games' clocks (``bot.flow.live_clocks.LiveClocks``)."""

    def schedule(self, row: GameRow) -> None: ...


class Table(Protocol):
    """What the vote needs of the game flow (``bot.flow.play.PlayController``)."""

    def acting(self, game_id: int) -> AbstractAsyncContextManager[None]: ...

    def acting_unasked(self, guild_id: int, game_id: int) -> AbstractAsyncContextManager[None]: ...

    async def public_t(self, guild_id: int) -> Translator: ...

    def settle_resignation(self, row: GameRow) -> None: ...

    @property
    def posting(self) -> TablePosts: ...

    @property
    def live(self) -> TableLive: ...

    @property
    def live_clocks(self) -> TableClocks: ...


class AwayVotes:
    """The watch over games without a timer and the votes to remove a player gone away."""

    def __init__(
        self,
        store: GameStore,
        games: Mapping[str, GameAdapter[Any]],
        table: Table,
        pacer: ChannelPacer,
        clock: Callable[[], float],
        scope: ShardScope,
        end_turn: Callable[[GameRow], int | None],
        *,
        away: float = AWAY_SECONDS,
        sweep_seconds: float | None = None,
        ready: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.store = store
        self.games = games
        self.table = table
        self.pacer = pacer
        self.clock = clock
        self.scope = scope
        self.end_turn = end_turn
        self.away = away
        # looked at every 5 minutes (more often for a shorter ``away``: 1/24 of it)
        every = sweep_seconds or min(SWEEP_SECONDS, away / 24)
        self.loop = tasks.loop(seconds=every)(self.sweep)
        if ready is not None:
            self.loop.before_loop(ready)

    def start(self) -> None:
        if not self.loop.is_running():
            self.loop.start()

    def cancel(self) -> None:
        self.loop.cancel()

    # ------------------------------------------------------------------ the watch

    async def sweep(self) -> None:
        """One look at every game without a timer; an error is logged, the next look retries."""
        try:
            await self._sweep()
        except Refusal:
            pass  # shutting down
        except Exception:
            log.exception("the watch over games without a timer failed; tried again later")

    async def _sweep(self) -> None:
        listed = await self.store.untimed_games(self.scope)
        watches = {w.game_id: w for w in await self.store.away_watches(self.scope)}
        now = self.clock()
        for key, events in listed:
            watch = watches.pop(key.id, None)
            if watch is None or watch.events != events:  # new, or something happened
                if watch is not None and watch.message_id:
                    await self._close(watch)
                await self.store.save_away_watch(AwayWatch(key.guild_id, key.id, events, now))
            elif watch.message_id is None and now - watch.since >= self.away:
                await self._unasked(watch, self._call)
            elif watch.message_id == NOBODY and now - watch.since >= ALONE_DAYS * self.away:
                await self._unasked(watch, self._alone)
        for watch in watches.values():  # no longer running without a timer
            if watch.message_id:
                await self._close(watch)
            await self.store.drop_away_watch(watch.guild_id, watch.game_id)

    async def _unasked(
        self, watch: AwayWatch, step: Callable[[AwayWatch], Awaitable[None]]
    ) -> None:
        """``step`` under the game's lock; a failure is logged, the next look tries again."""
        try:
            async with self.table.acting_unasked(watch.guild_id, watch.game_id):
                await step(watch)
        except Refusal:
            raise
        except Exception:
            log.exception(
                "the watch of a game without a timer failed",
                extra={"guild": watch.guild_id, "game": watch.game_id},
            )

    async def _alone(self, watch: AwayWatch) -> None:
        """The last person of a game (nobody else to vote) away for a week: they leave, so
        the game ends (no person left) instead of waiting for ever."""
        row = await self.store.get(watch.guild_id, watch.game_id)
        seat = None if row is None else self._away_seat(row, watch)
        if row is None or seat is None or seat != watch.seat or self._voters(row, seat):
            return
        await self._remove(row, seat, await self.table.public_t(row.guild_id), None)

    def _away_seat(self, row: GameRow, watch: AwayWatch) -> int | None:
        """The person on turn in the watched state of a game without a timer (in live rounds:
        the one the round waits for), else None."""
        game = self.games.get(row.kind)
        if game is None or row.game is None or row.status is not Status.RUNNING:
            return None
        if row.turn_timer or row.event_count != watch.events:
            return None
        live = live_rounds(game)
        seat = (
            game.current(row.game) if live is None else next(iter(live.waits_for(row.game)), None)
        )
        if seat is None or row.players[seat].is_ai or game.resigned(row.game)[seat]:
            return None
        return seat

    def _voters(self, row: GameRow, away: int) -> list[int]:
        """The people who may vote on ``away``: every other person still in the game."""
        resigned = self.games[row.kind].resigned(row.game)
        return [
            p.user_id
            for s, p in enumerate(row.players)
            if s != away
            and not p.is_ai
            and not resigned[s]
            and p.user_id != row.players[away].user_id
        ]

    @staticmethod
    def needed(voters: int) -> int:
        """A majority of the other people."""
        return voters // 2 + 1

    async def _call(self, watch: AwayWatch) -> None:
        """Post the vote in the game's thread (once: the watch keeps the message)."""
        row = await self.store.get(watch.guild_id, watch.game_id)
        seat = None if row is None else self._away_seat(row, watch)
        if row is None or seat is None:
            return
        voters = self._voters(row, seat)
        if not voters:  # nobody to decide: the game waits for its last person
            watch.seat, watch.message_id = seat, NOBODY
            await self.store.save_away_watch(watch)
            return
        channel = await self.table.posting.play_channel(row)
        if channel is None:
            return  # tried again at the next sweep
        t = await self.table.public_t(row.guild_id)
        watch.seat, watch.voters = seat, ()
        content = self._words(t, row, watch, voters)
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(v) for v in voters]
        )
        try:
            message = await self.pacer.send(
                channel, content, view=self._view(t, row, watch), allowed_mentions=mentions
            )
        except DISCORD_FAILURES as exc:
            log.warning("the vote to remove was not posted: %r", exc, extra=ids(row))
            return  # tried again at the next sweep
        watch.message_id = message.id
        await self.store.save_away_watch(watch)
        log.info("vote to remove seat %d called", seat, extra=ids(row))

    def _words(self, t: Translator, row: GameRow, watch: AwayWatch, voters: list[int]) -> str:
        assert watch.seat is not None
        game = self.games[row.kind]
        return t(
            CALL,
            name=text.seat_label(t, row, watch.seat, self.games[row.kind].info.seat_marks),
            game=f"{game.info.title} #{row.id}",
            people=" ".join(f"<@{v}>" for v in voters),
            group=game.info.group,
            needed=self.needed(len(voters)),
            count=len(voters),
        ) + (
            "\n" + t("Votes so far: {names}.", names=", ".join(f"<@{v}>" for v in watch.voters))
            if watch.voters
            else ""
        )

    @staticmethod
    def _view(t: Translator, row: GameRow, watch: AwayWatch) -> discord.ui.View:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=t("Vote to remove"),
            emoji="🗳️",
            style=discord.ButtonStyle.danger,
            custom_id=f"{PREFIX}{row.id}:{watch.events}",
        )
        view = discord.ui.View(timeout=None)
        view.add_item(AwayItem(button, row.id, watch.events))
        view.stop()
        return view

    async def _close(self, watch: AwayWatch) -> None:
        """The player played: the vote's message says so, without its button (best effort)."""
        row = await self.store.get(watch.guild_id, watch.game_id)
        if row is None or watch.seat is None or not watch.message_id:
            return
        channel = await self.table.posting.play_channel(row)
        if channel is None:
            return
        t = await self.table.public_t(row.guild_id)
        try:
            await self.pacer.edit(
                channel,
                watch.message_id,
                content=t(
                    PLAYED if row.status is Status.RUNNING else ENDED,
                    name=text.seat_label(t, row, watch.seat, self.games[row.kind].info.seat_marks),
                ),
                view=None,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except DISCORD_FAILURES as exc:
            log.info("a closed vote's message not updated: %r", exc, extra=ids(row))

    # ------------------------------------------------------------------ the votes

    async def vote(self, interaction: discord.Interaction, game_id: int, events: int) -> None:
        """A click on **Vote to remove**: counted, and at a majority the player is removed;
        refused privately (changing nothing) for anyone who may not vote, or too late."""
        try:
            async with replies.in_time(interaction), self.table.acting(game_id):
                await self._vote(interaction, game_id, events)
        except Refusal as exc:
            try:
                await replies.send_message(
                    interaction, refusal_text(user_t(interaction), exc), ephemeral=True
                )
            except DISCORD_FAILURES as failure:
                log.warning("could not answer a vote: %r", failure)

    async def _vote(self, interaction: discord.Interaction, game_id: int, events: int) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal("Games are played in servers, not in direct messages.")
        row = await self.store.get(guild_id, game_id)
        watch = await self.store.away_watch(guild_id, game_id)
        seat = None
        if row is not None and watch is not None and watch.events == events and watch.message_id:
            seat = self._away_seat(row, watch)
        if row is None or watch is None or seat is None or seat != watch.seat:
            raise Refusal("This vote is over: the game has moved on since.")
        user = interaction.user.id
        if row.players[seat].user_id == user:
            raise Refusal("You have the turn: play it, and the vote is over.")
        voters = self._voters(row, seat)
        if user not in voters:
            raise Refusal("Only the other players of this game can vote.")
        if user in watch.voters:
            raise Refusal("You have voted already.")
        watch.voters = tuple(v for v in (*watch.voters, user) if v in voters)
        await self.store.save_away_watch(watch)
        log.info(
            "vote %d of %d to remove seat %d", len(watch.voters), len(voters), seat, extra=ids(row)
        )
        t = await self.table.public_t(row.guild_id)
        if len(watch.voters) < self.needed(len(voters)):
            await replies.edit_message(
                interaction,
                content=self._words(t, row, watch, voters),
                view=self._view(t, row, watch),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await self._remove(row, seat, t, interaction)

    async def _remove(
        self, row: GameRow, seat: int, t: Translator, interaction: discord.Interaction | None
    ) -> None:
        """The majority decided (``interaction``: the deciding vote), or the last person was
        away for a week: the seat leaves as with ``/<game> resign``."""
        game = self.games[row.kind]
        live = game.info.live  # as resign: the round goes on, a computer now plays the seat
        turn_no = game.turn_number(row.game)
        game.apply(row.game, game.resign_action(seat), None)
        self.table.settle_resignation(row)
        if game.finished(row.game):
            row.status = Status.FINISHED
        if live:
            self.table.live.mark_due(row)
        ended = self.end_turn(row) if not live or row.status is Status.FINISHED else None
        await self.store.save(row)
        await self.store.drop_away_watch(row.guild_id, row.id)
        if live:  # the new due time wakes the game; the removed seat's panel closes
            self.table.live_clocks.schedule(row)
            await self.table.live.redraw_panels(row)
        log.info("seat %d removed (%s)", seat, "vote" if interaction else "alone", extra=ids(row))
        name = text.seat_label(t, row, seat, self.games[row.kind].info.seat_marks)
        title = f"{game.info.title} #{row.id}"
        said = t(REMOVED if interaction else GONE, name=name, game=title, days=ALONE_DAYS)
        said += " " + game.resigned_text(t, name)
        channel = await self.table.posting.play_channel(row)
        try:
            if interaction is not None:
                await replies.edit_message(
                    interaction, content=said, view=None, allowed_mentions=NO_MENTIONS
                )
            elif channel is not None:
                await self.pacer.send(channel, said, allowed_mentions=NO_MENTIONS)
        except DISCORD_FAILURES as exc:
            log.warning("the removal not shown: %r", exc, extra=ids(row))
        if channel is None:
            return
        if ended is not None:  # the turn message of the turn that is over says so
            lead = f"**{game.info.title} #{row.id}** · " + t("turn {n}", n=turn_no) + " · " + said
            timed = timed_views(game)
            if timed is not None and timed.result_after_resign(row.game):
                await self.table.posting.close_turn_message(row, channel, ended, lead=f"{lead}\n")
            else:
                await self.table.posting.edit_stored_turn(
                    row, channel, lead, board=False, message_id=ended
                )
        await self.table.posting.after_turn(row, channel)


class _Owner(Protocol):
    """The bot, as the button sees it: it holds the ``AwayVotes`` part."""

    away_votes: AwayVotes


class AwayItem(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """The **Vote to remove** button, found again by its id after a restart."""

    def __init__(self, item: discord.ui.Button[Any], game_id: int, events: int) -> None:
        super().__init__(item)
        self.game_id, self.events = game_id, events

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any
    ) -> AwayItem:
        return cls(item, int(match["gid"]), int(match["events"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:  # type: ignore[override]
        owner = cast(_Owner, interaction.client)
        await owner.away_votes.vote(interaction, self.game_id, self.events)
