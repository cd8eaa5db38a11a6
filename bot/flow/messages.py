"""Whole messages the platform composes for every game: lobby, verdict, thread names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.contract.models import GameRow, Status
from bot.core import text
from bot.flow.timers import timer_text
from locales import N_, Translator

if TYPE_CHECKING:
    from bot.contract.adapter import GameAdapter

THREAD_NAME_LIMIT = 100  # characters, Discord's limit
ATTACH_FILES_NOTE = N_("_(Give me the **Attach Files** permission here to show the board image.)_")


def title(game: GameAdapter[Any], row: GameRow) -> str:
    """``Spexxx #7``: the game's name is never translated."""
    return f"{game.info.title} #{row.id}"


def lobby_title(t: Translator, game: GameAdapter[Any], row: GameRow) -> str:
    return t("{game} lobby #{id}", game=game.info.title, id=row.id)


def closed_lobby(t: Translator, game: GameAdapter[Any], row: GameRow) -> str:
    """The lobby message once the lobby was cancelled or abandoned, with the reason."""
    return "~~" + lobby_title(t, game, row) + f"~~: {t(row.note)}."


def verdict(t: Translator, game: GameAdapter[Any], row: GameRow) -> str:
    """How a finished game ended: who won, and why it ended early if it did."""
    winners = list(game.winners(row.game))
    if len(winners) > 1:
        names = t(" and ").join(text.seat_label(t, row, s, game.info.seat_marks) for s in winners)
        said = "🏆 " + t("{names} share the win!", names=names)
    elif winners:
        said = "🏆 " + t(
            "{name} wins!", name=text.seat_label(t, row, winners[0], game.info.seat_marks)
        )
    else:
        said = t("No winner.")
    if row.note:
        said += f" ({t(row.note)})"
    return said


def game_over(t: Translator, game: GameAdapter[Any], row: GameRow) -> str:
    return t("**{game} #{id} is over.**", game=game.info.title, id=row.id)


def game_ended(t: Translator, game: GameAdapter[Any], row: GameRow) -> str:
    """What a command about a game that no longer runs is told: that it ended, and how."""
    if row.status is Status.CANCELLED or row.game is None:
        return t("**{game}** was cancelled.", game=title(game, row))
    return game_over(t, game, row) + " " + verdict(t, game, row)


def lobby_content(t: Translator, game: GameAdapter[Any], row: GameRow) -> str:
    host = " " + t("(host)")
    marks = game.info.seat_marks
    seats = "\n".join(
        f"{i + 1}. {text.seat_label(t, row, i, marks)}{host if p.user_id == row.host_id else ''}"
        for i, p in enumerate(row.players)
    )
    heading = "**" + lobby_title(t, game, row) + "**"
    options = game.options_text(t, row.options, None)
    return "\n".join(
        [
            f"{heading} — {options}" if options else heading,
            t("Turn timer: {timer}", timer=timer_text(t, row.turn_timer)),
            t("Seats ({taken}/{max}):", taken=len(row.players), max=game.info.max_seats),
            seats,
            _who_starts(t, *game.seat_range(row.options)),
        ]
    )


def _who_starts(t: Translator, least: int, most: int) -> str:
    if least == most:
        return t("Press **Join** to play. The host starts with exactly {n} players.", n=least)
    return t(
        "Press **Join** to play. The host starts with {min}–{max} players.", min=least, max=most
    )


def thread_name(t: Translator, game: GameAdapter[Any], row: GameRow) -> str:
    """``Spexxx #7 · dee_dee vs Computer (hard)``, teams as ``ann & bo vs cy & dee``: thread
    names are plain text (Discord renders no markdown or mentions there), so names stay as they
    are, only cut to fit 100 characters."""
    prefix = f"{title(game, row)} · "
    separator, partner = t(" vs "), t(" & ")
    names = [" ".join(n.split()) or t("player") for n in text.player_names(t, row)]
    sides = game.sides(row.options, len(names))
    joins = len(separator) * (len(sides) - 1) + sum(len(partner) * (len(s) - 1) for s in sides)
    room = THREAD_NAME_LIMIT - len(prefix) - joins
    cap = max((len(n) for n in names), default=0)
    while cap > 1 and sum(min(len(n), cap) for n in names) > room:
        cap -= 1  # the longest names give way first
    fitted = [n if len(n) <= cap else n[: cap - 1] + "…" for n in names]
    together = [partner.join(fitted[seat] for seat in side) for side in sides]
    return (prefix + separator.join(together))[:THREAD_NAME_LIMIT]
