"""Players' names as drawn: the raw display name cleaned and fitted, or "Player n"."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from locales import DEFAULT, translator
from renderers.text import ELLIPSIS, Font, clean_text, display_name, fit, font, shared_font


def fallback_name(seat: int, lang: str = DEFAULT) -> str:
    """The name drawn for a seat whose name is missing or has nothing the font can draw."""
    t = translator(lang)
    return t("Player {n}", n=seat + 1)


def _raw(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) and isinstance(names[seat], str) else ""


def name_of(names: Sequence[str], seat: int, fnt: Font, width: float, lang: str = DEFAULT) -> str:
    """A seat's name fitted to ``width``; cut in the middle instead of at the end when another
    seat's name would be cut to the same text ("Benedikt von Lange…" twice), so that no two
    seats read the same."""
    fallback = fallback_name(seat, lang)
    raw = _raw(names, seat)
    text = display_name(raw, fnt, width, fallback)
    if not text.endswith(ELLIPSIS):
        return text
    own = clean_text(raw, fallback)
    for other in range(len(names)):
        mine = clean_text(_raw(names, other), fallback_name(other, lang))
        if other != seat and mine != own and fit(mine, fnt, width) == fit(own, fnt, width):
            return display_name(raw, fnt, width, fallback, middle=True)
    return text


def namer(names: Sequence[str], seat: int, lang: str = DEFAULT) -> Callable[[Font, float], str]:
    """``name_of`` for one seat, waiting for the font and width its row will give it."""
    return lambda fnt, width: name_of(names, seat, fnt, width, lang)


def fitted_name(
    names: Sequence[str], seat: int, size: int, width: float, lang: str = DEFAULT
) -> tuple[Font, str]:
    """A seat's name in bold for a place ``width`` wide: whole in ``size`` if it fits, else in
    a smaller size (down to four fifths) where it fits whole, else cut there (``name_of``)."""
    whole = name_of(names, seat, font(size, True), float("inf"), lang)
    fnt = shared_font((whole,), size, width, bold=True, min_size=(size * 4 + 4) // 5)
    return fnt, name_of(names, seat, fnt, width, lang)
