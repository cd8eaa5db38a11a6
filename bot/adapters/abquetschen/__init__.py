"""Abquetschen on the platform (``/dasspiel new game:abquetschen``): turn screens, words and
pictures around ``games.das_spiel.abquetschen``."""

from bot.adapters.abquetschen.adapter import AbquetschenAdapter, Lay, Screen

ADAPTER = AbquetschenAdapter()

__all__ = ["ADAPTER", "AbquetschenAdapter", "Lay", "Screen"]
