"""Seeded Spectrangle positions for the docs, the tests and the benchmark.

``python -m renderers.spectrangle.samples`` rewrites ``docs/spectrangle-*.png`` from fixed
seeds, so the pictures in the docs can be regenerated after any change to the look.
"""

from __future__ import annotations

import random
from pathlib import Path

from games.spectrangle.actions import Place
from games.spectrangle.game import Game
from games.spectrangle.tiles import TILE_BY_CODE

SAMPLE_NAMES = ("Ann 🦄", "Benedikt von Lange-Schöneberg the Third", "محمد علي", "Ζωή ✨")


def play(seats: int, seed: int, turns: int | None = None, *, teams: bool = False) -> Game:
    """A seeded game stopped after ``turns`` turns (None: to the end): mostly the placement
    that scores most, sometimes another, so boards fill as in real games."""
    game = Game.new(seats, seed, teams=teams)
    pick = random.Random(seed)
    while not game.finished and (turns is None or game.state.turn < turns):
        actions = game.legal_actions()
        places = [a for a in actions if isinstance(a, Place)]
        if not places:
            game.apply(actions[0])
            continue
        if pick.random() < 0.75:

            def points(action: Place) -> int:
                return game.state.points_for(TILE_BY_CODE[action.tile].index, action.field)

            best = max(points(a) for a in places)
            places = [a for a in places if points(a) == best]
        game.apply(pick.choice(places))
    return game


def sample_images() -> dict[str, bytes]:
    """Every docs image by file name, drawn in memory (``write_samples`` writes them; the
    tests compare them with ``docs/``)."""
    from renderers.spectrangle import render_board, render_final, render_placing

    mid = play(4, 3, 14).state
    seat = mid.current
    assert seat is not None
    team = play(4, 11, 22, teams=True).state
    images = {
        "spectrangle-board.png": render_board(mid, SAMPLE_NAMES),
        "spectrangle-placing.png": render_placing(mid, SAMPLE_NAMES, mid.hand(seat)[0]),
        "spectrangle-final.png": render_final(play(3, 8).state, SAMPLE_NAMES),
        "spectrangle-teams.png": render_board(team, SAMPLE_NAMES),
        "spectrangle-teams-final.png": render_final(
            play(4, 12, teams=True).state, SAMPLE_NAMES, lang="de"
        ),
    }
    return images


def write_samples(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, png in sample_images().items():
        path = out_dir / name
        path.write_bytes(png)
        written.append(path)
    return written


if __name__ == "__main__":
    for written in write_samples(Path(__file__).resolve().parents[2] / "docs"):
        print(written)
