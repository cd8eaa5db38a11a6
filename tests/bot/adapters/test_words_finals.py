"""Every game's final standings, in every language, read the right way round: each line names
what its number is, and a winner's line says why they won, before the number (a winner with
more dice left than the next, or a lower score, must not look like a mistake)."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest

from bot.adapters import installed
from bot.contract.capabilities import live_rounds
from bot.contract.models import GameRow, Player, Status
from bot.core import text
from games.common.dice import SeededDice
from locales import LANGUAGES, translator

PLACE = re.compile(r"^\d+\. ")
WINNER = re.compile(r" — 🏆 ([^·]*\w[^·]*) · (.+)$")  # "— 🏆 fewest minus points · **7 …**"
BOLD_NUMBER = re.compile(r"\*\*[+−-]?\d+\*\*")
CASES = [(kind, {}) for kind in sorted(installed())] + [("spectrangle", {"teams": "teams"})]


@functools.cache
def finished(kind: str, teams: bool) -> GameRow:
    """A whole game of ``kind`` played by the normal computer for every seat (live games by
    their own computers), as the bot stores it."""
    game = installed()[kind]
    info = game.info
    seats = 4 if teams else max(info.min_seats, 3) if info.max_seats >= 3 else info.min_seats
    options = {info.option.name: "teams" if teams else info.option.default} if info.option else {}
    levels = ["normal", "hard", "easy", "normal"]
    players = [
        Player(0, f"p{seat}", levels[seat]) if game.info.live or seat else Player(1, "ann_b")
        for seat in range(seats)
    ]
    row = GameRow(7, 1, 1, 1, kind, Status.RUNNING, players, options=options)
    row.game = game.new_game(seats, options, SeededDice("new"))
    if (live := live_rounds(game)) is not None:
        live.started(row, 1_000_000.0)
    for n in range(5000):
        if game.finished(row.game):
            row.status = Status.FINISHED
            return row
        dice = SeededDice(f"w:{n}")
        if game.info.live:
            due = game.live_due(row.game)
            assert due is not None
            game.apply(row.game, game.live_step(row.game, due), dice)
        else:
            seat = game.current(row.game)
            assert seat is not None
            game.apply(
                row.game, game.computer_move(row.game, seat, "normal", f"w:{n}").action, dice
            )
    raise AssertionError(f"{kind}: no end")


def standings_lines(kind: str, options: dict[str, Any], lang: str) -> list[str]:
    row = finished(kind, bool(options))
    t = translator(lang)
    game = installed()[kind]
    content = game.final_view(t, row).content or text.standings(t, game, row)
    return [line for line in content.splitlines() if PLACE.match(line)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("kind", "options"), CASES, ids=[f"{k}{'-teams' if o else ''}" for k, o in CASES]
)
def test_a_final_names_its_measure_and_why_the_winner_won(
    kind: str, options: dict[str, Any], lang: str
) -> None:
    lines = standings_lines(kind, options, lang)
    assert lines, kind
    winners = [line for line in lines if "🏆" in line]
    assert winners, lines
    for line in winners:
        assert WINNER.search(line), f"{kind} {lang}: no reason before the number: {line}"
    for line in lines:
        measure = line.split(" — ", 1)[1].split(" · ")[-1]
        unlabelled = re.sub(r"\([^)]*\)", "", BOLD_NUMBER.sub("", measure))
        # a bare bold number, explained only in brackets or not at all, reads like points
        assert re.search(r"\w", unlabelled.replace("🏆", "")), f"{kind} {lang}: {line}"
        assert "−0" not in line.replace("−0.", ""), line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_team_final_has_one_line_per_team_with_its_total(lang: str) -> None:
    t = translator(lang)
    lines = standings_lines("spectrangle", {"teams": "teams"}, lang)
    row = finished("spectrangle", True)
    totals = row.game.state.team_scores
    assert len(lines) == 2 and all(t(" & ") in line for line in lines)
    for line in lines:
        assert any(t("{n} point", "{n} points", n) in line for n in totals), line


DAS_SPIEL = [kind for kind in sorted(installed()) if installed()[kind].info.group == "dasspiel"]


@pytest.mark.parametrize("kind", DAS_SPIEL)
def test_a_final_picture_heads_its_figures_with_what_they_count(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The big figures right of each seat (dice left, minus points …) are not points: the
    column says what they count, in the reader's language."""
    from renderers.das_spiel import panels

    said: list[str] = []
    drawn = panels.final_picture

    def final_picture(*args: Any, **kwargs: Any) -> Any:
        said.append(kwargs.get("measure", ""))
        return drawn(*args, **kwargs)

    monkeypatch.setattr(panels, "final_picture", final_picture)
    row = finished(kind, False)
    for lang in ("en", "de"):
        picture = installed()[kind].final_view(translator(lang), row).picture
        assert picture is not None
        picture.draw(*picture.args, **picture.kwargs)
    english, german = said
    assert english and german and english != german, said
