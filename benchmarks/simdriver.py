"""Reading the bot's messages in SimCord, shared by the benchmark scripts."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

MENTION = re.compile(r"<@(\d+)>, your turn")
TURN = tuple(f"spx:{k}:" for k in ("die", "throw", "place", "back", "discard", "zone", "sq"))
SPC_MENTION = re.compile(r"<@(\d+)>")
SPC_TURN = tuple(f"spc:{k}:" for k in ("tile", "rotate", "field", "exchange", "pass"))


def ids(message: Any) -> list[str]:
    """The custom_ids of a message's components, in order."""
    return [
        c.custom_id
        for row in message.components
        for c in getattr(row, "children", [])
        if getattr(c, "custom_id", None)
    ]


def options(message: Any, prefix: str) -> list[str]:
    """The option values of the select whose custom_id starts with ``prefix``."""
    for row in message.components:
        for c in getattr(row, "children", []):
            if getattr(c, "custom_id", "").startswith(prefix):
                return [o.value for o in c.options]
    raise LookupError(prefix)


def turn_message(where: Any, prefixes: tuple[str, ...] = TURN) -> Any:
    """The newest message with turn controls, or None once the game is over."""
    for message in reversed(where.history()):
        if any(cid.startswith(prefixes) for cid in ids(message)):
            return message
    return None


async def spectrangle_turn(
    by_id: dict[int, Any], find: Callable[[], Any], timed: Callable[[Any], Awaitable[Any]]
) -> bool:
    """One Spectrangle turn as a person plays it: a tile, then its first field (or an exchange,
    or a pass); ``find`` returns the current turn message, ``timed`` awaits and times a call.
    False when the game is over."""
    message = find()
    if message is None:
        return False
    player = by_id[int(SPC_MENTION.search(message.content).group(1))]  # type: ignore[union-attr]
    cids = ids(message)
    tile = next((c for c in cids if c.startswith("spc:tile:")), None)
    if tile is not None:
        await timed(player.select(message, [options(message, "spc:tile:")[0]], custom_id=tile))
        message = find()
        field = next(c for c in ids(message) if c.startswith("spc:field:"))
        await timed(player.select(message, [options(message, field)[0]], custom_id=field))
    elif any(c.startswith("spc:exchange:") for c in cids):
        swap = next(c for c in cids if c.startswith("spc:exchange:"))
        await timed(player.select(message, [options(message, swap)[0]], custom_id=swap))
    else:
        await timed(
            player.click(message, custom_id=next(c for c in cids if c.startswith("spc:pass:")))
        )
    return True
