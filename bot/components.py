"""Buttons and selects whose ``custom_id`` carries everything needed to act on a click.

``spx:<kind>:<game id>[:<turn>:<throws used>[:…]]``: after a restart the same ids still parse
(``DynamicItem``), and a click on an old turn's message is recognised by its turn and throw
counters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.client import SpexxxBot

LOBBY_KINDS = ("join", "leave", "start", "cancel", "addai", "rmai")


def custom_id(kind: str, game_id: int, *args: int) -> str:
    return ":".join(["spx", kind, str(game_id), *map(str, args)])


def _parse(match: Any) -> tuple[str, int, tuple[int, ...]]:
    rest = match["rest"]
    args = tuple(int(a) for a in rest.split(":")[1:]) if rest else ()
    return match["kind"], int(match["gid"]), args


class _FromCustomId:
    """What buttons and selects share: the parsed custom_id, and rebuilding from it."""

    def __init__(self, item: Any, kind: str, game_id: int, args: tuple[int, ...]) -> None:
        super().__init__(item)  # type: ignore[call-arg]
        self.kind, self.game_id, self.args = kind, game_id, args

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> Any:
        return cls(item, *_parse(match))


class GameButton(
    _FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"spx:(?P<kind>join|leave|start|cancel|rmai|die|throw|place|back|discard|hint)"
    r":(?P<gid>\d{1,19})(?P<rest>(?::\d{1,19}){0,4})",
):
    @classmethod
    def make(
        cls,
        kind: str,
        game_id: int,
        *args: int,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        emoji: str | None = None,
        row: int | None = None,
    ) -> GameButton:
        button: discord.ui.Button = discord.ui.Button(
            label=label,
            style=style,
            disabled=disabled,
            emoji=emoji,
            row=row,
            custom_id=custom_id(kind, game_id, *args),
        )
        return cls(button, kind, game_id, args)

    async def callback(self, interaction: discord.Interaction[SpexxxBot]) -> None:  # type: ignore[override]
        await interaction.client.play.on_component(interaction, self.kind, self.game_id, self.args)


class GameSelect(
    _FromCustomId,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"spx:(?P<kind>zone|sq|addai):(?P<gid>\d{1,19})(?P<rest>(?::\d{1,19}){0,4})",
):
    @classmethod
    def make(
        cls,
        kind: str,
        game_id: int,
        *args: int,
        placeholder: str,
        options: list[discord.SelectOption],
        row: int | None = None,
    ) -> GameSelect:
        select: discord.ui.Select = discord.ui.Select(
            placeholder=placeholder,
            options=options,
            min_values=1,
            max_values=1,
            row=row,
            custom_id=custom_id(kind, game_id, *args),
        )
        return cls(select, kind, game_id, args)

    async def callback(self, interaction: discord.Interaction[SpexxxBot]) -> None:  # type: ignore[override]
        values = tuple(self.item.values)
        await interaction.client.play.on_component(
            interaction, self.kind, self.game_id, self.args, values
        )
