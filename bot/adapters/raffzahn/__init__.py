"""Raffzahn on the platform (``/dasspiel new game:raffzahn``): the public round message, each
seat's private panel and the race computers around ``games.das_spiel.raffzahn``."""

from bot.adapters.raffzahn.adapter import RaffzahnAdapter

ADAPTER = RaffzahnAdapter()

__all__ = ["ADAPTER", "RaffzahnAdapter"]
