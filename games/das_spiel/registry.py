"""Which engine replays which game: one line per game.

Each entry maps a record's ``game`` name to ``"module:factory"``, a callable
``(Record) -> Replayable`` (see ``games.das_spiel.record``). Imports happen on first use, so the
core never imports the games (no cycles) and a game without an engine yet is a clear refusal
rather than an import error. Adding a game is adding its line here.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import MappingProxyType

from games.common.errors import RecordError
from games.das_spiel.record import EngineFactory

ENGINES: Mapping[str, str] = MappingProxyType(
    {
        "abquetschen": "games.das_spiel.abquetschen:from_record",
        "bunte-kuh": "games.das_spiel.bunte_kuh:from_record",
        "cui-bono": "games.das_spiel.cui_bono:from_record",
        "eintrichtern": "games.das_spiel.eintrichtern:from_record",
        "raffzahn": "games.das_spiel.raffzahn:from_record",
        "wuerfelmarsch": "games.das_spiel.wuerfelmarsch:from_record",
    }
)


def engine_factory(game: str, engines: Mapping[str, str] | None = None) -> EngineFactory:
    """The registered factory of ``game``; ``RecordError`` if it has no engine yet."""
    target = (ENGINES if engines is None else engines).get(game)
    if target is None:
        raise RecordError(f"{game} cannot be replayed yet: no engine is registered for it")
    module, _, name = target.partition(":")
    factory: EngineFactory = getattr(import_module(module), name)
    return factory
