"""The games one bot offers, as an object built at start and passed to what needs a game.

Nothing in the platform looks a game up in a module global: the client builds a ``Registry``
of the installed adapters (``bot.adapters.installed``) and gives it to the flow and the store;
a test installs a toy game by building a registry that holds it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from bot.contract.adapter import GameAdapter
from bot.contract.capabilities import check_game


class Registry(Mapping[str, GameAdapter[Any]]):
    """Every game's adapter by kind (read-only), found by its custom_id code too."""

    def __init__(self, games: Iterable[GameAdapter[Any]]) -> None:
        by_kind: dict[str, GameAdapter[Any]] = {}
        by_code: dict[str, GameAdapter[Any]] = {}
        for game in games:
            check_game(game)  # it offers exactly the capabilities it declares
            info = game.info
            if info.kind in by_kind:
                raise ValueError(f"two games of kind {info.kind!r}")
            if info.code in by_code:
                raise ValueError(f"two games with the custom_id code {info.code!r}")
            by_kind[info.kind] = by_code[info.code] = game
        self._by_kind = by_kind
        self._by_code = by_code

    def __getitem__(self, kind: str) -> GameAdapter[Any]:
        """The adapter of a stored game's kind; a kind no adapter claims is a bug or an old
        bot (``KeyError``, a ``LookupError``)."""
        try:
            return self._by_kind[kind]
        except KeyError:
            raise KeyError(f"no game of kind {kind!r} is installed") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_kind)

    def __len__(self) -> int:
        return len(self._by_kind)

    def by_code(self, code: str) -> GameAdapter[Any] | None:
        """The adapter whose custom_id code this is (``spx`` for Spexxx)."""
        return self._by_code.get(code)

    def with_games(self, *games: GameAdapter[Any]) -> Registry:
        """A new registry with these games added (a test's toy game)."""
        return Registry([*self.values(), *games])
