"""Players' names as drawn: the raw display name cleaned and fitted, or "Player n"."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from locales import DEFAULT, translator
from renderers.text import Font, display_name


def fallback_name(seat: int, lang: str = DEFAULT) -> str:
    """The name drawn for a seat whose name is missing or has nothing the font can draw."""
    t = translator(lang)
    return t("Player {n}", n=seat + 1)


def name_of(names: Sequence[str], seat: int, fnt: Font, width: float, lang: str = DEFAULT) -> str:
    raw = names[seat] if seat < len(names) and isinstance(names[seat], str) else ""
    return display_name(raw, fnt, width, fallback_name(seat, lang))


def namer(names: Sequence[str], seat: int, lang: str = DEFAULT) -> Callable[[Font, float], str]:
    """``name_of`` for one seat, waiting for the font and width its row will give it."""
    return lambda fnt, width: name_of(names, seat, fnt, width, lang)
