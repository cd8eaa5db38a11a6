"""The daily challenge: how long the day's par takes (the hard computer playing the day's game
to its end, once a day per process, off the event loop), and how it compares with simple
play, over many days.

Run ``.venv/bin/python benchmarks/bench_daily.py [--days N] [--clock cpu]``. Prints, per game,
the par's CPU or wall time (median, max) and the par scores against a player who takes the
first square or tile offered (the policy the SimCord tests play). A script, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.clocks import CLOCKS, add_clock_option
from bot.adapters.spectrangle.daily import DAILY as SPECTRANGLE
from bot.adapters.spexxx.daily import DAILY as SPEXXX
from bot.contract.daily import DailyRules


def first_choice(rules: DailyRules, day: str) -> int:
    """The day's game played by always taking the first legal action."""
    game = rules.game(day)
    while True:
        actions = game.legal_actions()
        if not actions:
            return rules.score(game)
        game.apply(actions[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--days", type=int, default=60)
    add_clock_option(parser)
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    first = date(2026, 11, 27)
    days = [(first + timedelta(days=i)).isoformat() for i in range(args.days)]
    for name, rules in (("Spexxx", SPEXXX), ("Spectrangle", SPECTRANGLE)):
        times, pars, simple = [], [], []
        for day in days:
            start = clock()
            par = rules.score(rules.par(day))
            times.append((clock() - start) * 1000)
            pars.append(par)
            simple.append(first_choice(rules, day))
        print(
            f"{name}: par over {len(days)} days ({args.clock} ms): median "
            f"{statistics.median(times):.1f}, max {max(times):.1f}; "
            f"par scores median {statistics.median(pars):.0f} ({min(pars)}–{max(pars)}), "
            f"first-choice play median {statistics.median(simple):.0f}"
        )


if __name__ == "__main__":
    main()
