"""State in, PNG bytes out: the generic pyramid picture and each game's pictures.

Every picture is a palette PNG with one fixed palette (``palette``), written unfiltered (see
``png.encode_unfiltered``): a turn's picture is sent on every move, so speed counts.
``lang`` is one of ``locales.LANGUAGES`` (a Discord locale such as ``de-DE`` works too).
``resigned`` says per seat whether it left the game (resigned, or removed for missed turns):
its seat card is greyed and says so, and the final standings list it last.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from PIL import Image

from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import Abquetschen
from games.das_spiel.bunte_kuh import BunteKuh
from games.das_spiel.cui_bono import CuiBono
from games.das_spiel.eintrichtern import Eintrichtern, Reveal
from games.das_spiel.pyramid import Pyramid
from games.das_spiel.raffzahn import RaffView, Raffzahn
from games.das_spiel.wuerfelmarsch import Wuerfelmarsch
from locales import DEFAULT, resolve
from renderers import png
from renderers.das_spiel import (
    abquetschen,
    bunte_kuh,
    cui_bono,
    eintrichtern,
    panels,
    raffzahn,
    raffzahn_wall,
    view,
    wuerfelmarsch,
)
from renderers.das_spiel.stored_palette import palette
from renderers.das_spiel.view import Overlay


def render_pyramid(
    pyramid: Pyramid,
    *,
    choosable: Iterable[int] = (),
    last: Iterable[int] = (),
    lang: str = DEFAULT,
    side: int = g.X,
    funnel_text: Mapping[int, str] | None = None,
    pip_axes: Collection[int] = g.AXES,
    blank_faces: Collection[tuple[int, int]] = (),
) -> bytes:
    """Any pile in the top view (``side`` along the bottom): every exposed face with its pips,
    empty hollows and funnels, ``last`` marked, a label on each ``choosable`` position, and
    ``funnel_text`` (e.g. a revealed sum) in a funnel. What one seat may not see goes blank:
    pips only on the faces along ``pip_axes`` (Raffzahn: ``pip_axes={side}``, the seat's own
    side) and none on ``blank_faces`` (Eintrichtern: the walls of covered funnels)."""
    overlay = Overlay(side, choosable, last, funnel_text, pip_axes, blank_faces)
    return encode(pyramid_picture(pyramid, overlay, lang))


def pyramid_picture(
    pyramid: Pyramid, overlay: Overlay = view.PLAIN, lang: str = DEFAULT
) -> Image.Image:
    """The pile with the ``overlay`` and the sides named: the base of every game's picture."""
    img = view.pyramid_image(pyramid, overlay)
    panels.draw_sides(img, resolve(lang), overlay.side)
    return img


def render_abquetschen(
    game: Abquetschen,
    names: Sequence[str],
    *,
    choosable: Iterable[int] | None = None,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
) -> bytes:
    """The pile in the builders' colours, supplies and dice per seat, the turn's status and
    the last placement marked; ``choosable`` defaults to what the seat on turn may pick."""
    if choosable is None:
        choosable = g.bits(abquetschen.choosable(game))
    img = abquetschen.board_image(
        game, names, choosable=choosable, side=side, lang=resolve(lang), resigned=resigned
    )
    return encode(img)


def render_abquetschen_final(
    game: Abquetschen,
    names: Sequence[str],
    *,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    ended: str | None = None,
) -> bytes:
    """The final pile and the standings."""
    return encode(
        abquetschen.final_image(
            game, names, side=side, lang=resolve(lang), resigned=resigned, ended=ended
        )
    )


def render_cui_bono(
    game: CuiBono,
    names: Sequence[str],
    *,
    choosable: Iterable[int] | None = None,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
) -> bytes:
    """The pile, the dice that may be pulled (or the funnels the held die may go back into)
    labelled, the last pull marked, and each seat's kept dice and minus points; ``choosable``
    defaults to what the seat on turn may pick."""
    if choosable is None:
        choosable = g.bits(cui_bono.choosable(game))
    img = cui_bono.board_image(
        game, names, choosable=choosable, side=side, lang=resolve(lang), resigned=resigned
    )
    return encode(img)


def render_cui_bono_final(
    game: CuiBono,
    names: Sequence[str],
    *,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    ended: str | None = None,
) -> bytes:
    """The final pile and the standings by minus points."""
    return encode(
        cui_bono.final_image(
            game, names, side=side, lang=resolve(lang), resigned=resigned, ended=ended
        )
    )


def render_raffzahn(
    game: Raffzahn,
    names: Sequence[str],
    *,
    seat: int | None = None,
    side: int | None = None,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
) -> bytes:
    """``seat``'s own picture: the pile from its side (``side`` turns it) with the pips of
    that side only and the dice it may take labelled; ``seat`` None is the public picture,
    the shape without any pips. The roll, each seat's pile and this round's takes marked."""
    img = raffzahn.board_image(
        game, names, seat=seat, side=side, lang=resolve(lang), resigned=resigned
    )
    return encode(img)


def render_raffzahn_final(
    game: Raffzahn,
    names: Sequence[str],
    *,
    seat: int | None = None,
    side: int | None = None,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    ended: str | None = None,
) -> bytes:
    """The last picture (public, or ``seat``'s) and the standings by dice taken."""
    img = raffzahn.final_image(
        game, names, seat=seat, side=side, lang=resolve(lang), resigned=resigned, ended=ended
    )
    return encode(img)


def render_raffzahn_wall(v: RaffView) -> bytes:
    """A seat's own wall for its private panel, from its view ``v`` alone (``view(seat)``):
    the dice as that seat sees them, those it may take ringed and labelled like their
    buttons, the roll. Small and quick: it is redrawn after every take."""
    return encode(raffzahn_wall.wall_image(v))


def render_raffzahn_public(
    v: RaffView,
    names: Sequence[str],
    takes: Sequence[tuple[int, int]],
    *,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
) -> bytes:
    """The round's public picture, from the public view ``v`` (``view(None)``) and this
    round's ``takes`` (``(seat, position)`` in order): the roll, each seat's takes and pile,
    each side's wall as its shape and the dice left above the plate; no pips."""
    return encode(raffzahn_wall.public_image(v, names, takes, resolve(lang), resigned))


def render_bunte_kuh(
    game: BunteKuh,
    names: Sequence[str],
    *,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
) -> bytes:
    """The table everyone sees: every exposed face (as digits), each funnel labelled while
    calls are open, no funnel sum but the one a correct STOP claimed (with its claimer), the
    three rolled dice, who laid which die, each seat's supply and the last round's outcome."""
    return encode(
        bunte_kuh.board_image(game, names, side=side, lang=resolve(lang), resigned=resigned)
    )


def render_bunte_kuh_final(
    game: BunteKuh,
    names: Sequence[str],
    *,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    ended: str | None = None,
) -> bytes:
    """The final pile and the standings: emptied supplies first."""
    return encode(
        bunte_kuh.final_image(
            game, names, side=side, lang=resolve(lang), resigned=resigned, ended=ended
        )
    )


def render_wuerfelmarsch(
    game: Wuerfelmarsch,
    names: Sequence[str],
    *,
    choosable: Iterable[int] | None = None,
    moves_from: int | None = None,
    funnels: Iterable[int] = (),
    last: wuerfelmarsch.Last | wuerfelmarsch.FromLog | None = wuerfelmarsch.FROM_LOG,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
) -> bytes:
    """The plate with the three armies, their target corners, the last tip (and what it
    captured) marked, the turn counter and each seat's score. ``choosable`` (default: the dice
    of the seat on turn) are labelled and the hollows the dice of mask ``moves_from`` (default:
    the same dice) can tip into are ringed; the bot passes one selected die, and the
    ``funnels`` (layer-1 positions) its tips would complete. Draw it from the seat's own side
    (``side``, §9.4). ``last``: the last action (default: replayed from ``game.log``)."""
    if choosable is None:
        choosable = g.bits(wuerfelmarsch.choosable(game))
        if moves_from is None:
            moves_from = wuerfelmarsch.choosable(game)
    img = wuerfelmarsch.board_image(
        game,
        names,
        choosable=choosable,
        moves_from=moves_from,
        funnels=funnels,
        last=last,
        side=side,
        lang=resolve(lang),
        resigned=resigned,
    )
    return encode(img)


def render_wuerfelmarsch_final(
    game: Wuerfelmarsch,
    names: Sequence[str],
    *,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    last: wuerfelmarsch.Last | wuerfelmarsch.FromLog | None = wuerfelmarsch.FROM_LOG,
    ended: str | None = None,
) -> bytes:
    """The final plate and the standings (the corner's winner first, then by score)."""
    img = wuerfelmarsch.final_image(
        game, names, side=side, lang=resolve(lang), resigned=resigned, last=last, ended=ended
    )
    return encode(img)


def render_eintrichtern(
    game: Eintrichtern,
    names: Sequence[str],
    *,
    seat: int | None = None,
    reveal: Reveal | None = None,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
) -> bytes:
    """The covered picture of §8.5, drawn from ``game.view(seat)`` only: red dice labelled,
    funnels out of play with their walls and sums, the outer yellow faces, the roll, the last
    lift marked and each seat's red dice. ``reveal`` (the ``Reveal`` step of a lift's
    ``Result.online()``) draws that funnel open with its sum, for the bot's 8 seconds."""
    img = eintrichtern.board_image(
        game, names, seat=seat, reveal=reveal, side=side, lang=resolve(lang), resigned=resigned
    )
    return encode(img)


def render_eintrichtern_final(
    game: Eintrichtern,
    names: Sequence[str],
    *,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    ended: str | None = None,
) -> bytes:
    """The final plate (covered funnels stay covered) and the standings by red dice."""
    return encode(
        eintrichtern.final_image(
            game, names, side=side, lang=resolve(lang), resigned=resigned, ended=ended
        )
    )


def encode(img: Image.Image) -> bytes:
    return png.encode_unfiltered(img, palette())
