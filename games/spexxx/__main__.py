"""``python -m games.spexxx replay RECORD.json``: check a record and recompute every score.

Exit 0 with the report on stdout; 1 with ``turn N: reason`` for a rule break; 2 for a file that
is not a valid record.
"""

from __future__ import annotations

import sys

from games.common.records import replay_main
from games.spexxx.cli import replay_file
from games.spexxx.record import FORMAT, replay_report


def main(argv: list[str] | None = None) -> int:
    return replay_main("python -m games.spexxx", FORMAT, replay_file, replay_report, argv)


if __name__ == "__main__":
    sys.exit(main())
