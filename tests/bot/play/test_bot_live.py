"""The platform's live rounds, through the real bot in SimCord, on a toy game (``live_toy``) so
they depend on no real game: windows closed by the timer at their deadline, clicks applied in
the order the bot received them (overlapping clicks sent together), the loser told who was
first, computers claiming at their reaction time, private panels redrawn after a change, and a
round interrupted by a restart closed after the start, once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.core.registry import Registry
from tests.bot.core.test_shards import second_process
from tests.conftest import ONLY_SQLITE
from tests.dastable import stored
from tests.live_toy import with_snap
from tests.simtable import component_ids, find_id
from tests.together import Press, together

LIVE = pytest.mark.simcord(settle_timeout=0.5)


@pytest.fixture
def games() -> Registry:
    return with_snap()


class SnapTable:
    def __init__(self, env, names=("ann", "ben", "cid")):
        self.env = env
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("games")
        self.people = [self.guild.add_member(env.create_user(n)) for n in names]
        self.game_id = 0

    async def start(self, *, computers: int = 0, people: int | None = None):
        host, *others = self.people[: people or len(self.people)]
        r = await host.slash(self.channel, "snap new")
        assert r.acknowledged and not r.ephemeral
        lobby = self.channel.last_message
        self.game_id = int(re.search(r"#(\d+)", lobby.content).group(1))
        for p in others:
            await p.click(lobby, custom_id=find_id(lobby, "snap:join:"))
            lobby = self.channel.last_message
        for _ in range(computers):
            await host.select(lobby, ["normal"], custom_id=find_id(lobby, "snap:addai:"))
            lobby = self.channel.last_message
        r = await host.click(lobby, custom_id=find_id(lobby, "snap:start:"))
        assert r.acknowledged and not r.ephemeral, r.response.content
        self.where = self.channel.threads[-1]

    def round_message(self):
        for message in reversed(self.where.history()):
            if "round" in message.content and any(
                c.startswith("snap:snap:") for c in component_ids(message)
            ):
                return message
        return None

    def lines(self) -> list[str]:
        return [m.content for m in self.where.history()]

    def events(self, db_path: Path) -> list[list]:
        return [e["e"] for e in stored(db_path, self.game_id)["events"]]


@LIVE
async def test_the_first_click_received_wins_and_the_other_is_told(simcord_env, db_path) -> None:
    table = SnapTable(simcord_env)
    await table.start()
    ann, ben, cid = table.people
    assert "get ready" in table.where.last_message.content
    await simcord_env.advance_time(1.0)  # the round opens one second after the start
    message = table.round_message()
    assert message is not None and "SNAP NOW" in message.content
    snap = find_id(message, "snap:snap:")
    presses = [Press(ben, message, snap), Press(ann, message, snap), Press(cid, message, snap)]
    results = await together(simcord_env, presses)
    assert [r.ephemeral for r in results] == [False, True, True]
    assert results[1].response.content == "ben snapped first"
    assert results[2].response.content == "ben snapped first"
    assert "won by seat 1" in " ".join(table.lines())
    await simcord_env.advance_time(1.0)
    message = table.round_message()
    assert "round 2" in message.content
    snap = find_id(message, "snap:snap:")
    results = await together(simcord_env, [Press(cid, message, snap), Press(ben, message, snap)])
    assert [r.ephemeral for r in results] == [False, True]
    assert results[1].response.content == "cid snapped first"
    snaps = [e[:2] for e in table.events(db_path) if e[0] == "snap"]
    assert snaps == [["snap", 1], ["snap", 2]]
    assert stored(db_path, table.game_id)["state"]["points"] == [0, 1, 1]


@LIVE
async def test_a_window_nobody_uses_closes_at_its_deadline(simcord_env, db_path) -> None:
    table = SnapTable(simcord_env, names=("ann", "ben"))
    await table.start()
    await simcord_env.advance_time(1.0)
    assert table.round_message() is not None
    await simcord_env.advance_time(9.9)
    assert "won by" not in " ".join(table.lines())
    await simcord_env.advance_time(0.2)
    assert "round 1: won by nobody" in " ".join(table.lines())
    events = table.events(db_path)
    assert events == [["open", 1000], ["timeout", 11000]]
    assert stored(db_path, table.game_id)["state"]["rounds"] == 1


@LIVE
async def test_a_late_click_is_refused_and_the_window_closed_first(simcord_env, db_path) -> None:
    table = SnapTable(simcord_env, names=("ann", "ben"))
    await table.start()
    await simcord_env.advance_time(1.0)
    message = table.round_message()
    # the click arrives after the deadline but before any timer ran: the platform applies the
    # timeout first (GEN-7) and refuses the click
    simcord_env.bot.play.live_clocks.cancel()
    await simcord_env.advance_time(10.5)
    r = await table.people[0].click(message, custom_id=find_id(message, "snap:snap:"))
    assert r.ephemeral and r.response.content == "This round is over."
    assert table.events(db_path) == [["open", 1000], ["timeout", 11000]]


@LIVE
async def test_computers_claim_at_their_reaction_time(simcord_env, db_path) -> None:
    table = SnapTable(simcord_env, names=("ann",))
    await table.start(computers=2)
    await simcord_env.advance_time(1.0 + 2.9)  # seat 1 presses 3 s after the round opens
    assert table.events(db_path) == [["open", 1000]]
    await simcord_env.advance_time(0.2)
    assert table.events(db_path) == [["open", 1000], ["snap", 1, 4000]]
    await simcord_env.advance_time(1.0)  # round 2 opens at 5 s; seat 1 again at 8 s
    message = table.round_message()
    r = await table.people[0].click(message, custom_id=find_id(message, "snap:snap:"))
    assert not r.ephemeral
    assert table.events(db_path)[-1][:2] == ["snap", 0]
    await simcord_env.advance_time(1.0 + 3.0)
    data = stored(db_path, table.game_id)
    assert data["status"] == "finished"
    assert data["state"]["points"] == [1, 2, 0]
    assert "points 1 2 0" in " ".join(table.lines())


@LIVE
async def test_private_panels_work_and_are_redrawn_after_a_change(simcord_env, db_path) -> None:
    table = SnapTable(simcord_env, names=("ann", "ben"))
    await table.start()
    ann, ben = table.people
    await simcord_env.advance_time(1.0)
    message = table.round_message()
    r = await ann.click(message, custom_id=find_id(message, "snap:peek:"))
    assert r.ephemeral and r.response.content == "Your points: 0 (round 1)"
    panels = [m for m in table.where.history(viewer=ann) if m.content.startswith("Your points")]
    assert len(panels) == 1 and not [
        m for m in table.where.history(viewer=ben) if m.content.startswith("Your points")
    ]
    rb = await ben.click(message, custom_id=find_id(message, "snap:peek:"))
    assert rb.ephemeral
    panel = next(m for m in table.where.history(viewer=ann) if m.content.startswith("Your points"))
    r = await ann.click(panel, custom_id=find_id(panel, "snap:snap:"))  # a control in the panel
    assert r.response.content == "Your points: 1 (round 2)"
    assert not component_ids(r.response)  # round 2 is not open yet: nothing to press
    bens = [m for m in table.where.history(viewer=ben) if m.content.startswith("Your points")]
    assert [m.content for m in bens] == ["Your points: 0 (round 2)"]  # redrawn by the bot
    assert table.events(db_path)[-1][:2] == ["snap", 0]
    assert "won by seat 0" in " ".join(table.lines())


@LIVE
async def test_a_round_cut_by_a_restart_is_closed_once_after_the_start(
    simcord_env, make_bot, db_path
) -> None:
    table = SnapTable(simcord_env, names=("ann", "ben"))
    await table.start()
    await simcord_env.advance_time(1.0)
    message = table.round_message()
    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(30.0)  # the deadline passed while the new bot ran
    events = table.events(db_path)
    assert events[:2] == [["open", 1000], ["timeout", 11000]]
    assert events.count(["timeout", 11000]) == 1
    assert "round 1: won by nobody" in " ".join(table.lines())
    message = next(m for m in table.where.history() if m.id == message.id)
    assert not component_ids(message)  # the cut round's message keeps only its result
    state = stored(db_path, table.game_id)["state"]
    assert (state["rounds"], state["opened"]) == (2, 23000)  # 1…11 s, 12…22 s, 23 s…


@ONLY_SQLITE
@LIVE
async def test_two_processes_close_a_window_once(
    simcord_env, make_bot, database, dice, db_path
) -> None:
    """Both processes serve the game (the worst shard split): after the restart both wake at
    the deadline and both try the timeout; the store's version check lets one act."""
    table = SnapTable(simcord_env, names=("ann", "ben"))
    await table.start()
    await simcord_env.advance_time(1.0)
    first = make_bot()
    second = await second_process(first, database, dice)
    try:
        await simcord_env.restart_bot(first)
        await simcord_env.advance_time(10.5)
        assert await second.drain(30) and await first.play.drain(30)
    finally:
        second.timers.cancel()
        second.live_clocks.cancel()
        await second.store.close()
        second.close_renderer()
    assert table.events(db_path) == [["open", 1000], ["timeout", 11000]]
    assert first.play.acted["live step"] + second.acted["live step"] == 1
    assert first.play.acted["dropped"] + second.acted["dropped"] == 1  # both went for it
    assert " ".join(table.lines()).count("won by nobody") == 1


@LIVE
async def test_the_sweep_closes_a_window_whose_task_is_gone(simcord_env, db_path) -> None:
    """The stored due time is enough: without the game's task, the next sweep (every 15 s)
    applies the timeout, stamped at the deadline."""
    table = SnapTable(simcord_env, names=("ann", "ben"))
    await table.start()
    await simcord_env.advance_time(1.0)
    simcord_env.bot.play.live_clocks.cancel()
    await simcord_env.advance_time(10.5)
    assert table.events(db_path) == [["open", 1000]]  # due, but nothing woke for it yet
    await simcord_env.advance_time(15.0)
    assert table.events(db_path)[:2] == [["open", 1000], ["timeout", 11000]]
    assert "round 1: won by nobody" in " ".join(table.lines())
