"""Whose die it is, at a glance: the numbered seat markers of Das Spiel (on laid Bunte Kuh
dice, on the seat cards of Cui bono?, Bunte Kuh and Eintrichtern) measured against every
colour they can sit on, and their size when the picture is shown 400 px wide (a phone)."""

from __future__ import annotations

import pytest

from games.das_spiel.pyramid import Colour
from renderers.das_spiel import bunte_kuh, panels
from renderers.das_spiel import theme as th
from tests.wcag import contrast_ratio

FIGURE = 4.5  # WCAG AA for the marker's figure (small bold text) on its disc
NON_TEXT = 3.0  # WCAG 2.1, 1.4.11: a graphical object against the colours next to it
PHONE_MARKER = 10  # pixels a laid die's marker is at 400 px wide (it was 8)


def _faces() -> dict[str, th.RGB]:
    """Every face a laid die's marker touches: red, yellow and pearl in all three shades."""
    return {
        f"{colour.name.lower()} {k}": th.shade(th.DIE[colour], factor)
        for colour in (Colour.RED, Colour.YELLOW, Colour.PEARL)
        for k, factor in enumerate(th.SHADE)
    }


@pytest.mark.parametrize("seat", range(len(panels.SEAT_COLOURS)))
def test_a_markers_figure_reads_on_its_disc(seat: int) -> None:
    fill = panels.SEAT_COLOURS[seat]
    assert contrast_ratio(th.TEXT, fill) >= FIGURE, (fill, contrast_ratio(th.TEXT, fill))


@pytest.mark.parametrize("seat", range(len(panels.SEAT_COLOURS)))
def test_a_marker_stands_out_on_every_die_face(seat: int) -> None:
    """Its disc, its dark rim or its light halo contrasts 3:1 with every face it can sit on
    (the rim alone did not on shaded red: 2.7), and the rim with the disc and the halo, so
    the disc is a disc on red as on pearl."""
    fill = panels.SEAT_COLOURS[seat]
    assert contrast_ratio(th.OUTLINE, fill) >= NON_TEXT
    assert contrast_ratio(th.OUTLINE, panels.MARKER_HALO) >= NON_TEXT
    for name, face in _faces().items():
        best = max(contrast_ratio(c, face) for c in (fill, th.OUTLINE, panels.MARKER_HALO))
        assert best >= NON_TEXT, (name, face, best)


def test_a_laid_dies_marker_is_big_enough_on_a_phone() -> None:
    assert bunte_kuh.LAYER_TOKEN * 400 / th.IMAGE_W >= PHONE_MARKER


def test_seat_colours_differ_from_each_other_and_from_the_dice() -> None:
    """Six seats, six hues: no two markers alike (CIE76 colour difference), and none the
    colour of a die it may sit on."""
    from tests.wcag import delta_e

    colours = panels.SEAT_COLOURS
    for a in range(len(colours)):
        for b in range(a + 1, len(colours)):
            assert delta_e(colours[a], colours[b]) >= 30, (colours[a], colours[b])
        for die in (Colour.RED, Colour.YELLOW, Colour.PEARL):
            assert delta_e(colours[a], th.DIE[die]) >= 20, (colours[a], die)


def test_laid_dice_are_marked_with_the_haloed_marker(monkeypatch: pytest.MonkeyPatch) -> None:
    from renderers.das_spiel import samples
    from renderers.das_spiel.render import render_bunte_kuh

    asked: list[tuple[int, bool]] = []
    real = panels.seat_token

    def spy(seat: int, size: int, halo: bool = False):  # type: ignore[no-untyped-def]
        asked.append((size, halo))
        return real(seat, size, halo)

    monkeypatch.setattr(panels, "seat_token", spy)
    render_bunte_kuh(samples.bunte_kuh_game(), ("Ann", "Ben", "Cy"))
    assert (bunte_kuh.LAYER_TOKEN, True) in asked
    assert all(halo for size, halo in asked if size == bunte_kuh.LAYER_TOKEN)
