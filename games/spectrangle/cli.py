"""Reading and replaying a Spectrangle record file, for the command lines (``games`` and
``renderers``): the players and game, or the exit status after one line on stderr."""

from __future__ import annotations

from games.common.records import replay_file as _replay_file
from games.spectrangle.game import Game
from games.spectrangle.record import parse_record, replay


def replay_file(source: str) -> tuple[list[str], Game] | int:
    return _replay_file(source, parse_record, replay)
