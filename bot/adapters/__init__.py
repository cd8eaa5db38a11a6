"""The games the bot offers: every module or package here with an ``ADAPTER`` is one game.

Adding a game is adding a module here (and its ``games/`` and ``renderers/`` packages); nothing
in the platform lists games. They are found once, on first use, in module-name order.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from bot.contract.adapter import GameAdapter


@functools.cache
def adapters() -> Mapping[str, GameAdapter[Any]]:
    """Every game's adapter by kind (read-only)."""
    found: dict[str, GameAdapter[Any]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        adapter = getattr(module, "ADAPTER", None)
        if isinstance(adapter, GameAdapter):
            if adapter.kind in found:
                raise RuntimeError(f"two games of kind {adapter.kind!r}")
            found[adapter.kind] = adapter
    return MappingProxyType(found)


def adapter_for(kind: str) -> GameAdapter[Any]:
    """The adapter of a stored game's kind; a kind no adapter claims is a bug or an old bot."""
    try:
        return adapters()[kind]
    except KeyError:
        raise LookupError(f"no game of kind {kind!r} is installed") from None


def by_code(code: str) -> GameAdapter[Any] | None:
    """The adapter whose custom_id code this is (``spx`` for Spexxx)."""
    return next((a for a in adapters().values() if a.code == code), None)
