"""The games the bot offers: every module or package here with an ``ADAPTER`` is one game.

Adding a game is adding a module here (and its ``games/`` and ``renderers/`` packages); nothing
in the platform lists games. ``installed()`` finds them, in module-name order, for the client
to build its registry at start; nothing here keeps them.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from bot.contract.adapter import GameAdapter
from bot.core.registry import Registry


def installed() -> Registry:
    """A registry of every game's adapter found here."""
    found: list[GameAdapter[Any]] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        adapter = getattr(module, "ADAPTER", None)
        if isinstance(adapter, GameAdapter):
            found.append(adapter)
    return Registry(found)
