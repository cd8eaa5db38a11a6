"""The Spectrangle adapter's share of a click: load the stored state, map the click, compose the
next turn message (words and controls; the picture is rendered apart, see bench_spectrangle_render).

Run ``.venv/bin/python benchmarks/bench_spectrangle_adapter.py``. Positions come from random 2–4
player games; it prints medians and p99s in ms next to a budget that leaves most of the 40 ms
click → response target to Discord, storage and the picture. A script, not a test.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.clocks import p99
from bot.adapters.spectrangle import ADAPTER
from bot.contract.adapter import Click, TurnView
from bot.contract.models import GameRow, Player, Status
from games.common.chance import SeededChance
from games.spectrangle.game import Game
from locales import Translator, translator

BUDGET_MS = 5.0  # per step, of the 40 ms a click may take in all
HINT_BUDGET_MS = 40.0


def positions(games: int) -> Iterator[tuple[GameRow, str]]:
    """Every position of ``games`` random games, with the stored state's JSON."""
    for n in range(games):
        seats = 2 + n % 3
        game = ADAPTER.new_game(seats, {}, SeededChance(n))
        players = [Player(10 + s, f"Player {s}") for s in range(seats)]
        row = GameRow(n, 1, 2, 10, ADAPTER.info.kind, Status.RUNNING, players, game=game)
        pick = random.Random(n)
        while not game.finished:
            yield row, json.dumps(ADAPTER.codec.dump(game))
            ADAPTER.apply(game, pick.choice(game.legal_actions(distinct=True)), SeededChance(n))


def timed(sample: list[float], step: Callable[..., object], *args: object) -> object:
    t0 = time.perf_counter()
    out = step(*args)
    sample.append((time.perf_counter() - t0) * 1000)
    return out


def load_stored(stored: str) -> Game:
    return ADAPTER.codec.load(*json.loads(stored))


def choose_tile(t: Translator, row: GameRow, seat: int, code: str) -> TurnView:
    out = ADAPTER.click(row, seat, Click("tile", (), (code,)), t)
    return ADAPTER.turn_view(t, row, out.screen)


def run(games: int, hint_every: int) -> dict[str, list[float]]:
    t = translator("en")
    samples: dict[str, list[float]] = {
        "load the stored state (JSON → game)": [],
        "turn message, board screen": [],
        "tile click + placing screen": [],
        "field click → Place": [],
        "hint click (hard AI)": [],
    }
    load, board, tile, field, hint = samples.values()
    for k, (row, stored) in enumerate(positions(games)):
        game = row.game
        assert isinstance(game, Game)
        seat = game.state.current
        assert seat is not None
        timed(load, load_stored, stored)
        timed(board, ADAPTER.turn_view, t, row)
        placements = game.legal_placements()
        if placements:
            place = placements[len(placements) // 2]
            timed(tile, choose_tile, t, row, seat, place.tile)
            args = (place.tile, str(place.rotation), "0")
            timed(field, ADAPTER.click, row, seat, Click("field", args, (str(place.field),)), t)
        if k % hint_every == 0:
            timed(hint, ADAPTER.click, row, seat, Click("hint"), t)
    return samples


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--hint-every", type=int, default=3, help="a hint every n positions")
    args = parser.parse_args(argv)
    for label, values in run(args.games, args.hint_every).items():
        budget = HINT_BUDGET_MS if label.startswith("hint") else BUDGET_MS
        median = statistics.median(values)
        verdict = "OK" if p99(values) <= budget else "SLOW"
        print(
            f"{label}: median {median:6.2f} ms   p99 {p99(values):6.2f} ms   "
            f"n {len(values)}   budget ≤ {budget:g} ms (p99)   {verdict}"
        )


if __name__ == "__main__":
    main()
