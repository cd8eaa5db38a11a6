"""Abquetschen speed: enumerating every legal build of a roll, and whole random games.

Run ``.venv/bin/python benchmarks/bench_das_spiel_abquetschen.py [--games N]``. Positions are
taken from random games (every position where a player has just rolled, so the pile ranges from
the start pyramid to a busy late game); for each the seat on turn's legal builds of every roll
2–6 are enumerated. Prints medians and p99 in ms; a script, not a test.

Measured (22 Nov 2026, 2 shared cores, 60 games, 2635 positions): builds of 6 median 1.2 ms,
p99 6.7 ms (25 ms with the machine saturated); every roll on a pile of ≥ 90 dice median 1.6 ms,
p99 7.5 ms; a whole random game median 68 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.clocks import p99
from games.das_spiel.abquetschen import AbqState, Abquetschen, Phase


def positions(games: int) -> tuple[list[AbqState], list[float]]:
    """States at the start of every turn of ``games`` random games, and each game's ms."""
    states: list[AbqState] = []
    times = []
    for seed in range(games):
        rng = random.Random(seed)
        game = Abquetschen()
        t0 = time.perf_counter()
        while not game.state.finished:
            if game.state.phase is Phase.ROLL:
                states.append(game.state.copy())
            game.apply(rng.choice(game.legal_actions()))
        times.append((time.perf_counter() - t0) * 1000)
    return states, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args(argv)
    states, game_ms = positions(args.games)
    print(f"{len(states)} turn starts from {args.games} random games")
    print(f"{'roll':<22} {'median ms':>10} {'p99 ms':>8} {'max ms':>8} {'builds (max)':>13}")
    for n in range(2, 7):
        times, counts = [], []
        for state in states:
            seat = state.current
            assert seat is not None
            t0 = time.perf_counter()
            found = state.builds(seat, n)
            times.append((time.perf_counter() - t0) * 1000)
            counts.append(len(found))
        print(
            f"legal builds of {n:<6} {statistics.median(times):10.3f} {p99(times):8.3f} "
            f"{max(times):8.3f} {max(counts):13d}"
        )
    busy = [s for s in states if len(s) >= 90]
    times = []
    for state in busy:
        seat = state.current
        assert seat is not None
        t0 = time.perf_counter()
        for n in range(2, 7):
            state.builds(seat, n)
        times.append((time.perf_counter() - t0) * 1000)
    if len(busy) >= 2:
        print(
            f"all rolls, ≥90 dice ({len(busy)}) {statistics.median(times):8.3f} "
            f"{p99(times):8.3f} {max(times):8.3f}"
        )
    print(
        f"random game (whole)    {statistics.median(game_ms):10.1f} {p99(game_ms):8.1f} "
        f"{max(game_ms):8.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
