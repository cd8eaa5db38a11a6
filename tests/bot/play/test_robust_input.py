"""Bad input: forged or altered custom_ids and select values, hostile names, broken records, and a
turn message deleted under a running game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from tests.bot.play.test_bot_game import Table, finish_game
from tests.bot.play.test_robust_faults import (
    assert_consistent,
    no_errors,
    recover_and_play,
    stored_state,
)
from tests.simtable import component_ids, find_id

ROOT = Path(__file__).resolve().parents[3]
HUGE = "9" * 19  # the templates accept up to 19 digits; SQLite integers stop at 2**63 - 1


async def post_forged(env, where, *, buttons=(), selects=()) -> discord.Message:  # type: ignore[no-untyped-def]
    """A message with hand-made components, posted by the bot itself (as a forger would need)."""
    view = discord.ui.View(timeout=None)
    for custom_id in buttons:
        view.add_item(discord.ui.Button(label=custom_id[:80], custom_id=custom_id))
    for custom_id, values in selects:
        options = [discord.SelectOption(label=v or "empty", value=v or " ") for v in values]
        view.add_item(discord.ui.Select(custom_id=custom_id, options=options))
    channel = env.bot.get_channel(where.id)
    await channel.send("forged", view=view)
    return where.last_message


# Refused with a private explanation (the id parses, but the action must not happen).
REFUSED = [
    (f"spx:throw:{HUGE}:1:1", "no longer exists"),  # a game id past SQLite's integer range
    (f"spx:throw:1:{HUGE}:1", "earlier turn"),
    (f"spx:throw:1:0:{HUGE}", "dice have changed"),
    ("spx:throw:1", "earlier turn"),  # turn and throw counters missing
    ("spx:die:1:0:1", "not valid"),  # die index and hold flag missing
    ("spx:die:1:0:1:7:1", "not valid"),  # die index out of range
    (f"spx:die:1:0:1:{HUGE}:1", "not valid"),
    ("spx:die:1:0:1:0:2", "not valid"),  # hold flag other than 0/1
    ("spx:die:1:0:1:0", "not valid"),
    ("spx:join:1", "lobby is closed"),
    ("spx:start:1:5:5:5:5", "lobby is closed"),
    ("spx:discard:1:0:1", ""),  # a discard the dice do not force is a rule error
    ("spx:throw:1:a:0", "earlier turn"),  # a turn counter that is not a number
    ("spx:nope:1", "earlier turn"),  # an action no control of this turn has
    ("zzz:throw:1:0:1", "no longer exists"),  # a game code no game has
]
# Ids the template does not match: nothing answers, nothing changes.
UNMATCHED = ["spx:throw:-1:0:0", "spx:throw:1:0:1:2:3:4:5:6", "spx:Throw:1", "garbage", "spx:"]


async def test_forged_buttons_are_refused_and_change_nothing(simcord_env, db_path):
    table = Table(simcord_env)
    thread = await table.start()
    player, _message = await table.thrown(thread)
    before = stored_state(db_path)
    for custom_id, reason in REFUSED:
        forged = await post_forged(simcord_env, thread, buttons=[custom_id])
        r = await player.click(forged, custom_id=custom_id)
        assert r.ephemeral, (custom_id, r)
        assert reason in r.response.content, (custom_id, r.response.content)
        assert "went wrong" not in r.response.content, custom_id
        assert stored_state(db_path) == before, custom_id
    for custom_id in UNMATCHED:
        forged = await post_forged(simcord_env, thread, buttons=[custom_id])
        r = await player.click(forged, custom_id=custom_id)
        assert not r.acknowledged, custom_id
    assert stored_state(db_path) == before
    no_errors(simcord_env)
    await assert_consistent(db_path)
    await recover_and_play(table, thread, db_path)


async def test_forged_select_values_are_refused(simcord_env, db_path):
    table = Table(simcord_env)
    thread = await table.start()
    player, message = await table.thrown(thread)
    turn = find_id(message, "spx:place:").split(":", 3)[3]  # "<turn>:<throws>"
    before = stored_state(db_path)
    allowed = set()
    await player.click(message, custom_id=find_id(message, "spx:place:"))
    for row in table.turn_message(thread).components:
        for child in row.children:
            allowed |= {o.value for o in getattr(child, "options", [])}
    taken_or_not_allowed = next(
        f"{c}{r}" for c in "ABCDEFGHIJKLMNOPQRSTU" for r in range(1, 9) if f"{c}{r}" not in allowed
    )
    cases = [
        (f"spx:zone:1:{turn}", ["abc", "-1", HUGE + "9", "99", "1.5"]),
        (f"spx:sq:1:{turn}", ["Z99", "a1", taken_or_not_allowed, "' OR 1=1 --"]),
        (f"spx:zone:{HUGE}:{turn}", ["0"]),
        (f"spx:sq:1:{HUGE}:0", ["A1"]),
    ]
    for custom_id, values in cases:
        for value in values:
            forged = await post_forged(simcord_env, thread, selects=[(custom_id, [value])])
            r = await player.select(forged, [value], custom_id=custom_id)
            assert r.acknowledged, (custom_id, value)
            content = r.response.content if r.response else ""
            assert "went wrong" not in content, (custom_id, value, content)
            state = stored_state(db_path)
            assert state["history"] == before["history"], (custom_id, value)
            assert state["board"] == before["board"], (custom_id, value)
    no_errors(simcord_env)
    await assert_consistent(db_path)


async def test_other_game_and_other_guild(simcord_env, db_path):
    """Ids of a game elsewhere: another guild's game does not exist here; a neighbour's game
    in the same guild refuses someone who is not seated in it."""
    home = Table(simcord_env)
    away = Table(simcord_env, names=("mallory", "trent"))
    home_thread = await home.start()  # game 1 in guild A
    away_thread = await away.start()  # game 2 in guild B
    before = {1: stored_state(db_path, 1), 2: stored_state(db_path, 2)}
    mallory = away.players[0]
    for game_id, throws in ((1, 0), (1, 1)):
        forged = await post_forged(
            simcord_env, away_thread, buttons=[f"spx:throw:{game_id}:0:{throws}"]
        )
        r = await mallory.click(forged, custom_id=f"spx:throw:{game_id}:0:{throws}")
        assert r.ephemeral and "no longer exists" in r.response.content
    # same guild, a game they are not seated in
    extra = home.guild.add_member(simcord_env.create_user("eve"))
    forged = await post_forged(simcord_env, home_thread, buttons=["spx:throw:1:0:0"])
    r = await extra.click(forged, custom_id="spx:throw:1:0:0")
    assert r.ephemeral and "not playing in this game" in r.response.content
    r = await extra.slash(home_thread, "spexxx cancel")
    assert r.ephemeral and "Only the host" in r.response.content
    r = await extra.slash(home_thread, "spexxx resign")
    assert r.ephemeral and "not playing" in r.response.content
    assert {1: stored_state(db_path, 1), 2: stored_state(db_path, 2)} == before
    no_errors(simcord_env)
    await assert_consistent(db_path)


# ------------------------------------------------------------------ names


HOSTILE_NAMES = (
    "@everyone",
    "<@&123> **bold** __u__ `code` ||spoiler||",
    "x" * 150,
    "<@1> " + "🎲" * 60,
)


async def test_hostile_names_through_a_whole_game(simcord_env, db_path):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(simcord_env.create_user(n)) for n in HOSTILE_NAMES]
    table = Table.__new__(Table)
    table.env, table.guild, table.channel = simcord_env, guild, channel
    table.players, table.by_id = players, {p.id: p for p in players}
    lobby = await table.open_lobby("children")
    assert len(lobby.content) <= 2000
    await players[0].click(lobby, label="Start")
    thread = channel.threads[0]
    # a thread name is plain text that pings nobody: names stay as they are, cut to fit
    assert len(thread.name) <= 100 and thread.name.startswith("Spexxx #1 · ")
    await finish_game(table, thread)
    assert stored_state(db_path)["status"] == "finished"
    for message in [*channel.history(), *thread.history()]:
        if message.type is discord.MessageType.thread_created:
            continue  # shows the thread's name, as plain text
        content = message.content
        assert len(content) <= 2000
        assert "@everyone" not in content.replace("@\u200beveryone", ""), content
        assert "**bold**" not in content and "x" * 40 not in content, content
        for cid in component_ids(message):
            assert len(cid) <= 100
    no_errors(simcord_env)
    await assert_consistent(db_path)


# ---------------------------------------------------------------- records


def valid_record() -> dict:
    return {
        "format": "spexxx-record/1",
        "variant": "adult",
        "players": ["a", "b"],
        "turns": [{"player": 0, "throws": [[4, 2, 1, 2, 1]], "square": "B1"}],
    }


def impossible_record() -> dict:
    record = valid_record()
    record["turns"][0]["square"] = "K1"  # not allowed by 4 2 1 2 1
    return record


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        (b"{not json", 2),
        (b"\xff\xfe\x00garbage", 2),
        (b"[" * 100_000 + b"]" * 100_000, 2),
        (
            b'{"format": "spexxx-record/1", "players": ["a", "b"], "turns": [{"player": '
            + b"9" * 5000
            + b', "throws": [], "discard": true}]}',
            2,
        ),
        (b"{}", 2),
        (b'{"format": "spexxx-record/1", "players": "ab", "turns": []}', 2),
        (json.dumps(impossible_record()).encode(), 1),
        (
            json.dumps(
                {**valid_record(), "turns": [{"player": 5, "throws": [], "discard": True}]}
            ).encode(),
            1,
        ),
    ],
    ids=[
        "bad-json",
        "bad-utf8",
        "deep",
        "huge-int",
        "empty",
        "bad-players",
        "impossible",
        "bad-seat",
    ],
)
@pytest.mark.parametrize("tool", ["games.spexxx", "renderers.spexxx"])
def test_record_tools_exit_codes(tmp_path, payload, code, tool):
    path = tmp_path / "record.json"
    path.write_bytes(payload)
    args = [sys.executable, "-m", tool]
    args += (
        ["replay", str(path)]
        if tool == "games.spexxx"
        else [str(path), "--out", str(tmp_path / "b.png")]
    )
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == code, done.stderr[-2000:]
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.stderr.strip().count("\n") < 3  # one short reason, not a dump


def test_record_tools_accept_a_valid_record(tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(valid_record()))
    for args in (
        ["games.spexxx", "replay", str(path)],
        ["renderers.spexxx", str(path), "--out", str(tmp_path / "b.png")],
    ):
        done = subprocess.run(
            [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
    assert (tmp_path / "b.png").read_bytes()[:4] == b"\x89PNG"


# --------------------------------------------------------- deleted message


async def test_turn_message_deleted_under_a_running_game(simcord_env, db_path):
    table = Table(simcord_env)
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    thread = await table.start()
    await table.thrown(thread)
    await mod.delete(table.turn_message(thread))
    with pytest.raises(AssertionError):
        table.turn_message(thread)
    await recover_and_play(table, thread, db_path)
    assert len(stored_state(db_path)["history"]) == 1
    no_errors(simcord_env)
    await assert_consistent(db_path)
