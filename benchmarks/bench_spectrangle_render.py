"""Render + PNG encode timings of the Spectrangle images (figures, not a pass/fail test).

    python benchmarks/bench_spectrangle_render.py [--runs 200]

Target from the issue: median <= 20 ms for the board image (>= 1200 px wide), PNG <= 100 KB.
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

from renderers.spectrangle import render_board, render_final, render_placing
from renderers.spectrangle.samples import SAMPLE_NAMES, play


def measure(fn: Callable[[], bytes], runs: int) -> tuple[float, float, bytes]:
    out = fn()  # warm the caches (board, sprites, palette, fonts) outside the timing
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.99) - 1)], out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    start = time.perf_counter()
    mid = play(4, 3, 14).state
    late = play(4, 5, 30).state
    team = play(4, 11, 22, teams=True).state
    end = play(3, 8).state
    seat = mid.current
    assert seat is not None
    chosen = mid.hand(seat)[0]
    cold_start = time.perf_counter()
    render_board(mid, SAMPLE_NAMES)
    cold = (time.perf_counter() - cold_start) * 1000
    played = (cold_start - start) * 1000
    print(f"games played in {played:.0f} ms; first render (cold caches) {cold:.0f} ms")
    cases: list[tuple[str, Callable[[], bytes]]] = [
        ("board (mid-game, 4 players)", lambda: render_board(mid, SAMPLE_NAMES)),
        ("board (late game, 4 players)", lambda: render_board(late, SAMPLE_NAMES)),
        ("board (team game)", lambda: render_board(team, SAMPLE_NAMES)),
        ("placing", lambda: render_placing(mid, SAMPLE_NAMES, chosen)),
        ("final", lambda: render_final(end, SAMPLE_NAMES)),
    ]
    print(f"{'image':<30} {'median ms':>10} {'p99 ms':>8} {'PNG KB':>8}  size")
    for label, fn in cases:
        median, p99, png = measure(fn, args.runs)
        size = Image.open(io.BytesIO(png)).size
        print(
            f"{label:<30} {median:>10.1f} {p99:>8.1f} {len(png) / 1000:>8.1f}  {size[0]}×{size[1]}"
        )


if __name__ == "__main__":
    main()
