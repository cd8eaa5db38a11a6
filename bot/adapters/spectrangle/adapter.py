"""``SpectrangleAdapter``: the Spectrangle engine, AI and pictures as the platform sees a game."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.adapters.spectrangle import controls, words
from bot.adapters.spectrangle.screen import Screen
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
from bot.contract.refusals import Refusal
from bot.contract.replay_steps import step_games
from bot.core.text import player_names
from games.common.actions import Resign
from games.common.ai import Level
from games.common.errors import RecordError
from games.spectrangle import (
    FIELDS,
    FORMAT,
    TILE_CODES,
    Exchange,
    Exchanged,
    Pass,
    Place,
    Setup,
    SpectrangleState,
    TurnKind,
    errors,
    event_from_dict,
    event_to_dict,
    export_record,
)
from games.spectrangle.ai import decide, hint
from games.spectrangle.game import Game
from locales import N_, Translator, translator
from renderers.spectrangle import (
    render_board,
    render_empty_board,
    render_final,
    render_placing,
)

if TYPE_CHECKING:
    from bot.contract.models import GameRow, SeatResult

TEAMS = "teams"
NO_TEAMS = "none"
LEVEL_ABOUT = {
    "easy": N_("lays a tile that fits, seldom the best"),
    "normal": N_("takes the most points now"),
    "hard": N_("looks ahead: the next player's hand, the bag and the end game"),
}


def _teams(options: Mapping[str, str]) -> bool:
    return options.get(TEAMS) == TEAMS


class SpectrangleCodec(Codec[Game]):
    """Spectrangle's stored form (setup and state) and its record."""

    def dump(self, game: Game) -> tuple[dict[str, Any], dict[str, Any]]:
        return game.setup.to_dict(), game.state.to_dict()

    def load(self, setup: Any, state: Any) -> Game:
        """The position from its saved state: no replay of the log (a click stays cheap)."""
        game = Game(Setup.from_dict(setup))
        loaded = SpectrangleState.from_dict(state)
        if (loaded.seats, loaded.teams) != (game.setup.seats, game.setup.teams):
            raise RecordError("the saved state does not belong to this setup")
        game.state = loaded
        return game

    def replay(self, setup: Any, events: Sequence[Any]) -> Game:
        return Game.replay(Setup.from_dict(setup), list(events))

    def event_to_dict(self, event: Any) -> dict[str, Any]:
        return event_to_dict(event)

    def event_from_dict(self, data: Any) -> Any:
        return event_from_dict(data)

    def same_state(self, a: Game, b: Game) -> bool:
        return a.setup == b.setup and a.state.to_dict() == b.state.to_dict()

    def export(self, row: GameRow) -> tuple[bytes, str]:
        """The record is written from the state's turn history: no need of the event log."""
        game = words.game_of(row)
        record = export_record(game, player_names(translator("en"), row))
        return (json.dumps(record, ensure_ascii=False, indent=1) + "\n").encode(), FORMAT


class SpectrangleAdapter(GameAdapter[Game], ComputerPlayers, StatsFacts, Replays):
    """Spectrangle for 2–4 players or 2 v 2; hands are public, only the bag's order is secret."""

    codec = SpectrangleCodec()
    info = GameInfo(
        kind="spectrangle",
        code="spc",  # starts every custom_id of the game's controls: never change it
        title="Spectrangle",
        summary=N_(
            "Lay triangular tiles so that touching sides match in colour; bonus fields multiply "
            "the points."
        ),
        group="spectrangle",
        group_description=N_("Spectrangle: lay triangles so that touching sides match in colour"),
        min_seats=2,
        max_seats=4,
        seat_marks=words.SEAT_MARKS,
        capabilities=frozenset({Capability.COMPUTERS, Capability.STATS, Capability.REPLAYS}),
        level_descriptions=LEVEL_ABOUT,
        option=GameOption(
            name=TEAMS,
            description=N_("Play 2 v 2 in teams (needs 4 players)"),
            choices=(Choice(N_("no teams"), NO_TEAMS), Choice(N_("2 v 2 teams"), TEAMS)),
            default=NO_TEAMS,
            settings_description=N_("whether new games are played 2 v 2 in teams"),
        ),
        refusals={
            errors.NoSuchTile: N_("That is not a tile."),
            errors.NoSuchField: N_("That is not a field on the board."),
            errors.BadRotation: N_("That is not a rotation of the tile."),
            errors.TileNotHeld: N_("That tile is not in your hand."),
            errors.FieldOccupied: N_("That field is already taken."),
            errors.FirstOnBonus: N_("The first tile may not go on a bonus field."),
            errors.NotTouching: N_("A tile must touch a laid tile along a whole side."),
            errors.SidesDoNotMatch: N_(
                "Touching sides must have the same colour (white matches every colour)."
            ),
            errors.MustPlace: N_("You cannot pass or exchange: one of your tiles fits."),
            errors.BagEmpty: N_("The bag is empty: there is nothing to exchange with."),
        },  # engine refusal → N_() text; the rest are "That move is not allowed now."
        export_running=False,  # a running game's record shows the bag's order
    )

    # ------------------------------------------------------------------ options and start

    def options_text(self, t: Translator, options: Mapping[str, str], seats: int | None) -> str:
        return words.options_text(t, _teams(options))

    def seat_range(self, options: Mapping[str, str]) -> tuple[int, int]:
        return (4, 4) if _teams(options) else (self.info.min_seats, self.info.max_seats)

    def sides(self, options: Mapping[str, str], seats: int) -> list[list[int]]:
        """2 v 2: seats 1 and 3 against 2 and 4, as they sit and play in turn."""
        if _teams(options) and seats == 4:
            return [[0, 2], [1, 3]]
        return super().sides(options, seats)

    def start_refusal(self, options: Mapping[str, str], seats: int) -> str | None:
        if _teams(options) and seats != 4:
            return N_("The team game needs exactly 4 players.")
        return None

    # ------------------------------------------------------------------------------ engine

    def new_game(self, seats: int, options: Mapping[str, str], chance: Any) -> Game:
        bag = tuple(chance.shuffled(TILE_CODES))
        return Game(Setup(seats, bag, _teams(options)), chance)

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
        """An exchange puts its tile back at a position drawn from ``chance``."""
        game.rng = chance
        game.apply(action)

    def current(self, game: Game) -> int | None:
        return game.state.current

    def finished(self, game: Game) -> bool:
        return game.finished

    def resigned(self, game: Game) -> Sequence[bool]:
        return list(game.state.resigned)

    def scores(self, game: Game) -> Sequence[int]:
        return game.scores

    def winners(self, game: Game) -> Sequence[int]:
        return game.winners()

    def resign_action(self, seat: int) -> Any:
        return Resign(seat)

    def ends_turn(self, action: Any) -> bool:
        return isinstance(action, Place | Pass | Exchange | Exchanged)

    def turn_number(self, game: Game) -> int:
        turns = game.state.turn
        return max(1, turns) if game.finished else turns + 1

    # ------------------------------------------------------------------------ presentation

    def warm(self) -> None:
        """Build the renderer's cached board, sprites and palette before the first turn."""
        render_board(SpectrangleState(2, list(range(len(TILE_CODES)))), ["", ""])

    def resigned_text(self, t: Translator, name: str) -> str:
        return t(
            "{name} resigned. Their tiles stay on the board; the tiles in their hand leave the "
            "game and count against them at the end.",
            name=name,
        )

    def intro(self, t: Translator, row: GameRow) -> str:
        return words.intro(t, row)

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        game = words.game_of(row)
        state = game.state
        seat = state.current
        assert seat is not None, "turn_view of a finished game"
        player = row.players[seat]
        names = player_names(t, row)
        lines = [words.turn_header(t, row)]
        shown = None if player.is_ai else controls.settle(game, screen)
        if not player.is_ai:
            lines.append(words.turn_prompt(t, game, shown))
            if row.turn_due is not None:
                when = f"<t:{int(row.turn_due)}:R>"
                lines.append("⏰ " + t("Time for this turn runs out {when}.", when=when))
        lines.append(words.scoreboard(t, row))
        lang = {"lang": t.lang}
        if shown is None:
            picture = Picture(render_board, "spectrangle.png", (state.copy(), names), lang)
        else:
            args = (state.copy(), names, shown.tile)
            picture = Picture(render_placing, "spectrangle-placing.png", args, lang)
        return TurnView(
            "\n".join(lines),
            None if player.is_ai else controls.controls(t, game, shown),
            picture,
        )

    def turn_result(self, t: Translator, row: GameRow) -> str:
        return words.turn_result(t, row)

    def final_view(self, t: Translator, row: GameRow) -> TurnView:
        game = words.game_of(row)
        return TurnView(
            words.standings(t, row),
            None,
            Picture(
                render_final,
                "spectrangle-final.png",
                (game.state.copy(), player_names(t, row)),
                {"lang": t.lang},
            ),
        )

    def check_click(self, row: GameRow, seat: int, click: Click) -> None:
        """A second click that would have ended a turn this seat has just played is told
        that its first click counted."""
        if click.version == row.event_count:
            return
        history = words.game_of(row).history
        if click.action in controls.TURN_ENDING and history and history[-1].seat == seat:
            raise Refusal("That turn is already played: your first click counted.")
        super().check_click(row, seat, click)

    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        game = words.game_of(row)
        asked = controls.read_click(game, seat, click)
        if asked is None:
            return Outcome(private=words.hint_text(t, hint(game.state)))
        if isinstance(asked, Screen):
            return Outcome(screen=asked)
        return Outcome(action=asked)

    def computer_move(self, game: Game, seat: int, level: str, seed: str) -> Move:
        decision = decide(game.state, Level(level), random.Random(seed))
        return Move(decision.action)

    def rules(self, t: Translator) -> tuple[str, Picture | None]:
        return words.rules_text(t), Picture(render_empty_board, "spectrangle-board.png")

    # ------------------------------------------------------------------- stats and export

    def seat_facts(self, game: Game) -> list[dict[str, Any]]:
        """Per seat: its best single placement, tiles laid, and tiles laid on bonus fields."""
        facts: list[dict[str, Any]] = [
            {"best": 0, "laid": 0, "bonus": 0} for _ in range(game.state.seats)
        ]
        for turn in game.history:
            if turn.kind is TurnKind.PLACE and turn.field is not None:
                fact = facts[turn.seat]
                fact["best"] = max(fact["best"], turn.points)
                fact["laid"] += 1
                fact["bonus"] += FIELDS[turn.field].bonus > 1
        return facts

    def stat_lines(self, t: Translator, facts: Sequence[Mapping[str, Any]]) -> list[StatLine]:
        if not facts:
            return []
        laid = sum(int(f.get("laid", 0)) for f in facts)
        bonus = sum(int(f.get("bonus", 0)) for f in facts)
        return [
            StatLine(t("Best placement"), str(max(int(f.get("best", 0)) for f in facts))),
            StatLine(t("Tiles laid"), str(laid)),
            StatLine(
                t("On bonus fields"), f"{bonus} ({round(100 * bonus / laid) if laid else 0}%)"
            ),
        ]

    def seat_results_hook(self, row: GameRow, results: list[SeatResult]) -> None:
        """Places as the final picture shows them: in the team game partners share their
        team's place (1, 1, 3, 3) and its win."""
        game = words.game_of(row)
        if not game.state.teams:
            return
        place = {seat: rank for rank, seat in words.ranks(game)}
        winners = set(game.winners())
        for result in results:
            result.place = place[result.seat]
            result.won = result.seat in winners
