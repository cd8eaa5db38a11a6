"""First contact: the bot says nothing unasked when it joins a server, but the first lobby ever
opened there ends with one line pointing to ``/help``. Claimed in the store, so it is said
once per server, across restarts and processes (servers that played before the line existed
count as told: a migration marks them). While that lobby is open its changes keep the line
(``kept_line``, read from the message they change: nothing more is stored)."""

from __future__ import annotations

from bot.storage import GameStore
from locales import N_, Translator

HELP_NOTICE = "help"
HELP_LINE = N_("New here? `/help` shows every game I host, its rules and my commands.")


class FirstContact:
    """Whether a server still has to be told where help is; given the store."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def lobby_line(self, t: Translator, guild_id: int) -> str:
        """The line to end a new lobby's message with ("" after the first lobby, ever)."""
        if await self.store.first_notice(guild_id, HELP_NOTICE):
            return t(HELP_LINE)
        return ""


def kept_line(t: Translator, shown: str | None) -> str:
    """The line pointing to /help if the lobby message as shown (``shown``) ends with it: a
    change of that lobby keeps it there while the lobby is open ("" otherwise)."""
    line = t(HELP_LINE)
    return line if shown is not None and shown.endswith("\n" + line) else ""
