"""Render + PNG encode timings of the Das Spiel pictures (figures, not a pass/fail test).

    nice -n 10 python benchmarks/bench_das_spiel_render.py [--runs 200] [--clock cpu]

Target from issue 14: median <= 30 ms for a picture (>= 1200 px wide), PNG <= 150 KB. On a
busy machine ``--clock cpu`` times the process's own CPU time; the load average is printed.

Measured with ``--runs 100 --clock cpu`` at a load of 14 on 2 cores (median / p99 ms, PNG KB):
Raffzahn seat view 20.1 / 23.0 (73), late seat view 16.6 / 18.9 (60), public 19.7 / 22.4
(66), final 24.7 / 26.7 (56); Bunte Kuh with 36 labelled funnels 24.0 / 27.1 (90), late 24.1 /
27.0 (114), final 33.6 / 37.0 (117).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.clocks import CLOCKS, add_clock_option
from benchmarks.render_timing import cold_render, report
from games.das_spiel import geometry as g
from games.das_spiel.pyramid import Pyramid
from games.das_spiel.setup import full_pyramid
from renderers.das_spiel import (
    render_abquetschen,
    render_abquetschen_final,
    render_bunte_kuh,
    render_bunte_kuh_final,
    render_eintrichtern,
    render_eintrichtern_final,
    render_pyramid,
    render_raffzahn,
    render_raffzahn_final,
    render_wuerfelmarsch,
    render_wuerfelmarsch_final,
)
from renderers.das_spiel.samples import (
    CUI_NAMES,
    SAMPLE_NAMES,
    abquetschen_game,
    bunte_kuh_calling,
    bunte_kuh_game,
    cui_bono_pile,
    eintrichtern_game,
    plate_with_sums,
    raffzahn_game,
    wuerfelmarsch_game,
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    add_clock_option(parser)
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    start = time.perf_counter()
    mid = abquetschen_game()
    end = abquetschen_game(actions=None)
    full = full_pyramid(1)
    pile, emptied = cui_bono_pile()
    free = g.bits(pile.free_dice())
    plate, sums = plate_with_sums()
    raf_mid = raffzahn_game()
    raf_late = raffzahn_game(rounds=30)
    raf_end = raffzahn_game(rounds=None, roll=None)
    bk_early = bunte_kuh_calling(rounds=2)
    bk_late = bunte_kuh_calling(rounds=40)
    bk_end = bunte_kuh_game(4, rounds=None)
    # Late-game states: Würfelmarsch one action before its end (the last tip replayed for its
    # captures), Eintrichtern with most funnels lifted and a rolled target in play.
    wm_end = wuerfelmarsch_game(actions=None)
    wm_late = wuerfelmarsch_game(actions=len(wm_end.log) - 1)
    ein_end = eintrichtern_game(actions=None)
    ein_late = eintrichtern_game(actions=len(ein_end.log) - 3)
    cold_render(start, lambda: render_abquetschen(mid, SAMPLE_NAMES))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; clock {args.clock}")
    n = args.runs
    report(
        [
            ("empty plate", lambda: render_pyramid(Pyramid.empty()), n),
            ("full pyramid", lambda: render_pyramid(full), n),
            (
                "pile, labels + last (side Y)",
                lambda: render_pyramid(pile, choosable=free, last=emptied, side=g.Y),
                n,
            ),
            ("plate with funnel sums", lambda: render_pyramid(plate, funnel_text=sums), n),
            ("abquetschen mid-game", lambda: render_abquetschen(mid, SAMPLE_NAMES), n),
            ("abquetschen final", lambda: render_abquetschen_final(end, SAMPLE_NAMES), n // 2),
            ("raffzahn seat view", lambda: render_raffzahn(raf_mid, SAMPLE_NAMES, seat=1), n),
            ("raffzahn late, seat", lambda: render_raffzahn(raf_late, SAMPLE_NAMES, seat=0), n),
            ("raffzahn public", lambda: render_raffzahn(raf_mid, SAMPLE_NAMES), n),
            ("raffzahn final", lambda: render_raffzahn_final(raf_end, SAMPLE_NAMES), n // 2),
            ("bunte kuh, 36 funnels", lambda: render_bunte_kuh(bk_early, SAMPLE_NAMES), n),
            ("bunte kuh late", lambda: render_bunte_kuh(bk_late, SAMPLE_NAMES), n),
            ("bunte kuh final", lambda: render_bunte_kuh_final(bk_end, CUI_NAMES), n // 2),
            ("würfelmarsch late", lambda: render_wuerfelmarsch(wm_late, SAMPLE_NAMES), n),
            (
                "würfelmarsch final",
                lambda: render_wuerfelmarsch_final(wm_end, SAMPLE_NAMES),
                n // 2,
            ),
            ("eintrichtern late", lambda: render_eintrichtern(ein_late, CUI_NAMES), n),
            ("eintrichtern final", lambda: render_eintrichtern_final(ein_end, CUI_NAMES), n // 2),
        ],
        clock,
    )


if __name__ == "__main__":
    main()
