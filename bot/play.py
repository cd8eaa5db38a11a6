"""Game flow in Discord for every game: load → apply via the game's adapter → save → render →
respond.

Actions on one game are serialised by a per-game lock, and every action is stored before the
bot answers, so a double click or a restart never loses or repeats anything. Discord failures
after the save are logged; ``/<game> board`` re-posts the game. Nothing here knows a game: what
a click means, what a turn message says and shows, comes from ``bot.adapters``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import discord

from bot import lobby, replies, text
from bot.adapter import Click, GameAdapter, Picture, TurnView
from bot.adapters import adapter_for, by_code
from bot.background import GameWork
from bot.components import LOBBY_ACTIONS, build_view
from bot.computer import ComputerTurns
from bot.dice import ROLL_OFF, DiceSource
from bot.logs import ids
from bot.messages import (
    ATTACH_FILES_NOTE,
    closed_lobby,
    game_ended,
    game_over,
    lobby_content,
    thread_name,
    title,
    verdict,
)
from bot.models import GameRow, Player, Status
from bot.refusals import Refusal, refusal_text, user_t
from bot.stats import record_finished
from bot.storage import GameStore
from bot.timers import (
    LOBBY_IDLE_SECONDS,
    MAX_MISSED_TURNS,
    TurnTimers,
    archive_minutes,
    end_turn,
    now,
    start_turn_clock,
)
from games.common.errors import GameError
from locales import DEFAULT, N_, Translator, resolve, translator

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
CREATE_PUBLIC_THREADS = N_("Create Public Threads")  # permission names as Discord's app shows them
SEND_MESSAGES_IN_THREADS = N_("Send Messages in Threads")
DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's per-file limit without boosts
POSTED_UNREAD = 0  # turn_message_id of a turn posted through an interaction but not read back
# seconds between tries to post a turn Discord refused (~21 minutes in all)
POST_RETRY_DELAYS = (10.0, 20.0, 40.0, 80.0, 160.0, 300.0, 300.0, 300.0)


def mention_only(user_id: int) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(user_id)])


class PlayController:
    def __init__(
        self,
        bot: GameBot,
        store: GameStore,
        dice: DiceSource,
        ai_delay: float = 1.5,
        *,
        max_missed_turns: int = MAX_MISSED_TURNS,
        lobby_idle_hours: float = LOBBY_IDLE_SECONDS / 3600,
    ) -> None:
        self.bot = bot
        self.store = store
        self.dice = dice
        self.computers = ComputerTurns(self, ai_delay)
        self._languages: dict[int, str | None] = {}  # server language setting, by guild
        # One thread renders every image: fewer malloc arenas, so less memory held after peaks
        self._render_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="game-render")
        self.timers = TurnTimers(
            self, max_missed=max_missed_turns, lobby_idle=lobby_idle_hours * 3600
        )
        self._locks: dict[int, asyncio.Lock] = {}
        self._retrying = GameWork()
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.closing = False

    async def render(self, draw: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """Run a renderer off the event loop, on the render thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._render_pool, functools.partial(draw, *args, **kwargs)
        )

    def close_renderer(self) -> None:
        self._render_pool.shutdown(wait=False, cancel_futures=True)

    async def public_t(self, guild_id: int) -> Translator:
        """The language of public messages: the server's setting, else the server's locale."""
        if guild_id not in self._languages:
            self._languages[guild_id] = (await self.store.guild_settings(guild_id)).language
        lang = self._languages[guild_id]
        if lang is None:
            guild = self.bot.get_guild(guild_id) if self.bot is not None else None
            lang = resolve(guild.preferred_locale) if guild is not None else "en"
        return translator(lang)

    def forget_language(self, guild_id: int) -> None:
        """After ``/<game> settings`` changed it."""
        self._languages.pop(guild_id, None)

    @contextlib.asynccontextmanager
    async def acting(self, game_id: int) -> AsyncIterator[None]:
        """Serialise actions on one game; shutdown waits for every action inside to finish."""
        if self.closing:
            raise Refusal("The bot is restarting. Try again in a few seconds.")
        self._busy += 1
        self._idle.clear()
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        try:
            async with lock:
                yield
        finally:
            if not lock.locked() and not lock._waiters:  # type: ignore[attr-defined]
                self._locks.pop(game_id, None)
            self._busy -= 1
            if self._busy == 0:
                self._idle.set()

    async def drain(self, timeout: float) -> bool:
        """Stop taking actions and wait for those under way; False if some did not finish."""
        self.closing = True
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            log.error("shutdown: %d actions still running after %.0f s", self._busy, timeout)
            return False
        return True

    # ------------------------------------------------------------ components

    async def on_component(
        self,
        interaction: discord.Interaction,
        code: str,
        action: str,
        game_id: int,
        version: int | None,
        args: tuple[str, ...],
        values: tuple[str, ...] = (),
    ) -> None:
        game = by_code(code)
        try:
            async with replies.in_time(interaction), self.acting(game_id):
                row = await self._load(interaction, game, game_id)
                if action in LOBBY_ACTIONS and version is None:
                    await self._lobby_action(interaction, row, action, values)
                else:
                    click = Click(action, args, values, version)
                    await self._turn_action(interaction, row, click)
        except (Refusal, GameError) as exc:
            extra = game.refusals if game is not None else None
            await self.tell(interaction, refusal_text(user_t(interaction), exc, extra))
        except Exception as exc:
            await self.fail(interaction, exc, game_id, game.group if game else "…")

    async def _load(
        self, interaction: discord.Interaction, game: GameAdapter[Any] | None, game_id: int
    ) -> GameRow:
        if interaction.guild_id is None:
            raise Refusal("Games are played in servers, not in direct messages.")
        row = await self.store.get(interaction.guild_id, game_id) if game else None
        if row is None or game is None or row.kind != game.kind:
            raise Refusal("This game no longer exists.")
        return row

    async def tell(self, interaction: discord.Interaction, message: str) -> None:
        """An ephemeral answer that changes nothing."""
        try:
            await replies.send_message(interaction, message, ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not answer interaction: %s", exc)

    async def fail(
        self, interaction: discord.Interaction, exc: Exception, game_id: int, group: str
    ) -> None:
        """A bug: tell the user the game is safe, then let the error surface loudly."""
        log.error(
            "unexpected error", extra={"guild": interaction.guild_id, "game": game_id or None}
        )
        t = user_t(interaction)
        await self.tell(
            interaction,
            t(
                "Something went wrong on my side. The game is saved: "
                "`/{group} board` shows it again.",
                group=group,
            ),
        )
        self.bot.dispatch("game_failure", exc)

    # ----------------------------------------------------------------- lobby

    async def _lobby_action(
        self, interaction: discord.Interaction, row: GameRow, kind: str, values: tuple[str, ...]
    ) -> None:
        if row.status is Status.CANCELLED:
            raise Refusal("This lobby is closed: the game was cancelled.")
        if row.status is not Status.LOBBY:
            raise Refusal("This lobby is closed: the game has started.")
        user = interaction.user
        seat = row.seat_of(user.id)
        game = adapter_for(row.kind)
        if kind == "join":
            if seat is not None:
                raise Refusal("You have already joined this game.")
            if len(row.players) >= game.max_seats:
                raise Refusal("This game is full ({n} players).", n=game.max_seats)
            row.players.append(Player(user.id, user.display_name))
        elif kind == "leave":
            if seat is None:
                raise Refusal("You are not in this lobby.")
            row.players.pop(seat)
            if not row.humans:
                row.status = Status.CANCELLED
                row.note = N_("everyone left")
            elif user.id == row.host_id:
                row.host_id = row.humans[0].user_id
        elif kind in ("addai", "rmai"):
            if user.id != row.host_id:
                raise Refusal("Only the host can add or remove computer players.")
            if kind == "addai":
                level = values[0] if values else ""
                if level not in {value for value, _ in game.levels}:
                    raise Refusal("Choose easy, normal or hard.")
                if len(row.players) >= game.max_seats:
                    raise Refusal("This game is full ({n} players).", n=game.max_seats)
                computer = Player(0, "", level)
                row.players.append(computer)  # stored in English, shown in the server's language
                computer.name = text.player_name(translator(DEFAULT), row, len(row.players) - 1)
            else:
                ai_seats = [i for i, p in enumerate(row.players) if p.is_ai]
                if not ai_seats:
                    raise Refusal("There is no computer player to remove.")
                row.players.pop(ai_seats[-1])
        elif kind == "cancel":
            if not self.may_cancel(interaction, row):
                raise Refusal("Only the host or someone with Manage Server can cancel this game.")
            row.status = Status.CANCELLED
            row.note = N_("cancelled")
        elif kind == "start":
            if user.id != row.host_id:
                raise Refusal("Only the host can start the game.")
            if len(row.players) < game.min_seats:
                raise Refusal("At least {n} players are needed to start.", n=game.min_seats)
            why = game.start_refusal(row.options, len(row.players))
            if why is not None:
                raise Refusal(why)
            await self._start(interaction, row)
            return
        if row.status is Status.LOBBY:
            row.lobby_expires = now() + self.timers.lobby_idle
        await self.store.save(row)
        log.info("lobby %s by %s", kind, user.id, extra=ids(row))
        t = await self.public_t(row.guild_id)
        try:
            if row.status is Status.CANCELLED:
                await replies.edit_message(interaction, content=closed_lobby(t, row), view=None)
            else:
                await replies.edit_message(
                    interaction,
                    content=lobby_content(t, row),
                    view=lobby.lobby_view(t, row),
                    allowed_mentions=NO_MENTIONS,
                )
        except discord.HTTPException as exc:
            log.warning("could not update the lobby message: %s", exc, extra=ids(row))
            ut = user_t(interaction)
            done = {
                "join": ut("You joined, but Discord did not update the lobby message yet."),
                "leave": ut("You left, but Discord did not update the lobby message yet."),
            }.get(kind, ut("Saved, but Discord did not update the lobby message yet."))
            await self.tell(interaction, done)

    @staticmethod
    def may_cancel(interaction: discord.Interaction, row: GameRow) -> bool:
        user = interaction.user
        perms = getattr(user, "guild_permissions", None)
        return user.id == row.host_id or bool(perms and perms.manage_guild)

    async def _start(self, interaction: discord.Interaction, row: GameRow) -> None:
        game = adapter_for(row.kind)
        row.game = game.new_game(len(row.players), row.options, self.dice(row.id, ROLL_OFF))
        row.status = Status.RUNNING
        row.missed = [0] * len(row.players)
        row.lobby_expires = None
        await self.store.save(row)
        log.info("started, %d seats", len(row.players), extra=ids(row))
        channel = interaction.channel
        t = await self.public_t(row.guild_id)
        play_channel, note = await self._open_thread(t, interaction, row)
        row.thread_id = play_channel.id if play_channel is not channel else None
        await self._edit_lobby_after_start(t, interaction, row, play_channel.mention)
        options = game.options_text(t, row.options, len(row.players))
        intro = f"**{title(row)}**" + (f" — {options}." if options else "")
        intro = "\n".join(part for part in (intro, game.intro(t, row)) if part)
        if note:
            intro = note + "\n" + intro
        try:
            await play_channel.send(intro, allowed_mentions=NO_MENTIONS)  # type: ignore[union-attr]
        except discord.HTTPException as exc:
            log.warning("could not post the roll-off: %s", exc, extra=ids(row))
        await self.post_turn(row, play_channel)  # type: ignore[arg-type]

    async def _edit_lobby_after_start(
        self, t: Translator, interaction: discord.Interaction, row: GameRow, where: str
    ) -> None:
        players = ", ".join(text.seat_label(t, row, s) for s in range(len(row.players)))
        if row.thread_id:
            content = t(
                "**{game}** has started in {where}: {players}",
                game=title(row),
                where=where,
                players=players,
            )
        else:
            content = t("**{game}** has started below: {players}", game=title(row), players=players)
        try:
            await replies.edit_message(
                interaction, content=content, view=None, allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException as exc:
            log.warning("could not update the lobby message: %s", exc, extra=ids(row))

    async def _open_thread(
        self, t: Translator, interaction: discord.Interaction, row: GameRow
    ) -> tuple[discord.abc.Messageable, str]:
        """A public thread for the game, or the channel with a note on the missing permission."""
        channel = interaction.channel
        assert channel is not None
        if isinstance(channel, discord.Thread) or not isinstance(channel, discord.TextChannel):
            return channel, ""  # type: ignore[return-value]
        if not (await self.store.guild_settings(row.guild_id)).threads:
            return channel, ""  # the server chose to play in channels
        me = channel.guild.me
        perms = channel.permissions_for(me)
        missing = [
            label
            for ok, label in (
                (perms.create_public_threads, CREATE_PUBLIC_THREADS),
                (perms.send_messages_in_threads, SEND_MESSAGES_IN_THREADS),
            )
            if not ok
        ]
        if not missing:
            try:
                message = interaction.message
                name = thread_name(t, row)
                if message is not None:
                    thread = await message.create_thread(
                        name=name, auto_archive_duration=archive_minutes(row.turn_timer)
                    )
                else:
                    thread = await channel.create_thread(
                        name=name,
                        type=discord.ChannelType.public_thread,
                        auto_archive_duration=archive_minutes(row.turn_timer),
                    )
                return thread, ""
            except discord.Forbidden as exc:
                log.warning("thread creation refused: %s", exc, extra=ids(row))
                missing = [CREATE_PUBLIC_THREADS]
            except discord.HTTPException as exc:  # Discord trouble, not a permission
                log.warning("thread creation failed: %s", exc, extra=ids(row))
                return channel, t(
                    "We play in this channel: Discord could not open a thread just now."
                )
        note = t(
            "We play in this channel: I could not open a thread here. Give me {permissions} "
            "to have each game in its own thread.",
            permissions=t(" and ").join(f"**{t(m)}**" for m in missing),
        )
        return channel, note

    # ------------------------------------------------------------------ turns

    async def _turn_action(
        self, interaction: discord.Interaction, row: GameRow, click: Click
    ) -> None:
        game = adapter_for(row.kind)
        if row.status is Status.LOBBY:
            raise Refusal("This game has not started yet.")
        if row.status is not Status.RUNNING:
            if row.status is Status.CANCELLED:
                raise Refusal("This game was cancelled.")
            raise Refusal("This game is over.")
        seat = row.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(
                "You are not playing in this game. Start your own with `/{group} new`.",
                group=game.group,
            )
        if game.resigned(row.game)[seat]:
            missed = row.missed[seat] if seat < len(row.missed) else 0
            if missed >= self.timers.max_missed:
                raise Refusal(
                    "You were removed from this game after missing {n} turns in a row; "
                    "the others play on without you.",
                    n=missed,
                )
            raise Refusal("You resigned from this game, so you cannot play in it any more.")
        game.check_click(row, seat, click)
        current = game.current(row.game)
        if current != seat:
            raise Refusal(
                "It is {name}'s turn, not yours.",
                name=text.safe_name(
                    text.player_name(user_t(interaction), row, seat if current is None else current)
                ),
            )
        outcome = await asyncio.to_thread(game.click, row, seat, click, user_t(interaction))
        if outcome.private is not None:
            await self.tell(interaction, outcome.private)
            return
        if outcome.action is None:
            await self._show_turn(interaction, row, outcome.screen)
            return
        game.apply(row.game, outcome.action, self.dice(row.id, row.event_count))
        if not game.ends_turn(outcome.action):
            await self.store.save(row)
            await self._show_turn(interaction, row, None)
            return
        if seat < len(row.missed):
            row.missed[seat] = 0  # played in time: the count of missed turns starts again
        if game.finished(row.game):
            row.status = Status.FINISHED
        end_turn(row)
        await self.store.save(row)
        log.info("turn %d done", game.turn_number(row.game), extra=ids(row))
        await self._close_turn_message(interaction, row)
        await self.after_turn(row, interaction.channel)  # type: ignore[arg-type]
        if row.turn_message_id is None:  # nobody has controls now: say how to recover
            ut = user_t(interaction)
            lost = (
                ut(
                    "Your move is saved and the game is over, but Discord did not accept the "
                    "final standings. `/{group} games` lists the running games.",
                    group=game.group,
                )
                if row.status is Status.FINISHED
                else ut(
                    "Your move is saved, but Discord did not accept the next turn message. "
                    "`/{group} board` posts it again.",
                    group=game.group,
                )
            )
            await self.tell(interaction, lost)

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        return adapter_for(row.kind).turn_view(t, row, screen)

    def controls(self, row: GameRow, view: TurnView) -> discord.ui.View | None:
        """The turn view's controls as Discord components, their ids carrying the version."""
        if view.controls is None or not view.controls.rows:
            return None
        code = adapter_for(row.kind).code
        return build_view(code, row.id, row.event_count, view.controls)

    async def _show_turn(self, interaction: discord.Interaction, row: GameRow, screen: Any) -> None:
        """The clicked turn message, edited to show the game now (on ``screen``)."""
        t = await self.public_t(row.guild_id)
        view = self.turn_view(t, row, screen)
        channel = interaction.channel
        content, files = await self._with_picture(t, view.content, view.picture, channel)
        try:
            await replies.edit_message(
                interaction,
                content=content,
                attachments=files,
                view=self.controls(row, view),
                allowed_mentions=NO_MENTIONS,
            )
        except discord.HTTPException as exc:
            log.warning("could not update the turn message: %s", exc, extra=ids(row))
            await self.tell(
                interaction,
                user_t(interaction)(
                    "Discord did not accept the update, but your move is saved. "
                    "`/{group} board` shows the game again.",
                    group=adapter_for(row.kind).group,
                ),
            )

    async def _close_turn_message(self, interaction: discord.Interaction, row: GameRow) -> None:
        """The finished turn's message keeps only its result: no buttons, no old image."""
        t = await self.public_t(row.guild_id)
        try:
            await replies.edit_message(
                interaction,
                content=adapter_for(row.kind).turn_result(t, row),
                attachments=[],
                view=None,
                allowed_mentions=NO_MENTIONS,
            )
        except discord.HTTPException as exc:
            log.warning("could not close the turn message: %s", exc, extra=ids(row))

    async def after_turn(self, row: GameRow, channel: discord.abc.Messageable | None) -> None:
        """Post what comes next: the next turn, or the final standings."""
        channel = channel or await self.play_channel(row)
        if channel is None:
            log.warning("play channel %s is gone", row.play_channel_id, extra=ids(row))
            return
        if row.status is Status.FINISHED:
            await self.post_final(row, channel)
        else:
            await self.post_turn(row, channel)

    async def play_channel(self, row: GameRow) -> discord.abc.Messageable | None:
        """Where the game is played; an archived thread is reopened first (edits in an archived
        thread fail, and a long turn timer can outlast the thread's archive duration)."""
        channel = self.bot.get_channel(row.play_channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(row.play_channel_id)
            except discord.HTTPException:
                return None
        if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
            try:
                channel = await channel.edit(archived=False)
            except discord.HTTPException as exc:
                log.warning("could not reopen the archived thread: %s", exc, extra=ids(row))
        return channel  # type: ignore[return-value]

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
        if Discord did not take it.

        A turn not posted yet (``turn_message_id`` None) gets its first message: the player is
        mentioned and the turn clock starts, but only once the message is really posted. Posting
        an already posted turn again (``/<game> board``, the half-time ``reminder`` line on top)
        keeps the clock, and only a reminder mentions the player again; the older message then
        loses its controls (a reminder's is deleted: the reminder takes its place)."""
        current = adapter_for(row.kind).current(row.game)
        assert current is not None
        fresh = row.turn_message_id is None
        previous = row.turn_message_id
        if fresh and row.turn_due is None:  # a clock still running (message lost) keeps on
            start_turn_clock(row)
        t = await self.public_t(row.guild_id)
        turn = self.turn_view(t, row)
        content = f"{reminder}\n{turn.content}" if reminder else turn.content
        content, files = await self._with_picture(t, content, turn.picture, channel)
        player = row.players[current]
        controls = None if player.is_ai else self.controls(row, turn)
        view = discord.utils.MISSING if controls is None else controls
        ping = (fresh or bool(reminder)) and not player.is_ai
        mentions = mention_only(player.user_id) if ping else NO_MENTIONS
        posted = False
        try:
            if interaction is not None:
                await replies.send_message(
                    interaction, content, files=files, view=view, allowed_mentions=mentions
                )
                posted = True
                row.turn_message_id = POSTED_UNREAD  # posted, but which message is it?
                row.turn_message_id = (await interaction.original_response()).id
            else:
                row.turn_message_id = (
                    await channel.send(content, files=files, view=view, allowed_mentions=mentions)
                ).id
                posted = True
        except discord.HTTPException as exc:
            if posted:  # its buttons work all the same: they carry the game and turn
                log.warning("turn message posted but not read back: %s", exc, extra=ids(row))
            else:
                log.warning("could not post the turn message: %s", exc, extra=ids(row))
        if fresh and not posted:
            end_turn(row)  # nobody was shown this turn: no clock runs for it
        await self.store.save(row)
        if posted and previous:
            await self._retire_turn_message(row, channel, previous, delete=bool(reminder))
        if posted and player.is_ai:
            self.computers.schedule(row)
        if fresh and not posted and retry:
            self.retry_post(row)
        return posted

    async def _retire_turn_message(
        self, row: GameRow, channel: discord.abc.Messageable, message_id: int, *, delete: bool
    ) -> None:
        """An older message of the same turn, now posted again below: its controls go."""
        if not hasattr(channel, "get_partial_message"):
            return
        message = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
        try:
            if delete:
                await message.delete()
            else:
                await message.edit(view=None)
        except discord.HTTPException as exc:
            log.info("old turn message not updated: %s", exc, extra=ids(row))

    def retry_post(self, row: GameRow) -> None:
        """Post a turn Discord refused again later, with backoff, in the background."""
        key = (row.guild_id, row.id)
        self._retrying.start(key, lambda: self._retry_post(*key), f"post-{row.id}")

    async def _retry_post(self, guild_id: int, game_id: int) -> None:
        try:
            for delay in POST_RETRY_DELAYS:
                await asyncio.sleep(delay)
                if await self.post_pending_turn(guild_id, game_id, retry=False):
                    return
            log.error(
                "gave up posting the turn after %d tries; `board` or a restart posts it",
                len(POST_RETRY_DELAYS),
                extra={"guild": guild_id, "game": game_id},
            )
        except Refusal:
            pass  # shutting down: the start-up recovery posts it

    async def post_pending_turn(self, guild_id: int, game_id: int, *, retry: bool = True) -> bool:
        """Post the game's current turn if it was never posted (a crash or a Discord failure
        after its move was saved); True when nothing is left to post."""
        async with self.acting(game_id):
            row = await self.store.get(guild_id, game_id)
            if row is None or row.status is not Status.RUNNING or row.game is None:
                return True
            if row.turn_message_id is not None or adapter_for(row.kind).current(row.game) is None:
                return True
            channel = await self.play_channel(row)
            if channel is None:
                log.warning("play channel %s is gone", row.play_channel_id, extra=ids(row))
                return False
            posted = await self.post_turn(row, channel, retry=retry)
            log.info("pending turn posted: %s", posted, extra=ids(row))
            return posted

    async def recover(self) -> tuple[int, int]:
        """After a start: post every running game's turn that was saved but never posted, or
        whose message is gone, and let the computers on turn play on. (posted, resumed)"""
        posted = resumed = 0
        for row in await self.store.running_games():
            if row.game is None or adapter_for(row.kind).current(row.game) is None:
                continue
            try:
                outcome = await self._recover_game(row.guild_id, row.id)
            except Refusal:
                break  # shutting down already
            except Exception:
                log.exception("could not recover the game", extra=ids(row))
                continue
            posted += outcome == "posted"
            resumed += outcome == "resumed"
        return posted, resumed

    async def _recover_game(self, guild_id: int, game_id: int) -> str:
        async with self.acting(game_id):
            row = await self.store.get(guild_id, game_id)
            if row is None or row.status is not Status.RUNNING or row.game is None:
                return ""
            seat = adapter_for(row.kind).current(row.game)
            if seat is None:
                return ""
            channel = await self.play_channel(row)
            if channel is None and row.thread_id and await self._gone(row.thread_id):
                log.warning("the game's thread is gone: playing on in the channel", extra=ids(row))
                row.thread_id = None  # a deleted thread: the game goes on where it was opened
                row.turn_message_id = None
                channel = await self.play_channel(row)
            if channel is None:
                log.warning("play channel %s is gone", row.play_channel_id, extra=ids(row))
                return ""
            if row.turn_message_id and hasattr(channel, "fetch_message"):
                try:
                    await channel.fetch_message(row.turn_message_id)  # type: ignore[attr-defined]
                except discord.NotFound:
                    log.warning("the turn message is gone: posting it again", extra=ids(row))
                    row.turn_message_id = None  # its clock, if any, keeps running
                except discord.HTTPException as exc:
                    log.info("turn message not checked: %s", exc, extra=ids(row))
            if row.turn_message_id is None:
                await self.post_turn(row, channel)
                return "posted"
            if row.players[seat].is_ai:
                self.computers.schedule(row)
                return "resumed"
            return ""

    async def _gone(self, channel_id: int) -> bool:
        try:
            await self.bot.fetch_channel(channel_id)
        except discord.NotFound:
            return True
        except discord.HTTPException:
            return False
        return False

    async def edit_stored_turn(
        self,
        row: GameRow,
        channel: discord.abc.Messageable,
        content: str,
        *,
        board: bool,
        message_id: int | None = None,
    ) -> None:
        """Rewrite a turn message without controls: the current one, or ``message_id`` (the turn
        that just ended)."""
        message_id = message_id or row.turn_message_id
        if not message_id or not hasattr(channel, "get_partial_message"):
            return
        files: list[discord.File] = []
        if board:
            t = await self.public_t(row.guild_id)
            picture = self.turn_view(t, row).picture
            content, files = await self._with_picture(t, content, picture, channel)
        try:
            await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
                content=content, attachments=files, view=None, allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException as exc:
            log.warning("could not update the turn message: %s", exc, extra=ids(row))

    async def post_final(self, row: GameRow, channel: discord.abc.Messageable) -> None:
        game = adapter_for(row.kind)
        await record_finished(self.store, row)  # stats and Elo, once per game
        t = await self.public_t(row.guild_id)
        final = game.final_view(t, row)
        content = game_over(t, row) + f" {verdict(t, row)}\n"
        content += final.content or text.standings(t, row)
        content, files = await self._with_picture(t, content, final.picture, channel)
        try:
            message = await channel.send(content, files=files, allowed_mentions=NO_MENTIONS)
            row.turn_message_id = message.id
            await self.store.save(row)
        except discord.HTTPException as exc:
            log.warning("could not post the final standings: %s", exc, extra=ids(row))
        else:
            await self.mark_lobby_ended(row, message.jump_url)
        log.info("finished, winners %s", list(game.winners(row.game)), extra=ids(row))

    @staticmethod
    def can_attach(channel: object) -> bool:
        guild = getattr(channel, "guild", None)
        permissions_for = getattr(channel, "permissions_for", None)
        if guild is None or permissions_for is None:
            return True
        return bool(permissions_for(guild.me).attach_files)

    async def _with_picture(
        self, t: Translator, content: str, picture: Picture | None, channel: object
    ) -> tuple[str, list[discord.File]]:
        """The content and the picture, or no picture and the content saying why."""
        if picture is None:
            return content, []
        if not self.can_attach(channel):
            return f"{content}\n{t(ATTACH_FILES_NOTE)}", []
        png = await self.render(picture.draw, *picture.args, **picture.kwargs)
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
        """Remove the controls from the stored turn message (best effort)."""
        if not row.turn_message_id or not hasattr(channel, "get_partial_message"):
            return
        try:
            await channel.get_partial_message(row.turn_message_id).edit(view=None)  # type: ignore[attr-defined]
        except discord.HTTPException as exc:
            log.info("old turn message not updated: %s", exc, extra=ids(row))

    # --------------------------------------------------------- slash actions

    def settle_resignation(self, row: GameRow) -> None:
        """After a seat left the game (resigned, or removed for missed turns): the game ends
        when too few players are left, and also when no human is left.

        Computers do not play on alone: they leave from the lowest score up until the rules end
        the game, so the best of them stays in and wins. Each step is a logged ``Resign``, so
        the stored state stays the replay of the log.
        """
        game = adapter_for(row.kind)
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

    async def resign(self, interaction: discord.Interaction, row: GameRow) -> None:
        game = adapter_for(row.kind)
        seat = row.seat_of(interaction.user.id)
        if seat is None or game.resigned(row.game)[seat]:
            raise Refusal("You are not playing in this game.")
        on_turn = game.current(row.game) == seat
        turn_no = game.turn_number(row.game)
        game.apply(row.game, game.resign_action(seat), None)
        self.settle_resignation(row)
        ended = end_turn(row) if on_turn or game.finished(row.game) else None
        await self.store.save(row)
        log.info("seat %d resigned", seat, extra=ids(row))
        channel = interaction.channel
        t = await self.public_t(row.guild_id)
        name = text.seat_label(t, row, seat)
        await self.announce(interaction, row, game.resigned_text(t, name))
        if ended is not None:  # the turn message of a turn that is over says so
            await self.edit_stored_turn(
                row,
                channel,  # type: ignore[arg-type]
                f"**{title(row)}** · "
                + t("turn {n}", n=turn_no)
                + " · "
                + t("this turn ended: {name} resigned.", name=name),
                board=False,
                message_id=ended,
            )
        elif await self._refresh_turn(row, channel):  # type: ignore[arg-type]
            return  # the turn goes on: its message shows the resignation, no new call
        await self.after_turn(row, channel)  # type: ignore[arg-type]

    async def _refresh_turn(self, row: GameRow, channel: discord.abc.Messageable) -> bool:
        """Show a change outside the turn (a resignation) in the posted turn message itself, so
        the player on turn keeps their message and is not called again. False if it was not."""
        current = adapter_for(row.kind).current(row.game)
        if not row.turn_message_id or current is None or row.players[current].is_ai:
            return False
        if not hasattr(channel, "get_partial_message"):
            return False
        t = await self.public_t(row.guild_id)
        turn = self.turn_view(t, row)
        content, files = await self._with_picture(t, turn.content, turn.picture, channel)
        try:
            await channel.get_partial_message(row.turn_message_id).edit(  # type: ignore[attr-defined]
                content=content,
                attachments=files,
                view=self.controls(row, turn),
                allowed_mentions=NO_MENTIONS,
            )
        except discord.HTTPException as exc:
            log.warning("could not update the turn message: %s", exc, extra=ids(row))
            return False
        return True

    async def cancel(self, interaction: discord.Interaction, row: GameRow) -> None:
        if not self.may_cancel(interaction, row):
            raise Refusal("Only the host or someone with Manage Server can cancel this game.")
        row.status = Status.CANCELLED
        row.note = N_("cancelled")
        await self.store.save(row)
        log.info("cancelled by %s", interaction.user.id, extra=ids(row))
        t = await self.public_t(row.guild_id)
        await self.announce(
            interaction,
            row,
            t(
                "{game} was cancelled by {name}.",
                game=title(row),
                name=text.safe_name(interaction.user.display_name),
            ),
        )
        channel = await self.play_channel(row)
        if channel is not None:
            await self.strip_turn_message(row, channel)
        if row.game is not None:
            await self.mark_lobby_ended(row)

    async def mark_lobby_ended(self, row: GameRow, results: str | None = None) -> None:
        """The lobby message said the game had started: now it says how it ended, with a link
        to the final standings (best effort)."""
        if row.lobby_message_id is None:
            return
        channel = self.bot.get_channel(row.channel_id)
        if not hasattr(channel, "get_partial_message"):
            return
        t = await self.public_t(row.guild_id)
        content = game_ended(t, row)
        if results:
            content += "\n" + t("Final standings: {link}", link=results)
        try:
            await channel.get_partial_message(row.lobby_message_id).edit(  # type: ignore[union-attr]
                content=content, view=None, allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException as exc:
            log.info("lobby message not updated: %s", exc, extra=ids(row))

    async def announce(self, interaction: discord.Interaction, row: GameRow, content: str) -> None:
        """A public answer to a stored action; if Discord refuses it, a private word instead."""
        try:
            await replies.send_message(interaction, content, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            log.warning("could not announce: %s", exc, extra=ids(row))
            await self.tell(interaction, user_t(interaction)("Done and saved:") + " " + content)

    async def repost(self, interaction: discord.Interaction, row: GameRow) -> None:
        """``/<game> board``: the current turn message again, the old one without controls. Its
        players and the server's managers may; the turn clock keeps running, nobody is pinged."""
        perms = getattr(interaction.user, "guild_permissions", None)
        if row.seat_of(interaction.user.id) is None and not (perms and perms.manage_guild):
            raise Refusal(
                "Only the players of this game or someone with Manage Server can post its board "
                "again."
            )
        channel = interaction.channel
        assert channel is not None
        if not await self.post_turn(row, channel, interaction, retry=False):  # type: ignore[arg-type]
            await self.tell(
                interaction,
                user_t(interaction)("Discord did not accept the board; try again in a moment."),
            )
