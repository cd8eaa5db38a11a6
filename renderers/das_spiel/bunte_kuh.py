"""Bunte Kuh's pictures (RULES.md §6): the pile with every exposed face, each funnel labelled
while calls are open, the three rolled dice (as dice, not their sum), each seat's supply, the
last round's outcome, and the final standings.

Finding a funnel whose walls add up to the roll is the game, so no funnel sum is ever written,
except the funnel a correct STOP has claimed: it shows the roll's sum and the caller's marker
until he lays his die (``BkView.claimed``). The picture is drawn from ``BunteKuh.view(seat)``
(every seat sees the same table): the exposed faces it lists, nothing the state has besides.
The last round's outcome comes from replaying the log (a few ms late in a game): a game
object keeps its actions, not their results.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh import (
    BkState,
    BkView,
    BunteKuh,
    Nowhere,
    Outcome,
    Phase,
    Place,
    Result,
    Roll,
    Stop,
    Timeout,
)
from games.das_spiel.bunte_kuh.state import Action, laid_colour
from games.das_spiel.pyramid import Colour
from locales import DEFAULT, Translator, tn, translator
from renderers.das_spiel import panels, view
from renderers.das_spiel import theme as th
from renderers.names import namer

HEADING = "Bunte Kuh"
CLAIM_TOKEN = 34  # the claimer's marker beside a claimed funnel
LAYER_TOKEN = 30  # who laid a die, on its top corner: 10 px or more at 400 px wide


def choosable(v: BkView) -> int:
    """The funnels to label: every funnel while calls are open or after a correct NERGENS
    (the caller picks one), none between rounds. A funnel claimed by a correct STOP shows its
    sum and its claimer instead."""
    if v.phase is Phase.CALL or (v.phase is Phase.PLACE and v.claimed is None):
        return g.mask_of(v.funnels)
    return 0


def occupied(v: BkView) -> int:
    """The pile's shape: the plate stays full (§6.2) and holds every die laid."""
    out = g.BOTTOM_MASK
    for mask in v.laid:
        out |= mask
    return out


def colours(v: BkView) -> dict[int, Colour]:
    """Each laid die's colour (its layer's, BK-8); the plate's dice are pearl."""
    out = {}
    for seat, mask in enumerate(v.laid):
        for i in g.bits(mask):
            out[i] = laid_colour(seat)
    return out


def face_sprite(v: BkView, side: int) -> view.FaceSprite:
    laid = colours(v)

    def sprite(i: int, axis: int, pips: int, dim: bool) -> view.Sprite:
        # Not dimmed as a funnel's wall: on a full plate every face is one, and the walls are
        # what the players read.
        colour = laid.get(i, Colour.PEARL)
        return view.digit_face_sprite(colour, view.role(axis, side), pips)

    return sprite


def outline_funnels(img: Image.Image, funnels: Sequence[int], side: int) -> None:
    """A dark hexagon round each funnel's three walls: the faces to add up read as one cell
    (on a full plate the funnels' cells tile the picture)."""
    draw = ImageDraw.Draw(img)
    for q in funnels:
        x, y = view.centre(q, side)
        corners = [(x + dx, y + dy) for dx, dy in view.HEX_CORNERS]
        draw.line([*corners, corners[0]], fill=th.OUTLINE, width=5)


def mark_layers(img: Image.Image, v: BkView, side: int) -> None:
    """Who laid a die, on each laid die nothing rests on yet: its seat's numbered marker at
    the die's top corner, where its three faces meet (the digits keep clear of it)."""
    free = g.free_dice(occupied(v))
    for seat, mask in enumerate(v.laid):
        token = panels.seat_token(seat, LAYER_TOKEN, halo=True)
        for i in g.bits(mask & free):
            x, y = view.centre(i, side)
            img.paste(token, (x - LAYER_TOKEN // 2, y - LAYER_TOKEN // 2), token)


def results(game: BunteKuh) -> list[tuple[Action, Result]]:
    """The log replayed: every action with what it did (a few ms late in a game)."""
    s = game.state
    state = BkState(game.plate, s.players, s.start_seat, call_ms=s.call_ms, place_ms=s.place_ms)
    return [(a, state.apply(a)) for a in game.log]


def last_round(game: BunteKuh) -> list[tuple[Action, Result]]:
    """The events of the round that ended last (from its roll on), with what they did: the
    round just ended, or, while a round runs, the one before it.

    The results are read off the table as it is now, which that round's end left unchanged but
    for the die it laid: its place is named by its action, or by the called funnel, or (the
    engine laid it after a NERGENS, in the funnel first then) kept by the state. Never replayed:
    a stored game keeps only the last actions, and its set-up is no longer the pile."""
    log = game.log
    rolls = [k for k, action in enumerate(log) if isinstance(action, Roll)]
    if game.state.phase in (Phase.CALL, Phase.PLACE):
        rolls = rolls[:-1]
    if not rolls:
        return []
    start = rolls[-1]
    stop = next((k for k in range(start + 1, len(log)) if isinstance(log[k], Roll)), len(log))
    actions = log[start:stop]
    s = game.state
    pyramid = s.pyramid
    first = actions[0]
    assert isinstance(first, Roll)
    total = sum(first.dice)
    out: list[tuple[Action, Result]] = [(first, Result("roll", sum=total))]
    givers = s.players - 1  # a supply at 0 ends the game, so every other seat pays
    for k, action in enumerate(actions[1:], 1):
        wrong = k == len(actions) - 1  # a call that ended its round was wrong
        if isinstance(action, Stop):
            is_funnel = bool(pyramid.funnels() >> action.pos & 1)
            out.append(
                (
                    action,
                    Result(
                        "stop",
                        pos=action.pos,
                        funnel_sum=pyramid.funnel_sum(action.pos) if wrong and is_funnel else None,
                        correct=not wrong,
                        received=givers if wrong else None,
                    ),
                )
            )
        elif isinstance(action, Nowhere):
            match = s.matching(total)[0] if wrong else None
            received = givers if wrong else None
            result = Result("nowhere", correct=not wrong, match=match, received=received)
            out.append((action, result))
        elif isinstance(action, Place):
            out.append((action, Result("place", pos=action.pos, orientation=action.orientation)))
        elif isinstance(actions[k - 1], Roll):
            out.append((action, Result("timeout", outcome=Outcome.NO_CALL)))
        else:
            call = actions[k - 1]
            assert isinstance(call, Stop | Nowhere)
            pos = call.pos if isinstance(call, Stop) else s.last_laid
            if pos is None:  # a game stored before the state kept it: its place is unknown
                return []
            outcome = Outcome.DEFAULT_PLACEMENT
            out.append((action, Result("timeout", outcome=outcome, seat=call.seat, pos=pos)))
    return out


def last_marks(events: Sequence[tuple[Action, Result]]) -> tuple[int, ...]:
    """Where the last round left its mark: the die laid, or the funnel a wrong call named (the
    called one, or the one a wrong NERGENS overlooked)."""
    for action, result in reversed(events):
        if result.pos is not None and isinstance(action, Place | Timeout | Stop):
            return (result.pos,)
        if result.match is not None:
            return (result.match,)
    return ()


def outcome_text(
    events: Sequence[tuple[Action, Result]], names: Sequence[str], t: Translator, lang: str
) -> str:
    """How the round that ended last ended ("" before the first has)."""
    if not events:
        return ""
    action, result = events[-1]
    roll = events[0][1].sum
    if isinstance(action, Place):
        who = panels.short_name(names, action.seat, lang)
        return t("{name} laid a die in {label}.", name=who, label=g.LABELS[action.pos])
    if isinstance(action, Timeout):
        if result.outcome is Outcome.NO_CALL:
            return t("Nobody called in time: the round is void.")
        assert result.seat is not None and result.pos is not None
        who = panels.short_name(names, result.seat, lang)
        return t(
            "{name} did not lay in time: the die went into {label}.",
            name=who,
            label=g.LABELS[result.pos],
        )
    if isinstance(action, Stop | Nowhere) and result.correct is False:
        who = panels.short_name(names, action.seat, lang)
        k = result.received or 0
        if isinstance(action, Stop):
            if result.funnel_sum is None:
                return tn(
                    translator(lang),
                    "{name} called STOP at {label}, which is no funnel: {name} receives {n} die.",
                    "{name} called STOP at {label}, which is no funnel: {name} receives {n} dice.",
                    k,
                    name=who,
                    label=g.LABELS[action.pos],
                )
            return tn(
                translator(lang),
                "{name} called STOP at {label}, but it adds up to {sum}, not {roll}: "
                "{name} receives {n} die.",
                "{name} called STOP at {label}, but it adds up to {sum}, not {roll}: "
                "{name} receives {n} dice.",
                k,
                name=who,
                label=g.LABELS[action.pos],
                sum=result.funnel_sum,
                roll=roll,
            )
        assert result.match is not None
        return tn(
            translator(lang),
            "{name} called NOWHERE, but {label} adds up to {roll}: {name} receives {n} die.",
            "{name} called NOWHERE, but {label} adds up to {roll}: {name} receives {n} dice.",
            k,
            name=who,
            label=g.LABELS[result.match],
            roll=roll,
        )
    return ""


def status_text(v: BkView, names: Sequence[str], t: Translator, lang: str) -> str:
    if v.phase is Phase.OVER:
        winners = ", ".join(panels.short_name(names, w, lang) for w in v.winners)
        return t("{reason} Winner: {names}.", reason=t("A supply is used up."), names=winners)
    if v.phase is Phase.ROLL:
        who = panels.short_name(names, v.holder, lang)
        return t("{name} rolls the three pearl dice.", name=who)
    if v.phase is Phase.CALL:
        return t(
            "Find a funnel whose three walls add up to the roll and call STOP, "
            "or call NOWHERE if there is none."
        )
    who = panels.short_name(names, v.caller if v.caller is not None else 0, lang)
    if v.claimed is not None:
        return t(
            "{name} called STOP at {label}: right! Their die goes there.",
            name=who,
            label=g.LABELS[v.claimed],
        )
    return t("{name} called NOWHERE: right! Their die goes into any funnel.", name=who)


def cards(v: BkView, names: Sequence[str], t: Translator, lang: str) -> list[panels.SeatCard]:
    out = []
    for seat in range(len(v.supply)):
        laid = v.laid[seat].bit_count()
        facts = [tn(translator(lang), "{n} die laid", "{n} dice laid", laid)]
        brief = [tn(translator(lang), "{n} laid", "{n} laid", laid)]
        if seat == v.holder and v.phase is not Phase.OVER:
            facts.append(t("rolls"))
            brief.append(t("rolls"))
        out.append(
            panels.SeatCard(
                panels.seat_token(seat, 48),
                namer(names, seat, lang),
                t("supply {n}", n=v.supply[seat]),
                " · ".join(facts),
                seat == v.next_seat,
                " · ".join(brief),
            )
        )
    return out


def board_image(
    game: BunteKuh,
    names: Sequence[str],
    *,
    seat: int = 0,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    status: Sequence[str] | None = None,
) -> Image.Image:
    """The table as ``seat`` sees it (every seat sees the same); ``status`` replaces the
    status lines (a game the players ended early)."""
    t = translator(lang)
    v = game.view(seat)
    events = last_round(game)
    claimed = v.claimed if v.phase is Phase.PLACE else None
    texts = {claimed: str(sum(v.dice or ()))} if claimed is not None else None
    marks = (claimed,) if claimed is not None else last_marks(events)
    overlay = view.Overlay(side, (), marks, texts)
    img = view.plate(side).copy()
    view.draw_faces(img, occupied(v), v.faces, face_sprite(v, side), overlay)
    outline_funnels(img, v.funnels, side)
    view.draw_labels(img, g.bits(choosable(v)), side, th.FUNNEL_LABEL_SIZE)
    mark_layers(img, v, side)
    if claimed is not None and v.caller is not None:
        x, y = view.centre(claimed, side)
        token = panels.seat_token(v.caller, CLAIM_TOKEN)
        img.paste(token, (x + 12, y - 8 - CLAIM_TOKEN), token)
    panels.draw_sides(img, lang, side)
    lines = [status_text(v, names, t, lang)]
    outcome = outcome_text(events, names, t, lang)
    if outcome:
        lines.append(outcome)
    if status is not None:
        lines = list(status)
    bottom = panels.draw_status(img, lines, HEADING)
    if v.dice is not None and v.phase in (Phase.CALL, Phase.PLACE):
        panels.draw_dice(img, Colour.PEARL, v.dice, bottom)
    panels.draw_cards(img, cards(v, names, t, lang), lang, resigned)
    return img


def final_image(
    game: BunteKuh,
    names: Sequence[str],
    *,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    ended: str | None = None,
) -> Image.Image:
    """The final pile with the standings below it: the emptied supplies first."""
    status = panels.ended_lines(ended)
    board = board_image(game, names, side=side, lang=lang, status=status, resigned=resigned)
    v = game.view(0)
    rows = [
        panels.Standing(
            s,
            (s not in v.winners, v.supply[s]),
            tn(translator(lang), "{n} die laid", "{n} dice laid", v.laid[s].bit_count()),
            str(v.supply[s]),
            s in v.winners,
        )
        for s in range(len(v.supply))
    ]
    t = translator(lang)
    return panels.final_picture(
        board, names, lang, rows, panels.seat_token, resigned, measure=t("dice left")
    )
