"""The Das Spiel adapters without Discord: long choice lists cut into pages of at most 25,
the stored state round trip, and the Abquetschen controls when a roll has many builds."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest

from bot.adapters.abquetschen import ADAPTER as ABQ
from bot.adapters.abquetschen import Screen
from bot.adapters.das_spiel import pages as pg
from bot.contract.adapter import MAX_OPTIONS, Click, Select
from games.common.dice import SeededDice
from games.das_spiel import geometry as g
from locales import translator


def test_choices_that_fit_keep_their_order_on_one_page() -> None:
    choices = [(5, 9), (1, 2), (3, 4)]
    assert pg.pages(choices) == [pg.Page("", ((5, 9), (1, 2), (3, 4)))]


def test_many_choices_are_paged_by_first_die_within_limits() -> None:
    # 10 choices start at 0A1 (index 0), 30 at 0B1 (index 1), 12 at 0B2 (index 2)
    choices = [(0, 50 + k) for k in range(10)]
    choices += [(1, 60 + k) for k in range(30)]
    choices += [(2, 100 + k) for k in range(12)]
    found = pg.pages(choices)
    assert all(1 <= len(p.choices) <= MAX_OPTIONS for p in found)
    assert sorted(itertools.chain.from_iterable(p.choices for p in found)) == sorted(choices)
    assert [p.label for p in found] == ["0A1", "0B1 (1/2)", "0B1 (2/2)", "0B2"]
    assert pg.parse(pg.key((0, 45, 164))) == (0, 45, 164)
    with pytest.raises(ValueError):
        pg.parse("0A1.ZZZ")
    with pytest.raises(ValueError):
        pg.parse("1A1.0A1")  # not in label order


def test_a_stored_abquetschen_game_loads_as_it_was() -> None:
    table = ABQ.new_game(3, {}, SeededDice(7))
    seat = table.engine.state.current
    move = ABQ.computer_move(table, seat, "normal", "x")
    ABQ.apply(table, move.action, SeededDice(8))
    setup, state = ABQ.codec.dump(table)
    loaded = ABQ.codec.load(setup, state)
    assert ABQ.codec.same_state(loaded, table)
    replayed = ABQ.codec.replay(setup, table.events)
    assert ABQ.codec.same_state(replayed, table)
    assert ABQ.turn_number(loaded) == ABQ.turn_number(table) >= 2


def test_more_builds_than_a_select_holds_take_two_steps(monkeypatch) -> None:
    table = ABQ.new_game(3, {}, SeededDice(7))
    many = [(i, i + 45) for i in range(40)]
    monkeypatch.setattr(type(ABQ), "choices", lambda self, game: list(many))
    t = translator("en")
    first = ABQ._controls(t, table, many, Screen())
    selects = [r for r in first.rows if isinstance(r, Select)]
    assert [s.action for s in selects] == ["page"]  # first the page, by first die
    assert sum(len(o.description or "") > 0 for o in selects[0].options) == len(selects[0].options)
    chosen = ABQ._read(table, many, Click("page", (), ("1",)))
    assert chosen == Screen(page=1)
    second = ABQ._controls(t, table, many, chosen)
    picks = [r for r in second.rows if isinstance(r, Select) and r.action == "pick"]
    assert len(picks) == 1 and 1 <= len(picks[0].options) <= MAX_OPTIONS
    value = picks[0].options[0].value
    assert ABQ._read(table, many, Click("pick", ("1",), (value,))).build == pg.parse(value)
    with pytest.raises(ValueError):
        ABQ._read(table, many, Click("pick", ("1",), ("0A1.0B1",)))  # not offered
    with pytest.raises(ValueError):
        ABQ._read(table, many, Click("page", (), ("9",)))
    assert g.LABELS[0] in selects[0].options[0].label


def started(kind: str) -> tuple[Any, Any, Any]:
    """A started game of ``kind`` for Ann, Ben and Cid: its adapter, table and row."""
    from bot.adapters import installed
    from bot.contract.models import GameRow, Player, Status

    adapter = installed()[kind]
    table = adapter.new_game(3, {}, SeededDice(3))
    players = [Player(1, "Ann"), Player(2, "Ben"), Player(3, "Cid")]
    row = GameRow(7, 1, 1, 1, kind, Status.RUNNING, players, game=table)
    adapter.started(row, 1_000_000.0)
    return adapter, table, row


@pytest.mark.parametrize(
    "kind",
    ["abquetschen", "cuibono", "raffzahn", "buntekuh", "eintrichtern", "wuerfelmarsch"],
)
def test_a_game_ended_by_resignations_says_so_in_its_final_picture(kind: str) -> None:
    """The final picture's status is how the game ended, not the rules' next step."""
    adapter, table, row = started(kind)
    for seat in (1, 2):
        adapter.apply(table, adapter.resign_action(seat), SeededDice(4))
    assert adapter.finished(table) and list(adapter.winners(table)) == [0]
    picture = adapter.final_view(translator("de"), row).picture
    assert picture is not None
    assert picture.kwargs["ended"] == "Die anderen Spieler haben aufgegeben. Gewinner: Ann."
    png = picture.draw(*picture.args, **picture.kwargs)
    untold = {k: v for k, v in picture.kwargs.items() if k != "ended"}
    assert png != picture.draw(*picture.args, **untold)  # the status lines differ
    assert png.startswith(b"\x89PNG")


def _text_on_cards(png: bytes, seats: int) -> list[bool]:
    """Whether each seat card shows text in the bright ink (the marker left out: its figure
    is bright on every card); a greyed card has none."""
    from PIL import Image

    from renderers.das_spiel import theme as th
    from renderers.das_spiel.panels import card_layout

    img = Image.open(io.BytesIO(png)).convert("RGB")
    found = []
    for x0, y0, x1, y1 in card_layout(seats).boxes(seats):
        card = img.crop((x0 + 72, y0, x1, y1))
        found.append(any(c == th.TEXT for _, c in card.getcolors(1 << 16) or ()))
    return found


def _text_on_rows(png: bytes) -> list[bool]:
    """Whether each seat's row of Raffzahn's round picture shows text in the bright ink (the
    seat's disc left out); a greyed row has none."""
    from PIL import Image

    from renderers.das_spiel import raffzahn_wall as rw
    from renderers.das_spiel import theme as th

    img = Image.open(io.BytesIO(png)).convert("RGB")
    found = []
    for seat in range(3):
        top = 16 + seat * rw.SEAT_ROW_H
        row = img.crop((16 + 60, top, rw.PUBLIC_W - 16 - rw.ROLL_DIE - 12, top + rw.SEAT_ROW_H - 8))
        found.append(any(c == th.TEXT for _, c in row.getcolors(1 << 16) or ()))
    return found


@pytest.mark.parametrize(
    "kind",
    ["abquetschen", "cuibono", "raffzahn", "buntekuh", "eintrichtern", "wuerfelmarsch"],
)
def test_a_seat_that_resigned_is_greyed_on_the_cards_of_every_picture(kind: str) -> None:
    adapter, table, row = started(kind)
    adapter.apply(table, adapter.resign_action(1), SeededDice(4))
    assert not adapter.finished(table)
    if kind == "buntekuh" and (due := adapter.live_due(table)) is not None:
        adapter.apply(table, adapter.live_step(table, due), SeededDice(6))  # the roll: a picture
    picture = adapter.turn_view(translator("nl"), row).picture
    assert picture is not None and picture.kwargs["resigned"] == [False, True, False]
    shown = picture.draw(*picture.args, **picture.kwargs)
    # Raffzahn's round picture lists the seats in rows, not on the pyramid's cards
    on_cards = _text_on_rows(shown) if kind == "raffzahn" else _text_on_cards(shown, 3)
    assert on_cards == [True, False, True]
    adapter.apply(table, adapter.resign_action(2), SeededDice(5))
    final = adapter.final_view(translator("fr"), row).picture
    assert final is not None and final.kwargs["resigned"] == [False, True, True]
    assert _text_on_cards(final.draw(*final.args, **final.kwargs), 3) == [True, False, False]


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
def test_a_winner_cut_to_fit_a_message_ends_it_without_a_second_full_stop(lang: str) -> None:
    from bot.adapters import installed
    from bot.contract.models import GameRow, Player, Status
    from renderers.das_spiel.samples import bunte_kuh_game

    adapter = installed()["buntekuh"]
    table = adapter.new_game(3, {}, SeededDice(3))
    table.engine = bunte_kuh_game(3, rounds=None)
    assert len(table.engine.state.winners) == 1
    long = "Benedikt von Langenstein-Schöneberg der Dritte"  # over the 32 characters shown
    players = [Player(k + 1, f"{long} {k}") for k in range(3)]
    row = GameRow(7, 1, 1, 1, "buntekuh", Status.FINISHED, players, game=table)
    line = adapter.end_line(translator(lang), row)
    assert line.endswith("…") and "…." not in line
