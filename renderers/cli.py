"""The shape every ``python -m renderers.<game> RECORD.json --out board.png [--final]
[--lang nl]`` command shares: read and replay a record, render, write the PNG.

Exit 0 after writing the PNG; 1 with ``turn N: reason`` for a rule break; 2 with a one-line
reason for a file that cannot be read or is not a valid record (as ``python -m games.<game>``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from locales import DEFAULT, LANGUAGES

# (names, replayed game) or the exit status after one line on stderr.
ReplayFile = Callable[[str], "tuple[list[str], Any] | int"]
# (names, game, final, lang) -> PNG bytes
Render = Callable[[list[str], Any, bool, str], bytes]


def render_main(
    game: str, record_format: str, replay_file: ReplayFile, render: Render, argv: list[str] | None
) -> int:
    parser = argparse.ArgumentParser(
        prog=f"python -m renderers.{game}",
        description=f"Render the board after a {record_format} game record as a PNG.",
    )
    parser.add_argument("record", help=f"path to a {record_format} JSON file ('-' for stdin)")
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
    names, replayed = result
    png = render(names, replayed, args.final, args.lang)
    try:
        with open(args.out, "wb") as fh:
            fh.write(png)
    except OSError as exc:
        print(f"cannot write {args.out}: {exc.strerror}", file=sys.stderr)
        return 2
    return 0
