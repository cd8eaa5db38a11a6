"""Replay figures per game (issue 27): a viewer's step, and the animated replay.

    python benchmarks/bench_replay.py [--seeds 6] [--no-gif] [--kinds spexxx raffzahn]
        [--clock cpu]   # CPU time of the process: steady on a busy machine

For each game, the longest of ``--seeds`` whole games played by normal computers at the most
seats, the renderers warmed as at the bot's start. **Step**: what a click in the viewer costs
the bot beyond Discord: the step's words and picture (``ReplayBook.view``, the picture drawn
or found drawn), stepping ▶ through the whole game from a cold book (the first click rebuilds
the game's states), then ◀ back, then 200 jumps of the turn select to random steps; median
and p99 in ms (target: median ≤ 40, p99 ≤ 120); "▶": the first pass alone, where every
step's picture is drawn. **GIF**: the whole game as the animated replay (each step's picture
drawn, a long game's every n-th as the bot does, then ``renderers.animation.animate``):
seconds, size, frames and width. "first": a game's first click, on renderers already warm.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.clocks import CLOCKS, add_clock_option
from bot.adapters import installed
from bot.contract.capabilities import computers, live_rounds
from bot.contract.models import GameRow, Player, Status
from bot.core.replays import ReplayBook, picture_key
from games.common.dice import SeededDice
from locales import translator
from renderers.animation import animate, spread


def played(kind: str, seed: int) -> GameRow:
    """A whole game of ``kind`` by normal computers at its most seats, as stored (its log)."""
    game = installed()[kind]
    info, live, cpu = game.info, live_rounds(game), computers(game)
    seats = info.max_seats
    options = {info.option.name: info.option.default} if info.option else {}
    players = [Player(0, f"CPU {seat + 1}", "normal") for seat in range(seats)]
    row = GameRow(seed + 1, 1, 1, 1, kind, Status.RUNNING, players, options=options)
    row.game = game.new_game(seats, options, SeededDice(f"new:{seed}"))
    if live is not None:
        live.started(row, 1_000_000.0)
    for n in range(50_000):
        if game.finished(row.game):
            row.status = Status.FINISHED
            return row
        dice = SeededDice(f"{seed}:{n}")
        if live is not None:
            due = live.live_due(row.game)
            assert due is not None
            game.apply(row.game, live.live_step(row.game, due), dice)
        else:
            seat = game.current(row.game)
            assert seat is not None
            assert cpu is not None, f"{kind}: no computer players"
            move = cpu.computer_move(row.game, seat, "normal", f"{seed}:{n}")
            game.apply(row.game, move.action, dice)
    raise AssertionError(f"{kind}: no end")


def step(book: ReplayBook, row: GameRow, index: int, clock: Callable[[], float]) -> float:
    """One click: the step's view and its picture; ms."""
    t = translator("en")
    start = clock()
    view = book.view(t, row, index)
    if view.picture is not None:
        book.png(picture_key(row, "en", view.index, None), view.picture)
    return (clock() - start) * 1000


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(len(ordered) * 0.99) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--no-gif", action="store_true")
    parser.add_argument("--kinds", nargs="*", default=sorted(installed()))
    add_clock_option(parser)
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    print(
        f"{'game':14} {'steps':>5} {'▶ median':>8} {'▶ p99':>6} {'median ms':>9} {'p99 ms':>7}"
        f" {'first ms':>8}"
        f" {'gif s':>6} {'gif KB':>7} {'frames':>6} {'px':>4}"
    )
    for kind in args.kinds:
        installed()[kind].warm()  # as the bot does at start, and a first picture drawn:
        warm = ReplayBook(installed())  # "first" is a game's first click, not the process's
        other = played(kind, 99)
        for n in (0, 1, len(warm.rows(other)) - 1):
            view = warm.view(translator("en"), other, n)
            if view.picture is not None:
                warm.png(picture_key(other, "en", n, None), view.picture)
        book = ReplayBook(installed())
        rows = [played(kind, seed) for seed in range(args.seeds)]
        row = max(rows, key=lambda r: len(book.rows(r)))
        book = ReplayBook(installed())  # cold
        count = len(ReplayBook(installed()).rows(row))
        times = [step(book, row, n, clock) for n in range(count)]  # ▶ from a cold book
        first = times[0]
        times += [step(book, row, n, clock) for n in reversed(range(count))]  # ◀ back
        jumps = random.Random(kind)
        times += [step(book, row, jumps.randrange(count), clock) for _ in range(200)]  # the select
        cold = times[:count]
        line = (
            f"{kind:14} {count:>5} {statistics.median(cold):>8.1f} {p99(cold):>6.1f}"
            f" {statistics.median(times):>9.1f} {p99(times):>7.1f}"
            f" {first:>8.1f}"
        )
        if not args.no_gif:
            t = translator("en")
            start = clock()
            fresh = ReplayBook(installed())  # every picture drawn, as for a first animation
            kept = [n for n in spread(count) if fresh.view(t, row, n).picture is not None]
            pngs = [
                fresh.png(picture_key(row, "en", n, None), fresh.view(t, row, n).picture)
                for n in kept
            ]
            made = animate(pngs, [f"{kind} · {n}/{count - 1}" for n in kept])
            took = clock() - start
            line += f" {took:>6.2f} {len(made.data) / 1024:>7.0f} {made.frames:>6} {made.width:>4}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
