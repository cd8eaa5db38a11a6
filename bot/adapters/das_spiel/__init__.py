"""What the Das Spiel games share on the platform (no ``ADAPTER`` here: each game is its own
adapter, ``bot/adapters/abquetschen``, ``bot/adapters/cui_bono`` …, in the ``/dasspiel`` group).

- ``table``: ``Table``, the game object the platform stores (the engine's game, the platform's
  event log, resignations, the turn count, what the last action did) and ``DasSpielAdapter``,
  the engine glue every game shares (storage, replay, resigning, the end, stats places, export).
- ``pages``: long lists of choices cut into selects of at most 25 options.
- ``words``: chat words the games share (seats, labels, dice).
"""

from bot.adapters.das_spiel.table import DasSpielAdapter, Table, das_spiel_info
from bot.contract.info import Capability

__all__ = ["Capability", "DasSpielAdapter", "Table", "das_spiel_info"]
