"""Cui bono? on the platform (``/dasspiel new game:cuibono``): turn screens, words and pictures
around ``games.das_spiel.cui_bono``."""

from bot.adapters.cui_bono.adapter import CuiBonoAdapter

ADAPTER = CuiBonoAdapter()

__all__ = ["ADAPTER", "CuiBonoAdapter"]
