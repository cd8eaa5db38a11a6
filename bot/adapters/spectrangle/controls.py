"""A Spectrangle turn's screens and controls, and what a click on them means.

A turn has three kinds of screen:

- the board (``None``): a select of the tiles that fit somewhere;
- a chosen tile (``Screen(tile, rotation)``): the tile select again, a button per distinct
  rotation showing its colours, and the fields where the tile fits in that rotation (two
  selects when there are more than 25, as on the first move's 27); choosing a field lays it;
- stuck (no placement at all): an exchange select while the bag holds tiles, and Pass.

Every screen has the Hint button. No confirm step: a field is chosen from a list that says
what it scores, on a picture that shows it, so a second click would catch no real mistake.
A click's args carry the screen it was made on, so a click needs no stored screen.
"""

from __future__ import annotations

from bot.adapters.spectrangle import words
from bot.adapters.spectrangle.screen import Screen
from bot.contract.adapter import MAX_OPTIONS, Button, Click, Controls, Option, Row, Select, Style
from bot.contract.refusals import Refusal
from games.spectrangle import FIELDS, TILE_BY_CODE, Exchange, Pass, Place
from games.spectrangle.game import Game
from locales import N_, Translator

TILE = "tile"  # select: values (code,)
ROTATE = "rotate"  # button: args (code, rotation)
FIELD = "field"  # select: args (code, rotation, part), values (field,)
EXCHANGE = "exchange"  # select: values (code,)
PASS = "pass"
HINT = "hint"
TURN_ENDING = (FIELD, EXCHANGE, PASS)

NOT_VALID = N_("That button is not valid for this turn.")
NO_FIT = N_("That tile does not fit there now.")


def fits_by_rotation(game: Game, code: str) -> dict[int, list[int]]:
    """For each distinct rotation of ``code``: the fields where it may be laid now, ascending."""
    out: dict[int, list[int]] = {k: [] for k in TILE_BY_CODE[code].distinct_rotations}
    for place in game.legal_placements(code):
        out[place.rotation].append(place.field)
    return out


def placeable_tiles(game: Game) -> list[str]:
    """The tiles on hand that fit somewhere, in hand order."""
    seat = game.state.current
    if seat is None:
        return []
    fitting = {p.tile for p in game.legal_placements()}
    return [code for code in game.state.hand(seat) if code in fitting]


def settle(game: Game, screen: object) -> Screen | None:
    """The screen to show: ``screen`` if it still fits the position, else the board (None).

    A screen whose rotation fits nowhere moves to the first rotation that fits.
    """
    if not isinstance(screen, Screen) or screen.tile not in placeable_tiles(game):
        return None
    fits = fits_by_rotation(game, screen.tile)
    if fits.get(screen.rotation):
        return screen
    return Screen(screen.tile, next(k for k, fields in fits.items() if fields))


def split(options: list[Option]) -> list[list[Option]]:
    """One list, or two halves when there are more options than one select holds."""
    if len(options) <= MAX_OPTIONS:
        return [options]
    half = (len(options) + 1) // 2
    return [options[:half], options[half:]]


def controls(t: Translator, game: Game, screen: Screen | None) -> Controls:
    seat = game.state.current
    assert seat is not None
    hint = Button(HINT, label=t("Hint"), emoji="💡")
    tiles = placeable_tiles(game)
    if not tiles:
        return Controls(_stuck_rows(t, game, seat, hint))
    rows: list[Row] = [_tile_select(t, game, tiles, screen)]
    if screen is not None:
        fits = fits_by_rotation(game, screen.tile)
        rows.append(_rotation_buttons(screen, fits))
        rows.extend(_field_selects(t, game, screen, fits[screen.rotation]))
    rows.append((hint,))
    return Controls(tuple(rows))


def _tile_select(t: Translator, game: Game, tiles: list[str], screen: Screen | None) -> Select:
    options = []
    for code in tiles:
        fits = fits_by_rotation(game, code)
        fields = {f for fs in fits.values() for f in fs}
        t_index = TILE_BY_CODE[code].index
        best = max(game.state.points_for(t_index, f) for f in fields)
        options.append(
            Option(
                label=f"{words.tile_text(code)} · {TILE_BY_CODE[code].value}",
                value=code,
                description=words.fits_text(t, len(fields))
                + " · "
                + t("at most {n} point", "at most {n} points", best),
                default=screen is not None and screen.tile == code,
            )
        )
    return Select(TILE, tuple(options), placeholder=t("Choose a tile to lay"))


def _rotation_buttons(screen: Screen, fits: dict[int, list[int]]) -> tuple[Button, ...]:
    """One button per distinct rotation: its letter and colours; disabled where it fits nowhere."""
    return tuple(
        Button(
            ROTATE,
            (screen.tile, str(k)),
            label=f"{words.rotation_letter(k)} {words.squares(words.sides_of(screen.tile, k))}",
            style=Style.PRIMARY if k == screen.rotation else Style.SECONDARY,
            disabled=not fields,
        )
        for k, fields in fits.items()
    )


def _field_selects(t: Translator, game: Game, screen: Screen, fields: list[int]) -> list[Select]:
    t_index = TILE_BY_CODE[screen.tile].index
    letter = words.rotation_letter(screen.rotation)
    options = []
    for f in fields:
        bonus = FIELDS[f].bonus
        points = t("{n} point", "{n} points", game.state.points_for(t_index, f))
        label = f"{f}{letter} · ×{bonus} · {points}" if bonus > 1 else f"{f}{letter} · {points}"
        options.append(Option(label=label, value=str(f)))
    parts = split(options)
    return [
        Select(
            FIELD,
            tuple(part),
            (screen.tile, str(screen.rotation), str(i)),
            placeholder=t("Lay it on field…")
            if len(parts) == 1
            else t("Lay it on field {first}–{last}…", first=part[0].value, last=part[-1].value),
        )
        for i, part in enumerate(parts)
    ]


def _stuck_rows(t: Translator, game: Game, seat: int, hint: Button) -> tuple[Row, ...]:
    """Nothing fits: exchange a chosen tile while the bag holds tiles, or pass."""
    passing = (Button(PASS, label=t("Pass"), style=Style.DANGER), hint)
    if not game.state.bag_count:
        return (passing,)
    hand = game.state.hand(seat)  # tiles are unique: no option twice
    exchange = Select(
        EXCHANGE,
        tuple(Option(label=words.tile_text(code), value=code) for code in hand),
        placeholder=t("Exchange a tile with the bag…"),
    )
    return (exchange, passing)


# ------------------------------------------------------------------------------ clicks


def _refuse(message: str = NOT_VALID) -> Refusal:
    return Refusal(message)


def _rotation(text: str) -> int:
    if text not in ("0", "1", "2"):
        raise _refuse()
    return int(text)


def _one(values: tuple[str, ...]) -> str:
    if len(values) != 1:
        raise _refuse()
    return values[0]


def read_click(game: Game, seat: int, click: Click) -> Screen | Place | Exchange | Pass | None:
    """The screen or action a click asks for (None: the hint); ``Refusal`` for anything this
    position never offered, so a forged or outdated click changes nothing."""
    tiles = placeable_tiles(game)
    match click.action, click.args:
        case "tile", ():
            code = _one(click.values)
            if code not in tiles:
                raise _refuse()
            return settle(game, Screen(code, TILE_BY_CODE[code].distinct_rotations[0]))
        case "rotate", (code, rotation):
            k = _rotation(rotation)
            if code not in tiles or k not in TILE_BY_CODE[code].distinct_rotations:
                raise _refuse()
            if not fits_by_rotation(game, code)[k]:
                raise _refuse(NO_FIT)
            return Screen(code, k)
        case "field", (code, rotation, part):
            k = _rotation(rotation)
            value = _one(click.values)
            if code not in tiles or part not in ("0", "1") or not value.isdigit():
                raise _refuse()
            field = int(value)
            if field not in fits_by_rotation(game, code).get(k, ()):
                raise _refuse(NO_FIT)
            return Place(seat, code, field, k)
        case "exchange", ():
            code = _one(click.values)
            if tiles or not game.state.bag_count or code not in game.state.hand(seat):
                raise _refuse()
            return Exchange(seat, code)
        case "pass", ():
            if tiles:
                raise _refuse()
            return Pass(seat)
        case "hint", ():
            return None
    raise _refuse()
