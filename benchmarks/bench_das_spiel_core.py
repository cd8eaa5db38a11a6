"""Das Spiel core speed: the geometry queries every game and computer player calls per move.

Run ``.venv/bin/python benchmarks/bench_das_spiel_core.py [--piles N] [--repeats N]``. It prints
the median and p99 in µs per call over random stable piles (half to nearly full); a script, not
a test, so a slow machine does not fail the suite.

Measured (22 Nov 2026, 200 piles): free_dice, open_dice, funnels, is_stable median 4.5–5.4 µs
(p99 10–22 µs); one side's front dice 18 µs; a funnel sum 6.6 µs; longest_row 34 µs;
full_pyramid(seed) 0.38 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.clocks import p99, timer_overhead_ns
from games.das_spiel import geometry as g
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.setup import bottom_layer, full_pyramid


def random_pile(rng: random.Random) -> Pyramid:
    """A stable pile of 45…160 dice grown by random funnels and plate hollows."""
    pyr = Pyramid.empty()
    for _ in range(rng.randint(45, 160)):
        spots = g.bits(g.funnels(pyr.occupied) | g.plate_hollows(pyr.occupied))
        pyr = pyr.place(rng.choice(spots), Die(Colour.RED, rng.choice(ORIENTATIONS)))
    return pyr


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--piles", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args(argv)
    rng = random.Random(1)
    piles = [random_pile(rng) for _ in range(args.piles)]
    funnel_of = [g.bits(p.funnels()) or [g.LAYER_START[1]] for p in piles]
    overhead = timer_overhead_ns()

    cases: list[tuple[str, Callable[[Pyramid, int], object]]] = [
        ("free_dice", lambda p, k: g.free_dice(p.occupied)),
        ("open_dice", lambda p, k: g.open_dice(p.occupied)),
        ("funnels", lambda p, k: g.funnels(p.occupied)),
        ("is_stable", lambda p, k: g.is_stable(p.occupied)),
        ("front_dice (one side)", lambda p, k: g.front_dice(p.occupied, g.Y)),
        ("side_view (one side)", lambda p, k: p.side_view(g.Y)),
        ("funnel_sum", lambda p, k: p.funnel_sum(funnel_of[k][0]) if p.funnels() else 0),
        ("all funnel sums", lambda p, k: [p.funnel_sum(q) for q in g.bits(p.funnels())]),
        ("Pyramid.remove (copy)", lambda p, k: p.remove(g.bits(p.free_dice())[0])),
        ("longest_row", lambda p, k: g.longest_row(p.occupied)),
        ("index_of_label", lambda p, k: g.index_of_label("4C2")),
    ]
    print(f"{len(piles)} random stable piles, {args.repeats} calls each; µs per call")
    print(f"{'operation':<24} {'median':>8} {'p99':>8}")
    for name, fn in cases:
        times = []
        for k, pile in enumerate(piles):
            for _ in range(args.repeats):
                t0 = time.perf_counter_ns()
                fn(pile, k)
                times.append((time.perf_counter_ns() - t0 - overhead) / 1000)
        print(f"{name:<24} {statistics.median(times):8.2f} {p99(times):8.2f}")
    for name, make in (
        ("full_pyramid(seed)", lambda s: full_pyramid(s)),
        ("bottom_layer(seed)", lambda s: bottom_layer(s, Colour.PEARL)),
    ):
        times = []
        for seed in range(300):
            t0 = time.perf_counter_ns()
            make(seed)
            times.append((time.perf_counter_ns() - t0 - overhead) / 1000)
        print(f"{name:<24} {statistics.median(times):8.2f} {p99(times):8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
