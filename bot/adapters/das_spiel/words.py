"""Chat words the Das Spiel games share: seats, the turn's header, the turn timer, dice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.contract.models import GameRow
from bot.core.text import seat_circles, seat_label
from locales import N_, Translator
from renderers.das_spiel.panels import SEAT_COLOUR_NAMES

if TYPE_CHECKING:
    from bot.contract.adapter import GameAdapter

DICE_FACES = "⚀⚁⚂⚃⚄⚅"  # a rolled value as a die face
SEAT_DISCS = seat_circles(SEAT_COLOUR_NAMES)  # the colours of the pictures' numbered seat discs
# a click naming a choice the message no longer offers (a forged or an outdated id)
NOT_OFFERED = N_("That choice is not offered now. Use the latest turn message.")
NOT_OFFERED_LIVE = N_("That choice is not offered now. Use the latest message.")  # live rounds


def face(value: int) -> str:
    """``**5** ⚄``: a roll as chat shows it."""
    return f"**{value}** {DICE_FACES[value - 1]}"


def who(game: GameAdapter[Any], t: Translator, row: GameRow, seat: int) -> str:
    """A seat's mark and name, marked when the seat resigned (the computer plays it)."""
    label = seat_label(t, row, seat, game.info.seat_marks)
    if game.resigned(row.game)[seat]:
        label += " " + t("(resigned)")
    return label


def header(game: GameAdapter[Any], t: Translator, row: GameRow, seat: int) -> str:
    """``**Abquetschen #7** · turn 3 · <@1>, your turn`` (or the computer playing)."""
    player = row.players[seat]
    on_turn = (
        "🤖 " + t("{name} is playing", name=seat_label(t, row, seat, game.info.seat_marks))
        if player.is_ai
        else t("{mention}, your turn", mention=f"<@{player.user_id}>")
    )
    turn = t("turn {n}", n=game.turn_number(row.game))
    return f"**{game.info.title} #{row.id}** · {turn} · {on_turn}"


def deadline(t: Translator, row: GameRow) -> str | None:
    if row.turn_due is None:
        return None
    return "⏰ " + t("Time for this turn runs out {when}.", when=f"<t:{int(row.turn_due)}:R>")
