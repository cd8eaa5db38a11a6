"""Structured logs: one JSON object per line, with the guild and game ids when there are some.

``log.info("placed", extra=ids(row))`` adds ``"guild"`` and ``"game"`` fields, so a server admin
can follow one game with ``grep '"game": 12'``.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

CONTEXT_FIELDS = ("guild", "game", "user", "seat")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for field in CONTEXT_FIELDS:
            value = getattr(record, field, None)
            if value is not None:
                entry[field] = value
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """Plain lines, with ``[guild=… game=…]`` appended when the record has them."""

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        context = " ".join(
            f"{f}={getattr(record, f)}"
            for f in CONTEXT_FIELDS
            if getattr(record, f, None) is not None  # seat 0 is a seat
        )
        return f"{line} [{context}]" if context else line


def setup_logging(level: str, fmt: str = "json") -> None:
    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(TextFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("discord.http").setLevel(max(logging.INFO, root.level))


def ids(row: Any) -> dict[str, int]:
    """Log context for a stored game row."""
    return {"guild": row.guild_id, "game": row.id}
