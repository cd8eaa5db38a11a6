"""The daily challenge's chance: every value fixed by the UTC day and the value's place in the
game, never by what was drawn before it.

A die or a shuffle keyed by (day, coordinates) makes the same choices give the same game, and
different choices differ only where the player chose differently: a re-roll of die slot ``i``
on throw ``k`` of turn ``t`` shows the same value whatever else was held. SHA-256 rather than
``random.Random`` so the values are the same on every Python and platform, for everyone.
"""

from __future__ import annotations

import hashlib
from datetime import date


def day_key(day: date | str) -> str:
    """The day as ``YYYY-MM-DD``; a string is checked to be a real date."""
    if isinstance(day, str):
        return date.fromisoformat(day).isoformat()
    return day.isoformat()


def hashed_die(*coordinates: object) -> int:
    """A fair die (1–6) fixed by its coordinates: bytes ≥ 252 are skipped, so every face has
    probability exactly 1/6."""
    text = ":".join(map(str, coordinates)).encode()
    counter = 0
    while True:
        for byte in hashlib.sha256(text + b":" + str(counter).encode()).digest():
            if byte < 252:
                return byte % 6 + 1
        counter += 1  # pragma: no cover - 32 bytes all ≥ 252 has probability ~1e-68


def hashed_int(*coordinates: object) -> int:
    """A 64-bit number fixed by its coordinates (a seed for a shuffle)."""
    text = ":".join(map(str, coordinates)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
