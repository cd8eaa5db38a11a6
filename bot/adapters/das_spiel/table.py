"""``Table`` and ``DasSpielAdapter``: what every Das Spiel game needs around its engine.

The engines know no resignation and no bot: the platform's log (``Table.events``) holds the
engine's actions and ``Resign``. Everything that needs no choice happens inside the action that
causes it, as ordinary logged engine events (so a replay applies them and never draws): a game's
chance step (Abquetschen's roll when a turn begins, ``chance_action``) and the turns of a seat
that resigned, which the normal computer plays to the end (the rules need every seat; the seat
ranks last and cannot win). So the seat on turn always has a real choice.

A game ends when its engine says so, or when fewer than two seats still play (resignations).
"""

from __future__ import annotations

import json
import random
from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from bot.adapters.das_spiel.words import who
from bot.contract.adapter import GameAdapter, Picture, TurnView
from bot.contract.capabilities import ComputerPlayers, Replays, StatsFacts
from bot.contract.codec import Codec
from bot.contract.info import Capability, GameInfo
from bot.contract.replay_steps import action_steps, step_games
from bot.core.text import player_names
from games.common.actions import Resign
from games.common.ai import Level
from games.common.dice import DiceRng, SeededDice
from games.common.errors import RecordError
from games.das_spiel import decisions as d
from games.das_spiel.record import FORMAT
from locales import N_, Translator, translator
from renderers.das_spiel.samples import rules_sample

if TYPE_CHECKING:
    from bot.contract.models import GameRow, SeatResult

E = TypeVar("E")  # the engine's game (Abquetschen, CuiBono …)
LOG_TAIL = 12  # engine actions kept with the state: the pictures mark the last placement
SEED_LIMIT = 2**53


@dataclass(slots=True)
class Table(Generic[E]):
    """A running Das Spiel game as the platform stores it."""

    engine: E
    setup: dict[str, Any]  # what ``DasSpielAdapter.fresh`` builds the engine from
    resigned: list[bool]
    events: list[Any] = field(default_factory=list)  # engine actions and Resign, this load's
    turns: int = 0  # turns ended (a pass counts)
    recent: list[Any] = field(default_factory=list)  # engine actions of the last platform action


def das_spiel_info(**fields: Any) -> GameInfo:
    """A Das Spiel game's metadata: in the ``/dasspiel`` group, with computer players,
    stats facts and replays, and what ``fields`` add."""
    capabilities = {
        Capability.COMPUTERS,
        Capability.STATS,
        Capability.REPLAYS,
        *fields.pop("capabilities", ()),
    }
    return GameInfo(
        group="dasspiel",
        group_title="Das Spiel",
        group_description=N_("Das Spiel: six games on a pyramid of 165 dice"),
        capabilities=frozenset(capabilities),
        **fields,
    )


class DasSpielAdapter(GameAdapter[Table[E]], ComputerPlayers, StatsFacts, Replays):
    """The glue every Das Spiel game shares; a game adds its engine hooks and its words."""

    # the game's module of JSON forms (``bot/adapters/<game>/state.py``): ``state_to_dict``,
    # ``state_from_dict``, ``action_to_dict``, ``action_from_dict``
    records: ClassVar[Any]

    def __init__(self) -> None:
        self.codec: TableCodec[E] = TableCodec(self)

    # ------------------------------------------------------------------ engine hooks

    @abstractmethod
    def fresh(self, setup: dict[str, Any]) -> E:
        """The engine's game before its first event."""

    def new_setup(self, seats: int, options: Any, chance: Any) -> dict[str, Any]:
        """A new game's JSON setup, drawn from ``chance``: what every Das Spiel record holds;
        a game with more (its time windows) adds its own keys."""
        return {"seats": seats, "start_seat": d.START_SEAT_DEFAULT, "seed": self.seed_of(chance)}

    def state_to_dict(self, engine: E) -> dict[str, Any]:
        data: dict[str, Any] = self.records.state_to_dict(engine.state)  # type: ignore[attr-defined]
        return data

    @abstractmethod
    def state_from_dict(self, setup: dict[str, Any], data: Any) -> E:
        """The engine in its stored state (its log empty: the table holds the tail)."""

    def action_to_dict(self, action: Any) -> dict[str, Any]:
        data: dict[str, Any] = self.records.action_to_dict(action)
        return data

    def action_from_dict(self, data: dict[str, Any]) -> Any:
        return self.records.action_from_dict(data)

    @abstractmethod
    def engine_actions(self, table: Table[E], action: Any) -> list[Any]:
        """The engine actions a player's action stands for (Abquetschen: a build and its
        bonus), checked together: raise the engine's refusal before anything changes."""

    @abstractmethod
    def turn_done(self, engine: E, action: Any, result: Any) -> bool:
        """Whether this applied engine action ended a seat's turn."""

    def mid_turn(self, engine: E) -> bool:
        """Whether a seat's turn is under way between two of its actions (Cui bono?'s pull
        and put-back): what it did so far belongs to the turn's result."""
        return False

    def chance_action(self, engine: E, chance: DiceRng) -> Any | None:
        """The engine action chance takes now (a roll), or None when a seat must choose."""
        return None

    @abstractmethod
    def rank_key(self, engine: E, seat: int) -> tuple[int, ...]:
        """Lower ranks first, after the engine's winners (Abquetschen: dice in supply)."""

    # The engines share these: a ``state`` with ``finished``, ``current`` and ``winners``,
    # a ``log``, and the game's computer ``decide(state, level, rng) -> Decision``.
    decide: ClassVar[Callable[..., Any]]

    def ai_action(self, engine: E, seat: int, level: Level, rng: random.Random) -> Any:
        """The engine's computer's next engine action for ``seat`` (one phase of its turn)."""
        return self.decide(_state(engine), level, rng).action

    def engine_over(self, engine: E) -> bool:
        return bool(_state(engine).finished)

    def engine_current(self, engine: E) -> int | None:
        current: int | None = _state(engine).current
        return current

    def engine_winners(self, engine: E) -> Sequence[int]:
        return list(_state(engine).winners)

    def stored_log(self, engine: E) -> list[Any]:
        """The engine actions stored with the state: the last few (the pictures mark the last
        placement)."""
        return self.engine_log(engine)[-LOG_TAIL:]

    def engine_log(self, engine: E) -> list[Any]:
        log: list[Any] = engine.log  # type: ignore[attr-defined]
        return log

    # ------------------------------------------------------------------------ the table

    def new_game(self, seats: int, options: Any, chance: Any) -> Table[E]:
        setup = self.new_setup(seats, options, chance)
        table = Table(self.fresh(setup), setup, [False] * seats)
        self.advance(table, chance)
        return table

    def replay_steps(self, setup: Any, events: Sequence[Any]) -> list[Table[E]]:
        """The replay capability: the table after each turn (a round, in the live games),
        with that turn's engine actions as ``recent``, which its result line tells."""

        def record(table: Table[E], event: Any) -> None:
            if isinstance(event, Resign):
                table.resigned[event.seat] = True
                table.events.append(event)
            else:
                self._step(table, event)

        def snapshot(table: Table[E], done: Sequence[Any]) -> Table[E]:
            table.recent = [e for e in done if not isinstance(e, Resign)]
            return self.codec.load(*self.codec.dump(table))

        def opens(table: Table[E], event: Any) -> bool:
            """A turn-based game's step is a player's action and all that follows it without
            a choice (rolls, passes, the turns of seats that resigned), as the bot told it."""
            engine = table.engine
            seat = self.engine_current(engine)
            return not (
                isinstance(event, Resign)
                or self.mid_turn(engine)
                or self.chance_action(engine, SeededDice("replay")) is not None
                or (seat is not None and table.resigned[seat])
                or not self.replay_opens(engine, event)
            )

        start = Table(self.fresh(setup), dict(setup), [False] * int(setup["seats"]))
        if self.info.live:  # a live game's step is its round
            return step_games(start, events, record, self.turn_number, self.finished, snapshot)
        return action_steps(start, events, record, opens, snapshot)

    def replay_opens(self, engine: E, event: Any) -> bool:
        """Whether a player's engine action begins a platform action (not its second part,
        such as Abquetschen's bonus after a build)."""
        return True

    def apply(self, game: Table[E], action: Any, chance: Any) -> None:
        """A player's action, then whatever follows without a choice (rolls, the turns of
        seats that resigned). ``chance`` may be None (a resignation): the game's own seed
        then draws, so the same log always replays."""
        if chance is None:
            chance = SeededDice(f"{game.setup.get('seed', 0)}:{len(game.events)}")
        if isinstance(action, Resign):
            if game.resigned[action.seat]:
                raise RecordError(f"seat {action.seat} has already resigned")
            if not self.mid_turn(game.engine):
                game.recent = []
            game.resigned[action.seat] = True
            game.events.append(action)
        else:
            steps = self.engine_actions(game, action)
            if not self.mid_turn(game.engine):
                game.recent = []  # a turn begins: its actions and what follows are told
            for step in steps:
                self._step(game, step)
        self.advance(game, chance)

    def _step(self, table: Table[E], action: Any) -> None:
        result = self.apply_engine(table.engine, action)
        table.events.append(action)
        table.recent.append(action)
        if self.turn_done(table.engine, action, result):
            table.turns += 1

    def apply_engine(self, engine: E, action: Any) -> Any:
        return engine.apply(action)  # type: ignore[attr-defined]

    def advance(self, table: Table[E], chance: DiceRng) -> None:
        """Play what needs no choice: chance steps, and the turns of resigned seats."""
        while not self.finished(table):
            step = self.chance_action(table.engine, chance)
            if step is None:
                seat = self.engine_current(table.engine)
                if seat is None or not table.resigned[seat]:
                    return
                rng = random.Random(f"{table.setup.get('seed', 0)}:{len(table.events)}")
                step = self.ai_action(table.engine, seat, Level.NORMAL, rng)
            self._step(table, step)

    def current(self, game: Table[E]) -> int | None:
        return None if self.finished(game) else self.engine_current(game.engine)

    def finished(self, game: Table[E]) -> bool:
        return self.engine_over(game.engine) or sum(not r for r in game.resigned) < 2

    def resigned(self, game: Table[E]) -> Sequence[bool]:
        return list(game.resigned)

    def winners(self, game: Table[E]) -> Sequence[int]:
        """The engine's winners who still play; else the best who still plays (the game
        ended by resignations, or a seat the computer played for won)."""
        if not self.finished(game):
            return []
        keys = self._keys(game)
        best = min(keys[s] for s in range(len(keys)) if not game.resigned[s])
        return [s for s in range(len(keys)) if keys[s] == best and not game.resigned[s]]

    def _keys(self, game: Table[E]) -> list[tuple[int, ...]]:
        won = set(self.engine_winners(game.engine))
        return [
            (int(game.resigned[s]), int(s not in won), *self.rank_key(game.engine, s))
            for s in range(len(game.resigned))
        ]

    # ------------------------------------------------------------------------ the end

    final_draw: ClassVar[Callable[..., bytes]]  # (engine, names, *, lang) -> the final PNG

    @abstractmethod
    def standing(self, t: Translator, game: Table[E], seat: int) -> str:
        """A seat's result in the final standings, its measure named ("5 dice left")."""

    @abstractmethod
    def win_reason(self, t: Translator, game: Table[E], seat: int) -> str:
        """Why ``seat``, one of the engine's winners, won, in a few words ("reached their
        target corner", "fewest minus points"): the final line of a winner says it."""

    def _why_won(self, t: Translator, game: Table[E], seat: int) -> str:
        if not self.engine_over(game.engine):
            return t("the others resigned")
        if seat in self.engine_winners(game.engine):
            return self.win_reason(t, game, seat)
        return t("the best of those who did not resign")

    def drawn(self, t: Translator, game: Table[E]) -> dict[str, Any]:
        """What every picture of the game is drawn with: the reader's language and the seats
        that left (resigned, or removed for missed turns), whose cards are marked."""
        return {"lang": t.lang, "resigned": list(game.resigned)}

    @abstractmethod
    def snapshot(self, game: Table[E]) -> E:
        """A copy of the engine for a picture drawn off the event loop."""

    @abstractmethod
    def end_line(self, t: Translator, row: GameRow) -> str:
        """How the engine ended the game, or "" (it ended by resignations, or runs)."""

    def final_view(self, t: Translator, row: GameRow) -> TurnView:
        """Places as the game ranks them, winners crowned, how it ended, the final picture
        (its winners those of the platform: a seat that resigned cannot win)."""
        game: Table[E] = row.game
        winners = set(self.winners(game))
        keys = self._keys(game)
        lines = []
        for seat in sorted(range(len(keys)), key=lambda s: (keys[s], s)):
            place = 1 + sum(k < keys[seat] for k in keys)
            why = f"🏆 {self._why_won(t, game, seat)} · " if seat in winners else ""
            lines.append(
                f"{place}. {who(self, t, row, seat)} — {why}{self.standing(t, game, seat)}"
            )
        if end := self.end_line(t, row):
            lines.append(end)
        snap = self.snapshot(game)
        _state(snap).winners = sorted(winners)
        names = player_names(t, row)
        drawn = self.drawn(t, game)
        if not self.engine_over(game.engine):  # the others resigned: the rules' status is moot
            drawn["ended"] = t(
                "{reason} Winner: {names}.",
                reason=t("The other players resigned."),
                names=", ".join(names[s] for s in sorted(winners)),
            )
        picture = Picture(self.final_draw, f"{self.info.kind}-final.png", (snap, names), drawn)
        return TurnView("\n".join(lines), None, picture)

    def turn_number(self, game: Table[E]) -> int:
        return max(1, game.turns) if self.finished(game) else game.turns + 1

    def rules_picture(self, t: Translator) -> Picture:
        """The rules' picture: a seeded game of this kind under way, in the reader's words."""
        return Picture(
            rules_sample, f"{self.info.kind}-rules.png", (self.info.kind,), {"lang": t.lang}
        )

    def resigned_text(self, t: Translator, name: str) -> str:
        return t(
            "{name} resigned. The computer plays their seat to the end; they rank last.",
            name=name,
        )

    def seat_results_hook(self, row: GameRow, results: list[SeatResult]) -> None:
        """Places as the game ranks them: winners first, then the game's own order
        (dice left, minus points …), resigned seats last; equal seats share a place."""
        keys = self._keys(row.game)
        winners = set(self.winners(row.game))
        for result in results:
            result.place = 1 + sum(k < keys[result.seat] for k in keys)
            result.won = result.seat in winners

    def seed_of(self, chance: Any) -> int:
        return int(chance.below(SEED_LIMIT))

    # ------------------------------------------------------- the race games' clock (live)

    def started(self, row: GameRow, now: float) -> None:
        """A live game's clock starts: the engines' ``t`` is ms since ``epoch`` (POSIX
        seconds), and each seat's computer level (None for a person) is kept beside it."""
        if self.info.live:
            row.game.setup["epoch"] = now
            row.game.setup["levels"] = [p.ai for p in row.players]

    def ms(self, game: Table[E], at: float) -> int:
        """POSIX seconds as the engine's ``t``, never before its last event (a step applied
        just before a click may be stamped later than the click was received)."""
        now: int = _state(game.engine).clock.now
        return max(now, round((at - _epoch(game)) * 1000))

    def posix(self, game: Table[E], ms: int) -> float:
        return _epoch(game) + ms / 1000


class TableCodec(Codec[Table[Any]]):
    """Every Das Spiel game's stored form and ``das-spiel-record/1`` record: the engine's state
    and the tail of its log, from the game's own JSON forms (``DasSpielAdapter.records``)."""

    def __init__(self, adapter: DasSpielAdapter[Any]) -> None:
        self.adapter = adapter

    def dump(self, game: Table[Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        adapter = self.adapter
        state = {
            "engine": adapter.state_to_dict(game.engine),
            "resigned": list(game.resigned),
            "turns": game.turns,
            "log": [adapter.action_to_dict(a) for a in adapter.stored_log(game.engine)],
            "recent": [adapter.action_to_dict(a) for a in game.recent],
        }
        return dict(game.setup), state

    def load(self, setup: Any, state: Any) -> Table[Any]:
        """The position from its saved state: no replay (a click stays cheap)."""
        adapter = self.adapter
        try:
            engine = adapter.state_from_dict(setup, state["engine"])
            adapter.engine_log(engine)[:] = [adapter.action_from_dict(a) for a in state["log"]]
            resigned = [bool(r) for r in state["resigned"]]
            recent = [adapter.action_from_dict(a) for a in state["recent"]]
            turns = int(state["turns"])
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"unreadable {self.adapter.info.title} state: {exc}") from exc
        if len(resigned) != int(setup["seats"]):
            raise RecordError("the saved state does not belong to this setup")
        return Table(engine, dict(setup), resigned, [], turns, recent)

    def replay(self, setup: Any, events: Sequence[Any]) -> Table[Any]:
        table = Table(self.adapter.fresh(setup), dict(setup), [False] * int(setup["seats"]))
        for event in events:
            table.recent = []
            if isinstance(event, Resign):
                table.resigned[event.seat] = True
                table.events.append(event)
            else:
                self.adapter._step(table, event)
        return table

    def event_to_dict(self, event: Any) -> dict[str, Any]:
        if isinstance(event, Resign):
            return {"type": "resign", "seat": event.seat}
        return self.adapter.action_to_dict(event)

    def event_from_dict(self, data: Any) -> Any:
        if not isinstance(data, dict):
            raise RecordError(f"an event is an object, not {data!r}")
        if data.get("type") == "resign":
            return Resign(int(data["seat"]))
        return self.adapter.action_from_dict(data)

    def same_state(self, a: Table[Any], b: Table[Any]) -> bool:
        """The same position: ``recent`` only says what the last platform action did, which a
        replay of single events cannot know."""
        return _without_recent(self.dump(a)) == _without_recent(self.dump(b))

    def export(self, row: GameRow) -> tuple[bytes, str]:
        """The ``das-spiel-record/1`` record, replayed from the whole stored log."""
        table = self.replay(row.game.setup, row.game.events)
        names = player_names(translator("en"), row)
        record = table.engine.to_record(names)  # type: ignore[attr-defined]
        return (json.dumps(record, ensure_ascii=False, indent=1) + "\n").encode(), FORMAT


def _without_recent(dumped: tuple[dict[str, Any], dict[str, Any]]) -> tuple[Any, Any]:
    setup, state = dumped
    return setup, {k: v for k, v in state.items() if k != "recent"}


def _state(engine: Any) -> Any:
    return engine.state


def _epoch(table: Table[Any]) -> float:
    epoch = table.setup.get("epoch")
    if epoch is None:
        raise RuntimeError("a live game whose clock never started (``started``)")
    return float(epoch)
