"""Abquetschen computer players: how often a level wins against two of another, and how long
it takes to decide.

Run ``.venv/bin/python benchmarks/bench_das_spiel_abquetschen_ai.py [--games N]
[--strong normal] [--weak easy] [--clock cpu]``. Game ``s`` seats the strong level at seat
``s % 3`` (rotating, so every seat order occurs) and the weak level at the other two, with dice
``SeededDice(s)``; the table is the strong level's win rate with its 95 % interval (a shared win
counts) beside the 1/3 of an equal player, and its decision times (median, p99).

Measured (22 Nov 2026): normal vs two easy, 600 games: 54.0 % (95 % interval 50.0–57.9 %),
decisions median 0.4 ms, p99 16.7 ms. The game is mostly luck (most games end by a roll over the
supply), so the 70 % the issue asks for was not reached; a look ahead over every seat's next
roll (tried as hard) won 54.6 % against two easy and 35.6 % against two normal players.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.clocks import CLOCKS, add_clock_option, p99, wilson
from games.common.ai import Level
from games.common.dice import SeededDice
from games.das_spiel.abquetschen import Abquetschen, Phase
from games.das_spiel.abquetschen.ai import decide


def play(seed: int, levels: list[Level], clock: str) -> tuple[list[int], list[float]]:
    """One game; the winners and the strong seat's decision times in ms."""
    now = CLOCKS[clock]
    game = Abquetschen(start_seat=seed % 3)
    dice = SeededDice(seed)
    rng = random.Random(seed)
    strong = seed % 3
    times = []
    while not game.state.finished:
        state = game.state
        seat = state.current
        assert seat is not None
        if state.phase in (Phase.SEARCH, Phase.ROLL):
            game.roll(dice)
            continue
        t0 = now()
        decision = decide(state, levels[seat], rng)
        if seat == strong:
            times.append((now() - t0) * 1000)
        game.apply(decision.action)
    return game.state.winners, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--strong", type=Level, default=Level.NORMAL)
    parser.add_argument("--weak", type=Level, default=Level.EASY)
    add_clock_option(parser)
    args = parser.parse_args(argv)
    wins = 0
    times: list[float] = []
    for seed in range(args.games):
        levels = [args.weak] * 3
        levels[seed % 3] = args.strong
        winners, t = play(seed, levels, args.clock)
        wins += seed % 3 in winners
        times += t
    low, high = wilson(wins, args.games)
    print(
        f"{args.strong.value} vs two {args.weak.value}: {args.games} games, won {wins} "
        f"({wins / args.games:.1%}, 95 % interval {low:.1%}–{high:.1%}; an equal player 33.3 %)"
    )
    print(
        f"decision time ({args.clock}): median {statistics.median(times):.1f} ms, "
        f"p99 {p99(times):.1f} ms, {len(times)} decisions"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
