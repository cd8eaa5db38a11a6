"""Computer players for Würfelmarsch (easy, normal, hard). Pure: the state is never changed.

- **easy** tips a random die in a random legal direction (it rotates only when no die can
  tip): a legal but aimless player.
- **normal** looks one move ahead: it tries every tip and takes the one whose position scores
  best for it (``evaluate``: how far its leading dice have marched toward its corner, dice left
  on the plate, captured dice, all against the strongest opponent; a win beats everything).
- **hard** looks three moves ahead: for each of its tips it lets the next two players answer as
  *normal* would, then scores the position. So it sees a capture or a corner coming one round
  ahead, blocks it when it can, and keeps its own dice out of funnels the others can close.

``decide(state, level, rng)`` returns a ``games.common.ai.Decision`` (action, expected value,
a few words why). The same ``rng`` gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.common.ai import Decision, Level
from games.das_spiel import geometry as g
from games.das_spiel.sides import side_of_seat
from games.das_spiel.wuerfelmarsch.state import SEATS, TARGETS, Action, Tip, WmState

__all__ = ["WIN", "decide", "evaluate"]

WIN = 1_000_000.0
LEAD = 10.0  # per step of the seat's most advanced die toward its corner
SECOND = 3.0  # per step of its second most advanced die
MATERIAL = 4.0  # per own die on the plate
SCORE = 4.0  # per point of score (captured − removed)
GUARD = 12.0  # per step a die of the seat stands nearer another seat's corner (hard only)
BLOCKED = 4.0  # steps a seat's lead counts less while another seat's die sits in its corner


def _strength(state: WmState, seat: int, blocks: bool) -> float:
    axis = side_of_seat(seat)
    steps = sorted((g.POSITIONS[i][axis] for i in g.bits(state.owned[seat])), reverse=True)
    lead = steps[0] if steps else 0
    second = steps[1] if len(steps) > 1 else 0
    if blocks and state.pyramid.occupied >> TARGETS[seat] & 1:
        lead -= BLOCKED  # the corner is taken: the die must be captured first
    return LEAD * lead + SECOND * second + MATERIAL * len(steps) + SCORE * state.score(seat)


def _guard(state: WmState, seat: int) -> float:
    """How close ``seat``'s dice stand to the other seats' corners (3 in the corner, 2 next to
    it, 1 two steps away): a die there blocks a corner for good."""
    total = 0.0
    for other in range(SEATS):
        if other != seat:
            corner = TARGETS[other]
            near = max((3 - _DISTANCE[corner][i] for i in g.bits(state.owned[seat])), default=0)
            total += max(0, near)
    return GUARD * total


def _distance(p: int, q: int) -> int:
    """Steps between two hollows of the plate on its triangular grid."""
    return max(abs(a - b) for a, b in zip(g.POSITIONS[p], g.POSITIONS[q], strict=True))


_DISTANCE: tuple[dict[int, int], ...] = tuple(
    {i: _distance(c, i) for i in g.bits(g.BOTTOM_MASK)} if c in TARGETS else {}
    for c in range(g.COUNT)
)


def evaluate(state: WmState, seat: int, blocks: bool = False) -> float:
    """How good ``state`` is for ``seat``: a win or loss if the game is over, else its strength
    minus the strongest opponent's. With ``blocks`` a corner taken by another seat's die counts
    against the seat whose target it is."""
    if state.finished:
        return WIN if seat in state.winners else -WIN
    mine = _strength(state, seat, blocks) + (_guard(state, seat) if blocks else 0.0)
    return mine - max(_strength(state, s, blocks) for s in range(SEATS) if s != seat)


def decide(state: WmState, level: Level, rng: random.Random | None = None) -> Decision[Action]:
    """The action of the seat on turn at ``level``."""
    seat = state.current
    if seat is None:
        raise ValueError("the game is over: nobody is on turn")
    rng = rng or random.Random(f"{state.turn}:{state.pyramid.occupied}")
    if level is Level.EASY:
        return _easy(state, seat, rng)
    if level is Level.NORMAL:
        return _normal(state, seat, rng)
    return _hard(state, seat, rng)


def _describe(action: Action) -> str:
    if isinstance(action, Tip):
        return f"tip {g.LABELS[action.frm]} to {g.LABELS[action.to]}"
    return f"turn {g.LABELS[action.pos]} to {''.join(map(str, action.orientation))}"


def _easy(state: WmState, seat: int, rng: random.Random) -> Decision[Action]:
    actions: list[Action] = list(state.tips(seat)) or list(state.rotations(seat))
    action = rng.choice(actions)
    return Decision(action, None, f"{_describe(action)}: a random move")


def _candidates(state: WmState, seat: int) -> list[Action]:
    """The moves the thinking levels weigh: every tip, or every rotation when nothing tips."""
    tips: list[Action] = list(state.tips(seat))
    return tips or list(state.rotations(seat))


def _greedy(state: WmState, seat: int) -> tuple[Action, WmState, float]:
    """Normal's choice without chance: the first best tip by ``evaluate`` one move ahead."""
    best: tuple[Action, WmState, float] | None = None
    for action in _candidates(state, seat):
        after = state.copy()
        after.apply(action)
        value = evaluate(after, seat)
        if best is None or value > best[2]:
            best = (action, after, value)
            if value >= WIN:
                break
    assert best is not None
    return best


def _pick(
    state: WmState, seat: int, rng: random.Random, value_of: Callable[[WmState], float], why: str
) -> Decision[Action]:
    """Score every candidate by ``value_of`` the position after it; a random one of the best."""
    scored: list[tuple[float, Action]] = []
    for action in _candidates(state, seat):
        after = state.copy()
        after.apply(action)
        scored.append((value_of(after), action))
        if scored[-1][0] >= WIN:
            break
    top = max(v for v, _ in scored)
    action = rng.choice([a for v, a in scored if v == top])
    return Decision(action, top, f"{_describe(action)}: {why}")


def _normal(state: WmState, seat: int, rng: random.Random) -> Decision[Action]:
    return _pick(state, seat, rng, lambda after: evaluate(after, seat), "best one move ahead")


def _reply_line(state: WmState, seat: int) -> WmState:
    """Let the others answer as *normal* would until it is ``seat``'s turn again (at most two
    replies) or the game ends."""
    for _ in range(SEATS - 1):
        other = state.current
        if other is None or other == seat:
            break
        _action, state, _value = _greedy(state, other)
    return state


def _hard(state: WmState, seat: int, rng: random.Random) -> Decision[Action]:
    def value_of(after: WmState) -> float:
        line = after if after.finished else _reply_line(after, seat)
        return evaluate(line, seat, blocks=True)

    return _pick(state, seat, rng, value_of, "best after the others' replies")
