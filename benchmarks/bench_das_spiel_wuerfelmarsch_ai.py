"""Würfelmarsch computer players: strength of one player against two of a simpler level, and
decision time per move.

Run ``nice -n 10 .venv/bin/python benchmarks/bench_das_spiel_wuerfelmarsch_ai.py`` (``--games N``
per pairing, ``--pairings normal:easy,hard:normal``, ``--clock cpu`` on a busy machine). Each
game puts one player of the better level against two of the simpler one; game ``k`` seats the
better player at seat ``k mod 3`` and starts at seat ``(k div 3) mod 3``, so every seat and
every start seat come equally often (an even player would win a third). Prints the better
level's share of wins with a 95 % Wilson interval, how the games ended, and decision time
median / p99 by level. A script, not a test. Targets: the better level wins at least 70 % of
the games; a decision takes at most 100 ms (median).

Measured (600 games per pairing, ``--clock cpu``, a busy 2-core machine): normal beats two easy
98.0 % (95 % CI 96.5–98.9 %), hard beats two normal 89.5 % (86.8–91.7 %); decision CPU time
median / p99: easy 0.03 / 0.09 ms, normal 0.66 / 1.21 ms, hard 11.4 / 31.2 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.clocks import CLOCKS, add_clock_option, wilson
from benchmarks.pairings import print_targets, print_times, seating
from games.common.ai import Level
from games.das_spiel.wuerfelmarsch import Wuerfelmarsch
from games.das_spiel.wuerfelmarsch.ai import decide


@dataclass(frozen=True)
class Result:
    won: bool  # the better player won
    end: str
    turns: int
    ms: tuple[tuple[Level, float], ...]  # (level, decision time) per decision


def play(task: tuple[Level, Level, int, str]) -> Result:
    """Game ``k``: one ``better`` against two ``simpler``, seeded by ``k``."""
    better, simpler, k, clock_name = task
    clock = CLOCKS[clock_name]
    seat, start, levels = seating(k, better, simpler)
    rngs = [random.Random(f"wm:{k}:{s}") for s in range(3)]
    game = Wuerfelmarsch(start_seat=start)
    ms = []
    while not game.state.finished:
        s = game.state.current
        assert s is not None
        t0 = clock()
        action = decide(game.state, levels[s], rngs[s]).action
        ms.append((levels[s], (clock() - t0) * 1000))
        game.apply(action)
    state = game.state
    assert state.end_reason is not None
    return Result(seat in state.winners, state.end_reason.value, state.turn, tuple(ms))


def run(pool: Pool, better: Level, simpler: Level, games: int, clock: str,
        times: dict[Level, list[float]]) -> float:  # fmt: skip
    tasks = [(better, simpler, k, clock) for k in range(games)]
    results: list[Result] = pool.map(play, tasks, chunksize=4)
    wins = sum(r.won for r in results)
    low, high = wilson(wins, games)
    ends = Counter(r.end for r in results)
    print(
        f"{better.value} vs 2 × {simpler.value}, {games} games: {better.value} wins "
        f"{wins / games:.1%} (95 % CI {low:.1%}–{high:.1%}); ends "
        + ", ".join(f"{k} {v}" for k, v in sorted(ends.items()))
        + f"; mean {statistics.fmean(r.turns for r in results):.1f} turns",
        flush=True,
    )
    for r in results:
        for level, t in r.ms:
            times[level].append(t)
    return wins / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="games per pairing")
    parser.add_argument(
        "--pairings", default="normal:easy,hard:normal", help="better:simpler, comma-separated"
    )
    parser.add_argument("--processes", type=int, default=2)
    add_clock_option(parser)
    args = parser.parse_args(argv)
    pairings = [tuple(Level(x) for x in p.split(":")) for p in args.pairings.split(",")]
    times: dict[Level, list[float]] = {level: [] for level in Level}
    shares = {}
    started = time.perf_counter()
    with Pool(args.processes) as pool:
        for better, simpler in pairings:
            shares[(better, simpler)] = run(pool, better, simpler, args.games, args.clock, times)
    print()
    print_times(times, args.clock)
    print()
    print_targets(shares, times)
    print(f"wall time {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
