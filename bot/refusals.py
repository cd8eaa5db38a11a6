"""Answers that refuse: what a user tried cannot be done now, in words for that user."""

from __future__ import annotations

from collections.abc import Callable

import discord

from games.common.errors import GameError, IllegalAction
from games.spexxx import errors
from locales import N_, Translator, resolve, translator


class Refusal(Exception):
    """Something a user tried that cannot be done now; the message tells them why.

    The message is an untranslated id with named fields: it is translated into the language of
    the person who sees it. A field that is itself text is given as a function of the translator,
    so it is written in that person's language too.
    """

    def __init__(self, message: str, /, **fields: object | Callable[[Translator], str]) -> None:
        self.message = message
        self.fields = fields
        super().__init__(self.text(translator("en")))

    def text(self, t: Translator) -> str:
        fields = {k: v(t) if callable(v) else v for k, v in self.fields.items()}
        return t(self.message, **fields)


ENGINE_REFUSALS: dict[type[GameError], str] = {
    errors.SquareOccupied: N_("That square is already taken."),
    errors.SquareNotAllowed: N_("Your dice do not allow that square."),
    errors.NoSuchSquare: N_("That is not a square on the board."),
    errors.NotYourTurn: N_("It is not your turn."),
    errors.GameOver: N_("This game is over."),
    errors.MustPlace: N_("You cannot discard: your dice allow a square."),
    errors.NoThrowsLeft: N_("All four throws are used: place a cube or discard one."),
    errors.AllDiceHeld: N_("All five dice are held: release one to throw."),
    errors.MustThrowFirst: N_("Throw the dice first."),
    errors.NotInGame: N_("You are not playing in this game."),
    errors.BadDice: N_("Those dice are not valid for this turn."),
    IllegalAction: N_("That move is not allowed now."),  # any newer refusal of the engine
}


def user_t(interaction: discord.Interaction) -> Translator:
    """The language of the person who clicked: for answers only they see."""
    return translator(resolve(interaction.locale))


def refusal_text(t: Translator, exc: Exception) -> str:
    if isinstance(exc, Refusal):
        return exc.text(t)
    message = next((ENGINE_REFUSALS[c] for c in type(exc).__mro__ if c in ENGINE_REFUSALS), None)
    if message is None or t.lang == "en":
        return str(exc)  # the engine's own English words are the most precise
    return t(message)
