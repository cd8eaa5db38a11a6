"""Scoring a placement (RULES.md, "Scoring"), with a breakdown the bot and renderer can show.

Rays and 3×3 block candidates are precomputed per square, so scoring a move is a few short
list walks and at most nine bitmask tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from games.spexxx.board import GRID, GRID_SIZE, HEIGHT, WIDTH

BLOCK_BONUS = 25
LENGTH_BONUS = 5
LENGTH_BONUS_STEP = 5
LENGTH_BONUS_CAP = 20
MIN_SPEXXX = 3


class Direction(Enum):
    """A line direction; the value is the (dx, dy) step towards the 'after' end."""

    HORIZONTAL = (1, 0)
    VERTICAL = (0, 1)
    DIAGONAL = (1, 1)  # bottom-left to top-right
    ANTI_DIAGONAL = (1, -1)  # top-left to bottom-right


@dataclass(frozen=True, slots=True)
class LineScore:
    """One scoring direction: the whole Spexxx through the placed cube."""

    direction: Direction
    squares: tuple[int, ...]  # grid indices from one end to the other
    scored_squares: tuple[int, ...]  # the cubes whose points count this turn
    cube_points: int
    length_bonus: int

    @property
    def points(self) -> int:
        return self.cube_points + self.length_bonus

    @property
    def length(self) -> int:
        return len(self.squares)


@dataclass(frozen=True, slots=True)
class BlockScore:
    squares: tuple[int, ...]  # the nine grid indices, bottom-left first
    points: int = BLOCK_BONUS


@dataclass(frozen=True, slots=True)
class PlacementScore:
    square: int
    lines: tuple[LineScore, ...]
    block: BlockScore | None

    @property
    def points(self) -> int:
        return sum(line.points for line in self.lines) + (self.block.points if self.block else 0)


NO_SCORE_LINES: tuple[LineScore, ...] = ()


def _ray(index: int, dx: int, dy: int) -> tuple[int, ...]:
    x, y = index % WIDTH + dx, index // WIDTH + dy
    out: list[int] = []
    while 0 <= x < WIDTH and 0 <= y < HEIGHT and GRID[y * WIDTH + x] is not None:
        out.append(y * WIDTH + x)
        x, y = x + dx, y + dy
    return tuple(out)


def _build_rays() -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]:
    """RAYS[index][direction] = (squares before, nearest first; squares after, nearest first)."""
    rays = []
    for i in range(GRID_SIZE):
        per_dir = []
        for d in Direction:
            dx, dy = d.value
            per_dir.append((_ray(i, -dx, -dy), _ray(i, dx, dy)))
        rays.append(tuple(per_dir))
    return tuple(rays)


def _build_blocks() -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """BLOCKS[index] = on-field 3×3 squares containing it, ordered by bottom-left (row, column)."""
    per_square: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in range(GRID_SIZE)]
    for y0 in range(HEIGHT - 2):
        for x0 in range(WIDTH - 2):
            cells = tuple((y0 + dy) * WIDTH + x0 + dx for dy in range(3) for dx in range(3))
            if any(GRID[c] is None for c in cells):
                continue
            mask = sum(1 << c for c in cells)
            for c in cells:
                per_square[c].append((y0 * WIDTH + x0, mask, cells))
    return tuple(
        tuple((mask, cells) for _, mask, cells in sorted(entries)) for entries in per_square
    )


RAYS = _build_rays()
BLOCKS = _build_blocks()
_POINTS: tuple[int, ...] = tuple(0 if sq is None else sq.points for sq in GRID)
_DIRECTIONS = tuple(Direction)
_NEIGHBOUR_MASKS: tuple[int, ...] = tuple(
    0 if sq is None else sum(1 << n for n in sq.neighbours) for sq in GRID
)


def length_bonus(length: int, previous: int) -> int:
    """+5 for each multiple of 5 (up to 20) the line newly reaches."""
    step, cap = LENGTH_BONUS_STEP, LENGTH_BONUS_CAP
    return LENGTH_BONUS * (min(length, cap) // step - min(previous, cap) // step)


def score_placement(
    owners: Sequence[int], seat: int, index: int, own_mask: int, scored_blocks_mask: int
) -> PlacementScore:
    """Score ``seat``'s cube just placed on ``index``.

    ``owners`` and ``own_mask`` already include the new cube; ``scored_blocks_mask`` holds the
    squares of this seat's blocks that earned the bonus before.
    """
    if not own_mask & _NEIGHBOUR_MASKS[index]:
        # A cube with no own neighbour starts no line and completes no block: most placements.
        return PlacementScore(index, NO_SCORE_LINES, None)
    lines: list[LineScore] = []
    for d, (before_ray, after_ray) in zip(_DIRECTIONS, RAYS[index], strict=True):
        a = 0
        for s in before_ray:
            if owners[s] != seat:
                break
            a += 1
        b = 0
        for s in after_ray:
            if owners[s] != seat:
                break
            b += 1
        n = a + b + 1
        if n < MIN_SPEXXX:
            continue
        scored = [index]
        previous = 0
        for part, size in ((before_ray, a), (after_ray, b)):
            if size >= MIN_SPEXXX:
                previous = max(previous, size)
            else:
                scored.extend(part[:size])
        squares = (*reversed(before_ray[:a]), index, *after_ray[:b])
        lines.append(
            LineScore(
                direction=d,
                squares=squares,
                scored_squares=tuple(sorted(scored)),
                cube_points=sum(_POINTS[s] for s in scored),
                length_bonus=length_bonus(n, previous),
            )
        )
    block = None
    for mask, cells in BLOCKS[index]:
        if own_mask & mask == mask and not scored_blocks_mask & mask:
            block = BlockScore(cells)
            break
    return PlacementScore(index, tuple(lines), block)


def spexxx_lines(owners: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Every Spexxx on a board as ``(seat, squares from one end to the other)``: the longest
    runs of 3 or more of one seat's cubes in each direction. Cubes are never taken away and a
    run scores when its placed cube makes it 3 long, so these are the lines that scored."""
    found: list[tuple[int, tuple[int, ...]]] = []
    for k in range(len(_DIRECTIONS)):
        for index, seat in enumerate(owners):
            if seat < 0:
                continue
            before, after = RAYS[index][k]
            if before and owners[before[0]] == seat:
                continue  # not the run's first square
            run = [index]
            for s in after:
                if owners[s] != seat:
                    break
                run.append(s)
            if len(run) >= MIN_SPEXXX:
                found.append((seat, tuple(run)))
    return found
