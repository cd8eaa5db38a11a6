"""The Discord side: commands, buttons, storage. ``create_bot()`` builds a ready bot object.

The two names load the Discord edge on first use, so importing a lower layer (``bot.contract``
for an adapter) does not import discord.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.discord.client import GameBot, create_bot

__all__ = ["GameBot", "create_bot"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from bot.discord import client

        return getattr(client, name)
    raise AttributeError(f"module 'bot' has no attribute {name!r}")
