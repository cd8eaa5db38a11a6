"""WCAG 2 relative luminance and contrast ratio, for the tests that measure the images' contrast."""

from __future__ import annotations

from collections.abc import Sequence


def luminance(rgb: Sequence[int]) -> float:
    """Relative luminance of an sRGB colour (0 black to 1 white); an alpha channel is ignored."""

    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Sequence[int], b: Sequence[int]) -> float:
    """From 1 (the same) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
