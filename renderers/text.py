"""Fonts and untrusted text: the bundled DejaVu fonts, name cleaning and ellipsis fitting.

A VPS has no system fonts, so the fonts ship in ``renderers/fonts``. Discord display names can
hold anything (emoji, zero-width joiners, bidi controls, 200 characters), so every name goes
through ``clean_text`` (drop what the font cannot draw) and ``fit`` (truncate to a width).
Translated labels vary in length (German runs long), so they go through ``fit_font`` (a
smaller size, then an ellipsis) or ``wrap`` (more lines).
"""

from __future__ import annotations

import struct
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont, features

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = "DejaVuSansCondensed.ttf"
BOLD = "DejaVuSansCondensed-Bold.ttf"
ELLIPSIS = "…"
MAX_MARKS = 2  # combining marks kept per base character (stops "Zalgo" text piling up)

Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> Font:
    return ImageFont.truetype(str(FONT_DIR / (BOLD if bold else REGULAR)), size)


@lru_cache(maxsize=1)
def has_raqm() -> bool:
    """Complex layout (Arabic shaping, bidi) is there only when libraqm and fribidi load."""
    return bool(features.check_feature("raqm"))


@lru_cache(maxsize=4)
def codepoints(filename: str = REGULAR) -> frozenset[int]:
    """Characters the font has a glyph for, read from its ``cmap`` table (formats 4 and 12)."""
    data = (FONT_DIR / filename).read_bytes()
    (num_tables,) = struct.unpack_from(">H", data, 4)
    tables = {
        struct.unpack_from(">4s", data, 12 + 16 * i)[0]: struct.unpack_from(
            ">I", data, 12 + 16 * i + 8
        )[0]
        for i in range(num_tables)
    }
    cmap = tables[b"cmap"]
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    points: set[int] = set()
    for i in range(count):
        (offset,) = struct.unpack_from(">I", data, cmap + 4 + 8 * i + 4)
        base = cmap + offset
        (fmt,) = struct.unpack_from(">H", data, base)
        if fmt == 4:
            points |= _cmap_format4(data, base)
        elif fmt == 12:
            (groups,) = struct.unpack_from(">I", data, base + 12)
            for k in range(groups):
                start, end = struct.unpack_from(">II", data, base + 16 + 12 * k)
                points.update(range(start, end + 1))
    return frozenset(points)


@lru_cache(maxsize=1)
def drawable() -> frozenset[int]:
    """Characters both bundled fonts can draw."""
    return codepoints(REGULAR) & codepoints(BOLD)


def _cmap_format4(data: bytes, base: int) -> set[int]:
    (seg_x2,) = struct.unpack_from(">H", data, base + 6)
    seg = seg_x2 // 2
    ends = struct.unpack_from(f">{seg}H", data, base + 14)
    starts = struct.unpack_from(f">{seg}H", data, base + 16 + seg_x2)
    deltas = struct.unpack_from(f">{seg}h", data, base + 16 + 2 * seg_x2)
    range_base = base + 16 + 3 * seg_x2
    offsets = struct.unpack_from(f">{seg}H", data, range_base)
    points: set[int] = set()
    for k in range(seg):
        for c in range(starts[k], min(ends[k], 0xFFFE) + 1):
            if offsets[k] == 0:
                glyph = (c + deltas[k]) & 0xFFFF
            else:
                addr = range_base + 2 * k + offsets[k] + 2 * (c - starts[k])
                (glyph,) = struct.unpack_from(">H", data, addr)
                glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
            if glyph:
                points.add(c)
    return points


@lru_cache(maxsize=1024)
def clean_text(raw: str, fallback: str = "?") -> str:
    """``raw`` with only what the font can draw: controls, zero-width and bidi marks, unknown
    glyphs (most emoji, CJK) dropped; runs of white space as one space; ``fallback`` if empty.
    """
    supported = drawable()
    out: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", raw):
        cat = unicodedata.category(ch)
        if cat[0] == "Z" or ch in "\t\n\r\v\f":
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if cat[0] == "C" or ord(ch) not in supported:
            continue
        if cat[0] == "M":
            if not out or out[-1] == " " or marks >= MAX_MARKS:
                continue
            marks += 1
        else:
            marks = 0
        out.append(ch)
    text = "".join(out).strip()
    return text or fallback


def visual_order(text: str) -> str:
    """Right-to-left runs reversed for display when libraqm is missing (basic layout does no
    bidi); with raqm the text is returned as is and the library does it properly."""
    if has_raqm() or not any(unicodedata.bidirectional(c) in ("R", "AL") for c in text):
        return text
    runs: list[tuple[bool, list[str]]] = []
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        rtl = kind in ("R", "AL", "AN") or (kind not in ("L", "EN") and bool(runs) and runs[-1][0])
        if runs and runs[-1][0] == rtl:
            runs[-1][1].append(ch)
        else:
            runs.append((rtl, [ch]))
    parts = ["".join(reversed(chars)) if rtl else "".join(chars) for rtl, chars in runs]
    strong = (unicodedata.bidirectional(c) for c in text)
    if next((k for k in strong if k in ("L", "R", "AL")), "L") != "L":
        parts.reverse()
    return "".join(parts)


@lru_cache(maxsize=2048)
def fit(text: str, fnt: Font, width: float) -> str:
    """``text`` cut at a character boundary and ended with an ellipsis so it fits ``width``
    (cached: the same names and labels are fitted to the same places on every turn, and each
    fit measures the text a dozen times)."""
    if fnt.getlength(text) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if fnt.getlength(text[:mid].rstrip() + ELLIPSIS) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ELLIPSIS


def fit_middle(text: str, fnt: Font, width: float) -> str:
    """``text`` with its middle cut out (an ellipsis in its place) so it fits ``width``: for
    names that read the same when cut at the end, as "Computer 1…" and "Computer 2…"."""
    if fnt.getlength(text) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # most characters kept, the head one longer than the tail
        mid = (lo + hi + 1) // 2
        head, tail = text[: (mid + 1) // 2].rstrip(), text[len(text) - mid // 2 :].lstrip()
        if fnt.getlength(head + ELLIPSIS + tail) <= width:
            lo = mid
        else:
            hi = mid - 1
    head, tail = text[: (lo + 1) // 2].rstrip(), text[len(text) - lo // 2 :].lstrip()
    return head + ELLIPSIS + tail if lo else ELLIPSIS


def display_name(raw: str, fnt: Font, width: float, fallback: str, *, middle: bool = False) -> str:
    """A player's name ready to draw: cleaned, fitted to ``width`` (cut at the end, or with
    ``middle`` in the middle) and in display order."""
    cut = fit_middle if middle else fit
    return visual_order(cut(clean_text(raw, fallback), fnt, width))


def fit_font(
    text: str, size: int, width: float, *, bold: bool = False, min_size: int | None = None
) -> tuple[Font, str]:
    """The font and text to draw a label in ``width``: ``font(size, bold)`` when it fits (so a
    label that fits looks as before), else the largest size down to ``min_size`` (three
    quarters of ``size`` by default) that fits, else the text cut with an ellipsis at that
    smallest size."""
    fnt = shared_font((text,), size, width, bold=bold, min_size=min_size)
    return fnt, fit(text, fnt, width)


def shared_font(
    texts: Iterable[str],
    size: int,
    width: float,
    *,
    bold: bool = False,
    min_size: int | None = None,
) -> Font:
    """The largest font from ``size`` down to ``min_size`` (three quarters of ``size`` by
    default) in which every one of ``texts`` fits ``width`` (the smallest if none does), so a
    column of labels keeps one size; pass each text through ``fit`` with it."""
    texts = tuple(texts)
    smallest = min_size if min_size is not None else max(1, (size * 3 + 3) // 4)
    for points in range(size, smallest, -1):
        fnt = font(points, bold)
        if all(fnt.getlength(text) <= width for text in texts):
            return fnt
    return font(smallest, bold)


def wrap(text: str, fnt: Font, width: float) -> list[str]:
    """``text`` in lines no wider than ``width``: broken at its own newlines, then between
    words; a single word too long for a line is cut with an ellipsis."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if fnt.getlength(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = fit(word, fnt, width)
        lines.append(line)
    return lines
