"""Render + PNG encode timings of the Spectrangle images (figures, not a pass/fail test).

    python benchmarks/bench_spectrangle_render.py [--runs 200]

Target from the issue: median <= 20 ms for the board image (>= 1200 px wide), PNG <= 100 KB.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.render_timing import cold_render, report
from renderers.spectrangle import render_board, render_final, render_placing
from renderers.spectrangle.samples import SAMPLE_NAMES, play


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
    cold_render(start, lambda: render_board(mid, SAMPLE_NAMES))
    report(
        [
            ("board (mid-game, 4 players)", lambda: render_board(mid, SAMPLE_NAMES), args.runs),
            ("board (late game, 4 players)", lambda: render_board(late, SAMPLE_NAMES), args.runs),
            ("board (team game)", lambda: render_board(team, SAMPLE_NAMES), args.runs),
            ("placing", lambda: render_placing(mid, SAMPLE_NAMES, chosen), args.runs),
            ("final", lambda: render_final(end, SAMPLE_NAMES), args.runs),
        ]
    )


if __name__ == "__main__":
    main()
