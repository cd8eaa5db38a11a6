"""A game told for people, for ``export``: who played, how it ended, and turn by turn the words
the bot posted for each turn, in the reader's language.

The turns are the game's replay steps (``bot.contract.replay_steps``: a turn, a live game's
round, a Das Spiel action and what followed it without a choice), each told as the replay
viewer tells it (``bot.core.replays.told``: the game's own ``result_view``, and who resigned),
as the bot told it when it was played. A game without the replay capability
is told without its turns.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass
from typing import Any

from bot.contract.adapter import GameAdapter
from bot.contract.capabilities import replays
from bot.contract.models import GameRow, Status
from bot.core import text
from bot.core.replays import told
from locales import Translator

MESSAGE_LIMIT = 2000  # characters of a Discord message's content
ESCAPED = re.compile(r"\\([*_`~|>\\])")  # discord.utils.escape_markdown's escapes


@dataclass(frozen=True, slots=True)
class Account:
    """``head``: the game, players and result; ``turns``: one entry per turn told."""

    head: str
    turns: tuple[str, ...]

    def message(self, t: Translator, footer: str, limit: int = MESSAGE_LIMIT) -> tuple[str, bool]:
        """The account as one message of at most ``limit`` characters ending with ``footer``,
        and whether every turn is in it (if not, it says the whole account is in the text
        file attached)."""
        if self.turns:
            whole = "\n".join([self.head, t("Turn by turn:"), *self.turns, footer])
            if len(whole) <= limit:
                return whole, True
            note = t(
                "{n} turns: the whole account, turn by turn, is in the text file attached.",
                n=len(self.turns),
            )
            tail = f"{note}\n{footer}"
            return cut_to(self.head, limit - len(tail) - 1) + "\n" + tail, False
        return cut_to(self.head, limit - len(footer) - 1) + "\n" + footer, True

    def full_text(self, t: Translator) -> str:
        """Every turn, for the text file (no markdown: read in any editor)."""
        plain = [self.head, "", t("Turn by turn:"), *self.turns]
        return "\n".join(unmark(line) for line in plain) + "\n"


def unmark(line: str) -> str:
    """A line without Discord's markdown: bold marks and the escapes that kept names plain."""
    return ESCAPED.sub(r"\1", line.replace("**", ""))


def cut_to(words: str, limit: int) -> str:
    return words if len(words) <= limit else words[: limit - 1] + "…"


def account(t: Translator, game: GameAdapter[Any], row: GameRow, status_name: str) -> Account:
    """``row``: the game with its whole log loaded; ``status_name``: its status in words."""
    assert row.game is not None and not row.log_start, "an account needs the whole log"
    players = ", ".join(
        text.seat_label(t, row, seat, game.info.seat_marks)
        + (" " + t("(resigned)") if gone else "")
        for seat, gone in enumerate(game.resigned(row.game))
    )
    told = tuple(turn_lines(t, game, row))
    counted = " · " + t("{n} turn", "{n} turns", len(told)) if told else ""
    lines = [
        f"**{game.info.title} #{row.id}** · {status_name}{counted}",
        t("Players: {players}", players=players),
        result_text(t, game, row),
    ]
    return Account("\n".join(lines), told)


def result_text(t: Translator, game: GameAdapter[Any], row: GameRow) -> str:
    """How the game ended, as its final message said it; a game still under way or
    cancelled says so."""
    if row.status is Status.FINISHED and game.finished(row.game):
        return t("Result:") + "\n" + game.final_view(t, row).content
    if row.status is Status.CANCELLED:
        return t("Cancelled before the end.")
    return t("Still under way: turn {n}.", n=game.turn_number(row.game))


def turn_lines(t: Translator, game: GameAdapter[Any], row: GameRow) -> list[str]:
    """What the bot said of each step, numbered. A game not over yet (running, cancelled)
    leaves out its last step when that turn had not ended."""
    offered = replays(game)
    if offered is None:
        return []
    setup, _ = game.codec.dump(row.game)
    states = offered.replay_steps(setup, game.codec.events(row.game))
    steps = [dataclasses.replace(row, game=state, status=Status.RUNNING) for state in states]
    unfinished = not game.finished(row.game) and len(steps) > 1
    if unfinished and game.turn_number(steps[-1].game) == game.turn_number(steps[-2].game):
        steps.pop()
    lines = []
    for number, (before, step) in enumerate(itertools.pairwise(steps), start=1):
        words = told(t, game, before, step, start=number == 1).replace("\n", "\n    ")
        lines.append(f"**{number}.** {words}")
    return lines
