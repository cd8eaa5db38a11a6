"""Eintrichtern on the platform (``/dasspiel new game:eintrichtern``): turn screens, words and
pictures around ``games.das_spiel.eintrichtern``, with the lifted sum shown for 8 s only."""

from bot.adapters.eintrichtern.adapter import EintrichternAdapter

ADAPTER = EintrichternAdapter()

__all__ = ["ADAPTER", "EintrichternAdapter"]
