"""A short run of ``benchmarks/crash_all.py``: the bot killed in-process at random REST and store
calls, over every game, while SimCord's Discord keeps its messages, threads and panels across
the restarts. No acknowledged action lost, no game stalled, nothing hidden shown past its time,
no double post, every stored state the replay of its log. Plus checks that the harness's own
checkers see what they must (a lost event, a double post, a sum left shown)."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "crash_all.py"


def crash_all() -> ModuleType:
    spec = importlib.util.spec_from_file_location("crash_all", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["crash_all"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def arguments(**given: object) -> argparse.Namespace:
    defaults = {
        "kills": 8,
        "span": 150,
        "seed": "suite",
        "games": None,
        "settle": 5.0,
        "max_steps": 0,
        "max_seconds": 0.0,
        "verbose": False,
    }
    return argparse.Namespace(**(defaults | given))


def test_kills_over_every_game_lose_stall_show_and_double_nothing(tmp_path: Path) -> None:
    module = crash_all()
    run = module.CrashRun(arguments(kills=5, span=200), tmp_path)
    figures = asyncio.run(run.run())
    assert figures.kills == 5, figures
    assert figures.acked > 40 and figures.games_started >= 8, figures  # every table played
    assert {k for k in figures.by_kind if k.startswith("kill at")}, figures
    problems = (figures.lost, figures.stalled, figures.hidden_past_time, figures.double_posts)
    assert problems == (0, 0, 0, 0), figures.details
    assert figures.inconsistent == 0, figures.details


def test_the_checkers_see_a_lost_event(tmp_path: Path) -> None:
    """An acknowledged version whose events later change or go is a loss."""
    module = crash_all()
    run = module.CrashRun(arguments(kills=1, games=["spexxx"]), tmp_path)
    asyncio.run(run.run())
    assert run.figures.lost == 0 and run.acks, run.figures.details
    (game, version), _ = max(run.acks.items(), key=lambda kv: kv[0][1])
    with sqlite3.connect(tmp_path / "crash.sqlite3") as conn:
        conn.execute("DELETE FROM game_events WHERE game_id = ? AND seq = ?", (game, version - 1))
    run.db.close()
    run.check_logs()
    assert run.figures.lost >= 1, run.figures.details
    assert all(f"game {game}:" in d for d in run.figures.details if d.startswith("lost")), run
    assert run.figures.inconsistent >= 1, run.figures.details  # the state is not its replay


def message(mid: int, content: str, ids: tuple[str, ...] = (), at: float = 0.0) -> Any:
    """A message as the checker reads it (content, enabled components, when last shown)."""
    when = datetime.fromtimestamp(at, tz=UTC)
    rows = [SimpleNamespace(children=[SimpleNamespace(custom_id=c, disabled=False) for c in ids])]
    return SimpleNamespace(
        id=mid, content=content, components=rows, created_at=when, edited_at=None
    )


def test_the_checkers_see_a_double_post_a_sum_left_shown_and_pips_in_public() -> None:
    findings = crash_all().findings
    turn = ("spx:throw:7:v12:1:0", "spx:place:7:v12:1:0")
    sum_ = "\N{EYES} bob rolled 9 and lifted **3B2**: 2 + 3 + 1 = **6**, no match. Remember it"
    fine = [
        message(1, "**Spexxx #7** · turn 4", ("spx:throw:7:v11:1:0",)),  # an older turn
        message(2, "**Spexxx #7** · turn 5", turn),
        message(3, sum_, at=100.0),
        message(4, "**Raffzahn #8** · round 2\nDice taken: a **3** · b **0**"),
        message(5, "**Spexxx #6 is over.** alice wins"),
        message(9, "**Spexxx #6 is over.**\nFinal standings: https://discord.com/channels/1/2/5"),
    ]
    assert findings(fine, now=110.0, restarted_at=0.0) == []
    # the bot was down when the 8 s ran out: it covers the sum once it is back
    assert findings(fine, now=130.0, restarted_at=125.0) == []
    found = findings(
        [
            *fine,
            message(6, "**Spexxx #7** · turn 5", turn),
            message(7, "**Spexxx #6 is over.** alice wins"),
            message(8, "```\n [6C1 5]  5C2 3\n```"),
        ],
        now=111.0,
        restarted_at=0.0,
    )
    kinds = sorted((kind, key[0]) for kind, key, _ in found)
    assert kinds == [("double", "final"), ("double", "turn"), ("hidden", "pips"), ("hidden", "sum")]
