"""The Discord side: commands, buttons, storage. ``create_bot()`` builds a ready bot object."""

from bot.client import GameBot, create_bot

__all__ = ["GameBot", "create_bot"]
