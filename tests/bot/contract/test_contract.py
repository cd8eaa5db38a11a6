"""One contract over every registered game (as OpenSpiel's ``api_test`` runs one over all its
games): whatever a game is, the platform may rely on these, and a new game gets them checked
by being registered.

Each game is played to its end through its adapter alone (no Discord), seeded, by people who
click random controls of the messages they are shown (and sometimes let their time run out:
the ``normal`` computer then plays for them, as the turn timer does) and by computers. At every
step:

- the stored form round-trips: ``dump`` → JSON → ``load`` gives the same state and the same
  dump, and play goes on with the loaded game, as the bot's does (it loads at every click);
  every event round-trips through JSON too;
- rebuilding the game from its setup and whole event log (``replay``) gives the same state;
- every message's controls fit Discord (the numbers below, from Discord's component
  reference) and their custom_ids parse again as the bot's own;
- a refused click or action changes nothing.

Games with hidden information: two states that differ only in what a seat may not see give that
seat the same words, controls and picture bytes.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.adapters import installed
from bot.contract.adapter import ARG_PATTERN, Button, Click, Controls, GameAdapter, Select, TurnView
from bot.contract.capabilities import (
    computers,
    live_rounds,
    read_click,
    result_view,
    stats_facts,
    timed_views,
)
from bot.contract.models import GameRow, Player, Status
from bot.contract.refusals import Refusal, refusal_text
from bot.flow.components import TEMPLATE, custom_id
from games.common.dice import SeededDice
from games.common.errors import GameError
from locales import translator
from tests.live_toy import SNAP
from tests.toy_nim import NIM

# Discord's limits (components reference, "legacy" components; message resource), copied from
# /work/shared/notes/discord-and-simcord.md so that this test does not trust the bot's own
MAX_ROWS = 5  # action rows per message
MAX_BUTTONS = 5  # buttons per row (or one select)
MAX_OPTIONS = 25  # options per select
MAX_CUSTOM_ID = 100  # characters of a custom_id
MAX_BUTTON_LABEL = 80
MAX_OPTION_TEXT = 100  # an option's label, value and description, each
MAX_PLACEHOLDER = 150
MAX_CONTENT = 2000  # a message's content

GAME_ID = 4242  # a long custom_id: a game id of four digits and versions of up to four
EPOCH = 1_800_000_000.0  # POSIX seconds the games start at
MAX_STEPS = 4000  # actions and clicks; every game here ends well within it
T = translator("en")


def registered() -> list[GameAdapter[Any]]:
    """Every installed game, and the two toy games the tests install by passing them."""
    return [*installed().values(), NIM, SNAP]


def adapter_of(kind: str) -> GameAdapter[Any]:
    return next(a for a in registered() if a.info.kind == kind)


@dataclass(slots=True)
class Run:
    """A game played through its adapter, as the bot would store and show it."""

    adapter: GameAdapter[Any]
    row: GameRow
    seed: str
    setup: Any = None
    events: list[Any] = field(default_factory=list)  # the whole log, decoded from JSON
    now: float = EPOCH
    clicks: int = 0
    refused: int = 0
    actions: int = 0

    @property
    def game(self) -> Any:
        return self.row.game

    def chance(self) -> SeededDice:
        return SeededDice(f"{self.seed}:{self.row.event_count}")


def start(
    adapter: GameAdapter[Any],
    seed: str,
    seats: int,
    computers: Mapping[int, str],
    options: Mapping[str, str],
) -> Run:
    players = [
        Player(0, f"Computer {s}", computers[s]) if s in computers else Player(100 + s, f"P{s}")
        for s in range(seats)
    ]
    row = GameRow(GAME_ID, 1, 2, 100, adapter.info.kind, Status.RUNNING, players)
    row.options = dict(options)
    row.game = adapter.new_game(seats, options, SeededDice(f"{seed}:start"))
    if (live := live_rounds(adapter)) is not None:
        live.started(row, EPOCH)
    run = Run(adapter, row, seed)
    run.setup = json.loads(json.dumps(adapter.codec.dump(row.game)[0]))
    return run


# ----------------------------------------------------------------------------- the checks


def check_controls(run: Run, controls: Controls | None) -> list[Click]:
    """Every control within Discord's limits; the clicks they offer (one per button, one per
    option of a select)."""
    if controls is None:
        return []
    assert len(controls.rows) <= MAX_ROWS
    ids: list[str] = []
    clicks: list[Click] = []
    version = run.row.event_count
    for row in controls.rows:
        items: tuple[Button | Select, ...] = (row,) if isinstance(row, Select) else row
        assert 1 <= len(items) <= MAX_BUTTONS
        for item in items:
            assert re.fullmatch("[a-z]{1,12}", item.action), item.action
            for arg in item.args:
                assert re.fullmatch(ARG_PATTERN, arg), arg
            cid = custom_id(run.adapter.info.code, item.action, GAME_ID, version, item.args)
            assert len(cid) <= MAX_CUSTOM_ID, cid
            assert re.fullmatch(TEMPLATE, cid), cid
            ids.append(cid)
            if isinstance(item, Select):
                assert 1 <= len(item.options) <= MAX_OPTIONS
                assert len(item.placeholder) <= MAX_PLACEHOLDER
                values = [o.value for o in item.options]
                assert len(set(values)) == len(values), f"two options of value in {item}"
                for o in item.options:
                    assert 1 <= len(o.label) <= MAX_OPTION_TEXT, o.label
                    assert 1 <= len(o.value) <= MAX_OPTION_TEXT, o.value
                    assert len(o.description or "") <= MAX_OPTION_TEXT, o.description
                    clicks.append(Click(item.action, item.args, (o.value,), version, run.now))
            else:
                assert item.label or item.emoji, f"a button with neither label nor emoji: {item}"
                assert len(item.label) <= MAX_BUTTON_LABEL, item.label
                if not item.disabled:
                    clicks.append(Click(item.action, item.args, (), version, run.now))
    assert len(set(ids)) == len(ids), f"two controls of one message share a custom_id: {ids}"
    return clicks


def check_view(run: Run, view: TurnView | None, *, draw: bool = False) -> list[Click]:
    if view is None:
        return []
    assert len(view.content) <= MAX_CONTENT
    if draw and view.picture is not None:
        png = view.picture.draw(*view.picture.args, **view.picture.kwargs)
        assert png.startswith(b"\x89PNG")
    if view.lasts is not None:  # shown for a while, then ``later_view`` from the stored ``then``
        then = json.loads(json.dumps(dict(view.then)))
        timed = timed_views(run.adapter)
        assert timed is not None, "a view that lasts, of a game without timed views"
        check_view(run, timed.later_view(T, run.row, then))
    return check_controls(run, view.controls)


def stored(run: Run) -> None:
    """Save and load as the bot does at every step: the loaded game must be the same, and play
    goes on with it. New events are stored as JSON and read back into the whole log."""
    adapter, row = run.adapter, run.row
    new = adapter.codec.events(row.game)[row.saved_events :]
    for event in new:
        data = json.loads(json.dumps(adapter.codec.event_to_dict(event)))
        again = adapter.codec.event_from_dict(data)
        assert adapter.codec.event_to_dict(again) == data
        run.events.append(again)
    setup, state = json.loads(json.dumps(adapter.codec.dump(row.game)))
    loaded = adapter.codec.load(setup, state)
    assert adapter.codec.same_state(loaded, row.game)
    assert json.loads(json.dumps(adapter.codec.dump(loaded))) == [setup, state]
    assert row.log_start + len(adapter.codec.events(row.game)) == len(run.events)
    row.game = loaded
    row.log_start = len(run.events)
    row.saved_events = 0
    run.setup = setup


def check_replay(run: Run) -> None:
    replayed = run.adapter.codec.replay(run.setup, run.events)
    assert run.adapter.codec.same_state(replayed, run.row.game)


def unchanged(run: Run, before: Any, what: str) -> None:
    assert json.loads(json.dumps(run.adapter.codec.dump(run.row.game))) == before, (
        f"a refused {what} changed the game"
    )


def applied(run: Run, action: Any) -> None:
    adapter = run.adapter
    adapter.apply(run.row.game, action, run.chance())
    run.actions += 1
    if adapter.finished(run.row.game):
        run.row.status = Status.FINISHED


def try_click(run: Run, seat: int, click: Click) -> Any:
    """The click as the bot handles it: checked, read, its action applied; a refusal changes
    nothing. The outcome, or None when refused."""
    adapter, row = run.adapter, run.row
    before = json.loads(json.dumps(adapter.codec.dump(row.game)))
    run.clicks += 1
    try:
        adapter.check_click(row, seat, click)
        outcome = read_click(adapter, row, seat, click, T)
        if outcome.action is not None:
            applied(run, outcome.action)
    except (Refusal, GameError) as exc:
        assert refusal_text(T, exc, adapter.info.refusals)  # words for the clicker
        unchanged(run, before, f"click {click.action}")
        run.refused += 1
        return None
    if outcome.private is not None:
        assert outcome.action is None and 0 < len(outcome.private) <= MAX_CONTENT
    return outcome


# ------------------------------------------------------------------------------ playing


def turn_step(run: Run, rng: random.Random, screens: dict[int, Any]) -> None:
    """One step of a turn-based game: the seat on turn clicks, or its computer moves."""
    adapter, row = run.adapter, run.row
    seat = adapter.current(row.game)
    assert seat is not None, "a running turn-based game with nobody on turn"
    player = row.players[seat]
    view = adapter.turn_view(T, row, screens.get(seat))
    clicks = check_view(run, view, draw=run.actions % 25 == 0)
    if player.is_ai:
        assert view.controls is None, "controls shown while a computer plays"
    playing = computers(adapter)
    if playing is not None and (player.is_ai or not clicks or rng.random() < 0.3):
        move = playing.computer_move(
            row.game, seat, player.ai or "normal", f"{run.seed}:{run.row.event_count}"
        )
        applied(run, move.action)
        screens.pop(seat, None)
        if move.narration is not None:
            assert move.narration(T)
        if adapter.ends_turn(move.action) and row.status is Status.RUNNING:
            check_view(run, result_view(adapter, T, row))
        return
    click = rng.choice(clicks)
    if rng.random() < 0.05:  # a click on an older message
        click = Click(click.action, click.args, click.values, row.event_count - 1, run.now)
    outcome = try_click(run, seat, click)
    if outcome is None:
        return
    if outcome.action is None:
        screens[seat] = outcome.screen
    else:
        screens.pop(seat, None)
        if adapter.ends_turn(outcome.action):
            check_view(run, result_view(adapter, T, row))


def live_step(run: Run, rng: random.Random, panels: dict[int, Any]) -> None:
    """One step of a live game: a person clicks the round message or their panel, at a moment
    before what is due next, or the due step comes (timeouts, computers, rolls)."""
    adapter, row = run.adapter, run.row
    live = live_rounds(adapter)
    assert live is not None
    due = live.live_due(row.game)
    people = [
        s for s, p in enumerate(row.players) if not p.is_ai and not adapter.resigned(row.game)[s]
    ]
    public = check_view(run, adapter.turn_view(T, row), draw=run.actions % 25 == 0)
    offered: list[tuple[int, Click]] = [(s, c) for s in people for c in public]
    for seat in people:
        panel = live.panel_view(T, row, seat, panels.get(seat))
        for click in check_view(run, panel):
            offered.append(
                (
                    seat,
                    Click(
                        click.action,
                        click.args,
                        click.values,
                        click.version,
                        click.at,
                        private=True,
                    ),
                )
            )
    if offered and (due is None or rng.random() < 0.6):
        seat, click = rng.choice(offered)
        later = run.now + rng.uniform(0, 1.5)
        if due is not None:
            later = min(later, due - 0.001)
        run.now = max(run.now, later)
        click = Click(
            click.action, click.args, click.values, row.event_count, run.now, click.private
        )
        outcome = try_click(run, seat, click)
        if outcome is not None and (outcome.panel or click.private):
            panels[seat] = outcome.screen
            check_view(run, live.panel_view(T, row, seat, outcome.screen))
        return
    assert due is not None, "a running live game with nothing due and nothing to click"
    run.now = max(run.now, due)
    action = live.live_step(row.game, run.now)
    assert action is not None, "a step was due but none was given"
    applied(run, action)


def play(
    run: Run, rng: random.Random, resign_at: int | None = None, until: int | None = None
) -> Run:
    """Play to the end (or until ``until`` actions), checking every step; then the end."""
    adapter, row = run.adapter, run.row
    stored(run)
    screens: dict[int, Any] = {}
    assert isinstance(adapter.intro(T, row), str)
    for step in range(MAX_STEPS):
        if row.status is not Status.RUNNING or (until is not None and run.actions >= until):
            break
        if step == resign_at:
            seat = next(s for s, p in enumerate(row.players) if not p.is_ai)
            applied(run, adapter.resign_action(seat))
            assert adapter.resigned(row.game)[seat]
        elif adapter.info.live:
            live_step(run, rng, screens)
        else:
            turn_step(run, rng, screens)
        stored(run)
        if step % 10 == 0:
            check_replay(run)
    if until is not None and row.status is Status.RUNNING:
        return run
    assert adapter.finished(row.game), f"{adapter.info.kind} did not end in {MAX_STEPS} steps"
    check_replay(run)
    final = adapter.final_view(T, row)
    assert final.controls is None
    check_view(run, final, draw=True)
    seats = len(row.players)
    assert len(adapter.scores(row.game)) == seats
    assert set(adapter.winners(row.game)) <= set(range(seats))
    assert adapter.winners(row.game), "a finished game without a winner"
    assert not any(adapter.resigned(row.game)[w] for w in adapter.winners(row.game))
    kept = stats_facts(adapter)
    if kept is not None:
        facts = json.loads(json.dumps(kept.seat_facts(row.game)))
        assert len(facts) == seats
        assert all(line.name and line.value for line in kept.stat_lines(T, facts))
    data, name = adapter.codec.export(row)
    assert data and name
    return run


def tables(adapter: GameAdapter[Any]) -> Iterator[tuple[int, dict[int, str], dict[str, str]]]:
    """Seats, computers and options to play: the fewest seats with people only, the most with
    computers of every level among them, and each value of the game's option."""
    option = adapter.info.option
    values = [c.value for c in option.choices] if option else [None]
    for value in values:
        options = {option.name: value} if option and value is not None else {}
        low, high = adapter.seat_range(options)
        levels = [level for level, _ in adapter.info.levels]
        for seats, seated in (
            (low, {}),
            (high, {s: levels[s % len(levels)] for s in range(1, high)}),
        ):
            if adapter.start_refusal(options, seats) is None:
                yield seats, seated, options


CASES = [
    pytest.param(
        a.info.kind, n, c, o, id=f"{a.info.kind}-{n}-{len(c)}ai-{'-'.join(o.values()) or 'x'}"
    )
    for a in registered()
    for n, c, o in tables(a)
]


@pytest.mark.parametrize(("kind", "seats", "computers", "options"), CASES)
def test_every_game_plays_to_its_end_through_its_adapter(
    kind: str, seats: int, computers: dict[int, str], options: dict[str, str]
) -> None:
    adapter = adapter_of(kind)
    run = play(start(adapter, f"contract-{kind}", seats, computers, options), random.Random(kind))
    assert run.clicks > 0 or len(computers) == seats
    assert run.actions > 0


@pytest.mark.parametrize("kind", [a.info.kind for a in registered()])
def test_a_person_who_resigns_leaves_a_game_that_still_ends(kind: str) -> None:
    adapter = adapter_of(kind)
    low, _ = adapter.seat_range({})
    seats = max(3, low) if adapter.info.max_seats >= 3 else low
    run = start(adapter, f"resign-{kind}", seats, {}, {})
    play(run, random.Random(f"r{kind}"), resign_at=3)
    assert adapter.resigned(run.row.game)[0]
    assert 0 not in adapter.winners(run.row.game)


# ------------------------------------------------------------------- hidden information


def view_key(view: Any) -> Any:
    """An engine's view of one seat as plain data, to compare two of them."""
    slots = getattr(type(view), "__slots__", None)
    if slots and not hasattr(view, "__dataclass_fields__"):
        return tuple((name, getattr(view, name)) for name in slots)
    return view


def shown(adapter: GameAdapter[Any], row: GameRow, seat: int | None) -> tuple[Any, ...]:
    """What ``seat`` is shown: the round/turn message (everyone's) when ``seat`` is None, else
    its private panel; words, controls and the picture's bytes."""
    live = live_rounds(adapter)
    view = (
        adapter.turn_view(T, row) if seat is None or live is None else live.panel_view(T, row, seat)
    )
    if view is None:
        return (None,)
    picture = view.picture
    png = picture.draw(*picture.args, **picture.kwargs) if picture is not None else None
    return view.content, view.controls, png


def copied(run: Run) -> Any:
    return run.adapter.codec.load(*json.loads(json.dumps(run.adapter.codec.dump(run.row.game))))


def pyramid_secrets(run: Run, rng: random.Random) -> Iterator[Any]:
    """Das Spiel: copies of the game with one die's colour or orientation changed (to another
    die's), whether a seat may see the change or not."""
    state = run.row.game.engine.state
    name = "plate" if hasattr(state, "plate") else "pyramid"
    pyramid = getattr(state, name)
    dice = [(i, d) for i, d in enumerate(pyramid.dice) if d is not None]
    for _ in range(300):
        (i, die), (_, other) = rng.choice(dice), rng.choice(dice)
        colour = rng.choice([die.colour, other.colour])
        new = type(die)(colour, other.orientation)
        if new == die:
            continue
        game = copied(run)
        s = game.engine.state
        setattr(s, name, getattr(s, name).replace({i: new}))
        if hasattr(s, "sums"):  # Eintrichtern keeps each funnel's sum
            s.sums = {q: s.plate.funnel_sum(q) for q in s.sums}
        yield game


def bag_secrets(run: Run, rng: random.Random) -> Iterator[Any]:
    """Spectrangle: copies of the game with the bag in another order (hands are public)."""
    for _ in range(5):
        game = copied(run)
        if len(game.state.bag) < 2:
            return
        bag = list(game.state.bag)
        rng.shuffle(game.state.bag)
        if game.state.bag != bag:
            yield game


SECRETS: dict[str, Callable[[Run, random.Random], Iterator[Any]]] = {
    "cuibono": pyramid_secrets,
    "eintrichtern": pyramid_secrets,
    "raffzahn": pyramid_secrets,
    "spectrangle": bag_secrets,
}


def engine_views(adapter: GameAdapter[Any], game: Any, seats: int) -> dict[int | None, Any]:
    """Each seat's view of the game by its engine's own ``view(seat)`` (None: the public)."""
    engine = getattr(game, "engine", None)
    if engine is None or not hasattr(engine, "view"):
        return {}
    return {s: view_key(engine.view(s)) for s in range(seats)}


def check_secrets(run: Run, rng: random.Random) -> int:
    """Pairs of states that differ only in what a seat may not see: that seat is shown the
    same (the public message: when no seat may see the difference). How many pairs."""
    adapter, row = run.adapter, run.row
    seats = len(row.players)
    before = engine_views(adapter, row.game, seats)
    pairs = 0
    mine = {None: shown(adapter, row, None)}
    if adapter.info.live:
        mine.update({s: shown(adapter, row, s) for s in range(seats)})
    for secret in SECRETS[adapter.info.kind](run, rng):
        after = engine_views(adapter, secret, seats)
        blind = [s for s in range(seats) if before.get(s) == after.get(s)]
        if not blind:
            continue
        other = copy.copy(row)
        other.game = secret
        if len(blind) == seats:
            assert shown(adapter, other, None) == mine[None], "the public message shows a secret"
        if adapter.info.live:
            for seat in blind:
                assert shown(adapter, other, seat) == mine[seat], f"seat {seat} is shown a secret"
        pairs += 1
        if pairs >= 3:
            break
    return pairs


@pytest.mark.parametrize("kind", sorted(SECRETS))
def test_what_a_seat_may_not_see_changes_nothing_it_is_shown(kind: str) -> None:
    adapter = adapter_of(kind)
    low, _ = adapter.seat_range({})
    rng = random.Random(f"secret-{kind}")
    run = start(
        adapter, f"secret-{kind}", max(low, 3 if adapter.info.max_seats >= 3 else low), {}, {}
    )
    pairs = [check_secrets(run, rng)]
    for _ in range(3):
        play(run, rng, until=run.actions + 8)
        if run.row.status is not Status.RUNNING:
            break
        pairs.append(check_secrets(run, rng))
    # the bag may empty, the covered funnels open: secrets are always there at the start
    assert pairs[0] and sum(pairs) > len(pairs), f"too few pairs of states found: {pairs}"
