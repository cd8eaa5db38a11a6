"""What the render benchmarks share: timing a render + encode, and printing the figures table."""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable, Sequence

from PIL import Image

Render = Callable[[], bytes]


def measure(
    fn: Render, runs: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, float, bytes]:
    """Median and p99 in ms of ``runs`` calls, after one call that warms the caches; ``clock``
    may be ``time.process_time`` on a busy machine (see ``benchmarks.clocks``)."""
    out = fn()
    times = []
    for _ in range(runs):
        start = clock()
        out = fn()
        times.append((clock() - start) * 1000)
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.99) - 1)], out


def cold_render(played_since: float, fn: Render) -> None:
    """Print how long the sample games took and the first render, with every cache cold."""
    start = time.perf_counter()
    fn()
    cold = (time.perf_counter() - start) * 1000
    print(
        f"games played in {(start - played_since) * 1000:.0f} ms; first render (cold caches) "
        f"{cold:.0f} ms"
    )


def report(
    cases: Sequence[tuple[str, Render, int]], clock: Callable[[], float] = time.perf_counter
) -> None:
    """One row per (label, render, runs): median, p99, PNG size (1 KB = 1000 bytes), pixels."""
    print(f"{'image':<30} {'median ms':>10} {'p99 ms':>8} {'PNG KB':>8}  size")
    for label, fn, runs in cases:
        median, p99, png = measure(fn, runs, clock)
        width, height = Image.open(io.BytesIO(png)).size
        print(f"{label:<30} {median:>10.1f} {p99:>8.1f} {len(png) / 1000:>8.1f}  {width}×{height}")
