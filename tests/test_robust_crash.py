"""A short run of ``benchmarks/crash_test.py``: the bot SIGKILLed mid-game loses no acknowledged
action and leaves every stored state equal to the replay of its log. Plus a check that the
crash test's own checker does notice a lost action."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "crash_test.py"


def crash_test_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("crash_test", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["crash_test"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_kills_lose_nothing_and_the_checker_sees_a_loss(tmp_path):
    cmd = [sys.executable, str(SCRIPT), "--runs", "3", "--guilds", "1", "--channels", "3"]
    cmd += ["--min-delay", "2.5", "--max-delay", "4", "--json", "--workdir", str(tmp_path)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["kills"] == 3 and figures["child_crashes"] == 0, figures
    assert figures["acked_actions"] > 20, figures  # the children got to play before the kills
    assert figures["losses"] == 0 and figures["corrupt"] == 0, figures
    assert done.returncode == 0

    # negative control: drop the newest event behind the checker's back
    crash_test = crash_test_module()
    db = tmp_path / "tampered.sqlite3"
    shutil.copy(tmp_path / "crash.sqlite3", db)
    acks, _ = crash_test.read_acks(tmp_path / "acks.jsonl")
    assert crash_test.check_acks(db, acks) == []
    last = next(a for a in reversed(acks) if a.get("events"))
    with sqlite3.connect(db) as conn:
        conn.execute(
            "DELETE FROM game_events WHERE game_id = ? AND seq >= ?",
            (last["game"], last["events"] - 1),
        )
    assert crash_test.check_acks(db, acks), "a lost event went unnoticed"
