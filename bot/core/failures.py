"""What a Discord call can raise when Discord or the network fails, as opposed to a bug.

discord.py raises ``discord.HTTPException`` for an answer Discord gave (4xx, 5xx), but passes a
failed connection through as aiohttp's or asyncio's own exception (``ServerDisconnectedError``,
``ClientConnectionError``, ``asyncio.TimeoutError``, ``OSError``). A background path that
catches only ``HTTPException`` dies on those, so every path that must survive Discord's faults
catches ``DISCORD_FAILURES`` and asks ``worth_retrying`` whether to try again.
"""

from __future__ import annotations

import aiohttp
import discord

NETWORK_ERRORS: tuple[type[BaseException], ...] = (
    aiohttp.ClientError,
    TimeoutError,  # asyncio.TimeoutError is this since Python 3.11
    OSError,
)
DISCORD_FAILURES: tuple[type[BaseException], ...] = (discord.HTTPException, *NETWORK_ERRORS)


def is_network_error(exc: BaseException) -> bool:
    return isinstance(exc, NETWORK_ERRORS)


def worth_retrying(exc: BaseException) -> bool:
    """A failure that may pass: the network, Discord's 5xx, or its rate limit (429).

    4xx answers (a deleted message, a missing permission) will be refused again."""
    if is_network_error(exc):
        return True
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500 or exc.status == 429
    return False
