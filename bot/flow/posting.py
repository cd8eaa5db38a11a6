"""Posting a game's messages: the turn (first post, repost, reminder), the ended turn, the final
standings, and after a restart or a refused post the turns nobody was shown."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.contract.adapter import GameAdapter, Picture
from bot.contract.capabilities import live_rounds, result_view, timed_views
from bot.contract.models import GameRow, Status, TimedView
from bot.contract.refusals import Refusal
from bot.core import text
from bot.core.failures import DISCORD_FAILURES, worth_retrying
from bot.core.logs import ids
from bot.flow import replies
from bot.flow.background import GameWork
from bot.flow.components import TEMPLATE
from bot.flow.messages import (
    ATTACH_FILES_NOTE,
    game_ended,
    game_over,
    verdict,
)
from bot.flow.ports import Locks, Shared
from bot.flow.stats import record_finished
from bot.flow.timed import DELETE, HOLD_AFTER_DUE, KEPT, LOBBY
from bot.flow.timers import (
    end_turn,
    start_turn_clock,
)
from bot.storage import CorruptGame, GameKey
from locales import Translator

if TYPE_CHECKING:
    from bot.contract.adapter import TurnView
    from bot.flow.live_clocks import LiveClocks
    from bot.flow.results import ResultsControls
    from bot.flow.timed import TimedViews

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()
DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's per-file limit without boosts
POSTED_UNREAD = 0  # turn_message_id of a turn posted through an interaction but not read back
# seconds between tries to post a turn nobody was shown; the last repeats for as long as the
# process lives: a network outage or Discord's 5xx passes, and the turn is shown soon after
POST_RETRY_DELAYS = (10.0, 20.0, 40.0, 80.0, 160.0, 300.0)
# after a refusal that will come again (403 no permission, 404 channel gone): hourly, so a
# channel the bot lost costs one invalid request an hour per game (Discord bans an IP that makes
# 10,000 in 10 minutes), and the game goes on by itself once the permission is back
POST_REFUSED_DELAY = 3600.0
LOOK_BACK = 10  # recent messages searched for a post of the bot whose id it never read


@dataclass
class Recovered:
    """What a start-up recovery did: turns posted (or to post), computer or live turns
    resumed, and the games it failed on, to try again after the next reconnect."""

    posted: int = 0
    resumed: int = 0
    failed: set[GameKey] = field(default_factory=set)


def mention_only(user_id: int) -> discord.AllowedMentions:
    return mention_users([user_id])


def mention_users(user_ids: Sequence[int]) -> discord.AllowedMentions:
    """Exactly these members may be pinged by a message's mentions; nobody else, no roles."""
    users = [discord.Object(user_id) for user_id in user_ids]
    return discord.AllowedMentions(everyone=False, roles=False, users=users)


def waited_people(game: GameAdapter[Any], row: GameRow) -> list[int]:
    """A live game's people the round waits for (``waits_for``): not computers, nor seats a
    computer plays since they resigned."""
    resigned = game.resigned(row.game)
    live = live_rounds(game)
    seats = live.waits_for(row.game) if live is not None else ()
    return [row.players[s].user_id for s in seats if not row.players[s].is_ai and not resigned[s]]


class Scheduled(Protocol):
    """Computers on turn, played in the background (``bot.flow.computer.ComputerTurns``)."""

    def schedule(self, row: GameRow) -> None: ...


class Lobbies(Protocol):
    """A finished game's lobby message (``bot.flow.game_actions.GameActions``)."""

    async def mark_lobby_ended(self, row: GameRow, results: str | None = None) -> None: ...


class Panels(Protocol):
    """A live game's private panels (``bot.flow.live.LiveFlow``)."""

    async def load_panels(self) -> int: ...

    async def redraw_stored(self, row: GameRow) -> None: ...


class Host(Shared, Locks, Protocol):
    """What posting needs of the game flow (``bot.flow.play.PlayController``)."""

    @property
    def timed(self) -> TimedViews: ...

    @property
    def computers(self) -> Scheduled: ...

    @property
    def live_clocks(self) -> LiveClocks: ...

    @property
    def results(self) -> ResultsControls: ...

    @property
    def actions(self) -> Lobbies: ...

    @property
    def live(self) -> Panels: ...

    async def public_t(self, guild_id: int) -> Translator: ...

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView: ...

    def controls(self, row: GameRow, view: TurnView) -> discord.ui.View | None: ...

    async def render(self, draw: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes: ...


class Posting:
    """Turn and result messages: a part of the game flow, given the flow (``Host``)."""

    def __init__(self, flow: Host) -> None:
        self.flow = flow
        self._retrying = GameWork()  # the tries of ``retry_post``, one per game
        # the version each such try goes on from
        self._post_versions: dict[tuple[int, int], int] = {}
        # unposted games the last sweep listed, with their versions
        self._unposted_seen: dict[GameKey, int] = {}

    async def after_turn(self, row: GameRow, channel: discord.abc.Messageable | None) -> None:
        """Post what comes next: the next turn, or the final standings."""
        channel = channel or await self.play_channel(row)
        if channel is None:
            log.warning("play channel %s is gone", row.play_channel_id, extra=ids(row))
            if row.status is Status.FINISHED:
                self.retry_post(row)  # the final standings, once the channel is reached
            return
        if row.status is Status.FINISHED:
            await self.post_final(row, channel)
        else:
            await self.post_turn(row, channel)

    async def play_channel(self, row: GameRow) -> discord.abc.Messageable | None:
        """Where the game is played; an archived thread is reopened first (edits in an archived
        thread fail, and a long turn timer can outlast the thread's archive duration)."""
        return (await self.reach_play_channel(row))[0]

    async def reach_play_channel(
        self, row: GameRow
    ) -> tuple[discord.abc.Messageable | None, BaseException | None]:
        """``play_channel``, and if it is not reached, why: ``NotFound`` (gone), another refusal,
        or a failure that may pass (``worth_retrying``)."""
        channel = self.flow.bot.get_channel(row.play_channel_id)
        if channel is None:
            try:
                channel = await self.flow.bot.fetch_channel(row.play_channel_id)
            except DISCORD_FAILURES as exc:
                log.info("play channel not fetched: %r", exc, extra=ids(row))
                return None, exc
        if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
            try:
                channel = await channel.edit(archived=False)
            except DISCORD_FAILURES as exc:
                log.warning("could not reopen the archived thread: %r", exc, extra=ids(row))
        return channel, None  # type: ignore[return-value]

    async def post_turn(
        self,
        row: GameRow,
        channel: discord.abc.Messageable,
        interaction: discord.Interaction | None = None,
        *,
        reminder: str = "",
        retry: bool = True,
    ) -> bool:
        """The turn message (board, mention, controls), stored as the game's turn message; False
        if Discord did not take it (see ``try_post_turn``)."""
        failure = await self.try_post_turn(
            row, channel, interaction, reminder=reminder, retry=retry
        )
        return failure is None

    async def try_post_turn(
        self,
        row: GameRow,
        channel: discord.abc.Messageable,
        interaction: discord.Interaction | None = None,
        *,
        reminder: str = "",
        retry: bool = True,
        look_back: bool = False,
    ) -> BaseException | None:
        """``post_turn``, saying why Discord did not take it: the HTTP error or the network
        exception; None once posted.

        A turn not posted yet (``turn_message_id`` None) gets its first message: the player is
        mentioned and the turn clock starts, but only once the message is really posted. Posting
        an already posted turn again (``/<game> board``, the half-time ``reminder`` line on top)
        keeps the clock, and only a reminder mentions the player again; the older message is
        then deleted: the new one takes its place, so no older message still says the turn runs
        or shows its clock. A live game's round pings the people it waits for (``waits_for``) in
        its first message only.

        A turn nobody was shown is tried again in the background (``retry_post``). A try again
        first ``look_back``s: a post Discord carried out although the bot was told it failed
        (a read timeout) is kept as the turn's message instead of being posted twice."""
        current = self.flow.games[row.kind].current(row.game)
        assert current is not None
        fresh = row.turn_message_id is None
        previous = row.turn_message_id
        if fresh and row.turn_due is None:  # a clock still running (message lost) keeps on
            start_turn_clock(self.flow.games[row.kind], row)
        t = await self.flow.public_t(row.guild_id)
        turn = self.flow.turn_view(t, row)
        content = f"{reminder}\n{turn.content}" if reminder else turn.content
        content, files = await self.with_picture(t, content, turn.picture, channel)
        player = row.players[current]
        live = self.flow.games[row.kind].info.live  # every seat plays at once: controls for all
        controls = None if player.is_ai and not live else self.flow.controls(row, turn)
        view = discord.utils.MISSING if controls is None else controls
        if live:  # a round pings whom it waits for, once: when its message is first posted
            called = waited_people(self.flow.games[row.kind], row) if fresh else []
        else:
            ping = (fresh or bool(reminder)) and not player.is_ai
            called = [player.user_id] if ping else []
        mentions = mention_users(called) if called else NO_MENTIONS
        posted = False
        failure: BaseException | None = None
        try:
            found = None
            if fresh and look_back and interaction is None:
                found = await self._posted_unseen(row, channel, content, controls)
            if found is not None:
                log.info("the turn's post went through unseen: kept", extra=ids(row))
                row.turn_message_id = found
                posted = True
            elif interaction is not None:
                await replies.send_message(
                    interaction, content, files=files, view=view, allowed_mentions=mentions
                )
                posted = True
                row.turn_message_id = POSTED_UNREAD  # posted, but which message is it?
                row.turn_message_id = (await interaction.original_response()).id
            else:
                row.turn_message_id = (
                    await self.flow.pacer.send(
                        channel, content, files=files, view=view, allowed_mentions=mentions
                    )
                ).id
                posted = True
        except DISCORD_FAILURES as exc:
            if posted:  # its buttons work all the same: they carry the game and turn
                log.warning("turn message posted but not read back: %r", exc, extra=ids(row))
            else:
                failure = exc
                log.warning("could not post the turn message: %r", exc, extra=ids(row))
        if failure is not None and not fresh and controls is not None and interaction is None:
            found = await self._posted_again(row, channel, content, controls, failure, previous)
            if found is not None:
                log.info("the turn's post again went through unseen: kept", extra=ids(row))
                row.turn_message_id, posted, failure = found, True, None
        if fresh and not posted:
            end_turn(row)  # nobody was shown this turn: no clock runs for it
        await self.flow.store.save(row)
        if posted and previous is not None:
            for older in await self._known(row, channel, previous, keep=row.turn_message_id):
                await self._retire_turn_message(row, channel, older)
        if posted and live:
            self.flow.live_clocks.schedule(row)
        elif posted and player.is_ai:
            self.flow.computers.schedule(row)
        if fresh and not posted and retry:
            self.retry_post(row)
        return failure

    async def _posted_unseen(
        self,
        row: GameRow,
        channel: discord.abc.Messageable,
        content: str,
        controls: discord.ui.View | None,
        *,
        besides: int | None = None,
    ) -> int | None:
        """The id of this very turn's message among the channel's last few (but ``besides``), if
        an earlier post reached Discord while the bot was told it failed (or a crash came before
        its id was saved). A turn with controls is known by them (they carry the game and its event
        count, so no other state's message matches); one without (a computer's) by its words.

        A look Discord refuses for good (no permission to read the history) is skipped, so the
        turn is posted all the same; one that fails on the network raises, and the post is
        tried again later rather than risked twice."""
        code = self.flow.games[row.kind].info.code

        def same(message: discord.Message) -> bool:
            if message.id == besides:
                return False
            if controls is None:  # the words, with no controls but the results' buttons
                return message.content == content and self.flow.results.only_results(message)
            return self._controls_of(message, code, row.id, row.event_count)

        try:
            found = await self._look_back(channel, same)
        except DISCORD_FAILURES as exc:
            if worth_retrying(exc):
                raise
            log.info("recent messages not read: %r", exc, extra=ids(row))
            return None
        return found[0] if found else None

    async def _posted_again(
        self,
        row: GameRow,
        channel: discord.abc.Messageable,
        content: str,
        controls: discord.ui.View,
        failure: BaseException,
        previous: int | None,
    ) -> int | None:
        """A turn posted again (the half-time reminder) that Discord made while the bot was told
        it failed (a read timeout): its id, found by its controls among the channel's last few
        and not the ``previous`` message, so it becomes the turn's message and the older one
        goes. None when the failure was a refusal (nothing was made) or the look fails."""
        if not worth_retrying(failure):
            return None
        try:
            return await self._posted_unseen(row, channel, content, controls, besides=previous)
        except DISCORD_FAILURES as exc:
            log.info("recent messages not read: %r", exc, extra=ids(row))
            return None

    async def _look_back(
        self, channel: discord.abc.Messageable, pick: Callable[[discord.Message], bool]
    ) -> list[int]:
        """The ids of the bot's own messages among the channel's last ``LOOK_BACK`` that
        ``pick`` takes, newest first: how a message Discord made but whose id the bot never
        read is found again. What Discord raises is the caller's to judge."""
        me = self.flow.bot.user
        if me is None or not hasattr(channel, "history"):
            return []
        return [
            message.id
            async for message in channel.history(limit=LOOK_BACK)
            if message.author.id == me.id and pick(message)
        ]

    @staticmethod
    def _controls_of(
        message: discord.Message, code: str, game_id: int, version: int | None = None
    ) -> bool:
        """Whether a message's controls act on the game ``game_id`` (of the game ``code``); with
        ``version``, at that state (its event count) only."""
        for action_row in message.components:
            for item in getattr(action_row, "children", ()):
                match = re.fullmatch(TEMPLATE, getattr(item, "custom_id", None) or "")
                if match is None or match["code"] != code or int(match["gid"]) != game_id:
                    continue
                if version is None or (match["ver"] is not None and int(match["ver"]) == version):
                    return True
        return False

    async def _known(
        self,
        row: GameRow,
        channel: discord.abc.Messageable,
        message_id: int,
        *,
        keep: int | None = None,
    ) -> list[int]:
        """``message_id``, or for a turn message posted but not read back (``POSTED_UNREAD``)
        the bot's recent messages that still carry this game's controls, newest first, but
        ``keep`` (when that is unread too: but the newest, the one just posted): so an unread
        message too stops saying its turn runs. Best effort: none if they cannot be read."""
        if message_id != POSTED_UNREAD:
            return [message_id]
        code = self.flow.games[row.kind].info.code
        try:
            found = await self._look_back(
                channel, lambda m: m.id != keep and self._controls_of(m, code, row.id)
            )
        except DISCORD_FAILURES as exc:
            log.info("recent messages not read: %r", exc, extra=ids(row))
            return []
        return found[1:] if keep == POSTED_UNREAD else found

    async def _retire_turn_message(
        self, row: GameRow, channel: discord.abc.Messageable, message_id: int
    ) -> None:
        """An older message of the same turn, now posted again below, goes; if Discord does not
        take that now, it goes later (``TimedViews.keep_change``), restart or not."""
        if not hasattr(channel, "get_partial_message"):
            return
        try:
            await channel.get_partial_message(message_id).delete()  # type: ignore[attr-defined]
        except discord.NotFound:
            pass
        except DISCORD_FAILURES as exc:
            log.info("old turn message not deleted: %r", exc, extra=ids(row))
            if worth_retrying(exc):
                await self.flow.timed.keep_change(row, message_id, None)

    def retry_post(self, row: GameRow) -> None:
        """Post a turn nobody was shown later, with backoff, in the background: one Discord
        refused or the network lost, or one a crash left unposted. The tries go on for as long
        as the turn is unposted (``POST_RETRY_DELAYS``, ``POST_REFUSED_DELAY``); the timer
        sweep finds a turn nothing tries any more (``retry_unposted``)."""
        self.retry_post_at(row.guild_id, row.id, row.version)

    def retry_post_at(self, guild_id: int, game_id: int, version: int) -> None:
        """``retry_post`` for a game saved at ``version``; a try under way goes on from it."""
        key = (guild_id, game_id)
        self._post_versions[key] = version
        self._retrying.start(key, lambda: self._retry_post(*key), f"post-{game_id}")

    def retrying_post(self, guild_id: int, game_id: int) -> bool:
        return (guild_id, game_id) in self._post_versions

    async def _retry_post(self, guild_id: int, game_id: int) -> None:
        """The tries of ``retry_post``: until the turn is shown, or nothing is left to post here.
        A bug on the way is logged and dispatched, then tried again hourly (a fix in the data,
        a restart), never every few seconds."""
        key = (guild_id, game_id)
        tries, refused = 0, False
        try:
            while True:
                fast = POST_RETRY_DELAYS[min(tries, len(POST_RETRY_DELAYS) - 1)]
                await asyncio.sleep(POST_REFUSED_DELAY if refused else fast)
                tries += 1
                try:
                    left = await self.post_pending_turn(guild_id, game_id, self._post_versions[key])
                except Refusal:
                    raise
                except Exception as exc:
                    log.exception("posting a pending turn failed", extra=ids(GameKey(*key)))
                    self.flow.bot.dispatch("game_failure", exc)
                    refused = True
                    continue
                if left is None:
                    return
                self._post_versions[key], refused = left
                if tries == len(POST_RETRY_DELAYS):
                    log.error(
                        "turn or final still not posted after %d tries; trying every %.0f minutes",
                        tries,
                        (POST_REFUSED_DELAY if refused else fast) / 60,
                        extra={"guild": guild_id, "game": game_id},
                    )
        except Refusal:
            pass  # shutting down: the start-up recovery posts it
        finally:
            self._post_versions.pop(key, None)

    async def retry_unposted(self) -> int:
        """From the timer sweep: every running game of this process's shards whose turn is not
        shown and that nothing here tries to post (its task ended, or never started) is tried
        again, as after a start (``post_pending_turn``: not at once, and only if nobody saved
        the game meanwhile). How many were found.

        Only a game listed unposted at the same version by the sweep before is taken: one
        that an action is posting right now (a round's end, a click) is posted or saved again
        by then, and at a start the first sweep leaves the games to the recovery."""
        listed = await self.flow.store.unposted_games(self.flow.scope)
        before, self._unposted_seen = self._unposted_seen, dict(listed)
        found = 0
        for key, version in listed:
            if before.get(key) == version and not self.retrying_post(key.guild_id, key.id):
                found += 1
                self.retry_post_at(key.guild_id, key.id, version)
        return found

    async def post_pending_turn(
        self, guild_id: int, game_id: int, version: int
    ) -> tuple[int, bool] | None:
        """Post the game's current turn, or a finished game's final standings, if still unposted
        at ``version``; None when nothing is left to post here, else the version to try again at
        and whether Discord refused for good (a 4xx: tried again only slowly).

        An unposted turn may be one a live process is posting right now (another process, with a
        wrong shard split): that process saves the game within seconds, long before the first
        try here. So a game saved since ``version`` is left alone (its saver posts it, or tries
        again itself), and one still at ``version`` is claimed by a save before it is posted."""
        async with self.flow.acting_unasked(guild_id, game_id):
            row = await self.flow.store.get(guild_id, game_id)
            if row is None or row.game is None or row.turn_message_id is not None:
                return None
            final = row.status is Status.FINISHED
            if not final and (
                row.status is not Status.RUNNING
                or self.flow.games[row.kind].current(row.game) is None
            ):
                return None
            if row.version != version:
                log.info("an unposted turn was saved meanwhile: left to its saver", extra=ids(row))
                return None
            channel, failure = await self.reach_play_channel(row)
            if channel is None and row.thread_id and isinstance(failure, discord.NotFound):
                log.warning("the game's thread is gone: playing on in the channel", extra=ids(row))
                row.thread_id = None  # as at a start: the game goes on where it was opened
                channel, failure = await self.reach_play_channel(row)
            if channel is None:
                log.warning("play channel %s not reached", row.play_channel_id, extra=ids(row))
                return row.version, failure is not None and not worth_retrying(failure)
            # the claim: another process's post after this is refused
            await self.flow.store.save(row)
            if final:
                self.flow.acted["pending final"] += 1
                failure = await self.try_post_final(row, channel, look_back=True)
            else:
                self.flow.acted["pending turn"] += 1
                failure = await self.try_post_turn(row, channel, retry=False, look_back=True)
            log.info(
                "pending %s posted: %s",
                "final" if final else "turn",
                failure is None,
                extra=ids(row),
            )
            if failure is None:
                return None
            return row.version, not worth_retrying(failure)
        return None  # another process saved it first: its turn, its post

    async def recover(self, only: Collection[GameKey] | None = None) -> Recovered:
        """After a start: post every running game's turn that was saved but never posted, or
        whose message is gone, and every finished game's final standings never posted, and let
        the computers on turn play on; only games of this process's shards. ``only``: just
        these games (those an earlier recovery failed on).

        Each game on its own: one that does not read, or whose recovery raises (a bug in its
        adapter, Discord failing), is logged with its ids and kept in ``failed``; the others
        recover all the same."""
        done = Recovered()
        if only is None:
            try:
                # views shown for a while, in any game, running or not
                await self.flow.timed.recover()
            except Exception as exc:
                log.exception("timed views not recovered; the games recover all the same")
                self.flow.bot.dispatch("game_failure", exc)
            try:
                await self.flow.live.load_panels()  # live games' private panels, redrawn below
            except Exception as exc:
                log.exception("private panels not loaded; the games recover all the same")
                self.flow.bot.dispatch("game_failure", exc)
            listed = await self.flow.store.running_games(self.flow.scope)
            done.failed.update(GameKey(u.guild_id, u.id) for u in listed.unreadable)
            games: list[tuple[GameKey, GameRow | None]] = [
                (GameKey(r.guild_id, r.id), r) for r in listed
            ]
        else:
            games = [(key, None) for key in only]
        for key, row in games:
            try:
                if row is not None and (
                    row.game is None or self.flow.games[row.kind].current(row.game) is None
                ):
                    continue  # nobody on turn: nothing to post or resume
                outcome = await self._recover_game(key.guild_id, key.id)
            except Refusal:
                break  # shutting down already
            except CorruptGame as exc:
                done.failed.add(key)
                log.error("stored game unreadable, not recovered: %s", exc.reason, extra=ids(key))
                continue
            except Exception as exc:
                done.failed.add(key)
                log.exception("could not recover the game", extra=ids(key))
                self.flow.bot.dispatch("game_failure", exc)
                continue
            done.posted += outcome == "posted"
            done.resumed += outcome == "resumed"
        if only is None:  # finished games whose final standings nobody was shown
            running = {key for key, _ in games} | done.failed
            for key, version in await self.flow.store.unposted_games(self.flow.scope):
                if key not in running:
                    self.retry_post_at(key.guild_id, key.id, version)
                    done.posted += 1
        return done

    async def _recover_game(self, guild_id: int, game_id: int) -> str:
        async with self.flow.acting_unasked(guild_id, game_id):
            row = await self.flow.store.get(guild_id, game_id)
            if row is None or row.status is not Status.RUNNING or row.game is None:
                return ""
            seat = self.flow.games[row.kind].current(row.game)
            if seat is None:
                return ""
            unposted = row.turn_message_id is None  # a crash after the move's save
            channel, failure = await self.reach_play_channel(row)
            moved = channel is None and row.thread_id and isinstance(failure, discord.NotFound)
            if moved:
                log.warning("the game's thread is gone: playing on in the channel", extra=ids(row))
                row.thread_id = None  # a deleted thread: the game goes on where it was opened
                row.turn_message_id = None
                channel, failure = await self.reach_play_channel(row)
            passing = failure is not None and worth_retrying(failure)  # Discord not reached now
            if channel is None and not passing:
                log.warning("play channel %s is gone", row.play_channel_id, extra=ids(row))
                return ""
            if (unposted and not moved) or (channel is None and row.turn_message_id is None):
                self.retry_post(row)  # not at once: see ``post_pending_turn``
                return "posted"
            shown: discord.Message | None = None
            if channel is not None and row.turn_message_id and hasattr(channel, "fetch_message"):
                try:
                    shown = await channel.fetch_message(row.turn_message_id)  # type: ignore[attr-defined]
                except discord.NotFound:
                    log.warning("the turn message is gone: posting it again", extra=ids(row))
                    row.turn_message_id = None  # its clock, if any, keeps running
                except DISCORD_FAILURES as exc:  # it is there, most likely: play on
                    log.info("turn message not checked: %r", exc, extra=ids(row))
            if row.turn_message_id is None and channel is not None:
                await self.flow.store.save(row)  # the claim, before posting: see ``acting_unasked``
                self.flow.acted["pending turn"] += 1
                await self.post_turn(row, channel)
                return "posted"
            if (
                shown is not None
                and channel is not None
                and not self.flow.games[row.kind].info.live
            ):
                await self._heal_turn(row, channel, shown)
            if self.flow.games[row.kind].info.live:
                # a change saved just before the stop may not have been drawn yet
                await self.flow.live.redraw_stored(row)
                self.flow.live_clocks.schedule(row)  # what fell due while the bot was down
                return "resumed"
            if row.players[seat].is_ai:
                self.flow.computers.schedule(row)
                return "resumed"
            return ""
        return ""  # another process saved it first

    async def _heal_turn(
        self, row: GameRow, channel: discord.abc.Messageable, shown: discord.Message
    ) -> None:
        """After a start, a turn-based game's turn as Discord shows it: a crash may have stopped
        the update of the clicked message (its controls are an older version's, so every click
        on it is refused) or the deletion of the message a reminder replaced (two carry working
        controls). The stored turn message is redrawn at the current version (pinging nobody,
        tried again in the background), and any other recent message whose controls still work
        (the current version's) is retired; an ended turn's message is left to its kept change."""
        code = self.flow.games[row.kind].info.code
        seat = self.flow.games[row.kind].current(row.game)
        human = seat is not None and not row.players[seat].is_ai
        if human and not self._controls_of(shown, code, row.id, row.event_count):
            log.warning("the turn message shows an older version: redrawn", extra=ids(row))
            await self.redraw_turn_soon(row, channel, shown.id)
        try:
            others = await self._look_back(
                channel,
                lambda m: m.id != shown.id and self._controls_of(m, code, row.id, row.event_count),
            )
        except DISCORD_FAILURES as exc:
            log.info("recent messages not read: %r", exc, extra=ids(row))
            return
        for older in others:
            log.warning("another message carries the turn's controls: retired", extra=ids(row))
            await self._retire_turn_message(row, channel, older)

    async def redraw_turn_soon(
        self, row: GameRow, channel: discord.abc.Messageable, message_id: int
    ) -> None:
        """The turn message ``message_id`` shows the current turn with its controls, as the
        channel allows (``pacer.edit_soon``: tried again while the failure may pass)."""
        edit = await self.turn_edit(await self.flow.public_t(row.guild_id), row, channel)
        self.flow.pacer.edit_soon(channel, message_id, ids(row), **edit)

    async def edit_stored_turn(
        self,
        row: GameRow,
        channel: discord.abc.Messageable,
        content: str,
        *,
        board: bool,
        message_id: int | None = None,
        wait: bool = True,
    ) -> None:
        """Rewrite a turn message without controls: the current one, or ``message_id`` (the turn
        that just ended: nothing changes it after this, so an edit Discord did not take now is
        made later, ``TimedViews.keep_change``); not ``wait``ing for room in the channel
        (``flow.pacing``), the edit goes as the channel allows, after the next turn's message."""
        ended = message_id is not None and not board
        message_id = row.turn_message_id if message_id is None else message_id
        if message_id is None or not hasattr(channel, "get_partial_message"):
            return
        if message_id == POSTED_UNREAD:  # the newest message of this game with controls
            message_id = next(iter(await self._known(row, channel, message_id)), None)
            if message_id is None:
                return
        files: list[discord.File] = []
        if board:
            t = await self.flow.public_t(row.guild_id)
            picture = self.flow.turn_view(t, row).picture
            content, files = await self.with_picture(t, content, picture, channel)
        edit = {"content": content, "attachments": files, "view": None}
        if not wait:
            self.flow.pacer.edit_soon(
                channel, message_id, ids(row), allowed_mentions=NO_MENTIONS, **edit
            )
            return
        try:
            await self.flow.pacer.edit(channel, message_id, allowed_mentions=NO_MENTIONS, **edit)
        except DISCORD_FAILURES as exc:
            log.warning("could not update the turn message: %r", exc, extra=ids(row))
            if ended and worth_retrying(exc):
                await self.flow.timed.keep_change(row, message_id, content)

    async def close_turn_message(
        self,
        row: GameRow,
        channel: discord.abc.Messageable | None,
        message_id: int | None,
        *,
        lead: str = "",
        interaction: discord.Interaction | None = None,
    ) -> None:
        """The message of the turn that just ended shows the game's result view (``lead``
        before it) without controls: edited through the click's ``interaction``, else through
        the channel. A view that may be seen only for a while is stored before it shows, so it
        changes when its time comes, restart or not.

        The result shows in that message exactly once, whatever Discord does: an update of the
        click it refuses (a 5xx, a lost connection) is made through the channel instead, and one
        that fails there too in a way that may pass is stored and made later, restart or not
        (its words then, without the picture: the next turn's message shows the board)."""
        if interaction is not None:
            message_id = interaction.message.id if interaction.message is not None else None
            channel = channel or interaction.channel
        elif message_id is None or not hasattr(channel, "get_partial_message"):
            return
        elif message_id == POSTED_UNREAD:  # the newest message of this game with controls
            message_id = next(iter(await self._known(row, channel, message_id)), None)  # type: ignore[arg-type]
            if message_id is None:
                return
        t = await self.flow.public_t(row.guild_id)
        view = result_view(self.flow.games[row.kind], t, row)
        said = lead + view.content
        content, files = await self.with_picture(t, said, view.picture, channel)
        timed = None
        if view.lasts is not None and message_id:
            timed = await self.flow.timed.keep(row, message_id, view, lead)
            if channel is not None:  # the later view's edit must not wait behind others
                self.flow.pacer.hold(channel, message_id, timed.due, timed.due + HOLD_AFTER_DUE)
        edit = {"content": content, "attachments": files, "view": None}
        try:
            if interaction is not None:
                await self.answer_edit(interaction, allowed_mentions=NO_MENTIONS, **edit)
            else:
                assert message_id is not None
                await self.flow.pacer.edit(
                    channel, message_id, allowed_mentions=NO_MENTIONS, **edit
                )
        except DISCORD_FAILURES as exc:
            log.warning("could not close the turn message: %r", exc, extra=ids(row))
            failure: BaseException | None = exc
            if interaction is not None and message_id and hasattr(channel, "get_partial_message"):
                content, files = await self.with_picture(t, said, view.picture, channel)
                edit = {"content": content, "attachments": files, "view": None}
                failure = await self._close_through_channel(row, channel, message_id, edit)
            if failure is not None and message_id and timed is None and worth_retrying(failure):
                # else a timed view changes it
                await self.flow.timed.keep_change(row, message_id, said)
        if timed is not None:
            self.flow.timed.arm(timed)

    async def _close_through_channel(
        self, row: GameRow, channel: discord.abc.Messageable, message_id: int, edit: dict[str, Any]
    ) -> BaseException | None:
        """An ended turn's message Discord did not let the click update, edited through the
        channel; what Discord raised, if it did not take that either."""
        try:
            await self.flow.pacer.edit(channel, message_id, allowed_mentions=NO_MENTIONS, **edit)
        except DISCORD_FAILURES as exc:
            log.warning("could not close the turn message either: %r", exc, extra=ids(row))
            return exc
        log.info("turn message closed through the channel", extra=ids(row))
        return None

    async def make_kept(self, timed: TimedView) -> bool:
        """A change ``TimedViews.keep_change`` kept, made now: False if Discord did not take it
        and may later (try again), True once done or refused for good."""
        row = await self.flow.store.get(timed.guild_id, timed.game_id)
        if row is None:
            return True
        if timed.then.get(LOBBY):  # the lobby message: in the channel the game was opened in
            channel, failure = self.flow.bot.get_channel(row.channel_id), None
            if channel is None:
                try:
                    channel = await self.flow.bot.fetch_channel(row.channel_id)
                except DISCORD_FAILURES as exc:
                    failure = exc
        else:
            channel, failure = await self.reach_play_channel(row)
        if channel is None and failure is not None and worth_retrying(failure):
            return False  # not reached now: tried again
        if channel is None or not hasattr(channel, "get_partial_message"):
            return True
        message = channel.get_partial_message(timed.message_id)  # type: ignore[attr-defined]
        try:
            if timed.then[KEPT] == DELETE:
                await message.delete()
            else:
                view = None  # a finished game's lobby message keeps its results' buttons
                if timed.then.get(LOBBY):
                    view = self.flow.results.view(await self.flow.public_t(row.guild_id), row)
                await self.flow.pacer.edit(
                    channel,
                    timed.message_id,
                    content=timed.lead,
                    attachments=[],
                    view=view,
                    allowed_mentions=NO_MENTIONS,
                )
        except discord.NotFound:
            log.info("a message to change is gone", extra=ids(row))
        except DISCORD_FAILURES as exc:
            log.warning("a kept change not made: %r", exc, extra=ids(row))
            return not worth_retrying(exc)
        return True

    async def show_later(self, timed: TimedView) -> bool:
        """A timed view's message shows the game's later view now; False if Discord did not
        take it (try again), True once done or when nothing is left to change.

        Discord refusing that edit for good (a 4xx: no permission, a locked thread) would leave
        what may be seen only briefly standing, so the message is deleted instead (a bot may
        always delete its own) and the later view posted again below it."""
        row = await self.flow.store.get(timed.guild_id, timed.game_id)
        if row is None or row.game is None:
            return True
        channel, failure = await self.reach_play_channel(row)
        if channel is None and failure is not None and not isinstance(failure, discord.NotFound):
            return False  # not reached now: the message may still be read
        if channel is None or not hasattr(channel, "get_partial_message"):
            log.warning("a timed view's channel is gone", extra=ids(row))
            return True
        content, files = await self._later_message(row, timed, channel)
        try:
            await self.flow.pacer.edit(
                channel,
                timed.message_id,
                urgent=True,  # on time, before anything waiting in the channel
                content=content,
                attachments=files,
                view=None,
                allowed_mentions=NO_MENTIONS,
            )
        except discord.NotFound:
            log.info("a timed view's message is gone", extra=ids(row))
        except DISCORD_FAILURES as exc:
            log.warning("could not change a timed view: %r", exc, extra=ids(row))
            if worth_retrying(exc):
                return False
            return await self._replace_timed(row, timed, channel)
        return True

    async def _later_message(
        self, row: GameRow, timed: TimedView, channel: discord.abc.Messageable
    ) -> tuple[str, list[discord.File]]:
        t = await self.flow.public_t(row.guild_id)
        views = timed_views(self.flow.games[row.kind])
        if views is None:
            raise RuntimeError(f"{row.kind} has a view that lasts but no timed views")
        view = views.later_view(t, row, timed.then)
        return await self.with_picture(t, timed.lead + view.content, view.picture, channel)

    async def _replace_timed(
        self, row: GameRow, timed: TimedView, channel: discord.abc.Messageable
    ) -> bool:
        """A timed view's message Discord will not let the bot edit: deleted, then its later view
        posted anew (best effort: the brief view is gone either way); False if it still stands."""
        try:
            await channel.get_partial_message(timed.message_id).delete()  # type: ignore[attr-defined]
        except discord.NotFound:
            pass
        except DISCORD_FAILURES as exc:
            log.warning("could not delete a timed view: %r", exc, extra=ids(row))
            return False
        log.warning("a timed view Discord would not edit was deleted", extra=ids(row))
        content, files = await self._later_message(row, timed, channel)
        try:
            await self.flow.pacer.send(channel, content, files=files, allowed_mentions=NO_MENTIONS)
        except DISCORD_FAILURES as exc:
            log.warning("a deleted timed view not posted again: %r", exc, extra=ids(row))
        return True

    async def post_final(self, row: GameRow, channel: discord.abc.Messageable) -> None:
        """The final standings; if Discord does not take them, tried again in the background
        as a turn nobody was shown (``retry_post``), restart or not."""
        if await self.try_post_final(row, channel) is not None:
            self.retry_post(row)

    async def try_post_final(
        self, row: GameRow, channel: discord.abc.Messageable, *, look_back: bool = False
    ) -> BaseException | None:
        """``post_final`` once, saying why Discord did not take it; None once posted. Until then
        the finished game's ``turn_message_id`` stays None: the timer sweep and the start-up
        recovery find it (``store.unposted_games``). A try again first ``look_back``s: standings
        Discord posted while the bot was told it failed are kept, not posted twice. The game's
        statistics are recorded at every try, once per game all the same."""
        game = self.flow.games[row.kind]
        await record_finished(self.flow.store, game, row)  # stats and Elo, once per game
        t = await self.flow.public_t(row.guild_id)
        final = game.final_view(t, row)
        content = game_over(t, game, row) + f" {verdict(t, game, row)}\n"
        content += final.content or text.standings(t, game, row)
        content, files = await self.with_picture(t, content, final.picture, channel)
        message_id, jump_url = None, None
        try:
            if look_back:
                message_id = await self._posted_unseen(row, channel, content, None)
            if message_id is not None:
                log.info("the final standings went through unseen: kept", extra=ids(row))
            else:
                message = await self.flow.pacer.send(
                    channel,
                    content,
                    files=files,
                    view=self.flow.results.view(t, row),  # Play again … (bot.flow.results)
                    allowed_mentions=NO_MENTIONS,
                )
                message_id, jump_url = message.id, message.jump_url
        except DISCORD_FAILURES as exc:
            log.warning("could not post the final standings: %r", exc, extra=ids(row))
            return exc
        row.turn_message_id = message_id
        await self.flow.store.save(row)
        if jump_url is None and hasattr(channel, "get_partial_message"):
            jump_url = channel.get_partial_message(message_id).jump_url  # type: ignore[attr-defined]
        await self.flow.actions.mark_lobby_ended(row, jump_url)
        log.info("finished, winners %s", list(game.winners(row.game)), extra=ids(row))
        return None

    async def answer_edit(self, interaction: discord.Interaction, **fields: Any) -> None:
        """A click's answer editing its message through the interaction (not paced): an edit
        of that message still waiting in the pacer is withdrawn and goes with it, under the
        answer's own fields, so no older edit lands after the answer."""
        message = interaction.message
        if message is not None and interaction.channel_id is not None:
            fields = {**await self.flow.pacer.take(interaction.channel_id, message.id), **fields}
        await replies.edit_message(interaction, **fields)

    @staticmethod
    def can_attach(channel: object) -> bool:
        guild = getattr(channel, "guild", None)
        permissions_for = getattr(channel, "permissions_for", None)
        if guild is None or permissions_for is None:
            return True
        return bool(permissions_for(guild.me).attach_files)

    async def turn_edit(
        self, t: Translator, row: GameRow, channel: object, screen: Any = None
    ) -> dict[str, Any]:
        """An edit that makes a message show the turn now (on ``screen``): words, picture and
        controls, pinging nobody."""
        view = self.flow.turn_view(t, row, screen)
        picture = None if view.keep_picture else view.picture
        content, files = await self.with_picture(t, view.content, picture, channel)
        edit = {
            "content": content,
            "attachments": files,
            "view": self.flow.controls(row, view),
            "allowed_mentions": NO_MENTIONS,
        }
        if view.keep_picture:
            del edit["attachments"]
        return edit

    async def with_picture(
        self, t: Translator, content: str, picture: Picture | None, channel: object
    ) -> tuple[str, list[discord.File]]:
        """The content and the picture, or no picture and the content saying why."""
        if picture is None:
            return content, []
        if not self.can_attach(channel):
            return f"{content}\n{t(ATTACH_FILES_NOTE)}", []
        png = await self.flow.render(picture.draw, *picture.args, **picture.kwargs)
        files, note = self._png_file(t, png, picture.filename, channel)
        return (f"{content}\n{note}" if note else content), files

    @staticmethod
    def _png_file(
        t: Translator, png: bytes, name: str, channel: object
    ) -> tuple[list[discord.File], str]:
        guild = getattr(channel, "guild", None)
        limit = guild.filesize_limit if guild is not None else DEFAULT_UPLOAD_LIMIT
        if len(png) > limit:
            log.error("image of %d bytes exceeds the upload limit of %d", len(png), limit)
            return [], t("_(The board image is too large to upload here.)_")
        return [discord.File(io.BytesIO(png), name)], ""

    async def strip_turn_message(self, row: GameRow, channel: discord.abc.Messageable) -> None:
        """The stored turn message of a game that ended outside its turn (cancelled) says so
        instead of whose turn it was and when its time ran out, without controls; its picture
        stays (best effort)."""
        if not row.turn_message_id or not hasattr(channel, "get_partial_message"):
            return
        t = await self.flow.public_t(row.guild_id)
        try:
            await self.flow.pacer.edit(
                channel,
                row.turn_message_id,
                content=game_ended(t, self.flow.games[row.kind], row),
                view=None,
                allowed_mentions=NO_MENTIONS,
            )
        except DISCORD_FAILURES as exc:
            log.info("old turn message not updated: %r", exc, extra=ids(row))
