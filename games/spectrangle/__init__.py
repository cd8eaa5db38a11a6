"""Spectrangle rules engine: tile and board tables, legality, scoring, state machine, records.

RULES.md and RECORD-FORMAT.md (the project's rule book) are the source of truth; the tables
here are their tile, board and bonus tables.
"""

from games.spectrangle.actions import (
    Action,
    Event,
    Exchange,
    Exchanged,
    Pass,
    Place,
    Resign,
    event_from_dict,
    event_to_dict,
)
from games.spectrangle.board import (
    BONUS_FIELDS,
    FIELD_COUNT,
    FIELDS,
    FIRST_MOVE_FIELDS,
    ROWS,
    Field,
    Side,
    field_at,
)
from games.spectrangle.game import Game, Setup
from games.spectrangle.state import (
    HAND_SIZE,
    MAX_SEATS,
    MIN_SEATS,
    EndReason,
    PlacedTile,
    SpectrangleState,
    TurnKind,
    TurnSummary,
)
from games.spectrangle.tiles import (
    JOKER,
    ROTATIONS,
    TILE_BY_CODE,
    TILE_CODES,
    TILES,
    Colour,
    Tile,
    get_tile,
)

__all__ = [
    "BONUS_FIELDS",
    "FIELDS",
    "FIELD_COUNT",
    "FIRST_MOVE_FIELDS",
    "HAND_SIZE",
    "JOKER",
    "MAX_SEATS",
    "MIN_SEATS",
    "ROTATIONS",
    "ROWS",
    "TILES",
    "TILE_BY_CODE",
    "TILE_CODES",
    "Action",
    "Colour",
    "EndReason",
    "Event",
    "Exchange",
    "Exchanged",
    "Field",
    "Game",
    "Pass",
    "Place",
    "PlacedTile",
    "Resign",
    "Setup",
    "Side",
    "SpectrangleState",
    "Tile",
    "TurnKind",
    "TurnSummary",
    "event_from_dict",
    "event_to_dict",
    "field_at",
    "get_tile",
]
