"""benchmarks/bench_replay.py keeps working as the game interface changes: it plays a whole game
of every kind through the adapter and steps its replay (it broke once, unnoticed, when the
adapters' metadata and capabilities moved)."""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from bot.adapters import installed
from bot.contract.models import Status
from bot.core.replays import ReplayBook

ROOT = Path(__file__).resolve().parents[2]


def bench_replay() -> ModuleType:
    path = ROOT / "benchmarks" / "bench_replay.py"
    spec = importlib.util.spec_from_file_location("bench_replay", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_replay", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("kind", sorted(installed()))
def test_the_replay_benchmark_plays_and_steps_every_game(kind: str) -> None:
    bench = bench_replay()
    row = bench.played(kind, 0)
    assert row.status is Status.FINISHED and installed()[kind].finished(row.game)
    book = ReplayBook(installed())
    assert bench.step(book, row, 1, time.perf_counter) >= 0.0
