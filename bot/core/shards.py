"""Which Discord shards this process serves, and so which servers' games it may touch.

Discord sends a server's events to shard ``(guild_id >> 22) % shard_count``. A process started on
some of the shards (``SHARD_COUNT``, ``SHARD_IDS``) gets clicks only from their servers, and its
background work (timer sweep, computer turns, start-up recovery) must keep to them too, or two
processes would both act on a game. ``ShardScope`` says which servers are ours, once: as a Python
test and as a SQL condition the stores add to their sweeps' queries.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ShardScope:
    """``count`` None: Discord's recommended count, all in this process (the default);
    ``ids`` None: every shard of ``count``."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.count is not None and self.count < 1:
            raise ValueError(f"a shard count is at least 1, not {self.count}")
        if self.ids is None:
            return
        if self.count is None:
            raise ValueError("shard ids need a shard count")
        if not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids must be 0 to {self.count - 1}, not {list(self.ids)}")

    @property
    def everything(self) -> bool:
        """True when this process serves every shard, so every server is ours."""
        return self.ids is None or set(self.ids) == set(range(self.count or 1))

    def covers(self, guild_id: int) -> bool:
        """Is this server on one of our shards?"""
        return self.everything or (guild_id >> 22) % (self.count or 1) in (self.ids or ())

    def sql(self, column: str = "guild_id") -> str:
        """The same test as a SQL condition that SQLite and PostgreSQL both read; the numbers
        are validated integers from the settings, written in, never user input."""
        if self.everything:
            return "1 = 1"
        listed = ", ".join(str(int(i)) for i in sorted(self.ids or ()))
        return f"(({column} >> 22) % {int(self.count or 1)}) IN ({listed})"

    def describe(self) -> str:
        """For the log: which shards this process runs."""
        if self.count is None:
            return "every shard (count recommended by Discord)"
        if self.ids is None:
            return f"all {self.count} shards"
        return f"shards {format_ids(self.ids)} of {self.count}"


ALL_SHARDS = ShardScope()


def parse_ids(text: str) -> tuple[int, ...]:
    """``0-3`` or ``0,2,5-7`` → (0, 1, 2, 3) or (0, 2, 5, 6, 7); ``ValueError`` saying why not."""
    ids: list[int] = []
    for part in text.split(","):
        part = part.strip()
        low, dash, high = part.partition("-")
        if not low.strip().isdigit() or (dash and not high.strip().isdigit()):
            raise ValueError(f"{part!r} is not a shard id or a range such as 0-3")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ValueError(f"the range {part!r} runs backwards")
        ids.extend(range(first, last + 1))
    if len(set(ids)) != len(ids):
        twice = min(i for i in ids if ids.count(i) > 1)
        raise ValueError(f"shard {twice} is listed twice")
    return tuple(sorted(ids))


def format_ids(ids: tuple[int, ...]) -> str:
    """(0, 1, 2, 5) → ``0-2,5``: the form ``SHARD_IDS`` takes."""
    parts: list[str] = []
    ordered = sorted(ids)
    start = prev = ordered[0]
    for i in [*ordered[1:], None]:
        if i is not None and i == prev + 1:
            prev = i
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if i is not None:
            start = prev = i
    return ",".join(parts)
