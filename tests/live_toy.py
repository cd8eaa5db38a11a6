"""A toy live game for the platform's live-round tests: it knows nothing of Das Spiel.

**Snap** (``/snap new``): rounds open one second after the last one ended; while a round is open
(10 s), every seat may press **Snap!**; the first press the bot received scores a point and ends
the round; nobody pressing ends it empty at its deadline. Computers press after a fixed reaction
(2 s, +1 s per seat). **Peek** opens a private panel (your points, and a Snap! button of its
own). Two points win. Times are ms since the game's ``epoch``, as in the Das Spiel race engines.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.adapters import installed
from bot.contract.adapter import Button, Click, Controls, GameAdapter, Outcome, Style, TurnView
from bot.contract.capabilities import LiveRounds
from bot.contract.codec import Codec
from bot.contract.info import Capability, GameInfo
from bot.contract.models import GameRow
from bot.contract.refusals import Refusal
from bot.core.registry import Registry
from locales import Translator

WINDOW_MS = 10_000
PAUSE_MS = 1_000
TARGET = 2


@dataclass(slots=True)
class Snap:
    seats: int
    epoch: float = 0.0
    now: int = 0  # ms of the last event
    rounds: int = 0  # rounds ended
    opened: int | None = None  # ms the open round opened
    ended: int = 0  # ms the last round ended
    points: list[int] = field(default_factory=list)
    resigned: list[bool] = field(default_factory=list)
    last: str = ""  # how the last round ended: "seat 1", "nobody"
    computers: tuple[int, ...] = ()  # seats a computer plays
    events: list[Any] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return max(self.points) >= TARGET or sum(not r for r in self.resigned) < 2

    def apply(self, event: tuple[Any, ...]) -> None:
        kind, t = event[0], event[-1]
        if t < self.now:
            raise ValueError(f"time went back: {t} after {self.now}")
        if kind == "open":
            assert self.opened is None and t >= self.ended + PAUSE_MS
            self.opened = t
        elif kind == "snap":
            if self.opened is None or t >= self.opened + WINDOW_MS:
                raise ValueError("no round is open")
            self.points[event[1]] += 1
            self.last, self.opened, self.ended = f"seat {event[1]}", None, t
            self.rounds += 1
        elif kind == "timeout":
            assert self.opened is not None and t >= self.opened + WINDOW_MS
            self.last, self.opened, self.ended = "nobody", None, t
            self.rounds += 1
        elif kind == "resign":
            self.resigned[event[1]] = True
        self.now = t
        self.events.append(event)


class SnapCodec(Codec[Snap]):
    """Snap's stored form: its whole state, and its events as lists."""

    def dump(self, game: Snap) -> tuple[dict[str, Any], dict[str, Any]]:
        state = {k: getattr(game, k) for k in Snap.__slots__ if k != "events"}
        return {"seats": game.seats, "epoch": game.epoch, "computers": game.computers}, state

    def load(self, setup: Any, state: Any) -> Snap:
        return Snap(**(state | {"computers": tuple(state["computers"])}))

    def replay(self, setup: Any, events: Sequence[Any]) -> Snap:
        seats = setup["seats"]
        game = Snap(seats, points=[0] * seats, resigned=[False] * seats, epoch=setup["epoch"])
        game.computers = tuple(setup["computers"])  # what ``started`` learnt
        for event in events:
            game.apply(tuple(event))
        return game

    def event_to_dict(self, event: Any) -> dict[str, Any]:
        return {"e": list(event)}

    def event_from_dict(self, data: Any) -> Any:
        return tuple(data["e"])

    def same_state(self, a: Snap, b: Snap) -> bool:
        return self.dump(a)[1] | {"epoch": 0} == self.dump(b)[1] | {"epoch": 0}

    def export(self, row: GameRow) -> tuple[bytes, str]:
        return json.dumps([list(e) for e in row.game.events]).encode(), "snap/1"


class SnapAdapter(GameAdapter[Snap], LiveRounds):
    info = GameInfo(
        kind="snap",
        code="snap",
        title="Snap",
        group="snap",
        group_description="Snap: a toy live game",
        min_seats=2,
        max_seats=4,
        seat_marks=("🔴", "🔵", "🟢", "🟡"),
        capabilities=frozenset({Capability.LIVE}),
        rules="Snap first.",
        redraw_panels=True,
    )
    codec = SnapCodec()

    def new_game(self, seats: int, options: Mapping[str, str], chance: Any) -> Snap:
        return Snap(seats, points=[0] * seats, resigned=[False] * seats)

    def started(self, row: GameRow, now: float) -> None:
        row.game.epoch = now
        row.game.computers = tuple(s for s, p in enumerate(row.players) if p.is_ai)

    def ms(self, game: Snap, when: float) -> int:
        return max(game.now, round((when - game.epoch) * 1000))

    def at(self, game: Snap, ms: int) -> float:
        return game.epoch + ms / 1000

    def apply(self, game: Snap, action: Any, chance: Any) -> None:
        if action[0] == "resign":
            action = (*action, game.now)
        game.apply(action)

    def current(self, game: Snap) -> int | None:
        return None if game.over else 0

    def finished(self, game: Snap) -> bool:
        return game.over

    def resigned(self, game: Snap) -> Sequence[bool]:
        return game.resigned

    def scores(self, game: Snap) -> Sequence[int]:
        return game.points

    def winners(self, game: Snap) -> Sequence[int]:
        best = max(game.points)
        return [s for s, p in enumerate(game.points) if p == best] if game.over else []

    def resign_action(self, seat: int) -> Any:
        return ("resign", seat)

    def ends_turn(self, action: Any) -> bool:
        return action[0] in ("snap", "timeout")

    def turn_number(self, game: Snap) -> int:
        return max(1, game.rounds) if game.over else game.rounds + 1

    # ------------------------------------------------------------------ live

    def reactions(self, row_or_game: Snap) -> dict[int, int]:
        """When each computer presses in the open round (ms)."""
        game = row_or_game
        if game.opened is None:
            return {}
        return {s: game.opened + 2000 + 1000 * s for s in game.computers}

    def live_due(self, game: Snap) -> float | None:
        if game.over:
            return None
        if game.opened is None:
            return self.at(game, game.ended + PAUSE_MS)
        return self.at(game, min([game.opened + WINDOW_MS, *self.reactions(game).values()]))

    def live_step(self, game: Snap, now: float) -> Any:
        if game.opened is None:
            return ("open", max(game.ended + PAUSE_MS, self.ms(game, now)))
        presses = sorted((t, s) for s, t in self.reactions(game).items())
        deadline = game.opened + WINDOW_MS
        if presses and presses[0][0] < deadline:
            return ("snap", presses[0][1], presses[0][0])
        return ("timeout", deadline)

    def check_click(self, row: GameRow, seat: int, click: Click) -> None:
        pass  # the round is in the arguments: checked in ``click``

    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        game: Snap = row.game
        if click.action == "peek":
            return Outcome(panel=True)
        if click.action != "snap" or click.args != (str(game.rounds),):
            if click.args and click.args[0] == str(game.rounds - 1) and game.last != "nobody":
                who = row.players[int(game.last.split()[1])].name
                raise Refusal(f"{who} snapped first")
            raise Refusal("This round is over.")
        if game.opened is None:
            raise Refusal("Wait for the round to open.")
        assert click.at is not None
        return Outcome(action=("snap", seat, self.ms(game, click.at)), panel=click.private)

    def panel_view(
        self, t: Translator, row: GameRow, seat: int, screen: Any = None
    ) -> TurnView | None:
        game: Snap = row.game
        snap = Button("snap", (str(game.rounds),), "Snap!", Style.PRIMARY)
        controls = Controls(((snap,),)) if game.opened is not None else None
        return TurnView(f"Your points: {game.points[seat]} (round {game.rounds + 1})", controls)

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        game: Snap = row.game
        n = game.rounds + 1
        if game.opened is None:
            return TurnView(f"Snap #{row.id} round {n}: get ready")
        snap = Button("snap", (str(game.rounds),), "Snap!", Style.PRIMARY)
        peek = Button("peek", (), "Peek")
        return TurnView(f"Snap #{row.id} round {n}: SNAP NOW", Controls(((snap, peek),)))

    def turn_result(self, t: Translator, row: GameRow) -> str:
        game: Snap = row.game
        return f"Snap #{row.id} round {game.rounds}: won by {game.last}"

    def final_view(self, t: Translator, row: GameRow) -> TurnView:
        game: Snap = row.game
        return TurnView("points " + " ".join(map(str, game.points)))


SNAP = SnapAdapter()


def with_snap() -> Registry:
    """The installed games and Snap: a test's ``games`` fixture, given to the bots it builds."""
    return installed().with_games(SNAP)
