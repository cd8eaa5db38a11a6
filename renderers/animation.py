"""A whole game as one animated GIF: the pictures after each step, with a caption strip.

Pure: PNG bytes and captions in, GIF bytes out. GIF and not animated WebP because every
Discord client plays an uploaded GIF inline, phones included; Discord's animated WebP came to
desktop first, and only as a direct upload (discord/lilliput#159), and APNG never animates.

Frames are scaled to one width (a phone's, ~480 px), stacked on one height, and each gets its
own adaptive palette; the file is made smaller (narrower, then every other middle frame) until
it fits ``limit`` bytes. The first and last frames stay longer, so the end can be read.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.text import clean_text, fit, font

STRIP = (35, 39, 42)  # Discord's dark grey: the caption strip
CAPTION = (240, 240, 240)
WIDTH = 480  # px: fills a phone's chat column without being scaled down much
WIDTHS = (WIDTH, 400, 320, 240)  # tried in turn while the file is too big
LIMIT = 8 * 1024 * 1024  # bytes: Discord's smallest upload limit with room to spare
STEP_MS = 900  # each step's frame, at most
MIN_STEP_MS = 500  # and at least (a long game's frames are shorter, to last LENGTH_MS)
LENGTH_MS = 90_000  # a long game's animation lasts about this long
END_MS = 4000  # the first and the last frame
MAX_FRAMES = 150  # a longer game keeps every n-th step (and its first and last)


@dataclass(frozen=True, slots=True)
class Animation:
    data: bytes
    width: int
    height: int
    frames: int


def animate(
    pictures: Sequence[bytes],
    captions: Sequence[str],
    *,
    widths: Sequence[int] = WIDTHS,
    limit: int = LIMIT,
    step_ms: int | None = None,
    end_ms: int = END_MS,
) -> Animation:
    """One GIF of ``pictures`` (PNG bytes), each over its caption; at most ``limit`` bytes.
    ``step_ms``: each frame's time (default: ``frame_ms`` of their number).

    Raises ``ValueError`` if no picture is given or even the smallest try is too big."""
    if not pictures or len(pictures) != len(captions):
        raise ValueError("animate needs one caption per picture, and at least one picture")
    chosen = spread(len(pictures), MAX_FRAMES)
    step_ms = frame_ms(len(chosen)) if step_ms is None else step_ms
    best: Animation | None = None
    for width in widths:
        for keep in (chosen, spread(len(pictures), max(2, len(chosen) // 2))):
            made = _encode(
                [pictures[i] for i in keep], [captions[i] for i in keep], width, step_ms, end_ms
            )
            if len(made.data) <= limit:
                return made
            best = made
    assert best is not None
    raise ValueError(f"the animation is {len(best.data)} bytes even at {best.width} px")


def frame_ms(frames: int) -> int:
    """A step's time in an animation of ``frames``: shorter for a long game."""
    return max(MIN_STEP_MS, min(STEP_MS, LENGTH_MS // max(1, frames)))


def spread(count: int, most: int = MAX_FRAMES) -> list[int]:
    """``most`` indices of ``count`` spread evenly, always the first and the last (the steps
    an animation shows: a caller draws only those)."""
    if count <= most:
        return list(range(count))
    return sorted({round(k * (count - 1) / (most - 1)) for k in range(most)})


def _encode(
    pictures: Sequence[bytes], captions: Sequence[str], width: int, step_ms: int, end_ms: int
) -> Animation:
    strip = max(24, width // 16)
    scaled = [_scaled(png, width) for png in pictures]
    height = max(img.height for img in scaled) + strip
    caption_font = font(max(11, strip * 5 // 8), bold=True)
    frames: list[Image.Image] = []
    for img, caption in zip(scaled, captions, strict=True):
        below = img.getpixel((0, img.height - 1))  # a shorter picture goes on in its colour
        frame = Image.new("RGB", (width, height), below if isinstance(below, tuple) else STRIP)
        draw = ImageDraw.Draw(frame)
        draw.rectangle((0, 0, width, strip - 1), fill=STRIP)
        text = fit(clean_text(caption), caption_font, width - 16)
        draw.text((8, strip // 2), text, font=caption_font, fill=CAPTION, anchor="lm")
        frame.paste(img, ((width - img.width) // 2, strip))
        frames.append(frame)
    # one palette for every frame, from the first, middle and last: the same colours keep
    # the same index, so each frame stores only the pixels that changed (a third of the size
    # of a palette per frame, and ~20× faster than a median cut per frame)
    sample = Image.new("RGB", (width, height * 3))
    for n, k in enumerate((0, len(frames) // 2, len(frames) - 1)):
        sample.paste(frames[k], (0, height * n))
    palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    mapped = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    durations = [step_ms] * len(mapped)
    durations[0] = durations[-1] = end_ms
    out = io.BytesIO()
    mapped[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=mapped[1:],
        duration=durations,
        loop=0,
        disposal=1,
    )
    return Animation(out.getvalue(), width, height, len(mapped))


def _scaled(png: bytes, width: int) -> Image.Image:
    """The picture at ``width``: halved by averaging first (fast), then resampled."""
    with Image.open(io.BytesIO(png)) as raw:
        img = raw.convert("RGB")
    if img.width == width:
        return img
    factor = img.width // width
    if factor >= 2:
        img = img.reduce(factor)
    height = max(1, round(img.height * width / img.width))
    return img.resize((width, height), Image.Resampling.LANCZOS)
