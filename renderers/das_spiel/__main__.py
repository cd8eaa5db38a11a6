"""``python -m renderers.das_spiel RECORD.json --out board.png [--final] [--side X|Y|Z]
[--seat N] [--lang nl]``: the picture after a Das Spiel record, for every game whose engine and
pictures exist (see ``renderers.cli`` for the exit statuses; a game without pictures exits 2).

``--seat N`` draws what seat N sees where seats see different things (Raffzahn: the pips of
its own side, from that side unless ``--side`` turns it); without it the picture is the public
one, which shows nothing any seat may not see. Games where every seat sees the same ignore it.
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
    render_bunte_kuh,
    render_bunte_kuh_final,
    render_cui_bono,
    render_cui_bono_final,
    render_eintrichtern,
    render_eintrichtern_final,
    render_raffzahn,
    render_raffzahn_final,
    render_wuerfelmarsch,
    render_wuerfelmarsch_final,
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
    "raffzahn": (
        lambda game, names, side, lang: render_raffzahn(game, names, side=side, lang=lang),
        lambda game, names, side, lang: render_raffzahn_final(game, names, side=side, lang=lang),
    ),
    "bunte-kuh": (
        lambda game, names, side, lang: render_bunte_kuh(game, names, side=side, lang=lang),
        lambda game, names, side, lang: render_bunte_kuh_final(game, names, side=side, lang=lang),
    ),
    "eintrichtern": (
        lambda game, names, side, lang: render_eintrichtern(game, names, side=side, lang=lang),
        lambda game, names, side, lang: render_eintrichtern_final(
            game, names, side=side, lang=lang
        ),
    ),
    "wuerfelmarsch": (
        lambda game, names, side, lang: render_wuerfelmarsch(game, names, side=side, lang=lang),
        lambda game, names, side, lang: render_wuerfelmarsch_final(
            game, names, side=side, lang=lang
        ),
    ),
}
# The games whose seats see different things: (engine, names, seat, side or None, lang) -> PNG.
SeatPicture = Callable[[Any, list[str], int, int | None, str], bytes]
SEAT_VIEWS: dict[str, tuple[SeatPicture, SeatPicture]] = {
    "raffzahn": (
        lambda game, names, seat, side, lang: render_raffzahn(
            game, names, seat=seat, side=side, lang=lang
        ),
        lambda game, names, seat, side, lang: render_raffzahn_final(
            game, names, seat=seat, side=side, lang=lang
        ),
    ),
}
SIDE_OPTION = (
    "--side",
    {
        "choices": g.AXIS_NAMES,
        "default": None,
        "help": "the side along the bottom of the picture (default: X, the canonical view, "
        "or the seat's own side with --seat)",
    },
)
SEAT_OPTION = (
    "--seat",
    {
        "type": int,
        "default": None,
        "help": "draw what this seat (0, 1, …) sees, where seats see different things "
        "(Raffzahn: its own side's pips); default: the public picture",
    },
)


def _load(source: str) -> tuple[list[str], Replay] | int:
    result = load(source)
    if not isinstance(result, int) and result[1].record.game not in GAMES:
        print(f"{result[1].record.game} has no pictures yet", file=sys.stderr)
        return 2
    return result


def _render(
    names: list[str],
    done: Replay,
    final: bool,
    lang: str,
    side: str | None = None,
    seat: int | None = None,
) -> bytes:
    axis = None if side is None else g.AXIS_NAMES.index(side)
    game = done.record.game
    if seat is not None and game in SEAT_VIEWS:
        if not 0 <= seat < len(names):
            print(f"no seat {seat}: the record has seats 0 to {len(names) - 1}", file=sys.stderr)
            raise SystemExit(2)
        seat_board, seat_end = SEAT_VIEWS[game]
        return (seat_end if final else seat_board)(done.engine, names, seat, axis, lang)
    board, end = GAMES[game]
    return (end if final else board)(done.engine, names, g.X if axis is None else axis, lang)


def main(argv: list[str] | None = None) -> int:
    return render_main("das_spiel", FORMAT, _load, _render, argv, (SIDE_OPTION, SEAT_OPTION))


if __name__ == "__main__":
    sys.exit(main())
