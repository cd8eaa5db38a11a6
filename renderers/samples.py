"""Sample images for docs/ and seeded positions for tests and the benchmark.

``python -m renderers.samples`` rewrites ``docs/sample-*.png`` from fixed seeds, so the pictures
in the docs can be regenerated after any change to the look.
"""

from __future__ import annotations

import random
from pathlib import Path

from games.common.dice import SeededDice
from games.spexxx.actions import Hold, Place, Throw
from games.spexxx.board import get_square
from games.spexxx.game import Game

SAMPLE_NAMES = ("Ann 🦄", "Benedikt von Lange-Schöneberg the Third", "محمد علي", "Ζωή ✨")


def play(
    seats: int, seed: int, turns: int | None = None, *, stop_after_throw: bool = False
) -> Game:
    """A seeded game of random legal moves, stopped after ``turns`` turns (None: to the end);
    with ``stop_after_throw`` the next player has thrown twice, holding some dice.

    Placing is preferred to holding, and squares next to one's own cubes are preferred, so
    the positions have Spexxx lines like real games.
    """
    game = Game.new(seats, SeededDice(seed))
    pick = random.Random(seed)
    while not game.state.finished and (turns is None or game.state.turn < turns):
        actions = game.legal_actions()
        places = [a for a in actions if isinstance(a, Place)]
        holds = [a for a in actions if isinstance(a, Hold)]
        throws = [a for a in actions if isinstance(a, Throw)]
        if places and (pick.random() < 0.6 or not (holds or throws)):
            game.apply(_best_place(game, places, pick))
        elif game.state.throws and holds and pick.random() < 0.5:
            game.apply(pick.choice(holds))
        elif throws:
            game.apply(throws[0])
        else:
            game.apply(pick.choice(actions))
    seat = game.state.current
    if stop_after_throw and seat is not None:
        game.apply(Throw(seat))
        game.apply(Hold(seat, frozenset({0, 3})))
        game.apply(Throw(seat))
    return game


def _best_place(game: Game, places: list[Place], pick: random.Random) -> Place:
    state = game.state

    def friends(action: Place) -> int:
        sq = get_square(action.square)
        assert sq is not None
        return sum(state.owners[n] == action.seat for n in sq.neighbours)

    best = max(friends(a) for a in places)
    return pick.choice([a for a in places if friends(a) == best])


SAMPLES = (  # file name, seats, seed, turns, allowed squares lit
    ("sample-turn.png", 4, 16, 36, False),
    ("sample-placing.png", 4, 16, 36, True),
)


def sample_images() -> dict[str, bytes]:
    """Every docs image by file name, drawn in memory (``write_samples`` writes them; the
    tests compare them with ``docs/``)."""
    from renderers.spexxx import render_final, render_legend, render_turn

    images = {}
    for filename, seats, seed, turns, placing in SAMPLES:
        state = play(seats, seed, turns, stop_after_throw=True).state
        images[filename] = render_turn(state, SAMPLE_NAMES, highlight_allowed=placing)
    images["sample-final.png"] = render_final(play(4, 16).state, SAMPLE_NAMES)
    images["sample-legend.png"] = render_legend()
    return images


def write_samples(out_dir: Path) -> list[Path]:
    """Write the docs images; returns their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in sample_images().items():
        path = out_dir / name
        path.write_bytes(data)
        written.append(path)
    return written


if __name__ == "__main__":
    for written in write_samples(Path(__file__).resolve().parents[1] / "docs"):
        print(written)
