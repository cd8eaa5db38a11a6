"""``BunteKuhAdapter``: 2–6 players race to lay their dice (RULES.md §6) as the timed online
procedure of §6.4, on the platform's live rounds (``bot/flow/live.py``).

A round: a "next roll" message counts down 3 s, then the bot rolls for the holder and the
message shows the three dice and the top view with every funnel labelled, no sums, with the
STOP selects and **NOWHERE!** (in the server's language: NERGENS!, NIRGENDS!, NULLE PART !) for
everyone. The funnels are split by their labels' row letters, as the picture's rows run: rows
A–E (the top of the picture) and F–H, in label order: the same two selects every round, each
within Discord's 25 options (see ``ROW_GROUPS``). The first call the bot received locks the
round and is judged at once: a wrong one pays its penalty and ends the round; the right caller
gets a private panel, in their own language, to lay their die within 30 s (after NOWHERE first
the funnel), else the engine lays it for them. The die is laid as the picture will show it: the
digit below, then the digits left and right (six buttons, then four: the 24 orientations in
two taps). Nobody calling within 90 s voids the round. Computers call after a reaction time
drawn from their level's range. Engine times are ms since the game's ``epoch`` (the start),
stored in the setup with the computers' levels.

Ids of messages posted before these controls still work: a STOP or funnel select's value is
its label whatever its other arguments, and a ``lay`` select (the orientation as its value)
lays as the buttons do.

No round waits for one person (``waits_for``): the bot rolls, anyone may call, a silent round
is void, and a right caller is answered with their panel at once. So round messages ping
nobody; the game's intro pings every person once as it begins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from bot.adapters.bunte_kuh import state as records
from bot.adapters.das_spiel import Capability, DasSpielAdapter, Table, das_spiel_info
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
    Select,
    StatLine,
    Style,
    TurnView,
)
from bot.contract.capabilities import LiveRounds
from bot.contract.refusals import Refusal
from bot.core.text import player_names, safe_name
from games.common.dice import DiceRng
from games.common.errors import NotYourTurn
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh import (
    BunteKuh,
    Nowhere,
    Phase,
    Place,
    Roll,
    RoundLocked,
    Stop,
    Timeout,
    WrongFunnel,
)
from games.das_spiel.bunte_kuh.ai import DEFAULT_REACTION, ROLL_PAUSE_MS, call, lay
from games.das_spiel.errors import BadOrientation, NotAFunnel, PastDeadline, WrongPhase
from games.das_spiel.orientation import (
    ORIENTATIONS,
    Orientation,
    orientation_text,
    parse_orientation,
)
from games.das_spiel.race import Reaction, Timed
from locales import N_, Translator
from renderers.das_spiel import render_bunte_kuh, render_bunte_kuh_final
from renderers.das_spiel.bunte_kuh import last_round, outcome_text

if TYPE_CHECKING:
    from bot.contract.models import GameRow

Game = Table[BunteKuh]
# The funnel selects, by the row letter of the label (the picture's rows, top to bottom). A
# funnel at layer h lies on a column of dice down to its twin in layer 1 (same row letter and
# column, h − 1 steps along X), which is empty or a die its stack would need: so no two funnels
# share that twin, and a group never holds more funnels than layer 1 has positions in its rows:
# 15 in A–E, 21 in F–H (Discord: 25 options a select).
ROW_GROUPS = (("AE", "ABCDE"), ("FH", "FGH"))
BELOW, LEFT, RIGHT = g.X, g.Y, g.Z  # where a face shows in the picture, drawn from side X
NOWHERE = "🚫"  # the NOWHERE! button's mark, the same in every language
REACTIONS = {  # how fast each computer level finds a sum among up to 36 funnels, how often wrong
    "easy": Reaction(8_000, 40_000, 0.2),
    "normal": DEFAULT_REACTION,
    "hard": Reaction(2_500, 10_000, 0.03),
}
LEVEL_ABOUT = {
    "easy": N_("calls after 8 to 40 s, wrong one time in five"),
    "normal": N_("calls after 4 to 20 s, wrong one time in ten"),
    "hard": N_("calls after 2.5 to 10 s, rarely wrong"),
}
TOO_LATE = N_("Too late: this round is over.")
CALLED_FIRST = N_("{name} called first.")
NOT_YET = N_("Wait for the roll: nothing to call yet.")
NOT_YOURS = N_("Only {name} lays the die: they called first.")
CALLED_ALREADY = N_("Your call counted already: lay your die.")
COUNTED = N_("Your first call counted: this round is over.")
LAID_ALREADY = N_("You laid your die already.")
LAID_FOR_YOU = N_("Too late: your 30 seconds ran out, so the bot laid your die.")
WRONG_FUNNEL = N_("Your die goes into the funnel you called.")
NOT_A_FUNNEL = N_("That is not a funnel now.")


@dataclass(frozen=True, slots=True)
class RollDue:
    """The bot rolls for the holder at ``t``: the dice come from the platform's chance."""

    t: int


@dataclass(frozen=True, slots=True)
class Laying:
    """The caller's panel part-way: the funnel chosen (after NOWHERE) and the digit below."""

    pos: int
    below: int | None = None


class BunteKuhAdapter(DasSpielAdapter[BunteKuh], LiveRounds):
    info = das_spiel_info(
        kind="buntekuh",
        code="bk",
        title="Bunte Kuh",
        summary=N_(
            "A race: be the first to spot the funnel whose three dice add up to the roll, and "
            "empty your supply."
        ),
        min_seats=d.BK_MIN_PLAYERS,
        max_seats=d.BK_MAX_PLAYERS,
        seat_marks=dw.SEAT_DISCS,
        capabilities=frozenset({Capability.LIVE}),
        choice_label=N_("Bunte Kuh: race to lay your dice (2–6 players)"),
        level_descriptions=LEVEL_ABOUT,
        refusals={
            PastDeadline: TOO_LATE,
            WrongPhase: TOO_LATE,
            RoundLocked: N_("Too late: someone called first."),
            NotYourTurn: N_("Only the player who called first lays the die."),
            NotAFunnel: NOT_A_FUNNEL,
            WrongFunnel: WRONG_FUNNEL,
            BadOrientation: dw.NOT_OFFERED_LIVE,
        },
        export_running=False,  # RULES.md §3.4: never post a running game's record
        redraw_panels=True,
    )
    records = records
    stat_names: ClassVar[Mapping[str, str]] = {"laid": N_("Dice laid")}  # each summed
    final_draw = staticmethod(render_bunte_kuh_final)

    # ------------------------------------------------------------------------ engine hooks

    def new_setup(self, seats: int, options: Any, chance: Any) -> dict[str, Any]:
        return super().new_setup(seats, options, chance) | {
            "call_ms": d.BK_CALL_MS,
            "place_ms": d.BK_PLACE_MS,
        }

    def fresh(self, setup: dict[str, Any]) -> BunteKuh:
        return BunteKuh.new(
            int(setup["seats"]),
            int(setup["seed"]),
            int(setup["start_seat"]),
            call_ms=int(setup["call_ms"]),
            place_ms=int(setup["place_ms"]),
        )

    def state_from_dict(self, setup: dict[str, Any], data: Any) -> BunteKuh:
        engine = BunteKuh(records.state_from_dict(data), seed=int(setup["seed"]))
        engine.plate = self.fresh(setup).plate  # the set-up, not the pile now
        return engine

    def apply(self, game: Game, action: Any, chance: Any) -> None:
        if isinstance(action, RollDue):  # the bot rolls: no choice in it (§6.4)
            dice = chance.roll(3)
            action = Roll(game.engine.state.holder, (dice[0], dice[1], dice[2]), action.t)
        super().apply(game, action, chance)

    def engine_actions(self, table: Game, action: Any) -> list[Any]:
        if not isinstance(action, Roll | Stop | Nowhere | Place | Timeout):
            raise TypeError(f"not a Bunte Kuh action: {action!r}")
        return [action]

    def turn_done(self, engine: BunteKuh, action: Any, result: Any) -> bool:
        """A round ends with the call that is judged wrong, the die laid, or a timeout."""
        return not isinstance(action, Roll) and engine.state.phase in (Phase.ROLL, Phase.OVER)

    def advance(self, table: Game, chance: DiceRng) -> None:
        """Nothing happens without a choice or the clock here: rolls come when due."""

    def rank_key(self, engine: BunteKuh, seat: int) -> tuple[int, ...]:
        return (engine.state.supply[seat],)

    def scores(self, game: Game) -> Sequence[int]:
        """Dice left in the supply, as negative scores: the fewer, the better."""
        return [-n for n in game.engine.state.supply]

    def ends_turn(self, action: Any) -> bool:
        return not isinstance(action, Roll | RollDue)

    def computer_move(self, game: Game, seat: int, level: str, seed: str) -> Move:
        raise NotImplementedError("Bunte Kuh's computers act through live_step")

    # ---------------------------------------------------------------------------- time

    def offer(self, game: Game) -> Timed[Any] | None:
        """The earliest computer action in the open window (a call, or a correct computer
        caller laying), or None; the same every time it is asked in the same position."""
        s = game.engine.state
        levels = game.setup.get("levels") or [None] * s.players
        offers: list[Timed[Any]] = []
        for seat, level in enumerate(levels):
            if level is None or game.resigned[seat]:
                continue
            rng = random.Random(f"{game.setup['seed']}:{s.clock.now}:{s.phase.value}:{seat}")
            reaction = REACTIONS.get(level, DEFAULT_REACTION)
            if s.phase is Phase.CALL:
                made = call(s, seat, rng, s.clock.now, reaction)
            elif s.phase is Phase.PLACE:
                made = lay(s, seat, rng, s.clock.now, reaction)
            else:
                made = None
            if made is not None:
                offers.append(made)
        return min(offers, key=lambda o: (o.t, o.action.seat), default=None)

    def live_due(self, game: Game) -> float | None:
        s = game.engine.state
        if self.finished(game) or "epoch" not in game.setup:
            return None
        if s.phase is Phase.ROLL:
            return self.posix(game, s.clock.now + ROLL_PAUSE_MS)
        deadline = s.deadline
        assert deadline is not None
        offer = self.offer(game)
        return self.posix(game, min(deadline, offer.t) if offer is not None else deadline)

    def live_step(self, game: Game, now: float) -> Any:
        s = game.engine.state
        if s.phase is Phase.ROLL:
            return RollDue(max(s.clock.now + ROLL_PAUSE_MS, self.ms(game, now)))
        deadline = s.deadline
        assert deadline is not None
        offer = self.offer(game)
        if offer is not None and offer.t < deadline:
            return offer.action
        return Timeout(deadline)

    # -------------------------------------------------------------------------- clicks

    def round_key(self, game: Game) -> str:
        """The round as control arguments: its roll's time (unique, and found in the log)."""
        s = game.engine.state
        return str(s.clock.now if s.phase is Phase.ROLL else self._roll(game).t)

    def _roll(self, game: Game) -> Roll:
        return next(a for a in reversed(game.engine.log) if isinstance(a, Roll))

    def check_click(self, row: GameRow, seat: int, click: Click) -> None:
        """A click of an earlier round: who called first then (the clicker: it counted), how
        the clicker's die was laid, or too late."""
        game: Game = row.game
        key = click.args[0] if click.args else ""
        if key == self.round_key(game) and game.engine.state.phase is not Phase.ROLL:
            return
        log = game.engine.log
        start = next(
            (k for k, a in enumerate(log) if isinstance(a, Roll) and str(a.t) == key), None
        )
        if start is not None:
            after = log[start + 1 :]
            caller = next((a.seat for a in after if isinstance(a, Stop | Nowhere)), None)
            calls = click.action in ("stop", "nowhere")
            if caller is not None and caller != seat and calls:
                raise Refusal(CALLED_FIRST, name=lambda t: dw.who(self, t, row, caller))
            if caller == seat:
                if calls:
                    raise Refusal(COUNTED)
                if any(isinstance(a, Place) and a.seat == seat for a in after):
                    raise Refusal(LAID_ALREADY)
                if any(isinstance(a, Timeout) for a in after):
                    raise Refusal(LAID_FOR_YOU)
        if game.engine.state.phase is Phase.ROLL and key == self.round_key(game):
            raise Refusal(NOT_YET)
        raise Refusal(TOO_LATE)

    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        game: Game = row.game
        s = game.engine.state
        assert click.at is not None
        at = self.ms(game, click.at)
        if click.action in ("stop", "nowhere"):
            if s.phase is Phase.PLACE:
                caller = s.caller
                assert caller is not None
                if caller == seat:
                    raise Refusal(CALLED_ALREADY)
                raise Refusal(CALLED_FIRST, name=lambda t: dw.who(self, t, row, caller))
            if click.action == "nowhere":
                right = not s.matching(s.roll_sum or 0)
                return Outcome(action=Nowhere(seat, at), panel=right)
            pos = _label(click.values[0] if click.values else "")
            right = bool(s.funnels() >> pos & 1) and s.pyramid.funnel_sum(pos) == s.roll_sum
            return Outcome(action=Stop(seat, pos, at), panel=right)
        if s.phase is not Phase.PLACE:
            raise Refusal(TOO_LATE)
        caller = s.caller
        assert caller is not None
        if seat != caller:
            raise Refusal(NOT_YOURS, name=lambda t: dw.who(self, t, row, caller))
        if click.action == "panel":
            return Outcome(panel=True)
        if click.action == "funnel":
            return Outcome(panel=True, screen=Laying(self._funnel(game, _one(click.values))))
        if click.action == "below" and len(click.args) == 3:
            pos = self._funnel(game, click.args[1])
            below = click.args[2]
            if below not in ("1", "2", "3", "4", "5", "6"):
                raise Refusal(dw.NOT_OFFERED_LIVE)
            return Outcome(panel=True, screen=Laying(pos, int(below)))
        if click.action == "lay" and len(click.args) in (2, 3):
            # (key, label, orientation): a button; (key, label) with the orientation as the
            # value: the select of the panels before the buttons
            text = click.args[2] if len(click.args) == 3 else _one(click.values)
            try:
                orientation = parse_orientation(text)
            except ValueError:
                raise Refusal(dw.NOT_OFFERED_LIVE) from None
            return Outcome(action=Place(seat, _label(click.args[1]), orientation, at), panel=True)
        raise Refusal(dw.NOT_OFFERED_LIVE)

    @staticmethod
    def _funnel(game: Game, label: str) -> int:
        """The funnel a panel click names: the called one after STOP, any after NOWHERE."""
        s = game.engine.state
        pos = _label(label)
        if s.called is not None and pos != s.called:
            raise Refusal(WRONG_FUNNEL)
        if not s.funnels() >> pos & 1:
            raise Refusal(NOT_A_FUNNEL)
        return pos

    # ------------------------------------------------------------------------ messages

    def intro(self, t: Translator, row: GameRow) -> str:
        s = row.game.engine.state
        return "\n".join(
            [
                t("Every player has {n} dice. The first with none left wins.", n=s.supply[0]),
                t(
                    "Each round the bot rolls three pearl dice. Find a funnel whose three walls "
                    "add up to the roll and pick it under STOP!, or press NOWHERE! if none does. "
                    "The first call counts: right, you lay a die; wrong, every other player "
                    "gives you one."
                ),
            ]
        )

    def _header(self, t: Translator, row: GameRow) -> str:
        game: Game = row.game
        return f"**{self.info.title} #{row.id}** · " + t("round {n}", n=self.turn_number(game))

    def _supplies(self, t: Translator, row: GameRow) -> str:
        s = row.game.engine.state
        parts = [f"{dw.who(self, t, row, seat)} **{s.supply[seat]}**" for seat in range(s.players)]
        return t("Dice left: {seats}", seats=" · ".join(parts))

    def _picture(self, t: Translator, row: GameRow) -> Picture:
        return Picture(
            render_bunte_kuh,
            "bunte-kuh.png",
            (self.snapshot(row.game), player_names(t, row)),
            self.drawn(t, row.game),
        )

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        game: Game = row.game
        s = game.engine.state
        lines = [self._header(t, row)]
        if s.phase is Phase.ROLL:
            when = f"<t:{int(self.posix(game, s.clock.now + ROLL_PAUSE_MS)) + 1}:R>"
            lines.append(
                "🎲 "
                + t("Next roll {when}, for {name}.", when=when, name=dw.who(self, t, row, s.holder))
            )
            lines.append(self._supplies(t, row))
            # the pile from the round's first message, as every game's turn shows its table
            return TurnView("\n".join(lines), picture=self._picture(t, row))
        deadline = f"<t:{int(self.posix(game, s.deadline or 0))}:R>"
        key = self.round_key(game)
        if s.phase is Phase.CALL:
            assert s.dice is not None
            faces = " ".join(dw.DICE_FACES[v - 1] for v in s.dice)
            lines.append(
                t("{name} rolled {dice}.", name=dw.who(self, t, row, s.holder), dice=faces)
                + " "
                + t(
                    "STOP! Pick the funnel whose three walls add up to the roll (by its row "
                    "in the picture: A–E or F–H), or press NOWHERE! if there is none. Calls "
                    "close {when}.",
                    when=deadline,
                )
            )
            lines.append(self._supplies(t, row))
            rows: list[Row] = list(self._funnel_selects(t, game, "stop", (key,)))
            rows.append((Button("nowhere", (key,), t("NOWHERE!"), Style.DANGER, NOWHERE),))
            return TurnView("\n".join(lines), Controls(tuple(rows)), self._picture(t, row))
        caller = s.caller
        assert caller is not None
        name = dw.who(self, t, row, caller)
        if s.called is not None:
            lines.append(
                "✅ "
                + t(
                    "{name} called STOP at {label}: right! They lay a die there.",
                    name=name,
                    label=g.LABELS[s.called],
                )
            )
        else:
            lines.append("✅ " + t("{name} called NOWHERE: right! They lay a die.", name=name))
        lines.append(t("If they have not laid it {when}, the bot lays it for them.", when=deadline))
        lines.append(self._supplies(t, row))
        button = Button("panel", (key,), t("Lay my die"), Style.SUCCESS)
        # The call's answer must be quick (everyone calls at once): the round message keeps
        # the roll's picture; posted anew (``board``) it shows the claim.
        controls = Controls(((button,),))
        return TurnView("\n".join(lines), controls, self._picture(t, row), keep_picture=True)

    def _funnel_selects(
        self,
        t: Translator,
        game: Game,
        action: str,
        args: tuple[str, ...],
        chosen: int | None = None,
    ) -> list[Select]:
        """The current funnels in label order, in a select per group of the picture's rows
        (``ROW_GROUPS``; a group with no funnel now has none): the same places every round."""
        funnels = g.bits(game.engine.state.funnels())
        out = []
        for key, letters in ROW_GROUPS:
            part = [q for q in funnels if g.LABELS[q][1] in letters]
            if not part:
                continue
            rows = {"first": letters[0], "last": letters[-1]}
            if action == "stop":
                hint = t("STOP! A funnel in rows {first}–{last}…", **rows)
            else:
                hint = t("Your funnel, rows {first}–{last}…", **rows)
            options = tuple(Option(g.LABELS[q], g.LABELS[q], default=q == chosen) for q in part)
            out.append(Select(action, options, (*args, key), placeholder=hint))
        return out

    def panel_view(
        self, t: Translator, row: GameRow, seat: int, screen: Any = None
    ) -> TurnView | None:
        """The correct caller's panel (after NOWHERE the funnel first): the die as the picture
        will show it, the digit below (six buttons), then left and right (four); after laying,
        what was laid. No sum: the walls of the funnels it makes are for everyone to add up."""
        game: Game = row.game
        s = game.engine.state
        if s.phase is not Phase.PLACE or s.caller != seat:
            last = game.engine.log[-1] if game.engine.log else None
            if isinstance(last, Place) and last.seat == seat:
                return TurnView(
                    "✅ "
                    + t(
                        "You laid a die in {label}: {faces}.",
                        label=g.LABELS[last.pos],
                        faces=faces_text(t, last.orientation),
                    )
                )
            return None
        key = self.round_key(game)
        deadline = f"<t:{int(self.posix(game, s.deadline or 0))}:R>"
        chosen = screen if isinstance(screen, Laying) else None
        pos = s.called if s.called is not None else chosen.pos if chosen is not None else None
        rows: list[Row] = []
        if s.called is None:
            rows.extend(self._funnel_selects(t, game, "funnel", (key,), pos))
        if pos is None:
            text = t("Right! Choose the funnel for your die (until {when}).", when=deadline)
            return TurnView(text, Controls(tuple(rows)))
        label = g.LABELS[pos]
        below = chosen.below if chosen is not None and chosen.pos == pos else None
        for digits in ((1, 2, 3), (4, 5, 6)):
            rows.append(
                tuple(
                    Button(
                        "below",
                        (key, label, str(n)),
                        t("{n} below", n=n),
                        Style.PRIMARY if n == below else Style.SECONDARY,
                    )
                    for n in digits
                )
            )
        lines = [
            t("Lay your die in {label} (until {when}).", label=label, when=deadline),
            t("In the picture a die shows three digits: left, right and below."),
        ]
        if below is None:
            lines.append(t("Which digit below?"))
        else:
            lines.append(t("{n} below: which digits left and right?", n=below))
            rows.append(
                tuple(
                    Button(
                        "lay",
                        (key, label, orientation_text(o)),
                        t("{left} left, {right} right", left=o[LEFT], right=o[RIGHT]),
                        Style.SUCCESS,
                    )
                    for o in sides(below)
                )
            )
        return TurnView("\n".join(lines), Controls(tuple(rows)))

    def turn_result(self, t: Translator, row: GameRow) -> str:
        """The round that just ended, for everyone: the roll, its sum, what happened."""
        game: Game = row.game
        events = last_round(self.snapshot(game))
        lines = [f"**{self.info.title} #{row.id}** · " + t("round {n}", n=game.turns)]
        if events:
            roll = events[0][0]
            assert isinstance(roll, Roll)
            faces = " ".join(dw.DICE_FACES[v - 1] for v in roll.dice)
            lines[0] += " · " + t("rolled {dice} = {sum}", dice=faces, sum=sum(roll.dice))
            # names made safe for chat, as every other line shows them
            seats = [safe_name(name) for name in player_names(t, row)]
            outcome = outcome_text(events, seats, t, t.lang)
            lines.append(outcome)
        lines.append(self._supplies(t, row))
        if end := self.end_line(t, row):
            lines.append(end)
        return "\n".join(line for line in lines if line)

    def end_line(self, t: Translator, row: GameRow) -> str:
        s = row.game.engine.state
        if s.end_reason is None:
            return ""
        names = ", ".join(dw.who(self, t, row, w) for w in s.winners)
        if len(s.winners) > 1:  # BK-4: emptied at the same moment
            return "🏁 " + t("Supplies are used up. Winners: {names}.", names=names)
        return "🏁 " + t("A supply is used up. Winner: {names}.", names=names)

    def standing(self, t: Translator, game: Game, seat: int) -> str:
        return t("**{n}** dice left", n=game.engine.state.supply[seat])

    def win_reason(self, t: Translator, game: Game, seat: int) -> str:
        return t("first with no dice left")

    def snapshot(self, game: Game) -> BunteKuh:
        """A copy for a picture: the state and the stored log (the last actions)."""
        engine = BunteKuh(game.engine.state.copy(), seed=game.engine.seed)
        engine.log = list(game.engine.log)
        engine.plate = game.engine.plate
        return engine

    def rules(self, t: Translator) -> tuple[str, Picture | None]:
        text = "\n".join(
            [
                "**Bunte Kuh**",
                t(
                    "2 to 6 players build on a plate of 45 pearl dice; everyone plays at once. "
                    "The first with an empty supply wins."
                ),
                "• "
                + t(
                    "Every round the bot rolls three pearl dice. Look for a funnel (three dice "
                    "touching, a hollow above them) whose three inner faces add up to the roll."
                ),
                "• "
                + t(
                    "Pick it under STOP! (one action), or press NOWHERE! if no funnel has that "
                    "sum. The first call the bot receives counts; the others are refused."
                ),
                "• "
                + t(
                    "Right: within 30 s lay a die from your supply in that funnel (after "
                    "NOWHERE!, in any funnel), choosing the digits it shows below, left and "
                    "right. Wrong: every other player gives you a die."
                ),
                "• "
                + t("Nobody calls within 90 s: the round is void. Then the next player rolls."),
            ]
        )
        return text, self.rules_picture(t)

    # ------------------------------------------------------------------- stats

    def seat_facts(self, game: Game) -> list[dict[str, Any]]:
        """Per seat: the dice they laid (the engine keeps who laid which)."""
        return [{"laid": mask.bit_count()} for mask in game.engine.state.laid]

    def score_lines(self, t: Translator, average: float, best: int) -> list[StatLine]:
        """Scores are the dice left, negative: said as dice left."""
        return [
            StatLine(t("Average dice left"), f"{abs(average):.1f}"),
            StatLine(t("Fewest dice left"), str(abs(best))),
        ]


def sides(below: int) -> list[Orientation]:
    """The four orientations showing ``below`` below, by the digit left."""
    return sorted((o for o in ORIENTATIONS if o[BELOW] == below), key=lambda o: o[LEFT])


def faces_text(t: Translator, o: Orientation) -> str:
    """An orientation as the picture shows it, in words."""
    return t(
        "{left} left, {right} right, {below} below", left=o[LEFT], right=o[RIGHT], below=o[BELOW]
    )


def _one(values: tuple[str, ...]) -> str:
    if len(values) != 1:
        raise Refusal(dw.NOT_OFFERED_LIVE)
    return values[0]


def _label(text: str) -> int:
    try:
        return g.index_of_label(text)
    except (KeyError, ValueError):
        raise Refusal(dw.NOT_OFFERED_LIVE) from None
