"""The computer players of the two race games: reaction times from the configured range, right
claims without errors and wrong ones with them, honest use of what a seat sees, purity (same
random source, same action), and whole simulated games that replay."""

from __future__ import annotations

import random

import pytest

from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh import BunteKuh, Nowhere, Phase, Roll, Stop
from games.das_spiel.bunte_kuh import ai as bk_ai
from games.das_spiel.bunte_kuh import from_record as bk_from_record
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.pyramid import Die
from games.das_spiel.race import Reaction, Timed, earliest
from games.das_spiel.raffzahn import Phase as RafPhase
from games.das_spiel.raffzahn import Raffzahn, Take, WrongFace
from games.das_spiel.raffzahn import Roll as RafRoll
from games.das_spiel.raffzahn import Stop as RafStop
from games.das_spiel.raffzahn import ai as raf_ai
from games.das_spiel.raffzahn import from_record as raf_from_record
from games.das_spiel.record import parse_record, replay

SURE = Reaction(1_000, 5_000, 0.0)
WRONG = Reaction(1_000, 5_000, 1.0)


def test_reaction_checks_its_range() -> None:
    with pytest.raises(ValueError):
        Reaction(5, 4)
    with pytest.raises(ValueError):
        Reaction(0, 4, 1.5)
    rng = random.Random(3)
    draws = [Reaction(200, 300).delay(rng) for _ in range(500)]
    assert min(draws) == 200 and max(draws) == 300
    assert not any(Reaction(0, 1, 0.0).errs(rng) for _ in range(100))
    assert all(Reaction(0, 1, 1.0).errs(rng) for _ in range(100))


def test_earliest_offer_wins_and_ties_are_drawn() -> None:
    rng = random.Random(1)
    assert earliest([None, None], rng) is None
    assert earliest([Timed(9, "a"), None, Timed(4, "b")], rng) == Timed(4, "b")
    drawn = {earliest([Timed(4, "a"), Timed(4, "b"), Timed(5, "c")], rng) for _ in range(50)}
    assert drawn == {Timed(4, "a"), Timed(4, "b")}


# ----------------------------------------------------------------------------- Bunte Kuh


def bk_rounds(count: int) -> list[BunteKuh]:
    """Games in an open call window, on varied plates and rolls (half without a match)."""
    out = []
    rng = random.Random(11)
    for k in range(count):
        game = BunteKuh.new(3, k)
        total = rng.choice((5, 6, 10, 17, 18) if k % 2 else range(3, 19))
        dice = next(
            (a, b, c)
            for a in range(1, 7)
            for b in range(1, 7)
            for c in range(1, 7)
            if a + b + c == total
        )
        game.apply(Roll(0, dice, 1000 * k))
        out.append(game)
    return out


def test_bunte_kuh_calls_right_without_errors_and_wrong_with_them() -> None:
    rng = random.Random(5)
    rights = 0
    for game in bk_rounds(40):
        start = game.state.clock.now
        for reaction, correct in ((SURE, True), (WRONG, False)):
            offer = bk_ai.call(game.state, 2, rng, start, reaction)
            assert offer is not None and start + 1_000 <= offer.t <= start + 5_000
            assert offer.action.t == offer.t and offer.action.seat == 2
            result = game.copy().apply(offer.action)
            assert result.correct is correct
            rights += correct and isinstance(offer.action, Nowhere)
    assert rights > 0  # some rounds had no matching funnel: the right call was NERGENS


def test_bunte_kuh_is_pure_and_respects_the_deadline() -> None:
    game = bk_rounds(1)[0]
    a = bk_ai.call(game.state, 1, random.Random(9), 0, bk_ai.DEFAULT_REACTION)
    b = bk_ai.call(game.state, 1, random.Random(9), 0, bk_ai.DEFAULT_REACTION)
    assert a == b and isinstance(a, Timed)
    late = Reaction(90_000, 95_000)
    assert bk_ai.call(game.state, 1, random.Random(9), 0, late) is None
    assert bk_ai.lay(game.state, 1, random.Random(9), 0, SURE) is None  # nobody has called


def test_bunte_kuh_lays_in_the_called_funnel_in_time() -> None:
    rng = random.Random(2)
    game = BunteKuh.new(3, 20)
    game.apply(Roll(0, (6, 4, 3), 0))
    game.apply(Stop(1, g.index_of_label("1E3"), 7400))
    assert bk_ai.decide(game.state, 2, rng, 7400, SURE) is None  # not the caller
    offer = bk_ai.decide(game.state, 1, rng, 7400, SURE)
    assert offer is not None and 8400 <= offer.t <= 12400
    assert offer.action.pos == g.index_of_label("1E3")  # type: ignore[union-attr]
    assert game.apply(offer.action).supply == 19
    assert bk_ai.lay(game.state, 1, rng, 0, SURE) is None  # nothing left to lay


def test_bunte_kuh_simulated_games_finish_and_replay() -> None:
    fast, slow = Reaction(1_000, 6_000, 0.1), Reaction(4_000, 20_000, 0.1)
    wins = 0
    for k in range(12):
        game = bk_ai.simulate([slow, fast, slow], k, random.Random(k))
        assert game.finished and game.state.phase is Phase.OVER
        wins += 1 in game.winners()
        record = game.to_record(["a", "b", "c"])
        again = replay(parse_record(record), bk_from_record).engine
        assert again.standings() == game.standings() and again.winners() == game.winners()
    assert wins >= 9  # the fast player wins most games


# ------------------------------------------------------------------------------ Raffzahn


def raf_rounds(count: int) -> list[Raffzahn]:
    """Games in an open round after a few random takes."""
    out = []
    rng = random.Random(4)
    for k in range(count):
        game = Raffzahn.new(k)
        t = 0
        while len(out) <= k:
            s = game.state
            if s.phase is RafPhase.ROLL:
                game.apply(RafRoll(s.roller, rng.randint(1, 6), t))
            elif rng.random() < 0.3:
                out.append(game)
            else:
                takes = [a for a in game.legal_actions(t) if isinstance(a, Take)]
                game.apply(takes[0] if takes else RafStop(s.roller, t))
            t += 100
    return out


def test_raffzahn_takes_what_it_sees_and_misreads_with_errors() -> None:
    rng = random.Random(8)
    stops = takes = misreads = 0
    for game in raf_rounds(40):
        s = game.state
        start = s.clock.now
        for seat in range(3):
            offer = raf_ai.decide(s, seat, rng, start, SURE)
            if not s.takeable(seat):
                if seat == s.roller:
                    assert offer is not None and offer.action == RafStop(seat, offer.t)
                    stops += 1
                else:
                    assert offer is None
                continue
            assert offer is not None and start + 1_000 <= offer.t <= start + 5_000
            assert offer.action.pos in g.bits(s.takeable(seat))  # type: ignore[union-attr]
            game.copy().apply(offer.action)
            takes += 1
            wrong = raf_ai.decide(s, seat, rng, start, WRONG)
            assert wrong is not None
            if any(s.pyramid.face(i, seat) != s.value for i in g.bits(s.pyramid.free_dice())):
                with pytest.raises(WrongFace):
                    game.copy().apply(wrong.action)
                misreads += 1
    assert stops and takes and misreads


def test_raffzahn_uses_only_its_own_side() -> None:
    """Turning every die so that only the faces toward the other two sides change leaves the
    decision unchanged (same random source)."""
    for game in raf_rounds(15):
        for seat in range(3):
            before = raf_ai.decide(game.state, seat, random.Random(1), 0, SURE)
            other = game.copy()
            pyr = other.state.pyramid
            turned = {}
            for i, die in enumerate(pyr.dice):
                if die is not None:
                    same = [o for o in ORIENTATIONS if o[seat] == die.orientation[seat]]
                    turned[i] = Die(die.colour, same[(same.index(die.orientation) + 1) % 4])
            other.state.pyramid = pyr.replace(turned)
            assert raf_ai.decide(other.state, seat, random.Random(1), 0, SURE) == before


def test_raffzahn_respects_the_deadline_and_is_pure() -> None:
    game = raf_rounds(1)[0]
    s = game.state
    assert s.deadline is not None
    late = Reaction(s.deadline - s.clock.now, s.deadline - s.clock.now + 10)
    assert raf_ai.decide(s, s.roller, random.Random(1), s.clock.now, late) is None
    a = raf_ai.decide(s, s.roller, random.Random(6), 0, raf_ai.DEFAULT_REACTION)
    assert a == raf_ai.decide(s, s.roller, random.Random(6), 0, raf_ai.DEFAULT_REACTION)


def test_raffzahn_simulated_games_finish_and_replay() -> None:
    fast, slow = Reaction(500, 3_000, 0.05), Reaction(1_500, 6_000, 0.05)
    wins = 0
    for k in range(6):
        game = raf_ai.simulate([slow, slow, fast], k, random.Random(k))
        assert game.finished and game.end_reason == "plate_only"
        wins += 2 in game.winners()
        record = game.to_record(["a", "b", "c"])
        again = replay(parse_record(record), raf_from_record).engine
        assert again.standings() == game.standings() and again.winners() == game.winners()
    assert wins >= 5
    with pytest.raises(ValueError):
        raf_ai.simulate([fast, slow], 1, random.Random(1))
