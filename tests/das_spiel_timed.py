"""Helpers the race games' tests share: a refusal check (by the full snapshot of
``tests.das_spiel_properties``) and a sample record applied up to an event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.common.errors import IllegalAction
from games.das_spiel.record import Record, parse_record
from tests.das_spiel_properties import snapshot


def refused(game: Any, action: Any, kind: type[IllegalAction], match: str | None = None) -> None:
    """``game.apply(action)`` raises ``kind`` and changes neither the state nor the log."""
    before = snapshot(game.state)
    log = len(game.log)
    with pytest.raises(kind, match=match):
        game.apply(action)
    assert snapshot(game.state) == before and len(game.log) == log


def applied(record: dict[str, Any], factory: Callable[[Record], Any], events: int) -> Any:
    """The engine of ``record`` after its first ``events`` events."""
    parsed = parse_record(record)
    game = factory(parsed)
    for e in parsed.events[:events]:
        game.apply_record_event(e)
    return game
