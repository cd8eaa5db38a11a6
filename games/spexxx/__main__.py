"""``python -m games.spexxx replay RECORD.json``: check a record and recompute every score.

Exit 0 with the report on stdout; 1 with ``turn N: reason`` for a rule break; 2 for a file that
is not a valid record.
"""

from __future__ import annotations

import argparse
import json
import sys

from games.common.errors import RecordError
from games.spexxx.record import RuleViolation, parse_record, replay, replay_report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.spexxx")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print every turn's points")
    rp.add_argument("record", help="path to a spexxx-record/1 JSON file ('-' for stdin)")
    args = parser.parse_args(argv)

    try:
        if args.record == "-":
            data = json.load(sys.stdin)
        else:
            with open(args.record, encoding="utf-8") as fh:
                data = json.load(fh)
        record = parse_record(data)
    except OSError as exc:
        print(f"cannot read {args.record}: {exc.strerror}", file=sys.stderr)
        return 2
    except (ValueError, RecursionError) as exc:
        # ValueError covers JSONDecodeError, UnicodeDecodeError and over-long integers;
        # RecursionError is what the parser raises for very deeply nested arrays.
        print(f"not valid JSON: {exc}", file=sys.stderr)
        return 2
    except RecordError as exc:
        print(f"not a valid record: {exc}", file=sys.stderr)
        return 2
    try:
        game = replay(record)
    except RuleViolation as exc:
        print(str(exc), file=sys.stderr)
        return 1
    json.dump(replay_report(game), sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
