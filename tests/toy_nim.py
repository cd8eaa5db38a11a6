"""Nim, the smallest complete game on the platform (docs/developing.md shows this file whole,
and the contract test plays it as it plays every registered game).

2–4 players take 1, 2 or 3 sticks in turn from one pile of 15; whoever takes the last stick
wins. A computer leaves the next player a multiple of 4 when it can.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from bot.contract.adapter import Button, Click, Controls, GameAdapter, Move, Outcome, TurnView
from bot.contract.capabilities import ComputerPlayers
from bot.contract.codec import Codec
from bot.contract.info import Capability, GameInfo
from bot.contract.models import GameRow
from bot.contract.refusals import Refusal
from games.common.actions import Resign
from games.common.errors import IllegalAction
from locales import Translator


@dataclass(slots=True)
class Nim:
    """The engine: the pile, who takes next, and the events of this load."""

    resigned: list[bool]
    sticks: int = 15
    on: int = 0  # the seat that takes next
    turns: int = 0
    winner: int | None = None
    events: list[Any] = field(default_factory=list)

    def play(self, event: Any) -> None:
        """``Resign(seat)`` or ``("take", seat, n)``; a refused one changes nothing."""
        if isinstance(event, Resign):
            self.resigned[event.seat] = True
        else:
            _, seat, n = event
            if self.winner is not None or seat != self.on or not 1 <= n <= min(3, self.sticks):
                raise IllegalAction(f"seat {seat} may not take {n}")
            self.sticks -= n
            self.turns += 1
        self.events.append(event)
        playing = [s for s, gone in enumerate(self.resigned) if not gone]
        if self.sticks == 0:
            self.winner = self.on
        elif len(playing) == 1:
            self.winner = playing[0]
        elif self.resigned[self.on] or not isinstance(event, Resign):
            self.on = next((s for s in playing if s > self.on), playing[0])


class NimCodec(Codec[Nim]):
    def dump(self, game: Nim) -> tuple[dict[str, Any], dict[str, Any]]:
        state = {k: v for k, v in asdict(game).items() if k != "events"}
        return {"seats": len(game.resigned)}, state

    def load(self, setup: Any, state: Any) -> Nim:
        return Nim(**state)

    def replay(self, setup: Any, events: Sequence[Any]) -> Nim:
        game = Nim([False] * int(setup["seats"]))
        for event in events:
            game.play(event)
        return game

    def event_to_dict(self, event: Any) -> dict[str, Any]:
        if isinstance(event, Resign):
            return {"type": "resign", "seat": event.seat}
        return {"type": "take", "seat": event[1], "n": event[2]}

    def event_from_dict(self, data: Any) -> Any:
        if data["type"] == "resign":
            return Resign(int(data["seat"]))
        return ("take", int(data["seat"]), int(data["n"]))

    def export(self, row: GameRow) -> tuple[bytes, str]:
        events = [self.event_to_dict(e) for e in row.game.events]
        return json.dumps({"players": row.names, "events": events}).encode(), "nim/1"


class NimAdapter(GameAdapter[Nim], ComputerPlayers):
    info = GameInfo(
        kind="nim",
        code="nim",
        title="Nim",
        group="nim",
        group_description="Nim: take the last stick",
        min_seats=2,
        max_seats=4,
        seat_marks=("🔴", "🔵", "🟢", "🟡"),
        capabilities=frozenset({Capability.COMPUTERS}),
        rules="Take 1, 2 or 3 sticks in turn; whoever takes the last stick wins.",
    )
    codec = NimCodec()

    def new_game(self, seats: int, options: Mapping[str, str], chance: Any) -> Nim:
        return Nim([False] * seats)

    def apply(self, game: Nim, action: Any, chance: Any) -> None:
        game.play(action)

    def current(self, game: Nim) -> int | None:
        return game.on if game.winner is None else None

    def resigned(self, game: Nim) -> Sequence[bool]:
        return game.resigned

    def scores(self, game: Nim) -> Sequence[int]:
        return [int(seat == game.winner) for seat in range(len(game.resigned))]

    def turn_number(self, game: Nim) -> int:
        return max(1, game.turns) if game.winner is not None else game.turns + 1

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        game: Nim = row.game
        player = row.players[game.on]
        words = f"Nim #{row.id}: {game.sticks} sticks left; {player.name} takes."
        if player.is_ai:
            return TurnView(words)
        take = tuple(Button("take", (str(n),), str(n)) for n in range(1, min(3, game.sticks) + 1))
        return TurnView(words, Controls((take,)))

    def turn_result(self, t: Translator, row: GameRow) -> str:
        return f"Nim #{row.id}: {row.game.sticks} sticks left."

    def final_view(self, t: Translator, row: GameRow) -> TurnView:
        return TurnView(f"{row.players[row.game.winner].name} took the last stick.")

    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        if click.action != "take" or click.args not in {("1",), ("2",), ("3",)}:
            raise Refusal("That move is not allowed now.")
        return Outcome(action=("take", seat, int(click.args[0])))

    def computer_move(self, game: Nim, seat: int, level: str, seed: str) -> Move:
        return Move(("take", seat, game.sticks % 4 or 1))


NIM = NimAdapter()
