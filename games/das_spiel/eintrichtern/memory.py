"""What a computer player of Eintrichtern knows: the table (``EinView``) plus the reveals it
remembers, and nothing else (an honest memory, issue 14).

A ``Memory`` is fed the public announcements (each ``Result``, as everyone at the table saw it)
in order; ``announcements(game)`` rebuilds them from a game's log, so the bot needs to store
nothing per computer. It never reads the plate. When a computer decides, ``recall`` turns the
memory into ``Knowledge`` through a recall model:

- ``PERFECT``: every revealed wall face, exactly (a player with notes; the hint).
- ``Human(takes_in, lasts, span, faces)``: a person's memory (issue 25). Each reveal is taken in
  with probability ``takes_in`` (attention: 8 s, other things going on); what is taken in lasts
  a number of lifts drawn around ``lasts``, then it is gone for good (a later showing of the
  same funnel can bring it back); at most ``span`` funnels are held at once, a new one pushing
  out the oldest. ``faces``: it keeps the three walls, not only the sum, and reasons over the
  dice. Every draw comes from ``seed`` and the lift's number, so the same game and seat recall
  the same things whenever the bot asks (replays and restarts agree), and what was forgotten
  stays forgotten.

``Knowledge.sum_odds(view)`` gives, per covered funnel, the probability of each sum 3…18. With
faces (``PERFECT``) it is exact Bayes over the dice: each yellow die's orientation is uniform
among the 24 that agree with every face seen (outer faces, open funnels' walls, remembered walls;
§3.2 draws them independently), and a funnel's three walls lie on three different dice. With sums
only, a remembered funnel has its sum and every other funnel the prior of three faces.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from games.das_spiel import geometry as g
from games.das_spiel.eintrichtern.game import Eintrichtern
from games.das_spiel.eintrichtern.state import EinState, Result
from games.das_spiel.eintrichtern.view import EinView
from games.das_spiel.orientation import ORIENTATIONS

__all__ = [
    "PERFECT",
    "SUMS",
    "Human",
    "Knowledge",
    "Memory",
    "RecallModel",
    "Seen",
    "announcements",
    "memory_of",
]

SUMS: Final = range(3, 19)
Odds = tuple[float, ...]  # index = sum (0…18); entries below 3 are 0


def _convolve(a: Odds, b: Odds) -> Odds:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        if pa:
            for j, pb in enumerate(b):
                out[i + j] += pa * pb
    return tuple(out)


_FACE: Final[Odds] = (0.0,) + (1 / 6,) * 6  # one face, uniform 1…6
PRIOR: Final[Odds] = _convolve(_convolve(_FACE, _FACE), _FACE)  # three faces: the 3d6 odds


@dataclass(frozen=True, slots=True)
class Seen:
    """One lift as the table saw it: the funnel, its walls, and how many lifts came before."""

    pos: int
    walls: tuple[int, int, int]
    at: int  # the lift's number in the game (0 for the first lift)


@dataclass(frozen=True, slots=True)
class Human:
    """A person's memory (see the module's docstring)."""

    takes_in: float  # the chance a reveal is taken in at all
    lasts: float  # lifts a sum taken in lasts, on average
    span: int  # funnels held at once
    faces: bool = False  # keeps the walls, not only the sum

    def lifetime(self, rng: random.Random) -> int:
        """How many lifts one sum taken in lasts: at least 1 (it is there for the next
        decision), ``lasts`` on average, sometimes much longer."""
        return max(1, math.ceil(rng.expovariate(1 / self.lasts)))


@dataclass(frozen=True, slots=True)
class _Perfect:
    pass


PERFECT: Final = _Perfect()
RecallModel = Human | _Perfect


@dataclass(slots=True)
class Memory:
    """Every reveal this player saw, in order (it forgets only when it recalls)."""

    reveals: list[Seen] = field(default_factory=list)
    lifts: int = 0

    def observe(self, result: Result) -> None:
        """One public announcement; only lifts carry something to remember."""
        if result.kind != "lift":
            return
        assert result.pos is not None and result.walls is not None
        self.reveals.append(Seen(result.pos, result.walls, self.lifts))
        self.lifts += 1

    def recall(self, model: RecallModel, seed: str) -> Knowledge:
        """What comes back to mind now, under ``model``; ``seed`` (the game's and the seat's)
        draws what was taken in and how long it lasts, lift by lift."""
        if isinstance(model, _Perfect):
            walls = {r.pos: r.walls for r in self.reveals}
            return Knowledge(walls=walls, sums={q: sum(w) for q, w in walls.items()})
        held: dict[int, tuple[Seen, int]] = {}  # funnel → its latest showing taken in, lifetime
        for r in self.reveals:
            held = {q: (s, life) for q, (s, life) in held.items() if r.at - s.at <= life}
            rng = random.Random(f"{seed}:{r.at}")
            if rng.random() < model.takes_in:
                held.pop(r.pos, None)
                held[r.pos] = (r, model.lifetime(rng))
                if len(held) > model.span:
                    del held[next(iter(held))]  # the oldest goes
        kept = [s for s, life in held.values() if self.lifts - s.at <= life]
        sums = {s.pos: sum(s.walls) for s in kept}
        walls = {s.pos: s.walls for s in kept} if model.faces else None
        return Knowledge(walls=walls, sums=sums)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a player has in mind at one moment: remembered sums, and walls if it keeps faces."""

    walls: Mapping[int, tuple[int, int, int]] | None  # None: it does not reason about faces
    sums: Mapping[int, int]

    def sum_odds(self, view: EinView) -> dict[int, Odds]:
        """Per covered funnel: the probability of each sum, given only this knowledge."""
        covered = g.bits(view.covered)
        if self.walls is None:
            out: dict[int, Odds] = {}
            for q in covered:
                s = self.sums.get(q)
                out[q] = PRIOR if s is None else tuple(float(i == s) for i in range(19))
            return out
        faces = view.faces()
        for q, walls in self.walls.items():
            for a, b in enumerate(g.SUPPORT_BY_AXIS[q]):
                faces[(b, a)] = walls[a]
        known: dict[int, list[tuple[int, int]]] = {}
        for (b, a), v in faces.items():
            known.setdefault(b, []).append((a, v))
        dice = {b: _DIE_ODDS[tuple(sorted(k))] for b, k in known.items()}
        out = {}
        done: dict[tuple[Odds, Odds, Odds], Odds] = {}  # most funnels share unknown walls
        for q in covered:
            sx, sy, sz = g.SUPPORT_BY_AXIS[q]
            key = (dice.get(sx, _UNKNOWN)[0], dice.get(sy, _UNKNOWN)[1], dice.get(sz, _UNKNOWN)[2])
            if key not in done:
                done[key] = _convolve(_convolve(key[0], key[1]), key[2])
            out[q] = done[key]
        return out


def _die_odds() -> Mapping[tuple[tuple[int, int], ...], tuple[Odds, Odds, Odds]]:
    """For every set of known faces ``((axis, pips), …)`` a real die can show: the odds of each
    of its three upper faces, its orientation uniform among the 24 that agree (GEN-3)."""
    keys = {
        tuple((a, o[a]) for a in axes)
        for o in ORIENTATIONS
        for axes in ((), (0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2))
    }
    table = {}
    for key in keys:
        fits = [o for o in ORIENTATIONS if all(o[a] == v for a, v in key)]
        table[key] = tuple(
            tuple(sum(o[a] == v for o in fits) / len(fits) for v in range(7)) for a in g.AXES
        )
    return MappingProxyType(table)  # type: ignore[arg-type]


_DIE_ODDS: Final = _die_odds()
_UNKNOWN: Final = _DIE_ODDS[()]


def announcements(game: Eintrichtern) -> list[Result]:
    """The public announcements of ``game`` so far, replayed from its log on its set-up.

    For computer players' memories only: every miss's sum is in here, and §8.5 forbids showing
    a covered funnel's sum anywhere but in its reveal, so never display this list."""
    state = game.state
    fresh = EinState(state.plate, state.players, state.start_seat)
    return [fresh.apply(a) for a in game.log]


def memory_of(game: Eintrichtern) -> Memory:
    """The memory of a computer that has watched ``game`` from its start."""
    memory = Memory()
    for result in announcements(game):
        memory.observe(result)
    return memory
