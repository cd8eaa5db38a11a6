"""``AbquetschenAdapter``: three players build the pyramid (RULES.md §4) in Discord.

A turn begins with the bot's roll (``chance_action``); a roll with no legal build passes at
once, so the seat on turn always has builds to choose from. The turn's screens:

- the choices (``Screen()``): a select of every legal build of the roll (or of the 15 start
  pyramids, the three central ones first); more than 25 are cut into pages by their first die
  (``pages``), a select of pages first;
- a chosen build (``Screen(build=…)``): the picture shows it built, in the player's colour and
  labelled; **Build** builds it. A build whose row of 4 or more earns bonus dice asks for them
  first (a select of the legal bonus groups, or **Build without bonus dice**).

The whole turn (build and bonus) is one ``Lay``: nothing is built until it is confirmed, so a
turn is never left half done. A click's args carry its screen, so nothing is stored for one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.adapters.abquetschen import state as records
from bot.adapters.das_spiel import Capability, DasSpielAdapter, Table, das_spiel_info
from bot.adapters.das_spiel import pages as pg
from bot.adapters.das_spiel import words as dw
from bot.contract.adapter import (
    Button,
    Click,
    Controls,
    Move,
    Option,
    Outcome,
    Picture,
    Row,
    StatLine,
    Style,
    TurnView,
)
from bot.contract.capabilities import Hints
from bot.contract.refusals import Refusal
from bot.core.text import player_names, seat_circles
from games.common.ai import Level
from games.common.dice import DiceRng
from games.common.errors import IllegalAction
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import (
    Abquetschen,
    Action,
    Bonus,
    Build,
    EndReason,
    Phase,
    Result,
    Roll,
)
from games.das_spiel.abquetschen import Start as StartPyramid
from games.das_spiel.abquetschen.ai import decide
from games.das_spiel.abquetschen.builds import anchors_of
from games.das_spiel.abquetschen.state import (
    NotConnected,
    NotTouching,
    StartPlayerBuried,
    StartPyramidRefused,
    WrongCount,
    start_pyramid_order,
)
from games.das_spiel.errors import PositionTaken, Unsupported, WrongPhase
from locales import N_, Translator, tn, translator
from renderers.das_spiel import render_abquetschen, render_abquetschen_final
from renderers.das_spiel.theme import SEAT_DIE

if TYPE_CHECKING:
    from bot.contract.models import GameRow

Game = Table[Abquetschen]
SEAT_MARKS = seat_circles([c.name.lower() for c in SEAT_DIE])  # the seats' dice colours
END_REASONS = {
    EndReason.SUPPLY_USED: N_("{name} built the last die of their supply."),
    EndReason.ROLL_OVER_SUPPLY: N_("{name} rolled more than the dice left in their supply."),
    EndReason.BURIED: N_("{name} has no open die left: the fewest dice in supply win."),
    EndReason.STALLED: N_("Nobody can build any more: the fewest dice in supply win."),
}


class BonusMissing(IllegalAction):
    """A build that earns bonus dice, confirmed without saying whether to build them."""


@dataclass(frozen=True, slots=True)
class Lay:
    """A whole turn's choice: the start pyramid or the build, and the bonus dice (none:
    declined, or none earned)."""

    seat: int
    positions: tuple[int, ...]
    bonus: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Screen:
    page: int | None = None  # the page of choices shown, when they need two selects
    build: tuple[int, ...] = ()  # the chosen build (or start pyramid), previewed
    bonus: tuple[int, ...] | None = None  # the chosen bonus dice, once chosen
    bonus_page: int | None = None


class AbquetschenAdapter(DasSpielAdapter[Abquetschen], Hints):
    info = das_spiel_info(
        kind="abquetschen",
        code="abq",
        title="Abquetschen",
        summary=N_(
            "Build the pyramid from your own supply of dice; whoever builds their last die first "
            "wins."
        ),
        min_seats=3,
        max_seats=3,
        seat_marks=SEAT_MARKS,
        capabilities=frozenset({Capability.HINTS}),
        choice_label=N_("Abquetschen: build the pyramid (3 players)"),
        levels=(
            ("easy", N_("easy")),
            ("normal", N_("normal")),
        ),  # the engine's hard plays as normal (a look-ahead won no more often)
        refusals={
            WrongCount: N_("The build must have exactly as many dice as the roll."),
            NotConnected: N_("Every new die must touch another new die face to face."),
            NotTouching: N_("A build must touch one of your own dice."),
            StartPlayerBuried: N_("The start player must keep an open die until they build again."),
            StartPyramidRefused: N_("That is not a start pyramid."),
            PositionTaken: N_("A position of that build is taken."),
            Unsupported: N_("A die of that build would not rest on three dice."),
            WrongPhase: N_("That move is not allowed now."),
            BonusMissing: N_("Choose the bonus dice, or build without them."),
        },
    )
    decide = staticmethod(decide)
    records = records
    final_draw = staticmethod(render_abquetschen_final)

    def level_about(self, level: str) -> str:
        return {
            "easy": N_("builds any legal group"),
            "normal": N_("weighs bonus dice, its room to build and yours"),
        }.get(level, "")

    # ------------------------------------------------------------------------ engine hooks

    def fresh(self, setup: dict[str, Any]) -> Abquetschen:
        return Abquetschen(int(setup["start_seat"]))

    def state_from_dict(self, setup: dict[str, Any], data: Any) -> Abquetschen:
        return Abquetschen(state=records.state_from_dict(data))

    def engine_actions(self, table: Game, action: Any) -> list[Action]:
        if not isinstance(action, Lay):
            raise TypeError(f"not an Abquetschen action: {action!r}")
        engine = table.engine
        if engine.state.phase is Phase.START:
            steps: list[Action] = [StartPyramid(action.seat, action.positions)]
        else:
            steps = [Build(action.seat, action.positions)]
        trial = engine.copy()
        for step in steps:
            trial.apply(step)
        if trial.state.phase is Phase.BONUS:
            steps.append(Bonus(action.seat, action.bonus))
            trial.apply(steps[-1])
        elif action.bonus:
            raise WrongPhase("this build earns no bonus dice")
        return steps

    def turn_done(self, engine: Abquetschen, action: Any, result: Any) -> bool:
        assert isinstance(result, Result)
        if isinstance(action, Roll):
            return result.passed or result.wins
        if isinstance(action, Build):
            return not result.bonus
        return True

    def replay_opens(self, engine: Abquetschen, event: Any) -> bool:
        return not isinstance(event, Bonus)  # the bonus is the build's own action

    def chance_action(self, engine: Abquetschen, chance: DiceRng) -> Action | None:
        s = engine.state
        if s.phase in (Phase.SEARCH, Phase.ROLL) and s.current is not None:
            return Roll(s.current, chance.roll(1)[0])
        return None

    def rank_key(self, engine: Abquetschen, seat: int) -> tuple[int, ...]:
        return (engine.state.supply[seat],)

    def scores(self, game: Game) -> Sequence[int]:
        """Dice built: the fewer left in supply, the better."""
        return [d.ABQ_SUPPLY - n for n in game.engine.state.supply]

    def ends_turn(self, action: Any) -> bool:
        return True  # a Lay is the whole turn

    # ------------------------------------------------------------------------ choices

    def choices(self, game: Game) -> list[tuple[int, ...]]:
        """What the seat on turn may lay now: the legal builds of the roll, or the start
        pyramids (central first, as §4.7 offers them)."""
        s = game.engine.state
        seat = s.current
        if seat is None:
            return []
        if s.phase is Phase.START:
            return [tuple(g.bits(m)) for m in start_pyramid_order()]
        if s.phase is Phase.BUILD and s.roll is not None:
            return sorted(tuple(g.bits(m)) for m in s.builds(seat, s.roll))
        return []

    def bonus_choices(
        self, game: Game, build: tuple[int, ...]
    ) -> tuple[int, list[tuple[int, ...]]]:
        """(k, the legal groups of k bonus dice) after ``build``; (0, []) when it earns none."""
        engine = game.engine
        seat = engine.state.current
        if engine.state.phase is not Phase.BUILD or seat is None:
            return 0, []
        trial = engine.copy()
        trial.apply(Build(seat, build))
        s = trial.state
        if s.phase is not Phase.BONUS:
            return 0, []
        return s.bonus_due, [tuple(g.bits(m)) for m in s.bonus_groups(seat, s.bonus_due)]

    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        game: Game = row.game
        options = self.choices(game)
        if click.action == "back":
            return Outcome(screen=None)
        try:
            screen = self._read(game, options, click)
        except ValueError:
            raise Refusal(dw.NOT_OFFERED) from None
        return Outcome(screen=screen) if isinstance(screen, Screen) else Outcome(action=screen)

    def _read(self, game: Game, options: list[tuple[int, ...]], click: Click) -> Screen | Lay:
        """What a click asks for; ``ValueError`` for anything not offered on its screen."""
        seat = game.engine.state.current
        assert seat is not None
        shown = pg.pages(options)

        def one() -> str:
            if len(click.values) != 1:
                raise ValueError("one value")
            return click.values[0]

        match click.action, click.args:
            case "page", ():
                return Screen(page=pg.page_number(one(), shown))
            case "pick", (page,):
                build = pg.parse(one())
                if build not in options:
                    raise ValueError("not a legal build")
                return Screen(page=pg.page_number(page, shown), build=build)
            case "bpage", (page, build_key):
                build = pg.parse(build_key)
                k, groups = self.bonus_choices(game, build) if build in options else (0, [])
                if not k:
                    raise ValueError("no bonus")
                return Screen(
                    pg.page_number(page, shown),
                    build,
                    None,
                    pg.page_number(one(), pg.pages(groups)),
                )
            case "bonus", (page, build_key, bonus_page):
                build = pg.parse(build_key)
                k, groups = self.bonus_choices(game, build) if build in options else (0, [])
                bonus = pg.parse(one())
                if bonus not in groups:
                    raise ValueError("not a legal bonus group")
                listing = pg.pages(groups)
                return Screen(
                    pg.page_number(page, shown), build, bonus, pg.page_number(bonus_page, listing)
                )
            case "build", (build_key, bonus_key):
                build, bonus = pg.parse(build_key), pg.parse(bonus_key)
                if build not in options:
                    raise ValueError("not a legal build")
                return Lay(seat, build, bonus)
        raise ValueError(f"no such control: {click.action}")

    # ------------------------------------------------------------------------ the turn

    def intro(self, t: Translator, row: GameRow) -> str:
        """The search for the start player (who rolls a 4 first) and the colours."""
        game: Game = row.game
        rolls = [a for a in game.recent if isinstance(a, Roll)]
        shown = " · ".join(f"{dw.who(self, t, row, a.seat)} {dw.face(a.value)}" for a in rolls)
        start = game.engine.state.start_player
        lines = [t("Rolling for a 4: {rolls}", rolls=shown)]
        if start is not None:
            name = dw.who(self, t, row, start)
            lines.append(t("{name} rolled the first 4 and lays the start pyramid.", name=name))
        lines.append(
            t(
                "Everyone has {n} dice of their colour. Whoever builds their last die first wins.",
                n=d.ABQ_SUPPLY,
            )
        )
        return "\n".join(lines)

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        game: Game = row.game
        s = game.engine.state
        seat = s.current
        lang = t.lang
        assert seat is not None, "turn_view of a finished game"
        person = not row.players[seat].is_ai
        lines = [dw.header(self, t, row, seat)]
        name = dw.who(self, t, row, seat)
        if s.phase is Phase.BUILD and s.roll is not None:
            lines.append(
                "🎲 "
                + tn(
                    translator(lang),
                    "{name} rolled {roll}: build {n} die.",
                    "{name} rolled {roll}: build {n} dice.",
                    s.roll,
                    name=name,
                    roll=dw.face(s.roll),
                )
            )
        elif s.phase is Phase.START:
            lines.append(t("{name} lays the start pyramid.", name=name))
        options = self.choices(game)
        shown = self._settle(game, options, screen) if person else Screen()
        controls = None
        if person:
            lines.append(self._prompt(t, game, options, shown))
            if (line := dw.deadline(t, row)) is not None:
                lines.append(line)
            controls = self._controls(t, game, options, shown)
        lines.append(self._supplies(t, row))
        return TurnView("\n".join(lines), controls, self._picture(t, row, options, shown))

    def _settle(self, game: Game, options: list[tuple[int, ...]], screen: Any) -> Screen:
        """``screen`` if it still fits the position, else the first screen."""
        if not isinstance(screen, Screen):
            return Screen()
        if screen.build and screen.build not in options:
            return Screen()
        if screen.page is not None and screen.page >= len(pg.pages(options)):
            return Screen()
        return screen

    def _prompt(
        self, t: Translator, game: Game, options: list[tuple[int, ...]], screen: Screen
    ) -> str:
        if not screen.build:
            if game.engine.state.phase is Phase.START:
                return t(
                    "Choose your start pyramid: three dice on the plate and one on them, not "
                    "at the edge. The first three are the most central."
                )
            return t(
                "Choose your build: {n} is possible. The picture labels every die that can be "
                "part of one.",
                "Choose your build: {n} are possible. The picture labels every die that can be "
                "part of one.",
                len(options),
            )
        chosen = pg.words(screen.build)
        lang = t.lang
        k, _groups = self.bonus_choices(game, screen.build)
        if k and screen.bonus is None:
            return tn(
                translator(lang),
                "{dice}: a row of {row} earns {n} bonus die. Choose where, or build without.",
                "{dice}: a row of {row} earns {n} bonus dice. Choose where, or build without.",
                k,
                dice=chosen,
                row=g.longest_row(g.mask_of(screen.build)),
            )
        if screen.bonus:
            chosen += " + " + pg.words(screen.bonus)
        return t("The picture shows {dice} built. Press **Build** to build it.", dice=chosen)

    def _controls(
        self, t: Translator, game: Game, options: list[tuple[int, ...]], screen: Screen
    ) -> Controls:
        page = screen.page
        rows: list[Row] = list(
            pg.selects(
                pg.pages(options),
                page,
                pages_action="page",
                choose_action="pick",
                option=lambda c: Option(
                    pg.words(c), pg.key(c), _about_build(t, c), default=c == screen.build
                ),
                pages_hint=t("Builds starting at…"),
                choose_hint=t("Choose the dice to build…"),
                about_page=lambda p: _count(t, len(p.choices)),
            )
        )
        hint = Button("hint", label=t("Hint"), emoji="💡")
        if not screen.build:
            rows.append((hint,))
            return Controls(tuple(rows))
        build = pg.key(screen.build)
        back = Button("back", label=t("Back"))
        k, groups = self.bonus_choices(game, screen.build)
        if k:
            rows += pg.selects(
                pg.pages(groups),
                screen.bonus_page,
                pages_action="bpage",
                choose_action="bonus",
                option=lambda c: Option(pg.words(c), pg.key(c), default=c == screen.bonus),
                args=("-" if page is None else str(page), build),
                pages_hint=t("Bonus dice starting at…"),
                choose_hint=t("Choose your bonus dice…"),
            )
        buttons: list[Button] = []
        if not k or screen.bonus is not None:
            bonus = pg.key(screen.bonus or ())
            buttons.append(Button("build", (build, bonus), t("Build"), Style.SUCCESS, "✅"))
        if k:
            buttons.append(Button("build", (build, "-"), t("Build without bonus dice")))
        rows.append((*buttons, back, hint))
        return Controls(tuple(rows))

    def _picture(
        self, t: Translator, row: GameRow, options: list[tuple[int, ...]], screen: Screen
    ) -> Picture:
        game: Game = row.game
        snap = game.engine.copy()
        names = player_names(t, row)
        drawn = self.drawn(t, game)
        seat = snap.state.current
        if not screen.build or seat is None:
            shown = pg.pages(options)
            page = shown[screen.page or 0].choices if screen.page is not None else options
            if snap.state.phase is Phase.START and screen.page is None:
                labels: list[int] | None = None  # the renderer labels the start pyramids' tops
            else:
                labels = pg.positions(page)
            kwargs: dict[str, Any] = {**drawn, "choosable": labels}
            return Picture(render_abquetschen, "abquetschen.png", (snap, names), kwargs)
        # a preview: the chosen dice built in the player's colour, labelled
        added = g.mask_of(screen.build + (screen.bonus or ()))
        snap.state.occupied |= added
        snap.state.owned[seat] |= added
        k, groups = self.bonus_choices(game, screen.build)
        labels = pg.positions(groups) if k and screen.bonus is None else sorted(g.bits(added))
        kwargs = {**drawn, "choosable": labels}
        return Picture(render_abquetschen, "abquetschen-preview.png", (snap, names), kwargs)

    def _supplies(self, t: Translator, row: GameRow) -> str:
        supply = row.game.engine.state.supply
        parts = [f"{dw.who(self, t, row, s)} **{supply[s]}**" for s in range(len(supply))]
        return t("In supply: {seats}", seats=" · ".join(parts))

    def turn_result(self, t: Translator, row: GameRow) -> str:
        """What the turn that ended did, and what followed by itself (passes, the turns the
        computer played for seats that resigned, the end)."""
        game: Game = row.game
        lines: list[str] = []
        recent = game.recent
        lang = t.lang
        for i, action in enumerate(recent):
            name = dw.who(self, t, row, action.seat)
            later = recent[i + 1] if i + 1 < len(recent) else None
            if isinstance(action, Roll):
                if isinstance(later, Roll):
                    lines.append(
                        t(
                            "{name} rolled {roll}: no build is possible, the turn passes.",
                            name=name,
                            roll=dw.face(action.value),
                        )
                    )
                elif later is None and game.engine.state.end_reason is EndReason.ROLL_OVER_SUPPLY:
                    lines.append(t("{name} rolled {roll}.", name=name, roll=dw.face(action.value)))
            elif isinstance(action, StartPyramid):
                lines.append(
                    t("{name} laid the start pyramid {dice}.", name=name, dice=_labels(action))
                )
            elif isinstance(action, Build):
                lines.append(t("{name} built {dice}.", name=name, dice=_labels(action)))
            elif action.positions:
                lines.append(
                    tn(
                        translator(lang),
                        "{name} built {n} bonus die: {dice}.",
                        "{name} built {n} bonus dice: {dice}.",
                        len(action.positions),
                        name=name,
                        dice=_labels(action),
                    )
                )
            else:
                lines.append(t("{name} did not build the bonus dice.", name=name))
        if not lines:
            lines.append(t("The turn ended."))
        end = self.end_line(t, row)
        if end:
            lines.append(end)
        return "\n".join(lines)

    def end_line(self, t: Translator, row: GameRow) -> str:
        engine = row.game.engine
        s = engine.state
        if s.end_reason is None:
            return ""
        if s.end_reason is EndReason.BURIED:
            seat = (engine.log[-1].seat + 1) % 3 if engine.log else _buried_seat(engine)
        else:
            seat = s.winners[0] if s.winners else 0
        return "🏁 " + t(END_REASONS[s.end_reason], name=dw.who(self, t, row, seat))

    def standing(self, t: Translator, game: Game, seat: int) -> str:
        supply = game.engine.state.supply[seat]
        left = t("{n} die left", "{n} dice left", supply)
        built = t("{n} built", n=d.ABQ_SUPPLY - supply)
        return f"**{left}** ({built})"

    def win_reason(self, t: Translator, game: Game, seat: int) -> str:
        engine = game.engine
        reason = engine.state.end_reason
        if reason is EndReason.SUPPLY_USED:
            return t("built their last die")
        if reason is EndReason.ROLL_OVER_SUPPLY:
            n = engine.state.supply[seat]
            roll = getattr(engine.log[-1], "value", n + 1) if engine.log else n + 1
            lang = t.lang  # not t.… inside the call: pybabel would take t for a message
            return tn(
                translator(lang),
                "rolled {roll} with only {n} die left",
                "rolled {roll} with only {n} dice left",
                n,
                roll=roll,
            )
        return t("fewest dice left")

    def snapshot(self, game: Game) -> Abquetschen:
        return game.engine.copy()

    # ------------------------------------------------------------------ computers, hints

    def computer_move(self, game: Game, seat: int, level: str, seed: str) -> Move:
        """The whole turn: the build, then (on a copy) the bonus dice it earns."""
        rng = random.Random(seed)
        engine = game.engine
        chosen = decide(engine.state, Level(level), rng).action
        assert isinstance(chosen, StartPyramid | Build)
        trial = engine.copy()
        trial.apply(chosen)
        bonus: tuple[int, ...] = ()
        if trial.state.phase is Phase.BONUS:
            extra = decide(trial.state, Level(level), rng).action
            assert isinstance(extra, Bonus)
            bonus = extra.positions
        return Move(Lay(seat, chosen.positions, bonus))

    def hint_text(self, t: Translator, row: GameRow, seat: int) -> str:
        """What the normal computer would build, and the room to build it leaves."""
        game: Game = row.game
        lay = self.computer_move(game, seat, "normal", f"hint:{row.event_count}").action
        assert isinstance(lay, Lay)
        s = game.engine.state
        lines = [t("The computer would build {dice}.", dice=pg.words(lay.positions))]
        if lay.bonus:
            lines.append(t("Its row earns bonus dice: {dice}.", dice=pg.words(lay.bonus)))
        added = g.mask_of(lay.positions + lay.bonus)
        room = anchors_of(s.occupied | added, s.owned[seat] | added).bit_count()
        lines.append(
            t(
                "Afterwards {n} place touches your dice to build on.",
                "Afterwards {n} places touch your dice to build on.",
                room,
            )
        )
        return "💡 " + " ".join(lines)

    def rules(self, t: Translator) -> tuple[str, Picture | None]:
        text = "\n".join(
            [
                "**Abquetschen**",
                t(
                    "Three players build the pyramid, each from a supply of 55 dice of their "
                    "colour. Whoever builds their last die first wins."
                ),
                "• "
                + t(
                    "Whoever rolls a 4 first lays the start pyramid: three dice on the plate and "
                    "one on them, not at the edge."
                ),
                "• "
                + t(
                    "On your turn the bot rolls the turquoise die: build exactly that many dice. "
                    "They must hang together face to face, each resting on three dice or the "
                    "plate, and one of them must touch one of your own dice (anyone's, before "
                    "you have one)."
                ),
                "• "
                + t(
                    "A row of 4, 5 or 6 new dice earns 1, 2 or 3 bonus dice. A roll with no "
                    "possible build passes."
                ),
                "• "
                + t(
                    "The game ends when a supply is used up, when someone rolls more than their "
                    "supply (they win), or when a player has no open die left: then the fewest "
                    "dice in supply win."
                ),
                t(
                    "On your turn choose the dice from the list: the picture labels them and "
                    "shows your choice built before you press Build."
                ),
            ]
        )
        return text, self.rules_picture(t)

    # ------------------------------------------------------------------- stats

    def seat_facts(self, game: Game) -> list[dict[str, Any]]:
        """Per seat: dice built, bonus dice, and the longest row of one build."""
        facts: list[dict[str, Any]] = [{"built": 0, "bonus": 0, "row": 0} for _ in range(3)]
        for event in game.events:
            if isinstance(event, StartPyramid | Build | Bonus):
                fact = facts[event.seat]
                fact["built"] += len(event.positions)
                if isinstance(event, Bonus):
                    fact["bonus"] += len(event.positions)
                elif isinstance(event, Build):
                    fact["row"] = max(fact["row"], g.longest_row(g.mask_of(event.positions)))
        return facts

    def score_lines(self, t: Translator, average: float, best: int) -> list[StatLine]:
        """Scores are dice built; players count the dice left in their supply."""
        return [
            StatLine(t("Average dice left"), f"{d.ABQ_SUPPLY - average:.1f}"),
            StatLine(t("Fewest dice left"), str(d.ABQ_SUPPLY - best)),
        ]

    def stat_lines(self, t: Translator, facts: Sequence[Mapping[str, Any]]) -> list[StatLine]:
        if not facts:
            return []
        return [
            StatLine(t("Bonus dice"), str(sum(int(f.get("bonus", 0)) for f in facts))),
            StatLine(t("Longest row"), str(max(int(f.get("row", 0)) for f in facts))),
        ]

    def warm(self) -> None:
        """The plate, panels and palette every Das Spiel picture shares (65 ms); the dice's
        faces are drawn on first use."""
        render_abquetschen(Abquetschen(), ["", "", ""])


def _labels(action: StartPyramid | Build | Bonus) -> str:
    return pg.words(tuple(sorted(action.positions)))


def _count(t: Translator, n: int) -> str:
    return t("{n} build", "{n} builds", n)


def _about_build(t: Translator, choice: tuple[int, ...]) -> str | None:
    row = g.longest_row(g.mask_of(choice))
    if row <= d.ABQ_BONUS_ROW_OFFSET:
        return None
    lang = t.lang
    return tn(
        translator(lang),
        "a row of {row}: {n} bonus die",
        "a row of {row}: {n} bonus dice",
        row - d.ABQ_BONUS_ROW_OFFSET,
        row=row,
    )


def _buried_seat(engine: Abquetschen) -> int:
    """Whose turn began with no open die (the engine ends the game as it begins)."""
    s = engine.state
    for seat in range(3):
        if s.owned[seat] and not s.open_dice(seat):
            return seat
    return 0
