"""Crash test: bot-driven games on one database, the bot process SIGKILLed at random points.

Run: .venv/bin/python benchmarks/crash_test.py [--runs 30] [--guilds 2] [--channels 4]

A child process runs the real bot in SimCord on a persistent SQLite file and plays games in
several channels, interleaved click by click. After every click the bot accepted, the child
appends an "ack" line (game, kind, event count it must now have) to a file with one unbuffered
``write``. The parent kills the child with SIGKILL after a random delay, then checks:

* every acknowledged action is in the database (its event count, the kind of its last event,
  the status it reported), otherwise it counts as a **loss**;
* every stored state equals the replay of its event log (loaded through ``bot.storage``), and
  SQLite's integrity check passes, otherwise the game counts as **corrupt**.

The next child reopens the same database with the same guild, channel and user ids (SimCord
hands them out deterministically) and continues: running games through ``/spexxx board``,
orphaned lobbies through ``/spexxx cancel``. Games are played in channels (thread creation is
denied) because SimCord's threads do not survive into a new simulated Discord.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.simdriver import MENTION, TURN, ids, options  # noqa: E402

EVENT_OF_KIND = {"throw": "throw", "die": "hold", "sq": "place", "discard": "discard"}
ADDS_EVENT = set(EVENT_OF_KIND)


# ---------------------------------------------------------------------- child


@dataclass
class Table:
    guild: Any
    channel: Any
    players: list[Any]
    game_id: int | None = None
    events: int = 0
    turns: int = 0
    by_id: dict[int, Any] = field(default_factory=dict)

    def turn_message(self) -> Any:
        for message in reversed(self.channel.history()[-6:]):
            if any(cid.startswith(TURN) for cid in ids(message)):
                return message
        return None


class Acks:
    def __init__(self, path: Path) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def write(self, **entry: Any) -> None:
        os.write(self.fd, (json.dumps(entry) + "\n").encode())


async def child(args: argparse.Namespace) -> int:
    import discord
    import simcord

    from bot import create_bot
    from bot.dice import seeded_dice
    from bot.models import Status

    acks = Acks(Path(args.acks))
    bot = create_bot(database_path=args.db, dice=seeded_dice(args.seed))
    rng = random.Random(f"{args.seed}:{os.getpid()}")
    async with simcord.run(bot) as env:
        no_threads = discord.PermissionOverwrite(create_public_threads=False)
        tables: list[Table] = []
        for g in range(args.guilds):
            guild = env.create_guild(f"guild {g}", id=1000 + g)
            for c in range(args.channels):
                channel = guild.create_text_channel(f"games-{c}", overwrites={guild.me: no_threads})
                players = [guild.add_member(env.create_user(f"p{g}-{c}-{i}")) for i in range(2)]
                table = Table(guild, channel, players)
                table.by_id = {p.id: p for p in players}
                tables.append(table)

        async def accepted(table: Table, kind: str, result: Any) -> bool:
            if not result.acknowledged or result.ephemeral:
                text = result.response.content if result.response else "no answer"
                acks.write(refused=kind, game=table.game_id, why=text[:120])
                return False
            if kind in ADDS_EVENT:
                table.events += 1
            assert table.game_id is not None
            acks.write(guild=table.guild.id, game=table.game_id, kind=kind, events=table.events)
            return True

        async def open_game(table: Table) -> None:
            host, guest = table.players
            r = await host.slash(table.channel, "spexxx new")
            row = await bot.store.find_in_channel(table.guild.id, table.channel.id)
            assert row is not None and r.acknowledged
            table.game_id, table.events, table.turns = row.id, 0, 0
            acks.write(guild=table.guild.id, game=row.id, kind="new", events=0, status="lobby")
            r = await guest.click(table.channel.last_message, label="Join")
            await accepted(table, "join", r)
            r = await host.click(table.channel.last_message, label="Start")
            if await accepted(table, "start", r):
                acks.write(guild=table.guild.id, game=row.id, kind="started", status="running")

        async def resume(table: Table) -> None:
            row = await bot.store.find_in_channel(table.guild.id, table.channel.id)
            if row is None:
                await open_game(table)
                return
            host = table.by_id.get(row.host_id, table.players[0])
            if row.status is Status.LOBBY:  # its lobby message is gone with the old Discord
                await host.slash(table.channel, "spexxx cancel")
                await open_game(table)
                return
            table.game_id = row.id
            table.events = len(await bot.store.events_of(table.guild.id, row.id))
            r = await host.slash(table.channel, "spexxx board")
            assert r.acknowledged and not r.ephemeral, r.response.content if r.response else r

        async def step(table: Table) -> None:
            """One click of the player on turn in this table's game."""
            message = table.turn_message()
            if message is None:  # the game is over: a new one in this channel
                await open_game(table)
                return
            player = table.by_id[int(MENTION.search(message.content).group(1))]  # type: ignore[union-attr]
            cids = ids(message)

            def first(prefix: str) -> str | None:
                return next((c for c in cids if c.startswith(prefix)), None)

            sq, zone = first("spx:sq:"), first("spx:zone:")
            if sq or zone:
                kind = "sq" if sq else "zone"
                cid = sq or zone
                values = options(message, cid)
                value = rng.choice(values) if sq else values[0]
                r = await player.select(message, [value], custom_id=cid)
                if await accepted(table, kind, r) and sq:
                    table.turns += 1
                return
            throw = first("spx:throw:")
            assert throw is not None, cids
            k = int(throw.split(":")[4])
            hold_turn = table.turns % 3 == 0 and k == 1
            if k == 0 or (hold_turn and "held:" in message.content):
                kind, cid = "throw", throw
            elif hold_turn:
                kind, cid = "die", first("spx:die:")
            elif first("spx:discard:"):
                kind, cid = "discard", first("spx:discard:")
            else:
                kind, cid = "place", first("spx:place:")
            assert cid is not None
            r = await player.click(message, custom_id=cid)
            if await accepted(table, kind, r) and kind == "discard":
                table.turns += 1

        for table in tables:
            await resume(table)
        steps = 0
        while args.max_steps is None or steps < args.max_steps:
            for table in tables:
                await step(table)
                steps += 1
            errors = env.errors
            if errors:
                print(f"bot errors: {errors!r}", file=sys.stderr)
                return 3
        await bot.close()
    return 0


# --------------------------------------------------------------------- parent


def read_acks(path: Path) -> tuple[list[dict[str, Any]], int]:
    entries, refused = [], 0
    if not path.exists():
        return entries, refused
    for line in path.read_bytes().split(b"\n"):
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # an empty or half-written last line (the kill came mid-write)
        if "refused" in entry:
            refused += 1
        else:
            entries.append(entry)
    return entries, refused


async def check_consistency(db_path: Path) -> tuple[int, int, list[str]]:
    """(games, events, problems): each stored state == replay of its log, via bot.storage."""
    from bot.storage import SqliteGameStore
    from games.spexxx import Game

    problems = []
    with sqlite3.connect(db_path) as db:
        if db.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            problems.append("integrity_check failed")
        keys = db.execute("SELECT guild_id, id FROM games").fetchall()
        (events,) = db.execute("SELECT COUNT(*) FROM game_events").fetchone()
    store = await SqliteGameStore.open(db_path)
    try:
        for guild_id, game_id in keys:
            row = await store.get(guild_id, game_id)
            if row is None or row.game is None:
                continue
            log = await store.events_of(guild_id, game_id)
            try:
                replayed = Game.from_dict(
                    {"game": "spexxx", "setup": row.game.setup.to_dict(), "events": log}
                )
            except Exception as exc:
                problems.append(f"game {game_id}: replay fails: {exc}")
                continue
            if replayed.state.to_dict() != row.game.state.to_dict():
                problems.append(f"game {game_id}: stored state differs from its replay")
    finally:
        await store.close()
    return len(keys), events, problems


def check_acks(db_path: Path, acks: list[dict[str, Any]]) -> list[str]:
    """Acknowledged actions that are not in the database."""
    last: dict[int, dict[str, Any]] = {}
    status: dict[int, str] = {}
    for entry in acks:
        if "events" in entry:
            last[entry["game"]] = entry
        if "status" in entry:
            status[entry["game"]] = entry["status"]
    losses = []
    with sqlite3.connect(db_path) as db:
        for game_id, entry in last.items():
            stored = [
                json.loads(e)
                for (e,) in db.execute(
                    "SELECT event FROM game_events WHERE game_id = ? ORDER BY seq", (game_id,)
                )
            ]
            want = entry["events"]
            if len(stored) < want:
                losses.append(f"game {game_id}: acked {want} events, stored {len(stored)}")
            elif (
                entry["kind"] in EVENT_OF_KIND
                and stored[want - 1]["type"] != EVENT_OF_KIND[entry["kind"]]
            ):
                losses.append(f"game {game_id}: event {want - 1} is not the acked {entry['kind']}")
        for game_id, expected in status.items():
            row = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
            ok = {"lobby": {"lobby", "running", "cancelled"}, "running": {"running", "finished"}}
            if row is None or row[0] not in ok.get(expected, {expected}):
                losses.append(f"game {game_id}: acked {expected}, stored {row}")
    return losses


def parent(args: argparse.Namespace) -> dict[str, Any]:
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="spexxx-crash-"))
    workdir.mkdir(parents=True, exist_ok=True)
    db_path, ack_path = workdir / "crash.sqlite3", workdir / "acks.jsonl"
    rng = random.Random(args.seed)
    kills = crashes = kills_mid_play = 0
    acked_before = 0
    problems: list[str] = []
    losses: list[str] = []
    started = time.perf_counter()
    for run in range(args.runs):
        delay = rng.uniform(args.min_delay, args.max_delay)
        cmd = [sys.executable, __file__, "--child", "--db", str(db_path), "--acks", str(ack_path)]
        cmd += ["--seed", str(args.seed), "--guilds", str(args.guilds)]
        cmd += ["--channels", str(args.channels)]
        with open(workdir / f"child-{run}.log", "wb") as log:
            proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
            try:
                proc.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                kills += 1
            else:
                crashes += 1  # the child is never meant to stop on its own
                problems.append(f"run {run}: child exited {proc.returncode}, see {log.name}")
        acks, _ = read_acks(ack_path)
        if len(acks) > acked_before:
            kills_mid_play += 1  # this child was playing when it died (not still starting up)
        acked_before = len(acks)
        losses = check_acks(db_path, acks)
        games, events, inconsistent = asyncio.run(check_consistency(db_path))
        problems += [f"run {run}: {p}" for p in inconsistent]
        if args.verbose:
            print(
                f"run {run}: killed after {delay:.2f}s, {len(acks)} acks, {games} games, "
                f"{events} events, {len(losses)} losses",
                file=sys.stderr,
            )
    acks, refused = read_acks(ack_path)
    games, events, _ = asyncio.run(check_consistency(db_path))
    return {
        "runs": args.runs,
        "kills": kills,
        "kills_mid_play": kills_mid_play,
        "child_crashes": crashes,
        "acked_actions": len(acks),
        "refused_clicks": refused,
        "games": games,
        "events": events,
        "losses": len(losses),
        "corrupt": len(problems),
        "details": (losses + problems)[:20],
        "seconds": round(time.perf_counter() - started, 1),
        "workdir": str(workdir),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--guilds", type=int, default=2)
    parser.add_argument("--channels", type=int, default=4)
    parser.add_argument("--seed", default="crash")
    parser.add_argument("--min-delay", type=float, default=0.5, help="seconds before the kill")
    parser.add_argument("--max-delay", type=float, default=6.0)
    parser.add_argument("--workdir", help="keep the database and logs here")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--acks", help=argparse.SUPPRESS)
    parser.add_argument("--max-steps", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return asyncio.run(child(args))
    figures = parent(args)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            if key != "details":
                print(f"{key:>15}: {value}")
        for line in figures["details"]:
            print("  " + line)
    return 0 if figures["losses"] == figures["corrupt"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
