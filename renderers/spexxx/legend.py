"""A compact rules card for ``/spexxx rules``: each square colour, what the dice must show
for it and what a cube there is worth, plus the bronze, silver and gold throws."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.spexxx.board import Zone
from renderers import sprites
from renderers.spexxx import theme as t
from renderers.spexxx.board import square_tile

WIDTH = 720
ROW_H = 44
TILE = 34

ROWS: tuple[tuple[Zone | None, str, str], ...] = (
    (Zone.ORANGE, "1×a + 1×b", "two different dice"),
    (Zone.GREEN, "2×a + 1×b", "a pair and one more"),
    (Zone.YELLOW, "2×a + 2×b", "two pairs"),
    (Zone.BLUE, "3×a + 1×b", "three of a kind and one more"),
    (Zone.PURPLE, "3×a + 2×b", "full house"),
    (Zone.RED, "4×a + 1×b", "four of a kind and one more"),
    (Zone.BRONZE, "four in a row", "1-2-3-4, 2-3-4-5 or 3-4-5-6"),
    (Zone.SILVER, "five in a row", "1-2-3-4-5 or 2-3-4-5-6"),
    (None, "five of a kind", "any empty square at all"),
)
FOOTER = (
    "A Spexxx is 3 or more of your cubes in a straight line (also diagonal); each cube in it",
    "scores its square's points. +5 at length 5, 10, 15, 20. +25 for a full 3×3 block.",
)


@lru_cache(maxsize=1)
def legend_image() -> Image.Image:
    from renderers.text import font

    height = 64 + ROW_H * len(ROWS) + 20 + 24 * len(FOOTER) + 16
    img = Image.new("RGB", (WIDTH, height), t.BACKGROUND)
    draw = ImageDraw.Draw(img)
    draw.text((20, 32), "SPEXXX SQUARES", font=font(26, True), fill=t.TEXT, anchor="lm")
    draw.text((WIDTH - 20, 32), "points per cube", font=font(16), fill=t.MUTED, anchor="rm")
    for i, (zone, dice, words) in enumerate(ROWS):
        y = 64 + i * ROW_H
        if zone is None:
            light, dark = t.METAL_COLOURS["gold"]
            tile = sprites.metal(light, dark, TILE, TILE, 6)
            points, name = "—", "gold"
        else:
            tile = square_tile(zone, TILE, 6)
            points, name = str(zone.points), zone.value
        img.paste(tile, (20, y + (ROW_H - TILE) // 2), tile)
        mid = y + ROW_H // 2
        draw.text((68, mid), name, font=font(20, True), fill=t.TEXT, anchor="lm")
        draw.text((190, mid), dice, font=font(19, True), fill=t.TEXT, anchor="lm")
        draw.text((380, mid), words, font=font(17), fill=t.MUTED, anchor="lm")
        draw.text((WIDTH - 20, mid), points, font=font(22, True), fill=t.LAST_MARK, anchor="rm")
    y = 64 + ROW_H * len(ROWS) + 20
    for line in FOOTER:
        draw.text((20, y), line, font=font(16), fill=t.MUTED, anchor="lm")
        y += 24
    return img
