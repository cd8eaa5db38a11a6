"""Crash test: bot-driven games on one database, the bot process SIGKILLed at random points.

Run: .venv/bin/python benchmarks/crash_test.py [--runs 30] [--guilds 1] [--channels 4]

A child process runs the real bot in SimCord on a persistent SQLite file and plays games at
several tables, interleaved click by click, while virtual time runs on (turn timers expire,
computer players play). Tables differ: two people in a thread; a person against a computer; a
timed game whose second player never plays (the timer plays for them until they are removed);
a timed game in a channel without threads. Games are played to the end and new ones opened.

Around every action the child appends lines to a file with one unbuffered ``write``: ``begin``
before it, and after it an **ack** naming what the bot accepted by its content (game, turn,
throw, die, square; taken from the clicked component, never from the database). The parent
starts a kill timer once the child says it is ready, SIGKILLs it, and checks after every run:

* every acknowledged action is in its game's event log, found by replaying the log (computer
  and timer events in between do not matter); a missing one is a **loss**, counted over all
  runs (a loss is never forgotten, and expectations never come from the database);
* every stored state equals the replay of its log and SQLite's integrity check passes,
  otherwise the game is **corrupt**;
* a kill is **mid-action** when the last line is a ``begin`` without its end.

The next child rebuilds the same simulated servers (SimCord hands out the same ids), sets
Discord's clock to where the last one stopped and starts the bot: the bot itself must post
every running game again (its messages and threads are gone with the old simulated Discord, as
after a deleted message or thread). The child never runs ``/spexxx board``. The bot shows a turn
it had posted again at once, and a turn a kill left saved but never posted after the first retry
delay (``POST_RETRY_DELAYS[0]``, virtual seconds: another process might be posting it); a table
whose game was running and shows no turn by then is a **stall**.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.simdriver import MENTION, TURN, ids, options  # noqa: E402
from bot.adapters import installed  # noqa: E402

CHECKED = ("throw", "die", "sq", "discard")  # the clicks that add an event
KINDS = ("humans", "computer", "sleeper", "channel")  # table kinds, in turn
TIMER = 120  # seconds per turn at timed tables
ADVANCE = 30.0  # virtual seconds that pass per round of clicks (a timed turn: 4 rounds)
LOBBY = re.compile(r"Spexxx lobby #(\d+)")


# ---------------------------------------------------------------------- child


@dataclass
class Table:
    index: int
    kind: str
    guild: Any
    channel: Any
    players: list[Any]
    game: int | None = None  # the game this table plays, as the bot showed it
    turns: int = 0

    @property
    def sleeper(self) -> Any:
        return self.players[1] if self.kind == "sleeper" else None

    def places(self) -> list[Any]:
        return [self.channel, *self.channel.threads]

    def turn_message(self) -> Any:
        """The newest message with turn controls in the channel or its threads."""
        best = None
        for where in self.places():
            for message in reversed(where.history()[-8:]):
                if any(cid.startswith(TURN) for cid in ids(message)):
                    if best is None or message.id > best.id:
                        best = message
                    break
        return best

    def computer_playing(self) -> bool:
        """The newest message is a computer's turn: it plays on while time passes."""
        newest = max(
            (m for where in self.places() for m in where.history()[-3:]),
            key=lambda m: m.id,
            default=None,
        )
        return newest is not None and "🤖" in newest.content and "is playing" in newest.content

    def shows_turn(self, game: int) -> bool:
        message = self.turn_message()
        return message is not None and int(ids(message)[0].split(":")[2]) == game

    def shows_end(self, game: int) -> bool:
        return any(
            f"Spexxx #{game} is over" in m.content or f"Spexxx #{game} was cancelled" in m.content
            for where in self.places()
            for m in where.history()[-8:]
        )


class Log:
    """The child's line file: one unbuffered write per line, so a kill leaves whole lines."""

    def __init__(self, path: Path) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def write(self, **entry: Any) -> None:
        os.write(self.fd, (json.dumps(entry) + "\n").encode())


def build_world(env: Any, args: argparse.Namespace) -> list[Table]:
    """The same servers, channels and members in every child (same ids, same order)."""
    import discord

    no_threads = discord.PermissionOverwrite(create_public_threads=False)
    tables = []
    for g in range(args.guilds):
        guild = env.create_guild(f"guild {g}", id=1000 + g)
        for c in range(args.channels):
            kind = KINDS[c % len(KINDS)]
            overwrites = {guild.default_role: no_threads} if kind == "channel" else None
            channel = guild.create_text_channel(f"games-{c}", overwrites=overwrites)
            humans = 1 if kind == "computer" else 2
            players = [guild.add_member(env.create_user(f"p{g}-{c}-{i}")) for i in range(humans)]
            tables.append(Table(len(tables), kind, guild, channel, players))
    return tables


async def child(args: argparse.Namespace) -> int:
    import simcord

    from bot import create_bot
    from bot.core.dice import seeded_dice
    from bot.flow.posting import POST_RETRY_DELAYS

    past = read_lines(Path(args.acks))
    log = Log(Path(args.acks))
    bot = create_bot(database_path=args.db, dice=seeded_dice(args.seed), ai_delay=0)
    rng = random.Random(f"{args.seed}:{os.getpid()}")
    runner = simcord.run(bot, shard_count=1)
    env = runner._env  # the world exists before the bot starts, as Discord's does
    tables = build_world(env, args)
    # Discord's clock does not restart with the bot (SimCord's is otherwise private)
    env.backend.clock.elapsed = max((e["clock"] for e in past if "clock" in e), default=0.0)
    running = last_games(past)
    async with runner:
        # the bot posts its games again by itself (or finishes them): at once, or a turn it had
        # saved and not posted when it was killed once the first retry is due (virtual time).
        # "At once" is in virtual time: let start-up's recovery finish however slow this machine
        # is (SimCord's start stops waiting after 5 s of wall clock, which a loaded machine's
        # recovery, drawing every game's picture, can take). Waited for in wall clock, on a
        # thread: a longer settle would also run the bot's virtual sleeps (its retry delays)
        loop = asyncio.get_running_loop()
        for _ in range(400):  # at most 20 s
            if bot._resumed and not bot._recovering:
                break
            await loop.run_in_executor(None, time.sleep, 0.05)
        unshown = []
        for table in tables:
            game = running.get(table.index)
            if game is None:
                continue
            if table.shows_turn(game):
                table.game = game
            elif not table.shows_end(game):
                unshown.append((table, game))
                log.write(unshown=game, table=table.index)
        if unshown:
            await env.advance_time(POST_RETRY_DELAYS[0])
            log.write(clock=env.backend.clock.elapsed)
        stalls = 0
        for table, game in unshown:
            if table.shows_turn(game):
                table.game = game
                log.write(late=game, table=table.index)
            elif not table.shows_end(game):
                stalls += 1
                log.write(stall=game, table=table.index)
        log.write(ready=os.getpid(), stalls=stalls)

        async def act(table: Table, kind: str, run: Any, **ack: Any) -> bool:
            log.write(begin=kind, table=table.index)
            result = await run
            if not result.acknowledged or result.ephemeral:
                text = result.response.content if result.response else "no answer"
                log.write(refused=kind, table=table.index, why=text[:120])
                return False
            log.write(table=table.index, kind=kind, **ack)
            return True

        async def open_game(table: Table) -> None:
            host = table.players[0]
            options_ = {"variant": "children"}
            if table.kind in ("sleeper", "channel"):
                options_["timer"] = TIMER
            log.write(begin="new", table=table.index)
            r = await host.slash(table.channel, "spexxx new", **options_)
            found = LOBBY.search(r.response.content if r.response else "")
            if not r.acknowledged or r.ephemeral or found is None:
                why = r.response.content[:120] if r.response else "no answer"
                log.write(refused="new", table=table.index, why=why)
                # a lobby whose message went with the old Discord: its host cancels it
                await act(table, "cancel", host.slash(table.channel, "spexxx cancel"))
                return
            game = int(found.group(1))
            log.write(table=table.index, kind="new", game=game)
            lobby = table.channel.last_message
            if table.kind == "computer":
                cid = next(c for c in ids(lobby) if c.startswith("spx:addai:"))
                run = host.select(lobby, ["easy"], custom_id=cid)
                if not await act(table, "addai", run, game=game):
                    return
            else:
                if not await act(table, "join", table.players[1].click(lobby, label="Join")):
                    return
            lobby = table.channel.last_message
            if await act(table, "start", host.click(lobby, label="Start"), game=game):
                table.game, table.turns = game, 0

        async def step(table: Table) -> None:
            """One click of the player on turn at this table."""
            message = table.turn_message()
            if message is None and table.computer_playing():
                return
            if message is None:  # over, never started, or a lobby lost with the old Discord
                await open_game(table)
                return
            mention = MENTION.search(message.content)
            if mention is None:
                return  # a computer is on turn: it plays while time passes
            player = next((p for p in table.players if p.id == int(mention.group(1))), None)
            if player is None or player is table.sleeper:
                return  # the sleeper never plays: the timer plays for them
            cids = ids(message)

            def first(prefix: str) -> str | None:
                return next((c for c in cids if c.startswith(prefix)), None)

            def where(cid: str) -> dict[str, int]:
                parts = unversioned(cid)
                return {"game": int(parts[2]), "T": int(parts[3]), "k": int(parts[4])}

            sq, zone = first("spx:sq:"), first("spx:zone:")
            if sq or zone:
                cid = sq or zone
                assert cid is not None
                values = options(message, cid)
                value = rng.choice(values) if sq else values[0]
                run = player.select(message, [value], custom_id=cid)
                if sq:
                    if await act(table, "sq", run, square=value, **where(cid)):
                        table.turns += 1
                else:
                    await act(table, "zone", run, **where(cid))
                return
            throw = first("spx:throw:")
            if throw is None:
                return
            k = where(throw)["k"]
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
            ack = where(cid)
            if kind == "die":
                ack |= {"die": int(unversioned(cid)[5]), "hold": int(unversioned(cid)[6])}
            if await act(table, kind, player.click(message, custom_id=cid), **ack):
                table.turns += kind == "discard"

        steps = 0
        while args.max_steps is None or steps < args.max_steps:
            for table in tables:
                await step(table)
                steps += 1
            log.write(begin="advance")
            await env.advance_time(ADVANCE)  # timers expire, reminders, computers' pauses
            log.write(clock=env.backend.clock.elapsed)
            if env.errors:
                print(f"bot errors: {env.errors!r}", file=sys.stderr)
                return 3
        await bot.close()
    return 0


def last_games(lines: list[dict[str, Any]]) -> dict[int, int]:
    """Each table's game that was started and not seen ending: the bot must show it again."""
    games: dict[int, int] = {}
    for entry in lines:
        if entry.get("kind") == "start":
            games[entry["table"]] = entry["game"]
    return games


# --------------------------------------------------------------------- parent


def read_lines(path: Path) -> list[dict[str, Any]]:
    entries = []
    if not path.exists():
        return entries
    for line in path.read_bytes().split(b"\n"):
        try:
            entries.append(json.loads(line))
        except ValueError:
            continue  # an empty or half-written last line (the kill came mid-write)
    return entries


def unversioned(custom_id: str) -> list[str]:
    """A component id's parts without the game version (``spx:throw:3:v12:0:1``): the
    checker keys actions by Spexxx's own turn and throw counters, which every id carries."""
    parts = custom_id.split(":")
    return parts[:3] + parts[4:] if len(parts) > 3 and parts[3].startswith("v") else parts


def read_acks(path: Path) -> tuple[list[dict[str, Any]], int]:
    """(acknowledged actions, refused clicks)."""
    lines = read_lines(path)
    acks = [e for e in lines if "kind" in e]
    return acks, sum("refused" in e for e in lines)


def event_keys(setup: dict[str, Any], log: list[dict[str, Any]]) -> set[tuple[Any, ...]]:
    """What the stored log holds, as the clicks that could have made it: replayed event by
    event, each keyed by the turn (turn changes so far) and throw it happened at."""
    from games.spexxx import Game, Setup, event_from_dict

    game = Game(Setup.from_dict(setup))
    keys: set[tuple[Any, ...]] = set()
    for data in log:
        state = game.state
        turn, k = len(state.history) + sum(state.resigned), len(state.throws)
        try:
            game.record(event_from_dict(data))
        except Exception:
            break  # the rest of a broken log proves nothing
        kind = data["type"]
        if kind == "throw":
            keys.add(("throw", turn, k))
        elif kind == "hold":
            keys.update(("die", turn, k, d, int(d in data["dice"])) for d in range(5))
        elif kind == "place":
            keys.add(("sq", turn, k, data["square"]))
        elif kind == "discard":
            keys.add(("discard", turn, k))
    return keys


def ack_key(ack: dict[str, Any]) -> tuple[Any, ...]:
    kind = ack["kind"]
    key: tuple[Any, ...] = (kind, ack["T"], ack["k"])
    if kind == "die":
        key += (ack["die"], ack["hold"])
    elif kind == "sq":
        key += (ack["square"],)
    return key


def check_acks(db_path: Path, acks: list[dict[str, Any]]) -> list[str]:
    """Acknowledged actions that are not in the database."""
    losses = []
    with sqlite3.connect(db_path) as db:
        stored: dict[int, tuple[str, set[tuple[Any, ...]]]] = {}
        for game_id, status, setup in db.execute("SELECT id, status, setup FROM games"):
            log = [
                json.loads(e)
                for (e,) in db.execute(
                    "SELECT event FROM game_events WHERE game_id = ? ORDER BY seq", (game_id,)
                )
            ]
            keys = event_keys(json.loads(setup), log) if setup else set()
            stored[game_id] = (status, keys)
    for ack in acks:
        game = ack.get("game")
        if game is None:
            continue
        if game not in stored:
            losses.append(f"game {game}: acked {ack['kind']}, but the game is not stored")
        elif ack["kind"] == "start" and stored[game][0] == "lobby":
            losses.append(f"game {game}: acked its start, stored as a lobby")
        elif ack["kind"] in CHECKED and ack_key(ack) not in stored[game][1]:
            losses.append(f"game {game}: acked {ack_key(ack)}, not in its log")
    return losses


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
    store = await SqliteGameStore.open(db_path, installed())
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


def statuses(db_path: Path) -> dict[int, tuple[str, bool]]:
    """Each game's status, and whether its turn was posted (``turn_message_id`` stored), as the
    next child finds them when it starts."""
    if not db_path.exists():
        return {}
    with sqlite3.connect(db_path) as db:
        try:
            rows = db.execute("SELECT id, status, turn_message_id IS NOT NULL FROM games")
            return {game: (status, bool(posted)) for game, status, posted in rows}
        except sqlite3.OperationalError:
            return {}  # no tables yet


def stalls_of(lines: list[dict[str, Any]], before: dict[int, tuple[str, bool]]) -> list[Any]:
    """A child's stalls: a game running when it started that it never saw again, or saw only
    after the retry delay although its turn had been posted (the bot posts that one at once).
    A game that had ended has its final message gone with the old Discord: not a stall."""
    stalls = []
    for entry in lines:
        status, posted = before.get(entry.get("stall", entry.get("late", 0)), ("", False))
        if status == "running" and ("stall" in entry or posted):
            stalls.append(entry)
    return stalls


def wait_ready(path: Path, pid: int, proc: subprocess.Popen[bytes], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        if any(e.get("ready") == pid for e in read_lines(path)[-50:]):
            return True
        time.sleep(0.02)
    return False


def parent(args: argparse.Namespace) -> dict[str, Any]:
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="spexxx-crash-"))
    workdir.mkdir(parents=True, exist_ok=True)
    db_path, ack_path = workdir / "crash.sqlite3", workdir / "acks.jsonl"
    rng = random.Random(args.seed)
    kills = crashes = mid_action = late = 0
    problems: list[str] = []
    losses: set[str] = set()  # over all runs: a loss found once stays a loss
    stalls: list[dict[str, Any]] = []
    started = time.perf_counter()
    for run in range(args.runs):
        cmd = [sys.executable, __file__, "--child", "--db", str(db_path), "--acks", str(ack_path)]
        cmd += ["--seed", str(args.seed), "--guilds", str(args.guilds)]
        cmd += ["--channels", str(args.channels)]
        before, seen = statuses(db_path), len(read_lines(ack_path))
        with open(workdir / f"child-{run}.log", "wb") as out:
            proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
            if wait_ready(ack_path, proc.pid, proc, timeout=120):
                delay = rng.uniform(args.min_delay, args.max_delay)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=delay)
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                kills += 1
            else:
                crashes += 1  # the child is never meant to stop on its own
                problems.append(f"run {run}: child exited {proc.returncode}, see {out.name}")
        lines = read_lines(ack_path)
        stalls += stalls_of(lines[seen:], before)
        unposted = [e["late"] for e in lines[seen:] if "late" in e]
        late += sum(before.get(game) == ("running", False) for game in unposted)
        if lines and "begin" in lines[-1]:
            mid_action += 1  # the kill came while the bot was handling an action
        acks, _ = read_acks(ack_path)
        losses.update(check_acks(db_path, acks))
        games, events, inconsistent = asyncio.run(check_consistency(db_path))
        problems += [f"run {run}: {p}" for p in inconsistent]
        if args.verbose:
            print(
                f"run {run}: {len(acks)} acks, {games} games, {events} events, "
                f"{len(losses)} losses",
                file=sys.stderr,
            )
    acks, refused = read_acks(ack_path)
    games, events, _ = asyncio.run(check_consistency(db_path))
    with sqlite3.connect(db_path) as db:
        finished = db.execute("SELECT COUNT(*) FROM games WHERE status = 'finished'").fetchone()[0]
    return {
        "runs": args.runs,
        "kills": kills,
        "kills_mid_action": mid_action,
        "child_crashes": crashes,
        "acked_actions": len(acks),
        "checked_actions": sum(a["kind"] in CHECKED for a in acks),
        "refused_clicks": refused,
        "games": games,
        "games_finished": finished,
        "events": events,
        "stalls": len(stalls),
        "late_turns": late,  # kills between a move's save and the next turn's post
        "losses": len(losses),
        "corrupt": len(problems),
        "details": (sorted(losses) + problems + [json.dumps(s) for s in stalls])[:20],
        "seconds": round(time.perf_counter() - started, 1),
        "workdir": str(workdir),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--guilds", type=int, default=1)
    parser.add_argument("--channels", type=int, default=4)
    parser.add_argument("--seed", default="crash")
    parser.add_argument("--min-delay", type=float, default=1.0, help="seconds after ready")
    parser.add_argument("--max-delay", type=float, default=10.0)
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
                print(f"{key:>16}: {value}")
        for line in figures["details"]:
            print("  " + line)
    return 0 if figures["losses"] == figures["corrupt"] == figures["stalls"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
