"""Bunte Kuh on the platform (``/dasspiel new game:buntekuh``): live rounds, words and pictures
around ``games.das_spiel.bunte_kuh``."""

from bot.adapters.bunte_kuh.adapter import BunteKuhAdapter

ADAPTER = BunteKuhAdapter()

__all__ = ["ADAPTER", "BunteKuhAdapter"]
