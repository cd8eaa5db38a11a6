"""The lobby's actions for every game: join, leave, computer seats, cancel, and the start (the
game, its thread, the first turn)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

import discord

from bot.contract.capabilities import live_rounds
from bot.contract.models import GameRow, Player, Status
from bot.contract.refusals import Refusal
from bot.core import text
from bot.core.dice import ROLL_OFF
from bot.core.failures import DISCORD_FAILURES
from bot.core.logs import ids
from bot.flow import lobby, replies
from bot.flow.greeting import kept_line
from bot.flow.messages import (
    closed_lobby,
    lobby_content,
    thread_name,
    title,
)
from bot.flow.ports import Shared, Turns
from bot.flow.posting import NO_MENTIONS, mention_users, waited_people
from bot.flow.replies import user_t
from bot.flow.timers import (
    archive_minutes,
    now,
)
from locales import DEFAULT, N_, Translator, translator

if TYPE_CHECKING:
    from bot.flow.timers import TurnTimers


log = logging.getLogger(__name__)
CREATE_PUBLIC_THREADS = N_("Create Public Threads")  # permission names as Discord's app shows them
SEND_MESSAGES_IN_THREADS = N_("Send Messages in Threads")
LIVE_START = N_("{players}: the game begins. Everyone plays at once, every round.")


class Host(Shared, Turns, Protocol):
    """What the lobby needs of the game flow (``bot.flow.play.PlayController``)."""

    @property
    def timers(self) -> TurnTimers: ...

    async def tell(self, interaction: discord.Interaction, message: str) -> None: ...


class LobbyFlow:
    """Lobby clicks: a part of the game flow, given the flow (``Host``)."""

    def __init__(self, flow: Host) -> None:
        self.flow = flow

    async def act(
        self, interaction: discord.Interaction, row: GameRow, kind: str, values: tuple[str, ...]
    ) -> None:
        if row.status is Status.CANCELLED:
            raise Refusal("This lobby is closed: the game was cancelled.")
        if row.status is not Status.LOBBY:
            raise Refusal("This lobby is closed: the game has started.")
        user = interaction.user
        seat = row.seat_of(user.id)
        game = self.flow.games[row.kind]
        if kind == "join":
            if seat is not None:
                raise Refusal("You have already joined this game.")
            if len(row.players) >= game.info.max_seats:
                raise Refusal("This game is full ({n} players).", n=game.info.max_seats)
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
                if level not in {value for value, _ in game.info.levels}:
                    raise Refusal("Choose easy, normal or hard.")
                if len(row.players) >= game.info.max_seats:
                    raise Refusal("This game is full ({n} players).", n=game.info.max_seats)
                computer = Player(0, "", level)
                row.players.append(computer)  # stored in English, shown in the server's language
                computer.name = text.player_name(translator(DEFAULT), row, len(row.players) - 1)
            else:
                ai_seats = [i for i, p in enumerate(row.players) if p.is_ai]
                if not ai_seats:
                    raise Refusal("There is no computer player to remove.")
                row.players.pop(ai_seats[-1])
        elif kind == "cancel":
            if not lobby.may_cancel(interaction, row):
                raise Refusal("Only the host or someone with Manage Server can cancel this game.")
            row.status = Status.CANCELLED
            row.note = N_("cancelled")
        elif kind == "start":
            if user.id != row.host_id:
                raise Refusal("Only the host can start the game.")
            if len(row.players) < game.info.min_seats:
                raise Refusal("At least {n} players are needed to start.", n=game.info.min_seats)
            why = game.start_refusal(row.options, len(row.players))
            if why is not None:
                raise Refusal(why)
            await self._start(interaction, row)
            return
        if row.status is Status.LOBBY:
            row.lobby_expires = now() + self.flow.timers.lobby_idle
        await self.flow.store.save(row)
        log.info("lobby %s by %s", kind, user.id, extra=ids(row))
        t = await self.flow.public_t(row.guild_id)
        try:
            if row.status is Status.CANCELLED:
                await replies.edit_message(
                    interaction, content=closed_lobby(t, self.flow.games[row.kind], row), view=None
                )
            else:
                shown = interaction.message.content if interaction.message else None
                kept = kept_line(t, shown)  # the first lobby's line pointing to /help
                await replies.edit_message(
                    interaction,
                    content=lobby_content(t, self.flow.games[row.kind], row)
                    + (f"\n{kept}" if kept else ""),
                    view=lobby.lobby_view(t, self.flow.games[row.kind], row),
                    allowed_mentions=NO_MENTIONS,
                )
        except DISCORD_FAILURES as exc:
            log.warning("could not update the lobby message: %r", exc, extra=ids(row))
            ut = user_t(interaction)
            done = {
                "join": ut("You joined, but Discord did not update the lobby message yet."),
                "leave": ut("You left, but Discord did not update the lobby message yet."),
            }.get(kind, ut("Saved, but Discord did not update the lobby message yet."))
            await self.flow.tell(interaction, done)

    async def _start(self, interaction: discord.Interaction, row: GameRow) -> None:
        game = self.flow.games[row.kind]
        row.game = game.new_game(len(row.players), row.options, self.flow.dice(row.id, ROLL_OFF))
        if (live := live_rounds(game)) is not None:
            live.started(row, now())
        row.status = Status.RUNNING
        row.missed = [0] * len(row.players)
        row.lobby_expires = None
        await self.flow.store.save(row)
        log.info("started, %d seats", len(row.players), extra=ids(row))
        channel = interaction.channel
        t = await self.flow.public_t(row.guild_id)
        play_channel, note = await self._open_thread(t, interaction, row)
        row.thread_id = play_channel.id if play_channel is not channel else None
        await self._edit_lobby_after_start(t, interaction, row, play_channel.mention)
        options = game.options_text(t, row.options, len(row.players))
        intro = f"**{title(self.flow.games[row.kind], row)}**" + (
            f" — {options}." if options else ""
        )
        intro = "\n".join(part for part in (intro, game.intro(t, row)) if part)
        if note:
            intro = note + "\n" + intro
        called = self._called_to_start(row)
        if called:
            mentions = " ".join(f"<@{user_id}>" for user_id in called)
            intro = t(LIVE_START, players=mentions) + "\n" + intro
        try:
            await self.flow.pacer.send(
                play_channel,
                intro,
                allowed_mentions=mention_users(called) if called else NO_MENTIONS,
            )
        except DISCORD_FAILURES as exc:
            log.warning("could not post the roll-off: %r", exc, extra=ids(row))
        await self.flow.posting.post_turn(row, play_channel)  # type: ignore[arg-type]

    def _called_to_start(self, row: GameRow) -> list[int]:
        """A live game needs everyone from its first round (all play at once): its intro pings
        each person but those the first round message pings anyway (``waits_for``), so each
        is pinged once as it begins. A turn game pings each player on their turn instead."""
        if not self.flow.games[row.kind].info.live:
            return []
        first = set(waited_people(self.flow.games[row.kind], row))
        return [p.user_id for p in row.players if not p.is_ai and p.user_id not in first]

    async def _edit_lobby_after_start(
        self, t: Translator, interaction: discord.Interaction, row: GameRow, where: str
    ) -> None:
        players = ", ".join(
            text.seat_label(t, row, s, self.flow.games[row.kind].info.seat_marks)
            for s in range(len(row.players))
        )
        if row.thread_id:
            content = t(
                "**{game}** has started in {where}: {players}",
                game=title(self.flow.games[row.kind], row),
                where=where,
                players=players,
            )
        else:
            content = t(
                "**{game}** has started below: {players}",
                game=title(self.flow.games[row.kind], row),
                players=players,
            )
        try:
            await replies.edit_message(
                interaction, content=content, view=None, allowed_mentions=NO_MENTIONS
            )
        except DISCORD_FAILURES as exc:
            log.warning("could not update the lobby message: %r", exc, extra=ids(row))

    async def _open_thread(
        self, t: Translator, interaction: discord.Interaction, row: GameRow
    ) -> tuple[discord.abc.Messageable, str]:
        """A public thread for the game, or the channel with a note on the missing permission."""
        channel = interaction.channel
        assert channel is not None
        if isinstance(channel, discord.Thread) or not isinstance(channel, discord.TextChannel):
            return channel, ""  # type: ignore[return-value]
        if not (await self.flow.store.server_settings(row.guild_id)).threads:
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
                name = thread_name(t, self.flow.games[row.kind], row)
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
            except DISCORD_FAILURES as exc:  # Discord trouble, not a permission
                log.warning("thread creation failed: %r", exc, extra=ids(row))
                return channel, t(
                    "We play in this channel: Discord could not open a thread just now."
                )
        note = t(
            "We play in this channel: I could not open a thread here. Give me {permissions} "
            "to have each game in its own thread.",
            permissions=t(" and ").join(f"**{t(m)}**" for m in missing),
        )
        return channel, note
