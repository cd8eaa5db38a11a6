"""Property tests over random seeded games, checked against rules written out again here.

The reference rules below are an independent reading of RULES.md (the map, the dice rule for a
square, the scoring text); they share no code with the engine, so agreeing with them means
something. Games mix fair dice and "loaded" dice (often five of a kind, which allows any empty
square) with a policy that likes to build next to its own cubes, so that long lines, merges and
3×3 blocks occur often.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.common import SeededDice, roll_off
from games.spexxx import (
    CUBES_PER_PLAYER,
    Discard,
    Game,
    Hold,
    Place,
    SpexxxState,
    Throw,
    Thrown,
    Variant,
    export_record,
    parse_record,
    replay,
)
from tests.games.spexxx.test_board import BOARD_MAP  # RULES.md, "The board"

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWX"
POINTS = {"o": 1, "g": 2, "y": 4, "b": 5, "p": 7, "r": 12, "B": 3, "S": 8}

# (x, y) → map letter, for on-field squares only.
ZONE: dict[tuple[int, int], str] = {
    (x, int(line.split()[0]) - 1): ch
    for line in BOARD_MAP.splitlines()[:12]  # the 12 rows; the last line holds the letters
    for x, ch in enumerate(line.split()[1])
    if ch != "."
}
NAME = {pos: f"{LETTERS[pos[0]]}{pos[1] + 1}" for pos in ZONE}
POS = {name: pos for pos, name in NAME.items()}
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def rule_allows(pos: tuple[int, int], dice: tuple[int, ...]) -> bool:
    """RULES.md, "A turn", step 2, for one square."""
    values = set(dice)
    if len(values) == 1:  # gold throw: any square
        return True
    zone = ZONE[pos]
    if zone == "B":
        return any({s, s + 1, s + 2, s + 3} <= values for s in (1, 2, 3))
    if zone == "S":
        return values in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
    x, y = pos
    c, v, r, w = x // 6 + 1, x % 6 + 1, y // 6 + 1, y % 6 + 1
    return dice.count(v) >= c and dice.count(w) >= r


class Reference:
    """The scoring section of RULES.md, literally: cubes remember the directions they scored in."""

    def __init__(self, seats: int) -> None:
        self.board: dict[tuple[int, int], int] = {}
        self.scored: set[tuple[tuple[int, int], tuple[int, int]]] = set()  # (cube, direction)
        self.bonus_cells: list[set[tuple[int, int]]] = [set() for _ in range(seats)]

    def run(self, pos: tuple[int, int], seat: int, dx: int, dy: int) -> list[tuple[int, int]]:
        out = []
        x, y = pos[0] + dx, pos[1] + dy
        while (x, y) in ZONE and self.board.get((x, y)) == seat:
            out.append((x, y))
            x, y = x + dx, y + dy
        return out

    def place(self, name: str, seat: int) -> int:
        pos = POS[name]
        assert pos not in self.board
        self.board[pos] = seat
        total = 0
        for dx, dy in DIRECTIONS:
            before = self.run(pos, seat, -dx, -dy)
            after = self.run(pos, seat, dx, dy)
            line = [*before, pos, *after]
            n = len(line)
            if n < 3:
                continue
            total += sum(POINTS[ZONE[p]] for p in line if (p, (dx, dy)) not in self.scored)
            self.scored.update((p, (dx, dy)) for p in line)
            prev = max((len(part) for part in (before, after) if len(part) >= 3), default=0)
            total += 5 * (min(n, 20) // 5 - min(prev, 20) // 5)
        corners = sorted(
            (y0, x0) for x0 in range(pos[0] - 2, pos[0] + 1) for y0 in range(pos[1] - 2, pos[1] + 1)
        )
        for y0, x0 in corners:
            cells = {(x0 + i, y0 + j) for i in range(3) for j in range(3)}
            if all(self.board.get(c) == seat for c in cells) and not cells & self.bonus_cells[seat]:
                self.bonus_cells[seat] |= cells
                total += 25
                break
        return total


class LoadedDice:
    """Fair dice that often come up five of a kind (a gold throw), to fill the board in shapes."""

    def __init__(self, seed: int, gold: float) -> None:
        self.random = random.Random(seed)
        self.gold = gold

    def roll(self, count: int) -> tuple[int, ...]:
        if count == 5 and self.random.random() < self.gold:
            return (self.random.randint(1, 6),) * 5
        return tuple(self.random.randint(1, 6) for _ in range(count))


def play(game: Game, policy: random.Random, greedy: float) -> Iterator[Game]:
    """Play to the end with a random policy; yield after every event."""
    while True:
        actions = game.legal_actions()
        if not actions:
            return
        seat = game.state.current
        assert seat is not None
        throws = [a for a in actions if isinstance(a, Throw)]
        holds = [a for a in actions if isinstance(a, Hold)]
        places = [a for a in actions if isinstance(a, Place)]
        if throws and (not game.state.throws or not places or policy.random() < 0.4):
            if holds and policy.random() < 0.7:
                game.apply(policy.choice(holds))
                yield game
            game.apply(throws[0])
        elif places:
            if policy.random() < greedy:
                own = {pos for pos, s in _board(game).items() if s == seat}
                game.apply(max(places, key=lambda a: _near(POS[a.square], own)))
            else:
                game.apply(policy.choice(places))
        else:
            assert actions == [Discard(seat)], actions
            game.apply(actions[0])
        yield game


def _board(game: Game) -> dict[tuple[int, int], int]:
    """(x, y) → seat; the engine's grid index is ``y * 24 + x`` (board.py)."""
    return {(i % 24, i // 24): s for i, s in enumerate(game.state.owners) if s >= 0}


def _near(pos: tuple[int, int], own: set[tuple[int, int]]) -> int:
    return sum((pos[0] + dx, pos[1] + dy) in own for dx in (-1, 0, 1) for dy in (-1, 0, 1))


games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "seats": st.integers(2, 4),
        "variant": st.sampled_from(Variant),
        "gold": st.sampled_from([0.0, 0.0, 0.5, 0.9]),
        "greedy": st.sampled_from([0.0, 0.8, 1.0]),
    }
)
FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new_game(p: dict) -> Game:  # type: ignore[type-arg]
    rng = SeededDice(p["seed"]) if p["gold"] == 0 else LoadedDice(p["seed"], p["gold"])
    return Game.new(p["seats"], rng, p["variant"])


@FEW
@given(games)
def test_random_games_follow_the_rules(p: dict) -> None:  # type: ignore[type-arg]
    game = new_game(p)
    state = game.state
    seats = p["seats"]
    cubes = CUBES_PER_PLAYER[p["variant"]][seats]
    reference = Reference(seats)
    turn_points: list[list[int]] = [[] for _ in range(seats)]
    expected_seat = game.setup.start_seat
    for _ in play(game, random.Random(p["seed"] + 1), p["greedy"]):
        last = game.events[-1]
        if isinstance(last, Thrown):
            dice = last.dice
            brute = sorted(
                (pos[1], pos[0])
                for pos in ZONE
                if pos not in reference.board and rule_allows(pos, dice)
            )
            assert [(sq.y, sq.x) for sq in state.allowed_squares()] == brute, dice
        if isinstance(last, Place | Discard):
            assert last.seat == expected_seat  # seating order from the start player
            expected_seat = (expected_seat + 1) % seats
            summary = state.history[-1]
            want = reference.place(last.square, last.seat) if isinstance(last, Place) else 0
            assert summary.points == want, (last, state.last_score)
            turn_points[last.seat].append(summary.points)
            assert state.scores == [sum(t) for t in turn_points]
            # No square holds two cubes; the masks agree with the board.
            masks = state.own_masks
            assert sum(m.bit_count() for m in masks) == state.occupied.bit_count()
            assert all(state.owners[i] == s for s in range(seats) for i in _bits(masks[s]))
            for s in range(seats):
                placed = masks[s].bit_count()
                assert placed + state.discards[s] + state.cubes_left[s] == cubes
    assert state.finished
    assert len(state.history) == seats * cubes
    assert state.cubes_left == [0] * seats
    best = max(state.scores)
    assert state.winners() == [s for s in range(seats) if state.scores[s] == best]
    assert state.winners()


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


@FEW
@given(games, st.data())
def test_save_and_load_give_an_equal_state(p: dict, data: st.DataObject) -> None:  # type: ignore[type-arg]
    game = new_game(p)
    steps = list(play(game, random.Random(p["seed"]), p["greedy"]))
    cut = data.draw(st.integers(0, len(steps)), label="events played")
    game = Game.replay(game.setup, game.events[:cut])
    state = game.state

    # State: to_dict / from_dict, directly and through JSON text.
    assert SpexxxState.from_dict(state.to_dict()) == state
    text = json.dumps(state.to_dict())
    loaded = SpexxxState.from_dict(json.loads(text))
    assert loaded == state
    assert json.dumps(loaded.to_dict()) == text
    assert state.copy() == state

    # Game: the event log rebuilds the same state.
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.state == state
    assert again.setup == game.setup
    assert again.legal_actions() == game.legal_actions()


@FEW
@given(games, st.data())
def test_record_replay_gives_an_equal_state(p: dict, data: st.DataObject) -> None:  # type: ignore[type-arg]
    """A record keeps whole turns: replaying it rebuilds the state at any turn boundary."""
    game = new_game(p)
    list(play(game, random.Random(p["seed"]), p["greedy"]))
    ends = [i + 1 for i, e in enumerate(game.events) if isinstance(e, Place | Discard)]
    cut = data.draw(st.sampled_from(ends), label="turns played")
    game = Game.replay(game.setup, game.events[:cut])
    names = [f"P{i}" for i in range(p["seats"])]
    record = export_record(game, names)
    replayed = replay(parse_record(json.loads(json.dumps(record))))
    assert replayed.state == game.state
    assert export_record(replayed, names) == record


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 4), st.lists(st.integers(1, 6), max_size=40))
def test_roll_off_ties_reroll_among_the_tied(seats: int, script: list[int]) -> None:
    class Scripted:
        def __init__(self) -> None:
            self.values = iter(script)
            self.asked: list[int] = []

        def roll(self, count: int) -> tuple[int, ...]:
            self.asked.append(count)
            # Once the script runs out, distinct values end any tie.
            return tuple(next(self.values, 6 - i) for i in range(count))

    rng = Scripted()
    start, rounds = roll_off(seats, rng)
    contenders = set(range(seats))
    for i, row in enumerate(rounds):
        assert {s for s, v in enumerate(row) if v is not None} == contenders
        assert rng.asked[i] == len(contenders)
        best = max(v for v in row if v is not None)
        contenders = {s for s, v in enumerate(row) if v == best}
        if i < len(rounds) - 1:
            assert len(contenders) > 1
    assert contenders == {start}


def test_loaded_games_do_reach_blocks_and_long_lines() -> None:
    """Guard for the generator: the property tests above must see the rare scoring cases."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        game = new_game(
            {"seed": seed, "seats": 2, "variant": Variant.ADULT, "gold": 0.9, "greedy": 1.0}
        )
        for _ in play(game, random.Random(seed), 1.0):
            score = game.state.last_score
            if isinstance(game.events[-1], Place) and score is not None:
                seen["block"] += score.block is not None
                seen["bonus"] += any(line.length_bonus for line in score.lines)
                seen["multi"] += len(score.lines) >= 2
    assert seen["block"] and seen["bonus"] and seen["multi"], seen


def test_every_throw_allows_exactly_what_the_rules_say() -> None:
    """All 7776 ordered throws on an empty board (the table is keyed by the sorted dice)."""
    from itertools import product

    for dice in product(range(1, 7), repeat=5):
        state = SpexxxState.new(Variant.ADULT, 2, 0)
        state.apply(Thrown(0, dice))
        got = {(sq.x, sq.y) for sq in state.allowed_squares()}
        assert got == {pos for pos in ZONE if rule_allows(pos, dice)}, dice
