"""``python -m renderers.spectrangle RECORD.json --out board.png [--final] [--lang nl]``: draw
the position after a game record, so players can render games they exported, in any of the
bot's languages (see ``renderers.cli`` for the exit statuses).
"""

from __future__ import annotations

import sys

from games.spectrangle.cli import replay_file
from games.spectrangle.game import Game
from games.spectrangle.record import FORMAT
from renderers.cli import render_main
from renderers.spectrangle.render import render_board, render_final


def _render(names: list[str], game: Game, final: bool, lang: str) -> bytes:
    if final:
        return render_final(game.state, names, lang=lang)
    return render_board(game.state, names, lang=lang)


def main(argv: list[str] | None = None) -> int:
    return render_main("spectrangle", FORMAT, replay_file, _render, argv)


if __name__ == "__main__":
    sys.exit(main())
