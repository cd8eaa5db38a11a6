"""Game controls keep nothing in discord.py: every item is a ``DynamicItem`` found by its
custom_id, so the bot stores no view per message, and private panels (ephemeral) leave no
15-minute timeout task behind per send or redraw (on a live game: one per panel and take)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.bot.play.test_bot_raffzahn import (
    LIVE,
    rolled_five,
    seed_one,  # noqa: F401 (fixture)
)
from tests.simtable import component_ids


def takes_offered(panel: Any) -> set[str]:
    """The labels of the panel's takes (``raf:take:<game>:v<n>:<label>:<round>``)."""
    return {c.split(":")[4] for c in component_ids(panel) if c.startswith("raf:take:")}


@LIVE
@pytest.mark.usefixtures("seed_one")
async def test_panels_leave_no_view_behind(simcord_env, db_path, dice) -> None:
    """Game controls are found by their custom_ids (``DynamicItem``): discord.py keeps no view
    for them, and no private panel leaves a 15-minute timeout task per send or redraw."""
    table, where = await rolled_five(simcord_env, db_path, dice)
    alice, bob, cy = table.players
    await table.open_panel(bob, where)
    await table.open_panel(cy, where)
    await table.take(bob, where, "7B1")
    await table.take(alice, where, "7A1")
    tasks = [t for t in asyncio.all_tasks() if "timeout_task" in t.get_coro().__qualname__]
    assert tasks == []
    store = simcord_env.bot._connection._view_store
    assert not store._synced_message_views and not store._views
    assert takes_offered(table.panel(where, bob)) == {"7B2"}  # the panels still work
    r = await table.take(bob, where, "7B2")
    assert r.response.ephemeral and "7B2" not in takes_offered(table.panel(where, bob))
