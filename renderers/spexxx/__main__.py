"""``python -m renderers.spexxx RECORD.json --out board.png [--final] [--lang nl]``: draw the
position after a game record, so players can render games they exported, in any of the bot's
languages.

Exit 0 after writing the PNG; 1 with ``turn N: reason`` for a rule break; 2 with a one-line
reason for a file that cannot be read or is not a valid record (as ``python -m games.spexxx``).
"""

from __future__ import annotations

import argparse
import sys

from games.spexxx.cli import replay_file
from locales import DEFAULT, LANGUAGES
from renderers.spexxx.render import render_final, render_turn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m renderers.spexxx",
        description="Render the board after a spexxx-record/1 game record as a PNG.",
    )
    parser.add_argument("record", help="path to a spexxx-record/1 JSON file ('-' for stdin)")
    parser.add_argument("--out", required=True, help="where to write the PNG")
    parser.add_argument(
        "--final", action="store_true", help="the end-of-game image: standings and score plot"
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=DEFAULT,
        help=f"language of the text in the image (default: {DEFAULT})",
    )
    args = parser.parse_args(argv)

    result = replay_file(args.record)
    if isinstance(result, int):
        return result
    names, game = result
    if args.final:
        png = render_final(game.state, names, lang=args.lang)
    else:
        png = render_turn(game.state, names, lang=args.lang)
    try:
        with open(args.out, "wb") as fh:
            fh.write(png)
    except OSError as exc:
        print(f"cannot write {args.out}: {exc.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
