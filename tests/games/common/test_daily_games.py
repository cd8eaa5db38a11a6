"""The daily challenge's engines: the day fixes every die and the bag, the player the rest.

Properties over random policies (choices drawn from a seeded ``random.Random``): the same
choices give the same game; a held die keeps its value; a die thrown takes the day's value for
its slot, throw and turn whatever else is held; the injected RNG plays no part.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.common import SeededChance, SeededDice
from games.common.daily import day_key, hashed_die
from games.common.errors import RecordError
from games.spectrangle import Exchange, Pass
from games.spectrangle import Game as SpectrangleGame
from games.spectrangle import Setup as SpectrangleSetup
from games.spectrangle.daily import daily_game as spectrangle_daily
from games.spectrangle.daily import daily_setup
from games.spectrangle.daily import par_game as spectrangle_par
from games.spectrangle.state import EndReason
from games.spectrangle.tiles import TILE_CODES
from games.spexxx import CUBES_PER_PLAYER, Game, Hold, Setup, Throw, Thrown, Variant
from games.spexxx.daily import DailyDice, daily_game, par_game

DAY = "2026-11-27"
days = st.dates().map(lambda d: d.isoformat())


def play_spexxx(game: Game, choices: random.Random, rng: object = None) -> Game:
    """Play the game to its end with choices drawn from ``choices`` (an injected RNG too)."""
    game.rng = rng  # type: ignore[assignment]
    while not game.state.finished:
        game.apply(choices.choice(game.legal_actions()))
    return game


# --------------------------------------------------------------------------- Spexxx


def test_the_daily_is_one_seat_with_the_adult_two_player_cubes() -> None:
    game = Game.daily(DAY)
    assert game.setup.seats == 1 and game.state.seats == 1
    assert game.state.cubes_left == [CUBES_PER_PLAYER[Variant.ADULT][2]] == [23]
    assert game.state.current == 0 and game.state.occupied == 0
    play_spexxx(game, random.Random(1))
    assert len(game.state.history) == 23 and game.state.winners() == [0]


@settings(max_examples=15, deadline=None)
@given(day=days, policy=st.integers(0, 2**32))
def test_same_choices_give_the_same_game(day: str, policy: int) -> None:
    a = play_spexxx(daily_game(day), random.Random(policy), SeededDice(1))
    b = play_spexxx(daily_game(day), random.Random(policy), SeededDice(2))
    assert a.to_dict() == b.to_dict() and a.state == b.state


@settings(max_examples=25, deadline=None)
@given(day=days, policy=st.integers(0, 2**32))
def test_every_die_thrown_has_the_days_value_and_held_dice_keep_theirs(
    day: str, policy: int
) -> None:
    dice = DailyDice(day)
    game = play_spexxx(daily_game(day), random.Random(policy))
    for turn, summary in enumerate(game.state.history):
        assert summary.throws[0] == tuple(dice.value(turn, 0, i) for i in range(5))
    # Walk the log: each throw after a hold keeps the held slots and takes the day's value
    # for every other slot.
    turn, k, held, previous = 0, 0, frozenset[int](), None
    for event in game.events:
        if isinstance(event, Thrown):
            for i in range(5):
                want = previous[i] if previous and i in held else dice.value(turn, k, i)
                assert event.dice[i] == want
            previous, k = event.dice, k + 1
        elif isinstance(event, Hold):
            held = event.dice
        else:  # the turn ended
            turn, k, held, previous = turn + 1, 0, frozenset(), None


@settings(max_examples=40, deadline=None)
@given(
    day=days,
    policy=st.integers(0, 2**32),
    holds=st.lists(st.frozensets(st.integers(0, 4), max_size=4), min_size=2, max_size=2),
)
def test_a_rethrown_slot_does_not_depend_on_the_other_holds(
    day: str, policy: int, holds: list[frozenset[int]]
) -> None:
    """Two players reach the same position, then hold differently: every slot either of them
    throws shows the same value for both."""
    choices = random.Random(policy)
    game = Game.daily(day)
    for _ in range(choices.randrange(0, 12)):  # whole turns, then a throw or more
        turn = game.state.turn
        while game.state.turn == turn:
            game.apply(choices.choice(game.legal_actions()))
    game.apply(Throw(0))
    for _ in range(choices.randrange(0, 3)):
        game.apply(Throw(0))
    after = []
    for hold in holds:
        branch = Game.from_dict(game.to_dict())
        branch.apply(Hold(0, hold))
        branch.apply(Throw(0))
        after.append((hold, branch.state.dice))
    (h1, d1), (h2, d2) = after
    assert d1 is not None and d2 is not None
    for i in range(5):
        if i not in h1 and i not in h2:
            assert d1[i] == d2[i]
        if i in h1:
            assert d1[i] == game.state.dice[i]  # type: ignore[index]


def test_the_days_differ_and_a_day_is_the_same_everywhere() -> None:
    first = [DailyDice(DAY).value(0, 0, i) for i in range(5)]
    assert first == [DailyDice("2026-11-27").value(0, 0, i) for i in range(5)]
    tables = {
        tuple(DailyDice(f"2026-12-{d:02}").value(t, 0, i) for t in range(3) for i in range(5))
        for d in range(1, 11)
    }
    assert len(tables) == 10
    # a fixed value: the same on every machine and Python (SHA-256, not random.Random)
    assert hashed_die("spexxx-daily", "2026-11-27", 0, 0, 0) == DailyDice(DAY).value(0, 0, 0)


def test_the_dice_are_fair() -> None:
    faces = Counter(
        DailyDice(f"2026-{m:02}-{d:02}").value(t, k, i)
        for m in (1, 2, 3)
        for d in range(1, 29)
        for t in range(23)
        for k in range(4)
        for i in range(5)
    )
    total = sum(faces.values())  # 38,640
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    chi2 = sum((n - total / 6) ** 2 / (total / 6) for n in faces.values())
    assert chi2 < 20.5  # 5 degrees of freedom: p ≈ 0.001


def test_a_daily_game_survives_its_dict_and_goes_on_with_the_same_dice() -> None:
    choices = random.Random(5)
    whole = play_spexxx(daily_game(DAY), random.Random(5))
    game = Game.daily(DAY)
    for _ in range(40):
        game.apply(choices.choice(game.legal_actions()))
    saved = game.to_dict()
    assert saved["setup"]["daily"] == DAY and saved["setup"]["seats"] == 1
    resumed = play_spexxx(Game.from_dict(saved), choices)
    assert resumed.to_dict() == whole.to_dict()
    assert resumed.state.to_dict()["solo"] is True


def test_other_games_are_unchanged_and_the_solo_game_is_only_the_daily() -> None:
    two = Game.new(2, SeededDice(3))
    assert "daily" not in two.setup.to_dict() and "solo" not in two.state.to_dict()
    with pytest.raises(ValueError, match="2–4 players"):
        Game(Setup(Variant.ADULT, 1, 0))
    with pytest.raises(RecordError):
        Setup.from_dict({**Game.daily(DAY).setup.to_dict(), "seats": 2})
    with pytest.raises(RecordError):
        Setup.from_dict({**Game.daily(DAY).setup.to_dict(), "daily": "2026-02-30"})


# ---------------------------------------------------------------------- Spectrangle


def play_spectrangle(game: SpectrangleGame, choices: random.Random) -> SpectrangleGame:
    game.rng = SeededChance(choices.random())
    while not game.finished:
        game.apply(choices.choice(game.legal_actions()))
    return game


def test_the_days_bag_is_fixed_by_the_date() -> None:
    setup = daily_setup(DAY)
    assert sorted(setup.bag) == sorted(TILE_CODES)
    assert setup == daily_setup(day_key(DAY)) and setup.daily == DAY and setup.seats == 1
    assert len({daily_setup(f"2026-12-{d:02}").bag for d in range(1, 11)}) == 10
    game = spectrangle_daily(DAY)
    assert game.hands == [setup.bag[:4]] and game.bag_count == 32 and game.current_seat == 0


@settings(max_examples=10, deadline=None)
@given(day=days, policy=st.integers(0, 2**32))
def test_spectrangle_same_choices_give_the_same_game(day: str, policy: int) -> None:
    a = play_spectrangle(spectrangle_daily(day), random.Random(policy))
    b = play_spectrangle(spectrangle_daily(day), random.Random(policy))
    assert a.to_dict() == b.to_dict() and a.state == b.state
    assert a.state.scores[0] == a.state.placed_points[0] - a.state.hand_value(0)


def test_an_exchange_goes_back_where_the_day_says_whatever_rng_is_injected() -> None:
    """A stuck solo player exchanges; the return position is the same for any injected RNG."""
    results = []
    for rng_seed in (1, 2, 3):
        found = None
        for policy in range(200):
            game = spectrangle_daily(DAY)
            choices = random.Random(policy)
            game.rng = SeededChance(rng_seed)
            while not game.finished:
                actions = game.legal_actions()
                exchanges = [a for a in actions if isinstance(a, Exchange)]
                if exchanges:
                    found = game.apply(exchanges[0])
                    break
                game.apply(choices.choice(actions))
            if found is not None:
                break
        results.append((policy, found))
    assert results[0][1] is not None and len(set(results)) == 1


def test_one_pass_ends_the_solo_game() -> None:
    """Passing is a full round of passes when one player plays."""
    for policy in range(300):
        game = spectrangle_daily(DAY)
        choices = random.Random(policy)
        while not game.finished:
            actions = game.legal_actions()
            if Pass(0) in actions:
                game.apply(Pass(0))
                assert game.finished
                assert game.end_reason in (EndReason.ALL_PASSED, EndReason.NO_MOVES)
                return
            game.apply(choices.choice(actions))
    pytest.fail("no policy reached a pass")


def test_spectrangle_solo_is_only_the_daily() -> None:
    bag = daily_setup(DAY).bag
    with pytest.raises(ValueError):
        SpectrangleSetup(1, bag)
    with pytest.raises(RecordError):
        SpectrangleSetup.from_dict({**daily_setup(DAY).to_dict(), "seats": 2})
    saved = spectrangle_daily(DAY).to_dict()
    assert SpectrangleGame.from_dict(saved).setup == daily_setup(DAY)
    assert "daily" not in SpectrangleGame.new(2, 7).setup.to_dict()


# ------------------------------------------------------------------------------ par


def test_the_par_is_the_hard_computers_game_and_the_same_every_time() -> None:
    for day in (DAY, "2027-01-01"):
        par = par_game(day)
        assert par.state.finished and par.to_dict() == par_game(day).to_dict()
        assert par.setup == daily_game(day).setup
        randoms = [play_spexxx(daily_game(day), random.Random(p)).state.scores[0] for p in range(5)]
        assert par.state.scores[0] > max(randoms)
        tiles = spectrangle_par(day)
        assert tiles.finished and tiles.to_dict() == spectrangle_par(day).to_dict()
        assert tiles.setup == daily_setup(day)
        randoms = [
            play_spectrangle(spectrangle_daily(day), random.Random(p)).scores[0] for p in range(5)
        ]
        assert tiles.scores[0] > max(randoms)
