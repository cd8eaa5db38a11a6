"""The three computer players and the hint.

- Easy picks a placeable tile at random and lays it on one of its better fields, not the best.
- Normal takes the most points now.
- Hard adds the lookahead of ``evaluation``: the next player's best reply, its own follow-up
  with the expected draw, and the end-game deduction.

Without a placement every level exchanges while the bag holds tiles (else passes); hard also
passes when that ends the game with it ahead. Only easy uses randomness, from the RNG it is given
(or one seeded by the position), so the same position and RNG give the same choice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from games.common.ai import Decision, Level
from games.spectrangle.actions import Action, Exchange, Pass, Place
from games.spectrangle.ai.endgame import Solution, solve
from games.spectrangle.ai.evaluation import HARD_WEIGHTS, NO_FIELD, Appraisal, Lookahead
from games.spectrangle.board import FIELDS
from games.spectrangle.placement import VALUES
from games.spectrangle.state import SpectrangleState
from games.spectrangle.tiles import TILE_CODES, TILES

# How much a tile is worth keeping when one must be given back: value × colours it can match.
_KEEP = tuple(t.value * (5 if t.code == "WWW" else len(set(t.code))) for t in TILES)


class HintReason(StrEnum):
    """Why the hard player chooses its action, for the hint's words."""

    MOST_POINTS = "most_points"  # the most points now, and the lookahead agrees
    DENY = "deny"  # fewer points now, but it leaves the next player less
    SET_UP = "set_up"  # fewer points now, but a better own next turn
    SHED = "shed"  # lays a high tile before the bag runs out: less to lose at the end
    EXCHANGE = "exchange"  # nothing fits: swap a tile
    PASS = "pass"  # nothing fits and the bag is empty
    END_GAME = "end_game"  # nothing fits: passing ends the game with this side ahead
    SOLVED = "solved"  # empty bag: searched to the end, the best final result (``expected``)


@dataclass(frozen=True, slots=True)
class Hint:
    """What the hard player would do, as data the bot can put into words in any language."""

    action: Action
    reason: HintReason
    tile: str | None  # laid or given back
    field: int | None
    rotation: int | None
    sides: str | None  # colours clockwise from the field's horizontal side
    points: int  # scored now
    best_points: int  # the most any placement would score now
    reply: int | None  # the most the next player can score after it
    expected: float | None
    text: str  # the same in English words


def decide(
    state: SpectrangleState, level: Level, rng: random.Random | None = None
) -> Decision[Action]:
    """The action of the seat on turn at ``level``; never mutates ``state``."""
    seat = state.current
    if seat is None:
        raise ValueError("the game is over: nobody is on turn")
    if level is Level.EASY:
        return _decide_easy(state, seat, rng or _default_rng(state))
    if level is Level.NORMAL:
        return _decide_normal(state, seat)
    return _hard(state, seat).decision


def hint(state: SpectrangleState) -> Hint:
    """The hard player's advice for the seat on turn; changes nothing."""
    seat = state.current
    if seat is None:
        raise ValueError("the game is over: nobody is on turn")
    return _hard(state, seat).hint


# ---------------------------------------------------------------- the levels


def _default_rng(state: SpectrangleState) -> random.Random:
    """Without an RNG the easy player still plays the same game for the same position."""
    return random.Random(f"{state.turn}:{state.occupied}:{state.bag_count}")


def _decide_easy(state: SpectrangleState, seat: int, rng: random.Random) -> Decision[Action]:
    placements = state.placements(seat, distinct=True)
    if not placements:
        hand = sorted(state.hands[seat])
        if state.bag_count:
            t = rng.choice(hand)
            return Decision(Exchange(seat, TILE_CODES[t]), None, _exchange_text(t))
        return Decision(Pass(seat), None, "nothing fits and the bag is empty: pass")
    tile = rng.choice(sorted({t for t, _, _ in placements}))
    mine = sorted(
        ((state.points_for(t, f), f, k) for t, f, k in placements if t == tile),
        key=lambda p: (-p[0], p[1], p[2]),
    )
    # One of the better half, but rarely the very best when there is a choice.
    points, field, rotation = rng.choice(mine[len(mine) // 4 : max(1, (len(mine) + 1) // 2)])
    return Decision(
        Place(seat, TILE_CODES[tile], field, rotation),
        float(points),
        _place_text(tile, field, rotation, points),
    )


def _decide_normal(state: SpectrangleState, seat: int) -> Decision[Action]:
    best = state.best_placement(seat)
    if best is None:
        return _stuck_normal(state, seat)
    points, tile, field, rotation = best
    return Decision(
        Place(seat, TILE_CODES[tile], field, rotation),
        float(points),
        _place_text(tile, field, rotation, points),
    )


def _stuck_normal(state: SpectrangleState, seat: int) -> Decision[Action]:
    """Give back the lowest tile (keep the ones that score most), or pass with an empty bag."""
    if not state.bag_count:
        return Decision(Pass(seat), None, "nothing fits and the bag is empty: pass")
    t = min(state.hands[seat], key=lambda t: (VALUES[t], t))
    return Decision(Exchange(seat, TILE_CODES[t]), None, _exchange_text(t))


@dataclass(frozen=True, slots=True)
class _HardChoice:
    decision: Decision[Action]
    hint: Hint


def _hard(state: SpectrangleState, seat: int) -> _HardChoice:
    placements = state.placements(seat, distinct=True)
    if not placements:
        return _stuck_hard(state, seat)
    look = Lookahead(state, seat, HARD_WEIGHTS)
    appraisals = [look.appraise(t, f, k) for t, f, k in placements]
    greedy = min(appraisals, key=lambda a: (-a.points, a.tile, a.field, a.rotation))
    solution = solve(state, seat)
    if solution is not None:
        return _solved(seat, solution, appraisals, greedy)
    best = min(appraisals, key=lambda a: a.order)
    text = _place_text(best.tile, best.field, best.rotation, best.points)
    if best.reply_field != NO_FIELD:
        text += f"; the next player can score at most {best.reply} after it"
    elif look.opponent_hand:
        text += "; the next player cannot place after it"
    return _placement(seat, best, greedy.points, _reason(best, greedy), best.value, text)


def _solved(
    seat: int, solution: Solution, appraisals: list[Appraisal], greedy: Appraisal
) -> _HardChoice:
    best = next(
        a
        for a in appraisals
        if (a.tile, a.field, a.rotation) == (solution.tile, solution.field, solution.rotation)
    )
    text = _place_text(best.tile, best.field, best.rotation, best.points)
    text += f"; played out to the end, the rest of the game gives you {solution.value:+d}"
    return _placement(seat, best, greedy.points, HintReason.SOLVED, float(solution.value), text)


def _placement(
    seat: int, best: Appraisal, best_points: int, reason: HintReason, value: float, text: str
) -> _HardChoice:
    code = TILE_CODES[best.tile]
    action = Place(seat, code, best.field, best.rotation)
    return _HardChoice(
        Decision(action, value, text),
        Hint(
            action,
            reason,
            code,
            best.field,
            best.rotation,
            code[best.rotation :] + code[: best.rotation],
            best.points,
            best_points,
            best.reply,
            value,
            text,
        ),
    )


def _reason(best: Appraisal, greedy: Appraisal) -> HintReason:
    if best.points >= greedy.points:
        return HintReason.MOST_POINTS
    gains = {
        HintReason.DENY: greedy.reply - best.reply,
        HintReason.SET_UP: best.follow - greedy.follow,
        HintReason.SHED: best.shed - greedy.shed + best.stuck - greedy.stuck,
    }
    return max(gains, key=lambda r: gains[r])


def _stuck_hard(state: SpectrangleState, seat: int) -> _HardChoice:
    """Nothing fits: pass if that ends the game with this side ahead, else exchange the tile
    least worth keeping (late in the game the highest, which would be deducted), else pass."""
    hand = state.hands[seat]
    if state.bag_count == 0 or _passing_wins(state, seat):
        reason = HintReason.PASS if state.bag_count == 0 else HintReason.END_GAME
        text = (
            "nothing fits and the bag is empty: pass"
            if reason is HintReason.PASS
            else "nothing fits: pass, which ends the game with you ahead"
        )
        action: Action = Pass(seat)
        tile = None
    else:
        if state.bag_count <= HARD_WEIGHTS.shed_from:
            t = max(hand, key=lambda t: (VALUES[t], -t))
        else:
            t = min(hand, key=lambda t: (_KEEP[t], t))
        reason, text, tile = HintReason.EXCHANGE, _exchange_text(t), TILE_CODES[t]
        action = Exchange(seat, tile)
    return _HardChoice(
        Decision(action, None, text),
        Hint(action, reason, tile, None, None, None, 0, 0, None, None, text),
    )


def _passing_wins(state: SpectrangleState, seat: int) -> bool:
    """Whether a pass now completes a round of passes and leaves this side alone in front."""
    if state.passes_in_a_row + 1 < len(state.active_seats()):
        return False
    after = state.copy()
    after.apply(Pass(seat))
    winners = after.winners()
    return bool(winners) and all(after.team_of(s) == after.team_of(seat) for s in winners)


# ------------------------------------------------------------------ words


def _place_text(tile: int, field: int, rotation: int, points: int) -> str:
    code = TILE_CODES[tile]
    side = "bottom" if FIELDS[field].up else "top"
    return (
        f"place {code} on field {field}, rotation {rotation} ({code[rotation]} on the {side}"
        f" side): {points} points now"
    )


def _exchange_text(tile: int) -> str:
    return f"nothing fits: exchange {TILE_CODES[tile]} for a tile from the bag"
