"""``WuerfelmarschAdapter``: three armies of five dice march over the plate (RULES.md §9).

A turn is one action, as §9.4 offers it: a select of the player's dice (at most 5); once one is
chosen, buttons in the player's own frame, ↖ forward-left, ↗ forward-right, ← left, → right
(greyed out where the die cannot tip), and ⟳ rotate, which opens a select of the 23 other
orientations (each legal, WM-7). The picture is drawn from the seat's own side (§2.7): the
chosen die labelled, the hollows it can tip into ringed and the funnels such a tip would
complete marked; the message says what each tip would do. The chosen die lives in the
buttons' arguments, so nothing is stored for it and it survives a restart. Nothing is hidden
(§9.4): a running game may be exported.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from bot.adapters.das_spiel import Capability, DasSpielAdapter, Table, das_spiel_info
from bot.adapters.das_spiel import words as dw
from bot.adapters.wuerfelmarsch import state as records
from bot.adapters.wuerfelmarsch.state import KEEP_LASTS, Marching
from bot.contract.adapter import (
    Button,
    Click,
    Controls,
    Move,
    Option,
    Outcome,
    Picture,
    Row,
    Select,
    StatLine,
    Style,
    TurnView,
)
from bot.contract.capabilities import Hints
from bot.contract.refusals import Refusal
from bot.core.text import player_names, seat_circles
from games.common.ai import Level
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.errors import BadOrientation, PositionEmpty, PositionTaken
from games.das_spiel.orientation import ORIENTATIONS, Orientation
from games.das_spiel.sides import left_side, right_side, side_of_seat
from games.das_spiel.wuerfelmarsch import (
    SEATS,
    TARGETS,
    Action,
    BackwardMove,
    EndReason,
    NotANeighbour,
    NotYourDie,
    Result,
    Rotate,
    Tip,
)
from games.das_spiel.wuerfelmarsch.ai import decide
from games.das_spiel.wuerfelmarsch.state import MOVES
from locales import N_, Translator
from renderers.das_spiel import render_wuerfelmarsch, render_wuerfelmarsch_final
from renderers.das_spiel import wuerfelmarsch as pictures
from renderers.das_spiel.theme import SEAT_DIE
from renderers.das_spiel.wuerfelmarsch import signed

if TYPE_CHECKING:
    from bot.contract.models import GameRow

Game = Table[Marching]
SEAT_MARKS = seat_circles([c.name.lower() for c in SEAT_DIE])  # the armies' dice colours
# (the engine's name, the button's code, its arrow): the player's own frame (§9.4)
DIRECTIONS = (
    ("forward-left", "fl", "↖"),
    ("forward-right", "fr", "↗"),
    ("left", "l", "←"),
    ("right", "r", "→"),
)
ROTATE = "⟳"
END_REASONS = {
    EndReason.CORNER: N_("{name} reached their target corner."),
    EndReason.PLATE_EMPTY: N_("No die is left on the plate: the scores decide."),
    EndReason.QUIET_CAP: N_("{n} turns went by without a capture: the scores decide."),
}
LEVEL_ABOUT = {
    "easy": N_("tips a random die in a random direction"),
    "normal": N_("takes the best move one step ahead"),
    "hard": N_("also weighs how the others can answer each move: the strongest"),
}


@dataclass(frozen=True, slots=True)
class Screen:
    die: int | None = None  # the chosen die's position
    rotating: bool = False  # the select of orientations is open


def _draw_final(
    snap: Marching,
    names: Sequence[str],
    *,
    lang: str,
    resigned: Sequence[bool] = (),
    ended: str | None = None,
) -> bytes:
    """The final picture with the last action the table kept (its log is only a tail)."""
    last = snap.lasts[-1] if snap.lasts else None
    return render_wuerfelmarsch_final(
        snap, names, lang=lang, resigned=resigned, last=last, ended=ended
    )


class WuerfelmarschAdapter(DasSpielAdapter[Marching], Hints):
    info = das_spiel_info(
        kind="wuerfelmarsch",
        code="wm",
        title="Würfelmarsch",
        summary=N_(
            "Pure strategy: tip your dice across the plate, capturing on the way; the first to "
            "reach their target corner wins."
        ),
        min_seats=SEATS,
        max_seats=SEATS,
        seat_marks=SEAT_MARKS,
        capabilities=frozenset({Capability.HINTS}),
        choice_label=N_("Würfelmarsch: march your dice to the far corner (3 players)"),
        level_descriptions=LEVEL_ABOUT,
        refusals={
            NotYourDie: N_("That die is not yours."),
            NotANeighbour: N_("A die tips only into the next hollow of the plate."),
            BackwardMove: N_("A die never tips backward, toward your own side."),
            PositionTaken: N_("That hollow is taken."),
            PositionEmpty: N_("There is no die there."),
            BadOrientation: N_("The die must show other faces after turning."),
        },
    )
    decide = staticmethod(decide)
    records = records
    stat_names: ClassVar[Mapping[str, str]] = {
        "captured": N_("Dice captured"),
        "lost": N_("Dice lost in ties"),
    }  # each summed
    final_draw = staticmethod(_draw_final)

    # ------------------------------------------------------------------------ engine hooks

    def new_setup(self, seats: int, options: Any, chance: Any) -> dict[str, Any]:
        return super().new_setup(seats, options, chance) | {"quiet_turns": d.WM_QUIET_TURNS}

    def fresh(self, setup: dict[str, Any]) -> Marching:
        return Marching(int(setup["start_seat"]), int(setup["quiet_turns"]))

    def state_to_dict(self, engine: Marching) -> dict[str, Any]:
        data = records.state_to_dict(engine.state)
        data["lasts"] = [records.last_to_dict(last) for last in engine.lasts]
        return data

    def state_from_dict(self, setup: dict[str, Any], data: Any) -> Marching:
        lasts = tuple(records.last_from_dict(last) for last in data["lasts"])
        return Marching(state=records.state_from_dict(data), lasts=lasts)

    def engine_actions(self, table: Game, action: Any) -> list[Action]:
        if not isinstance(action, Tip | Rotate):
            raise TypeError(f"not a Würfelmarsch action: {action!r}")
        return [action]

    def apply_engine(self, engine: Marching, action: Any) -> Result:
        """Apply, and keep what the action did for the pictures and the result line."""
        owners = engine.state.owners()
        result = engine.apply(action)
        last = pictures.last_of(action.seat, owners, result)
        engine.lasts = (*engine.lasts, last)[-KEEP_LASTS:]
        return result

    def turn_done(self, engine: Marching, action: Any, result: Any) -> bool:
        return True  # a tip or a rotation is the whole turn

    def rank_key(self, engine: Marching, seat: int) -> tuple[int, ...]:
        """The higher score first; among equals, the later last turn (§9.3)."""
        s = engine.state
        return (-s.score(seat), -s.last_turn[seat])

    def scores(self, game: Game) -> Sequence[int]:
        s = game.engine.state
        return [s.score(seat) for seat in range(SEATS)]

    def ends_turn(self, action: Any) -> bool:
        return True

    # ------------------------------------------------------------------------ choices

    def tips_of(self, game: Game, die: int) -> dict[str, Tip]:
        """The legal tips of the die at ``die`` of the seat on turn, by direction name."""
        s = game.engine.state
        seat = s.current
        if seat is None or not s.owned[seat] >> die & 1:
            return {}
        occupied = s.pyramid.occupied
        return {
            name: Tip(seat, die, to)
            for to, name, _gain, _lose in MOVES[seat][die]
            if not occupied >> to & 1
        }

    def trial(self, game: Game, action: Action) -> Result:
        """What an action would do, on a copy."""
        state = game.engine.state.copy()
        return state.apply(action)

    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        game: Game = row.game
        try:
            return self._read(game, seat, click)
        except (ValueError, KeyError):
            raise Refusal(dw.NOT_OFFERED) from None

    def _read(self, game: Game, seat: int, click: Click) -> Outcome:
        """What a click asks for; ``ValueError`` or ``KeyError`` for anything not offered."""
        s = game.engine.state

        def own(label: str) -> int:
            i = g.index_of_label(label)
            if not s.owned[seat] >> i & 1:
                raise ValueError("not the seat's die")
            return i

        match click.action, click.args, click.values:
            case "die", (), (label,):
                return Outcome(screen=Screen(own(label)))
            case "turn", (label,), ():
                return Outcome(screen=Screen(own(label), rotating=True))
            case "tip", (label, code), ():
                name = next(n for n, c, _arrow in DIRECTIONS if c == code)
                return Outcome(action=self.tips_of(game, own(label))[name])
            case "rot", (label,), (faces,):
                i = own(label)
                o = tuple(int(c) for c in faces)
                if o not in ORIENTATIONS or o == s.orientation(i):
                    raise ValueError("not offered")
                return Outcome(action=Rotate(seat, i, o))  # type: ignore[arg-type]
        raise ValueError(f"no such control: {click.action}")

    # ------------------------------------------------------------------------ the turn

    def intro(self, t: Translator, row: GameRow) -> str:
        corners = " · ".join(
            t("{name} to {corner}", name=dw.who(self, t, row, seat), corner=g.LABELS[TARGETS[seat]])
            for seat in range(SEATS)
        )
        return "\n".join(
            [
                t(
                    "Every army marches to the corner opposite its side: {corners}.",
                    corners=corners,
                ),
                t(
                    "The first die in its corner wins. A tip that completes a funnel captures: "
                    "the highest wall takes the other players' dice."
                ),
                t(
                    "After {n} turns in a row without a capture the game ends and the scores "
                    "decide (captured dice minus your own dice lost in ties).",
                    n=row.game.engine.state.quiet_turns,
                ),
            ]
        )

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        game: Game = row.game
        s = game.engine.state
        seat = s.current
        assert seat is not None, "turn_view of a finished game"
        person = not row.players[seat].is_ai
        shown = self._settle(game, screen) if person else Screen()
        lines = [dw.header(self, t, row, seat)]
        controls = None
        if person:
            lines += self._prompt(t, row, shown)
            if (line := dw.deadline(t, row)) is not None:
                lines.append(line)
            controls = self._controls(t, game, shown)
        lines.append(self._scores(t, row))
        return TurnView("\n".join(lines), controls, self._picture(t, row, shown, person))

    def _settle(self, game: Game, screen: Any) -> Screen:
        """``screen`` if it still fits the position (its die still the seat's), else none."""
        s = game.engine.state
        if not isinstance(screen, Screen) or screen.die is None or s.current is None:
            return Screen()
        if not s.owned[s.current] >> screen.die & 1:
            return Screen()
        return screen

    def _prompt(self, t: Translator, row: GameRow, screen: Screen) -> list[str]:
        game: Game = row.game
        s = game.engine.state
        seat = s.current
        assert seat is not None
        if screen.die is None:
            return [
                t(
                    "Choose one of your dice, then tip it toward your corner {corner} or turn "
                    "it. The picture is drawn from your side.",
                    corner=g.LABELS[TARGETS[seat]],
                )
            ]
        die = screen.die
        label = g.LABELS[die]
        faces = frame_text(t, seat, s.orientation(die))
        if screen.rotating:
            return [
                t(
                    "Choose the faces {die} shows after turning ({faces} now). It stays in "
                    "its hollow and captures nothing.",
                    die=label,
                    faces=faces,
                )
            ]
        lines = [t("{die} shows {faces}.", die=label, faces=faces)]
        tips = self.tips_of(game, die)
        for name, _code, arrow in DIRECTIONS:
            tip = tips.get(name)
            if tip is not None:
                effect = self.effect(t, row, self.trial(game, tip))
                to = f"{arrow} **{g.LABELS[tip.to]}**"
                lines.append(t("{label}: {value}", label=to, value=effect) if effect else to)
        if not tips:
            lines.append(t("This die cannot tip: turn it, or choose another."))
        return lines

    def effect(self, t: Translator, row: GameRow, r: Result) -> str:
        """What a tip would do, in words ("" when it completes no funnel)."""
        if r.end is EndReason.CORNER:
            return t("reaches your corner: you win")
        parts = []
        by_seat: dict[int, list[str]] = {}
        for c in r.captured:
            by_seat.setdefault(c.by, []).append(g.LABELS[c.pos])
        for seat, labels in sorted(by_seat.items()):
            parts.append(
                t(
                    "{name} captures {labels}",
                    name=dw.who(self, t, row, seat),
                    labels=" ".join(labels),
                )
            )
        if r.removed:
            labels = " ".join(g.LABELS[i] for i in r.removed)
            parts.append(t("a tie: {labels} leave the game", labels=labels))
        if not parts and r.funnels:
            parts.append(t("completes a funnel of your own dice: nothing happens"))
        return "; ".join(parts)

    def _controls(self, t: Translator, game: Game, screen: Screen) -> Controls:
        s = game.engine.state
        seat = s.current
        assert seat is not None
        mark = SEAT_MARKS[seat]
        options = tuple(
            Option(
                g.LABELS[i],
                g.LABELS[i],
                frame_text(t, seat, s.orientation(i)),
                default=i == screen.die,
                emoji=mark,
            )
            for i in g.bits(s.owned[seat])
        )
        rows: list[Row] = [Select("die", options, placeholder=t("Choose one of your dice…"))]
        if screen.die is not None:
            label = g.LABELS[screen.die]
            tips = self.tips_of(game, screen.die)
            buttons = [
                Button(
                    "tip",
                    (label, code),
                    f"{arrow} {pictures.direction_name(t, name)}",
                    Style.PRIMARY if name in tips else Style.SECONDARY,
                    disabled=name not in tips,
                )
                for name, code, arrow in DIRECTIONS
            ]
            rotate_style = Style.SUCCESS if screen.rotating else Style.SECONDARY
            rotate = t("rotate")
            buttons.append(Button("turn", (label,), f"{ROTATE} {rotate}", rotate_style))
            rows.append(tuple(buttons))
            if screen.rotating:
                rows.append(
                    Select(
                        "rot",
                        self._orientations(t, seat, s.orientation(screen.die)),
                        (label,),
                        t("Turn it to show…"),
                    )
                )
        rows.append((Button("hint", label=t("Hint"), emoji="💡"),))
        return Controls(tuple(rows))

    def _orientations(self, t: Translator, seat: int, own: Orientation) -> tuple[Option, ...]:
        """The 23 other orientations (WM-7), in the player's frame: front, left, right."""
        others = sorted((o for o in ORIENTATIONS if o != own), key=lambda o: frame(seat, o))
        return tuple(
            Option(
                " · ".join(map(str, frame(seat, o))), "".join(map(str, o)), frame_text(t, seat, o)
            )
            for o in others
        )

    def _picture(self, t: Translator, row: GameRow, screen: Screen, person: bool) -> Picture:
        game: Game = row.game
        s = game.engine.state
        seat = s.current
        assert seat is not None
        snap = self.snapshot(game)
        if not person:
            dice: list[int] = []
            moves_from: int | None = None
        elif screen.die is None:
            dice = g.bits(s.owned[seat])
            moves_from = s.owned[seat]
        else:
            dice = [screen.die]
            moves_from = g.BIT[screen.die]
        kwargs = {
            **self.drawn(t, game),
            "choosable": dice,
            "moves_from": moves_from,
            "funnels": pictures.completions(s, g.mask_of(dice)),
            "last": snap.lasts[-1] if snap.lasts else None,
            "side": side_of_seat(seat),
        }
        names = player_names(t, row)
        return Picture(render_wuerfelmarsch, "wuerfelmarsch.png", (snap, names), kwargs)

    def _scores(self, t: Translator, row: GameRow) -> str:
        s = row.game.engine.state
        who = functools.partial(dw.who, self, t, row)
        parts = [
            f"{who(seat)} **{signed(s.score(seat))}** ({s.owned[seat].bit_count()})"
            for seat in range(SEATS)
        ]
        return t(
            "Scores (dice on the plate): {seats} · {quiet} of {cap} turns without a capture",
            seats=" · ".join(parts),
            quiet=s.quiet,
            cap=s.quiet_turns,
        )

    def turn_result(self, t: Translator, row: GameRow) -> str:
        """What the turn did (and the turns the computer played for a seat that resigned)."""
        game: Game = row.game
        count = len(game.recent)
        lasts = game.engine.lasts[-count:] if count else ()
        lines = [pictures.describe(t, last, lambda s: dw.who(self, t, row, s)) for last in lasts]
        for last in lasts:
            for seat in last.result.skipped:
                lines.append(
                    t("{name} has no die left and is skipped.", name=dw.who(self, t, row, seat))
                )
        if not lines:
            lines.append(t("The turn ended."))
        if end := self.end_line(t, row):
            lines.append(end)
        return "\n".join(lines)

    def end_line(self, t: Translator, row: GameRow) -> str:
        s = row.game.engine.state
        if s.end_reason is None:
            return ""
        winner = s.winners[0] if s.winners else 0
        text = t(END_REASONS[s.end_reason], name=dw.who(self, t, row, winner), n=s.quiet_turns)
        return "🏁 " + text

    def standing(self, t: Translator, game: Game, seat: int) -> str:
        s = game.engine.state
        tally = t(
            "{captured} captured, {removed} lost",
            captured=s.captured[seat],
            removed=s.removed[seat],
        )
        return t("score {score}", score=f"**{signed(s.score(seat))}**") + f" ({tally})"

    def win_reason(self, t: Translator, game: Game, seat: int) -> str:
        s = game.engine.state
        if s.end_reason is EndReason.CORNER:
            return t("reached their target corner")
        if any(s.score(o) == s.score(seat) for o in range(len(s.captured)) if o != seat):
            return t("highest score, and the last of the tied to play")
        return t("highest score")

    def snapshot(self, game: Game) -> Marching:
        engine = game.engine
        snap = Marching(state=engine.state.copy(), lasts=engine.lasts)
        snap.log = list(engine.log)
        return snap

    # ------------------------------------------------------------------ computers, hints

    def computer_move(self, game: Game, seat: int, level: str, seed: str) -> Move:
        return Move(decide(game.engine.state, Level(level), random.Random(seed)).action)

    def hint_text(self, t: Translator, row: GameRow, seat: int) -> str:
        """What the hard computer would do now."""
        game: Game = row.game
        action = decide(game.engine.state, Level.HARD, random.Random(row.event_count)).action
        if isinstance(action, Tip):
            name = next(n for to, n, _g, _l in MOVES[seat][action.frm] if to == action.to)
            text = t(
                "The computer would tip {die} {direction} to {to}.",
                die=g.LABELS[action.frm],
                direction=pictures.direction_name(t, name),
                to=g.LABELS[action.to],
            )
            effect = self.effect(t, row, self.trial(game, action))
            if effect:
                text += " " + effect + "."
        else:
            text = t(
                "The computer would turn {die} to {faces}.",
                die=g.LABELS[action.pos],
                faces=frame_text(t, seat, action.orientation),
            )
        return "💡 " + text

    def rules(self, t: Translator) -> tuple[str, Picture | None]:
        text = "\n".join(
            [
                "**Würfelmarsch**",
                t(
                    "Exactly 3 players, each with 5 dice on the middle of their side of the "
                    "plate. The first to bring a die into the corner opposite their side wins."
                ),
                "• "
                + t(
                    "On your turn either tip one of your dice into the next empty hollow: "
                    "forward-left, forward-right, left or right, never backward; or turn one "
                    "of your dice in its hollow to show other faces."
                ),
                "• "
                + t(
                    "A tip that makes three dice form a funnel is judged: the die with the "
                    "single highest wall captures the other players' dice of that funnel, "
                    "whoever's turn it is. A tie at the top removes all three; a funnel of "
                    "one player's dice does nothing."
                ),
                "• "
                + t(
                    "If no die is left, or after 90 turns in a row without a capture, the "
                    "highest score wins: captured dice minus your own dice lost in ties."
                ),
                t(
                    "On your turn choose a die, then a direction: the picture shows your "
                    "side, rings where the die can go and marks the funnels a tip completes."
                ),
            ]
        )
        return text, self.rules_picture(t)

    # ------------------------------------------------------------------- stats

    def seat_facts(self, game: Game) -> list[dict[str, Any]]:
        """Per seat: dice captured and lost (the engine's tallies), tips and rotations."""
        s = game.engine.state
        facts: list[dict[str, Any]] = [
            {"captured": s.captured[seat], "lost": s.removed[seat], "tips": 0, "turns": 0}
            for seat in range(SEATS)
        ]
        for event in game.events:
            if isinstance(event, Tip):
                facts[event.seat]["tips"] += 1
            elif isinstance(event, Rotate):
                facts[event.seat]["turns"] += 1
        return facts

    def score_lines(self, t: Translator, average: float, best: int) -> list[StatLine]:
        """The score is dice captured minus own dice lost in ties: signed, never "−0"."""
        mean = round(average, 1)
        shown = f"+{mean:.1f}" if mean > 0 else (f"−{-mean:.1f}" if mean < 0 else "0.0")
        return [
            StatLine(t("Average score (captured − lost)"), shown),
            StatLine(t("Best score"), signed(best)),
        ]


def frame(seat: int, o: Orientation) -> tuple[int, int, int]:
    """An orientation in the seat's own frame: the faces toward the player, toward the left
    neighbour, toward the right neighbour (§9.1: the set-up shows 3, 2, 1)."""
    side = side_of_seat(seat)
    return o[side], o[left_side(side)], o[right_side(side)]


def frame_text(t: Translator, seat: int, o: Orientation) -> str:
    front, left, right = frame(seat, o)
    return t("{front} toward you, {left} left, {right} right", front=front, left=left, right=right)
