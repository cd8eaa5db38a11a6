"""The daily challenge's words: streaks over month and year ends, the board's places, and a
share line that depends only on what may be shared (score, par, streak, points per turn)."""

from __future__ import annotations

import random
import re

from bot.adapters.spectrangle.daily import DAILY as SPECTRANGLE
from bot.adapters.spexxx.daily import DAILY as SPEXXX
from bot.core.daily_words import BoardEntry, board_text, grid, share_text, streak
from locales import translator

t = translator("en")


def test_streaks_count_consecutive_days_up_to_today_or_yesterday() -> None:
    days = ["2026-12-30", "2026-12-31", "2027-01-01", "2026-12-28"]
    assert streak(days, "2027-01-01") == 3
    assert streak(days, "2027-01-02") == 3  # today not played yet: the streak stands
    assert streak(days, "2027-01-03") == 0
    assert streak(["2028-02-28", "2028-02-29", "2028-03-01"], "2028-03-01") == 3
    assert streak([], "2027-01-01") == 0


def test_the_board_shares_places_on_equal_scores() -> None:
    entries = [BoardEntry(1, "a", 90, 2), BoardEntry(2, "b", 90, 1), BoardEntry(3, "c", 80, 1)]
    text = board_text(t, "Spexxx", "2026-11-27", entries, 348)
    assert "1. a · **90**" in text and "1. b · **90**" in text and "3. c · **80**" in text
    assert "Par 348" in text
    assert "Nobody has finished" in board_text(t, "Spexxx", "2026-11-27", [], 348)


def play(rules, day: str, policy: int):  # type: ignore[no-untyped-def]
    game = rules.game(day)
    choices = random.Random(policy)
    while not (game.state.finished if hasattr(game.state, "cubes_left") else game.finished):
        game.apply(choices.choice(game.legal_actions()))
    return game


def test_a_share_line_names_no_die_square_tile_or_field() -> None:
    """``share_text`` is given only the score, the par, the streak and one square per turn;
    over real games of two days, what it writes holds no die face, square name or tile code,
    and its grid is one square per turn."""
    for rules in (SPEXXX, SPECTRANGLE):
        for day in ("2026-11-27", "2026-11-28"):
            for policy in range(3):
                game = play(rules, day, policy)
                marks = list(rules.marks(game))
                line = share_text(t, "Game", "D", "alice", rules.score(game), 1, 2, marks, 8)
                assert not re.search(r"[⚀-⚅]|\b[A-X](1[0-2]|[1-9])\b|\b[RGBYPW]{3}\b", line)
                assert line.endswith(grid(marks, 8))
                assert sum(len(row) for row in grid(marks, 8).split("\n")) == len(marks)


def test_marks_say_how_each_turn_scored() -> None:
    game = play(SPEXXX, "2026-11-27", 0)
    marks = SPEXXX.marks(game)
    assert len(marks) == 23
    for turn, mark in zip(game.state.history, marks, strict=True):
        if turn.square is None:
            assert mark == "⬛"
        elif turn.points == 0:
            assert mark == "⬜"
        else:
            assert mark in "🟩🟨🟧🟥"
    tiles = play(SPECTRANGLE, "2026-11-27", 0)
    assert len(SPECTRANGLE.marks(tiles)) == len(tiles.history)
