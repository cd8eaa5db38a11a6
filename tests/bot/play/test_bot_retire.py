"""Issue 23, items 7 and 8: every message of a turn stops saying it runs once the turn ended.

A played turn's result shows exactly once, in the message the turn was played on, even when
Discord refuses the click's update of it (a 5xx, a lost connection): the message is then edited
through the channel, and if that fails too, again later in the background, after a restart too.
A turn posted again (``/… board``, the half-time reminder) leaves no older message saying the turn
is running or that its time runs out. Every turn-based game, driven as people play it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord.http import router
from simcord.http.router import BackendError

from bot.adapters import installed
from bot.contract.capabilities import result_view
from bot.storage import open_store
from locales import translator
from tests.bot.play.test_bot_abquetschen import AbqTable
from tests.bot.play.test_bot_bunte_kuh import KuhTable
from tests.bot.play.test_bot_cui_bono import CuiTable
from tests.bot.play.test_bot_eintrichtern import EinTable
from tests.bot.play.test_bot_game import Table
from tests.bot.play.test_bot_raffzahn import LIVE, rolled_five, seed_one  # noqa: F401
from tests.bot.play.test_bot_spectrangle import SpcTable
from tests.bot.play.test_bot_timers import start_timed
from tests.bot.play.test_bot_wuerfelmarsch import WmTable
from tests.databases import as_db
from tests.netfaults import NETWORK_EXCEPTIONS
from tests.simtable import component_ids

TURN_GAMES = sorted(kind for kind, game in installed().items() if not game.info.live)
CHANNEL_EDIT = ("PATCH", "/channels/*/messages/*")
CHANNEL_DELETE = ("DELETE", "/channels/*/messages/*")
RUNNING = re.compile(r"your turn|runs out", re.IGNORECASE)


async def started(kind: str, env: Any, db_path: Path, timer: int | None = None) -> tuple[Any, Any]:
    """A game of ``kind`` between people, started: (its table, where it is played)."""
    if kind == "spexxx":
        table: Any = Table(env)
        return table, await (table.start() if timer is None else start_timed(table, timer))
    if kind == "spectrangle":
        table = SpcTable(env)
    elif kind == "abquetschen":
        table = AbqTable(env)
        table.db_path = db_path
    elif kind == "cuibono":
        table = CuiTable(env, db_path)
    elif kind == "eintrichtern":
        table = EinTable(env, db_path)
    elif kind == "wuerfelmarsch":
        table = WmTable(env, db_path)
    else:
        raise AssertionError(f"no table drives {kind}: add one")
    return table, await table.start(timer=timer)


def game_id(db_path: Path) -> int:
    (found,) = as_db(db_path).one("SELECT MAX(id) FROM games")
    return int(found)


def turn_unposted(db_path: Path) -> bool:
    """Whether the game's turn ended and its next is not posted yet: a click answered now is
    the click that ended the turn (saved before it is answered)."""
    (message_id,) = as_db(db_path).one(
        "SELECT turn_message_id FROM games WHERE id = ?", (game_id(db_path),)
    )
    return message_id is None


@pytest.fixture
def failing_answer(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    """``fail(db_path, make, after=False)``: the answer to the click that ends the turn raises
    ``make()`` (a ``BackendError``: an HTTP status; else a network exception), once; ``after``:
    Discord carried it out, but the bot is told it failed (the answer was lost)."""
    armed: list[tuple[Path, Callable[[], BaseException], bool]] = []
    dispatch = router.dispatch

    def dispatching(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        if armed and method == "POST" and path.startswith("/interactions/"):
            db_path, make, after = armed[0]
            if turn_unposted(db_path):
                armed.clear()
                if after:
                    dispatch(backend, method, path, **kwargs)
                raise make()
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(router, "dispatch", dispatching)
    yield lambda db_path, make, after=False: armed.append((db_path, make, after))
    assert not armed, "no click ended a turn"


FAULTS: dict[str, Callable[[], BaseException]] = {
    "500": lambda: BackendError(500, 0, "Internal Server Error (injected by test)"),
    "503": lambda: BackendError(503, 0, "Service Unavailable (injected by test)"),
    **{f"network{i}": make for i, make in enumerate(NETWORK_EXCEPTIONS)},
}


def message(where: Any, message_id: int) -> discord.Message:
    for found in where.history():
        if found.id == message_id:
            return found
    raise AssertionError(f"message {message_id} is gone")


def turn_message(table: Any, where: Any) -> discord.Message:
    found = table.turn_message(where)
    assert found is not None
    return found


async def _stored_words(db_path: Path, words: Callable[[Any, Any], str]) -> str:
    """Words the stored game shows in English (``words(adapter, row)``)."""
    store = await open_store(as_db(db_path).url, installed())
    try:
        (guild_id,) = as_db(db_path).one(
            "SELECT guild_id FROM games WHERE id = ?", (game_id(db_path),)
        )
        row = await store.get(guild_id, game_id(db_path))
        assert row is not None
        return words(installed()[row.kind], row)
    finally:
        await store.close()


async def expected_result(db_path: Path) -> str:
    """The words the game shows for the turn that just ended, from the stored game."""
    en = translator("en")
    return await _stored_words(db_path, lambda a, row: result_view(a, en, row).content)


async def round_result(db_path: Path) -> str:
    """The words a live game shows for the round that just ended, from the stored game."""
    return await _stored_words(db_path, lambda a, row: a.turn_result(translator("en"), row))


def assert_closed(where: Any, old: discord.Message, result: str) -> None:
    """The turn's message shows its result, without controls, and says nothing runs; no other
    message shows that result."""
    closed = message(where, old.id)
    assert closed.content.startswith(result), (closed.content, result)
    assert component_ids(closed) == [] and not RUNNING.search(closed.content), closed.content
    assert sum(m.content.startswith(result) for m in where.history()) == 1


def assert_one_running(table: Any, where: Any) -> None:
    """Only the current turn's message says a turn runs (and has controls)."""
    current = turn_message(table, where)
    running = [m.id for m in where.history() if RUNNING.search(m.content) or component_ids(m)]
    assert running == [current.id], [m.content for m in where.history()]


# ------------------------------------------------------------------ item 7: a refused update


@pytest.mark.parametrize("fault", ["500", "network0"])
@pytest.mark.parametrize("kind", TURN_GAMES)
async def test_a_refused_update_of_the_played_turn_still_shows_its_result(
    simcord_env, db_path, failing_answer, kind, fault
):
    table, where = await started(kind, simcord_env, db_path)
    old = turn_message(table, where)
    failing_answer(db_path, FAULTS[fault])
    await table.play_turn(where)
    assert_closed(where, old, await expected_result(db_path))
    assert turn_message(table, where).id != old.id  # the next turn is posted
    await table.play_turn(where)  # and played


@pytest.mark.parametrize("fault", sorted(FAULTS))
async def test_every_kind_of_failure_of_the_update_is_closed_through_the_channel(
    simcord_env, db_path, failing_answer, fault
):
    table, where = await started("spexxx", simcord_env, db_path)
    old = turn_message(table, where)
    failing_answer(db_path, FAULTS[fault])
    await table.play_turn(where)
    assert_closed(where, old, await expected_result(db_path))


@pytest.mark.parametrize("kind", ["spexxx", "eintrichtern"])
async def test_an_update_carried_out_but_its_answer_lost_shows_the_result_once(
    simcord_env, db_path, failing_answer, kind
):
    table, where = await started(kind, simcord_env, db_path)
    old = turn_message(table, where)
    failing_answer(db_path, FAULTS["network2"], after=True)  # a read timeout
    await table.play_turn(where)
    assert_closed(where, old, await expected_result(db_path))
    assert turn_message(table, where).id != old.id


@pytest.mark.parametrize("kind", TURN_GAMES)
async def test_a_closing_refused_twice_is_retried_in_the_background(
    simcord_env, db_path, failing_answer, net_faults, kind
):
    table, where = await started(kind, simcord_env, db_path)
    old = turn_message(table, where)
    failing_answer(db_path, FAULTS["503"])
    net_faults.inject(*CHANNEL_EDIT, times=2)  # the edit through the channel, and its first retry
    await table.play_turn(where)
    result = await expected_result(db_path)
    assert RUNNING.search(message(where, old.id).content)  # not closed yet
    await simcord_env.advance_time(120)
    assert_closed(where, old, result)
    assert net_faults.faults == []


async def test_a_closing_not_shown_before_a_restart_is_shown_after_it(
    simcord_env, db_path, failing_answer, make_bot
):
    table, where = await started("spexxx", simcord_env, db_path)
    old = turn_message(table, where)
    failing_answer(db_path, FAULTS["500"])
    simcord_env.inject_error(*CHANNEL_EDIT, status=502, times=None)  # Discord down for edits
    await table.play_turn(where)
    result = await expected_result(db_path)
    simcord_env.bot.play.timed.cancel()  # the process goes down before a retry
    await simcord_env.restart_bot(make_bot())
    simcord_env.backend.faults.clear()  # edits work again
    await simcord_env.advance_time(60)
    assert_closed(where, old, result)
    assert as_db(db_path).rows("SELECT * FROM timed_views") == []


async def test_a_closing_refused_for_good_is_not_tried_again(
    simcord_env, db_path, failing_answer, net_faults
):
    table, where = await started("spexxx", simcord_env, db_path)
    old = turn_message(table, where)
    failing_answer(db_path, FAULTS["500"])
    simcord_env.inject_error(*CHANNEL_EDIT, status=403)
    await table.play_turn(where)
    await simcord_env.advance_time(300)
    edits = [r for r in simcord_env.http_requests if r.method == "PATCH" and str(old.id) in r.path]
    assert len(edits) == 1  # through the channel, refused: not tried again
    assert as_db(db_path).rows("SELECT * FROM timed_views") == []


async def test_an_expired_turn_whose_closing_discord_refused_is_closed_later(simcord_env, db_path):
    table, where = await started("spexxx", simcord_env, db_path, timer=120)
    await simcord_env.advance_time(70)  # the reminder is the turn's message now
    reminder = turn_message(table, where)
    simcord_env.inject_error(*CHANNEL_EDIT, status=503)
    await simcord_env.advance_time(90)  # expired: the computer played, the closing refused
    assert simcord_env.backend.faults == []
    closed = message(where, reminder.id)
    assert "Time ran out" in closed.content and not component_ids(closed)
    assert_one_running(table, where)


async def test_a_resignation_whose_turn_message_discord_refused_is_shown_later(
    simcord_env, db_path, net_faults
):
    table, where = await started("spexxx", simcord_env, db_path)
    old = turn_message(table, where)
    on_turn = table.on_turn(old)
    net_faults.inject(*CHANNEL_EDIT)
    r = await on_turn.slash(where, "spexxx resign")
    assert r.acknowledged and not r.ephemeral
    assert component_ids(message(where, old.id))  # not changed yet
    await simcord_env.advance_time(30)
    closed = message(where, old.id)
    assert "resigned" in closed.content and not component_ids(closed), closed.content
    assert not RUNNING.search(closed.content)


# ------------------------------------------------- item 8: a turn posted again, then played


@pytest.mark.parametrize("kind", TURN_GAMES)
async def test_reminder_then_board_then_the_move_leave_nothing_running(simcord_env, db_path, kind):
    table, where = await started(kind, simcord_env, db_path, timer=120)
    first = turn_message(table, where)
    await simcord_env.advance_time(70)  # the half-time reminder
    reminder = turn_message(table, where)
    assert reminder.id != first.id and "still your turn" in reminder.content
    group = installed()[kind].info.group
    r = await table.players[0].slash(where, f"{group} board")
    assert r.acknowledged and not r.ephemeral
    assert turn_message(table, where).id != reminder.id
    assert_one_running(table, where)  # the reminder no longer says the turn runs
    await table.play_turn(where)
    assert_one_running(table, where)


@pytest.mark.parametrize("kind", ["spexxx", "eintrichtern"])
async def test_board_twice_then_the_move_leave_nothing_running(simcord_env, db_path, kind):
    table, where = await started(kind, simcord_env, db_path, timer=120)
    group = installed()[kind].info.group
    for _ in range(2):
        r = await table.players[1].slash(where, f"{group} board")
        assert r.acknowledged and not r.ephemeral
        assert_one_running(table, where)
    await table.play_turn(where)
    assert_one_running(table, where)


async def test_an_older_message_discord_did_not_take_away_goes_after_a_restart(
    simcord_env, db_path, make_bot
):
    table, where = await started("spexxx", simcord_env, db_path, timer=120)
    first = turn_message(table, where)
    simcord_env.inject_error(*CHANNEL_DELETE, status=500, times=None)
    r = await table.players[1].slash(where, "spexxx board")
    assert r.acknowledged and not r.ephemeral
    assert RUNNING.search(message(where, first.id).content)  # Discord refused its removal
    simcord_env.bot.play.timed.cancel()  # the process goes down before a retry
    await simcord_env.restart_bot(make_bot())
    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(30)
    assert_one_running(table, where)
    await table.play_turn(where)
    assert_one_running(table, where)


@pytest.mark.parametrize("kind", ["spexxx", "wuerfelmarsch"])
async def test_a_cancelled_game_leaves_nothing_running(simcord_env, db_path, kind):
    table, where = await started(kind, simcord_env, db_path, timer=120)
    await simcord_env.advance_time(70)  # the half-time reminder is the turn's message now
    turn = turn_message(table, where)
    group = installed()[kind].info.group
    r = await table.players[0].slash(where, f"{group} cancel")
    assert r.acknowledged and not r.ephemeral
    assert not [m.content for m in where.history() if RUNNING.search(m.content) or component_ids(m)]
    assert "was cancelled" in message(where, turn.id).content


# ---------------------------------------------------- live games: a round's end, refused


@LIVE
@pytest.mark.usefixtures("seed_one")
@pytest.mark.parametrize("fault", ["500", "network0"])
async def test_a_raffzahn_round_ended_by_a_click_discord_refused_shows_its_result(
    simcord_env, db_path, failing_answer, dice, fault
):
    table, where = await rolled_five(simcord_env, db_path, dice)
    old = table.round_message(where)
    failing_answer(db_path, FAULTS[fault])
    await table.press(table.players[0], where, "stop")  # the roller's STOP ends the round
    assert_closed(where, old, await round_result(db_path))
    assert "round 2" in table.round_message(where).content


@LIVE
async def test_a_bunte_kuh_round_whose_result_discord_refused_shows_it_later(
    simcord_env, db_path, net_faults
):
    table = KuhTable(simcord_env, db_path)
    where = await table.start()
    ben = table.players[1]
    rolled = await table.roll(where, 6, 4, 3)
    pos = table.right_funnel()
    assert pos is not None
    r = await table.call_stop(ben, rolled, pos)
    assert r.ephemeral, r.response.content
    await simcord_env.advance_time(0.5)  # the round message drawn as called
    net_faults.inject(*CHANNEL_EDIT, times=None)  # Discord takes no edit of a message now
    r = await table.lay(ben, where, "654")
    assert "You laid a die in " in r.response.content
    result = await round_result(db_path)
    assert message(where, rolled.id).content != result
    net_faults.clear()
    await simcord_env.advance_time(30)
    assert_closed(where, rolled, result)


async def test_a_board_whose_message_was_not_read_back_goes_with_its_turn(simcord_env, db_path):
    """Discord posted the board but its id did not come back: the bot finds it among the
    channel's last messages by its controls, to delete it for the reminder and to close it."""
    table, where = await started("spexxx", simcord_env, db_path, timer=120)
    simcord_env.inject_error("GET", "/webhooks/*/*/messages/@original", status=500)
    r = await table.players[1].slash(where, "spexxx board")
    assert r.acknowledged and not r.ephemeral
    assert as_db(db_path).one("SELECT turn_message_id FROM games")[0] == 0  # posted, not read
    assert_one_running(table, where)
    await simcord_env.advance_time(70)  # the reminder takes the unread board's place
    assert "still your turn" in turn_message(table, where).content
    assert_one_running(table, where)
    for _ in range(2):  # unread twice: the second takes the first's place; then expiry
        simcord_env.inject_error("GET", "/webhooks/*/*/messages/@original", status=500)
        r = await table.players[1].slash(where, "spexxx board")
        assert r.acknowledged and not r.ephemeral
        assert as_db(db_path).one("SELECT turn_message_id FROM games")[0] == 0
        assert_one_running(table, where)
    await simcord_env.advance_time(60)
    assert sum("Time ran out" in m.content for m in where.history()) == 1
    assert_one_running(table, where)


@pytest.mark.parametrize("kind", ["spexxx", "cuibono"])
async def test_a_reminder_posted_but_reported_failed_takes_the_turns_place(
    simcord_env, db_path, net_faults, kind
):
    """Discord posted the half-time reminder but the answer was lost (a read timeout): the bot
    finds the reminder among the channel's last messages by its controls, keeps it as the
    turn's message and takes the older one away, so one message alone offers the turn."""
    table, where = await started(kind, simcord_env, db_path, timer=120)
    first = turn_message(table, where)
    net_faults.inject("POST", "/channels/*/messages", TimeoutError(), after=True)
    await simcord_env.advance_time(70)  # the half-time reminder
    assert len(net_faults.raised) == 1
    reminder = turn_message(table, where)
    assert reminder.id != first.id and "still your turn" in reminder.content
    assert as_db(db_path).one("SELECT turn_message_id FROM games")[0] == reminder.id
    assert_one_running(table, where)
    await table.play_turn(where)
    assert_one_running(table, where)
