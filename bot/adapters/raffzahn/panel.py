"""A Raffzahn seat's private panel (RULES.md §5.5 step 3): its own wall and the dice it may take.

Only ``Raffzahn.view(seat)`` is read, so a panel can hold nothing the seat may not see (RAF-4):
for each of the 45 cells of the seat's wall, the front die's label and the pips it shows to
that side; and one button per die the seat may take now, labelled with its position (``6C1``).
More dice than 25 buttons hold are offered in selects of at most 25, paged by position.
"""

from __future__ import annotations

from games.das_spiel import geometry as g
from games.das_spiel.raffzahn import RaffView

CELL = 7  # characters a cell takes in the wall's grid: "[6C1 5]"


def wall_rows(v: RaffView) -> list[list[tuple[int, int]]]:
    """The seat's 45 cells as the rows of its wall, top (one cell) to bottom (nine), each
    ``(front die, pips)``; ``(NONE, 0)`` where the whole line is empty."""
    assert v.side is not None, "the public view has no wall"
    rows: list[list[tuple[int, int]]] = [[] for _ in range(g.LAYERS)]
    for line, cell in zip(g.LINES[v.side], v.cells, strict=True):
        rows[g.LAYERS - 1 - g.LAYER[line[0]]].append(cell)
    return rows


def cell_text(cell: tuple[int, int], takeable: int) -> str:
    """``[6C1 5]`` for a die the seat may take, `` 6C1 5 `` for one it may not, ``   ·   ``
    for a line emptied down to the plate."""
    i, pips = cell
    if i == g.NONE:
        return "·".center(CELL)
    text = f"{g.LABELS[i]} {pips}"
    return f"[{text}]" if takeable >> i & 1 else f" {text} "


def wall_grid(v: RaffView) -> str:
    """The wall as a code block: a triangle, top row first, the takeable dice in brackets."""
    rows = wall_rows(v)
    width = len(rows[-1]) * CELL
    lines = ["".join(cell_text(c, v.takeable) for c in row).center(width).rstrip() for row in rows]
    return "```\n" + "\n".join(lines) + "\n```"


def shown_faces(v: RaffView) -> dict[int, int]:
    """The pips the panel shows, by front die: exactly the seat's own cells."""
    return {i: pips for i, pips in v.cells if i != g.NONE}
