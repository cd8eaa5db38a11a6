"""Computer-player strength and speed: head-to-head matches and decision time per turn.

Run ``.venv/bin/python benchmarks/bench_ai.py`` (``--games N`` for a quicker run). Every pairing
plays N seeded 2-player games, alternating which level starts; it prints win rates (ties apart),
mean scores and the time one level spends deciding a whole turn. It is a script, not a test, so a
slow machine does not fail the suite. Targets: hard beats normal in at least 70 % of the games;
a hard turn takes at most 50 ms (median) and 200 ms (p99).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.common.dice import SeededDice
from games.spexxx import Discard, Game, Place
from games.spexxx.ai import Level, decide

PAIRINGS = ((Level.HARD, Level.NORMAL), (Level.NORMAL, Level.EASY), (Level.HARD, Level.EASY))
WIN_TARGET = 0.70
MEDIAN_TARGET_MS = 50.0
P99_TARGET_MS = 200.0


@dataclass
class Result:
    """One game from the first level's side: scores and per-turn decision times (ms)."""

    scores: tuple[int, int]
    turn_ms: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))


def play(task: tuple[Level, Level, int]) -> Result:
    """Seeded game ``seed``: the first level starts in even games, the second in odd ones."""
    first, second, seed = task
    game = Game.new(2, SeededDice(seed))
    start = game.state.start_seat
    a_seat = start if seed % 2 == 0 else 1 - start
    levels = {a_seat: first, 1 - a_seat: second}
    rngs = {s: random.Random(f"{seed}:{s}") for s in (0, 1)}
    times: dict[int, list[float]] = {0: [], 1: []}
    state = game.state
    while state.current is not None:
        seat = state.current
        spent = 0.0
        while True:
            t0 = time.perf_counter()
            action = decide(state, levels[seat], rngs[seat]).action
            spent += time.perf_counter() - t0
            game.apply(action)
            if isinstance(action, Place | Discard):
                break
        times[seat].append(spent * 1000)
    scores = state.scores
    return Result((scores[a_seat], scores[1 - a_seat]), (times[a_seat], times[1 - a_seat]))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def tasks(
    first: Level, second: Level, games: int, offset: int
) -> Iterator[tuple[Level, Level, int]]:
    return ((first, second, offset + i) for i in range(games))


def report(
    first: Level, second: Level, results: list[Result], times: dict[Level, list[float]]
) -> float:
    """Print one pairing's line, collect its decision times; return the first level's win rate."""
    n = len(results)
    wins = sum(r.scores[0] > r.scores[1] for r in results)
    ties = sum(r.scores[0] == r.scores[1] for r in results)
    mean_a = statistics.fmean(r.scores[0] for r in results)
    mean_b = statistics.fmean(r.scores[1] for r in results)
    print(
        f"{first.value:>6} vs {second.value:<6} {n:5d} games: "
        f"{first.value} wins {wins / n:6.1%}, ties {ties / n:5.1%}, "
        f"{second.value} wins {(n - wins - ties) / n:6.1%}; "
        f"mean score {mean_a:6.1f} : {mean_b:6.1f}",
        flush=True,
    )
    for r in results:
        times[first].extend(r.turn_ms[0])
        times[second].extend(r.turn_ms[1])
    return wins / n


def save(path: Path, first: Level, second: Level, offset: int, results: list[Result]) -> None:
    """Append one line per game: pairing, seed and both scores, for paired comparisons."""
    with path.open("a") as fh:
        for i, r in enumerate(results):
            fh.write(f"{first.value},{second.value},{offset + i},{r.scores[0]},{r.scores[1]}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--pairings",
        nargs="+",
        default=[f"{a.value}-{b.value}" for a, b in PAIRINGS],
        help="which pairings to play, e.g. hard-normal (default: all three)",
    )
    parser.add_argument("--save", type=Path, help="write every game's scores here (CSV)")
    args = parser.parse_args()
    pairings = [tuple(Level(x) for x in p.split("-")) for p in args.pairings]
    times: dict[Level, list[float]] = {level: [] for level in Level}
    rates: dict[tuple[Level, Level], float] = {}
    started = time.perf_counter()
    with Pool(args.processes) as pool:
        for first, second in pairings:
            k = PAIRINGS.index((first, second))  # the seeds stay those of the full run
            results = pool.map(play, tasks(first, second, args.games, k * 1_000_000), chunksize=8)
            rates[(first, second)] = report(first, second, results, times)
            if args.save:
                save(args.save, first, second, k * 1_000_000, results)
    print()
    for level in Level:
        t = times[level]
        if not t:
            continue
        print(
            f"{level.value:>6} decision time per turn: median {statistics.median(t):6.2f} ms, "
            f"p99 {percentile(t, 0.99):6.2f} ms, max {max(t):7.2f} ms ({len(t)} turns)"
        )
    hard = times[Level.HARD]
    win = rates.get((Level.HARD, Level.NORMAL))
    if win is None or not hard:
        print(f"wall time {time.perf_counter() - started:.0f} s")
        return
    print()
    margin = 1.96 * (win * (1 - win) / args.games) ** 0.5
    print(
        f"target: hard beats normal >= {WIN_TARGET:.0%}: {win:.1%} (±{margin:.1%}, 95 %)",
        "ok" if win >= WIN_TARGET else "MISSED",
    )
    print(
        f"target: hard turn median <= {MEDIAN_TARGET_MS:.0f} ms, p99 <= {P99_TARGET_MS:.0f} ms: ",
        "ok"
        if statistics.median(hard) <= MEDIAN_TARGET_MS and percentile(hard, 0.99) <= P99_TARGET_MS
        else "MISSED",
    )
    print(f"wall time {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
