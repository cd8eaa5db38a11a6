"""A small driver for playing Spexxx through SimCord the way people do: slash, click, select."""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Iterable
from typing import Any

import discord
from PIL import Image

from games.common.dice import SeededDice


class ScriptedDice:
    """A ``DiceSource``: scripted throws first (``queue``), seeded dice after that."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.queue: deque[tuple[int, ...]] = deque()
        self.always: tuple[int, ...] | None = None

    def script(self, *throws: Iterable[int]) -> None:
        self.queue.extend(tuple(t) for t in throws)

    def __call__(self, game_id: int, event_index: int) -> _Roller:
        return _Roller(self, SeededDice(f"{self.seed}:{game_id}:{event_index}"))


class _Roller:
    def __init__(self, owner: ScriptedDice, fallback: SeededDice) -> None:
        self.owner, self.fallback = owner, fallback

    def shuffled(self, items: Any) -> list[Any]:
        return self.fallback.shuffled(items)

    def below(self, n: int) -> int:
        return self.fallback.below(n)

    def roll(self, count: int) -> tuple[int, ...]:
        if self.owner.queue:
            return self.owner.queue.popleft()[:count]
        if self.owner.always is not None:
            return self.owner.always[:count]
        return self.fallback.roll(count)


def component_ids(message: discord.Message) -> list[str]:
    ids = []
    for row in message.components:
        for child in getattr(row, "children", []):
            cid = getattr(child, "custom_id", None)
            if cid:
                ids.append(cid)
    return ids


def find_id(message: discord.Message, prefix: str) -> str:
    for cid in component_ids(message):
        if cid.startswith(prefix):
            return cid
    raise AssertionError(f"no component {prefix!r} on message: {component_ids(message)}")


def has_id(message: discord.Message, prefix: str) -> bool:
    return any(cid.startswith(prefix) for cid in component_ids(message))


def select_options(message: discord.Message, prefix: str) -> list[Any]:
    for row in message.components:
        for child in getattr(row, "children", []):
            if getattr(child, "custom_id", "").startswith(prefix):
                return list(child.options)
    raise AssertionError(f"no select {prefix!r}")


async def read_png(message: discord.Message) -> Image.Image:
    assert message.attachments, "the message has no image"
    data = await message.attachments[0].read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image
