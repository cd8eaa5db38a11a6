"""Every decision RULES.md takes where the booklet is silent, garbled or lost, in one place.

Each decision has an ID (``ABQ-1``, ``CUI-1``, …) and, where the engine can behave otherwise, a
constant here holding the documented default. Game modules import the constant and never inline
the value, so correcting a decision is a one-line change in this file. ``DECISIONS`` lists every
ID with its summary and the names of its constants (empty for a decision that is a definition
rather than a switch, e.g. GEN-1's coordinates);
``tests/games/das_spiel/test_das_spiel_decisions.py`` checks the table and the constants agree.

Record options (``round_ms``, ``call_ms``, ``place_ms``, ``cui_penalty``, ``quiet_turns``) take
their defaults from here too (``games.das_spiel.record.SCHEMAS``); a record may override them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

# ------------------------------------------------------------------------------ general
START_SEAT_DEFAULT: Final = 0  # GEN-4: "the players decide who starts" → record start_seat
SEAT_SIDES: Final = (0, 1, 2)  # GEN-2, RAF-5: seats 0/1/2 sit at sides X/Y/Z
SEED_LIMIT: Final = 2**53  # GEN-3: 0 ≤ seed < 2^53

# ------------------------------------------------------------------------- Abquetschen
ABQ_PLAYERS: Final = 3  # ABQ-8
ABQ_SUPPLY: Final = 55
ABQ_START_ROLL: Final = 4  # §4.1: the first to roll a 4 is start player
ABQ_MIN_BUILD: Final = 2  # ABQ-1: a single die is never a legal build (a 1 always passes)
ABQ_BUILD_CONNECTED: Final = True  # ABQ-2: the new dice form one face-connected group
ABQ_BONUS_ROW_OFFSET: Final = 3  # ABQ-3: bonus k = longest row − 3 (rows 4, 5, 6 → 1, 2, 3)
ABQ_BONUS_ANCHOR_THIS_TURN: Final = True  # ABQ-3: a die built this turn may anchor the bonus
ABQ_ROLL_EQUAL_SUPPLY_WINS: Final = False  # ABQ-6: only a roll of MORE than the supply wins
ABQ_TIES_SHARE: Final = True  # ABQ-7
ABQ_STALL_PASSES: Final = 3  # ABQ-9: three passes in a row (and nobody can build) → stalled
ABQ_AUTO_PASS: Final = True  # ABQ-10

# ---------------------------------------------------------------------------- Raffzahn
RAF_PLAYERS: Final = 3  # RAF-5
RAF_ROUND_MS: Final = 60_000  # RAF-1 (record option round_ms)
RAF_BOTTOM_TAKEABLE: Final = True  # RAF-2
RAF_LATE_PENALTY: Final = False  # RAF-3: a click after STOP is refused and costs nothing
RAF_APEX_REMOVED: Final = True  # RAF-6: removed before play, belongs to nobody

# --------------------------------------------------------------------------- Bunte Kuh
BK_MIN_PLAYERS: Final = 2
BK_MAX_PLAYERS: Final = 6
BK_FIRST_CALL_ENDS_ROUND: Final = True  # BK-1
BK_HOLDER_MAY_CALL: Final = True  # BK-3
BK_SHARED_WIN: Final = True  # BK-4
BK_CALL_MS: Final = 90_000  # BK-7 (record option call_ms)
BK_PLACE_MS: Final = 30_000  # BK-7 (record option place_ms)
BK_DEFAULT_ORIENTATION: Final = (1, 2, 4)  # BK-7: the engine lays "124" for a silent caller
BK_SHARED_DICE: Final = 60  # BK-8: 30 red + 30 yellow shared out evenly

# ---------------------------------------------------------------------------- Cui bono?
CUI_MIN_PLAYERS: Final = 2
CUI_MAX_PLAYERS: Final = 6
CUI_PENALTY: Final = MappingProxyType({"R": 1, "Y": 2, "P": 3})  # CUI-1 (option cui_penalty)
CUI_PENALTY_PROVISIONAL: Final = True  # CUI-1: label games under the default provisional
CUI_PULL_MIN_EXPOSED: Final = 2  # CUI-2: exposed upper faces a pullable bottom die needs
CUI_DICE_LIMIT: Final = ((4, 10), (6, 7))  # CUI-4: up to 4 players the 10th die, else the 7th
CUI_QUIET_TURNS: Final = 60  # CUI-7 (record option quiet_turns)

# ------------------------------------------------------------------------- Eintrichtern
EIN_MIN_PLAYERS: Final = 2  # EIN-1
EIN_MAX_PLAYERS: Final = 6  # EIN-1 (the header's "2 - 8" is not followed)
EIN_REDS_GOAL: Final = ((4, 8), (6, 9))  # §8.3: up to 4 players 8 reds, else 9
EIN_MOST_REDS_WIN_WHEN_GONE: Final = True  # EIN-2
EIN_ADOPT_CHAINS: Final = True  # EIN-3
EIN_REVEAL_MS: Final = 8_000  # EIN-4: a lifted sum is shown for 8 s
EIN_OUTER_FACES_PUBLIC: Final = True  # EIN-5

# ------------------------------------------------------------------------- Würfelmarsch
WM_PLAYERS: Final = 3
WM_OWN_FUNNEL_INERT: Final = True  # WM-3
WM_HIGHEST_OWNER_CAPTURES: Final = True  # WM-5: even when not the mover
WM_DEDUCT_OWN_REMOVED: Final = True  # WM-6: score = captured − own dice removed
WM_ROTATION_MUST_CHANGE: Final = True  # WM-7
WM_QUIET_TURNS: Final = 90  # WM-8 (record option quiet_turns)


@dataclass(frozen=True, slots=True)
class Decision:
    id: str
    summary: str
    constants: tuple[str, ...] = ()  # names of the constants above that carry it


_ALL = (
    Decision("GEN-1", "stacking model of §2.2 and coordinates of §2.3 (geometry)"),
    Decision("GEN-2", "Western dice; X → Y → Z clockwise; seats 0/1/2 at X/Y/Z", ("SEAT_SIDES",)),
    Decision("GEN-3", "seeded set-ups: 55/55/55 shuffle, uniform orientations", ("SEED_LIMIT",)),
    Decision("GEN-4", "the record's start_seat decides who starts", ("START_SEAT_DEFAULT",)),
    Decision("GEN-5", "rolls are recorded as values"),
    Decision("GEN-6", "refused requests change nothing and are not recorded"),
    Decision("GEN-7", "timed games take caller-supplied t and explicit timeout events"),
    Decision("ABQ-1", "a single die is never a legal build", ("ABQ_MIN_BUILD",)),
    Decision("ABQ-2", "the new dice form one face-connected group", ("ABQ_BUILD_CONNECTED",)),
    Decision(
        "ABQ-3",
        "bonus = longest row − 3, capped by supply; all or none; any own die anchors",
        ("ABQ_BONUS_ROW_OFFSET", "ABQ_BONUS_ANCHOR_THIS_TURN"),
    ),
    Decision("ABQ-4", "exception 2 and burying both mean: no open die"),
    Decision("ABQ-5", "start search from start_seat; any of the 15 non-edge start pyramids"),
    Decision("ABQ-6", "only a roll of more than the supply wins", ("ABQ_ROLL_EQUAL_SUPPLY_WINS",)),
    Decision("ABQ-7", "ties for the fewest dice in supply share the win", ("ABQ_TIES_SHARE",)),
    Decision("ABQ-8", "exactly 3 players", ("ABQ_PLAYERS",)),
    Decision("ABQ-9", "a stalled game ends, scored as buried", ("ABQ_STALL_PASSES",)),
    Decision("ABQ-10", "a roll with no legal build passes automatically", ("ABQ_AUTO_PASS",)),
    Decision("RAF-1", "a round is a 60 s window (option round_ms)", ("RAF_ROUND_MS",)),
    Decision("RAF-2", "free bottom-layer dice may be taken", ("RAF_BOTTOM_TAKEABLE",)),
    Decision("RAF-3", "a click after STOP is refused without penalty", ("RAF_LATE_PENALTY",)),
    Decision("RAF-4", "each player sees only his own side's pips"),
    Decision("RAF-5", "exactly 3 players at sides X, Y, Z", ("RAF_PLAYERS", "SEAT_SIDES")),
    Decision("RAF-6", "the removed apex belongs to nobody", ("RAF_APEX_REMOVED",)),
    Decision("BK-1", "the first call ends the round", ("BK_FIRST_CALL_ENDS_ROUND",)),
    Decision("BK-2", "the placer chooses any of the 24 orientations"),
    Decision("BK-3", "every player may call, the holder too", ("BK_HOLDER_MAY_CALL",)),
    Decision("BK-4", "players emptied at the same moment all win", ("BK_SHARED_WIN",)),
    Decision("BK-5", "the untitled third game is Bunte Kuh"),
    Decision("BK-6", "STOP is one action that names the funnel"),
    Decision(
        "BK-7",
        "90 s to call, 30 s to lay; void round; default placement 124",
        ("BK_CALL_MS", "BK_PLACE_MS", "BK_DEFAULT_ORIENTATION"),
    ),
    Decision("BK-8", "supplies are 60 / players, dice recorded by layer", ("BK_SHARED_DICE",)),
    Decision(
        "CUI-1",
        "minus points red 1, yellow 2, pearl 3 (provisional; option cui_penalty)",
        ("CUI_PENALTY", "CUI_PENALTY_PROVISIONAL"),
    ),
    Decision("CUI-2", "two free faces = two exposed upper faces", ("CUI_PULL_MIN_EXPOSED",)),
    Decision("CUI-3", "KANT in rule B is a lateral edge of the pyramid"),
    Decision("CUI-4", "the 10th (7th) die counts", ("CUI_DICE_LIMIT",)),
    Decision("CUI-5", "nothing to pull ends the game; ties after fewest dice share"),
    Decision("CUI-6", "the slide of §7.2; no collapse (Pyramid.pull)"),
    Decision("CUI-7", "60 turns without a kept die end the game", ("CUI_QUIET_TURNS",)),
    Decision("EIN-1", "2–6 players", ("EIN_MIN_PLAYERS", "EIN_MAX_PLAYERS")),
    Decision("EIN-2", "reds gone first: most reds win", ("EIN_MOST_REDS_WIN_WHEN_GONE",)),
    Decision("EIN-3", "adopted targets chain; after a match one must roll", ("EIN_ADOPT_CHAINS",)),
    Decision("EIN-4", "a lifted sum is shown to everyone for 8 s", ("EIN_REVEAL_MS",)),
    Decision("EIN-5", "the outer faces of the yellow dice are public", ("EIN_OUTER_FACES_PUBLIC",)),
    Decision("WM-1", "every tip uses the quarter-roll rule (orientation.tip)"),
    Decision("WM-2", "the booklet's 90° rule, not the physical 180° roll"),
    Decision("WM-3", "a one-owner funnel is inert; a tie removes all", ("WM_OWN_FUNNEL_INERT",)),
    Decision("WM-4", "all new funnels judged at once; removal beats capture"),
    Decision("WM-5", "the highest wall's owner captures", ("WM_HIGHEST_OWNER_CAPTURES",)),
    Decision("WM-6", "score = captured − own dice removed", ("WM_DEDUCT_OWN_REMOVED",)),
    Decision("WM-7", "a rotation changes the die, never captures", ("WM_ROTATION_MUST_CHANGE",)),
    Decision("WM-8", "players without dice skipped; 90 quiet turns end", ("WM_QUIET_TURNS",)),
)

DECISIONS: Final[Mapping[str, Decision]] = MappingProxyType({d.id: d for d in _ALL})


def limit_for(table: tuple[tuple[int, int], ...], players: int) -> int:
    """Look up a per-player-count limit such as ``CUI_DICE_LIMIT``: the value of the first row
    whose player bound is ≥ ``players``."""
    for bound, value in table:
        if players <= bound:
            return value
    raise ValueError(f"no limit for {players} players")
