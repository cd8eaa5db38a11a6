"""Render + PNG encode timings of the Spexxx turn image (figures, not a pass/fail test).

    python benchmarks/bench_render.py [--runs 200]

Target from the issue: median <= 20 ms for a mid-game board >= 1200 px wide, PNG <= 100 KB.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.render_timing import cold_render, report
from renderers.samples import SAMPLE_NAMES, play
from renderers.spexxx import render_final, render_legend, render_turn


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    start = time.perf_counter()
    mid = play(4, 7, 40).state
    late = play(4, 16, 58, stop_after_throw=True).state
    end = play(4, 7).state
    placing = play(4, 11, 30, stop_after_throw=True).state
    cold_render(start, lambda: render_turn(mid, SAMPLE_NAMES))
    final_runs = max(10, args.runs // 10)
    report(
        [
            ("turn (mid-game, 4 players)", lambda: render_turn(mid, SAMPLE_NAMES), args.runs),
            ("turn (late game, 4 players)", lambda: render_turn(late, SAMPLE_NAMES), args.runs),
            (
                "turn, allowed squares lit",
                lambda: render_turn(placing, SAMPLE_NAMES, highlight_allowed=True),
                args.runs,
            ),
            ("final", lambda: render_final(end, SAMPLE_NAMES), final_runs),
            ("legend", render_legend, args.runs),
        ]
    )


if __name__ == "__main__":
    main()
