"""The buttons a finished game's results carry, composed from every feature that adds one.

A finished game's final standings (in its thread) and its lobby message (in the channel, once it
says how the game ended) show one row of buttons: **Play again** (``bot.flow.play_again``),
**Replay** … Each feature registers a part: a function from the reader's translator and the
finished game to its buttons, and the ``custom_id`` prefix its buttons start with (so a posted
results message is still recognised as the game's, with its buttons, see ``only_results``).
Discord lays out up to 5 buttons per row; more than 25 in all is a bug.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.contract.models import GameRow, Status
from locales import Translator

ResultItems = Callable[[Translator, GameRow], Sequence[discord.ui.Item[Any]]]
"""A feature's buttons on a finished game's results, in the language of ``t``."""

MAX_ITEMS = 25  # 5 rows of 5 buttons: Discord's limit of one message


class ResultsControls:
    """The registered parts, in the order they were added: their buttons fill rows of 5."""

    def __init__(self) -> None:
        self._parts: list[tuple[ResultItems, str]] = []

    def add(self, part: ResultItems, prefix: str) -> None:
        """``part``'s buttons go on every finished game's results; their ids start ``prefix``."""
        self._parts.append((part, prefix))

    def view(self, t: Translator, row: GameRow) -> discord.ui.View | None:
        """The results' buttons for a finished game (None when no part gives any, or the game
        did not finish: a cancelled game has no results)."""
        if row.status is not Status.FINISHED:
            return None
        items = [item for part, _prefix in self._parts for item in part(t, row)]
        if not items:
            return None
        if len(items) > MAX_ITEMS:
            raise ValueError(f"{len(items)} buttons on a game's results, Discord allows 25")
        view = discord.ui.View(timeout=None)
        for item in items:
            view.add_item(item)
        view.stop()  # found again by their ids (DynamicItem): the view need not be kept
        return view

    def only_results(self, message: discord.Message) -> bool:
        """Whether a message carries no components but the results' own (a final standings
        message looked for again after Discord made it unseen)."""
        prefixes = tuple(prefix for _part, prefix in self._parts)
        return all(
            (getattr(item, "custom_id", None) or "").startswith(prefixes) and bool(prefixes)
            for action_row in message.components
            for item in getattr(action_row, "children", ())
        )
