"""The Raffzahn adapter without Discord: the stored state round trip over whole games, the
private panel (only its owner's side, the takeable dice as buttons or selects within Discord's
limits) and the public message (no pips)."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from bot.adapters.raffzahn import ADAPTER as RAF
from bot.adapters.raffzahn.adapter import Throw
from bot.contract.adapter import MAX_BUTTONS, MAX_OPTIONS, MAX_ROWS, Select
from games.common.dice import SeededDice
from games.das_spiel import geometry as g
from games.das_spiel.raffzahn import Phase, Raffzahn, Roll
from games.das_spiel.raffzahn import ai as raf_ai
from games.das_spiel.sides import side_of_seat
from locales import translator
from renderers.das_spiel import render_raffzahn_public, render_raffzahn_wall

CELL = re.compile(r"([0-8][A-I][1-9]) ([1-6])")


def whole_game(seed: int) -> Raffzahn:
    rng = random.Random(seed)
    return raf_ai.simulate([raf_ai.DEFAULT_REACTION] * 3, seed, rng)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_stored_state_of_a_whole_game_loads_as_its_replay(seed: int) -> None:
    played = whole_game(seed)
    assert played.state.finished
    table = RAF.codec.replay({"seats": 3, "start_seat": 0, "seed": seed, "round_ms": 60_000}, [])
    for n, action in enumerate(played.log):
        RAF.apply(table, action, SeededDice(f"{seed}:{n}"))
        setup, state = RAF.codec.dump(table)
        loaded = RAF.codec.load(setup, state)
        assert RAF.codec.same_state(loaded, table)
        assert loaded.engine.state.piles() == table.engine.state.piles()
        assert loaded.engine.view(n % 3) == table.engine.view(n % 3)
    assert RAF.codec.same_state(RAF.codec.replay(table.setup, table.events), table)
    assert RAF.finished(table) and list(RAF.winners(table)) == played.state.winners
    assert list(RAF.scores(table)) == played.state.piles()


def test_a_press_of_roll_draws_the_turquoise_die() -> None:
    for key in range(40):  # a roll of 5 opens a round on seed 1's pile (RULES.md §5.7)
        if SeededDice(key).roll(1)[0] == 5:
            break
    table = RAF.codec.replay({"seats": 3, "start_seat": 0, "seed": 1, "round_ms": 60_000}, [])
    RAF.apply(table, Throw(0, 1500), SeededDice(key))
    assert table.events == [Roll(0, 5, 1500)]
    assert table.engine.state.phase is Phase.ROUND
    assert table.engine.state.deadline == 61_500


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_panel_shows_its_owners_side_and_no_other(seat: int) -> None:
    """The panel's picture is drawn from the seat's own view alone (its side's cells, what it
    may take); its buttons are the dice it may take; its words hold no grid of the wall (a
    code block some 65 characters wide wrapped on a phone)."""
    played = whole_game(4)
    engine = Raffzahn.new(4)
    t = translator("en")
    checked = 0
    for action in played.log[:40]:
        engine.apply(action)
        table = RAF.codec.replay({"seats": 3, "start_seat": 0, "seed": 4, "round_ms": 60_000}, [])
        table.engine = engine.copy()
        row = _row(table)
        view = RAF.panel_view(t, row, seat)
        assert view is not None and view.picture is not None
        assert view.picture.draw is render_raffzahn_wall
        assert view.picture.args == (engine.view(seat),) and not view.picture.kwargs
        assert view.picture.args[0].side == side_of_seat(seat)
        assert "```" not in view.content and not CELL.search(view.content)
        takeable = engine.state.takeable(seat)
        buttons = [
            b.args[0]
            for r in (view.controls.rows if view.controls else ())
            if not isinstance(r, Select)
            for b in r
            if b.action == "take"
        ]
        assert buttons == g.labels(takeable)
        checked += bool(takeable)
    assert checked  # the seat could take something at some point


def test_the_public_message_names_no_pips() -> None:
    played = whole_game(5)
    engine = Raffzahn.new(5)
    for action in played.log[:10]:
        engine.apply(action)
    table = RAF.codec.replay({"seats": 3, "start_seat": 0, "seed": 5, "round_ms": 60_000}, [])
    table.engine = engine
    view = RAF.turn_view(translator("en"), _row(table))
    assert not CELL.search(view.content)
    # the picture is drawn from the public view (no cells, nothing takeable), the names and
    # this round's takes: nothing that holds a pip
    assert view.picture is not None and view.picture.draw is render_raffzahn_public
    public, _names, takes = view.picture.args
    assert public == engine.view(None) and public.cells == () and not public.takeable
    assert all(isinstance(seat, int) and isinstance(pos, int) for seat, pos in takes)


def test_more_takeable_dice_than_buttons_become_selects_within_limits() -> None:
    t = translator("en")
    few = RAF.panel_controls(t, g.mask_of(range(MAX_ROWS * MAX_BUTTONS)), False, "1")
    assert few is not None and not any(isinstance(r, Select) for r in few.rows)
    with_stop = RAF.panel_controls(t, g.mask_of(range((MAX_ROWS - 1) * MAX_BUTTONS)), True, "1")
    assert with_stop is not None and len(with_stop.rows) == MAX_ROWS
    assert [b.action for b in with_stop.rows[-1]] == ["stop"]  # type: ignore[union-attr]
    full = RAF.panel_controls(t, g.mask_of(range(MAX_ROWS * MAX_BUTTONS)), True, "1")
    assert full is not None and isinstance(full.rows[0], Select) and len(full.rows) == 2
    many = g.mask_of(range(45 + 12))
    controls = RAF.panel_controls(t, many, True, "1")
    assert controls is not None
    selects = [r for r in controls.rows if isinstance(r, Select)]
    assert len(selects) == len(controls.rows) - 1 == 3
    assert all(1 <= len(s.options) <= MAX_OPTIONS for s in selects)
    assert [o.value for s in selects for o in s.options] == g.labels(many)
    assert RAF.panel_controls(t, 0, False, "1") is None


def _row(table):  # a stored game as the adapter reads it
    from bot.contract.models import GameRow, Player, Status

    players = [Player(1, "Ann"), Player(2, "Ben"), Player(0, "Cid", "normal")]
    return GameRow(7, 1, 1, 1, "raffzahn", Status.RUNNING, players, game=table)


def test_the_final_standings_and_picture_rank_by_dice_taken() -> None:
    played = whole_game(6)
    table = RAF.codec.replay(
        {"seats": 3, "start_seat": 0, "seed": 6, "round_ms": 60_000}, played.log
    )
    view = RAF.final_view(translator("en"), _row(table))
    piles = played.state.piles()
    shown = [int(n) for n in re.findall(r"\*\*(\d+) dic?e taken\*\*", view.content)]
    assert shown == sorted(piles, reverse=True)
    assert view.content.count("🏆") == len(played.state.winners)
    assert view.picture is not None
    png = view.picture.draw(*view.picture.args, **view.picture.kwargs)
    image = Image.open(io.BytesIO(png))
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and image.width >= 1000 and image.height > 1200


def test_a_late_take_is_refused_naming_the_close_in_the_clickers_language() -> None:
    """A click's refusal is private, in the clicker's language (SimCord's clicks are always
    en-US, so German is checked here): a take after STOP says who called it."""
    from bot.contract.adapter import Click
    from bot.contract.refusals import Refusal
    from games.das_spiel.raffzahn import Stop

    setup = {"seats": 3, "start_seat": 0, "seed": 1, "round_ms": 60_000, "epoch": 0.0}
    table = RAF.codec.replay(setup, [Roll(0, 5, 1000), Stop(0, 2000)])
    row = _row(table)
    with pytest.raises(Refusal) as refused:
        RAF.click(row, 1, Click("take", ("7B1", "1"), at=3.0, private=True), translator("en"))
    assert refused.value.text(translator("en")) == (
        "Too late: the round is closed. 🔵 Ann called STOP."
    )
    assert refused.value.text(translator("de")) == (
        "Zu spät: Die Runde ist geschlossen. 🔵 Ann rief STOPP."
    )
