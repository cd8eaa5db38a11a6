"""Bunte Kuh played through the real bot in SimCord (``/dasspiel new game:buntekuh``) as the
online procedure of RULES.md §6.4: the 3 s countdown, the round message (the dice and the top
view as a picture, the funnel selects, NOWHERE!), the first call received locking the round
(overlapping calls sent together), judgement, the caller's private panel, the 90 s and 30 s
windows and their defaults, penalties and shared wins, late calls, a restart mid-round, whole
games with people and computers checked against the engine replaying the stored log, stats
and export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.adapters import installed
from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh import BkState, Phase
from locales import translator
from tests.dastable import DasTable, notified, replayed, stored
from tests.simtable import component_ids, find_id, read_png, select_options
from tests.together import Press, together

LIVE = pytest.mark.simcord(settle_timeout=2.0)
ADAPTER = installed()["buntekuh"]


class KuhTable(DasTable):
    def __init__(self, env, db_path: Path, names=("ann", "ben", "cid"), guild=None, lang="en"):
        super().__init__(env, "buntekuh", "bk", names, guild)
        self.db_path = db_path
        self.round_word = translator(lang)("round {n}", n="").strip()  # the server's language

    def state(self) -> BkState:
        data = stored(self.db_path, self.game_id)
        return ADAPTER.codec.load(data["setup"], data["state"]).engine.state

    def events(self) -> list[dict[str, Any]]:
        return stored(self.db_path, self.game_id)["events"]

    def round_message(self, where):
        """The message of the round on now (the latest with the game's controls or the
        countdown)."""
        for message in reversed(where.history()):
            if "Bunte Kuh #" in message.content and self.round_word in message.content:
                return message
        raise AssertionError("no round message")

    async def roll(self, where, *dice: int):
        """The countdown runs out and the bot rolls ``dice``; the round message."""
        if dice:
            self.env.bot.dice.script(dice)
        await self.env.advance_time(3.0)
        message = self.round_message(where)
        assert self.state().phase is Phase.CALL, message.content
        return message

    def right_funnel(self) -> int | None:
        s = self.state()
        found = s.matching(s.roll_sum or 0)
        return found[0] if found else None

    def wrong_funnel(self) -> int:
        s = self.state()
        return next(q for q in g.bits(s.funnels()) if s.pyramid.funnel_sum(q) != s.roll_sum)

    def panel(self, player, where):
        """The player's private panel (the latest ephemeral message with controls)."""
        return [m for m in where.history(viewer=player) if m.flags.ephemeral and m.components][-1]

    async def lay(self, player, where, digits: str):
        """Lay the caller's die from their panel as a player does: the button of the digit
        below, then the one of left and right. ``digits``: the orientation as the record
        writes it (the faces below, left, right: U_X U_Y U_Z, the picture drawn from X)."""
        panel = self.panel(player, where)
        await player.click(panel, custom_id=ending(panel, "bk:below:", digits[0]))
        panel = self.panel(player, where)
        return await player.click(panel, custom_id=ending(panel, "bk:lay:", digits))

    async def call_stop(self, player, message, pos: int):
        label = g.LABELS[pos]
        cid = next(
            c
            for c in component_ids(message)
            if c.startswith("bk:stop:") and label in [o.value for o in select_options(message, c)]
        )
        return await player.select(message, [label], custom_id=cid)


def ending(message, prefix: str, last: str) -> str:
    """The custom_id of the control whose id starts with ``prefix`` and ends with ``last``."""
    ids = [c for c in component_ids(message) if c.startswith(prefix) and c.endswith(":" + last)]
    assert len(ids) == 1, (prefix, last, component_ids(message))
    return ids[0]


def stop_press(player, message, pos: int) -> Press:
    label = g.LABELS[pos]
    cid = next(
        c
        for c in component_ids(message)
        if c.startswith("bk:stop:") and label in [o.value for o in select_options(message, c)]
    )
    return Press(player, message, cid, [label])


@LIVE
async def test_a_round_rolls_after_3_s_and_a_right_stop_lays_a_die(simcord_env, db_path) -> None:
    table = KuhTable(simcord_env, db_path)
    where = await table.start()
    ben = table.players[1]
    first = table.round_message(where)
    assert "Next roll" in first.content and not component_ids(first)
    await simcord_env.advance_time(2.9)
    assert table.state().phase is Phase.ROLL
    message = await table.roll(where, 6, 4, 3)
    assert table.events()[0] == {"type": "roll", "seat": 0, "dice": [6, 4, 3], "t": 3000}
    assert "⚅ ⚃ ⚂" in message.content and "13" not in message.content
    png = await read_png(message)
    assert png.width > 800
    pos = table.right_funnel()
    assert pos is not None
    r = await table.call_stop(ben, message, pos)
    assert r.ephemeral, r.response.content
    assert "Lay your die in " + g.LABELS[pos] in r.response.content
    r = await table.lay(ben, where, "654")
    assert r.response.content == f"✅ You laid a die in {g.LABELS[pos]}: 5 left, 4 right, 6 below."
    s = table.state()
    assert s.supply == [20, 19, 20] and s.phase is Phase.ROLL and s.holder == 1
    events = table.events()
    assert [e["type"] for e in events] == ["roll", "stop", "place"]
    assert events[2]["orientation"] == "654" and events[2]["pos"] == g.LABELS[pos]
    result = next(m for m in where.history() if "round 1" in m.content and "rolled" in m.content)
    assert "= 13" in result.content and "laid a die in " + g.LABELS[pos] in result.content
    assert json.dumps(events)  # stored as the record writes them


@LIVE
async def test_overlapping_calls_the_first_received_locks_the_round(simcord_env, db_path) -> None:
    """Calls sent together (not one after another): the one the bot received first is judged,
    the others are refused with who called first and recorded nowhere; then the other way
    round, so the order received decides, not the seat or the kind of call."""
    table = KuhTable(simcord_env, db_path)
    where = await table.start()
    ann, ben, cid = table.players
    r = await ann.slash(where, "dasspiel export")  # the record of a running game: never
    assert r.ephemeral and not r.response.attachments
    r = await ann.slash(table.channel, "dasspiel rules", game="buntekuh")
    assert r.ephemeral and "NOWHERE!" in r.response.content and "90 s" in r.response.content
    message = await table.roll(where, 6, 4, 3)
    pos = table.right_funnel()
    assert pos is not None
    nergens = find_id(message, "bk:nowhere:")
    results = await together(
        simcord_env,
        [
            stop_press(ben, message, pos),
            Press(ann, message, nergens),
            stop_press(cid, message, pos),
        ],
    )
    assert [r.ephemeral for r in results] == [True, True, True]
    assert "Lay your die in" in results[0].response.content
    for r in results[1:]:
        assert "ben called first." in r.response.content, r.response.content
    assert [e["type"] for e in table.events()] == ["roll", "stop"]
    assert table.events()[1]["seat"] == 1
    await simcord_env.advance_time(30.0)  # ben lays nothing: the engine lays 124 for him
    called_at = table.events()[1]["t"]
    assert table.events()[-1] == {"type": "timeout", "t": called_at + 30000}
    assert table.state().supply == [20, 19, 20]

    message = await table.roll(where, 6, 4, 3)  # ben holds now
    pos = table.right_funnel()
    assert pos is not None
    results = await together(
        simcord_env,
        [Press(ann, message, find_id(message, "bk:nowhere:")), stop_press(ben, message, pos)],
    )
    assert not results[0].ephemeral  # a wrong call ends the round: its message says so
    assert results[1].ephemeral and "ann called first." in results[1].response.content
    s = table.state()
    assert s.supply == [22, 18, 19] and s.phase is Phase.ROLL and s.holder == 2
    assert [e["type"] for e in table.events()][-2:] == ["roll", "nowhere"]
    result = next(m for m in where.history() if "round 2" in m.content and "rolled" in m.content)
    assert "ann called NOWHERE, but" in result.content and "receives 2 dice" in result.content


@LIVE
async def test_36_funnels_in_two_selects_and_a_right_nergens_chooses_its_funnel(
    simcord_env, db_path
) -> None:
    table = KuhTable(simcord_env, db_path, names=("ann", "ben"))
    where = await table.start()
    ann, ben = table.players
    sums = {table.state().pyramid.funnel_sum(q) for q in g.bits(table.state().funnels())}
    missing = next(n for n in range(3, 19) if n not in sums)
    dice = next(
        (a, b, c)
        for a in range(1, 7)
        for b in range(1, 7)
        for c in range(1, 7)
        if a + b + c == missing
    )
    message = await table.roll(where, *dice)
    stops = [c for c in component_ids(message) if c.startswith("bk:stop:")]
    assert [len(select_options(message, c)) for c in stops] == [15, 21]
    labels = [o.value for c in stops for o in select_options(message, c)]
    assert labels == [g.LABELS[q] for q in g.bits(table.state().funnels())]
    assert labels[14:16] == ["1E5", "1F1"]  # rows A–E, then F–H: as the picture's rows
    placeholders = [row.children[0].placeholder for row in message.components[:2]]
    assert placeholders == ["STOP! A funnel in rows A–E…", "STOP! A funnel in rows F–H…"]
    assert table.right_funnel() is None
    r = await ann.click(message, custom_id=find_id(message, "bk:nowhere:"))
    assert r.ephemeral and "Choose the funnel" in r.response.content
    panel = next(m for m in where.history(viewer=ann) if "Choose the funnel" in m.content)
    funnels = [c for c in component_ids(panel) if c.startswith("bk:funnel:")]
    assert len(funnels) == 2 and not [c for c in component_ids(panel) if c.startswith("bk:lay:")]
    r = await ann.select(panel, ["1H8"], custom_id=funnels[1])
    assert "Lay your die in 1H8" in r.response.content
    panel = next(m for m in where.history(viewer=ann) if "Lay your die in 1H8" in m.content)
    r = await ben.click(
        table.round_message(where), custom_id=find_id(table.round_message(where), "bk:panel:")
    )
    assert r.ephemeral and "Only" in r.response.content and "ann" in r.response.content
    r = await table.lay(ann, where, "321")
    assert "You laid a die in 1H8: 2 left, 1 right, 3 below." in r.response.content
    assert table.events()[-1]["type"] == "place" and table.events()[-1]["pos"] == "1H8"
    assert table.state().supply == [29, 30]


@LIVE
async def test_windows_void_a_silent_round_and_lay_for_a_silent_caller(simcord_env, db_path):
    table = KuhTable(simcord_env, db_path, names=("ann", "ben"))
    where = await table.start()
    ann, ben = table.players
    message = await table.roll(where, 6, 4, 3)
    await simcord_env.advance_time(89.9)
    assert table.state().phase is Phase.CALL
    simcord_env.bot.play.live_clocks.cancel()  # a call that arrives before the timer runs…
    await simcord_env.advance_time(0.2)
    late = await table.call_stop(ann, message, g.bits(table.state().funnels())[0])
    assert late.ephemeral and late.response.content == "Too late: this round is over."
    assert table.events()[-1] == {"type": "timeout", "t": 93000}  # …finds the window closed
    assert len(table.events()) == 2  # and is recorded nowhere
    result = next(m for m in where.history() if "round 1" in m.content and "rolled" in m.content)
    assert "Nobody called in time: the round is void." in result.content
    assert not component_ids(result)
    message = await table.roll(where, 6, 4, 3)
    pos = table.right_funnel()
    await table.call_stop(ben, message, pos)
    await simcord_env.advance_time(29.9)
    assert table.state().phase is Phase.PLACE
    await simcord_env.advance_time(0.2)
    s = table.state()
    assert s.phase is Phase.ROLL and s.supply == [30, 29]
    die = s.pyramid.dice[pos]
    assert die is not None and die.orientation == (1, 2, 4)
    result = next(m for m in where.history() if "round 2" in m.content and "rolled" in m.content)
    assert f"ben did not lay in time: the die went into {g.LABELS[pos]}." in result.content
    panels = [m for m in where.history(viewer=ben) if m.flags.ephemeral]
    assert [m.content for m in panels] == ["This panel is closed: nothing here is yours to do now."]
    assert not component_ids(panels[0])  # the bot redrew his panel when it laid the die


@LIVE
async def test_a_call_window_cut_by_a_restart_is_closed_after_the_start(
    simcord_env, make_bot, db_path
) -> None:
    table = KuhTable(simcord_env, db_path, names=("ann", "ben"))
    where = await table.start()
    ann = table.players[0]
    await table.roll(where, 6, 4, 3)
    await simcord_env.restart_bot(make_bot())
    message = table.round_message(where)
    pos = table.right_funnel()
    r = await table.call_stop(ann, message, pos)  # the round goes on after the restart
    assert r.ephemeral and "Lay your die" in r.response.content
    await simcord_env.restart_bot(make_bot())  # and again, with the place window open
    await simcord_env.advance_time(31.0)
    events = table.events()
    assert [e["type"] for e in events] == ["roll", "stop", "timeout"]
    assert events[2]["t"] == events[1]["t"] + 30000
    assert table.state().supply == [29, 30]
    assert sum("did not lay in time" in m.content for m in where.history()) == 1


@LIVE
async def test_double_and_late_clicks_are_refused_saying_what_happened(
    simcord_env, db_path
) -> None:
    """A right caller's second call, a second lay, a wrong caller's second call and a lay after
    the 30 s: each is refused saying what happened to the clicker's own call (not "ann called
    first" to ann, not the engine's words) and recorded nowhere."""
    table = KuhTable(simcord_env, db_path, names=("ann", "ben"))
    where = await table.start()
    ann, ben = table.players
    message = await table.roll(where, 6, 4, 3)
    pos = table.right_funnel()
    assert pos is not None
    twice = [stop_press(ben, message, pos), stop_press(ben, message, pos)]
    results = await together(simcord_env, twice)
    assert "Lay your die in" in results[0].response.content
    assert results[1].response.content == "Your call counted already: lay your die."
    panel = table.panel(ben, where)
    await ben.click(panel, custom_id=ending(panel, "bk:below:", "6"))
    panel = table.panel(ben, where)
    lay = ending(panel, "bk:lay:", "654")
    results = await together(simcord_env, [Press(ben, panel, lay), Press(ben, panel, lay)])
    assert "You laid a die in" in results[0].response.content
    assert results[1].response.content == "You laid your die already."
    assert [e["type"] for e in table.events()] == ["roll", "stop", "place"]

    message = await table.roll(where, 6, 4, 3)
    wrong = table.wrong_funnel()
    results = await together(
        simcord_env, [stop_press(ann, message, wrong), stop_press(ann, message, wrong)]
    )
    assert not results[0].ephemeral  # the wrong call ends the round in public
    assert results[1].response.content == "Your first call counted: this round is over."
    assert [e["type"] for e in table.events()][3:] == ["roll", "stop"]

    message = await table.roll(where, 6, 4, 3)
    pos = table.right_funnel()
    if pos is None:
        r = await ann.click(message, custom_id=find_id(message, "bk:nowhere:"))
    else:
        r = await table.call_stop(ann, message, pos)
    assert r.ephemeral, r.response.content
    panel = table.panel(ann, where)
    if pos is None:
        await ann.select(panel, ["1H8"], custom_id=find_id(panel, "bk:funnel:"))
        panel = table.panel(ann, where)
    await ann.click(panel, custom_id=ending(panel, "bk:below:", "1"))
    panel = table.panel(ann, where)
    await simcord_env.advance_time(29.9)
    simcord_env.bot.play.live_clocks.cancel()  # the choice arrives before the timer runs…
    await simcord_env.advance_time(0.2)
    r = await ann.click(panel, custom_id=ending(panel, "bk:lay:", "124"))
    assert r.response.content == "Too late: your 30 seconds ran out, so the bot laid your die."
    assert [e["type"] for e in table.events()][-2:] == ["stop" if pos else "nowhere", "timeout"]


@LIVE
async def test_the_intro_pings_every_person_once_and_rounds_nobody(simcord_env, db_path) -> None:
    """Every round waits for everyone and for nobody in particular: the intro pings each
    person as the game begins (not the computer); round messages, calls and lays ping nobody."""
    table = KuhTable(simcord_env, db_path, names=("ann", "ben"))
    since = len(simcord_env.http_requests)
    where = await table.start(computers=("easy",))
    ann, ben = table.players
    assert notified(simcord_env, since) == [{ann.id, ben.id}]
    intro = next(m for m in where.history() if "the game begins" in m.content)
    assert f"<@{ann.id}>" in intro.content and f"<@{ben.id}>" in intro.content
    since = len(simcord_env.http_requests)
    message = await table.roll(where, 6, 4, 3)
    r = await table.call_stop(ben, message, table.wrong_funnel())
    assert not r.ephemeral, r.response.content
    message = await table.roll(where, 6, 4, 3)
    pos = table.right_funnel()
    if pos is None:
        await ann.click(message, custom_id=find_id(message, "bk:nowhere:"))
    else:
        await table.call_stop(ann, message, pos)
    await simcord_env.advance_time(31.0)  # laid for her
    assert table.state().supply[0] == 18  # one given to ben, one laid
    assert notified(simcord_env, since) == []


async def check_end(table: KuhTable, where) -> Any:
    """The stored game is the replay of its stored log; the final message's dice left and
    crowns are the engine's."""
    data = stored(table.db_path, table.game_id)
    assert data["status"] == "finished"
    game = replayed(table.db_path, table.game_id)
    strip = lambda state: {k: v for k, v in state.items() if k != "recent"}  # noqa: E731
    assert strip(ADAPTER.codec.dump(game)[1]) == strip(data["state"])
    s = game.engine.state
    assert s.phase is Phase.OVER and sorted(s.winners) == sorted(ADAPTER.winners(game))
    final = next(m for m in reversed(where.history()) if "is over" in m.content)
    for seat in range(s.players):
        assert f"**{s.supply[seat]}** dice left" in final.content
    assert final.content.count("🏆") == len(s.winners) + 1
    image = await read_png(final)
    assert image.width >= 1000
    return s


@LIVE
async def test_wrong_calls_empty_five_supplies_at_once_and_all_five_win(
    simcord_env, db_path
) -> None:
    """Six seats (10 dice each), four of them computers: ann calls wrong at once every round,
    so every other seat gives her a die; after ten rounds five supplies are empty at the same
    moment and all five win (BK-4), the computers too; stats for the people, export after."""
    table = KuhTable(simcord_env, db_path, names=("ann", "ben"))
    where = await table.start(computers=("easy", "normal", "hard", "hard"))
    ann, ben = table.players
    for n in range(10):
        message = await table.roll(where, 6, 4, 3)
        r = await table.call_stop(ann, message, table.wrong_funnel())
        assert not r.ephemeral, r.response.content
        assert table.state().supply[0] == 10 + 5 * (n + 1) or n == 9
    s = await check_end(table, where)
    assert s.supply == [60, 0, 0, 0, 0, 0] and s.winners == [1, 2, 3, 4, 5]
    assert "share the win" in where.history()[-1].content
    assert "Supplies are used up. Winners: " in where.history()[-1].content
    for person, wins, laid, best in ((ben, "1 (100%)", "0", "0"), (ann, "0 (0%)", "0", "60")):
        r = await person.slash(where, "dasspiel stats", game="buntekuh")
        fields = {f["name"]: f["value"] for f in r.response.embeds[0].to_dict()["fields"]}
        assert (fields["Games"], fields["Wins"], fields["Dice laid"]) == ("1", wins, laid)
        assert fields["Fewest dice left"] == best and "Best score" not in fields
    r = await ann.slash(where, "dasspiel export")
    assert r.ephemeral and r.response.attachments
    record = json.loads(await r.response.attachments[0].read())
    assert record["game"] == "bunte-kuh" and len(record["events"]) == 20


@LIVE
async def test_people_and_computers_play_a_whole_game(simcord_env, db_path) -> None:
    """Two people and four computers race; the people call right now and then and lay their
    dice, the computers call (right and wrong) after their reaction times, until a supply is
    empty; every round's outcome is posted, and the result is the engine's."""
    table = KuhTable(simcord_env, db_path, names=("ann", "ben"))
    where = await table.start(computers=("hard", "hard", "hard", "hard"))
    ann, ben = table.players
    rounds = 0
    while table.status(db_path) == "running":
        rounds += 1
        assert rounds < 200
        await simcord_env.advance_time(3.0)
        s = table.state()
        if s.phase is Phase.CALL and rounds % 3 == 0:
            player = (ann, ben)[rounds % 2]
            pos = table.right_funnel()
            message = table.round_message(where)
            if pos is None:
                r = await player.click(message, custom_id=find_id(message, "bk:nowhere:"))
                panel = next(m for m in where.history(viewer=player) if "Choose the" in m.content)
                funnel = select_options(panel, find_id(panel, "bk:funnel:"))[0].value
                r = await player.select(panel, [funnel], custom_id=find_id(panel, "bk:funnel:"))
            else:
                r = await table.call_stop(player, message, pos)
            assert "Lay your die in" in r.response.content
            await table.lay(player, where, "531")
        else:  # the computers' turn to race (small steps: each settles in real time)
            for _ in range(60):
                await simcord_env.advance_time(2.0)
                if table.state().phase in (Phase.ROLL, Phase.OVER):
                    break
    s = await check_end(table, where)
    kinds = [e["type"] for e in stored(db_path, table.game_id)["events"]]
    assert kinds.count("place") >= 10 and "stop" in kinds
    assert sum("rolled" in m.content for m in where.history()) == kinds.count("roll")


@LIVE
async def test_resigning_mid_round_leaves_the_round_running_or_ends_the_game(
    simcord_env, db_path
) -> None:
    table = KuhTable(simcord_env, db_path)
    where = await table.start()
    ann, ben, cid = table.players
    await table.roll(where, 6, 4, 3)
    r = await cid.slash(where, "dasspiel resign")
    assert not r.ephemeral, r.response.content
    assert table.state().phase is Phase.CALL and table.status(db_path) == "running"
    r = await table.call_stop(cid, table.round_message(where), table.wrong_funnel())
    assert r.ephemeral and "resigned" in r.response.content
    r = await table.call_stop(ann, table.round_message(where), table.right_funnel())
    assert "Lay your die" in r.response.content
    await simcord_env.advance_time(31.0)  # laid for her
    assert table.state().supply == [19, 20, 20]
    r = await ben.slash(where, "dasspiel resign")
    data = stored(db_path, table.game_id)
    assert data["status"] == "finished"
    final = next(m for m in reversed(where.history()) if "is over" in m.content)
    assert "ann" in final.content and "🏆" in final.content
    await simcord_env.advance_time(200.0)  # nothing is due any more: no roll, no timeout
    assert stored(db_path, table.game_id)["events"] == data["events"]


@LIVE
async def test_board_while_the_caller_lays_posts_the_claimed_picture(simcord_env, db_path) -> None:
    """``/dasspiel board`` after a right STOP, while the caller lays: the round posted again
    with the picture of that moment (the claimed funnel's sum and claimer), as in every other
    phase; the round message the call edited kept its roll's picture without a new drawing."""
    from renderers.das_spiel import render_bunte_kuh

    table = KuhTable(simcord_env, db_path)
    where = await table.start()
    _, ben, cid = table.players
    message = await table.roll(where, 6, 4, 3)
    rolled = await message.attachments[0].read()
    pos = table.right_funnel()
    assert pos is not None
    r = await table.call_stop(ben, message, pos)
    assert r.ephemeral and "Lay your die" in r.response.content
    assert table.state().phase is Phase.PLACE
    edited = table.round_message(where)
    assert edited.id == message.id and "right!" in edited.content
    assert [await a.read() for a in edited.attachments] == [rolled]
    r = await cid.slash(where, "dasspiel board")
    assert not r.ephemeral and "right!" in r.response.content, r.response.content
    assert len(r.response.attachments) == 1, "the board has no picture"
    data = stored(db_path, table.game_id)
    game = ADAPTER.codec.load(data["setup"], data["state"])
    expected = render_bunte_kuh(ADAPTER.snapshot(game), ["ann", "ben", "cid"])
    posted = await r.response.attachments[0].read()
    assert posted == expected and posted != rolled
    # the posted board's button is the round's: ben lays from it
    board = table.round_message(where)
    assert board.id != message.id and message.id not in [m.id for m in where.history()]
    r = await ben.click(board, custom_id=find_id(board, "bk:panel:"))
    assert r.ephemeral and "Lay your die in " + g.LABELS[pos] in r.response.content


def by_id(where, message_id: int):
    return next(m for m in where.history() if m.id == message_id)


def missing_roll(s: BkState) -> tuple[int, int, int]:
    """Three dice whose sum no funnel has: NOWHERE is right."""
    sums = {s.pyramid.funnel_sum(q) for q in g.bits(s.funnels())}
    total = next(n for n in range(3, 19) if n not in sums)
    return next(
        (a, b, c)
        for a in range(1, 7)
        for b in range(1, 7)
        for c in range(1, 7)
        if a + b + c == total
    )


@LIVE
async def test_a_right_nergens_left_to_the_bot_posts_its_result_and_the_game_rolls_on(
    simcord_env, db_path
) -> None:
    """A right NERGENS whose caller never picks the funnel, after a die was laid already (the
    picture's replay of the stored log used to raise, so no result and no next round): twice,
    the bot lays the die in the funnel first then, says where, and the next round rolls; the
    second time the caller's funnel choice arrives after the 30 s and is told so."""
    table = KuhTable(simcord_env, db_path, names=("ann", "ben"))
    where = await table.start()
    ann, ben = table.players
    message = await table.roll(where, 6, 4, 3)
    await table.call_stop(ben, message, table.right_funnel())
    await table.lay(ben, where, "654")
    for n in (2, 3):
        message = await table.roll(where, *missing_roll(table.state()))
        first = g.bits(table.state().funnels())[0]
        r = await ann.click(message, custom_id=find_id(message, "bk:nowhere:"))
        assert "Choose the funnel" in r.response.content
        panel = [m for m in where.history(viewer=ann) if "Choose the funnel" in m.content][-1]
        if n == 2:
            await simcord_env.advance_time(31.0)
        else:
            await simcord_env.advance_time(29.9)
            simcord_env.bot.play.live_clocks.cancel()  # the choice arrives before the timer
            await simcord_env.advance_time(0.2)
            cid = find_id(panel, "bk:funnel:")
            r = await ann.select(panel, [select_options(panel, cid)[0].value], custom_id=cid)
            assert r.ephemeral
            assert r.response.content == (
                "Too late: your 30 seconds ran out, so the bot laid your die."
            )
        s = table.state()
        assert s.phase is Phase.ROLL and s.supply[0] == 31 - n and s.last_laid == first
        die = s.pyramid.dice[first]
        assert die is not None and die.orientation == (1, 2, 4)
        result = next(m for m in where.history() if f"round {n} · rolled" in m.content)
        assert f"ann did not lay in time: the die went into {g.LABELS[first]}." in result.content
        assert not component_ids(result)
        assert "Next roll" in table.round_message(where).content
    message = await table.roll(where, 6, 4, 3)  # the round after: its picture is drawn
    assert "round 4" in message.content and message.attachments


def test_a_stored_game_draws_the_round_after_a_default_placement_from_its_log_tail() -> None:
    """The stored log keeps only the last actions: drawing the round after a right NERGENS the
    bot laid for (its picture says how the last round ended) reads the table, and never replays
    that tail from the set-up plate (here it begins with a call: "no call now" was raised)."""
    from games.das_spiel.bunte_kuh import Nowhere, Roll, Stop, Timeout
    from renderers.das_spiel import render_bunte_kuh
    from renderers.das_spiel.bunte_kuh import last_round, outcome_text
    from tests.renderers.test_render_das_spiel_race import translator

    setup = {"seats": 2, "start_seat": 0, "seed": 7, "call_ms": 90_000, "place_ms": 30_000}
    engine = ADAPTER.fresh(setup)
    t = 0

    def roll(dice: tuple[int, int, int]) -> None:
        nonlocal t
        t = engine.state.clock.now + 3_000
        engine.apply(Roll(engine.state.holder, dice, t))

    roll((6, 4, 3))
    while not engine.state.matching(13):  # a roll some funnel adds up to
        engine.apply(Timeout(engine.state.deadline))
        roll((6, 4, 3))
    engine.apply(Stop(1, engine.state.matching(13)[0], t + 100))
    engine.apply(next(a for a in engine.legal_actions(t + 200)))  # ben lays
    for _ in range(3):  # wrong calls
        roll((6, 4, 3))
        s = engine.state
        wrong = next(q for q in g.bits(s.funnels()) if s.pyramid.funnel_sum(q) != 13)
        engine.apply(Stop(0, wrong, t + 100))
    roll(missing_roll(engine.state))
    first = g.bits(engine.state.funnels())[0]
    engine.apply(Nowhere(0, t + 100))
    engine.apply(Timeout(engine.state.deadline))
    roll((6, 4, 3))
    table = ADAPTER.codec.replay(setup, list(engine.log))
    game = ADAPTER.codec.load(*ADAPTER.codec.dump(table))
    assert isinstance(game.engine.log[0], Stop)  # the tail begins inside a round
    snap = ADAPTER.snapshot(game)
    text = outcome_text(last_round(snap), ["ann", "ben"], translator("en"), "en")
    assert text == f"ann did not lay in time: the die went into {g.LABELS[first]}."
    assert render_bunte_kuh(snap, ["ann", "ben"])


NOWHERE_BUTTON = {"en": "NOWHERE!", "nl": "NERGENS!", "de": "NIRGENDS!", "fr": "NULLE PART !"}
OTHER = {
    "en": "fr",
    "nl": "de",
    "de": "fr",
    "fr": "nl",
}  # a player's own language, not the server's


def labels(message) -> list[str]:
    return [c.label for row in message.components for c in row.children if c.type.value == 2]


@LIVE
@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
async def test_a_round_in_the_servers_language_and_panels_in_each_players(
    simcord_env, db_path, locales_of, lang: str
) -> None:
    """A server in ``lang``; ben's Discord speaks another language. The round message (one for
    everyone) calls in the server's words: NOWHERE! as that language says it, the two STOP
    selects by the picture's rows; ben's right call opens his panel in his own words: the
    digit below, then left and right; ann asking to lay is refused in hers; the result is the
    server's. Then ann's right NOWHERE: her funnel by row, the digits, the result."""
    t, ut = translator(lang), translator(OTHER[lang])
    guild = simcord_env.create_guild("Club", preferred_locale=lang)
    table = KuhTable(simcord_env, db_path, names=("ann", "ben"), guild=guild, lang=lang)
    ann, ben = table.players
    locales_of[ann.id] = "en-US" if lang == "en" else lang
    locales_of[ben.id] = "en-US" if OTHER[lang] == "en" else OTHER[lang]
    where = await table.start()
    message = await table.roll(where, 6, 4, 3)
    assert labels(message) == [NOWHERE_BUTTON[lang]]
    button = message.components[-1].children[0]
    assert button.emoji is not None and button.emoji.name == "🚫"
    placeholders = [row.children[0].placeholder for row in message.components[:-1]]
    assert placeholders == [
        t("STOP! A funnel in rows {first}–{last}…", first="A", last="E"),
        t("STOP! A funnel in rows {first}–{last}…", first="F", last="H"),
    ]
    assert lang == "en" or "STOP! A funnel" not in placeholders[0]
    assert NOWHERE_BUTTON[lang] in message.content and "13" not in message.content
    pos = table.right_funnel()
    assert pos is not None
    label = g.LABELS[pos]
    r = await table.call_stop(ben, message, pos)
    assert r.ephemeral and ut("Which digit below?") in r.response.content, r.response.content
    assert ut("In the picture a die shows three digits: left, right and below.") in (
        r.response.content
    )
    panel = table.panel(ben, where)
    assert labels(panel) == [ut("{n} below", n=n) for n in range(1, 7)]
    claimed = table.round_message(where)
    late = await ann.click(claimed, custom_id=find_id(claimed, "bk:panel:"))
    refused = t(
        "Only {name} lays the die: they called first.", name=f"{ADAPTER.info.seat_marks[1]} ben"
    )
    assert late.ephemeral and late.response.content == refused
    r = await ben.click(panel, custom_id=ending(panel, "bk:below:", "6"))
    assert ut("{n} below: which digits left and right?", n=6) in r.response.content
    panel = table.panel(ben, where)
    sides = [ut("{left} left, {right} right", left=a, right=b) for a, b in ("23", "35", "42", "54")]
    assert labels(panel) == [ut("{n} below", n=n) for n in range(1, 7)] + sides
    r = await ben.click(panel, custom_id=ending(panel, "bk:lay:", "654"))
    faces = ut("{left} left, {right} right, {below} below", left=5, right=4, below=6)
    assert r.response.content == "✅ " + ut(
        "You laid a die in {label}: {faces}.", label=label, faces=faces
    )
    assert table.events()[-1]["orientation"] == "654"
    result = next(m for m in where.history() if t("round {n}", n=1) + " · " in m.content)
    assert t("{name} laid a die in {label}.", name="ben", label=label) in result.content

    message = await table.roll(where, *missing_roll(table.state()))
    r = await ann.click(message, custom_id=find_id(message, "bk:nowhere:"))
    at = translator("en" if lang == "en" else lang)
    assert r.ephemeral and r.response.content.startswith(
        at("Right! Choose the funnel for your die (until {when}).", when="")[:12]
    )
    panel = table.panel(ann, where)
    assert [row.children[0].placeholder for row in panel.components] == [
        at("Your funnel, rows {first}–{last}…", first="A", last="E"),
        at("Your funnel, rows {first}–{last}…", first="F", last="H"),
    ]
    await ann.select(panel, ["1H8"], custom_id=ending(panel, "bk:funnel:", "FH"))
    panel = table.panel(ann, where)
    chosen = [
        o.label for o in select_options(panel, ending(panel, "bk:funnel:", "FH")) if o.default
    ]
    assert chosen == ["1H8"]
    r = await table.lay(ann, where, "321")
    faces = at("{left} left, {right} right, {below} below", left=2, right=1, below=3)
    assert r.response.content == "✅ " + at(
        "You laid a die in {label}: {faces}.", label="1H8", faces=faces
    )
    result = next(m for m in where.history() if t("round {n}", n=2) + " · " in m.content)
    assert t("{name} laid a die in {label}.", name="ann", label="1H8") in result.content
    assert table.state().supply == [29, 29]


@LIVE
async def test_controls_posted_before_the_upgrade_still_call_and_lay(simcord_env, db_path):
    """Messages posted before these controls (a running game's round message and panel): the
    STOP select split by position (its argument the part's number, ``0`` or ``1``) and the
    orientation select (the 24 as values) still call and lay; a late one is refused saying who
    called first."""
    table = KuhTable(simcord_env, db_path, names=("ann", "ben"))
    where = await table.start()
    ann, ben = table.players
    await table.roll(where, 6, 4, 3)
    key = str(table.events()[-1]["t"])  # the round: its roll's time
    pos = table.right_funnel()
    assert pos is not None
    label = g.LABELS[pos]
    bot_channel = simcord_env.bot.get_channel(where.id)

    def old_select(custom_id: str, values: list[str]) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        options = [discord.SelectOption(label=v, value=v) for v in values]
        view.add_item(discord.ui.Select(custom_id=custom_id, options=options))
        return view

    stop_id = f"bk:stop:{table.game_id}:v1:{key}:1"
    await bot_channel.send("old round", view=old_select(stop_id, [label]))
    old = where.history()[-1]
    r = await ben.select(old, [label], custom_id=stop_id)
    assert r.ephemeral and "Lay your die in " + label in r.response.content, r.response.content
    lay_id = f"bk:lay:{table.game_id}:v2:{key}:{label}"
    await bot_channel.send("old panel", view=old_select(lay_id, ["654", "321"]))
    old = where.history()[-1]
    r = await ben.select(old, ["654"], custom_id=lay_id)
    assert "You laid a die in " + label in r.response.content, r.response.content
    assert table.events()[-1]["orientation"] == "654" and table.events()[-1]["pos"] == label
    old = next(m for m in where.history() if m.content == "old round")
    r = await ann.select(old, [label], custom_id=stop_id)  # that round was ben's
    assert r.ephemeral and r.response.content == f"{ADAPTER.info.seat_marks[1]} ben called first."


@LIVE
async def test_a_round_shows_the_pile_before_its_roll(simcord_env, db_path) -> None:
    """As in every game, a round's message carries the picture from its first post: the
    pile, before the dice are rolled."""
    table = KuhTable(simcord_env, db_path)
    where = await table.start()
    first = table.round_message(where)
    assert "Next roll" in first.content and table.state().phase is Phase.ROLL
    png = await read_png(first)
    assert png.width > 800
