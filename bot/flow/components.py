"""Buttons and selects whose ``custom_id`` carries everything needed to act on a click.

``<code>:<action>:<game id>[:v<version>][:<arg>…]``: ``code`` names the game (``spx`` for
Spexxx), ``version`` is the game's event count when the message was posted (turn controls
only), so a click on an older message is recognised; the arguments are the game's own. After
a restart the same ids still parse (``DynamicItem``). Spexxx's ids from before the platform
(``spx:throw:12:3:1``, no version) parse too: their games keep working after the upgrade.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from bot.contract.adapter import ARG_PATTERN, Button, Select, Style

LOBBY_ACTIONS = ("join", "leave", "start", "cancel", "addai", "rmai")
TEMPLATE = (
    r"(?P<code>[a-z]{2,8}):(?P<action>[a-z]{1,12}):(?P<gid>\d{1,19})"
    rf"(?::v(?P<ver>\d{{1,10}}))?(?P<rest>(?::{ARG_PATTERN}){{0,6}})"
)
STYLES = {
    Style.PRIMARY: discord.ButtonStyle.primary,
    Style.SECONDARY: discord.ButtonStyle.secondary,
    Style.SUCCESS: discord.ButtonStyle.success,
    Style.DANGER: discord.ButtonStyle.danger,
}


def custom_id(
    code: str, action: str, game_id: int, version: int | None, args: tuple[str, ...]
) -> str:
    parts = [code, action, str(game_id)]
    if version is not None:
        parts.append(f"v{version}")
    return ":".join([*parts, *args])


class _Clicks(Protocol):
    async def on_component(
        self,
        interaction: discord.Interaction,
        code: str,
        action: str,
        game_id: int,
        version: int | None,
        args: tuple[str, ...],
        values: tuple[str, ...] = (),
    ) -> None: ...


class _Host(Protocol):
    """What a click needs of the bot that received it: the game flow (``bot.play``)."""

    @property
    def play(self) -> _Clicks: ...


def parsed(match: Any) -> tuple[str, str, int, int | None, tuple[str, ...]]:
    """A custom_id matched by ``TEMPLATE`` (or one of its shape): code, action, id, version
    and the arguments after the action."""
    rest = match["rest"]
    args = tuple(rest.split(":")[1:]) if rest else ()
    version = int(match["ver"]) if match["ver"] is not None else None
    return match["code"], match["action"], int(match["gid"]), version, args


class GameItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
    """A button or a select of any game: one template, so one class parses both kinds."""

    def __init__(
        self,
        item: discord.ui.Item[Any],
        code: str,
        action: str,
        game_id: int,
        version: int | None,
        args: tuple[str, ...],
    ) -> None:
        super().__init__(item)
        self.code, self.action, self.game_id = code, action, game_id
        self.version, self.args = version, args

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> GameItem:
        return cls(item, *parsed(match))

    @classmethod
    def button(
        cls, code: str, game_id: int, version: int | None, spec: Button, row: int | None = None
    ) -> GameItem:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=spec.label or None,
            style=STYLES[spec.style],
            disabled=spec.disabled,
            emoji=spec.emoji,
            row=row,
            custom_id=custom_id(code, spec.action, game_id, version, spec.args),
        )
        return cls(button, code, spec.action, game_id, version, spec.args)

    @classmethod
    def select(
        cls, code: str, game_id: int, version: int | None, spec: Select, row: int | None = None
    ) -> GameItem:
        select: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=spec.placeholder or None,
            options=[
                discord.SelectOption(
                    label=o.label,
                    value=o.value,
                    description=o.description,
                    default=o.default,
                    emoji=o.emoji,
                )
                for o in spec.options
            ],
            min_values=1,
            max_values=1,
            row=row,
            custom_id=custom_id(code, spec.action, game_id, version, spec.args),
        )
        return cls(select, code, spec.action, game_id, version, spec.args)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:  # type: ignore[override]
        item = self.item
        values = tuple(item.values) if isinstance(item, discord.ui.Select) else ()
        await cast(_Host, interaction.client).play.on_component(
            interaction, self.code, self.action, self.game_id, self.version, self.args, values
        )


def build_view(code: str, game_id: int, version: int | None, controls: Any) -> discord.ui.View:
    """Discord components for an adapter's ``Controls``, row by row.

    Every item is a ``DynamicItem``, found again by its custom_id, so discord.py need not keep
    the view: it is returned stopped, and is not stored. (Stored, each private panel, an
    ephemeral message, would hold a view and a 15-minute timeout task per send and edit.)"""
    view = discord.ui.View(timeout=None)
    for index, row in enumerate(controls.rows):
        if isinstance(row, Select):
            view.add_item(GameItem.select(code, game_id, version, row, index))
        else:
            for spec in row:
                view.add_item(GameItem.button(code, game_id, version, spec, index))
    view.stop()
    return view
