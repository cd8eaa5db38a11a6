"""Words of the daily challenge: the spoiler-free share line, the day's board, streaks.

What a share line shows is chosen so that it gives nothing of the day away: the score, the par,
the streak and one square per turn for how many points that turn scored (never the dice,
squares, tiles or fields). Two attempts whose turns scored alike share the same line, whatever
their dice were.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from bot.core.text import safe_name
from locales import Translator

MAX_LISTED = 15  # the day's board lists at most this many players


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """One finished attempt of the day in this server."""

    user_id: int
    name: str
    score: int
    streak: int


def streak(days: Iterable[str], today: str) -> int:
    """Consecutive UTC days played, ending today (or yesterday, while today is still open)."""
    played = set(days)
    day = date.fromisoformat(today)
    if today not in played:
        day -= timedelta(days=1)
    count = 0
    while day.isoformat() in played:
        count += 1
        day -= timedelta(days=1)
    return count


def grid(marks: Sequence[str], per_row: int) -> str:
    """The turns' squares in rows, like Wordle's grid."""
    return "\n".join("".join(marks[i : i + per_row]) for i in range(0, len(marks), per_row))


def streak_text(t: Translator, days: int) -> str:
    return "🔥 " + t("{n} day in a row", "{n} days in a row", days)


def share_text(
    t: Translator,
    title: str,
    day: str,
    name: str,
    score: int,
    par: int,
    days: int,
    marks: Sequence[str],
    per_row: int,
) -> str:
    """The line posted in the channel when an attempt ends (public: the server's language)."""
    head = t(
        "📅 **{game} daily {day}** · {name}: **{score}** ({par}) · {streak}",
        game=title,
        day=day,
        name=safe_name(name),
        score=score,
        par=t("par {score}", score=par),
        streak=streak_text(t, days),
    )
    return f"{head}\n{grid(marks, per_row)}"


def board_text(t: Translator, title: str, day: str, entries: Sequence[BoardEntry], par: int) -> str:
    """The server's board of the day: finished attempts, best first, with each streak."""
    lines = [t("🏆 **{game} daily {day}** in this server:", game=title, day=day)]
    place = 0
    previous: int | None = None
    for index, entry in enumerate(entries[:MAX_LISTED]):
        if entry.score != previous:
            place, previous = index + 1, entry.score
        lines.append(
            f"{place}. {safe_name(entry.name)} · **{entry.score}** · {streak_text(t, entry.streak)}"
        )
    if len(entries) > MAX_LISTED:
        lines.append(t("…and {n} more.", n=len(entries) - MAX_LISTED))
    if not entries:
        lines.append(t("Nobody has finished today's challenge here yet."))
    lines.append("🤖 " + t("Par {score}: the hard computer's score on the same game.", score=par))
    return "\n".join(lines)
