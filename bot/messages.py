"""Whole messages the bot composes: lobby, turn, roll-off, hints, names for threads and AIs."""

from __future__ import annotations

from bot import text
from bot.models import MAX_SEATS, MIN_SEATS, GameRow, Status
from bot.timers import timer_text
from games.spexxx import Hold, Place, Throw
from games.spexxx.ai import Decision, Level
from games.spexxx.state import MAX_THROWS
from locales import N_, Translator

THREAD_NAME_LIMIT = 100  # characters, Discord's limit
ATTACH_FILES_NOTE = N_("_(Give me the **Attach Files** permission here to show the board image.)_")


def closed_lobby(t: Translator, row: GameRow) -> str:
    """The lobby message once the lobby was cancelled or abandoned, with the reason."""
    return "~~" + t("Spexxx lobby #{id}", id=row.id) + f"~~: {t(row.note)}."


def verdict(t: Translator, row: GameRow) -> str:
    """How a finished game ended: who won, and why it ended early if it did."""
    game = row.game
    assert game is not None
    winners = game.state.winners()
    if len(winners) > 1:
        names = t(" and ").join(text.seat_label(t, row, s) for s in winners)
        said = "🏆 " + t("{names} share the win!", names=names)
    elif winners:
        said = "🏆 " + t("{name} wins!", name=text.seat_label(t, row, winners[0]))
    else:
        said = t("No winner.")
    if row.note:
        said += f" ({t(row.note)})"
    return said


def game_ended(t: Translator, row: GameRow) -> str:
    """What a command about a game that no longer runs is told: that it ended, and how."""
    if row.status is Status.CANCELLED or row.game is None:
        return t("**Spexxx #{id}** was cancelled.", id=row.id)
    return t("**Spexxx #{id} is over.**", id=row.id) + " " + verdict(t, row)


def lobby_content(t: Translator, row: GameRow) -> str:
    host = " " + t("(host)")
    seats = "\n".join(
        f"{i + 1}. {text.seat_label(t, row, i)}{host if p.user_id == row.host_id else ''}"
        for i, p in enumerate(row.players)
    )
    return "\n".join(
        [
            "**" + t("Spexxx lobby #{id}", id=row.id) + f"** — {text.variant_text(t, row.variant)}",
            t("Turn timer: {timer}", timer=timer_text(t, row.turn_timer)),
            t("Seats ({taken}/{max}):", taken=len(row.players), max=MAX_SEATS),
            seats,
            t(
                "Press **Join** to play. The host starts with {min}–{max} players.",
                min=MIN_SEATS,
                max=MAX_SEATS,
            ),
        ]
    )


def hint_text(t: Translator, decision: Decision, dice: tuple[int, ...] | None) -> str:
    """What the AI suggests (or does), in the reader's language.

    ``dice`` are those on the table before the action: None before the turn's first throw.
    Throws end with their expectation in plain words ("about 9 points on average"); easy
    computers have none.
    """
    action = decision.action
    expected = decision.expected
    if isinstance(action, Place):
        ev = f"{expected:.1f}" if expected is not None else "?"
        return t("Place your cube on {square} — value {ev}.", square=action.square, ev=ev)
    if isinstance(action, Hold):
        kept = " ".join(str(dice[i]) for i in sorted(action.dice)) if dice else ""
        if kept:
            advice = t("Hold {dice} and throw the others again", dice=kept)
        else:
            advice = t("Throw all five dice again")
    elif isinstance(action, Throw):
        advice = t("Throw all five dice") if dice is None else t("Throw the dice that are not held")
    else:
        return t("No empty square is allowed: discard a cube.")
    if expected is None:
        return advice + "."
    n = round(expected)
    return advice + " — " + t("about {n} point on average.", "about {n} points on average.", n)


def thread_name(t: Translator, row: GameRow) -> str:
    """``Spexxx #7 · dee_dee vs Computer (hard)``: thread names are plain text (Discord renders
    no markdown or mentions there), so names stay as they are, only cut to fit 100 characters."""
    prefix = f"Spexxx #{row.id} · "
    separator = t(" vs ")
    names = [" ".join(n.split()) or t("player") for n in text.player_names(t, row)]
    room = THREAD_NAME_LIMIT - len(prefix) - len(separator) * (len(names) - 1)
    cap = max((len(n) for n in names), default=0)
    while cap > 1 and sum(min(len(n), cap) for n in names) > room:
        cap -= 1  # the longest names give way first
    fitted = [n if len(n) <= cap else n[: cap - 1] + "…" for n in names]
    return (prefix + separator.join(fitted))[:THREAD_NAME_LIMIT]


AI_LEVEL_NAMES = tuple(level.value for level in Level)


def roll_off_text(t: Translator, row: GameRow) -> str:
    game = row.game
    assert game is not None
    lines = []
    for n, rolls in enumerate(game.setup.roll_off, start=1):
        shown = ", ".join(
            f"{text.seat_label(t, row, s)} {text.die_face(v)}" for s, v in enumerate(rolls) if v
        )
        if n > 1:
            lines.append(t("Roll-off (round {n}): {rolls}", n=n, rolls=shown))
        else:
            lines.append(t("Roll-off: {rolls}", rolls=shown))
    start = game.setup.start_seat
    lines.append(
        t(
            "{name} throws first; play follows the seat order.",
            name=text.seat_label(t, row, start),
        )
    )
    return "\n".join(lines)


def turn_content(t: Translator, row: GameRow, *, placing: bool = False) -> str:
    """The turn message's words; the turn before keeps its result in its own message."""
    game = row.game
    assert game is not None
    state = game.state
    seat = state.current
    assert seat is not None
    lines = []
    player = row.players[seat]
    who = (
        "🤖 " + t("{name} is playing", name=text.seat_label(t, row, seat))
        if player.is_ai
        else t("{mention}, your turn", mention=f"<@{player.user_id}>")
    )
    lines.append(
        f"**Spexxx #{row.id}** · "
        + t("turn {n}", n=state.turn + 1)
        + f" · {who} — {text.throw_status(t, len(state.throws))}"
    )
    dice = state.dice
    if dice is not None:
        held = sorted(state.held)
        held_text = (
            " · " + t("held: {dice}", dice=" ".join(str(dice[i]) for i in held))
            if held and not placing
            else ""
        )
        lines.append(f"🎲 {text.dice_text(dice)}{held_text}")
        allowed = state.allowed_mask()
        count = allowed.bit_count()
        if placing:
            lines.append(
                t(
                    "Choose a square: the {n} allowed square is highlighted.",
                    "Choose a square: the {n} allowed squares are highlighted.",
                    count,
                )
            )
        elif not allowed:
            if len(state.throws) < MAX_THROWS:
                lines.append(
                    t("No empty square is allowed by these dice: throw again, or discard a cube.")
                )
            else:
                lines.append(
                    t("No empty square is allowed by these dice, so you must discard a cube.")
                )
        else:
            lines.append(
                t(
                    "These dice allow {n} empty square.",
                    "These dice allow {n} empty squares.",
                    count,
                )
            )
    if row.turn_due is not None and not player.is_ai:
        lines.append(
            "⏰ " + t("Time for this turn runs out {when}.", when=f"<t:{int(row.turn_due)}:R>")
        )
    lines.append(text.scoreboard(t, row))
    return "\n".join(lines)
