"""``EintrichternAdapter``: 2–6 players remember the funnel sums under 36 red dice (RULES.md §8)
in Discord, with the online procedure of §8.5.

A turn message shows the covered picture (every red die labelled, the outer yellow faces, the
funnels out of play with their sums) and offers only what is legal: **Roll**, **Adopt n** when
the previous turn failed, then the red die to lift from two selects (rows A–E: 15 dice, F–H:
21). Each lift closes its message with the lift's result: the three wall faces and the sum,
in words and picture, for everyone. On a miss that result lasts exactly 8 s (EIN-4): the
platform then edits the message back to the covered picture and words without the sum
(``TurnView.lasts``, restart-proof); on a match it stays, the funnel is out of play. A match
means the same player rolls again, in a new message. No covered funnel's sum is written
anywhere else: not in turn lines, history, file names or logs; the pictures are drawn from the
seat's view, which never holds one. The one exception is the private hint, which keeps every
lift the table was shown, as notes would (EIN-4), and never reads the plate. The record holds
every face, so only a finished game is exported.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.adapters.das_spiel import Capability, DasSpielAdapter, Table, das_spiel_info
from bot.adapters.das_spiel import words as dw
from bot.adapters.eintrichtern import state as records
from bot.adapters.eintrichtern.state import EinGame, memory
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
from bot.contract.capabilities import Hints, TimedViews
from bot.contract.refusals import Refusal
from bot.core.text import player_names
from games.common.ai import Decision, Level
from games.common.dice import SeededDice
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.eintrichtern import (
    Adopt,
    EndReason,
    Lift,
    NoRedDie,
    NothingToAdopt,
    Phase,
    Reveal,
    Roll,
)
from games.das_spiel.eintrichtern.ai import LEVELS, WantRoll, decide, recall
from games.das_spiel.eintrichtern.memory import PERFECT
from games.das_spiel.errors import WrongPhase
from locales import N_, Translator
from renderers.das_spiel import render_eintrichtern, render_eintrichtern_final

if TYPE_CHECKING:
    from bot.contract.models import GameRow

Game = Table[EinGame]
PICTURE = "eintrichtern.png"  # one name for every picture: a file name tells nothing
REVEAL_SECONDS = d.EIN_REVEAL_MS / 1000
ROWS = {"AE": "ABCDE", "FH": "FGH"}  # the two selects of red dice: 15 and 21 positions
END_REASONS = {
    EndReason.REDS_GOAL: N_("{name} won their {n}th red die."),
    EndReason.REDS_GONE: N_("No red die is left: most red dice win."),
}
LEVEL_ABOUT = {  # as the levels remember (games.das_spiel.eintrichtern.ai.LEVELS)
    "easy": N_("takes in about half the sums shown, holds a few, soon forgets them"),
    "normal": N_("remembers most sums shown, a handful at a time, forgets older ones"),
    "hard": N_("remembers most lifts and their faces for a long while, reasons over the dice"),
}


class EintrichternAdapter(DasSpielAdapter[EinGame], Hints, TimedViews):
    info = das_spiel_info(
        kind="eintrichtern",
        code="ein",
        title="Eintrichtern",
        summary=N_(
            "A memory game: lift red dice to find the funnel whose hidden sum matches your roll."
        ),
        min_seats=d.EIN_MIN_PLAYERS,
        max_seats=d.EIN_MAX_PLAYERS,
        seat_marks=dw.SEAT_DISCS,
        capabilities=frozenset({Capability.HINTS, Capability.TIMED_VIEWS}),
        choice_label=N_("Eintrichtern: remember the funnel sums (2–6 players)"),
        level_descriptions=LEVEL_ABOUT,
        refusals={
            NoRedDie: N_("No red die lies there any more: choose one the picture labels."),
            NothingToAdopt: N_("There is no failed target to adopt now."),
            WrongPhase: N_("That move is not allowed now."),
        },
        export_running=False,  # the record holds every covered funnel's walls
    )
    records = records
    final_draw = staticmethod(render_eintrichtern_final)

    # ------------------------------------------------------------------------ engine hooks

    def fresh(self, setup: dict[str, Any]) -> EinGame:
        return EinGame.new(
            int(setup["seats"]), int(setup["seed"]), start_seat=int(setup["start_seat"])
        )

    def state_to_dict(self, engine: EinGame) -> dict[str, Any]:
        return records.state_to_dict(engine)

    def state_from_dict(self, setup: dict[str, Any], data: Any) -> EinGame:
        return records.state_from_dict(setup, data)

    def apply(self, game: Game, action: Any, chance: Any) -> None:
        """A roll is the player's choice, its dice chance's: drawn here, recorded as values."""
        if isinstance(action, WantRoll):
            if chance is None:
                chance = SeededDice(f"{game.setup.get('seed', 0)}:{len(game.events)}")
            a, b, c = chance.roll(3)
            action = Roll(action.seat, (a, b, c))
        super().apply(game, action, chance)

    def engine_actions(self, table: Game, action: Any) -> list[Any]:
        if not isinstance(action, Roll | Adopt | Lift):
            raise TypeError(f"not an Eintrichtern action: {action!r}")
        return [action]

    def turn_done(self, engine: EinGame, action: Any, result: Any) -> bool:
        """A seat's turn ends with a miss; after a match it goes on (the turn's number too)."""
        return isinstance(action, Lift) and not result.success

    def ends_turn(self, action: Any) -> bool:
        """Every lift closes its message with its result (and reveal): after a match the same
        player rolls again in a new one."""
        return isinstance(action, Lift)

    def mid_turn(self, engine: EinGame) -> bool:
        return engine.state.phase is Phase.LIFT

    def rank_key(self, engine: EinGame, seat: int) -> tuple[int, ...]:
        return (-engine.state.reds[seat],)

    def scores(self, game: Game) -> Sequence[int]:
        return list(game.engine.state.reds)

    def snapshot(self, game: Game) -> EinGame:
        return game.engine.copy()

    # ------------------------------------------------------------------ computers, hints

    def decision(self, engine: EinGame, seat: int, level: Level, seed: str) -> Decision[Any]:
        """The computer's choice, from the table and what it remembers of every reveal."""
        rng = random.Random(f"ein:{seed}:{seat}:{len(engine.lifted)}")
        knowledge = recall(memory(engine), LEVELS[level], engine.seed, seat)
        return decide(engine.view(seat), knowledge, rng)

    def ai_action(self, engine: EinGame, seat: int, level: Level, rng: random.Random) -> Any:
        action = self.decision(engine, seat, level, str(rng.random())).action
        if isinstance(action, WantRoll):
            return Roll(seat, (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)))
        return action

    def computer_move(self, game: Game, seat: int, level: str, seed: str) -> Move:
        return Move(self.decision(game.engine, seat, Level(level), seed).action)

    def hint_text(self, t: Translator, row: GameRow, seat: int) -> str:
        return hint(t, row.game.engine, seat, row.event_count)

    # ------------------------------------------------------------------------ clicks

    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        s = row.game.engine.state
        if click.action == "roll" and s.phase is Phase.TARGET:
            return Outcome(action=WantRoll(seat))
        if click.action == "adopt" and s.phase is Phase.TARGET and s.adoptable is not None:
            return Outcome(action=Adopt(seat))
        if click.action == "lift" and len(click.args) == 1 and len(click.values) == 1:
            offered = self._liftable(s.covered, click.args[0])
            pos = next((q for q in offered if g.LABELS[q] == click.values[0]), None)
            if pos is not None and s.phase is Phase.LIFT:
                return Outcome(action=Lift(seat, pos))
        raise Refusal(dw.NOT_OFFERED)

    @staticmethod
    def _liftable(covered: int, rows: str) -> list[int]:
        """The red dice still lying in the rows of one select (``AE`` or ``FH``)."""
        letters = ROWS.get(rows, "")
        return [q for q in g.bits(covered) if g.LABELS[q][1] in letters]

    # ------------------------------------------------------------------------ the turn

    def intro(self, t: Translator, row: GameRow) -> str:
        s = row.game.engine.state
        return "\n".join(
            [
                t("The first to win {n} red dice wins.", n=s.goal),
                t(
                    "A lifted funnel's sum is shown to everyone for {n} seconds, then covered "
                    "again: remember it. Notes are allowed, as at a real table.",
                    n=f"{REVEAL_SECONDS:g}",
                ),
            ]
        )

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        game: Game = row.game
        s = game.engine.state
        seat = s.current
        assert seat is not None, "turn_view of a finished game"
        person = not row.players[seat].is_ai
        lines = [dw.header(self, t, row, seat)]
        if s.phase is Phase.LIFT:
            lines.append(self._target(t, row, game.engine))
            if person:
                lines.append(t("Lift a red die: choose it below, rows A–E or F–H."))
        elif person:
            if s.adoptable is not None:
                lines.append(
                    t(
                        "Roll the three dice for a target, or adopt the failed target {n}.",
                        n=f"**{s.adoptable}**",
                    )
                )
            elif any(isinstance(a, Lift) and a.seat == seat for a in game.recent):
                lines.append(t("A match! Roll the three dice again for a new target."))
            else:
                lines.append(t("Roll the three dice for a target."))
        if person and (line := dw.deadline(t, row)) is not None:
            lines.append(line)
        lines.append(self._reds(t, row))
        controls = self._controls(t, game) if person else None
        return TurnView("\n".join(lines), controls, self._picture(t, row, game))

    def _target(self, t: Translator, row: GameRow, engine: EinGame) -> str:
        """How the target in play was set: rolled (the dice) or adopted."""
        s = engine.state
        name = dw.who(self, t, row, s.current if s.current is not None else 0)
        dice = next((a.dice for a in reversed(engine.log) if isinstance(a, Roll)), None)
        if s.target_adopted or dice is None:
            return t("{name} adopted {n}.", name=name, n=f"**{s.target}**")
        return t("{name} rolled {dice} = {n}.", name=name, dice=_dice(dice), n=f"**{s.target}**")

    def _controls(self, t: Translator, game: Game) -> Controls:
        s = game.engine.state
        rows: list[Row] = []
        hint = Button("hint", label=t("Hint"), emoji="💡")
        if s.phase is Phase.LIFT:
            for key, letters in ROWS.items():
                offered = self._liftable(s.covered, key)
                if offered:
                    options = tuple(Option(g.LABELS[q], g.LABELS[q]) for q in offered)
                    hint_text = t(
                        "Lift a red die: rows {first}–{last}…", first=letters[0], last=letters[-1]
                    )
                    rows.append(Select("lift", options, (key,), placeholder=hint_text))
            rows.append((hint,))
        else:
            buttons = [Button("roll", label=t("Roll"), style=Style.PRIMARY, emoji="🎲")]
            if s.adoptable is not None:
                label = t("Adopt {n}", n=s.adoptable)
                buttons.append(Button("adopt", label=label, style=Style.SUCCESS))
            rows.append((*buttons, hint))
        return Controls(tuple(rows))

    def _reds(self, t: Translator, row: GameRow) -> str:
        s = row.game.engine.state
        seats = " · ".join(
            f"{dw.who(self, t, row, seat)} **{s.reds[seat]}**" for seat in range(s.players)
        )
        return t("Red dice won (the goal is {n}): {seats}", n=s.goal, seats=seats)

    def _picture(
        self, t: Translator, row: GameRow, game: Game, reveal: Reveal | None = None
    ) -> Picture:
        kwargs = self.drawn(t, game)
        if reveal is not None:
            kwargs["reveal"] = reveal
        names = player_names(t, row)
        return Picture(render_eintrichtern, PICTURE, (self.snapshot(game), names), kwargs)

    # ------------------------------------------------------------------------ results

    def result_view(self, t: Translator, row: GameRow) -> TurnView:
        """The lift in words and picture with its walls and sum; a miss's for 8 s only."""
        game: Game = row.game
        lifted = self._lifts(game)
        reveal = None
        if lifted:
            pos, walls, target = lifted[-1]
            shown_for = None if sum(walls) == target else d.EIN_REVEAL_MS
            reveal = Reveal(pos, walls, sum(walls), shown_for)
        content = self._result_text(t, row, game, reveal=True)
        picture = self._picture(t, row, game, reveal)
        if all(sum(walls) == target for _, walls, target in lifted):
            return TurnView(content, picture=picture)  # a match stays: its funnel is open
        state = self.codec.dump(game)[1]
        return TurnView(content, picture=picture, lasts=REVEAL_SECONDS, then={"state": state})

    def result_after_resign(self, game: Game) -> bool:
        """The seat's lifts the computer made after its person resigned on turn are shown as
        every lift is (§8.5): in the ended turn's message, for 8 s on a miss."""
        return any(isinstance(a, Lift) for a in game.recent)

    @staticmethod
    def _lifts(game: Game) -> list[tuple[int, tuple[int, int, int], int]]:
        """The lifts of the last action: (funnel, its walls, the target it was lifted for)."""
        engine = game.engine
        count = sum(isinstance(a, Lift) for a in game.recent)
        lifted = engine.lifted[len(engine.lifted) - count :] if count else []
        return [(pos, engine.state.walls(pos), target) for pos, target in lifted]

    def later_view(self, t: Translator, row: GameRow, then: Mapping[str, Any]) -> TurnView:
        """The same result covered again: the table as it was then, no covered sum."""
        game = self.codec.load(row.game.setup, then["state"])
        return TurnView(self._result_text(t, row, game), picture=self._picture(t, row, game))

    def turn_result(self, t: Translator, row: GameRow) -> str:
        return self._result_text(t, row, row.game)

    def _result_text(self, t: Translator, row: GameRow, game: Game, *, reveal: bool = False) -> str:
        """Each lift of the last action (a seat the computer plays for may add some) with the
        target it was for; its walls and sum when it matched, or while ``reveal``."""
        lifted = iter(self._lifts(game))
        lines: list[str] = []
        rolled: tuple[int, ...] = ()
        for action in game.recent:
            if isinstance(action, Roll):
                rolled = action.dice
            if not isinstance(action, Lift):
                continue
            name = dw.who(self, t, row, action.seat)
            label = f"**{g.LABELS[action.pos]}**"
            _, walls, n = next(lifted)
            matched = sum(walls) == n
            if rolled:
                target = t("rolled {dice} = {n}", dice=_dice(rolled), n=f"**{n}**")
            else:
                target = t("adopted {n}", n=f"**{n}**")
            rolled = ()
            if matched:
                lines.append(
                    "✅ "
                    + t(
                        "{name} {target} and lifted {label}: {walls} = {n}, a match! The red die "
                        "is theirs.",
                        name=name,
                        target=target,
                        label=label,
                        walls=" + ".join(map(str, walls)),
                        n=f"**{sum(walls)}**",
                    )
                )
            elif reveal:
                lines.append(
                    "👀 "
                    + t(
                        "{name} {target} and lifted {label}: {walls} = {n}, no match. Remember "
                        "it: it is covered again in {s} seconds.",
                        name=name,
                        target=target,
                        label=label,
                        walls=" + ".join(map(str, walls)),
                        n=f"**{sum(walls)}**",
                        s=f"{REVEAL_SECONDS:g}",
                    )
                )
            else:
                lines.append(
                    "❌ "
                    + t(
                        "{name} {target} and lifted {label}: no match, covered again.",
                        name=name,
                        target=target,
                        label=label,
                    )
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
        name = dw.who(self, t, row, s.winners[0]) if s.winners else ""
        return "🏁 " + t(END_REASONS[s.end_reason], name=name, n=s.goal)

    def standing(self, t: Translator, game: Game, seat: int) -> str:
        reds = game.engine.state.reds[seat]
        return t("{count} red die", "{count} red dice", reds, count=f"**{reds}**")

    def win_reason(self, t: Translator, game: Game, seat: int) -> str:
        s = game.engine.state
        if s.end_reason is EndReason.REDS_GOAL:
            return t("the first to win {n} red dice", n=s.goal)
        return t("most red dice")

    def rules(self, t: Translator) -> tuple[str, Picture | None]:
        text = "\n".join(
            [
                "**Eintrichtern**",
                t(
                    "2 to 6 players. 36 red dice cover the funnels of the yellow plate; each "
                    "funnel's three yellow walls add up to its sum. The first to win 8 red dice "
                    "wins (9 with 5 or 6 players)."
                ),
                "• "
                + t(
                    "On your turn roll the three dice: their total is your target. After a "
                    "missed lift the next player may adopt that target instead of rolling."
                ),
                "• "
                + t(
                    "Lift a red die: everyone sees its funnel's sum for 8 seconds. If it is "
                    "your target, you win the red die and roll again; if not, it is covered "
                    "again and the turn passes on."
                ),
                "• "
                + t(
                    "The outer faces of the yellow dice stay visible: each narrows the faces "
                    "next to it. Notes are allowed, as at a real table."
                ),
            ]
        )
        return text, self.rules_picture(t)

    # ------------------------------------------------------------------- stats

    def seat_facts(self, game: Game) -> list[dict[str, Any]]:
        """Per seat: lifts and matches (replayed: a match leaves its funnel open)."""
        seats = game.engine.state.players
        facts: list[dict[str, Any]] = [{"lifts": 0, "matches": 0} for _ in range(seats)]
        replay = self.fresh(game.setup)
        for event in game.events:
            if isinstance(event, Roll | Adopt | Lift):
                result = replay.apply(event)
                if isinstance(event, Lift):
                    facts[event.seat]["lifts"] += 1
                    facts[event.seat]["matches"] += int(bool(result.success))
        return facts

    def score_lines(self, t: Translator, average: float, best: int) -> list[StatLine]:
        return [
            StatLine(t("Average red dice"), f"{average:.1f}"),
            StatLine(t("Most red dice"), str(best)),
        ]

    def stat_lines(self, t: Translator, facts: Sequence[Mapping[str, Any]]) -> list[StatLine]:
        if not facts:
            return []
        lifts = sum(int(f.get("lifts", 0)) for f in facts)
        matches = sum(int(f.get("matches", 0)) for f in facts)
        share = f"{matches / lifts:.0%}" if lifts else "–"
        return [
            StatLine(t("Red dice won"), str(matches)),
            StatLine(t("Lifts that matched"), f"{matches} / {lifts} ({share})"),
        ]


def hint(t: Translator, engine: EinGame, seat: int, salt: int) -> str:
    """What everyone at the table has seen (the outer faces, the open funnels and every lift
    shown so far, as notes would keep them), never the plate: which funnel is likeliest to
    match, or whether adopting beats a fresh roll. A funnel whose lift showed the target is
    named as shown, not as odds. ``salt`` breaks ties the same way for the same position."""
    view = engine.view(seat)
    knowledge = memory(engine).recall(PERFECT, "")
    odds = knowledge.sum_odds(view)
    action = decide(view, knowledge, random.Random(salt)).action
    n = view.target if isinstance(action, Lift) else view.adoptable
    if isinstance(action, Lift | Adopt) and n is not None:
        best = action.pos if isinstance(action, Lift) else max(odds, key=lambda q: odds[q][n])
        label, p = g.LABELS[best], f"{odds[best][n]:.0%}"
        shown = knowledge.sums.get(best) == n
        if isinstance(action, Lift) and shown:
            text = t("Lift {label}: it showed {n} when it was lifted.", label=label, n=n)
        elif isinstance(action, Lift):
            text = t(
                "Lift {label}: from everything the table has shown, it is the likeliest to be "
                "{n} ({p}).",
                label=label,
                n=n,
                p=p,
            )
        elif shown:
            text = t("Adopt {n}: {label} showed {n} when it was lifted.", label=label, n=n)
        else:
            text = t(
                "Adopt {n}: from everything the table has shown, {label} is {p} likely to be "
                "{n}, better than a new roll's chances.",
                label=label,
                n=n,
                p=p,
            )
    elif view.adoptable is not None:
        text = t(
            "Roll: from what the table has shown, a new roll has better chances than adopting {n}.",
            n=view.adoptable,
        )
    else:
        text = t("Roll the dice: there is no failed target to adopt.")
    return "💡 " + text


def _dice(dice: Sequence[int]) -> str:
    """``⚃ ⚄ ⚃``."""
    return " ".join(dw.DICE_FACES[v - 1] for v in dice)
