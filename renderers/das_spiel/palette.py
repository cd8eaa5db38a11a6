"""The fixed PNG palette: the theme's exact colours plus the best of a sample render.

Building it draws sample pictures (about a second), so the bot loads the colours stored in
``palette_colours``; after changing what the renderer draws, store a fresh one with
``python -m renderers.das_spiel.store_palette`` (a test says when the stored one no longer
fits).
"""

from __future__ import annotations

from PIL import Image

from games.das_spiel import geometry as g
from games.das_spiel.pyramid import Colour
from renderers.das_spiel import theme as th
from renderers.das_spiel.panels import SEAT_COLOURS
from renderers.das_spiel.stored_palette import palette as palette  # the renderer's
from renderers.png import build_palette, halved, stacked

SAMPLE_NAMES = ("Ann", "محمد", "Benedikt")
SAMPLE_NAMES_6 = (*SAMPLE_NAMES, "Zoë", "Ω", "Lena")


def exact_colours() -> list[th.RGB]:
    """Colours that must map to themselves: die faces and pips, panels, text, marks."""
    out = [
        th.BACKGROUND,
        th.PANEL,
        th.PANEL_HIGHLIGHT,
        th.TEXT,
        th.MUTED,
        th.ACCENT,
        th.OUTLINE,
        th.PLATE,
        *th.HOLLOW,
        th.FUNNEL,
        th.LABEL_BG,
        th.LABEL_TEXT,
        th.LABEL_RING,
        th.LAST_RING,
    ]
    for colour in Colour:
        out.append(th.PIPS[colour])
        for factor in th.SHADE:
            out.append(th.shade(th.DIE[colour], factor))
            out.append(th.shade(th.DIE[colour], factor * th.FUNNEL_SHADE))
    out.extend(SEAT_COLOURS)
    out.extend((th.RAF_OWN, th.RAF_OWN_COVERED, th.RAF_PIPS))
    for factor in th.SHADE:
        out.append(th.shade(th.RAF_BLANK, factor))
        out.append(th.shade(th.RAF_BLANK_COVERED, factor))
    for factor in th.SHADE:
        out.append(th.shade(th.PEARL_STRIPE, factor))
        out.append(th.shade(th.PEARL_STRIPE, factor * th.FUNNEL_SHADE))
    return out


def sample_image() -> Image.Image:
    """A busy Abquetschen game (board and final), a full random pyramid, a pearl plate with
    funnel sums, Cui bono?, Raffzahn and Bunte Kuh, at half size."""
    from renderers.das_spiel import abquetschen, bunte_kuh, cui_bono, raffzahn
    from renderers.das_spiel.render import pyramid_picture
    from renderers.das_spiel.samples import (
        abquetschen_game,
        bunte_kuh_game,
        cui_bono_game,
        cui_bono_pile,
        plate_with_sums,
        raffzahn_game,
    )
    from renderers.das_spiel.view import Overlay

    game = abquetschen_game()
    pile, last = cui_bono_pile()
    plate, sums = plate_with_sums()
    cui = cui_bono_game()
    parts = [
        abquetschen.board_image(game, SAMPLE_NAMES, choosable=g.bits(abquetschen.choosable(game))),
        abquetschen.final_image(game, SAMPLE_NAMES),
        pyramid_picture(pile, Overlay(last=last, choosable=g.bits(pile.free_dice()))),
        pyramid_picture(plate, Overlay(funnel_text=sums)),
        cui_bono.board_image(cui, SAMPLE_NAMES_6, choosable=g.bits(cui_bono.choosable(cui))),
        raffzahn.board_image(raffzahn_game(), SAMPLE_NAMES, seat=1),
        bunte_kuh.board_image(bunte_kuh_game(rounds=3, stop=False), SAMPLE_NAMES),
        bunte_kuh.board_image(bunte_kuh_game(), SAMPLE_NAMES),
    ]
    return stacked([halved(p) for p in parts])


def build() -> Image.Image:
    """A fresh palette from ``sample_image`` (slow; for storing and for the test)."""
    return build_palette(sample_image(), exact_colours())
