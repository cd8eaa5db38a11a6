"""``/spexxx daily`` and ``/spectrangle daily``: the daily challenge's slash commands and buttons.

``install`` composes the challenge (``bot.flow.daily``) from what the bot already has (its
store, renderer, public language, the installed adapters) and adds a ``daily`` sub-command to
each group of a game that has a daily challenge. A running attempt's buttons are ``DailyItem``s:
their custom_id (``dy-<code>:<action>:<attempt>:v<version>:…``) carries everything, so they work
after a restart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.contract.adapter import GameAdapter
from bot.contract.daily import DailyRules
from bot.contract.refusals import Refusal, refusal_text
from bot.discord.translate import cmd
from bot.flow import replies
from bot.flow.daily import DailyChallenge, DailyGame, DailyItem
from bot.flow.pacing import ChannelPacer
from bot.flow.replies import user_t
from bot.storage.base import SqlGameStore
from bot.storage.daily import DailyStore
from games.common.errors import GameError
from locales import N_, Translator


class Play(Protocol):
    """What the daily challenge uses of the bot's play controller."""

    pacer: ChannelPacer

    async def render(self, draw: Any, *args: Any, **kwargs: Any) -> bytes: ...

    async def public_t(self, guild_id: int) -> Translator: ...

    async def tell(self, interaction: discord.Interaction, message: str) -> None: ...

    async def fail(
        self, interaction: discord.Interaction, exc: Exception, game_id: int, group: str
    ) -> None: ...


DESCRIPTION = N_("Today's solo challenge: the same game for everyone, one attempt a day")


class DailyCommands:
    """The daily challenge's Discord side: the command, the clicks, refusals and failures."""

    def __init__(self, play: Play, challenge: DailyChallenge) -> None:
        self.play = play
        self.challenge = challenge

    async def command(self, interaction: discord.Interaction, kind: str) -> None:
        game = self.challenge.games[kind]
        await self._run(interaction, game, lambda: self.challenge.open(interaction, kind))

    async def on_component(
        self,
        interaction: discord.Interaction,
        code: str,
        action: str,
        attempt_id: int,
        version: int | None,
        args: tuple[str, ...],
        values: tuple[str, ...],
    ) -> None:
        game = self.challenge.by_code.get(code)
        await self._run(
            interaction,
            game,
            lambda: self.challenge.click(
                interaction, code, action, attempt_id, version, args, values
            ),
        )

    async def _run(
        self, interaction: discord.Interaction, game: DailyGame | None, action: Any
    ) -> None:
        refusals = game.adapter.info.refusals if game is not None else {}
        group = game.adapter.info.group if game is not None else "spexxx"
        try:
            async with replies.in_time(interaction, private=True):
                await action()
        except (Refusal, GameError) as exc:
            await self.play.tell(interaction, refusal_text(user_t(interaction), exc, refusals))
        except Exception as exc:
            await self.play.fail(interaction, exc, 0, group)


def install(
    bot: commands.Bot,
    store: SqlGameStore,
    play: Play,
    registry: Mapping[str, GameAdapter[Any]],
    rules: Mapping[str, DailyRules],
) -> DailyCommands:
    """The daily challenge of every installed game in ``rules``: its ``daily`` sub-command in
    the game's group (already in ``bot``'s command tree) and its buttons."""
    games = {kind: DailyGame(registry[kind], r) for kind, r in rules.items() if kind in registry}
    challenge = DailyChallenge(
        DailyStore(store, {kind: g.adapter for kind, g in games.items()}),
        games,
        render=play.render,
        public_t=play.public_t,
        send=play.pacer.send,
    )
    daily = DailyCommands(play, challenge)
    bot.add_dynamic_items(DailyItem)
    for kind, game in games.items():
        group = bot.tree.get_command(game.adapter.info.group)
        if not isinstance(group, app_commands.Group):
            raise LookupError(f"/{game.adapter.info.group} is not registered")
        group.add_command(_command(daily, kind, game.adapter))
    return daily


def _command(
    daily: DailyCommands, kind: str, adapter: GameAdapter[Any]
) -> app_commands.Command[Any, Any, None]:
    async def command(interaction: discord.Interaction) -> None:
        await daily.command(interaction, kind)

    return app_commands.Command(
        name=cmd("daily"), description=DESCRIPTION, callback=command, extras={"kind": kind}
    )
