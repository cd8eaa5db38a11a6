"""Answers that refuse: what a user tried cannot be done now, in words for that user."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from games.common.errors import GameError, GameOver, IllegalAction, NotInGame, NotYourTurn
from locales import N_, Translator, translator


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
    NotYourTurn: N_("It is not your turn."),
    GameOver: N_("This game is over."),
    NotInGame: N_("You are not playing in this game."),
    IllegalAction: N_("That move is not allowed now."),  # any refusal a game does not name
}
"""The refusals every game's engine shares; each game adds its own (``GameAdapter.refusals``)."""


def refusal_text(
    t: Translator,
    exc: Exception,
    game: Mapping[type[Exception], str] | None = None,
    *,
    engine_words: bool = True,
) -> str:
    """A refusal in the reader's words; ``game``: the engine's own refusals of this game.

    In a turn game the engine's own English words are the most precise, so English readers get
    them. ``engine_words=False`` (live games): always the game's sentences, in every language;
    there the engine speaks of seats and milliseconds, about a moment the clicker never saw."""
    if isinstance(exc, Refusal):
        return exc.text(t)
    known = {**ENGINE_REFUSALS, **(game or {})}
    message = next((known[c] for c in type(exc).__mro__ if c in known), None)
    if message is None and not engine_words:
        message = ENGINE_REFUSALS[IllegalAction]
    if message is None or (t.lang == "en" and engine_words):
        return str(exc)
    return t(message)
