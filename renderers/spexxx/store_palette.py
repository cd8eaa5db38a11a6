"""Store a fresh palette in ``palette_colours.py``, after the renderer draws new colours."""

from __future__ import annotations

from pathlib import Path

from renderers.spexxx import theme as th
from renderers.spexxx.palette import build, colours_of

TARGET = Path(__file__).with_name("palette_colours.py")


def module_text(colours: list[th.RGB]) -> str:
    rows = "".join(f"    {rgb},\n" for rgb in colours)
    return (
        '"""The stored PNG palette, written by ``python -m renderers.spexxx.store_palette``."""\n\n'
        "from __future__ import annotations\n\n"
        f"COLOURS: tuple[tuple[int, int, int], ...] = (\n{rows})\n"
    )


def main() -> None:
    TARGET.write_text(module_text(colours_of(build())), encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
