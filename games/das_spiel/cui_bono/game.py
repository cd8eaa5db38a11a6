"""A Cui bono? game: state + action log, the object the bot, the AIs and replay use.

``CuiBono.new(players, seed)`` or ``CuiBono(state)``; ``legal_actions()``; ``apply(action)`` →
``Result`` (refusals raise and change nothing, GEN-6); ``view(seat)`` is what a seat may see
(§3.4, §7.4: every exposed die, never an interior one). It is also the replay engine of
``games.das_spiel.record`` (``from_record``, ``apply_record_event``, ``standings`` …) and exports
its own record (``to_record``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from games.common.errors import NotInGame
from games.das_spiel import decisions as d
from games.das_spiel.cui_bono.state import (
    Action,
    CuiState,
    Keep,
    Pull,
    Put,
    Result,
    public,
)
from games.das_spiel.engine import LoggedGame
from games.das_spiel.pyramid import Colour, Pyramid
from games.das_spiel.record import Record
from games.das_spiel.setup import full_pyramid

__all__ = ["GAME", "CuiBono", "from_record"]

GAME = "cui-bono"


class CuiBono(LoggedGame[CuiState, Action, Result]):
    GAME = GAME
    EVENTS = MappingProxyType({"pull": Pull, "put": Put, "keep": Keep})

    def __init__(
        self, state: CuiState, *, seed: int | None = None, setup: Pyramid | None = None
    ) -> None:
        self.state = state
        self.seed = seed  # the set-up for export: a seed, else the dice of ``setup``
        self.setup = setup if setup is not None else state.pyramid
        self.log: list[Action] = []

    @classmethod
    def new(
        cls,
        seats: int,
        seed: int,
        *,
        start_seat: int = d.START_SEAT_DEFAULT,
        penalty: Mapping[str, int] = d.CUI_PENALTY,
        quiet_turns: int = d.CUI_QUIET_TURNS,
    ) -> CuiBono:
        """A game on the full random pyramid of ``seed`` (§3.2)."""
        pyramid = full_pyramid(seed)
        state = CuiState(
            pyramid, seats, start_seat=start_seat, penalty=penalty, quiet_turns=quiet_turns
        )
        return cls(state, seed=seed)

    # ---------------------------------------------------------------- playing

    @property
    def provisional(self) -> bool:
        """Played under the reconstructed default penalties (CUI-1): label it provisional."""
        default = {Colour(k): v for k, v in d.CUI_PENALTY.items()}
        return d.CUI_PENALTY_PROVISIONAL and self.state.penalty == default

    def view(self, seat: int | None = None) -> CuiState:
        """What ``seat`` (or an onlooker, ``None``) may see: the state with every interior die
        (no exposed face) blanked out of the pyramid; it still counts as present. Everything else
        is public, so every seat sees the same. The rule predicates of ``state`` work on it."""
        if seat is not None and not 0 <= seat < self.state.seats:
            raise NotInGame(f"there is no seat {seat}")
        out = self.state.copy()
        out.pyramid = public(out.pyramid)
        return out

    # ------------------------------------------------------------- replayable

    @classmethod
    def from_record(cls, record: Record) -> CuiBono:
        pyramid = record.pyramid()
        assert pyramid is not None  # the record's shape check requires a set-up
        state = CuiState(
            pyramid,
            len(record.players),
            start_seat=record.start_seat,
            penalty=record.options["cui_penalty"],
            quiet_turns=record.options["quiet_turns"],
        )
        return cls(state, seed=record.seed, setup=pyramid)

    def standings(self) -> list[dict[str, Any]]:
        s = self.state
        return [
            {
                "seat": seat,
                "minus_points": s.minus_points(seat),
                "dice": len(s.kept[seat]),
                "kept": "".join(c.value for c in s.kept[seat]),
            }
            for seat in range(s.seats)
        ]

    def to_record(self, players: list[str]) -> dict[str, Any]:
        """The game's record (RECORD-FORMAT.md); export it only once the game has ended: it
        holds the whole set-up, the interior too (§3.4)."""
        if len(players) != self.state.seats:
            raise ValueError(f"{self.state.seats} players, not {len(players)}")
        s = self.state
        options = {
            "cui_penalty": {c.value: v for c, v in s.penalty.items()},
            "quiet_turns": s.quiet_turns,
        }
        return self.record(players, seed=self.seed, setup=self.setup, options=options)


from_record = CuiBono.from_record  # the registry's factory
