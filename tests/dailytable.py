"""Helpers for the daily challenge through the real bot in SimCord: a person's private
attempt message, a simple fixed way to play it, and a clock that can jump to another day."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tests.simtable import component_ids, select_options

DICE = re.compile(r"\(([1-6](?: [1-6]){4})\)")  # the turn message's "(4 2 4 3 5)"


@dataclass
class DayClock:
    """The daily challenge's clock: SimCord's virtual time plus ``offset`` seconds, so a test
    reaches midnight UTC without running the bot's timers through a whole day."""

    env: Any
    offset: float = 0.0

    def __call__(self) -> float:
        return float(self.env.now().timestamp() + self.offset)

    def install(self, bot: Any) -> None:
        bot.daily.challenge.clock = self


def private(channel: Any, member: Any) -> Any:
    """The newest message only ``member`` sees in ``channel`` (their attempt)."""
    mine = [m for m in channel.history(viewer=member) if m.flags.ephemeral]
    assert mine, "no private message"
    return max(mine, key=lambda m: m.id)


def daily_id(message: Any, action: str) -> str | None:
    return next((c for c in component_ids(message) if c.split(":")[1] == action), None)


@dataclass
class Attempt:
    """One person's attempt, played by clicks on their private message."""

    member: Any
    channel: Any
    group: str = "spexxx"
    throws: list[tuple[int, ...]] = field(default_factory=list)

    async def open(self) -> Any:
        r = await self.member.slash(self.channel, f"{self.group} daily")
        assert r.acknowledged and r.ephemeral, r
        return r

    @property
    def message(self) -> Any:
        """The attempt's newest private message with its controls (else the newest at all:
        the ended attempt's)."""
        mine = [
            m
            for m in self.channel.history(viewer=self.member)
            if m.flags.ephemeral and any(c.startswith("dy-") for c in component_ids(m))
        ]
        return max(mine, key=lambda m: m.id) if mine else private(self.channel, self.member)

    async def click(self, action: str) -> Any:
        cid = daily_id(self.message, action)
        assert cid is not None, (action, component_ids(self.message))
        r = await self.member.click(self.message, custom_id=cid)
        assert r.acknowledged
        return r

    async def select(self, action: str, pick: int = 0) -> Any:
        cid = daily_id(self.message, action)
        assert cid is not None, (action, component_ids(self.message))
        options = select_options(self.message, cid)
        return await self.member.select(self.message, [options[pick].value], custom_id=cid)

    async def spexxx_turn(self) -> None:
        """Throw once, then place on the first square offered (or discard)."""
        await self.click("throw")
        found = DICE.search(self.message.content)
        assert found, self.message.content
        self.throws.append(tuple(int(d) for d in found.group(1).split()))
        if daily_id(self.message, "discard"):
            await self.click("discard")
            return
        await self.click("place")
        if daily_id(self.message, "zone"):
            await self.select("zone")
        await self.select("sq")

    async def spectrangle_turn(self) -> None:
        """The first tile offered on its first field, else exchange the first tile, else pass."""
        message = self.message
        if daily_id(message, "tile"):
            await self.select("tile")
            await self.select("field")
            return
        if daily_id(message, "exchange"):
            await self.select("exchange")
            return
        await self.click("pass")
