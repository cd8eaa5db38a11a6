"""Computer decisions with many games at once: the memo of turn plans must not thrash.

A server runs many games, and a computer plays its turn one step at a time with a pause between
steps, so the steps of different games interleave. This plays ``--games`` 2-player games (hard
against normal, after a few quick easy turns so that every game has a board of its own) side by
side, one decision per game in turn, and prints the time per decision (median, p99) and how
many plans were computed against how many turns were played; with ``--memory`` (slower, so its
times are not comparable) also the memory the memo holds.
``--cache-size 16`` reproduces the memo before issue 11, which kept 16 plans:

    .venv/bin/python benchmarks/bench_plan_cache.py --games 40 --cache-size 16 --clock cpu  # before
    .venv/bin/python benchmarks/bench_plan_cache.py --games 40 --clock cpu                  # after
    .venv/bin/python benchmarks/bench_plan_cache.py --games 300 --turns 2 --memory
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.clocks import CLOCKS, add_clock_option
from games.common.dice import SeededDice
from games.spexxx import Discard, Game, Place
from games.spexxx.ai import Level, decide, players

LEVELS = (Level.HARD, Level.NORMAL)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games played side by side")
    parser.add_argument("--turns", type=int, default=6, help="turns played in every game")
    parser.add_argument(
        "--easy-turns", type=int, default=4, help="quick turns first, so boards differ"
    )
    parser.add_argument(
        "--cache-size", type=int, default=players.PLAN_CACHE_SIZE, help="plans the memo keeps"
    )
    parser.add_argument("--memory", action="store_true", help="trace the memory the memo holds")
    add_clock_option(parser)
    args = parser.parse_args()
    if args.cache_size != players.PLAN_CACHE_SIZE:
        players._plan = lru_cache(maxsize=args.cache_size)(players._plan.__wrapped__)
    players._plan.cache_clear()
    games = [Game.new(2, SeededDice(seed)) for seed in range(args.games)]
    for game in games:
        for _ in range(args.easy_turns):
            while not isinstance(action := decide(game.state, Level.EASY).action, Place | Discard):
                game.apply(action)
            game.apply(action)
    turns_done = [0] * args.games
    times: list[float] = []
    if args.memory:
        tracemalloc.start()
    clock = CLOCKS[args.clock]
    started = time.perf_counter()
    while any(t < args.turns for t in turns_done):
        for g, game in enumerate(games):
            state = game.state
            if turns_done[g] >= args.turns or state.current is None:
                turns_done[g] = args.turns
                continue
            t0 = clock()
            action = decide(state, LEVELS[state.current]).action
            times.append((clock() - t0) * 1000)
            game.apply(action)
            if isinstance(action, Place | Discard):
                turns_done[g] += 1
    wall = time.perf_counter() - started
    memory = tracemalloc.get_traced_memory()[0] if args.memory else 0
    info = players._plan.cache_info()
    turns = sum(turns_done)
    print(
        f"{args.games} games side by side, {turns} turns, memo of {args.cache_size} plans: "
        f"{len(times)} decisions ({args.clock} time), median {statistics.median(times):.2f} ms, "
        f"p99 {percentile(times, 0.99):.2f} ms; {info.misses} plans computed for {turns} turns; "
        f"memo holds {info.currsize} plans; wall {wall:.0f} s"
    )
    if args.memory:
        print(f"memory allocated and still held: {memory / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
