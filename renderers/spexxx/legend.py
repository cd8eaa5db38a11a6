"""A compact rules card for ``/spexxx rules``: each square colour, what the dice must show
for it and what a cube there is worth, plus the bronze, silver and gold throws."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.spexxx.board import Zone
from locales import DEFAULT, N_, resolve, translator
from renderers import sprites
from renderers.spexxx import theme as th
from renderers.spexxx.board import square_tile
from renderers.text import fit, fit_font, font, shared_font, wrap

WIDTH = 720
ROW_H = 44
TILE = 34
NAME_X, DICE_X, WORDS_X = 68, 190, 380
FOOTER_LINE_H = 24

# Zone (None: the gold throw), what the dice show, and what that means. Every cell is drawn
# through the translator; words are marked with N_ for the catalog, the dice notation of the
# six colours is not, so it stays as it is in every language.
ROWS: tuple[tuple[Zone | None, str, str], ...] = (
    (Zone.ORANGE, "1×a + 1×b", N_("two different dice")),
    (Zone.GREEN, "2×a + 1×b", N_("a pair and one more")),
    (Zone.YELLOW, "2×a + 2×b", N_("two pairs")),
    (Zone.BLUE, "3×a + 1×b", N_("three of a kind and one more")),
    (Zone.PURPLE, "3×a + 2×b", N_("full house")),
    (Zone.RED, "4×a + 1×b", N_("four of a kind and one more")),
    (Zone.BRONZE, N_("four in a row"), N_("1-2-3-4, 2-3-4-5 or 3-4-5-6")),
    (Zone.SILVER, N_("five in a row"), N_("1-2-3-4-5 or 2-3-4-5-6")),
    (None, N_("five of a kind"), N_("any empty square at all")),
)


def legend_image(lang: str = DEFAULT) -> Image.Image:
    """The rules card in ``lang`` (RGB), built once per language."""
    return _legend_image(resolve(lang))


@cache  # keyed by a resolved language: at most one card per language
def _legend_image(lang: str) -> Image.Image:
    t = translator(lang)
    # The line break is where the English card breaks it; longer lines are wrapped further.
    footer_text = t(
        "A Spexxx is 3 or more of your cubes in a straight line (also diagonal); each cube in it"
        "\nscores its square's points. +5 at length 5, 10, 15, 20. +25 for a full 3×3 block."
    )
    footer_font = font(16)
    footer = wrap(footer_text, footer_font, WIDTH - 40)
    height = 64 + ROW_H * len(ROWS) + 20 + FOOTER_LINE_H * len(footer) + 16
    img = Image.new("RGB", (WIDTH, height), th.BACKGROUND)
    draw = ImageDraw.Draw(img)
    note_font, note = fit_font(t("points per cube"), 16, (WIDTH - 40) * 0.4)
    note_w = note_font.getlength(note)
    title_font, title = fit_font(
        t("Spexxx squares").upper(), 26, WIDTH - 40 - note_w - 16, bold=True
    )
    draw.text((20, 32), title, font=title_font, fill=th.TEXT, anchor="lm")
    draw.text((WIDTH - 20, 32), note, font=note_font, fill=th.MUTED, anchor="rm")
    points_font = font(22, True)
    names = [t(th.GOLD_NAME if z is None else th.ZONE_NAMES[z]) for z, _, _ in ROWS]
    dice = [t(row[1]) for row in ROWS]
    words = [t(row[2]) for row in ROWS]
    points = ["—" if z is None else str(z.points) for z, _, _ in ROWS]
    words_w = WIDTH - 20 - max(points_font.getlength(p) for p in points) - 12 - WORDS_X
    # One size per column, the largest at which every row of it fits.
    name_w, dice_w = DICE_X - NAME_X - 8, WORDS_X - DICE_X - 10
    name_font = shared_font(names, 20, name_w, bold=True)
    dice_font = shared_font(dice, 19, dice_w, bold=True)
    words_font = shared_font(words, 17, words_w)
    for i, (zone, _, _) in enumerate(ROWS):
        y = 64 + i * ROW_H
        if zone is None:
            light, dark = th.METAL_COLOURS["gold"]
            tile = sprites.metal(light, dark, TILE, TILE, 6)
        else:
            tile = square_tile(zone, TILE, 6)
        img.paste(tile, (20, y + (ROW_H - TILE) // 2), tile)
        mid = y + ROW_H // 2
        cells = (
            (NAME_X, fit(names[i], name_font, name_w), name_font, th.TEXT),
            (DICE_X, fit(dice[i], dice_font, dice_w), dice_font, th.TEXT),
            (WORDS_X, fit(words[i], words_font, words_w), words_font, th.MUTED),
        )
        for x, text, fnt, colour in cells:
            draw.text((x, mid), text, font=fnt, fill=colour, anchor="lm")
        draw.text((WIDTH - 20, mid), points[i], font=points_font, fill=th.LAST_MARK, anchor="rm")
    y = 64 + ROW_H * len(ROWS) + 20
    for line in footer:
        draw.text((20, y), line, font=footer_font, fill=th.MUTED, anchor="lm")
        y += FOOTER_LINE_H
    return img
