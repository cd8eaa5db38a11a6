"""Render + PNG encode timings of the Spexxx turn image (figures, not a pass/fail test).

    python benchmarks/bench_render.py [--runs 200]

Target from the issue: median <= 20 ms for a mid-game board >= 1200 px wide, PNG <= 100 KB.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renderers.samples import SAMPLE_NAMES, play
from renderers.spexxx import render_final, render_legend, render_turn


def measure(fn: Callable[[], bytes], runs: int) -> tuple[float, float, bytes]:
    out = fn()  # warm the caches (empty board, palette, fonts) outside the timing
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1], out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    start = time.perf_counter()
    mid = play(4, 7, 40).state
    late = play(4, 16, 58, stop_after_throw=True).state
    end = play(4, 7).state
    placing = play(4, 11, 30, stop_after_throw=True).state
    cold_start = time.perf_counter()
    render_turn(mid, SAMPLE_NAMES)
    cold = (time.perf_counter() - cold_start) * 1000
    played = (cold_start - start) * 1000
    print(f"games played in {played:.0f} ms; first render (cold caches) {cold:.0f} ms")
    cases: list[tuple[str, Callable[[], bytes]]] = [
        ("turn (mid-game, 4 players)", lambda: render_turn(mid, SAMPLE_NAMES)),
        ("turn (late game, 4 players)", lambda: render_turn(late, SAMPLE_NAMES)),
        (
            "turn, allowed squares lit",
            lambda: render_turn(placing, SAMPLE_NAMES, highlight_allowed=True),
        ),
        ("final", lambda: render_final(end, SAMPLE_NAMES)),
        ("legend", render_legend),
    ]
    print(f"{'image':30} {'median ms':>10} {'p95 ms':>8} {'PNG KB':>8}  size")
    for label, fn in cases:
        runs = args.runs if "final" not in label else max(10, args.runs // 10)
        median, p95, png = measure(fn, runs)
        size = Image.open(io.BytesIO(png)).size
        print(f"{label:30} {median:10.1f} {p95:8.1f} {len(png) / 1024:8.1f}  {size[0]}×{size[1]}")


if __name__ == "__main__":
    main()
