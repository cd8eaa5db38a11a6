"""``RaffzahnAdapter``: three players take the pyramid apart, all at once (RULES.md §5) in
Discord, as the online procedure of §5.5 says.

- The roller presses **Roll** (a computer rolls by itself): the turquoise die is drawn and a
  round of ``round_ms`` (60 s, RAF-1) opens.
- The public message shows the roll, the pile from above **without pips** (which dice are
  free), each seat's pile, the countdown, the roller's **STOP** and **My side**.
- **My side** opens the clicker's private panel: the 45 cells of his own wall (front die and
  the pips it shows him) and one button per die he may take now (``6C1``); selects when more
  than 25. It is drawn from ``Raffzahn.view(seat)`` only, so it never shows another side.
- A take is applied in the order the bot receives the clicks; a die no longer takeable is
  refused and recorded nowhere. The round closes by STOP (roller only), when nobody can take
  anything (the engine closes it), or at the deadline; a later click is refused at no cost
  (RAF-3). The round's outcome then replaces its message, and the left neighbour rolls.

The record holds every face, so only a finished game is exported.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.adapters.das_spiel import Capability, DasSpielAdapter, Table, das_spiel_info
from bot.adapters.das_spiel import words as dw
from bot.adapters.raffzahn import state as records
from bot.contract.adapter import (
    MAX_BUTTONS,
    MAX_OPTIONS,
    MAX_ROWS,
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
from bot.contract.capabilities import LiveRounds
from bot.contract.refusals import Refusal
from bot.core.text import player_names
from games.common.dice import DiceRng
from games.common.errors import NotYourTurn
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.errors import NotFree, PastDeadline, PositionEmpty, WrongPhase
from games.das_spiel.race import Reaction, Timed
from games.das_spiel.raffzahn import (
    Close,
    Phase,
    Raffzahn,
    Result,
    Roll,
    Stop,
    Take,
    Timeout,
    WrongFace,
)
from games.das_spiel.raffzahn import ai as raf_ai
from games.das_spiel.sides import side_of_seat
from locales import N_, Translator, tn, translator
from renderers.das_spiel import (
    render_raffzahn,
    render_raffzahn_final,
    render_raffzahn_public,
    render_raffzahn_wall,
)

if TYPE_CHECKING:
    from bot.contract.models import GameRow

Game = Table[Raffzahn]
SEAT_MARKS = dw.SEAT_DISCS  # the colours of the pictures' numbered seat discs
ONLY_THE_ROLLER = N_("Only {name} rolls and calls STOP now.")
# refusals of clicks that came too late or from an older panel (RAF-3: they cost nothing)
ROLLED_ALREADY = N_("The turquoise die is rolled already: take your dice under **My side**.")
NOT_ROLLED = N_("Wait for the roll: nothing can be taken yet.")
TOO_LATE = N_("Too late: the round is closed. {why}")
YOU_TOOK = N_("You took {label} already.")
OLD_PANEL = N_("This panel is from an earlier round: press **My side** for the dice of this one.")
# How fast and how reliably each computer level spots a die on its own wall.
REACTIONS: Mapping[str, Reaction] = {
    "easy": Reaction(4_000, 12_000, 0.10),
    "normal": raf_ai.DEFAULT_REACTION,
    "hard": Reaction(800, 3_000, 0.02),
}
LEVEL_ABOUT = {
    "easy": N_("spots a die in 4 to 12 seconds"),
    "normal": N_("spots a die in 1.5 to 6 seconds"),
    "hard": N_("spots a die in 0.8 to 3 seconds"),
}
CLOSES = {
    Close.STOP: N_("{name} called STOP."),
    Close.NOTHING_TO_TAKE: N_("Nobody could take anything more."),
    Close.TIMEOUT: N_("Time ran out."),
}


@dataclass(frozen=True, slots=True)
class Throw:
    """The roller presses Roll at ``t``: the bot draws the turquoise die (GEN-5)."""

    seat: int
    t: int


class RaffzahnAdapter(DasSpielAdapter[Raffzahn], LiveRounds):
    info = das_spiel_info(
        kind="raffzahn",
        code="raf",
        title="Raffzahn",
        summary=N_(
            "A race to take the pyramid apart: everyone grabs at once the dice that show the "
            "roll on their side."
        ),
        min_seats=d.RAF_PLAYERS,
        max_seats=d.RAF_PLAYERS,
        seat_marks=SEAT_MARKS,
        capabilities=frozenset({Capability.LIVE}),
        choice_label=N_("Raffzahn: grab the dice that show the roll on your side (3 players)"),
        level_descriptions=LEVEL_ABOUT,
        refusals={
            WrongFace: N_("That die does not show the roll on your side."),
            NotFree: N_("That die is not free: another die rests on it."),
            PositionEmpty: N_("That die has been taken already."),
            WrongPhase: N_("The round is closed: wait for the next roll."),
            PastDeadline: N_("The round's time is up."),
            NotYourTurn: N_("Only the roller may do that."),
        },
        export_running=False,  # the record holds every face of every side
        redraw_panels=True,  # a take can free dice on every side: every open panel is redrawn
        # everyone takes at once inside the round's window
    )
    records = records
    final_draw = staticmethod(render_raffzahn_final)

    # ------------------------------------------------------------------------ engine hooks

    def new_setup(self, seats: int, options: Any, chance: Any) -> dict[str, Any]:
        return super().new_setup(seats, options, chance) | {"round_ms": d.RAF_ROUND_MS}

    def fresh(self, setup: dict[str, Any]) -> Raffzahn:
        return Raffzahn.new(
            int(setup["seed"]), int(setup["start_seat"]), round_ms=int(setup["round_ms"])
        )

    def stored_log(self, engine: Raffzahn) -> list[Any]:
        """The stored log is the whole round since its roll (not only the last few events):
        the round's message and result list every take."""
        return list(_round_actions(engine))

    def state_from_dict(self, setup: dict[str, Any], data: Any) -> Raffzahn:
        state = records.state_from_dict(data)
        # the set-up pile is only needed for a record without a seed, and the bot's has one
        return Raffzahn(state, state.pyramid, seed=int(setup["seed"]))

    def apply(self, game: Game, action: Any, chance: Any) -> None:
        """A press of Roll becomes the roll of the turquoise die, drawn here (GEN-5)."""
        if isinstance(action, Throw):
            if chance is None:
                raise ValueError("a roll needs the bot's dice")
            action = Roll(action.seat, chance.roll(1)[0], action.t)
        super().apply(game, action, chance)

    def engine_actions(self, table: Game, action: Any) -> list[Any]:
        if not isinstance(action, Roll | Take | Stop | Timeout):
            raise TypeError(f"not a Raffzahn action: {action!r}")
        return [action]

    def turn_done(self, engine: Raffzahn, action: Any, result: Any) -> bool:
        """A round is the platform's turn: it ends when the round closes."""
        assert isinstance(result, Result)
        return result.closed is not None

    def chance_action(self, engine: Raffzahn, chance: DiceRng) -> Any | None:
        return None  # the roller presses Roll

    def advance(self, table: Game, chance: DiceRng) -> None:
        """Nothing happens without a click or a due time: the rolls and takes of computers
        and of seats that resigned come from ``live_step``."""

    def rank_key(self, engine: Raffzahn, seat: int) -> tuple[int, ...]:
        return (-engine.state.piles()[seat],)

    def scores(self, game: Game) -> Sequence[int]:
        """Dice taken."""
        return game.engine.state.piles()

    def ends_turn(self, action: Any) -> bool:
        return isinstance(action, Stop | Timeout)

    # ------------------------------------------------------------------------ clicks

    def check_click(self, row: GameRow, seat: int, click: Click) -> None:
        """Every click is judged by the engine as it stands when the click is applied, in the
        order received (a take from a panel drawn before someone else's take still counts if
        the die is still there for the clicker)."""

    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        """``side`` opens the clicker's panel; ``roll``, ``stop`` and the takes are engine
        actions stamped with the time the bot received the click. A click the round no longer
        allows (a double click, one that lost a race, a panel of an earlier round) is refused
        here with what happened, before the engine would refuse it in its own words."""
        game: Game = row.game
        if click.action == "side" and not click.args:
            return Outcome(panel=True)
        assert click.at is not None, "a live click carries its time"
        ms = self.ms(game, click.at)
        s = game.engine.state
        roller = s.roller
        if click.action == "roll" and s.phase is Phase.ROUND:
            raise Refusal(ROLLED_ALREADY)
        if click.action in ("stop", "take", "takes") and s.phase is Phase.ROLL:
            raise self.closed(row)
        if click.action in ("roll", "stop") and seat != roller:
            raise Refusal(ONLY_THE_ROLLER, name=lambda t: dw.who(self, t, row, roller))
        match click.action, click.args, click.values:
            case "roll", (), ():  # the roller sees at once what the roll lets him take
                return Outcome(action=Throw(seat, ms), panel=True)
            case "stop", (*drawn,), () if len(drawn) <= 1:  # the round it was drawn in, if any
                if drawn and drawn[0] != str(self.turn_number(game)):
                    raise Refusal(OLD_PANEL)
                return Outcome(action=Stop(seat, ms), panel=click.private)
            case "take", (label, *drawn), () if len(drawn) <= 1:  # a panel's round, if any
                return Outcome(action=self.take(row, seat, label, drawn, ms), panel=click.private)
            case "takes", (_chunk, *drawn), (label,) if len(drawn) <= 1:
                return Outcome(action=self.take(row, seat, label, drawn, ms), panel=click.private)
        raise Refusal(dw.NOT_OFFERED_LIVE)

    def take(self, row: GameRow, seat: int, label: str, drawn: list[str], ms: int) -> Take:
        """A take from a panel drawn in round ``drawn`` (none: a panel from before panels
        named their round). Nobody else can have taken a die of the clicker's panel in its
        round (a free die shows the roll to one side at most, §5.2): a die gone is a double
        click."""
        game: Game = row.game
        pos = _position(label)
        if drawn and drawn[0] != str(self.turn_number(game)):
            raise Refusal(OLD_PANEL)
        if game.engine.state.taken[seat] & g.BIT[pos]:
            raise Refusal(YOU_TOOK, label=label)
        return Take(seat, pos, ms)

    def closed(self, row: GameRow) -> Refusal:
        """The refusal of a click after the round closed: how it closed (RAF-3)."""
        if row.game.engine.state.last_close is None:
            return Refusal(NOT_ROLLED)
        return Refusal(TOO_LATE, why=lambda t: self.close_line(t, row))

    def close_line(self, t: Translator, row: GameRow) -> str:
        """How the last round closed: by whose STOP, for lack of dice, or by time."""
        game: Game = row.game
        why = game.engine.state.last_close
        assert why is not None
        actions = _round_actions(game.engine)
        closer = next((a.seat for a in actions if isinstance(a, Stop)), game.engine.state.roller)
        return t(CLOSES[why], name=dw.who(self, t, row, closer))

    # --------------------------------------------------------------------------- the clock

    def started(self, row: GameRow, now: float) -> None:
        """Besides the clock and the computers, a roll waits for a person ``turn_timer``
        seconds at most (0: as long as it takes)."""
        super().started(row, now)
        row.game.setup["roll_wait"] = int(row.turn_timer)

    def players(self, game: Game) -> list[str | None]:
        """Each seat's computer level (a seat that resigned plays as *normal*), None for a
        person still playing."""
        levels = list(game.setup.get("levels") or [None] * d.RAF_PLAYERS)
        return [
            "normal" if game.resigned[seat] and level is None else level
            for seat, level in enumerate(levels)
        ]

    def steps_due(self, game: Game) -> list[Timed[Any]]:
        """What happens without a click, each at its ms: the roll of a computer (a pause after
        the last round) or of a person who waited too long, every computer's next claim, and
        the round's timeout. The earliest is the one due."""
        s = game.engine.state
        if s.finished:
            return []
        levels = self.players(game)
        if s.phase is Phase.ROLL:
            if levels[s.roller] is not None:
                at = s.clock.now + raf_ai.ROLL_PAUSE_MS
                return [Timed(at, Throw(s.roller, at))]
            wait = int(game.setup.get("roll_wait") or 0)
            if wait:
                at = s.clock.now + 1000 * wait
                return [Timed(at, Throw(s.roller, at))]
            return []
        out: list[Timed[Any]] = []
        for seat, level in enumerate(levels):
            if level is not None and (plan := self.claim(game, seat, level)) is not None:
                out.append(plan)
        deadline = s.deadline
        assert deadline is not None
        out.append(Timed(deadline, Timeout(deadline)))
        return out

    def claim(self, game: Game, seat: int, level: str) -> Timed[Take | Stop] | None:
        """The computer at ``seat``'s next click in the open round and when it sends it, seeing
        only its own side (``games.das_spiel.raffzahn.ai``); a misread costs it the time of the
        look and it looks again (the engine would refuse the wrong die, and a refusal is
        recorded nowhere). Drawn from the position, so it is the same after a restart."""
        s = game.engine.state
        key = f"{game.setup.get('seed', 0)}:{s.clock.now}:{s.pyramid.occupied}:{seat}"
        rng = random.Random(key)
        start = s.clock.now
        mine = s.takeable(seat)
        while (plan := raf_ai.decide(s, seat, rng, start, REACTIONS[level])) is not None:
            action = plan.action
            if isinstance(action, Stop) or mine >> action.pos & 1:
                return plan
            start = plan.t
        return None

    def waits_for(self, game: Game) -> Sequence[int]:
        """Before the roll, the roller (its round message says "roll" with their mention);
        while a round runs nobody: STOP is a choice, and the deadline closes it."""
        s = game.engine.state
        return (s.roller,) if s.phase is Phase.ROLL and not s.finished else ()

    def live_due(self, game: Game) -> float | None:
        steps = self.steps_due(game)
        return self.posix(game, min(step.t for step in steps)) if steps else None

    def live_step(self, game: Game, now: float) -> Any:
        """The earliest due step, stamped with its own time (a late roll: with ``now``)."""
        steps = self.steps_due(game)
        if not steps:
            return None
        first = min(steps, key=lambda step: step.t)
        if isinstance(first.action, Throw):
            return Throw(first.action.seat, max(first.t, self.ms(game, now)))
        return first.action

    # ------------------------------------------------------------------------ the round

    def intro(self, t: Translator, row: GameRow) -> str:
        names = " · ".join(
            t(
                "{label}: {value}",
                label=dw.who(self, t, row, seat),
                value=t("side {side}", side=g.AXIS_NAMES[side_of_seat(seat)]),
            )
            for seat in range(d.RAF_PLAYERS)
        )
        return "\n".join(
            [
                t(
                    "Everyone sits at one side of the pyramid and sees only its pips: {seats}.",
                    seats=names,
                ),
                t(
                    "Each round everyone takes, at the same time, free dice that show the roll "
                    "on their own side: press **My side** to see yours. The most dice win."
                ),
            ]
        )

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        """The public message: the roll, the shape without pips, the piles, the countdown,
        STOP (the roller's) and My side."""
        game: Game = row.game
        s = game.engine.state
        roller = s.roller
        name = dw.who(self, t, row, roller)
        person = self.players(game)[roller] is None  # not a computer, nor played by one
        lines = [f"**{self.info.title} #{row.id}** · " + t("round {n}", n=self.turn_number(game))]
        buttons: list[Button] = []
        if s.phase is Phase.ROLL:
            if person:
                lines.append(
                    t(
                        "{mention}, roll the turquoise die.",
                        mention=f"<@{row.players[roller].user_id}>",
                    )
                )
                if (line := dw.deadline(t, row)) is not None:
                    lines.append(line)
                buttons.append(Button("roll", label=t("Roll"), style=Style.SUCCESS, emoji="🎲"))
            else:
                lines.append("🤖 " + t("{name} rolls the turquoise die.", name=name))
        elif s.value is not None:
            lines.append(
                "🎲 "
                + t(
                    "{name} rolled {roll}: take free dice that show {n} on your own side.",
                    name=name,
                    roll=dw.face(s.value),
                    n=s.value,
                )
            )
            if (when := self.deadline_seconds(row)) is not None:
                lines.append(
                    "⏰ "
                    + t(
                        "The round closes {when}, or when {name} calls STOP.",
                        when=f"<t:{when}:R>",
                        name=name,
                    )
                )
            if takes := self.round_takes(t, row):
                lines.append(takes)
            buttons.append(
                Button(
                    "stop",
                    (str(self.turn_number(game)),),
                    label=t("STOP"),
                    style=Style.DANGER,
                    emoji="✋",
                )
            )
        lines.append(self.piles_line(t, row))
        buttons.append(Button("side", label=t("My side"), style=Style.PRIMARY, emoji="👁️"))
        # drawn from the public view and the round's takes alone: no pips (RAF-4)
        takes = tuple((a.seat, a.pos) for a in _round_actions(game.engine) if isinstance(a, Take))
        picture = Picture(
            render_raffzahn_public,
            "raffzahn.png",
            (game.engine.view(None), player_names(t, row), takes),
            self.drawn(t, game),
        )
        return TurnView("\n".join(lines), Controls((tuple(buttons),)), picture)

    def deadline_seconds(self, row: GameRow) -> int | None:
        """The open round's deadline as POSIX seconds (for Discord's countdown)."""
        game: Game = row.game
        deadline = game.engine.state.deadline
        if deadline is None or game.setup.get("epoch") is None:
            return None
        return int(self.posix(game, deadline))

    def piles_line(self, t: Translator, row: GameRow) -> str:
        piles = row.game.engine.state.piles()
        parts = [f"{dw.who(self, t, row, seat)} **{n}**" for seat, n in enumerate(piles)]
        return t("Dice taken: {seats}", seats=" · ".join(parts))

    def round_takes(self, t: Translator, row: GameRow) -> str:
        """This round's takes so far, in the order applied."""
        takes = _round_actions(row.game.engine)
        parts = [
            f"{dw.who(self, t, row, a.seat)} {g.LABELS[a.pos]}"
            for a in takes
            if isinstance(a, Take)
        ]
        return t("Taken this round: {takes}", takes=" · ".join(parts)) if parts else ""

    def replay_sides(self, game: Game) -> Sequence[int]:
        """The replay capability's sides: each seat's own wall, one at a time (its panel)."""
        return range(len(game.resigned))

    def panel_view(
        self, t: Translator, row: GameRow, seat: int, screen: Any = None
    ) -> TurnView | None:
        """``seat``'s private panel: its own wall and the dice it may take now, never another
        side (drawn from ``view(seat)`` alone). Between rounds and at the end it says how the
        last round went (a roll nobody could take from closes at once: the roller's answer
        says so) and offers nothing; None once the others resigned (no round is played)."""
        game: Game = row.game
        v = game.engine.view(seat)
        if self.finished(game) and v.phase is not Phase.OVER:
            return None
        side = g.AXIS_NAMES[side_of_seat(seat)]
        lang = t.lang
        lines = ["👁️ " + t("**Your side ({side})**", side=side)]
        last = v.phase is not Phase.ROUND and game.engine.state.last_close is not None
        if last:  # the round just closed: its roll, takes, close, piles (and the end)
            lines.extend(self.turn_result(t, row).split("\n"))
        if v.phase is Phase.ROUND and v.value is not None:
            if v.takeable:
                lines.append(
                    tn(
                        translator(lang),
                        "Rolled {roll}: you may take {n} die, ringed in the picture: press "
                        "its button.",
                        "Rolled {roll}: you may take {n} dice, ringed in the picture: press "
                        "their buttons.",
                        v.takeable.bit_count(),
                        roll=v.value,
                    )
                )
            else:
                lines.append(t("Rolled {n}: no free die shows {n} on your side.", n=v.value))
        elif v.phase is Phase.ROLL:
            lines.append(t("Wait for the roll: this panel then shows what you may take."))
        if not last:
            lines.append(self.piles_line(t, row))
        # the picture of the wall is small and drawn from the seat's view alone (a few ms:
        # it is redrawn after every take, for every open panel)
        picture = Picture(render_raffzahn_wall, "my-side.png", (v,))
        stop = v.phase is Phase.ROUND and v.roller == seat
        drawn = str(self.turn_number(game))
        controls = self.panel_controls(t, v.takeable, stop, drawn)
        return TurnView("\n".join(lines), controls, picture)

    def panel_controls(
        self, t: Translator, takeable: int, stop: bool, drawn: str
    ) -> Controls | None:
        """One button per takeable die, labelled with its position, and the roller's STOP
        (``stop``) in a row of its own; when more dice than the buttons left, selects of up
        to 25 positions each (at most 100 or 125 in all: always enough). The takes carry the
        round ``drawn`` in, and so does STOP: a panel left open for a later round (not redrawn:
        a restart, or more than 14 minutes) is refused as such, and stops nothing."""
        dice = list(g.bits(takeable))
        rows: list[Row] = []
        room = MAX_ROWS - stop
        if len(dice) <= room * MAX_BUTTONS:
            buttons = [
                Button("take", (g.LABELS[i], drawn), g.LABELS[i], Style.SUCCESS) for i in dice
            ]
            rows = [tuple(buttons[k : k + MAX_BUTTONS]) for k in range(0, len(dice), MAX_BUTTONS)]
        else:
            chunks = [dice[k : k + MAX_OPTIONS] for k in range(0, len(dice), MAX_OPTIONS)]
            if len(chunks) > room:
                raise ValueError(f"{len(dice)} dice to take do not fit a panel")
            rows = [
                Select(
                    "takes",
                    tuple(Option(g.LABELS[i], g.LABELS[i]) for i in chunk),
                    (str(n), drawn),
                    placeholder=t(
                        "Take a die: {first} – {last}",
                        first=g.LABELS[chunk[0]],
                        last=g.LABELS[chunk[-1]],
                    ),
                )
                for n, chunk in enumerate(chunks)
            ]
        if stop:
            rows.append((Button("stop", (drawn,), t("STOP"), Style.DANGER, emoji="✋"),))
        return Controls(tuple(rows)) if rows else None

    def turn_result(self, t: Translator, row: GameRow) -> str:
        """The round's outcome: the roll, every take in order, how it closed."""
        game: Game = row.game
        actions = _round_actions(game.engine)
        lines: list[str] = []
        roll = next((a for a in actions if isinstance(a, Roll)), None)
        head = f"**{self.info.title} #{row.id}** · " + t("round {n}", n=max(1, game.turns))
        if roll is not None:
            head += " · " + t(
                "{name} rolled {roll}.",
                name=dw.who(self, t, row, roll.seat),
                roll=dw.face(roll.value),
            )
        lines.append(head)
        takes = [a for a in actions if isinstance(a, Take)]
        if takes:
            shown = " · ".join(f"{dw.who(self, t, row, a.seat)} {g.LABELS[a.pos]}" for a in takes)
            lines.append(t("Taken: {takes}", takes=shown))
        else:
            lines.append(t("Nobody took a die."))
        if game.engine.state.last_close is not None:
            lines.append(self.close_line(t, row))
        lines.append(self.piles_line(t, row))
        if end := self.end_line(t, row):
            lines.append(end)
        return "\n".join(lines)

    def end_line(self, t: Translator, row: GameRow) -> str:
        if row.game.engine.state.end_reason is None:
            return ""
        return "🏁 " + t("Only the plate is left: the most dice win.")

    def standing(self, t: Translator, game: Game, seat: int) -> str:
        n = game.engine.state.piles()[seat]
        return "**" + t("{n} die taken", "{n} dice taken", n) + "**"

    def win_reason(self, t: Translator, game: Game, seat: int) -> str:
        return t("most dice taken")

    def snapshot(self, game: Game) -> Raffzahn:
        return game.engine.copy()

    # ------------------------------------------------------------------ computers

    def computer_move(self, game: Game, seat: int, level: str, seed: str) -> Move:
        raise AssertionError("Raffzahn's computers act through live_step")

    # ------------------------------------------------------------------ rules and stats

    def rules(self, t: Translator) -> tuple[str, Picture | None]:
        text = "\n".join(
            [
                "**Raffzahn**",
                t(
                    "Three players, each at one side of the pyramid (its apex removed), take it "
                    "apart all at once. The most dice win; a tie gives several winners."
                ),
                "• "
                + t(
                    "The roller presses Roll. For 60 seconds everyone takes free dice (nothing "
                    "rests on them) that show the roll on their own side: **My side** shows "
                    "yours, privately, with a button for each die you may take."
                ),
                "• "
                + t(
                    "You see only the pips of your own side; the public picture shows none. "
                    "The first click the bot receives gets the die."
                ),
                "• "
                + t(
                    "The round ends when the roller calls STOP, when nobody can take anything, "
                    "or after 60 seconds. A click after that counts for nothing and costs "
                    "nothing. Then the next player rolls."
                ),
                "• " + t("The game ends after a round that leaves dice only on the plate."),
            ]
        )
        return text, self.rules_picture(t)

    def seat_facts(self, game: Game) -> list[dict[str, Any]]:
        """Per seat: dice taken, and the most taken in one round."""
        facts: list[dict[str, Any]] = [{"taken": 0, "best_round": 0} for _ in range(3)]
        this_round = [0, 0, 0]
        for event in game.events:
            if isinstance(event, Roll):
                this_round = [0, 0, 0]
            elif isinstance(event, Take):
                facts[event.seat]["taken"] += 1
                this_round[event.seat] += 1
                best = facts[event.seat]["best_round"]
                facts[event.seat]["best_round"] = max(best, this_round[event.seat])
        return facts

    def score_lines(self, t: Translator, average: float, best: int) -> list[StatLine]:
        return [
            StatLine(t("Average dice taken"), f"{average:.1f}"),
            StatLine(t("Most dice taken"), str(best)),
        ]

    def stat_lines(self, t: Translator, facts: Sequence[Mapping[str, Any]]) -> list[StatLine]:
        if not facts:
            return []
        return [
            StatLine(t("Dice taken"), str(sum(int(f.get("taken", 0)) for f in facts))),
            StatLine(
                t("Most dice in one round"), str(max(int(f.get("best_round", 0)) for f in facts))
            ),
        ]

    def warm(self) -> None:
        """The plate and the dice's blank faces every Raffzahn picture draws."""
        render_raffzahn(Raffzahn.new(0), ["", "", ""])


def _position(label: str) -> int:
    try:
        return g.index_of_label(label)
    except (KeyError, ValueError):
        raise Refusal(dw.NOT_OFFERED_LIVE) from None


def _round_actions(engine: Raffzahn) -> list[Any]:
    """The log since the last roll, the roll included (the round running or just closed)."""
    out: list[Any] = []
    for action in reversed(engine.log):
        out.append(action)
        if isinstance(action, Roll):
            break
    return list(reversed(out))
