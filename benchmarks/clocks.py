"""What the benchmarks share about time and figures: the ``--clock`` option of the AI benchmarks
(wall clock, or CPU time on a busy machine), the p99 of a sample, the cost of reading the timer,
and the confidence intervals of a win rate."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterable

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def add_clock_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        default="wall",
        help="time decisions by the wall clock, or by the CPU time of the process (steady on a "
        "busy machine)",
    )


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


def timer_overhead_ns() -> float:
    """The median cost of two ``perf_counter_ns`` calls, to subtract from tiny timings."""
    empty = []
    for _ in range(2000):
        t0 = time.perf_counter_ns()
        empty.append(time.perf_counter_ns() - t0)
    return statistics.median(empty)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate (``wins`` of ``n``)."""
    centre = (wins + z * z / 2) / (n + z * z)
    half = z * ((wins * (n - wins) / n + z * z / 4) ** 0.5) / (n + z * z)
    return centre - half, centre + half


def by_seed_interval(outcomes: Iterable[tuple[int, float]], z: float = 1.96) -> tuple[float, float]:
    """95 % interval of a win rate from ``(seed, won)`` pairs, one observation per seed: the
    games of one seed (the seats swapped) share its luck, so they are not independent."""
    by_seed: dict[int, list[float]] = {}
    for seed, won in outcomes:
        by_seed.setdefault(seed, []).append(won)
    means = [statistics.fmean(v) for v in by_seed.values()]
    m = statistics.fmean(means)
    half = z * statistics.stdev(means) / len(means) ** 0.5
    return max(0.0, m - half), min(1.0, m + half)
