"""The turn screen a Spectrangle player is on, beyond the plain board."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Screen:
    """A chosen tile (a code of the hand) and the rotation whose fields are offered."""

    tile: str
    rotation: int
