"""What the record command lines share: reading a record file and replaying it.

The only file I/O under ``games``; the rules themselves never touch files.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from games.common.errors import RecordError
from games.spexxx.game import Game
from games.spexxx.record import RuleViolation, parse_record, replay

EXIT_RULE_BREAK = 1
EXIT_BAD_FILE = 2


def read_record_json(source: str) -> Any:
    """The JSON in ``source`` (a path, or ``-`` for stdin); any failure is a ``RecordError``."""
    try:
        if source == "-":
            return json.load(sys.stdin)
        with open(source, encoding="utf-8") as fh:
            return json.load(fh)
    except OSError as exc:
        raise RecordError(f"cannot read {source}: {exc.strerror}") from exc
    except (ValueError, RecursionError) as exc:
        # ValueError covers JSONDecodeError, UnicodeDecodeError and over-long integers;
        # RecursionError is what the parser raises for very deeply nested arrays.
        raise RecordError(f"not valid JSON: {exc}") from exc


def replay_file(source: str) -> tuple[list[str], Game] | int:
    """The players and replayed game, or the exit status after printing one line to stderr."""
    try:
        data = read_record_json(source)
        try:
            record = parse_record(data)
        except RecordError as exc:
            raise RecordError(f"not a valid record: {exc}") from exc
        return list(record.players), replay(record)
    except RecordError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_FILE
    except RuleViolation as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_RULE_BREAK
