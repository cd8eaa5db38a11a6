"""The unfiltered palette PNG writer: a valid PNG whose pixels are the palette mapping."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderers import png


def _picture() -> Image.Image:
    img = Image.new("RGB", (67, 41), (24, 26, 32))
    draw = ImageDraw.Draw(img)
    draw.polygon([(3, 38), (33, 2), (64, 38)], fill=(200, 36, 40))
    draw.ellipse((20, 12, 46, 36), fill=(248, 206, 48), outline=(255, 255, 255))
    draw.text((5, 5), "Ab", fill=(238, 240, 244))
    return img


def test_unfiltered_png_decodes_to_the_palette_mapping() -> None:
    img = _picture()
    palette = png.palette_image([(24, 26, 32), (200, 36, 40), (248, 206, 48), (255, 255, 255)])
    data = png.encode_unfiltered(img, palette)
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    expected = img.quantize(palette=palette, dither=Image.Dither.NONE)
    assert decoded.format == "PNG" and decoded.mode == "P" and decoded.size == img.size
    assert decoded.tobytes() == expected.tobytes()
    assert decoded.getpalette()[:12] == [24, 26, 32, 200, 36, 40, 248, 206, 48, 255, 255, 255]
    assert decoded.convert("RGB").getpixel((33, 24)) == (248, 206, 48)


def test_unfiltered_png_is_what_pillow_reads_as_the_same_pixels_as_encode() -> None:
    img = _picture()
    palette = png.palette_image([(24, 26, 32), (200, 36, 40), (238, 240, 244)])
    ours = Image.open(io.BytesIO(png.encode_unfiltered(img, palette))).convert("RGB")
    pillows = Image.open(io.BytesIO(png.encode(img, palette))).convert("RGB")
    assert ours.tobytes() == pillows.tobytes()
