"""How a game is stored and recorded: one ``Codec`` object per game (its ``codec``).

The platform saves a game as its setup and state (JSON objects; a click loads the state, never
replays) plus its event log (one JSON object per event), and rebuilds it from setup and log to
check it, count statistics and export its record. Like python-chess's ``pgn`` module beside
its ``Board``, this is apart from the rules and from what the players are shown.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from bot.contract.models import GameRow

G = TypeVar("G")  # the engine's game object


class Codec(ABC, Generic[G]):
    """A game's stored form and record."""

    @abstractmethod
    def dump(self, game: G) -> tuple[dict[str, Any], dict[str, Any]]:
        """(setup, state) as JSON objects."""

    @abstractmethod
    def load(self, setup: Any, state: Any) -> G:
        """The game from its stored setup and state; raise on anything malformed."""

    @abstractmethod
    def replay(self, setup: Any, events: Sequence[Any]) -> G:
        """The game rebuilt from its setup and decoded events (checks, statistics)."""

    @abstractmethod
    def event_to_dict(self, event: Any) -> dict[str, Any]: ...

    @abstractmethod
    def event_from_dict(self, data: Any) -> Any: ...

    @abstractmethod
    def export(self, row: GameRow) -> tuple[bytes, str]:
        """The record (the game's whole log loaded) as file bytes, and its format name."""

    def same_state(self, a: G, b: G) -> bool:
        """Whether two games are in the same state (a stored one and its replay): by default,
        whether they store the same."""
        return self.dump(a) == self.dump(b)

    def events(self, game: G) -> list[Any]:
        """The events applied since the game was made or loaded (the log's new tail)."""
        return game.events  # type: ignore[attr-defined,no-any-return]
