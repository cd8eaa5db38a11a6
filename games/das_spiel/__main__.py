"""``python -m games.das_spiel replay RECORD.json``: check a record and work out every event.

Exit 0 with the report (JSON) on stdout; 1 with ``event N: reason`` on stderr for a rule break;
2 with a one-line reason for a file that is not a valid record (RECORD-FORMAT.md, "Replay").
The game named in the record is replayed by the engine ``games.das_spiel.registry`` names.
"""

from __future__ import annotations

import sys
from typing import Any

from games.common.records import replay_file, replay_main
from games.das_spiel.record import FORMAT, Record, Replay, parse_record, replay, replay_report
from games.das_spiel.registry import engine_factory


def _parse(data: Any) -> Record:
    record = parse_record(data)
    engine_factory(record.game)  # a game without an engine is refused before any event
    return record


def _replay(record: Record) -> Replay:
    return replay(record, engine_factory(record.game))


def load(source: str) -> tuple[list[str], Replay] | int:
    """The replayed record in ``source``, or the exit status after one line on stderr."""
    return replay_file(source, _parse, _replay)


def main(argv: list[str] | None = None) -> int:
    return replay_main("python -m games.das_spiel", FORMAT, load, replay_report, argv)


if __name__ == "__main__":
    sys.exit(main())
