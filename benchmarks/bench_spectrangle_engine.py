"""Spectrangle engine speed: the bot and the computer players call these after every move.

Run ``.venv/bin/python benchmarks/bench_spectrangle_engine.py``. It prints medians and p99s next
to the targets; it is a script, not a test, so a slow machine does not fail the suite.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.clocks import p99, timer_overhead_ns
from games.spectrangle import Game, Place

PLACEMENTS_TARGET_US = 50.0
GAME_TARGET_MS = 2.0


def half_full_game(seed: int) -> Game:
    """A 4-player game played at random until 18 of the 36 fields are taken (or it ends)."""
    game = Game.new(4, seed=seed)
    pick = random.Random(seed)
    while not game.finished and sum(p is not None for p in game.board) < 18:
        game.apply(pick.choice(game.legal_actions()))
    return game


def reference_loop_us() -> float:
    """µs for ``sum(range(1000))``: about 8 µs on an idle desktop core, so figures taken on a
    busy machine can be scaled by this."""
    best = []
    for _ in range(20):
        t0 = time.perf_counter()
        for _ in range(100):
            sum(range(1000))
        best.append((time.perf_counter() - t0) / 100 * 1e6)
    return min(best)


def bench_placements(boards: int, repeats: int) -> tuple[list[float], list[float]]:
    """µs per call of the hand's legal placements: the raw tuples, and as ``Place`` actions."""
    raw: list[float] = []
    actions: list[float] = []
    overhead = timer_overhead_ns()
    for seed in range(boards):
        game = half_full_game(seed)
        if game.finished:
            continue
        state = game.state
        seat = state.current
        assert seat is not None
        for _ in range(repeats):
            t0 = time.perf_counter_ns()
            state.placement_ids(seat)
            raw.append((time.perf_counter_ns() - t0 - overhead) / 1000)
            t0 = time.perf_counter_ns()
            game.legal_actions()
            actions.append((time.perf_counter_ns() - t0 - overhead) / 1000)
    return raw, actions


def random_game(seed: int) -> Game:
    """One 4-player game from the seed to its end, a random legal action every turn."""
    game = Game.new(4, seed=seed)
    pick = random.Random(seed)
    while not game.finished:
        game.apply(pick.choice(game.legal_actions()))
    return game


def bench_games(games: int) -> tuple[list[float], float]:
    timings: list[float] = []
    turns = 0
    for seed in range(games):
        t0 = time.perf_counter()
        game = random_game(seed)
        timings.append((time.perf_counter() - t0) * 1000)
        turns += len(game.history)
    return timings, turns / games


def report(label: str, values: list[float], unit: str, target: float) -> None:
    median = statistics.median(values)
    verdict = "OK" if median <= target else "SLOW"
    print(
        f"{label}: median {median:7.2f} {unit}   p99 {p99(values):7.2f} {unit}"
        f"   target ≤ {target:g} {unit}   {verdict}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=200, help="half-full boards")
    parser.add_argument("--repeats", type=int, default=50, help="calls per board")
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args(argv)

    print(f"machine: sum(range(1000)) takes {reference_loop_us():.1f} µs (idle desktop: ~8 µs)")
    raw, actions = bench_placements(args.boards, args.repeats)
    games, turns = bench_games(args.games)
    placed = sum(isinstance(e, Place) for e in random_game(0).events)
    report("hand placements, half-full board (placement_ids)", raw, "µs", PLACEMENTS_TARGET_US)
    report("legal_actions(), half-full board (Place)", actions, "µs", PLACEMENTS_TARGET_US)
    report(
        f"random 4-player game (~{turns:.0f} turns, {placed} placed in game 0)",
        games,
        "ms",
        GAME_TARGET_MS,
    )


if __name__ == "__main__":
    main()
