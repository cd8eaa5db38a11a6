"""``python -m renderers.spexxx RECORD.json --out board.png [--final] [--lang nl]``: draw the
position after a game record, so players can render games they exported, in any of the bot's
languages (see ``renderers.cli`` for the exit statuses).
"""

from __future__ import annotations

import sys

from games.spexxx.cli import replay_file
from games.spexxx.game import Game
from renderers.cli import render_main
from renderers.spexxx.render import render_final, render_turn


def _render(names: list[str], game: Game, final: bool, lang: str) -> bytes:
    if final:
        return render_final(game.state, names, lang=lang)
    return render_turn(game.state, names, lang=lang)


def main(argv: list[str] | None = None) -> int:
    return render_main("spexxx", "spexxx-record/1", replay_file, _render, argv)


if __name__ == "__main__":
    sys.exit(main())
