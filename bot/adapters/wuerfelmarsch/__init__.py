"""Würfelmarsch on the platform (``/dasspiel new game:wuerfelmarsch``): turn screens, words and
pictures around ``games.das_spiel.wuerfelmarsch``."""

from bot.adapters.wuerfelmarsch.adapter import WuerfelmarschAdapter

ADAPTER = WuerfelmarschAdapter()

__all__ = ["ADAPTER", "WuerfelmarschAdapter"]
