"""Live rounds redrawn outside the game's lock (``bot.flow.round_draws``), through the real bot:
clicks received together are all answered before the round's picture is drawn once for the
newest state; every message and panel ends on the newest state; a round's end is never
overwritten by a redraw queued before it."""

from __future__ import annotations

from typing import Any

import pytest

from bot.flow.posting import Posting
from games.das_spiel import geometry as g
from tests.bot.play.test_bot_raffzahn import (
    LIVE,
    assert_own_side_only,
    engine_of,
    rolled_five,
    seed_one,  # noqa: F401 (fixture)
    take_id,
)
from tests.bot.play.test_bot_views_kept import takes_offered
from tests.simtable import component_ids, find_id
from tests.together import Press, together


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """(game id, event count) of every round message the bot draws (its picture rendered)."""
    seen: list[tuple[int, int]] = []
    original = Posting.turn_edit

    async def turn_edit(self: Posting, t: Any, row: Any, *args: Any, **kw: Any) -> Any:
        seen.append((row.id, row.event_count))
        return await original(self, t, row, *args, **kw)

    monkeypatch.setattr(Posting, "turn_edit", turn_edit)
    return seen


@LIVE
@pytest.mark.usefixtures("seed_one")
async def test_takes_at_once_are_answered_first_and_the_round_drawn_once(
    simcord_env, db_path, dice, drawn
) -> None:
    table, where = await rolled_five(simcord_env, db_path, dice)
    alice, bob, cy = table.players
    bobs = await table.open_panel(bob, where)
    await table.open_panel(cy, where)
    alices = table.panel(where, alice)
    drawn.clear()
    results = await together(
        simcord_env,
        [
            Press(bob, bobs, take_id(bobs, "7B1")),
            Press(alice, alices, take_id(alices, "7A1")),
            Press(bob, bobs, take_id(bobs, "7B2")),
        ],
    )
    assert [r.response.ephemeral for r in results] == [True] * 3
    events = table.events()
    assert [(e["seat"], e["pos"]) for e in events if e["type"] == "take"] == [
        (1, "7B1"),
        (0, "7A1"),
        (1, "7B2"),
    ]
    # one picture, of the state after all three: not one per take, each waited for in turn
    assert drawn == [(table.game_id, len(events))]
    public = table.round_message(where)
    assert "🔵 alice **1** · 🟢 bob **2** · 🟣 cy **0**" in public.content
    engine = engine_of(db_path, table.game_id)
    for seat, player in enumerate(table.players):
        panel = table.panel(where, player)
        assert panel is not None
        await assert_own_side_only(panel, engine, seat)
        # the buttons are the dice the seat may take now, in every panel, not an older state's
        expected = {g.LABELS[i] for i in g.bits(engine.state.takeable(seat))}
        assert takes_offered(panel) == expected, (player.name, expected)
    assert "6C1" in takes_offered(table.panel(where, cy))  # Ben's take freed it for Cid


@LIVE
@pytest.mark.usefixtures("seed_one")
async def test_a_stop_received_with_takes_ends_the_round_for_good(
    simcord_env, db_path, dice
) -> None:
    """The takes' redraw is queued when STOP ends the round: the round message keeps the
    result (no picture of the round drawn over it, no buttons back) and the next round is
    posted below it."""
    table, where = await rolled_five(simcord_env, db_path, dice)
    alice, bob, _ = table.players
    bobs = await table.open_panel(bob, where)
    alices = table.panel(where, alice)
    public = table.round_message(where)
    results = await together(
        simcord_env,
        [
            Press(bob, bobs, take_id(bobs, "7B1")),
            Press(alice, alices, take_id(alices, "7A1")),
            Press(alice, public, find_id(public, "raf:stop:")),
        ],
    )
    assert [r.response.ephemeral for r in results[:2]] == [True, True]
    assert not results[2].ephemeral
    assert [e["type"] for e in table.events()][-3:] == ["take", "take", "stop"]
    ended = next(m for m in where.history() if m.id == public.id)
    assert not component_ids(ended), ended.content
    assert not ended.attachments
    assert table.round_message(where).id != public.id
