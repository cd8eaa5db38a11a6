"""``CuiBonoAdapter``: 2–6 players take the pyramid apart (RULES.md §7) in Discord.

A turn is two clicks, each an engine event as §7.4 describes it: a select of the bottom dice
that may be pulled (the picture labels them); the pull is applied at once and the picture shows
the slide, with the funnels the die may go back into labelled; then a select of those funnels,
or **Keep** (the only choice when no funnel takes the die). More than 25 choices are paged by
their position (``pages``). Everything is public except the interior dice's colours, which the
pictures never draw; the record holds the whole set-up, so only a finished game is exported.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from bot.adapters.cui_bono import state as records
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
from bot.core.text import player_names
from games.common.ai import Level
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.cui_bono import (
    CuiBono,
    EndReason,
    Keep,
    NotPullable,
    Phase,
    Pull,
    Put,
    PutRefused,
)
from games.das_spiel.cui_bono.ai import decide
from games.das_spiel.errors import WrongPhase
from games.das_spiel.pyramid import Colour
from locales import N_, Translator, tn, translator
from renderers.das_spiel import render_cui_bono, render_cui_bono_final

if TYPE_CHECKING:
    from bot.contract.models import GameRow

Game = Table[CuiBono]
SQUARES = {Colour.RED: "🟥", Colour.YELLOW: "🟨", Colour.PEARL: "⬜"}
COLOUR_NAMES = {Colour.RED: N_("red"), Colour.YELLOW: N_("yellow"), Colour.PEARL: N_("pearl")}
END_REASONS = {
    EndReason.DICE_LIMIT: N_("{name} kept their last die."),
    EndReason.NOTHING_TO_PULL: N_("No die can be pulled any more."),
    EndReason.QUIET_CAP: N_("Too many turns went by without a kept die."),
}
LEVEL_ABOUT = {
    "easy": N_("pulls any die and puts it back anywhere it may"),
    "normal": N_("takes the fewest minus points now"),
    "hard": N_("looks one turn ahead, for itself and the next player"),
}


@dataclass(frozen=True, slots=True)
class Screen:
    page: int | None = None  # the page of choices shown, when they need two selects


class CuiBonoAdapter(DasSpielAdapter[CuiBono], Hints):
    info = das_spiel_info(
        kind="cuibono",
        code="cui",
        title="Cui bono?",
        summary=N_(
            "Take the pyramid apart: pull a die from the bottom layer and put it back, or keep "
            "it for minus points."
        ),
        min_seats=d.CUI_MIN_PLAYERS,
        max_seats=d.CUI_MAX_PLAYERS,
        seat_marks=dw.SEAT_DISCS,
        capabilities=frozenset({Capability.HINTS}),
        choice_label=N_("Cui bono?: take the pyramid apart (2–6 players)"),
        level_descriptions=LEVEL_ABOUT,
        refusals={
            NotPullable: N_(
                "That die cannot be pulled: it needs two free sides in the bottom layer."
            ),
            PutRefused: N_("The die may not go back there."),
            WrongPhase: N_("That move is not allowed now."),
        },
        export_running=False,  # the record holds the interior's colours
    )
    decide = staticmethod(decide)
    records = records
    stat_names: ClassVar[Mapping[str, str]] = {
        "kept": N_("Dice kept"),
        "put": N_("Dice put back"),
    }  # each summed
    final_draw = staticmethod(render_cui_bono_final)

    # ------------------------------------------------------------------------ engine hooks

    def fresh(self, setup: dict[str, Any]) -> CuiBono:
        return CuiBono.new(
            int(setup["seats"]), int(setup["seed"]), start_seat=int(setup["start_seat"])
        )

    def state_from_dict(self, setup: dict[str, Any], data: Any) -> CuiBono:
        return CuiBono(records.state_from_dict(data), seed=int(setup["seed"]))

    def engine_actions(self, table: Game, action: Any) -> list[Any]:
        if not isinstance(action, Pull | Put | Keep):
            raise TypeError(f"not a Cui bono? action: {action!r}")
        return [action]

    def turn_done(self, engine: CuiBono, action: Any, result: Any) -> bool:
        return isinstance(action, Put | Keep)

    def rank_key(self, engine: CuiBono, seat: int) -> tuple[int, ...]:
        s = engine.state
        return (s.minus_points(seat), len(s.kept[seat]))

    def mid_turn(self, engine: CuiBono) -> bool:
        return engine.state.phase is Phase.PLACE

    def scores(self, game: Game) -> Sequence[int]:
        """Minus points, as negative scores: the fewer, the better."""
        s = game.engine.state
        return [-s.minus_points(seat) for seat in range(s.seats)]

    def ends_turn(self, action: Any) -> bool:
        return isinstance(action, Put | Keep)

    # ------------------------------------------------------------------------ choices

    def choices(self, game: Game) -> list[tuple[int, ...]]:
        """The dice the seat on turn may pull, or the funnels the held die may go back into."""
        s = game.engine.state
        mask = s.pullable() if s.phase is Phase.PULL else s.funnels
        return [(i,) for i in g.bits(mask)]

    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        game: Game = row.game
        s = game.engine.state
        options = self.choices(game)
        try:
            if click.action == "keep" and not click.args and s.phase is Phase.PLACE:
                return Outcome(action=Keep(seat))
            if click.action == "page" and not click.args and len(click.values) == 1:
                return Outcome(screen=Screen(pg.page_number(click.values[0], pg.pages(options))))
            if click.action in ("pull", "put") and len(click.values) == 1:
                choice = pg.parse(click.values[0])
                wanted = Phase.PULL if click.action == "pull" else Phase.PLACE
                if choice not in options or s.phase is not wanted:
                    raise ValueError("not offered")
                action = Pull if click.action == "pull" else Put
                return Outcome(action=action(seat, choice[0]))
        except ValueError:
            pass
        raise Refusal(dw.NOT_OFFERED)

    # ------------------------------------------------------------------------ the turn

    def intro(self, t: Translator, row: GameRow) -> str:
        s = row.game.engine.state
        penalty = " · ".join(f"{SQUARES[c]} {t(COLOUR_NAMES[c])} −{s.penalty[c]}" for c in SQUARES)
        return "\n".join(
            [
                t("Minus points per kept die: {penalty}.", penalty=penalty),
                t(
                    "The game ends when someone keeps their {n}th die. Fewest minus points win.",
                    n=s.dice_limit,
                ),
                t(
                    "These minus points are provisional: the symbols for them in the original "
                    "rulebook are lost."
                ),
            ]
        )

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        game: Game = row.game
        s = game.engine.state
        seat = s.current
        assert seat is not None, "turn_view of a finished game"
        person = not row.players[seat].is_ai
        name = dw.who(self, t, row, seat)
        lines = [dw.header(self, t, row, seat)]
        options = self.choices(game)
        page = screen.page if isinstance(screen, Screen) else None
        if page is not None and page >= len(pg.pages(options)):
            page = None
        held = s.held
        if s.phase is Phase.PLACE and held is not None and s.pulled is not None:
            lines.append(
                t(
                    "{name} pulled {die} from {where}: the dice above slid down.",
                    name=name,
                    die=_die(t, held.colour),
                    where=g.LABELS[s.pulled],
                )
            )
        if person:
            lines.append(self._prompt(t, game, len(options)))
            if (line := dw.deadline(t, row)) is not None:
                lines.append(line)
        lines.append(self._scores(t, row))
        controls = self._controls(t, game, options, page) if person else None
        shown = pg.pages(options)
        labels = pg.positions(shown[page].choices) if page is not None else pg.positions(options)
        picture = Picture(
            render_cui_bono,
            "cui-bono.png",
            (self.snapshot(game), player_names(t, row)),
            {**self.drawn(t, game), "choosable": labels},
        )
        return TurnView("\n".join(lines), controls, picture)

    def _prompt(self, t: Translator, game: Game, count: int) -> str:
        s = game.engine.state
        lang = t.lang
        if s.phase is Phase.PULL:
            return tn(
                translator(lang),
                "Choose the die to pull: {n} bottom die has two free sides.",
                "Choose the die to pull: {n} bottom dice have two free sides.",
                count,
            )
        assert s.held is not None
        cost = s.penalty[s.held.colour]
        if count:
            return tn(
                translator(lang),
                "Put it back into a funnel the picture labels ({n} possible), or keep it: −{cost}.",
                "Put it back into a funnel the picture labels ({n} possible), or keep it: −{cost}.",
                count,
                cost=cost,
            )
        return t("No funnel takes it: keep it (−{cost}).", cost=cost)

    def _controls(
        self, t: Translator, game: Game, options: list[tuple[int, ...]], page: int | None
    ) -> Controls:
        s = game.engine.state
        pulling = s.phase is Phase.PULL
        rows: list[Row] = list(
            pg.selects(
                pg.pages(options),
                page,
                pages_action="page",
                choose_action="pull" if pulling else "put",
                option=lambda c: self._option(t, game, c),
                pages_hint=t("Positions from…"),
                choose_hint=t("Choose the die to pull…") if pulling else t("Put it back into…"),
            )
        )
        buttons: list[Button] = []
        if s.phase is Phase.PLACE and s.held is not None:
            cost = s.penalty[s.held.colour]
            buttons.append(Button("keep", label=t("Keep it (−{n})", n=cost), style=Style.DANGER))
        buttons.append(Button("hint", label=t("Hint"), emoji="💡"))
        rows.append(tuple(buttons))
        return Controls(tuple(rows))

    def _option(self, t: Translator, game: Game, choice: tuple[int, ...]) -> Option:
        s = game.engine.state
        i = choice[0]
        if s.phase is Phase.PULL:
            die = s.pyramid.dice[i]
            assert die is not None
            about = t(
                "{colour}: −{n} if kept",
                colour=t(COLOUR_NAMES[die.colour]),
                n=s.penalty[die.colour],
            )
            return Option(g.LABELS[i], pg.key(choice), about, emoji=SQUARES[die.colour])
        walls = "".join(
            SQUARES[die.colour]
            for j in g.SUPPORT_BY_AXIS[i]
            if (die := s.pyramid.dice[j]) is not None and die.colour in SQUARES
        )
        return Option(g.LABELS[i], pg.key(choice), t("funnel {walls}", walls=walls))

    def _scores(self, t: Translator, row: GameRow) -> str:
        s = row.game.engine.state
        parts = [
            f"{dw.who(self, t, row, seat)} **{s.minus_points(seat)}** ({len(s.kept[seat])})"
            for seat in range(s.seats)
        ]
        return t(
            "Minus points (dice kept of {n}): {seats}",
            n=s.dice_limit,
            seats=" · ".join(parts),
        )

    def turn_result(self, t: Translator, row: GameRow) -> str:
        game: Game = row.game
        s = game.engine.state
        lines: list[str] = []
        pulled: Pull | None = None
        colour: Colour | None = None
        for action in game.recent:
            name = dw.who(self, t, row, action.seat)
            if isinstance(action, Pull):
                pulled = action
                continue
            where = g.LABELS[pulled.pos] if pulled is not None else "?"
            if isinstance(action, Put):
                die = s.pyramid.dice[action.pos]
                colour = die.colour if die is not None else None
                lines.append(
                    t(
                        "{name} pulled {die} from {where} and put it back into {funnel}.",
                        name=name,
                        die=_die(t, colour),
                        where=where,
                        funnel=g.LABELS[action.pos],
                    )
                )
            else:
                kept = s.kept[action.seat]
                colour = kept[-1] if kept else None
                lines.append(
                    t(
                        "{name} pulled {die} from {where} and kept it: −{n}.",
                        name=name,
                        die=_die(t, colour),
                        where=where,
                        n=s.penalty[colour] if colour is not None else 0,
                    )
                )
            pulled = None
        if not lines:
            lines.append(t("The turn ended."))
        if end := self.end_line(t, row):
            lines.append(end)
        return "\n".join(lines)

    def end_line(self, t: Translator, row: GameRow) -> str:
        engine = row.game.engine
        reason = engine.state.end_reason
        if reason is None:
            return ""
        last = engine.log[-1].seat if engine.log else 0
        return "🏁 " + t(END_REASONS[reason], name=dw.who(self, t, row, last))

    def standing(self, t: Translator, game: Game, seat: int) -> str:
        s = game.engine.state
        kept = "".join(SQUARES[c] for c in s.kept[seat])
        points = t("{n} minus point", "{n} minus points", s.minus_points(seat))
        dice = t("{n} die", "{n} dice", len(s.kept[seat]))
        return f"**{points}** ({dice}) {kept}".rstrip()

    def win_reason(self, t: Translator, game: Game, seat: int) -> str:
        s = game.engine.state
        if any(
            s.minus_points(o) == s.minus_points(seat) and o not in s.winners for o in range(s.seats)
        ):
            return t("fewest minus points, then fewest dice")
        return t("fewest minus points")

    def snapshot(self, game: Game) -> CuiBono:
        engine = CuiBono(game.engine.state.copy(), seed=game.engine.seed)
        engine.log = list(game.engine.log)
        return engine

    # ------------------------------------------------------------------ computers, hints

    def computer_move(self, game: Game, seat: int, level: str, seed: str) -> Move:
        action = decide(game.engine.state, Level(level), random.Random(seed)).action
        if isinstance(action, Pull):
            pos = action.pos
            die = game.engine.state.pyramid.dice[pos]
            colour = die.colour if die is not None else None
            return Move(
                action,
                lambda t: t("pulled {die} from {where}.", die=_die(t, colour), where=g.LABELS[pos]),
            )
        return Move(action)

    def hint_text(self, t: Translator, row: GameRow, seat: int) -> str:
        """What the hard computer would do now."""
        game: Game = row.game
        action = decide(game.engine.state, Level.HARD, random.Random(row.event_count)).action
        if isinstance(action, Pull):
            text = t("The computer would pull {where}.", where=g.LABELS[action.pos])
        elif isinstance(action, Put):
            text = t("The computer would put it back into {where}.", where=g.LABELS[action.pos])
        else:
            text = t("The computer would keep it.")
        return "💡 " + text

    def rules(self, t: Translator) -> tuple[str, Picture | None]:
        text = "\n".join(
            [
                "**Cui bono?**",
                t(
                    "2 to 6 players take the full pyramid apart. Fewest minus points win; on a "
                    "tie, fewest kept dice."
                ),
                "• "
                + t(
                    "On your turn pull a die from the bottom layer that has two free sides; the "
                    "dice above it slide down and a new funnel opens."
                ),
                "• "
                + t(
                    "Put it back into a funnel whose three dice show three colours, or one "
                    "colour that is not the die's; a die on an edge of the pyramid may not "
                    "make that edge all one colour. Never onto the plate."
                ),
                "• "
                + t(
                    "Or keep it: red costs 1 minus point, yellow 2, pearl 3. The game ends when "
                    "someone keeps their 10th die (7th with 5 or 6 players)."
                ),
            ]
        )
        return text, self.rules_picture(t)

    # ------------------------------------------------------------------- stats

    def seat_facts(self, game: Game) -> list[dict[str, Any]]:
        """Per seat: dice kept and dice put back."""
        seats = game.engine.state.seats
        facts: list[dict[str, Any]] = [{"kept": 0, "put": 0} for _ in range(seats)]
        for event in game.events:
            if isinstance(event, Keep):
                facts[event.seat]["kept"] += 1
            elif isinstance(event, Put):
                facts[event.seat]["put"] += 1
        return facts

    def score_lines(self, t: Translator, average: float, best: int) -> list[StatLine]:
        """Scores are minus points, negative: said as minus points."""
        return [
            StatLine(t("Average minus points"), f"{abs(average):.1f}"),
            StatLine(t("Fewest minus points"), str(abs(best))),
        ]


def _die(t: Translator, colour: Colour | None) -> str:
    """``a 🟥 red die``."""
    if colour is None:
        return t("a die")
    return t("a {square} {colour} die", square=SQUARES[colour], colour=t(COLOUR_NAMES[colour]))
