"""Spectrangle computer players: strength in paired 2-player matches and decision time per turn.

Run ``.venv/bin/python benchmarks/bench_spectrangle_ai.py`` (``--pairs N`` for hard vs normal,
``--brief N`` for the pairings with easy). Every seed deals one bag and is played twice with the
seats swapped, so both levels get both hands and the luck of the deal cancels. Prints win rates
(ties apart) with 95 % confidence intervals, mean scores, and decision time per turn by level.
A script, not a test, so a slow machine does not fail the suite. Targets: hard beats normal in
at least 70 % of the games; a hard decision takes at most 50 ms (median) and 200 ms (p99).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.clocks import by_seed_interval, p99, wilson
from games.common.ai import Level
from games.spectrangle import Game
from games.spectrangle.ai import decide

WIN_TARGET = 0.70
MEDIAN_TARGET_MS = 50.0
P99_TARGET_MS = 200.0
Z95 = 1.959964


@dataclass(frozen=True)
class Result:
    """One game from the first level's side: scores and its decision times (ms) by level."""

    seed: int
    scores: tuple[int, int]  # first level, second level
    first_ms: tuple[tuple[float, float], ...]  # (wall clock, CPU) per decision
    second_ms: tuple[tuple[float, float], ...]


def play(task: tuple[Level, Level, int, int]) -> Result:
    """Seeded game ``seed`` with the first level in seat ``seat`` (0 or 1)."""
    first, second, seed, seat = task
    game = Game.new(2, seed)
    levels = {seat: first, 1 - seat: second}
    rngs = {s: random.Random(f"{seed}:{s}") for s in (0, 1)}
    times: dict[int, list[tuple[float, float]]] = {0: [], 1: []}
    state = game.state
    while state.current is not None:
        s = state.current
        t0, c0 = time.perf_counter(), time.thread_time()
        action = decide(state, levels[s], rngs[s]).action
        times[s].append(((time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000))
        game.apply(action)
    scores = state.scores
    return Result(
        seed, (scores[seat], scores[1 - seat]), tuple(times[seat]), tuple(times[1 - seat])
    )


def run(
    pool: Pool,
    first: Level,
    second: Level,
    seeds: int,
    offset: int,
    times: dict[Level, list[tuple[float, float]]],
) -> float:
    """Play ``seeds`` paired seeds, print the pairing's lines; return the first's win rate."""
    tasks = [(first, second, offset + i, seat) for i in range(seeds) for seat in (0, 1)]
    results: list[Result] = pool.map(play, tasks, chunksize=8)
    n = len(results)
    wins = sum(r.scores[0] > r.scores[1] for r in results)
    ties = sum(r.scores[0] == r.scores[1] for r in results)
    losses = n - wins - ties
    low, high = wilson(wins, n, Z95)
    plow, phigh = by_seed_interval(
        ((r.seed, float(r.scores[0] > r.scores[1])) for r in results), Z95
    )
    print(
        f"{first.value:>6} vs {second.value:<6} {seeds} seeds × 2 seatings = {n} games: "
        f"{first.value} wins {wins / n:.1%} (95 % CI {low:.1%}–{high:.1%} per game, "
        f"{plow:.1%}–{phigh:.1%} by seed), ties {ties / n:.1%} ({ties}), "
        f"{second.value} wins {losses / n:.1%}",
        flush=True,
    )
    print(
        f"{'':>16} mean final score {statistics.fmean(r.scores[0] for r in results):.1f} : "
        f"{statistics.fmean(r.scores[1] for r in results):.1f}",
        flush=True,
    )
    for r in results:
        times[first].extend(r.first_ms)
        times[second].extend(r.second_ms)
    return wins / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000, help="paired seeds, hard vs normal")
    parser.add_argument("--brief", type=int, default=200, help="paired seeds with easy")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    times: dict[Level, list[tuple[float, float]]] = {level: [] for level in Level}
    started = time.perf_counter()
    with Pool(args.processes) as pool:
        win = run(pool, Level.HARD, Level.NORMAL, args.pairs, 0, times)
        if args.brief:
            run(pool, Level.HARD, Level.EASY, args.brief, 1_000_000, times)
            run(pool, Level.NORMAL, Level.EASY, args.brief, 2_000_000, times)
    print()
    # Wall clock is what a player waits; CPU time (of the deciding thread) leaves out the
    # other processes sharing the machine, which inflate the wall clock's tail.
    for level in Level:
        for i, clock in enumerate(("wall", "CPU")):
            t = [pair[i] for pair in times[level]]
            if t:
                print(
                    f"{level.value:>6} decision time ({clock:>4}): median "
                    f"{statistics.median(t):6.2f} ms, p99 {p99(t):6.2f} ms, "
                    f"max {max(t):7.2f} ms ({len(t)} decisions)"
                )
    hard = [wall for wall, _cpu in times[Level.HARD]]
    print()
    print(
        f"target: hard beats normal >= {WIN_TARGET:.0%}: {win:.1%}",
        "ok" if win >= WIN_TARGET else "MISSED",
    )
    fast = statistics.median(hard) <= MEDIAN_TARGET_MS and p99(hard) <= P99_TARGET_MS
    print(
        f"target: hard decision (wall clock) median <= {MEDIAN_TARGET_MS:.0f} ms, "
        f"p99 <= {P99_TARGET_MS:.0f} ms:",
        "ok" if fast else "MISSED",
    )
    print(f"wall time {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
