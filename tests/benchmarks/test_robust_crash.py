"""A short run of ``benchmarks/crash_test.py``: the bot SIGKILLed mid-action loses no acknowledged
action, leaves every stored state equal to the replay of its log, and after each restart posts
every running game again by itself. Plus a check that the crash test's own checker does notice
an event lost from the middle of a log."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "crash_test.py"


def crash_test_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("crash_test", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["crash_test"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_kills_lose_nothing_the_bot_recovers_and_the_checker_sees_a_loss(tmp_path):
    cmd = [sys.executable, str(SCRIPT), "--runs", "3", "--guilds", "1", "--channels", "4"]
    cmd += ["--min-delay", "1.5", "--max-delay", "3", "--json", "--workdir", str(tmp_path)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=240)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["kills"] == 3 and figures["child_crashes"] == 0, figures
    assert figures["kills_mid_action"] >= 2, figures  # most kills land inside an action
    assert figures["checked_actions"] > 10, figures  # the children got to play
    assert figures["losses"] == 0 and figures["corrupt"] == 0, figures
    assert figures["stalls"] == 0, figures["details"]
    assert done.returncode == 0

    crash_test = crash_test_module()
    lines = crash_test.read_lines(tmp_path / "acks.jsonl")
    acks, _ = crash_test.read_acks(tmp_path / "acks.jsonl")
    # recovery without `/spexxx board`: after a restart, clicks go on in a game started before
    readies = [i for i, e in enumerate(lines) if "ready" in e]
    started_before = {e["game"] for e in lines[: readies[1]] if e.get("kind") == "start"}
    assert any(
        e.get("game") in started_before and e.get("kind") in crash_test.CHECKED
        for e in lines[readies[1] :]
    ), "no game was played on after the first restart"

    # negative control: drop an event from the middle of a game's log behind the checker's back
    db = tmp_path / "tampered.sqlite3"
    shutil.copy(tmp_path / "crash.sqlite3", db)
    assert crash_test.check_acks(db, acks) == []
    game = next(a["game"] for a in acks if a.get("table") == 0 and a["kind"] == "start")
    with sqlite3.connect(db) as conn:
        (count,) = conn.execute(
            "SELECT COUNT(*) FROM game_events WHERE game_id = ?", (game,)
        ).fetchone()
        assert count >= 4
        conn.execute("DELETE FROM game_events WHERE game_id = ? AND seq = ?", (game, count // 2))
    lost = crash_test.check_acks(db, acks)
    assert lost and all(loss.startswith(f"game {game}:") for loss in lost), lost


def test_a_turn_a_kill_left_unposted_counts_once_the_bot_retries_it(tmp_path):
    """The state a kill between a move's save and the next turn's post leaves (``end_turn``: no
    turn message, no clock). The bot posts that turn after its first retry delay, not at once
    (another process might be posting it), so the child looks again once that much virtual time
    has passed: no stall, and the machine's speed plays no part. A turn that had been posted is
    due at once: seen only then, it is a stall."""
    crash_test = crash_test_module()
    acks, db = tmp_path / "acks.jsonl", tmp_path / "crash.sqlite3"

    def child(steps: int) -> list[dict[str, object]]:
        seen = len(crash_test.read_lines(acks))
        cmd = [sys.executable, str(SCRIPT), "--child", "--db", str(db), "--acks", str(acks)]
        done = subprocess.run(
            [*cmd, "--max-steps", str(steps)], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return crash_test.read_lines(acks)[seen:]

    child(8)  # every table opens a game, then one click each
    # the table without threads: a game in a thread gone with the old Discord is posted at once
    table = crash_test.KINDS.index("channel")
    game = crash_test.last_games(crash_test.read_lines(acks))[table]
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE games SET turn_message_id = NULL, turn_due = NULL, reminder_due = NULL"
            " WHERE id = ?",
            (game,),
        )
    before = crash_test.statuses(db)
    lines = child(0)  # starts the bot, checks, stops
    assert next(e for e in lines if "ready" in e)["stalls"] == 0, lines
    assert before[game] == ("running", False)
    assert lines.index({"unshown": game, "table": table}) < lines.index(
        {"late": game, "table": table}
    )
    assert crash_test.stalls_of(lines, before) == []
    posted = before | {game: ("running", True)}
    assert crash_test.stalls_of(lines, posted) == [{"late": game, "table": table}]
