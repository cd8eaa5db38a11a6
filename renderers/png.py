"""PNG encoding tuned for board images: palette colour and fast deflate.

The images are flat colours plus anti-aliased edges, so a fixed 256-colour palette (built once
from the static parts and the colours drawn on top) loses nothing visible, makes the file a
third of the RGB size, and maps pixels much faster than an adaptive quantizer.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from PIL import Image, ImageChops, ImageStat
from zlib_ng import zlib_ng

RGB = tuple[int, int, int]
COMPRESS_LEVEL = 3  # zlib-ng level 3: close to level 6 in size at half the time
# zlib-ng (the package) level 2 on unfiltered rows: as small as zlib level 3, in under half
# the time (a 1200×1032 board: ~3 ms against ~7 ms).
UNFILTERED_LEVEL = 2


def build_palette(sample: Image.Image, exact: Iterable[RGB], colours: int = 256) -> Image.Image:
    """A "P" image whose palette holds every ``exact`` colour plus the best of ``sample``.

    Pillow maps pixels through a cache of 4×4×4 colour cells, which may give a pixel a palette
    neighbour of its true colour; dropping sampled colours near an exact one keeps exact
    colours exact (so a seat's cube is exactly its seat colour).
    """
    fixed: list[RGB] = list(dict.fromkeys(exact))
    spare = colours - len(fixed)
    quantized = sample.convert("RGB").quantize(
        spare, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    raw = quantized.getpalette() or []
    seen = set(fixed)
    exact_set = tuple(fixed)
    for i in range(0, min(len(raw), 3 * spare), 3):
        rgb = (raw[i], raw[i + 1], raw[i + 2])
        if rgb not in seen and not any(_near(rgb, e) for e in exact_set):
            seen.add(rgb)
            fixed.append(rgb)
    return palette_image(fixed)


def colours_of(image: Image.Image) -> list[RGB]:
    """The colours of a "P" image's palette, in order."""
    raw = image.getpalette() or []
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


def palette_module_text(colours: Iterable[RGB], command: str) -> str:
    """A module holding ``colours`` as ``COLOURS``: a stored palette, so the bot need not
    build one at start; ``command`` is how to write it again."""
    rows = "".join(f"    {rgb},\n" for rgb in colours)
    return (
        f'"""The stored PNG palette, written by ``{command}``."""\n\n'
        "from __future__ import annotations\n\n"
        f"COLOURS: tuple[tuple[int, int, int], ...] = (\n{rows})\n"
    )


def store_palette(target: Path, build: Callable[[], Image.Image], command: str) -> None:
    """Write the palette ``build`` makes to the module ``target`` (see ``palette_module_text``)."""
    target.write_text(palette_module_text(colours_of(build()), command), encoding="utf-8")
    print(f"wrote {target}")


def mapping_error(sample: Image.Image, colours: Sequence[RGB]) -> float:
    """How far ``sample``'s pixels move when mapped to ``colours`` (mean over R, G and B,
    summed): how well a stored palette still fits what a renderer draws."""
    mapped = sample.quantize(palette=palette_image(colours), dither=Image.Dither.NONE)
    diff = ImageChops.difference(sample.convert("RGB"), mapped.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean)


def stacked(parts: Sequence[Image.Image]) -> Image.Image:
    """``parts`` one under another (RGB, as wide as the first): a palette's sample."""
    sample = Image.new("RGB", (parts[0].width, sum(p.height for p in parts)))
    y = 0
    for part in parts:
        sample.paste(part, (0, y))
        y += part.height
    return sample


def halved(img: Image.Image) -> Image.Image:
    """``img`` at half size with NEAREST: true colours only, a quarter of the pixels (a
    palette's sample needs the colour mix, not the detail)."""
    return img.convert("RGB").resize((img.width // 2, img.height // 2), Image.Resampling.NEAREST)


def palette_image(colours: Iterable[RGB]) -> Image.Image:
    """A 1×1 "P" image carrying ``colours``: what ``quantize(palette=…)`` takes."""
    image = Image.new("P", (1, 1))
    image.putpalette([c for rgb in colours for c in rgb])
    return image


def encode(
    img: Image.Image, palette: Image.Image | None = None, compress_level: int = COMPRESS_LEVEL
) -> bytes:
    """PNG bytes of ``img``, mapped to ``palette`` (no dithering, so flat areas stay flat)."""
    if palette is not None:
        rgb = img if img.mode == "RGB" else img.convert("RGB")  # convert would copy an RGB
        img = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()


def encode_unfiltered(
    img: Image.Image, palette: Image.Image, compress_level: int = UNFILTERED_LEVEL
) -> bytes:
    """Palette PNG bytes of ``img`` (RGB), written without PNG's row filters.

    Pillow deflates with the zlib it was built with; zlib-ng's deflate is much quicker at
    the same size, and PNG's row filters barely help flat palette colours, so the rows go
    unfiltered straight to zlib-ng. Each row's filter byte (0) comes from a first column of
    index 0: one paste, no Python loop over rows.
    """
    rgb = img if img.mode == "RGB" else img.convert("RGB")
    mapped = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    width, height = mapped.size
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(mapped, (1, 0))
    colours = (palette.getpalette() or [])[: 3 * 256]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(colours)),
            _chunk(b"IDAT", zlib_ng.compress(rows.tobytes(), compress_level)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _near(a: RGB, b: RGB, distance: int = 9) -> bool:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) <= distance**2
