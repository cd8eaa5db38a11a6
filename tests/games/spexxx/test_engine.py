"""Turn rules of RULES.md: players and cubes, start player, throws and holds, what a throw
allows, discards, refusals that leave the state untouched, turn order, game end and winners."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

from games.common import IllegalAction, RecordError, SeededDice, next_seat, roll_off
from games.spexxx import (
    CUBES_PER_PLAYER,
    MAX_THROWS,
    SQUARES,
    Discard,
    Game,
    Hold,
    Place,
    Resign,
    Setup,
    SpexxxState,
    Throw,
    Thrown,
    Variant,
    Zone,
    errors,
    get_square,
)

GOLD = (6, 6, 6, 6, 6)

# RULES.md, "Players and cubes".
CUBES = {
    ("adult", 2): 23,
    ("adult", 3): 18,
    ("adult", 4): 16,
    ("children", 2): 12,
    ("children", 3): 12,
    ("children", 4): 10,
}


class ScriptedDice:
    """A DiceRng that returns prepared rolls and checks how many dice were asked for."""

    def __init__(self, *rolls: Sequence[int]) -> None:
        self.rolls = [tuple(r) for r in rolls]
        self.asked: list[int] = []

    def roll(self, count: int) -> tuple[int, ...]:
        self.asked.append(count)
        values = self.rolls.pop(0)
        assert len(values) == count, f"asked for {count} dice, script has {values}"
        return values


def new_game(seats: int = 2, start: int = 0, variant: Variant = Variant.ADULT) -> Game:
    return Game(Setup(variant, seats, start))


def snapshot(game: Game) -> str:
    return json.dumps([game.state.to_dict(), game.to_dict()], sort_keys=True)


def place_gold(game: Game, name: str) -> None:
    """The seat on turn throws five of a kind (allows any empty square) and places on ``name``."""
    seat = game.state.current
    assert seat is not None
    game.record(Thrown(seat, GOLD))
    game.record(Place(seat, name))


def play_out(game: Game) -> None:
    """Finish the game: each turn takes the first allowed square or discards."""
    rng = random.Random(0)
    while (seat := game.state.current) is not None:
        game.record(Thrown(seat, tuple(rng.randint(1, 6) for _ in range(5))))
        allowed = game.state.allowed_squares()
        game.record(Place(seat, allowed[0].name) if allowed else Discard(seat))


# --------------------------------------------------------------------- players and cubes


@pytest.mark.parametrize(("variant", "seats"), list(CUBES))
def test_cubes_per_player(variant: str, seats: int) -> None:
    expected = CUBES[(variant, seats)]
    assert CUBES_PER_PLAYER[Variant(variant)][seats] == expected
    game = new_game(seats, 0, Variant(variant))
    assert game.state.cubes_left == [expected] * seats
    assert game.state.cubes_per_player() == expected


@pytest.mark.parametrize(("variant", "seats"), list(CUBES))
def test_game_ends_after_every_cube(variant: str, seats: int) -> None:
    game = new_game(seats, seats - 1, Variant(variant))
    play_out(game)
    state = game.state
    assert state.finished
    assert len(state.history) == CUBES[(variant, seats)] * seats
    assert state.cubes_left == [0] * seats
    placed = [sum(1 for o in state.owners if o == s) for s in range(seats)]
    assert [p + d for p, d in zip(placed, state.discards, strict=True)] == [
        CUBES[(variant, seats)]
    ] * seats
    assert game.legal_actions() == []


@pytest.mark.parametrize("seats", [0, 1, 5])
def test_two_to_four_players(seats: int) -> None:
    with pytest.raises(ValueError, match="2–4 players"):
        new_game(seats)


# ------------------------------------------------------------------------- start player


def test_roll_off_highest_starts() -> None:
    dice = ScriptedDice([2, 5, 3])
    assert roll_off(3, dice) == (1, ((2, 5, 3),))


def test_roll_off_ties_reroll_among_tied_only() -> None:
    # Seats 1 and 3 tie on 6; only they roll again (two dice), then 1 and 3 tie once more.
    dice = ScriptedDice([4, 6, 2, 6], [5, 5], [1, 3])
    start, rounds = roll_off(4, dice)
    assert start == 3
    assert dice.asked == [4, 2, 2]
    assert rounds == ((4, 6, 2, 6), (None, 5, None, 5), (None, 1, None, 3))


def test_roll_off_low_tie_does_not_reroll() -> None:
    """Only a tie for the highest roll matters."""
    dice = ScriptedDice([2, 2, 6])
    assert roll_off(3, dice) == (2, ((2, 2, 6),))


def test_game_new_uses_the_roll_off_then_the_same_dice() -> None:
    dice = ScriptedDice([3, 3], [1, 4], [2, 2, 2, 2, 5])
    game = Game.new(2, dice)
    assert game.setup.start_seat == 1
    assert game.setup.roll_off == ((3, 3), (1, 4))
    assert game.state.current == 1
    assert game.apply(Throw(1)) == Thrown(1, (2, 2, 2, 2, 5))


# ------------------------------------------------------------------------- turn order


def test_next_seat_wraps_and_skips() -> None:
    assert next_seat(0, [True, True, True]) == 1
    assert next_seat(2, [True, True, True]) == 0
    assert next_seat(0, [True, False, True]) == 2
    assert next_seat(1, [False, True, False]) == 1
    assert next_seat(1, [False, False, False]) is None


def test_play_goes_in_seat_order_from_the_start_player() -> None:
    game = new_game(4, 2)
    order = []
    for name in ["B1", "C1", "D1", "E1", "F1", "C2"]:
        order.append(game.state.current)
        place_gold(game, name)
    assert order == [2, 3, 0, 1, 2, 3]
    assert [t.seat for t in game.state.history] == order


# ------------------------------------------------------------------------- throws and holds


def test_up_to_four_throws_with_holds() -> None:
    dice = ScriptedDice([1, 2, 3, 4, 6], [5], [1, 1], [2, 3, 4, 5, 6])
    game = Game(Setup(Variant.ADULT, 2, 0), dice)
    assert game.legal_actions() == [Throw(0)]
    assert game.apply(Throw(0)) == Thrown(0, (1, 2, 3, 4, 6))
    game.apply(Hold(0, frozenset({0, 1, 2, 3})))
    assert game.apply(Throw(0)) == Thrown(0, (1, 2, 3, 4, 5))  # only die 4 thrown again
    game.apply(Hold(0, frozenset({1, 2, 3})))  # die 0 was held before and is thrown again
    assert game.apply(Throw(0)) == Thrown(0, (1, 2, 3, 4, 1))
    game.apply(Hold(0, frozenset()))
    assert game.apply(Throw(0)) == Thrown(0, (2, 3, 4, 5, 6))
    assert dice.asked == [5, 1, 2, 5]
    assert game.state.throws_left == 0
    # After the fourth throw only placing is left; the last throw is the one that counts.
    actions = game.legal_actions()
    assert actions and all(isinstance(a, Place) for a in actions)
    assert Place(0, "M7") in actions  # five in a row: silver
    assert Place(0, "B1") not in actions  # 1×2 + 1×1 needs a 1, the first throw had it
    with pytest.raises(errors.NoThrowsLeft, match="4 throws"):
        game.apply(Throw(0))


def test_stopping_after_one_throw_is_allowed() -> None:
    game = new_game()
    game.record(Thrown(0, (2, 2, 1, 5, 6)))
    game.record(Place(0, "H1"))  # 2×2 + 1×1
    assert game.state.current == 1
    assert game.state.history[0].throws == ((2, 2, 1, 5, 6),)


def test_hold_is_idempotent_and_dropped_at_turn_end() -> None:
    game = new_game()
    game.record(Thrown(0, (3, 3, 3, 1, 2)))
    game.record(Hold(0, frozenset({0, 1})))
    game.record(Hold(0, frozenset({0, 1})))
    assert game.state.held == {0, 1}
    game.record(Place(0, "O1"))  # 3×3 + 1×1
    assert game.state.held == frozenset()
    assert game.state.throws == []


def test_legal_actions_mid_turn() -> None:
    game = new_game()
    game.record(Thrown(0, (1, 1, 2, 2, 4)))
    actions = game.legal_actions()
    holds = [a for a in actions if isinstance(a, Hold)]
    places = [a.square for a in actions if isinstance(a, Place)]
    assert actions[0] == Throw(0)
    assert len(holds) == 30  # the 31 holds that leave a die to throw, minus the current one
    assert all(len(h.dice) < 5 for h in holds)
    # 1 1 2 2 4: orange 1×2+1×1, 1×4+1×1, 1×4+1×2; green 2×1+1×2, 2×1+1×4, 2×2+1×1, 2×2+1×4;
    # yellow 2×2+2×1.
    assert sorted(places) == sorted(["B1", "D1", "D2", "G2", "G4", "H1", "H4", "H7"])
    assert Discard(0) not in actions
    game.record(Hold(0, frozenset(range(5))))
    assert Throw(0) not in game.legal_actions()  # all five held: nothing to throw


# --------------------------------------------------------------------- what a throw allows


def allowed(dice: Sequence[int]) -> set[str]:
    state = SpexxxState.new(Variant.ADULT, 2, 0)
    state.apply(Thrown(0, tuple(dice)))
    return {sq.name for sq in state.allowed_squares()}


def zone_names(zone: Zone) -> set[str]:
    return {sq.name for sq in SQUARES if sq.zone is zone}


def test_small_straight_allows_bronze_not_silver() -> None:
    names = allowed([1, 2, 3, 4, 1])
    assert zone_names(Zone.BRONZE) <= names
    assert not names & zone_names(Zone.SILVER)


def test_large_straight_allows_bronze_and_silver() -> None:
    names = allowed([6, 2, 5, 4, 3])
    assert zone_names(Zone.BRONZE) | zone_names(Zone.SILVER) <= names
    # One of each value: only 1×v + 1×w (orange) beside them.
    assert names - zone_names(Zone.BRONZE) - zone_names(Zone.SILVER) == {
        sq.name
        for sq in SQUARES
        if sq.zone is Zone.ORANGE and sq.combination is not None and sq.combination.value2 != 1
    }


@pytest.mark.parametrize("value", range(1, 7))
def test_gold_allows_every_empty_square(value: int) -> None:
    assert allowed([value] * 5) == {sq.name for sq in SQUARES}


def test_gold_allows_only_empty_squares() -> None:
    game = new_game()
    place_gold(game, "G1")
    game.record(Thrown(1, GOLD))
    names = {sq.name for sq in game.state.allowed_squares()}
    assert "G1" not in names and len(names) == 173


@pytest.mark.parametrize(
    "dice", [[1, 1, 3, 4, 5], [1, 2, 3, 5, 6], [2, 2, 4, 4, 6], [6, 6, 6, 6, 1], [1, 2, 4, 5, 6]]
)
def test_nothing_else_allows_bronze_or_silver(dice: list[int]) -> None:
    assert not allowed(dice) & (zone_names(Zone.BRONZE) | zone_names(Zone.SILVER))


def test_full_house_squares() -> None:
    # 3 3 3 5 5: 1×/2×/3× of 3 with 1×/2× of 5, the orange pair, and nothing with four dice.
    assert allowed([3, 3, 3, 5, 5]) == {
        "E3",  # orange 1×5 + 1×3
        "I5",  # green 2×3 + 1×5
        "K3",  # green 2×5 + 1×3
        "K9",  # yellow 2×5 + 2×3
        "O5",  # blue 3×3 + 1×5
        "O11",  # purple 3×3 + 2×5
    }


def test_four_of_a_kind_allows_red() -> None:
    assert "X1" in allowed([6, 6, 1, 6, 6])  # red 4×6 + 1×1
    assert "X2" not in allowed([6, 6, 1, 6, 6])


# ------------------------------------------------------------------------ discarding


def test_discard_only_when_no_empty_square_is_allowed() -> None:
    game = new_game()
    targets = ["B1", "D1", "D2", "G2", "G4", "H1", "H4", "H7"]  # all that 1 1 2 2 4 allows
    for name in targets[:-1]:
        place_gold(game, name)
    seat = game.state.current
    assert seat == 1
    game.record(Thrown(1, (1, 1, 2, 2, 4)))
    assert [sq.name for sq in game.state.allowed_squares()] == ["H7"]
    with pytest.raises(errors.MustPlace, match="H7"):
        game.record(Discard(1))
    game.record(Place(1, "H7"))
    game.record(Thrown(0, (4, 2, 1, 2, 1)))
    assert game.state.allowed_squares() == []
    assert game.legal_actions()[-1] == Discard(0)
    assert not any(isinstance(a, Place) for a in game.legal_actions())
    game.record(Discard(0))
    state = game.state
    assert state.discards == [1, 0]
    assert state.cubes_left == [23 - 5, 23 - 4]
    assert state.history[-1].square is None and state.history[-1].points == 0
    assert state.current == 1


# ----------------------------------------------------------------------------- refusals


def _thrown(dice: Sequence[int]) -> Game:
    game = new_game()
    game.record(Thrown(0, tuple(dice)))
    return game


def _after_place() -> Game:
    game = new_game()
    place_gold(game, "N4")
    game.record(Thrown(1, GOLD))
    return game


def _four_throws() -> Game:
    game = new_game()
    for _ in range(MAX_THROWS):
        game.record(Thrown(0, (1, 2, 3, 4, 6)))
    return game


def _all_held() -> Game:
    game = _thrown([1, 2, 3, 4, 6])
    game.record(Hold(0, frozenset(range(5))))
    return game


def _held_two() -> Game:
    game = _thrown([1, 2, 3, 4, 6])
    game.record(Hold(0, frozenset({0, 1})))
    return game


def _finished() -> Game:
    game = new_game(variant=Variant.CHILDREN)
    play_out(game)
    return game


REFUSALS = [
    # (name, setup, event, error type, words in the message)
    ("wrong turn throw", new_game, Thrown(1, GOLD), errors.NotYourTurn, "not your turn"),
    ("wrong turn place", lambda: _thrown(GOLD), Place(1, "N4"), errors.NotYourTurn, "seat 0"),
    ("wrong turn hold", lambda: _thrown(GOLD), Hold(1, frozenset()), errors.NotYourTurn, "turn"),
    ("no such seat", new_game, Thrown(7, GOLD), errors.NotInGame, "seat 7"),
    ("occupied square", _after_place, Place(1, "N4"), errors.SquareOccupied, "N4 is already"),
    (
        "square not allowed",
        lambda: _thrown([2, 2, 5, 4, 6]),
        Place(0, "N4"),
        errors.SquareNotAllowed,
        "square N4 needs 3×2 + 1×4; the dice 2 2 5 4 6 do not allow it",
    ),
    (
        "bronze without four in a row",
        lambda: _thrown([3, 3, 1, 5, 6]),
        Place(0, "N2"),
        errors.SquareNotAllowed,
        "four in a row",
    ),
    (
        "silver without five in a row",
        lambda: _thrown([1, 2, 3, 4, 6]),
        Place(0, "M7"),
        errors.SquareNotAllowed,
        "five in a row",
    ),
    ("discard while allowed", lambda: _thrown(GOLD), Discard(0), errors.MustPlace, "N4"),
    ("fifth throw", _four_throws, Thrown(0, GOLD), errors.NoThrowsLeft, "4 throws"),
    ("hold after 4 throws", _four_throws, Hold(0, frozenset()), errors.NoThrowsLeft, "no throws"),
    ("throw after the end", _finished, Thrown(0, GOLD), errors.GameOver, "game is over"),
    ("place after the end", _finished, Place(0, "A2"), errors.GameOver, "game is over"),
    ("discard after the end", _finished, Discard(1), errors.GameOver, "game is over"),
    ("resign after the end", _finished, Resign(1), errors.GameOver, "game is over"),
    ("hold before throw", new_game, Hold(0, frozenset({1})), errors.MustThrowFirst, "throw"),
    ("place before throw", new_game, Place(0, "N4"), errors.MustThrowFirst, "throw"),
    ("discard before throw", new_game, Discard(0), errors.MustThrowFirst, "throw"),
    ("all dice held", _all_held, Thrown(0, (1, 2, 3, 4, 6)), errors.AllDiceHeld, "all five"),
    ("held die changed", _held_two, Thrown(0, (1, 3, 3, 4, 6)), errors.BadDice, "held die"),
    ("six dice", new_game, Thrown(0, (1, 2, 3, 4, 5, 6)), errors.BadDice, "five dice"),
    ("four dice", new_game, Thrown(0, (1, 2, 3, 4)), errors.BadDice, "five dice"),
    ("a seven", new_game, Thrown(0, (1, 2, 3, 4, 7)), errors.BadDice, "1 to 6"),
    ("a zero", new_game, Thrown(0, (0, 2, 3, 4, 5)), errors.BadDice, "1 to 6"),
    ("a bool die", new_game, Thrown(0, (True, 2, 3, 4, 5)), errors.BadDice, "1 to 6"),
    ("a float die", new_game, Thrown(0, (1.0, 2, 3, 4, 5)), errors.BadDice, "1 to 6"),  # type: ignore[arg-type]
    ("a str die", new_game, Thrown(0, ("1", 2, 3, 4, 5)), errors.BadDice, "1 to 6"),  # type: ignore[arg-type]
    ("hold die 5", lambda: _thrown(GOLD), Hold(0, frozenset({5})), errors.BadDice, "0–4"),
    ("hold mixed", lambda: _thrown(GOLD), Hold(0, frozenset({1, "a"})), errors.BadDice, "0–4"),  # type: ignore[arg-type]
    ("off-field square", lambda: _thrown(GOLD), Place(0, "A1"), errors.NoSuchSquare, "A1"),
    ("off-field top right", lambda: _thrown(GOLD), Place(0, "X12"), errors.NoSuchSquare, "X12"),
    ("no such column", lambda: _thrown(GOLD), Place(0, "Z3"), errors.NoSuchSquare, "Z3"),
    ("no such row", lambda: _thrown(GOLD), Place(0, "N13"), errors.NoSuchSquare, "N13"),
    ("not a name", lambda: _thrown(GOLD), Place(0, "hello"), errors.NoSuchSquare, "hello"),
]


@pytest.mark.parametrize(
    ("setup", "event", "error", "words"),
    [r[1:] for r in REFUSALS],
    ids=[r[0] for r in REFUSALS],
)
def test_refused_without_state_change(setup, event, error, words) -> None:  # type: ignore[no-untyped-def]
    game = setup()
    before = snapshot(game)
    with pytest.raises(error) as info:
        game.record(event)
    assert isinstance(info.value, IllegalAction)
    assert words in str(info.value)
    assert snapshot(game) == before
    # The refused event is not in the log, so a reload gives the same game.
    assert Game.from_dict(game.to_dict()).state == game.state


def test_refused_throw_uses_no_dice() -> None:
    """A refused Throw must not advance the seeded dice, or one misclick changes the game."""
    game = Game.new(2, SeededDice(7))
    twin = Game.new(2, SeededDice(7))
    seat = game.state.current
    assert seat is not None
    with pytest.raises(errors.NotYourTurn):
        game.apply(Throw(1 - seat))
    assert game.apply(Throw(seat)) == twin.apply(Throw(seat))
    for g in (game, twin):
        g.apply(Hold(seat, frozenset(range(5))))
    with pytest.raises(errors.AllDiceHeld):
        game.apply(Throw(seat))
    for g in (game, twin):
        g.apply(Hold(seat, frozenset()))
    assert game.apply(Throw(seat)) == twin.apply(Throw(seat))


def test_state_to_dict_is_a_snapshot() -> None:
    """A saved dict must not change when the game goes on (it used to share the lists)."""
    game = new_game()
    saved = game.state.to_dict()
    frozen = json.dumps(saved, sort_keys=True)
    place_gold(game, "N4")
    assert json.dumps(saved, sort_keys=True) == frozen


# ----------------------------------------------------------------------- end and winners


def test_winners_highest_score() -> None:
    game = _finished()
    state = game.state
    best = max(state.scores)
    assert state.winners() == [s for s in range(2) if state.scores[s] == best]


def test_tied_scores_share_the_win() -> None:
    state = SpexxxState.new(Variant.ADULT, 3, 0)
    state.scores = [30, 12, 30]
    assert state.winners() == []  # not before the end
    state.current = None
    assert state.winners() == [0, 2]
    assert state.standings()[:2] == [0, 2]


def test_no_winner_until_finished() -> None:
    game = new_game()
    place_gold(game, "N4")
    assert not game.state.finished
    assert game.state.winners() == []


# ------------------------------------------------------------------------------ resigning


def test_resign_keeps_cubes_and_skips_the_seat() -> None:
    game = new_game(3, 0)
    place_gold(game, "N4")
    game.record(Thrown(1, GOLD))
    game.record(Resign(1))  # the seat on turn leaves mid-turn
    state = game.state
    assert state.current == 2 and state.throws == []
    assert state.owner_of(get_square("N4")) == 0  # type: ignore[arg-type]
    place_gold(game, "O4")
    assert state.current == 0  # seat 1 is skipped
    with pytest.raises(errors.NotInGame):
        game.record(Thrown(1, GOLD))


def test_resign_to_one_player_ends_the_game() -> None:
    game = new_game(2, 0)
    place_gold(game, "N4")
    game.record(Resign(0))
    assert game.state.finished
    assert game.state.winners() == [1]


# ---------------------------------------------------------------------------------- dice


def test_seeded_dice_are_fair_randint_draws() -> None:
    """SeededDice must give exactly ``random.Random(seed).randint(1, 6)`` (saved seeds)."""
    for seed in (0, 1, "spexxx"):
        dice, reference = SeededDice(seed), random.Random(seed)
        for count in (5, 3, 1, 4, 2) * 50:
            assert dice.roll(count) == tuple(reference.randint(1, 6) for _ in range(count))


# --------------------------------------------------------------------------- saved games

BAD_SAVES = [
    None,
    [],
    {"game": "chess", "setup": {}, "events": []},
    {"game": "spexxx", "events": []},  # no setup
    {"game": "spexxx", "setup": [1], "events": []},
    {"game": "spexxx", "setup": {"variant": "adult", "seats": 5, "start_seat": 0}, "events": []},
    {"game": "spexxx", "setup": {"variant": "adult", "seats": 2, "start_seat": 2}, "events": []},
    {"game": "spexxx", "setup": {"variant": "pro", "seats": 2, "start_seat": 0}, "events": []},
    {"game": "spexxx", "setup": {"variant": "adult", "seats": 2, "start_seat": 0}},
    {
        "game": "spexxx",
        "setup": {"variant": "adult", "seats": 2, "start_seat": 0},
        "events": [{"type": "juggle", "seat": 0}],
    },
    {
        "game": "spexxx",
        "setup": {"variant": "adult", "seats": 2, "start_seat": 0},
        "events": [{"type": "throw", "seat": 0, "dice": "12345"}],
    },
]


@pytest.mark.parametrize("data", BAD_SAVES)
def test_a_broken_save_is_a_record_error(data: object) -> None:
    """The bot loads saves from its database: a broken one must be a RecordError, not a crash."""
    with pytest.raises(RecordError):
        Game.from_dict(data)  # type: ignore[arg-type]


def test_a_save_with_an_illegal_event_is_refused() -> None:
    game = new_game()
    place_gold(game, "N4")
    data = game.to_dict()
    data["events"].append({"type": "place", "seat": 1, "square": "N4"})
    with pytest.raises(errors.MustThrowFirst):
        Game.from_dict(data)


def test_a_broken_state_dict_is_a_record_error() -> None:
    data = new_game().state.to_dict()
    data["board"] = {"A1": 0}  # off the field
    with pytest.raises(RecordError, match="A1"):
        SpexxxState.from_dict(data)
    del data["board"]
    with pytest.raises(RecordError):
        SpexxxState.from_dict(data)
