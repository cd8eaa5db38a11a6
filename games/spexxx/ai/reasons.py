"""Why a placement is good, in facts a player can check on the board (issue 25: "Place your cube
on Q3 — value 6.7" explained nothing).

``place_reasons`` reads what the evaluation reads (the engine's scoring for the points now, the
windows of three squares for lines in the making and lines denied) and says it as facts: the
lines the cube makes or extends and what they score, a 3×3 block, a line of two it sets up,
the opponents' lines it blocks. The words are the bot's (``bot.adapters.spexxx.words``).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.spexxx.ai.evaluation import NEIGHBOURS, POINTS, WINDOWS, WINDOWS_OF, Board
from games.spexxx.scoring import score_placement
from games.spexxx.state import SpexxxState

__all__ = ["LineMade", "PlaceReasons", "place_reasons"]


@dataclass(frozen=True, slots=True)
class LineMade:
    """A scoring line through the new cube: its cubes now, and whether it is new."""

    length: int
    new: bool
    points: int  # cube points and length bonus


@dataclass(frozen=True, slots=True)
class PlaceReasons:
    square: int
    points: int  # scored at once, in all
    lines: tuple[LineMade, ...]
    block: int  # the 3×3 block bonus scored, or 0
    sets_up: bool  # two own cubes in a line of three that is still open, none scored yet
    blocks: tuple[int, ...]  # opponents whose open line of two this square would have finished
    zone_points: int  # what a cube on this square scores in a line


def place_reasons(state: SpexxxState, seat: int, index: int) -> PlaceReasons:
    """The facts behind ``seat`` placing a cube on the empty square ``index`` now."""
    board = Board.of(state)
    own = board.own_masks[seat]
    bit = 1 << index
    if board.occupied & bit:
        raise ValueError(f"square {index} is not empty")
    score = None
    if own & NEIGHBOURS[index]:
        score = score_placement(board.owners, seat, index, own | bit, board.block_masks[seat])
    lines = tuple(
        LineMade(line.length, len(line.scored_squares) == line.length, line.points)
        for line in (score.lines if score else ())
    )
    others = board.occupied & ~own
    sets_up = False
    blockers: set[int] = set()
    for w in WINDOWS_OF[index]:
        window = WINDOWS[w]
        if window.direction < 0:
            continue  # 3×3 blocks: their bonus is in the points now
        rest = window.mask & ~bit
        if not rest & others and (rest & own).bit_count() == 1 and not lines:
            sets_up = True
        for opp in range(board.seats):
            theirs = board.own_masks[opp]
            if opp == seat or board.resigned[opp] or not board.cubes_left[opp]:
                continue
            if rest & theirs == rest:
                blockers.add(opp)
    return PlaceReasons(
        index,
        score.points if score else 0,
        lines,
        score.block.points if score and score.block else 0,
        sets_up,
        tuple(sorted(blockers)),
        POINTS[index],
    )
