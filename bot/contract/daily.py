"""What the daily challenge needs of a game besides its adapter: pure functions of the day.

A game with a daily challenge exports ``DAILY`` (a ``DailyRules``) beside its ``ADAPTER``; the
platform plays the day's game through the adapter's usual controls and pictures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class DailyRules:
    """``game(day)``: the day's game (``day`` a UTC date, ``YYYY-MM-DD``), the same everywhere;
    ``par(day)``: that game played to its end by the hard computer (deterministic);
    ``score(game)``: the solo player's final score; ``marks(game)``: one emoji square per turn
    played, saying how it scored and nothing of the day's dice or tiles (the share line's grid,
    ``per_row`` to a row); ``hidden``: the adapter's control actions the daily leaves out (the
    hint: the par player's advice)."""

    game: Callable[[str], Any]
    par: Callable[[str], Any]
    score: Callable[[Any], int]
    marks: Callable[[Any], Sequence[str]]
    per_row: int = 8
    hidden: frozenset[str] = frozenset({"hint"})
