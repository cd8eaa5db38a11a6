"""``python -m games.spexxx replay RECORD.json``: check a record and recompute every score.

Exit 0 with the report on stdout; 1 with ``turn N: reason`` for a rule break; 2 for a file that
is not a valid record.
"""

from __future__ import annotations

import argparse
import json
import sys

from games.spexxx.cli import replay_file
from games.spexxx.record import replay_report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.spexxx")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print every turn's points")
    rp.add_argument("record", help="path to a spexxx-record/1 JSON file ('-' for stdin)")
    args = parser.parse_args(argv)

    result = replay_file(args.record)
    if isinstance(result, int):
        return result
    _players, game = result
    json.dump(replay_report(game), sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
