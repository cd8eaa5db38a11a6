"""Actions every game has."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Resign:
    """A player leaves a running game. No game's rules have it: each state's ``apply`` says
    what it means there (pieces stay on the board, the player cannot win)."""

    seat: int
