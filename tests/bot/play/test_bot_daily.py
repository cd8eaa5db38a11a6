"""The daily challenge through the real bot in SimCord (issue 27): private attempts with the
game's own controls, the same dice for the same choices, one attempt a day, restarts, the day
rolling over at midnight UTC, the share line, the server's board, streaks and the par."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from games.spectrangle.daily import par_game as spectrangle_par
from games.spexxx.daily import DailyDice, par_game
from tests.dailytable import DICE, Attempt, DayClock, daily_id, private
from tests.simtable import component_ids, select_options
from tests.together import Press, together

DAY1 = "2026-01-01"  # SimCord's virtual clock starts at 2026-01-01 00:00 UTC
DAY = 86400.0
FACES = re.compile("[⚀⚁⚂⚃⚄⚅]")
SQUARE = re.compile(r"\b[A-X](?:1[0-2]|[1-9])\b")


def public(channel: Any) -> list[Any]:
    """The channel's public messages, newest first."""
    return sorted(
        (m for m in channel.history() if not m.flags.ephemeral), key=lambda m: m.id, reverse=True
    )


async def play_spexxx(attempt: Attempt) -> None:
    await attempt.open()
    for _ in range(23):
        await attempt.spexxx_turn()


@dataclass
class Table:
    """One server's channel with alice and bob, and the daily challenge's clock."""

    env: Any
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    clock: DayClock


@pytest.fixture
def table(simcord_env: Any) -> Table:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice_user = env.create_user("alice")
    alice = guild.add_member(alice_user)
    alice.user = alice_user
    bob = guild.add_member(env.create_user("bob"))
    clock = DayClock(env)
    clock.install(env.bot)
    return Table(env, guild, channel, alice, bob, clock)


async def test_two_players_get_the_same_dice_for_the_same_choices_and_nobody_sees_the_other(
    table: Table,
) -> None:
    channel, alice, bob = table.channel, table.alice, table.bob
    a = Attempt(alice, channel)
    await play_spexxx(a)
    assert "is over" in private(channel, alice).content
    assert daily_id(private(channel, alice), "throw") is None
    # bob never saw alice's private messages; only the share line is public
    assert all(not m.flags.ephemeral for m in channel.history(viewer=bob))
    b = Attempt(bob, channel)
    await play_spexxx(b)
    assert a.throws == b.throws and len(a.throws) == 23
    dice = DailyDice(DAY1)
    assert a.throws[0] == tuple(dice.value(0, 0, i) for i in range(5))
    assert a.throws[5] == tuple(dice.value(5, 0, i) for i in range(5))
    shares = [m.content for m in public(channel)]
    assert len(shares) == 2
    # the same choices: the same score, and the board lists both, tied
    score = re.search(r"alice: \*\*(\d+)\*\*", shares[1])
    assert score is not None
    assert f"bob: **{score.group(1)}**" in shares[0]
    assert "1. alice" in shares[0] and "1. bob" in shares[0]


async def test_a_running_attempt_survives_a_restart_and_reopens(
    table: Table, make_bot: Callable[[], Any]
) -> None:
    env, channel, alice, clock = table.env, table.channel, table.alice, table.clock
    a = Attempt(alice, channel)
    await a.open()
    for _ in range(3):
        await a.spexxx_turn()
    await a.click("throw")
    before = a.message
    thrown = DICE.search(before.content)
    assert thrown is not None
    await env.restart_bot(make_bot())
    clock.install(env.bot)
    # the old private message's buttons still work: hold two dice and throw again
    await alice.click(before, custom_id=daily_id(before, "die"))
    held = a.message
    assert "held:" in held.content
    await a.click("throw")
    again = DICE.search(a.message.content)
    assert again is not None
    first = thrown.group(1).split()
    second = again.group(1).split()
    assert second[0] == first[0]  # the held die kept its value
    dice = DailyDice(DAY1)
    assert [int(d) for d in second[1:]] == [dice.value(3, 1, i) for i in range(1, 5)]
    # /spexxx daily shows the running attempt again, where it was
    r = await a.open()
    assert "turn 4" in r.response.content and "throw 2 of 4" in r.response.content


async def test_one_attempt_a_day_then_the_result_again_and_a_new_day_at_midnight(
    table: Table,
) -> None:
    env, channel, alice, bob, clock = table.env, table.channel, table.alice, table.bob, table.clock
    a = Attempt(alice, channel)
    await play_spexxx(a)
    r = await a.open()
    again = r.response.content
    assert "You have played today's Spexxx challenge" in again
    assert "alice: **" in again and "🔥 1 day in a row" in again
    assert daily_id(private(channel, alice), "throw") is None  # no second game
    # another server: still refused (one attempt a day, wherever it is played)
    other = env.create_guild()
    there = other.create_text_channel("games")
    elsewhere = other.add_member(alice.user)
    r = await elsewhere.slash(there, "spexxx daily")
    assert "in another server" in r.response.content
    # a minute before midnight bob starts; at midnight his attempt is over
    clock.offset = DAY - 60 - env.now().timestamp() % DAY
    b = Attempt(bob, channel)
    await b.open()
    await b.click("throw")
    clock.offset += 120
    await b.click("place")
    assert "played on its own day" in private(channel, bob).content
    r = await b.open()  # today's challenge: a new game, other dice
    assert "2026-01-02" in r.response.content
    await b.click("throw")
    found = DICE.search(b.message.content)
    assert found is not None
    dice = DailyDice("2026-01-02")
    assert tuple(int(d) for d in found.group(1).split()) == tuple(
        dice.value(0, 0, i) for i in range(5)
    )
    # alice may play the new day's challenge too
    r = await a.open()
    assert "2026-01-02" in r.response.content and daily_id(a.message, "throw")


async def test_the_board_and_streaks_across_days_and_the_share_line_gives_nothing_away(
    table: Table,
) -> None:
    env, guild, channel, alice, bob, clock = (
        table.env,
        table.guild,
        table.channel,
        table.alice,
        table.bob,
        table.clock,
    )
    await play_spexxx(Attempt(alice, channel))
    first = re.search(r"alice: \*\*(\d+)\*\*", public(channel)[0].content)
    assert first is not None
    clock.offset += DAY
    a = Attempt(alice, channel)
    r = await a.open()
    # yesterday's attempt is now an ordinary finished game of the server, for the replay
    # viewer; it counts in no statistics
    watch = re.search(
        rf"Yesterday's best here: alice with {first.group(1)}\. Watch it: "
        r"`/spexxx replay game:(\d+)`",
        r.response.content,
    )
    assert watch is not None, r.response.content
    stored = await env.bot.store.get(guild.id, int(watch.group(1)), events=True)
    assert stored is not None and stored.status.value == "finished" and stored.kind == "spexxx"
    assert [p.user_id for p in stored.players] == [alice.id]
    assert stored.game.state.scores == [int(first.group(1))]
    adapter = env.bot.daily.challenge.games["spexxx"].adapter
    replayed = adapter.codec.replay(stored.game.setup.to_dict(), stored.game.events)
    assert adapter.codec.same_state(replayed, stored.game)
    assert await env.bot.store.unrecorded_games(guild.id, "spexxx", 10) == []
    for _ in range(23):
        await a.spexxx_turn()
    await play_spexxx(Attempt(bob, channel))
    shares = public(channel)
    last = shares[0].content
    assert "**Spexxx daily 2026-01-02**" in last
    assert re.search(r"\. alice · \*\*\d+\*\* · 🔥 2 days in a row", last)
    assert re.search(r"\. bob · \*\*\d+\*\* · 🔥 1 day in a row", last)
    par = par_game("2026-01-02").state.scores[0]
    assert f"par {par}" in last
    for message in shares:
        assert not FACES.search(message.content)  # no dice
        assert not SQUARE.search(message.content)  # no squares
        assert not DICE.search(message.content)
        grid = message.content.split("\n")[1:4]
        assert all(set(row) <= set("🟥🟧🟨🟩⬜⬛") for row in grid)
        assert sum(len(row) for row in grid) == 23


async def play_spectrangle(attempt: Attempt) -> None:
    for _ in range(80):
        message = attempt.message
        if all(daily_id(message, act) is None for act in ("tile", "pass", "exchange")):
            return
        await attempt.spectrangle_turn()
    raise AssertionError("the attempt did not end")


async def test_spectrangle_daily_same_bag_for_the_same_choices_and_its_par(table: Table) -> None:
    channel, alice, bob = table.channel, table.alice, table.bob
    a = Attempt(alice, channel, group="spectrangle")
    r = await a.open()
    assert "Spectrangle daily challenge 2026-01-01" in r.response.content
    assert daily_id(a.message, "hint") is None  # no hint: the par player's advice
    hand = [o.value for o in select_options(a.message, daily_id(a.message, "tile") or "")]
    await play_spectrangle(a)
    assert "is over" in a.message.content
    share = public(channel)[0].content
    par = spectrangle_par(DAY1).scores[0]
    assert "**Spectrangle daily 2026-01-01**" in share and f"par {par}" in share
    assert not re.search(r"\b[RGBYPW]{3}\b", share)  # no tile codes
    r = await a.open()
    assert "You have played today's Spectrangle challenge" in r.response.content
    # bob gets the same tiles and, making the same choices, the same game
    b = Attempt(bob, channel, group="spectrangle")
    await b.open()
    assert [o.value for o in select_options(b.message, daily_id(b.message, "tile") or "")] == hand
    await play_spectrangle(b)
    score = re.search(r"alice: \*\*(-?\d+)\*\*", share)
    assert score is not None
    assert f"bob: **{score.group(1)}**" in public(channel)[0].content
    assert public(channel)[0].content.split("\n")[1:4] == share.split("\n")[1:4]


async def test_yesterdays_game_is_watched_in_the_replay_viewer_and_todays_is_not(
    table: Table,
) -> None:
    channel, alice, bob, clock = table.channel, table.alice, table.bob, table.clock
    await play_spexxx(Attempt(alice, channel))
    # today's attempt is no stored game yet: watching it would give the day away
    r = await bob.slash(channel, "spexxx replay")
    assert "No Spexxx game has finished in this server yet." in r.response.content
    clock.offset += DAY
    r = await Attempt(bob, channel).open()
    watch = re.search(r"`/spexxx replay game:(\d+)`", r.response.content)
    assert watch is not None, r.response.content
    r = await bob.slash(channel, "spexxx replay", game=int(watch.group(1)))
    assert r.ephemeral
    view = private(channel, bob)  # the replay viewer, only bob's
    last = [c for c in component_ids(view) if c.startswith("rp-last:")]
    assert last, component_ids(view)
    await bob.click(view, custom_id=last[0])
    ended = max(channel.history(viewer=bob), key=lambda m: m.id)
    assert "the end" in ended.content and ended.attachments


async def test_a_double_click_throws_once(table: Table) -> None:
    """Two clicks on Throw sent before the bot answers either: one throw; the other is told
    the dice changed. Every die is the day's (turn 0, throw 0)."""
    env, channel, alice = table.env, table.channel, table.alice
    a = Attempt(alice, channel)
    await a.open()
    await a.click("throw")
    message = a.message
    throw = daily_id(message, "throw")
    assert throw is not None
    results = await together(env, [Press(alice, message, throw), Press(alice, message, throw)])
    assert all(r.acknowledged for r in results)
    assert "throw 2 of 4" in a.message.content
    refused = [m for m in channel.history(viewer=alice) if "dice have changed" in m.content]
    assert len(refused) == 1
    found = DICE.search(a.message.content)
    assert found is not None
    dice = DailyDice(DAY1)
    assert [int(d) for d in found.group(1).split()] == [dice.value(0, 1, i) for i in range(5)]


@pytest.mark.parametrize("group", ["spexxx", "spectrangle"])
async def test_an_ended_attempt_tells_its_score_and_no_win(table: Table, group: str) -> None:
    """One player beats nobody: the ended attempt's words give the score, not a place and a
    trophy ('1. ⚫ alice — 🏆 most points · 91 points' read as a won game)."""
    a = Attempt(table.alice, table.channel, group=group)
    if group == "spexxx":
        await play_spexxx(a)
    else:
        await a.open()
        await play_spectrangle(a)
    said = a.message.content
    assert "is over" in said
    assert re.search(r"\n⚫ alice — \*\*-?\d+ points\*\*", said), said
    assert "🏆" not in said and "most points" not in said and "\n1. " not in said
