"""Engine speed figures: the bot answers every click with these calls, so they must stay cheap.

Run ``.venv/bin/python benchmarks/bench_engine.py``. It prints medians and the targets; it is a
script, not a test, so a slow machine does not fail the suite.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.common.dice import SeededDice
from games.spexxx import SQUARES, Discard, Game, Hold, Place, SpexxxState, Throw, Thrown, Variant

ALLOWED_TARGET_US = 10.0
GAME_TARGET_MS = 3.0


def half_full_state(seed: int) -> SpexxxState:
    """A 4-player state with about half the 174 squares taken, mid-turn after one throw."""
    rng = random.Random(seed)
    state = SpexxxState.new(Variant.ADULT, 4, 0)
    free = list(SQUARES)
    rng.shuffle(free)
    for i, sq in enumerate(free[:87]):
        bit = 1 << sq.index
        state.owners[sq.index] = i % 4
        state.occupied |= bit
        state.own_masks[i % 4] |= bit
    return state


def bench_allowed(samples: int, rounds: int) -> float:
    """Median µs of ``allowed_squares()`` over random throws on half-full boards."""
    rng = random.Random(1)
    timings: list[float] = []
    for r in range(rounds):
        state = half_full_state(r)
        throws = [tuple(rng.randint(1, 6) for _ in range(5)) for _ in range(samples)]
        for dice in throws:
            state.throws = [dice]
            t0 = time.perf_counter_ns()
            state.allowed_squares()
            timings.append(time.perf_counter_ns() - t0)
    # perf_counter_ns overhead is included; subtract the empty-timer median for fairness.
    empty = []
    for _ in range(1000):
        t0 = time.perf_counter_ns()
        empty.append(time.perf_counter_ns() - t0)
    return (statistics.median(timings) - statistics.median(empty)) / 1000


def random_game(seed: int) -> Game:
    """One 4-player adult game (64 turns) played by a random policy through the public API."""
    policy = random.Random(seed)
    game = Game.new(4, SeededDice(seed))
    while True:
        actions = game.legal_actions()
        if not actions:
            return game
        first = actions[0]
        if len(actions) == 1:  # the opening Throw, or a forced Discard
            game.apply(first)
            continue
        if isinstance(first, Throw) and policy.random() < 0.6:
            holds = [a for a in actions if type(a) is Hold]
            game.apply(policy.choice(holds))
            game.apply(first)
            continue
        places = [a for a in actions if type(a) is Place]
        if places:
            game.apply(policy.choice(places))
        elif isinstance(first, Throw):  # nothing to place yet: try again rather than discard
            game.apply(first)
        else:
            game.apply(Discard(first.seat))


def bench_game(games: int) -> tuple[float, int]:
    timings = []
    turns = 0
    for seed in range(games):
        t0 = time.perf_counter()
        game = random_game(seed)
        timings.append(time.perf_counter() - t0)
        turns = len(game.state.history)
        assert game.state.finished
    return statistics.median(timings) * 1000, turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--throws", type=int, default=2000, help="throws per board")
    parser.add_argument("--boards", type=int, default=20)
    args = parser.parse_args()

    allowed_us = bench_allowed(args.throws, args.boards)
    game_ms, turns = bench_game(args.games)
    throws = sum(1 for e in random_game(0).events if isinstance(e, Thrown))
    report("allowed_squares (half-full board)", allowed_us, "µs", ALLOWED_TARGET_US)
    report(f"random 4-player game ({turns} turns, ~{throws} throws)", game_ms, "ms", GAME_TARGET_MS)


def report(label: str, value: float, unit: str, target: float) -> None:
    verdict = "OK" if value <= target else "SLOW"
    print(f"{label}: median {value:6.2f} {unit}   target ≤ {target:g} {unit}   {verdict}")


if __name__ == "__main__":
    main()
