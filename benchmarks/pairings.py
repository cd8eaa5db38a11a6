"""What the AI benchmarks of the three-player Das Spiel games share: one player of a better level
against two of a simpler one, who sits where in game ``k``, and the closing report (decision
times per level, the issue's targets)."""

from __future__ import annotations

import statistics

from benchmarks.clocks import p99
from games.common.ai import Level

WIN_TARGET = 0.70  # issue 14: the better level wins at least 70 % of the games
MEDIAN_TARGET_MS = 100.0  # issue 14: a decision takes at most 100 ms (median)


def seating(k: int, better: Level, simpler: Level) -> tuple[int, int, list[Level]]:
    """Game ``k``: the better player's seat ``k mod 3``, the start seat ``(k div 3) mod 3`` and
    each seat's level, so every seat and every start seat come equally often."""
    seat = k % 3
    levels = [simpler] * 3
    levels[seat] = better
    return seat, (k // 3) % 3, levels


def print_times(times: dict[Level, list[float]], clock: str, label: str = "") -> None:
    """Decision time per level: median, p99 and max."""
    for level in Level:
        t = times[level]
        if len(t) > 1:
            print(
                f"{level.value:>6} decision time{label} ({clock}): median "
                f"{statistics.median(t):6.2f} ms, p99 {p99(t):7.2f} ms, max {max(t):7.2f} ms "
                f"({len(t)} decisions)"
            )


def print_targets(
    shares: dict[tuple[Level, Level], float], times: dict[Level, list[float]]
) -> None:
    """Each pairing's share against the 70 % target, and the decision median against 100 ms."""
    for (better, simpler), share in shares.items():
        verdict = "ok" if share >= WIN_TARGET else "MISSED"
        print(f"target: {better.value} beats 2 × {simpler.value} >= {WIN_TARGET:.0%}: "
              f"{share:.1%} {verdict}")  # fmt: skip
    slow = [
        lv.value for lv in Level if times[lv] and statistics.median(times[lv]) > MEDIAN_TARGET_MS
    ]
    print(f"target: decision median <= {MEDIAN_TARGET_MS:.0f} ms:", "MISSED " + ", ".join(slow)
          if slow else "ok")  # fmt: skip
