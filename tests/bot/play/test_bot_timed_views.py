"""A view shown only for a while (``TurnView.lasts``), through the real bot in SimCord: the
platform changes the message to the game's later view when its time is up, after a person's
click, a computer's turn or a turn timer, across a restart, and again after Discord refused.

The game is Spectrangle with a test's result view: its words and picture say they are the
short-lived ones, the later view says it is the later one and what ``then`` carried."""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image

from bot.adapters.spectrangle import SpectrangleAdapter
from bot.contract.adapter import Picture, TurnView
from bot.contract.info import Capability
from locales import Translator
from tests.bot.play.test_bot_spectrangle import SpcTable
from tests.databases import TestDb, as_db

SHOWN = (200, 30, 30)
LATER = (30, 30, 200)


def swatch(colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), colour).save(out, "PNG")
    return out.getvalue()


def result_view(self: SpectrangleAdapter, t: Translator, row: Any) -> TurnView:
    return TurnView(
        "SHORT-LIVED " + self.turn_result(t, row),
        picture=Picture(swatch, "shown.png", (SHOWN,)),
        lasts=8.0,
        then={"events": row.event_count},
    )


def later_view(
    self: SpectrangleAdapter, t: Translator, row: Any, then: Mapping[str, Any]
) -> TurnView:
    return TurnView(
        f"LATER after {then['events']} events", picture=Picture(swatch, "later.png", (LATER,))
    )


@pytest.fixture(autouse=True)
def timed_results(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SpectrangleAdapter, "result_view", result_view, raising=False)
    monkeypatch.setattr(SpectrangleAdapter, "later_view", later_view, raising=False)
    info = SpectrangleAdapter.info  # declares the capability it now has
    timed = replace(info, capabilities=info.capabilities | {Capability.TIMED_VIEWS})
    monkeypatch.setattr(SpectrangleAdapter, "info", timed)


async def colour(message: discord.Message) -> tuple[int, int, int]:
    assert len(message.attachments) == 1, message.attachments
    image = Image.open(io.BytesIO(await message.attachments[0].read())).convert("RGB")
    return image.getpixel((4, 4))  # type: ignore[return-value]


def message(where: Any, message_id: int) -> discord.Message:
    return next(m for m in where.history() if m.id == message_id)


def pending(database: Path | TestDb) -> list[tuple[Any, ...]]:
    return as_db(database).rows("SELECT game_id, message_id, lead, later FROM timed_views")


async def test_a_result_shown_for_a_while_then_the_later_view(simcord_env, database) -> None:
    table = SpcTable(simcord_env)
    thread = await table.start()
    turn = table.turn_message(thread)
    assert turn is not None
    await table.play_turn(thread)
    shown = message(thread, turn.id)
    assert shown.content.startswith("SHORT-LIVED ") and not shown.components
    assert await colour(shown) == SHOWN
    assert pending(database) == [(table.game_id, turn.id, "", '{"events": 1}')]
    await simcord_env.advance_time(7.5)
    shown = message(thread, turn.id)
    assert shown.content.startswith("SHORT-LIVED ") and await colour(shown) == SHOWN
    await simcord_env.advance_time(0.6)
    later = message(thread, turn.id)
    assert later.content == "LATER after 1 events" and await colour(later) == LATER
    assert not later.components and pending(database) == []
    # the next turn's message is untouched and still playable
    nxt = table.turn_message(thread)
    assert nxt is not None and nxt.id != turn.id and "SHORT-LIVED" not in nxt.content


async def test_a_restart_within_the_while_still_changes_it(simcord_env, make_bot, database) -> None:
    table = SpcTable(simcord_env)
    thread = await table.start()
    turn = table.turn_message(thread)
    assert turn is not None
    await table.play_turn(thread)
    await simcord_env.advance_time(3)
    await simcord_env.restart_bot(make_bot())  # the old process's wait is gone with it
    assert message(thread, turn.id).content.startswith("SHORT-LIVED ")
    assert len(pending(database)) == 1
    await simcord_env.advance_time(4.9)
    assert message(thread, turn.id).content.startswith("SHORT-LIVED ")
    await simcord_env.advance_time(0.2)
    later = message(thread, turn.id)
    assert later.content == "LATER after 1 events" and await colour(later) == LATER
    assert pending(database) == []


async def test_a_change_due_during_the_downtime_is_made_at_start(
    simcord_env, make_bot, database
) -> None:
    table = SpcTable(simcord_env)
    thread = await table.start()
    turn = table.turn_message(thread)
    assert turn is not None
    await table.play_turn(thread)
    simcord_env.bot.play.timed.cancel()  # the process is down: nothing waits any more
    await simcord_env.advance_time(20)
    assert message(thread, turn.id).content.startswith("SHORT-LIVED ")
    await simcord_env.restart_bot(make_bot())  # overdue at start: changed at once
    assert message(thread, turn.id).content == "LATER after 1 events"
    assert pending(database) == []


async def test_computer_turns_and_a_timer_keep_their_words_before_it(simcord_env, database) -> None:
    table = SpcTable(simcord_env, names=("alice",))
    thread = await table.start(computers=("easy",), timer=120)
    first = table.turn_message(thread)
    assert first is not None
    await table.play_turn(thread)  # alice; then the computer plays its turn at once
    computer = [m for m in thread.history() if m.content.startswith("SHORT-LIVED ")]
    assert len(computer) == 2 and first.id in {m.id for m in computer}
    await simcord_env.advance_time(8.1)
    assert [m.content for m in thread.history() if m.id in {c.id for c in computer}] == [
        "LATER after 1 events",
        "LATER after 2 events",
    ]
    # alice lets her second turn run out: the timer's note stays before the later view
    expired: list[discord.Message] = []
    for _ in range(30):
        await simcord_env.advance_time(5)
        expired = [m for m in thread.history() if m.content.startswith("⏰ Time ran out")]
        if expired:
            break
    assert len(expired) == 1 and "SHORT-LIVED " in expired[0].content
    lead = expired[0].content.split("SHORT-LIVED ")[0]
    await simcord_env.advance_time(8.1)
    assert message(thread, expired[0].id).content == lead + "LATER after 3 events"


async def test_a_change_discord_refused_is_tried_again(simcord_env, database) -> None:
    table = SpcTable(simcord_env)
    thread = await table.start()
    turn = table.turn_message(thread)
    assert turn is not None
    await table.play_turn(thread)
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=1)
    await simcord_env.advance_time(8.1)
    assert message(thread, turn.id).content.startswith("SHORT-LIVED ")
    assert len(pending(database)) == 1
    await simcord_env.advance_time(5.1)
    assert message(thread, turn.id).content == "LATER after 1 events"
    assert pending(database) == []
