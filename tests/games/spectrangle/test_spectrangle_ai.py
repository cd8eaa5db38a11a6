"""Spectrangle computer players: legal and reproducible in whole games, normal takes the most
points, hard looks ahead (no ×4 for the next player's held high tile), stuck turns, the hint."""

from __future__ import annotations

import random

import pytest

from games.common.ai import Level
from games.spectrangle import Exchange, Game, Pass, Place, SpectrangleState
from games.spectrangle.ai import Decision, Hint, HintReason, decide, hint
from games.spectrangle.ai.endgame import solve
from games.spectrangle.board import FIELDS
from games.spectrangle.tiles import TILE_CODES
from games.spexxx import ai as spexxx_ai
from tests.games.spectrangle.test_spectrangle_rules import EXAMPLE_1

LEVELS = tuple(Level)


def position(
    board: dict[int, tuple[str, int]],
    hands: list[list[str]],
    current: int = 0,
    placed_points: list[int] | None = None,
    passes_in_a_row: int = 0,
    bag: list[str] | None = None,
) -> SpectrangleState:
    """A position as a saved state: ``board`` maps field -> (code, rotation); the bag holds
    every other tile in table order unless given (then the rest must be on the board)."""
    used = {c for c, _ in board.values()} | {c for h in hands for c in h}
    if bag is None:
        bag = [c for c in TILE_CODES if c not in used]
    state = Game.new(len(hands), seed=0).state.to_dict()
    state.update(
        current=current,
        bag=bag,
        hands=hands,
        board=[
            None
            if f not in board
            else {"tile": board[f][0], "rotation": board[f][1], "seat": 0, "turn": 0, "points": 0}
            for f in range(36)
        ],
        placed_points=placed_points or [0] * len(hands),
        passes_in_a_row=passes_in_a_row,
    )
    return SpectrangleState.from_dict(state)


def play_game(
    seed: int, levels: tuple[Level, ...], teams: bool = False, rng_seed: int | None = None
) -> Game:
    """A whole game, every decision checked against the engine's legal actions."""
    game = Game.new(len(levels), seed=seed, teams=teams)
    rng_seed = seed if rng_seed is None else rng_seed
    rngs = [random.Random(f"{rng_seed}:{s}") for s in range(len(levels))]
    while not game.finished:
        seat = game.current_seat
        assert seat is not None
        before = game.state.to_dict()
        decision = decide(game.state, levels[seat], rngs[seat])
        assert game.state.to_dict() == before  # deciding changes nothing
        assert isinstance(decision, Decision)
        assert decision.action in game.legal_actions(), decision
        assert decision.explanation
        game.apply(decision.action)
    return game


@pytest.mark.parametrize("seed", range(4))
def test_every_level_plays_legal_actions_to_the_end(seed: int) -> None:
    for levels in [(Level.EASY, Level.NORMAL), (Level.HARD, Level.EASY), (Level.NORMAL,) * 3]:
        assert play_game(seed, levels).finished
    assert play_game(seed, (Level.HARD, Level.NORMAL, Level.HARD, Level.EASY)).finished
    assert play_game(seed, (Level.HARD, Level.HARD, Level.NORMAL, Level.NORMAL), True).finished


def test_same_seed_same_game_for_every_level() -> None:
    levels = (Level.EASY, Level.HARD, Level.NORMAL)
    first, second = play_game(7, levels), play_game(7, levels)
    assert first.to_dict() == second.to_dict()
    # Easy's randomness is its RNG's: the same bag with other RNGs gives another game.
    easy = (Level.EASY, Level.EASY)
    assert play_game(7, easy).to_dict() == play_game(7, easy).to_dict()
    assert play_game(7, easy).to_dict() != play_game(7, easy, rng_seed=8).to_dict()


def test_easy_without_rng_is_reproducible_too() -> None:
    state = Game.new(2, seed=3).state
    assert decide(state, Level.EASY) == decide(state.copy(), Level.EASY)


def _points_of_every_placement(state: SpectrangleState) -> dict[Place, int]:
    seat = state.current
    assert seat is not None
    out = {}
    for t, f, k in state.placements(seat):
        after = state.copy()
        summary = after.apply(Place(seat, TILE_CODES[t], f, k))
        assert summary is not None
        out[Place(seat, TILE_CODES[t], f, k)] = summary.points
    return out


def test_normal_takes_the_most_points_in_positions_along_random_games() -> None:
    checked = 0
    for seed in range(6):
        game = Game.new(2, seed=seed)
        pick = random.Random(seed)
        while not game.finished:
            points = _points_of_every_placement(game.state)
            decision = decide(game.state, Level.NORMAL)
            if points:
                assert points[decision.action] == max(points.values())  # type: ignore[index]
                assert decision.expected == max(points.values())
                checked += 1
            game.apply(pick.choice(game.legal_actions()))
    assert checked > 100


def test_normal_lays_the_72_of_the_rule_book() -> None:
    """Worked example 1 after row 12: RRR on the ×4 field 13 touching three reds is 72."""
    board = {field: (code, k) for code, k, field, _sides, _points in EXAMPLE_1[:12]}
    assert board[21] == ("RRG", 0) and 13 not in board
    state = position(board, [["GRP", "RRR", "BBR", "YYR"], ["BYG", "YYG", "GGG", "PPP"]])
    decision = decide(state, Level.NORMAL)
    assert decision.action == Place(0, "RRR", 13, 0)
    assert decision.expected == 72
    assert "72 points" in decision.explanation


# A position from a normal-vs-normal game (seed 22, turn 6), written out. Seat 0 holds PPG; the
# opponent holds PPP. PPG on the ×2 field 10 scores the most (10), but its purple side then faces
# the ×4 field 11, where PPP scores 24.
OPENING_BOARD = {
    0: ("YYB", 0),
    1: ("BGP", 1),
    2: ("BBY", 2),
    4: ("RGY", 1),
    5: ("RRG", 2),
    6: ("RRP", 0),
}
OPENING_HANDS = [["YPR", "GRP", "BRP", "PPG"], ["RYB", "PPB", "PPP", "RRR"]]


def _best_reply(state: SpectrangleState, action: Place) -> tuple[int, str, int]:
    after = state.copy()
    after.apply(action)
    best = after.best_placement(1)
    assert best is not None
    points, t, f, _k = best
    return points, TILE_CODES[t], f


def test_hard_does_not_open_a_times_four_for_the_next_players_high_tile() -> None:
    state = position(OPENING_BOARD, OPENING_HANDS)
    assert 11 not in state.frontier  # nobody can reach the ×4 field yet
    normal = decide(state, Level.NORMAL).action
    hard = decide(state, Level.HARD).action
    assert isinstance(normal, Place) and isinstance(hard, Place)
    points = _points_of_every_placement(state)
    assert points[normal] == max(points.values()) == 10
    assert _best_reply(state, normal) == (24, "PPP", 11)  # normal walks into it
    reply_points, _tile, reply_field = _best_reply(state, hard)
    assert FIELDS[reply_field].bonus < 4
    assert points[hard] - reply_points > points[normal] - 24
    advice = hint(state)
    assert advice.action == hard
    assert advice.reason is HintReason.DENY
    assert advice.best_points == 10
    assert advice.reply == reply_points


def test_stuck_every_level_exchanges_while_the_bag_has_tiles() -> None:
    """Worked example 3: after BBB on 12, Ann holds RRR, GGY, PPR, YPG and nothing fits."""
    state = position({12: ("BBB", 0)}, [["RRR", "GGY", "PPR", "YPG"], ["BBY", "GGG", "YYY", "PPP"]])
    assert not state.placements(0)
    for level in LEVELS:
        action = decide(state, level, random.Random(1)).action
        assert isinstance(action, Exchange), level
        assert action.seat == 0 and action.tile in state.hand(0)
    advice = hint(state)
    assert advice.reason is HintReason.EXCHANGE
    assert isinstance(advice.action, Exchange) and advice.tile == advice.action.tile
    assert advice.field is None and advice.points == 0
    assert advice.tile in advice.text


def test_stuck_with_an_empty_bag_every_level_passes() -> None:
    game = _game_with_a_stuck_turn_and_an_empty_bag()
    for level in LEVELS:
        assert decide(game.state, level, random.Random(1)).action == Pass(game.state.current)
    assert hint(game.state).reason is HintReason.PASS


def _game_with_a_stuck_turn_and_an_empty_bag() -> Game:
    for seed in range(200):
        game = Game.new(2, seed=seed)
        while not game.finished:
            seat = game.current_seat
            assert seat is not None
            if not game.state.bag and not game.state.placements(seat):
                return game
            game.apply(decide(game.state, Level.NORMAL).action)
    raise AssertionError("no seeded game got stuck with an empty bag")


def test_hard_passes_to_end_the_game_when_ahead_and_exchanges_when_behind() -> None:
    """Both players are stuck and seat 1 has just passed: a pass by seat 0 ends the round."""
    hands = [["RRR", "GGY", "PPR", "YPG"], ["RRG", "GGP", "YYR", "PPY"]]
    ahead = position({12: ("BBB", 0)}, hands, placed_points=[30, 10], passes_in_a_row=1)
    assert decide(ahead, Level.HARD).action == Pass(0)
    assert hint(ahead).reason is HintReason.END_GAME
    assert isinstance(decide(ahead, Level.NORMAL).action, Exchange)
    behind = position({12: ("BBB", 0)}, hands, placed_points=[10, 30], passes_in_a_row=1)
    assert isinstance(decide(behind, Level.HARD).action, Exchange)


def test_hint_is_structured_and_matches_what_the_engine_scores() -> None:
    for seed in range(3):
        game = Game.new(2, seed=seed)
        while not game.finished:
            state = game.state
            before = state.to_dict()
            advice = hint(state)
            assert state.to_dict() == before
            assert isinstance(advice, Hint)
            assert advice.action == decide(state, Level.HARD).action
            assert advice.text
            if isinstance(advice.action, Place):
                assert (advice.tile, advice.field, advice.rotation) == (
                    advice.action.tile,
                    advice.action.field,
                    advice.action.rotation,
                )
                after = state.copy()
                summary = after.apply(advice.action)
                assert summary is not None and summary.points == advice.points
                assert after.sides_at(advice.field) == advice.sides  # type: ignore[arg-type]
                assert advice.best_points >= advice.points
                assert f"{advice.tile} on field {advice.field}" in advice.text
                assert f"{advice.points} points now" in advice.text
            game.apply(advice.action)


def test_no_decision_when_the_game_is_over() -> None:
    game = play_game(1, (Level.NORMAL, Level.NORMAL))
    for level in LEVELS:
        with pytest.raises(ValueError):
            decide(game.state, level)
    with pytest.raises(ValueError):
        hint(game.state)


def _final_margin(state: SpectrangleState, me: int) -> int:
    """Plain minimax through the engine itself: my final score minus the other's."""
    if state.finished:
        return state.scores[me] - state.scores[1 - me]
    seat = state.current
    assert seat is not None
    actions: list[Place | Pass] = [
        Place(seat, TILE_CODES[t], f, k) for t, f, k in state.placements(seat, distinct=True)
    ] or [Pass(seat)]
    values = []
    for action in actions:
        after = state.copy()
        after.apply(action)
        values.append(_final_margin(after, me))
    return max(values) if seat == me else min(values)


def _end_game_positions(count: int, max_tiles: int) -> list[SpectrangleState]:
    """Positions of normal-vs-normal games with an empty bag and few tiles left in hand."""
    found = []
    for seed in range(100):
        game = Game.new(2, seed=seed)
        while not game.finished:
            state = game.state
            seat = state.current
            assert seat is not None
            tiles = sum(len(h) for h in state.hands)
            if not state.bag and tiles <= max_tiles and state.placements(seat):
                found.append(state.copy())
                break
            game.apply(decide(state, Level.NORMAL).action)
        if len(found) == count:
            return found
    raise AssertionError("too few end-game positions")


def test_end_game_search_finds_the_exact_best_final_margin() -> None:
    normal_worse = 0
    for state in _end_game_positions(8, 5):
        seat = state.current
        assert seat is not None
        solution = solve(state, seat)
        assert solution is not None
        exact = _final_margin(state, seat)
        placed = state.placed_points[seat] - state.placed_points[1 - seat]
        assert placed + solution.value == exact
        after = state.copy()
        after.apply(Place(seat, TILE_CODES[solution.tile], solution.field, solution.rotation))
        assert _final_margin(after, seat) == exact  # the move it names achieves it
        advice = hint(state)
        assert advice.reason is HintReason.SOLVED
        assert advice.expected == solution.value
        assert decide(state, Level.HARD).action == advice.action
        after = state.copy()
        after.apply(decide(state, Level.NORMAL).action)
        normal_worse += _final_margin(after, seat) < exact
    assert normal_worse  # the most points now is not always the best end


def test_end_game_search_gives_up_beyond_its_budget() -> None:
    state = _end_game_positions(1, 8)[0]
    seat = state.current
    assert seat is not None
    assert solve(state, seat, budget=1) is None
    assert solve(state, seat) is not None


def test_both_games_offer_the_same_levels_and_decisions() -> None:
    """The bot picks a level and shows a decision the same way for every game."""
    assert spexxx_ai.Level is Level
    assert spexxx_ai.Decision is Decision
