"""**Play again**: a finished game's results carry a button that opens a new lobby in the same
channel, for the same game and options, with the same computers seated and the clicker as host;
the other people of the last game are mentioned once (in the new lobby's first message) and take
their seats with its **Join**.

Only the people of the finished game may: the new lobby mentions them and seats its computers,
which a passer-by should not do for them (anyone has ``/<game> new``). The server's settings
decide as for ``/<game> new`` (``ServerRules``): a channel that no longer allows games, a clicker
without the role or over the lobby limit is refused privately, and nothing is opened.

The button's ``custom_id`` is ``again:<finished game id>``, so it works after a restart; it does
not match the turn controls' template (``bot.flow.components``), which needs an action.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol, cast

import discord

from bot.contract.adapter import GameAdapter
from bot.contract.models import GameRow, Player, Status
from bot.contract.refusals import Refusal, refusal_text
from bot.core import text
from bot.core.failures import DISCORD_FAILURES
from bot.core.logs import ids
from bot.flow import replies
from bot.flow.pacing import ChannelPacer
from bot.flow.replies import user_t
from bot.flow.server_rules import ServerRules, starter_of
from bot.storage import GameStore
from locales import DEFAULT, N_, Translator, translator

log = logging.getLogger(__name__)

PREFIX = "again:"
TEMPLATE = r"again:(?P<gid>\d{1,19})"
CALLED = N_("{people}: {host} wants to play {game} again. Press **Join** to take your seat.")

LobbyMessage = Callable[[Translator, GameRow], tuple[str, discord.ui.View]]
"""The lobby message of a game: its words and its controls (``bot.flow.lobby``)."""


class PlayAgain:
    """The **Play again** button and what a click on it does; given what it needs: the store,
    the installed games, the server's rules, the server's language, how a lobby message looks,
    how to reach a channel, the channel pacer and the clock with a lobby's idle time."""

    def __init__(
        self,
        store: GameStore,
        games: Mapping[str, GameAdapter[Any]],
        rules: ServerRules,
        public_t: Callable[[int], Awaitable[Translator]],
        lobby_message: LobbyMessage,
        channel_of: Callable[[int], Awaitable[Any]],
        pacer: ChannelPacer,
        clock: Callable[[], float],
        lobby_idle: float,
    ) -> None:
        self.store = store
        self.games = games
        self.rules = rules
        self.public_t = public_t
        self.lobby_message = lobby_message
        self.channel_of = channel_of
        self.pacer = pacer
        self.clock = clock
        self.lobby_idle = lobby_idle
        self._opening: dict[int, asyncio.Lock] = {}  # by channel: one new lobby at a time

    def buttons(self, t: Translator, row: GameRow) -> list[discord.ui.Item[Any]]:
        """The results' part (``bot.flow.results``): one button, for a finished game."""
        if row.status is not Status.FINISHED or row.kind not in self.games:
            return []
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=t("Play again"),
            emoji="🔁",
            style=discord.ButtonStyle.success,
            custom_id=f"{PREFIX}{row.id}",
        )
        return [PlayAgainItem(button, row.id)]

    async def click(self, interaction: discord.Interaction, game_id: int) -> None:
        """Open the new lobby, or say privately why not (changing nothing)."""
        try:
            async with replies.in_time(interaction, private=True):
                link = await self._open(interaction, game_id)
                ut = user_t(interaction)
                await replies.send_message(
                    interaction, ut("Your new lobby is open: {link}", link=link), ephemeral=True
                )
        except Refusal as exc:
            try:
                await replies.send_message(
                    interaction, refusal_text(user_t(interaction), exc), ephemeral=True
                )
            except DISCORD_FAILURES as failure:
                log.warning("could not answer a Play again click: %r", failure)

    async def _open(self, interaction: discord.Interaction, game_id: int) -> str:
        """The new lobby, posted in the finished game's channel; its message's link."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal("Games are played in servers, not in direct messages.")
        old = await self.store.get(guild_id, game_id)
        game = self.games.get(old.kind) if old is not None else None
        if old is None or game is None or old.status is not Status.FINISHED:
            raise Refusal("This game no longer exists.")
        if old.seat_of(interaction.user.id) is None:
            raise Refusal(
                "Only the players of {game} can play it again. Start your own with `/{group} new`.",
                game=f"{game.info.title} #{old.id}",
                group=game.info.group,
            )
        channel = await self.channel_of(old.channel_id)
        if channel is None or not hasattr(channel, "send"):
            raise Refusal("I cannot reach the channel of that game any more.")
        parent = getattr(channel, "parent_id", None)
        where = (old.channel_id, parent) if parent else (old.channel_id,)
        lock = self._opening.setdefault(old.channel_id, asyncio.Lock())
        try:
            async with lock:
                await self.rules.check_start(guild_id, where, starter_of(interaction))
                await self._free(guild_id, old.channel_id)
                row = await self._lobby(interaction, old)
                return await self._post(row, old, channel, interaction)
        finally:
            if not lock.locked():
                self._opening.pop(old.channel_id, None)

    async def _free(self, guild_id: int, channel_id: int) -> None:
        """A channel holds one open lobby (or a game played in it) at a time."""
        existing = await self.store.find_in_channel(guild_id, channel_id)
        if existing is None or existing.thread_id == channel_id:
            return
        title = f"{self.games[existing.kind].info.title} #{existing.id}"
        if existing.status is Status.LOBBY:
            link = (
                f"https://discord.com/channels/{guild_id}/{channel_id}/{existing.lobby_message_id}"
                if existing.lobby_message_id
                else f"<#{channel_id}>"
            )
            raise Refusal("A lobby is already open there: {link}. Join it.", link=link)
        if existing.thread_id is None:
            raise Refusal(
                "{game} is still open in this channel. "
                "Finish or cancel it first (`/{group} cancel`).",
                game=title,
                group=self.games[existing.kind].info.group,
            )

    async def _lobby(self, interaction: discord.Interaction, old: GameRow) -> GameRow:
        """The new lobby, stored: the clicker hosts, the same computers sit, same options."""
        user = interaction.user
        row = await self.store.create_lobby(
            old.guild_id,
            old.channel_id,
            Player(user.id, user.display_name),
            old.kind,
            dict(old.options),
        )
        for player in old.players:
            if player.is_ai:
                computer = Player(0, "", player.ai)
                row.players.append(computer)  # named in English, shown in the server's language
                computer.name = text.player_name(translator(DEFAULT), row, len(row.players) - 1)
        row.turn_timer = old.turn_timer  # the same game: the timer it was played with
        row.lobby_expires = self.clock() + self.lobby_idle
        await self.store.save(row)
        log.info("lobby opened to play game %d again", old.id, extra=ids(row))
        return row

    async def _post(
        self, row: GameRow, old: GameRow, channel: Any, interaction: discord.Interaction
    ) -> str:
        """The lobby message, mentioning the last game's other people once; if Discord does not
        take it, the lobby closes at once (nobody could join it) and the clicker is told."""
        t = await self.public_t(row.guild_id)
        content, view = self.lobby_message(t, row)
        others: list[int] = []
        for player in old.humans:
            if player.user_id != interaction.user.id and player.user_id not in others:
                others.append(player.user_id)
        if others:
            called = t(
                CALLED,
                people=" ".join(f"<@{user_id}>" for user_id in others),
                host=text.safe_name(interaction.user.display_name),
                game=self.games[row.kind].info.title,
            )
            content = f"{called}\n{content}"
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in others]
        )
        try:
            message = await self.pacer.send(channel, content, view=view, allowed_mentions=mentions)
        except DISCORD_FAILURES as exc:
            log.warning("the lobby to play again was not posted: %r", exc, extra=ids(row))
            row.status, row.note = Status.CANCELLED, N_("Discord refused the lobby message")
            await self.store.save(row)
            raise Refusal("Discord did not accept the lobby message. Please try again.") from None
        row.lobby_message_id = message.id
        await self.store.save(row)
        return str(message.jump_url)


class _Owner(Protocol):
    """The bot, as the button sees it: it holds the ``PlayAgain`` part."""

    play_again: PlayAgain


class PlayAgainItem(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """The **Play again** button, found again by its id after a restart."""

    def __init__(self, item: discord.ui.Button[Any], game_id: int) -> None:
        super().__init__(item)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any
    ) -> PlayAgainItem:
        return cls(item, int(match["gid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:  # type: ignore[override]
        await cast(_Owner, interaction.client).play_again.click(interaction, self.game_id)
