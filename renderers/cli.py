"""The shape every ``python -m renderers.<game> RECORD.json --out board.png [--final]
[--lang nl]`` command shares: read and replay a record, render, write the PNG.

Exit 0 after writing the PNG; 1 with ``turn N: reason`` for a rule break; 2 with a one-line
reason for a file that cannot be read or is not a valid record (as ``python -m games.<game>``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from locales import DEFAULT, LANGUAGES

# (names, replayed game) or the exit status after one line on stderr.
ReplayFile = Callable[[str], "tuple[list[str], Any] | int"]
# (names, game, final, lang, **extra options) -> PNG bytes
Render = Callable[..., bytes]
# A game's own option: the flag and ``add_argument``'s keywords; its value reaches ``render``
# as a keyword named by the flag (``--side`` → ``side=``).
Option = tuple[str, dict[str, Any]]


def render_main(
    game: str,
    record_format: str,
    replay_file: ReplayFile,
    render: Render,
    argv: list[str] | None,
    options: Sequence[Option] = (),
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
    for flag, keywords in options:
        parser.add_argument(flag, **keywords)
    args = parser.parse_args(argv)
    extra = {flag.lstrip("-").replace("-", "_"): None for flag, _ in options}
    extra = {name: getattr(args, name) for name in extra}

    result = replay_file(args.record)
    if isinstance(result, int):
        return result
    names, replayed = result
    png = render(names, replayed, args.final, args.lang, **extra)
    try:
        with open(args.out, "wb") as fh:
            fh.write(png)
    except OSError as exc:
        print(f"cannot write {args.out}: {exc.strerror}", file=sys.stderr)
        return 2
    return 0
