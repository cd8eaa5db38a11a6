"""Store a fresh palette in ``palette_colours.py``, after the renderer draws new colours."""

from __future__ import annotations

from pathlib import Path

from renderers.das_spiel.palette import build
from renderers.png import store_palette

TARGET = Path(__file__).with_name("palette_colours.py")
COMMAND = "python -m renderers.das_spiel.store_palette"


def main() -> None:
    store_palette(TARGET, build, COMMAND)


if __name__ == "__main__":
    main()
