"""Das Spiel decisions: every ID of RULES.md has one entry, and its constants exist with the
documented defaults."""

from __future__ import annotations

from games.das_spiel import decisions as d

IDS = (
    [f"GEN-{i}" for i in range(1, 8)]
    + [f"ABQ-{i}" for i in range(1, 11)]
    + [f"RAF-{i}" for i in range(1, 7)]
    + [f"BK-{i}" for i in range(1, 9)]
    + [f"CUI-{i}" for i in range(1, 8)]
    + [f"EIN-{i}" for i in range(1, 6)]
    + [f"WM-{i}" for i in range(1, 9)]
)


def test_every_decision_is_listed_once_with_existing_constants() -> None:
    assert list(d.DECISIONS) == IDS
    for decision in d.DECISIONS.values():
        assert decision.summary
        for name in decision.constants:
            assert hasattr(d, name), (decision.id, name)


def test_documented_defaults() -> None:
    assert d.ABQ_MIN_BUILD == 2 and d.ABQ_BONUS_ROW_OFFSET == 3
    assert d.ABQ_ROLL_EQUAL_SUPPLY_WINS is False
    assert d.RAF_ROUND_MS == 60_000
    assert (d.BK_CALL_MS, d.BK_PLACE_MS, d.BK_DEFAULT_ORIENTATION) == (90_000, 30_000, (1, 2, 4))
    assert dict(d.CUI_PENALTY) == {"R": 1, "Y": 2, "P": 3}
    assert (d.CUI_QUIET_TURNS, d.WM_QUIET_TURNS, d.EIN_REVEAL_MS) == (60, 90, 8_000)
    assert [d.limit_for(d.CUI_DICE_LIMIT, n) for n in range(2, 7)] == [10, 10, 10, 7, 7]
    assert [d.limit_for(d.EIN_REDS_GOAL, n) for n in range(2, 7)] == [8, 8, 8, 9, 9]
    assert d.SEAT_SIDES == (0, 1, 2) and d.START_SEAT_DEFAULT == 0
