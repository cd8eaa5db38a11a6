"""Words the platform posts for every game: names made safe for chat, seats, standings.

Every function that produces words takes the translator ``t`` of the language to write in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.contract.models import GameRow
from locales import N_, Translator

if TYPE_CHECKING:
    from bot.contract.adapter import GameAdapter

MAX_NAME = 32
AI_LEVEL_LABELS: dict[str, str] = {
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
}
# Every game marks a seat in chat the same way: a circle in the colour its pictures give the
# seat (the pictures' seat colours by name). No emoji circle is pink or cyan: the nearest stand.
SEAT_CIRCLES: dict[str, str] = {
    "black": "⚫",
    "white": "⚪",
    "pearl": "⚪",
    "red": "🔴",
    "pink": "🔴",
    "orange": "🟠",
    "yellow": "🟡",
    "green": "🟢",
    "blue": "🔵",
    "cyan": "🔵",
    "purple": "🟣",
    "brown": "🟤",
}


def seat_circles(colour_names: Sequence[str]) -> tuple[str, ...]:
    """A game's chat seat markers from its pictures' seat colour names."""
    return tuple(SEAT_CIRCLES[name] for name in colour_names)


def safe_name(name: str, limit: int = MAX_NAME) -> str:
    """A display name that can neither ping nor format text, cut to ``limit`` characters."""
    name = " ".join(name.split()) or "player"
    if len(name) > limit:
        name = name[: limit - 1] + "…"
    return discord.utils.escape_markdown(discord.utils.escape_mentions(name))


def player_name(t: Translator, row: GameRow, seat: int) -> str:
    """A seat's name, raw: a person's display name, or a computer's in the language of ``t``.

    Computers are named by level, and numbered in seat order when the game has more than one
    ("CPU 2 · hard"): short, with what tells them apart first, so no picture has to cut the
    difference off. Derived each time they are shown (never the stored name), so their names
    follow the server's language and games stored with older names load unchanged.
    """
    player = row.players[seat]
    if not player.is_ai:
        return player.name
    level = t(AI_LEVEL_LABELS.get(player.ai or "", player.ai or ""))
    computers = [p.is_ai for p in row.players]
    if computers.count(True) == 1:
        return t("CPU · {level}", level=level)
    return t("CPU {n} · {level}", n=computers[:seat].count(True) + 1, level=level)


def player_names(t: Translator, row: GameRow) -> list[str]:
    return [player_name(t, row, seat) for seat in range(len(row.players))]


def seat_label(t: Translator, row: GameRow, seat: int, marks: Sequence[str]) -> str:
    """The seat's colour mark (``marks``: its game's, as in the pictures) and its safe name."""
    return f"{marks[seat % len(marks)]} {safe_name(player_name(t, row, seat))}"


def standings(t: Translator, game: GameAdapter[Any], row: GameRow) -> str:
    """Final places by points, resigned seats marked; a winner's line says why they won.
    A solo game (the daily challenge) has one line, its score: no place, no win."""
    scores = game.scores(row.game)
    resigned = game.resigned(row.game)
    solo = len(scores) == 1
    winners = set() if solo else set(game.winners(row.game))
    order = sorted(range(len(scores)), key=lambda s: (resigned[s], -scores[s], s))
    lines = []
    for place, seat in enumerate(order, start=1):
        why = f"🏆 {most_points(t, scores, seat)} · " if seat in winners else ""
        note = " " + t("(resigned)") if resigned[seat] else ""
        points = t("{n} point", "{n} points", scores[seat])
        rank = "" if solo else f"{place}. "
        lines.append(
            f"{rank}{seat_label(t, row, seat, game.info.seat_marks)} — {why}**{points}**{note}"
        )
    return "\n".join(lines)


def most_points(t: Translator, scores: Sequence[int], seat: int) -> str:
    """Why a winner won on points: the most, or the most of those who did not resign."""
    if scores[seat] >= max(scores):
        return t("most points")
    return t("most points of those who did not resign")
