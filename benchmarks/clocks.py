"""The ``--clock`` option of the AI benchmarks: wall clock, or CPU time on a busy machine."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def add_clock_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        default="wall",
        help="time decisions by the wall clock, or by the CPU time of the process (steady on a "
        "busy machine)",
    )
