"""What the Spexxx record command lines share: reading a record file and replaying it.

Reading (with its size and depth limits) and the exit statuses are common to every game
(``games.common.records``).
"""

from __future__ import annotations

from games.common.records import EXIT_BAD_FILE, EXIT_RULE_BREAK, read_record_json
from games.common.records import replay_file as _replay_file
from games.spexxx.game import Game
from games.spexxx.record import parse_record, replay

__all__ = ["EXIT_BAD_FILE", "EXIT_RULE_BREAK", "read_record_json", "replay_file"]


def replay_file(source: str) -> tuple[list[str], Game] | int:
    """The players and replayed game, or the exit status after printing one line to stderr."""
    return _replay_file(source, parse_record, replay)
