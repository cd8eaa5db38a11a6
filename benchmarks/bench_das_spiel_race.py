"""The race games' computer players and engines: who wins when one computer reacts faster, and
what a decision and an event cost.

Run ``nice -n 10 .venv/bin/python benchmarks/bench_das_spiel_race.py [--games N]``. For Bunte
Kuh (3 players) and Raffzahn, ``N`` seeded games among computers where one seat reacts faster
than the other two (same error rate); prints the fast seat's win share with a 95 % confidence
interval (shared wins count as wins), the events per game, and per event the median and p99 of
one computer decision and of the engine's ``apply``, replaying each game's log (``--clock cpu``
times them by CPU time, steady on a busy machine). A script, not a test.

Measured 2026-11-22 (``--games 300 --clock cpu``, nice 10, a loaded 2-core machine):
Bunte Kuh, fast 3–12 s vs 4–20 s, error rate 0.10: the fast seat wins 93.3 % (95 % CI
89.9–95.6 %), 118 events per game (median); decision median 0.002 ms, p99 0.136 ms; apply
median 0.027 ms, p99 0.104 ms. Raffzahn, fast 1–5 s vs 1.5–6 s, error rate 0.05: 80.7 %
(75.8–84.7 %), 205 events; decision 0.020 / 0.060 ms; apply 0.036 / 0.119 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.clocks import CLOCKS, add_clock_option, p99, wilson
from games.das_spiel.bunte_kuh import BunteKuh
from games.das_spiel.bunte_kuh import ai as bk_ai
from games.das_spiel.race import Reaction
from games.das_spiel.raffzahn import Raffzahn
from games.das_spiel.raffzahn import ai as raf_ai

FAST_SEAT = 1


def measure(
    name: str,
    games: int,
    simulate: Callable[[list[Reaction], int, random.Random], Any],
    fresh: Callable[[Any], Any],
    decide: Callable[..., Any],
    fast: Reaction,
    slow: Reaction,
    clock: Callable[[], float] = time.perf_counter,
) -> None:
    wins, events, decide_ms, apply_ms = 0, [], [], []
    rng = random.Random(0)
    for seed in range(games):
        reactions = [slow, fast, slow]
        game = simulate(reactions, seed, random.Random(seed))
        wins += FAST_SEAT in game.winners()
        events.append(len(game.log))
        again = fresh(game)
        for action in game.log:
            state = again.state
            for seat in range(3):
                t0 = clock()
                decide(state, seat, rng, state.clock.now, reactions[seat])
                decide_ms.append((clock() - t0) * 1000)
            t0 = clock()
            again.apply(action)
            apply_ms.append((clock() - t0) * 1000)
    low, high = wilson(wins, games)
    print(f"{name}: {games} games, fast seat {fast.min_ms}-{fast.max_ms} ms vs "
          f"{slow.min_ms}-{slow.max_ms} ms, error rate {fast.error_rate:.2f}")  # fmt: skip
    print(f"  fast seat wins {wins / games:.1%} (95 % CI {low:.1%}-{high:.1%})")
    print(f"  events per game: median {statistics.median(events):.0f}, max {max(events)}")
    print(f"  decision: median {statistics.median(decide_ms):.3f} ms, p99 {p99(decide_ms):.3f} ms")
    print(f"  apply:    median {statistics.median(apply_ms):.3f} ms, p99 {p99(apply_ms):.3f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    add_clock_option(parser)
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]

    def bk_fresh(game: BunteKuh) -> BunteKuh:
        s = game.state
        return BunteKuh.new(s.players, game.seed or 0, s.start_seat)

    def raf_fresh(game: Raffzahn) -> Raffzahn:
        return Raffzahn.new(game.seed or 0, game.state.start_seat)

    measure(
        "Bunte Kuh",
        args.games,
        bk_ai.simulate,
        bk_fresh,
        bk_ai.decide,
        Reaction(3_000, 12_000, 0.1),
        Reaction(4_000, 20_000, 0.1),
        clock,
    )
    measure(
        "Raffzahn",
        args.games,
        raf_ai.simulate,
        raf_fresh,
        raf_ai.decide,
        Reaction(1_000, 5_000, 0.05),
        Reaction(1_500, 6_000, 0.05),
        clock,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
