"""The Discord side: commands, buttons, storage. ``create_bot()`` builds a ready bot object."""

from bot.client import SpexxxBot, create_bot

__all__ = ["SpexxxBot", "create_bot"]
