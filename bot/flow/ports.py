"""What the flow's parts need of each other and of the Discord client, as narrow interfaces.

A part (computer turns, turn timers, timed views …) is given the controller in its constructor
but sees it only through the Protocol it declares, made of these pieces; the client is seen as
discord.py's ``Client``. So no part imports the controller's or the client's module, and none
can reach what it did not declare.
"""

from __future__ import annotations

from collections import Counter
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import discord

from bot.contract.adapter import Picture, TurnView
from bot.contract.models import GameRow
from bot.core.dice import DiceSource
from bot.core.registry import Registry
from bot.core.shards import ShardScope
from bot.flow.pacing import ChannelPacer
from bot.storage import GameStore
from locales import Translator

Client = discord.Client
"""The Discord client as the flow sees it: discord.py's own client class, which the edge's
``GameBot`` extends (the flow never imports the edge)."""


class Shared(Protocol):
    """The controller's shared state a part may read."""

    @property
    def bot(self) -> Client: ...

    @property
    def store(self) -> GameStore: ...

    @property
    def games(self) -> Registry: ...

    @property
    def dice(self) -> DiceSource: ...

    @property
    def pacer(self) -> ChannelPacer: ...

    @property
    def scope(self) -> ShardScope: ...

    @property
    def acted(self) -> Counter[str]:
        """What the background work did, by kind (the heartbeat, the benchmarks)."""

    @property
    def closing(self) -> bool:
        """Shutting down: no new background work."""


class Locks(Protocol):
    """A game's lock: actions on one game, one at a time."""

    def acting(self, game_id: int, *, settle: bool = True) -> AbstractAsyncContextManager[None]: ...

    def acting_unasked(self, guild_id: int, game_id: int) -> AbstractAsyncContextManager[None]: ...

    def busy(self) -> AbstractAsyncContextManager[None]: ...


class Posts(Protocol):
    """Posting a game's turns and what follows them (``bot.flow.posting.Posting``)."""

    async def play_channel(self, row: GameRow) -> discord.abc.Messageable | None: ...

    async def post_turn(
        self,
        row: GameRow,
        channel: discord.abc.Messageable,
        interaction: discord.Interaction | None = None,
        *,
        reminder: str = "",
        retry: bool = True,
    ) -> bool: ...

    async def after_turn(self, row: GameRow, channel: discord.abc.Messageable | None) -> None: ...

    async def close_turn_message(
        self,
        row: GameRow,
        channel: discord.abc.Messageable | None,
        message_id: int | None,
        *,
        lead: str = "",
        interaction: discord.Interaction | None = None,
    ) -> None: ...

    async def edit_stored_turn(
        self,
        row: GameRow,
        channel: discord.abc.Messageable,
        content: str,
        *,
        board: bool,
        message_id: int | None = None,
        wait: bool = True,
    ) -> None: ...

    async def strip_turn_message(self, row: GameRow, channel: discord.abc.Messageable) -> None: ...

    async def turn_edit(
        self, t: Translator, row: GameRow, channel: object, screen: Any = None
    ) -> dict[str, Any]: ...

    async def answer_edit(self, interaction: discord.Interaction, **fields: Any) -> None: ...

    async def with_picture(
        self, t: Translator, content: str, picture: Picture | None, channel: object
    ) -> tuple[str, list[discord.File]]: ...

    def retry_post(self, row: GameRow) -> None: ...

    async def retry_unposted(self) -> int: ...


class Turns(Protocol):
    """A game's turns: the language of its public messages, its view, a resignation settled,
    and the part posting its messages."""

    async def public_t(self, guild_id: int) -> Translator: ...

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView: ...

    def settle_resignation(self, row: GameRow) -> None: ...

    @property
    def posting(self) -> Posts: ...
