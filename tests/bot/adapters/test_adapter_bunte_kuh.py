"""Bunte Kuh's controls without Discord: within Discord's limits in every state games reach
(the most funnels, every panel step), the funnel selects by the picture's rows, the die's
digits named as the picture draws them, and a panel that never depends on the roll."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.adapters import installed
from bot.adapters.bunte_kuh.adapter import BELOW, LEFT, RIGHT, ROW_GROUPS, Laying, sides
from bot.contract.adapter import Button, Controls, Select
from bot.contract.models import GameRow, Player, Status
from bot.flow.components import custom_id
from games.common.dice import SeededDice
from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh import Nowhere, Phase, Place, Roll, Stop
from games.das_spiel.orientation import ORIENTATIONS
from locales import LANGUAGES, translator
from renderers.das_spiel import view

ADAPTER = installed()["buntekuh"]
LONGEST_ID = 10**19 - 1  # a game id as long as the custom_id template takes


def started(players: int, seed: int) -> tuple[Any, GameRow]:
    names = ["Benedikt von Langenstein-Schöneberg", "Ann", "Ben", "Cid", "Dora", "Eve"]
    table = ADAPTER.new_game(players, {}, SeededDice(seed))
    seats = [Player(k + 1, names[k]) for k in range(players)]
    row = GameRow(7, 1, 1, 1, "buntekuh", Status.RUNNING, seats, game=table)
    ADAPTER.started(row, 1_000_000.0)
    return table, row


def check(controls: Controls | None) -> None:
    """Everything Discord checks of a message's components (``Controls`` checks the rows,
    the buttons per row and the options per select when it is made)."""
    assert controls is not None
    ids = []
    for row in controls.rows:
        items = [row] if isinstance(row, Select) else list(row)
        for item in items:
            ids.append(custom_id(ADAPTER.info.code, item.action, LONGEST_ID, 10**10 - 1, item.args))
            if isinstance(item, Button):
                assert 1 <= len(item.label) <= 80, item.label
            else:
                assert len(item.placeholder) <= 150
                assert all(1 <= len(o.label) <= 100 for o in item.options)
                assert len({o.value for o in item.options}) == len(item.options)
    assert all(len(i) <= 100 for i in ids), max(ids, key=len)
    assert len(set(ids)) == len(ids), ids  # unique within the message


def panels(table: Any, row: GameRow, lang: str, funnels: list[int]) -> int:
    """Every step of the caller's panel (for each funnel after NOWHERE); how many were drawn."""
    t = translator(lang)
    caller = table.engine.state.caller
    drawn = 0
    for pos in funnels or [None]:
        screens = [None] if pos is None else [Laying(pos), *(Laying(pos, b) for b in range(1, 7))]
        for screen in screens:
            panel = ADAPTER.panel_view(t, row, caller, screen)
            assert panel is not None
            check(panel.controls)
            drawn += 1
    return drawn


@pytest.mark.parametrize("players", [2, 6])
def test_every_state_of_whole_games_fits_discords_limits(players: int) -> None:
    """Whole games (most calls right, so the pile grows to its top): every round message, in
    every language, and every step of every right caller's panel; the funnels are split by
    the rows of their labels, each select within 25 however the pile has grown."""
    most = [0, 0]
    for seed in range(3 if players == 2 else 2):
        table, row = started(players, seed)
        rng = random.Random(seed)
        t = 0
        while not ADAPTER.finished(table):
            t = table.engine.state.clock.now + 3_000
            dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
            ADAPTER.apply(table, Roll(table.engine.state.holder, dice, t), SeededDice(0))
            s = table.engine.state
            funnels = g.bits(s.funnels())
            by_rows = []  # the funnels' labels, rows A–E then F–H, each in label order
            for k, (_, letters) in enumerate(ROW_GROUPS):
                part = [g.LABELS[q] for q in funnels if g.LABELS[q][1] in letters]
                most[k] = max(most[k], len(part))
                by_rows.extend(part)
            for lang in LANGUAGES:
                view_ = ADAPTER.turn_view(translator(lang), row)
                check(view_.controls)
                assert view_.controls is not None
                stops = [r for r in view_.controls.rows if isinstance(r, Select)]
                assert [o.value for r in stops for o in r.options] == by_rows
            seat = rng.randrange(players)
            matching = s.matching(sum(dice))
            if matching and rng.random() < 0.9:
                ADAPTER.apply(table, Stop(seat, rng.choice(matching), t + 500), SeededDice(0))
                pos = table.engine.state.called
                assert pos is not None
                panels(table, row, rng.choice(LANGUAGES), [pos])
            else:
                ADAPTER.apply(table, Nowhere(seat, t + 500), SeededDice(0))
                if table.engine.state.phase is not Phase.PLACE:
                    continue  # a wrong NOWHERE
                pos = rng.choice(funnels)
                panels(table, row, rng.choice(LANGUAGES), [funnels[0], funnels[-1], pos])
            o = rng.choice(ORIENTATIONS)
            ADAPTER.apply(table, Place(seat, pos, o, t + 1_000), SeededDice(0))
    assert most[0] <= 15 and most[1] <= 21
    assert most == [15, 21]  # the first roll: the whole of layer 1 is funnels


def test_the_row_groups_cover_every_funnel_position_once() -> None:
    """Every position above the plate is in exactly one group; layer 1 has 15 and 21 positions
    in them, the most funnels a group can hold (each funnel has its own layer-1 twin)."""
    above = [i for i in range(g.COUNT) if g.LAYER[i] >= 1]
    groups = [[i for i in above if g.LABELS[i][1] in letters] for _, letters in ROW_GROUPS]
    assert sorted(groups[0] + groups[1]) == above
    layer1 = [[i for i in group if g.LAYER[i] == 1] for group in groups]
    assert [len(part) for part in layer1] == [15, 21]


def test_the_panels_digits_are_where_the_picture_draws_them() -> None:
    """The picture (drawn from side X) shows U_X as the lower face, U_Y left and U_Z right; the
    six digits below and their four left/right pairs are the 24 orientations, once each."""
    assert [view.role(axis, g.X) for axis in (BELOW, LEFT, RIGHT)] == [0, 1, 2]
    every = [o for below in range(1, 7) for o in sides(below)]
    assert sorted(every) == sorted(ORIENTATIONS) and len(every) == 24
    assert all(o[BELOW] == below for below in range(1, 7) for o in sides(below))


def test_a_right_nowhere_panel_is_the_same_whatever_was_rolled() -> None:
    """Nothing in the caller's panel depends on the roll: no sum can show before its time.
    Two rolls no funnel adds up to, the same caller: the same panel at every step."""
    shown = []
    for pick in (0, -1):
        table, row = started(2, 4)
        s = table.engine.state
        sums = {s.pyramid.funnel_sum(q) for q in g.bits(s.funnels())}
        missing = [n for n in range(3, 19) if n not in sums]
        assert len(missing) >= 2
        total = missing[pick]
        dice = next(
            (a, b, total - a - b)
            for a in range(1, 7)
            for b in range(1, 7)
            if 1 <= total - a - b <= 6
        )
        ADAPTER.apply(table, Roll(s.holder, dice, 3_000), SeededDice(0))
        ADAPTER.apply(table, Nowhere(1, 4_000), SeededDice(0))
        steps = [None, Laying(g.index_of_label("1H8")), Laying(g.index_of_label("1H8"), 3)]
        shown.append([ADAPTER.panel_view(translator("en"), row, 1, step) for step in steps])
    assert shown[0] == shown[1]
