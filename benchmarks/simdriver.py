"""Reading the bot's messages in SimCord, shared by the benchmark scripts."""

from __future__ import annotations

import re
from typing import Any

MENTION = re.compile(r"<@(\d+)>, your turn")
TURN = tuple(f"spx:{k}:" for k in ("die", "throw", "place", "back", "discard", "zone", "sq"))


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


def turn_message(where: Any) -> Any:
    """The newest message with turn controls, or None once the game is over."""
    for message in reversed(where.history()):
        if any(cid.startswith(TURN) for cid in ids(message)):
            return message
    return None
