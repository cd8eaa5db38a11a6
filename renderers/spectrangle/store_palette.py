"""Store a fresh palette in ``palette_colours.py``, after the renderer draws new colours."""

from __future__ import annotations

from pathlib import Path

from renderers.png import store_palette
from renderers.spectrangle.palette import build

TARGET = Path(__file__).with_name("palette_colours.py")
COMMAND = "python -m renderers.spectrangle.store_palette"


def main() -> None:
    store_palette(TARGET, build, COMMAND)


if __name__ == "__main__":
    main()
