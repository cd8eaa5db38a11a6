"""Spexxx on the platform: its engine, words, controls, pictures and facts for statistics."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from bot.adapters.spexxx import words
from bot.adapters.spexxx.controls import dice_controls, placing_controls, turn_id
from bot.contract.adapter import (
    Choice,
    Click,
    GameAdapter,
    GameOption,
    Move,
    Outcome,
    Picture,
    StatLine,
    TurnView,
)
from bot.contract.capabilities import ComputerPlayers, Replays, StatsFacts
from bot.contract.codec import Codec
from bot.contract.info import Capability, GameInfo
from bot.contract.models import GameRow
from bot.contract.refusals import Refusal
from bot.contract.replay_steps import step_games
from bot.core.text import player_names, seat_label, standings
from games.common.ai import Decision
from games.spexxx import (
    GRID,
    Discard,
    Game,
    Hold,
    Place,
    Resign,
    Setup,
    SpexxxState,
    Throw,
    Variant,
    Zone,
    errors,
    event_from_dict,
    event_to_dict,
    export_record,
    get_square,
)
from games.spexxx.ai import Level, decide
from games.spexxx.ai import hint as ai_hint
from games.spexxx.ai.reasons import PlaceReasons, place_reasons
from locales import N_, Translator
from renderers.spexxx import render_final, render_legend, render_turn

ZONE_ORDER = {zone.value: zone.points for zone in Zone}
PLACING = "placing"


class SpexxxCodec(Codec[Game]):
    """Spexxx's stored form (setup and state) and its ``spexxx-record/1`` record."""

    def dump(self, game: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        return game.setup.to_dict(), game.state.to_dict()

    def load(self, setup: Any, state: Any) -> Game:
        game = Game(Setup.from_dict(setup))
        game.state = SpexxxState.from_dict(state)
        return game

    def replay(self, setup: Any, events: Sequence[Any]) -> Game:
        return Game.replay(Setup.from_dict(setup), list(events))

    def event_to_dict(self, event: Any) -> dict[str, Any]:
        return event_to_dict(event)

    def event_from_dict(self, data: Any) -> Any:
        return event_from_dict(data)

    def same_state(self, a: Game, b: Game) -> bool:
        return a.state == b.state

    def export(self, row: GameRow) -> tuple[bytes, str]:
        record = export_record(row.game, row.names)
        return (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode(), "spexxx-record/1"


class SpexxxAdapter(GameAdapter[Game], ComputerPlayers, StatsFacts, Replays):
    codec = SpexxxCodec()
    info = GameInfo(
        kind="spexxx",
        code="spx",
        title="Spexxx",
        summary=N_(
            "Yahtzee meets four-in-a-row: throw five dice, put a cube on the square they name, "
            "and score lines of three or more."
        ),
        group="spexxx",
        group_description=N_("Play Spexxx"),
        min_seats=2,
        max_seats=4,
        seat_marks=words.SEAT_MARKS,  # the pictures' seat colours
        capabilities=frozenset({Capability.COMPUTERS, Capability.STATS, Capability.REPLAYS}),
        option=GameOption(
            name="variant",
            description=N_(
                "adult or children (fewer cubes, a shorter game); default: the server's"
            ),
            settings_description=N_("default variant of new games"),
            choices=(
                Choice(N_("adult"), Variant.ADULT.value),
                Choice(N_("children (short game)"), Variant.CHILDREN.value),
            ),
            default=Variant.ADULT.value,
            names={v.value: name for v, name in words.VARIANT_NAMES.items()},
        ),
        level_descriptions={
            "easy": N_("plays legal moves with simple holds"),
            "normal": N_("greedy: takes the most points now"),
            "hard": N_("plans its holds exactly and builds lines and blocks"),
        },
        refusals={
            errors.SquareOccupied: N_("That square is already taken."),
            errors.SquareNotAllowed: N_("Your dice do not allow that square."),
            errors.NoSuchSquare: N_("That is not a square on the board."),
            errors.MustPlace: N_("You cannot discard: your dice allow a square."),
            errors.NoThrowsLeft: N_("All four throws are used: place a cube or discard one."),
            errors.AllDiceHeld: N_("All five dice are held: release one to throw."),
            errors.MustThrowFirst: N_("Throw the dice first."),
            errors.BadDice: N_("Those dice are not valid for this turn."),
        },
        descriptions={
            "new": N_("Open a Spexxx lobby in this channel"),
            "timer": N_(
                "time each player has for a turn; default: the server's (see /spexxx settings)"
            ),
            "settings": N_("Server defaults for Spexxx (Manage Server)"),
            "rules": N_("How to play Spexxx"),
            "resign": N_("Leave the Spexxx game in this thread"),
            "games": N_("The Spexxx games running in this server"),
            "leaderboard": N_("The best Spexxx players in this server"),
        },
    )

    # ------------------------------------------------------------------ options and start

    def options_text(self, t: Translator, options: Mapping[str, str], seats: int | None) -> str:
        return words.variant_text(t, Variant(options.get("variant", "adult")), seats)

    # ------------------------------------------------------------------------------ engine

    def new_game(self, seats: int, options: Mapping[str, str], chance: Any) -> Game:
        return Game.new(seats, chance, Variant(options.get("variant", "adult")))

    def replay_steps(self, setup: Any, events: Sequence[Any]) -> list[Game]:
        """The replay capability: the game after each turn (its history tells the turn)."""
        return step_games(
            self.codec.replay(setup, []),
            events,
            lambda game, event: game.record(event),
            self.turn_number,
            self.finished,
            lambda game, _: self.codec.load(*self.codec.dump(game)),
        )

    def apply(self, game: Game, action: Any, chance: Any) -> None:
        game.rng = chance
        game.apply(action)

    def current(self, game: Game) -> int | None:
        return game.state.current

    def finished(self, game: Game) -> bool:
        return game.state.finished

    def resigned(self, game: Game) -> Sequence[bool]:
        return game.state.resigned

    def scores(self, game: Game) -> Sequence[int]:
        return game.state.scores

    def winners(self, game: Game) -> Sequence[int]:
        return game.state.winners()

    def resign_action(self, seat: int) -> Any:
        return Resign(seat)

    def ends_turn(self, action: Any) -> bool:
        return isinstance(action, Place | Discard)

    def turn_number(self, game: Game) -> int:
        return game.state.turn + 1

    # ------------------------------------------------------------------------ presentation

    def warm(self) -> None:
        render_turn(SpexxxState.new(Variant.ADULT, 2, 0), ["", ""])

    def resigned_text(self, t: Translator, name: str) -> str:
        return t(
            "{name} resigned. Their cubes stay on the board and block lines; their score "
            "stands but cannot win.",
            name=name,
        )

    def intro(self, t: Translator, row: GameRow) -> str:
        return words.roll_off_text(t, row)

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        game: Game = row.game
        placing = screen is not None
        seat = game.state.current
        person = seat is not None and not row.players[seat].is_ai
        if placing:
            controls = placing_controls(t, game, None if screen == PLACING else screen[1])
        else:
            controls = dice_controls(t, game) if person else None
        picture = Picture(
            render_turn,
            "spexxx-board.png",
            (game.state, player_names(t, row)),
            {"highlight_allowed": placing, "lang": t.lang},
        )
        return TurnView(words.turn_content(t, row, placing=placing), controls, picture)

    def turn_result(self, t: Translator, row: GameRow) -> str:
        return words.turn_result(t, row)

    def final_view(self, t: Translator, row: GameRow) -> TurnView:
        game: Game = row.game
        picture = Picture(
            render_final, "spexxx-final.png", (game.state, player_names(t, row)), {"lang": t.lang}
        )
        lines = words.scored_lines(t, row)
        return TurnView(standings(t, self, row) + (f"\n{lines}" if lines else ""), None, picture)

    def check_click(self, row: GameRow, seat: int, click: Click) -> None:
        """Spexxx's controls carry the turn and throws they were posted for (old buttons, from
        before versioned ids, carry only those), so the refusal can say exactly what changed;
        a die toggle says which state it wants, so clicking it twice is harmless."""
        game: Game = row.game
        state = game.state
        args = click.args
        tid = _int(args[0]) if args else None
        k = _int(args[1]) if len(args) > 1 else None
        if tid != turn_id(game):
            history = state.history
            if (
                click.action in ("sq", "discard")
                and history
                and history[-1].seat == seat
                and tid is not None
                and tid < turn_id(game)
                and k == len(history[-1].throws)
            ):
                raise Refusal("That turn is already played: your first click counted.")
            raise Refusal("These buttons belong to an earlier turn. Use the latest turn message.")
        if state.current == seat and k != len(state.throws):
            raise Refusal("The dice have changed since that click, so it was ignored.")

    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        game: Game = row.game
        state = game.state
        action, args, values = click.action, click.args[2:], click.values
        if action == "die":
            die = _int(args[0]) if len(args) == 2 else None
            hold = _int(args[1]) if len(args) == 2 else None
            if die is None or not 0 <= die < len(state.dice or ()) or hold not in (0, 1):
                raise Refusal("That button is not valid for this turn.")  # a forged custom_id
            held = state.held | {die} if hold else state.held - {die}
            return Outcome(action=Hold(seat, frozenset(held)))
        if action == "throw":
            return Outcome(action=Throw(seat))
        if action == "back":
            return Outcome()
        if action == "hint":
            advice = ai_hint(state)
            names = [seat_label(t, row, s, self.info.seat_marks) for s in range(state.seats)]
            text = words.hint_text(t, advice, state.dice, _reasons(state, advice), names)
            return Outcome(private="💡 " + text)
        if action in ("place", "zone"):
            if not state.allowed_mask():
                raise Refusal("No empty square is allowed by these dice.")
            if action == "zone" and values:
                if not (values[0].isascii() and values[0].isdigit()):
                    raise Refusal("That choice is not valid for this turn.")  # a forged value
                return Outcome(screen=(PLACING, int(values[0])))
            return Outcome(screen=PLACING)
        if action == "sq":
            return Outcome(action=Place(seat, values[0] if values else ""))
        if action == "discard":
            return Outcome(action=Discard(seat))
        raise Refusal("That button is not valid for this turn.")

    def computer_move(self, game: Game, seat: int, level: str, seed: str) -> Move:
        dice_before = game.state.dice
        decision = decide(game.state, Level(level), random.Random(seed))
        reasons = _reasons(game.state, decision)  # before the move changes the board
        return Move(decision.action, lambda t: words.hint_text(t, decision, dice_before, reasons))

    def rules(self, t: Translator) -> tuple[str, Picture | None]:
        return words.rules_text(t), Picture(
            render_legend, "spexxx-legend.png", (), {"lang": t.lang}
        )

    # ------------------------------------------------------------------- stats and export

    def seat_facts(self, game: Game) -> list[dict[str, Any]]:
        """Replay the game's events: the state keeps only the last placement's lines."""
        replay = Game(game.setup)
        zones: list[Counter[str]] = [Counter() for _ in range(game.setup.seats)]
        longest = [0] * game.setup.seats
        for event in game.events:
            score = replay.record(event)
            if isinstance(event, Place) and score is not None:
                square = GRID[score.square]
                assert square is not None
                zones[event.seat][square.zone.value] += 1
                for line in score.lines:
                    longest[event.seat] = max(longest[event.seat], line.length)
        return [{"longest": n, "zones": dict(z)} for n, z in zip(longest, zones, strict=True)]

    def stat_lines(self, t: Translator, facts: Sequence[Mapping[str, Any]]) -> list[StatLine]:
        zones: Counter[str] = Counter()
        longest = 0
        for fact in facts:
            zones.update(fact.get("zones", {}))
            longest = max(longest, int(fact.get("longest", 0)))
        zone = most_used_zone(zones)
        return [
            StatLine(t("Most-used zone"), words.zone_name(t, Zone(zone)) if zone else "—"),
            StatLine(
                t("Longest Spexxx"), t("{n} in a row", n=longest) if longest else t("none yet")
            ),
        ]


def most_used_zone(zones: Counter[str]) -> str | None:
    """The zone with the most cubes; a tie goes to the zone worth more points."""
    if not zones:
        return None
    return max(zones, key=lambda z: (zones[z], ZONE_ORDER.get(z, 0)))


def _reasons(state: SpexxxState, decision: Decision[Any]) -> PlaceReasons | None:
    """Why a placement: the facts on the board before it (None for any other step)."""
    action = decision.action
    square = get_square(action.square) if isinstance(action, Place) else None
    if square is None or state.current is None:
        return None
    return place_reasons(state, state.current, square.index)


def _int(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None


ADAPTER = SpexxxAdapter()
