"""Computer players for Cui bono?: easy, normal and hard.

``decide(state, level, rng)`` returns the action of the seat on turn. It looks only at what the
seat may see (§3.4): it blanks the interior of the pile itself (``public``), so passing the full
state or ``CuiBono.view(seat)`` gives the same decision.

- **Easy** pulls any pullable die and puts it back into a random allowed funnel when there is
  one, else keeps it: a player who knows the rules and nothing more.
- **Normal** takes the fewest minus points now: a pull whose die can go back, else the cheapest
  die; it never keeps a die it could put back, and ends the game only when that wins.
- **Hard** looks one turn ahead for itself and the next seat. For every pull and every choice
  after it (each allowed funnel, or keep), the value is the minus points it takes now, set
  against what the next seat can expect on his turn in the pile it leaves (the cheapest of his
  pulls, and the average of them: an opponent who plays well, one who does not). Keeping the
  die that ends the game (CUI-4) is scored as the end: won, shared or lost. Interior colours
  it cannot see (a pull reveals the walls of the funnel it opens) are drawn at random from the
  dice not yet seen, so it never uses what it may not know.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from games.common.ai import Decision, Level
from games.das_spiel import geometry as g
from games.das_spiel.cui_bono.state import (
    COLOURS,
    Action,
    CuiState,
    Keep,
    Phase,
    Pull,
    Put,
    legal_funnels,
    public,
    pullable,
)
from games.das_spiel.pyramid import Colour, Die, Pyramid

__all__ = ["decide"]

BEST_REPLY = 0.5  # weight of the next seat's cheapest pull in his outlook
AVERAGE_REPLY = 0.5  # weight of the average over his pulls
END = 100.0  # the value of ending the game as the sole winner (a shared win: half)
SAMPLES = 2  # fillings of the unseen interior the hard pull is averaged over
_FILL_ORIENTATION = (1, 2, 4)  # a stand-in die's pips (they never matter in Cui bono?)
_BOX = Counter(dict.fromkeys(COLOURS, 55))


def decide(state: CuiState, level: Level, rng: random.Random | None = None) -> Decision[Action]:
    """The action of the seat on turn at ``level``; never mutates ``state``."""
    seat = state.current
    if seat is None:
        raise ValueError("the game is over")
    rng = rng or random.Random(f"{state.pyramid.occupied}:{seat}:{state.phase}")
    if level is Level.EASY:
        return _easy(state, seat, rng)
    seen = public(state.pyramid)
    ctx = _ctx(state, seat, reply=level is Level.HARD)
    if state.phase is Phase.PULL:
        return _pull(state, seen, ctx, rng)
    return _place(state, seen, ctx)


def _easy(state: CuiState, seat: int, rng: random.Random) -> Decision[Action]:
    if state.phase is Phase.PULL:
        b = rng.choice(g.bits(pullable(state.pyramid.occupied)))
        return Decision(Pull(seat, b), None, f"pull {g.LABELS[b]}")
    funnels = g.bits(state.funnels)
    if funnels:
        q = rng.choice(funnels)
        return Decision(Put(seat, q), None, f"put back into {g.LABELS[q]}")
    return Decision(Keep(seat), None, "nowhere to put it back")


# ------------------------------------------------------------------------ normal, hard


@dataclass(frozen=True, slots=True)
class _Ctx:
    """What the evaluation needs besides the pile: whose turn, the scores and the rules."""

    seat: int
    nxt: int
    penalty: dict[Colour, int]
    points: tuple[int, ...]
    dice: tuple[int, ...]
    limit: int
    reply: bool  # hard: weigh the next seat's outlook


def _ctx(state: CuiState, seat: int, *, reply: bool) -> _Ctx:
    return _Ctx(
        seat,
        (seat + 1) % state.seats,
        state.penalty,
        tuple(state.minus_points(s) for s in range(state.seats)),
        tuple(len(k) for k in state.kept),
        state.dice_limit,
        reply,
    )


def _pull(state: CuiState, seen: Pyramid, ctx: _Ctx, rng: random.Random) -> Decision[Action]:
    seat = ctx.seat
    pulls = g.bits(pullable(seen.occupied))
    totals = dict.fromkeys(pulls, 0.0)
    for _ in range(SAMPLES if ctx.reply else 1):
        filled = _fill(state, seen, rng)
        for b in pulls:
            after, die, _vacated = filled.pull(b)
            totals[b] += max(v for v, _a in _options(after, die.colour, ctx))
    best = max(pulls, key=lambda b: (totals[b], -b))
    value = totals[best] / (SAMPLES if ctx.reply else 1)
    return Decision(Pull(seat, best), value, f"pull {g.LABELS[best]} (outlook {value:+.1f})")


def _place(state: CuiState, seen: Pyramid, ctx: _Ctx) -> Decision[Action]:
    assert state.held is not None
    seat = ctx.seat
    # The walls of every funnel are on the surface, so this needs no filling: only the next
    # seat's prospects can hang on interior colours, and those count as unknown (see _reply).
    value, action = max(_options(seen, state.held.colour, ctx), key=lambda o: (o[0], _rank(o[1])))
    if isinstance(action, Put):
        return Decision(Put(seat, action.pos), value, f"put back into {g.LABELS[action.pos]}")
    return Decision(Keep(seat), value, "keep it")


def _rank(action: Action) -> int:
    """Tie-break: a put-back before keeping, then the lowest funnel."""
    return 1 if isinstance(action, Keep) else -action.pos  # type: ignore[union-attr]


def _options(after: Pyramid, colour: Colour, ctx: _Ctx) -> list[tuple[float, Action]]:
    """Every choice for the held die of ``colour`` in the pile ``after`` the pull, valued."""
    out: list[tuple[float, Action]] = []
    for q in g.bits(legal_funnels(after, colour)):
        out.append((_reply(after.place(q, Die(colour, _FILL_ORIENTATION)), ctx), Put(ctx.seat, q)))
    cost = ctx.penalty[colour]
    if ctx.dice[ctx.seat] + 1 >= ctx.limit:
        out.append((_end_value(ctx, cost), Keep(ctx.seat)))
    else:
        out.append((_reply(after, ctx) - cost, Keep(ctx.seat)))
    return out


def _end_value(ctx: _Ctx, cost: int) -> float:
    """Keeping this die ends the game: fewest points, then fewest dice, win (CUI-5)."""
    key = [(p, n) for p, n in zip(ctx.points, ctx.dice, strict=True)]
    key[ctx.seat] = (key[ctx.seat][0] + cost, key[ctx.seat][1] + 1)
    best = min(key)
    if key[ctx.seat] != best:
        return -END
    return END / sum(1 for k in key if k == best)


def _reply(pile: Pyramid, ctx: _Ctx) -> float:
    """The minus points the next seat can expect on his turn in ``pile``: the cheapest of his
    pulls and their average. A die whose colour this seat cannot know counts at the average
    penalty, and a funnel whose walls it cannot know as closed."""
    if not ctx.reply:
        return 0.0
    costs = []
    for b in g.bits(pullable(pile.occupied)):
        die = pile.dice[b]
        if die is None:
            costs.append(sum(ctx.penalty.values()) / len(ctx.penalty))
            continue
        after, _die, _vacated = pile.pull(b)
        try:
            open_ = legal_funnels(after, die.colour) != 0
        except ValueError:  # a wall this seat has not seen
            open_ = False
        costs.append(0.0 if open_ else float(ctx.penalty[die.colour]))
    if not costs:
        return 0.0
    return BEST_REPLY * min(costs) + AVERAGE_REPLY * sum(costs) / len(costs)


def _fill(state: CuiState, seen: Pyramid, rng: random.Random) -> Pyramid:
    """``seen`` with every blank (interior) die given a colour drawn from the dice nobody has
    seen: the box's 55 of each colour minus the surface, the kept dice and the held die."""
    blanks = [i for i in g.bits(seen.occupied) if seen.dice[i] is None]
    if not blanks:
        return seen
    unseen = Counter(_BOX)
    unseen.subtract(die.colour for die in seen.dice if die is not None)
    for kept in state.kept:
        unseen.subtract(kept)
    if state.held is not None:
        unseen[state.held.colour] -= 1
    bag = [c for c in COLOURS for _ in range(max(0, unseen[c]))]
    rng.shuffle(bag)
    if len(bag) < len(blanks):  # a constructed pile need not hold the box's dice
        bag += [rng.choice(COLOURS) for _ in range(len(blanks) - len(bag))]
    return seen.replace({i: Die(bag[k], _FILL_ORIENTATION) for k, i in enumerate(blanks)})
