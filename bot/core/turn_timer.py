"""The turn timers a game may have, and their names: plain data, for the flow and the edge."""

from __future__ import annotations

from locales import N_, Translator

TIMER_CHOICES: tuple[tuple[str, int], ...] = (
    (N_("no timer"), 0),
    (N_("2 minutes"), 120),
    (N_("5 minutes"), 300),
    (N_("15 minutes"), 900),
    (N_("1 hour"), 3600),
    (N_("12 hours"), 12 * 3600),
    (N_("1 day"), 86400),
    (N_("3 days"), 3 * 86400),
    (N_("7 days"), 7 * 86400),
)


def timer_text(t: Translator, seconds: int) -> str:
    for label, value in TIMER_CHOICES:
        if value == seconds:
            return t(label)
    return f"{seconds} s"
