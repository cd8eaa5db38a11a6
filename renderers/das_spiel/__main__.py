"""``python -m renderers.das_spiel RECORD.json --out board.png [--final] [--side X|Y|Z]
[--lang nl]``: the picture after a Das Spiel record, for every game whose engine and pictures
exist (see ``renderers.cli`` for the exit statuses; a game without pictures exits 2).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from games.das_spiel import geometry as g
from games.das_spiel.__main__ import load
from games.das_spiel.record import FORMAT, Replay
from renderers.cli import render_main
from renderers.das_spiel.render import (
    render_abquetschen,
    render_abquetschen_final,
    render_cui_bono,
    render_cui_bono_final,
)

# A record's game → (board picture, final picture), each (engine, names, side, lang) -> PNG.
Picture = Callable[[Any, list[str], int, str], bytes]
GAMES: dict[str, tuple[Picture, Picture]] = {
    "abquetschen": (
        lambda game, names, side, lang: render_abquetschen(game, names, side=side, lang=lang),
        lambda game, names, side, lang: render_abquetschen_final(game, names, side=side, lang=lang),
    ),
    "cui-bono": (
        lambda game, names, side, lang: render_cui_bono(game, names, side=side, lang=lang),
        lambda game, names, side, lang: render_cui_bono_final(game, names, side=side, lang=lang),
    ),
}
SIDE_OPTION = (
    "--side",
    {
        "choices": g.AXIS_NAMES,
        "default": "X",
        "help": "the side along the bottom of the picture (default: X, the canonical view)",
    },
)


def _load(source: str) -> tuple[list[str], Replay] | int:
    result = load(source)
    if not isinstance(result, int) and result[1].record.game not in GAMES:
        print(f"{result[1].record.game} has no pictures yet", file=sys.stderr)
        return 2
    return result


def _render(names: list[str], done: Replay, final: bool, lang: str, side: str = "X") -> bytes:
    board, end = GAMES[done.record.game]
    return (end if final else board)(done.engine, names, g.AXIS_NAMES.index(side), lang)


def main(argv: list[str] | None = None) -> int:
    return render_main("das_spiel", FORMAT, _load, _render, argv, (SIDE_OPTION,))


if __name__ == "__main__":
    sys.exit(main())
