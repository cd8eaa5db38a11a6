"""Crash test over every game: the bot killed mid-action while Discord keeps what it shows.

Run: .venv/bin/python benchmarks/crash_all.py [--kills 300] [--seed crash] [--json]

``benchmarks/crash_test.py`` SIGKILLs a real process (SQLite's durability across a real death)
but plays Spexxx alone and restarts on an empty simulated Discord. This one keeps ONE SimCord
``Env`` (its messages, threads, ephemeral panels, clock) across restarts, as Discord does, and
kills the bot in-process at a chosen point:

* **Where the kill lands.** Every REST call the bot makes (SimCord's router, as
  ``tests/netfaults.py`` wraps it: interaction answers, posts, edits, thread creation) and every
  store call (a read, a write transaction) of the live bot is a kill point, counted from its
  start. Each life draws N at random from ``1..--span`` and dies at its N-th point, so kills
  spread over every await between a save and the posts after it, over start-up recovery, timer
  sweeps, computers, live rounds and redraws. At a REST point the call is either never made or
  made with its answer lost; at a store write either nothing is written or it is committed and
  the bot dies before it hears so.
* **How it dies.** ``Kill`` is a ``BaseException`` (no ``except Exception`` in the bot swallows
  it). From the kill on, every REST call of that bot generation (SimCord's bot scope) and every
  call on its store raises ``Kill`` too, and a write transaction under way cannot commit; its
  store connections are closed without committing anything more, its tasks are cancelled by
  ``env.restart_bot``, and a new bot starts on the same database file and the same ``Env``.
* **Who plays.** Tables in a server, one per game (2 people and an easy computer), plus timed
  tables whose second person never plays (the turn timer plays for them until they are removed,
  Raffzahn's roller is rolled for), and a channel without threads. People click the enabled
  controls they see (seeded random; the person a message calls, anyone in live games, their own
  ephemeral panels), several clicks at once in live rounds (``tests.together``), now and then
  resign or cancel; games are played to the end and new ones opened; virtual time runs on.

Checked, counted over all runs:

* **lost**: an action the bot answered (an edit or message showing the game at version V, a
  turn closed, a lobby opened, joined or started, a resignation or cancellation announced) that
  the database does not hold right after the answer, or whose events later disappear from the
  log (the first V events are remembered and compared after every life);
* **stalled**: after each restart and the bot's first retry delay (``POST_RETRY_DELAYS[0]`` +
  ``STALL_SLACK`` virtual s), a running game whose seat on turn is a person with no visible
  enabled control of the game's current version (live games: of its round message), that does
  not move on in ``PROGRESS_WINDOW`` virtual seconds either (computers, timers, due steps); a
  lobby without a visible lobby message with its buttons;
* **hidden shown past its time**: an Eintrichtern miss's sum ("👀 … no match") still shown
  ``8 s + HIDDEN_SLACK`` after it was shown (or after the restart, when the bot was down at 8 s:
  a dead bot cannot cover anything); Raffzahn pips (a wall cell ``6C1 5``) in a public message;
* **double posts**: two messages with enabled controls of the same game at the same version,
  or a game's final standings posted twice;
* and every stored state equals the replay of its log (each game through its adapter's codec),
  SQLite's integrity check passes. Bot errors other than the kill are reported too.

Figures (main at d71a353, 2026-11-27, five runs of seeds crash-a … crash-e, ``--span 300
--settle 2``, 2 shared cores): 315 kills (126 at store calls, 189 at REST calls: 27 interaction
answers, 23 channel edits, 11 posts …), 6,059 clicks, 4,274 answered actions checked, 130 games
started, 102 ended: **lost 0**, **stalled 2** (a Cui bono and an Eintrichtern turn whose message
kept the controls of the state before the kill), **hidden past its time 2** (Eintrichtern sums of
a computer's lift still shown 12 s after the reveal), **double posts 1** (an Eintrichtern turn
message and its half-time reminder both with live controls: the old one's deletion was killed),
0 states differing from their replay. Before the timers' first sweep waited for the bot to be
ready, every restart with a turn due logged "Parent channel not found" (10-16 per 20 kills).

After the fixes (main at 1e78c4b: recovery redraws a turn message left at an older version and
retires a second one with live controls; a cover re-armed at start-up holds its request of the
window; a cover does not wait for its game's lock), three runs of seeds crash-a, crash-b and
crash-d, ``--span 300 --settle 2``, with the test suite running beside them: 301 kills, 6,786
clicks, 4,778 answered actions checked, 102 games started, 83 ended: **lost 0**, **stalled 0**,
**double posts 0**, 0 states differing from their replay, 0 bot errors, but **hidden past its
time 3** (an easy computer's Eintrichtern miss seen 12 s after the reveal, in seed crash-d right
after a SimCord settle timeout while advancing time; not explained yet).

Explained: the bot's fault, not the settle timeouts. A trace of every cover (its due time, the
pacer's sends and waits) showed the cover running at its due time and its edit waiting in the
pacer: a person's miss and the computer's right after it are covered at the same second, the
pacer kept one request of the channel's window for covers, the channel's other four writes
(the next turns' posts and closes) took the rest, so the second cover waited for the window,
2.75-4.25 s (seen 10.5-12.25 s); the one settle timeout of that run was 1,159 virtual s earlier.
Fixed in 80b533d (each view due keeps its own request). Then (main at cc02ed2, the same seeds
and options, 100 kills each, other sessions' work beside them): 300 kills (188 at store calls,
112 at REST calls), 7,058 clicks, 4,917 answered actions checked, 115 games started, 95 ended,
25 SimCord settle timeouts:

    seed      kills  lost  stalled  double  inconsistent  bot errors  hidden past its time
    crash-a     100     0        0       0             0           0                     0
    crash-b     100     0        0       0             0           0                     0
    crash-d     100     0        0       0             0           0                     0

Traced runs of the same seeds before these (302 kills): 752 covers, none later than its due
time, or than the restart when the bot was dead at it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import logging
import os
import random
import re
import sqlite3
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STALL_SLACK = 5.0  # virtual s after the first retry delay before a turn must show
PROGRESS_WINDOW = 120.0  # virtual s a game with nobody's controls shown gets to move on by itself
HIDDEN_SLACK = 2.0  # virtual s past the 8 s a revealed sum may still show (see ``HiddenCheck``)
REVEAL_SECONDS = 8.0  # EIN-4
TIMER = 120  # the timed tables' turn timer
HANG_SECONDS = 240.0  # real seconds without progress before a run is stopped
ID = re.compile(r"^(?P<code>[a-z]{2,8}):(?P<action>[a-z]{1,12}):(?P<gid>\d+)(?::v(?P<ver>\d+))?")
LOBBY = re.compile(r"lobby #(\d+)")
MENTION = re.compile(r"<@(\d+)>")
PIPS = re.compile(r"\b\d[A-I]\d \d\b")  # a Raffzahn wall cell: the die's label and its pips
FINAL = re.compile(r"\*\*[^*\n]* #(\d+) is over\.\*\*")
LOBBY_ACTIONS = ("join", "leave", "start", "cancel", "addai", "rmai")


class Kill(BaseException):
    """The bot process dies here (a BaseException: the bot's ``except Exception`` lets it by)."""


# ---------------------------------------------------------------------------- the kill


class Killer:
    """Kill points of the live bot: its REST calls and store calls, counted; the N-th kills."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.env: Any = None
        self.bot: Any = None
        self.at: int | None = None  # the kill point of this life (None: never)
        self.count = 0
        self.fired: str | None = None  # where the kill landed
        self.dead_generations: set[int] = set()
        self.where: Counter[str] = Counter()
        self.store: Any = None  # the live bot's store

    def arm(self, at: int | None) -> None:
        self.at, self.count, self.fired = at, 0, None

    def _generation(self) -> int | None:
        from simcord._runtime import _BOT_SCOPE

        scope = _BOT_SCOPE.get()
        return None if scope is None or scope[0] is not self.env else scope[1]

    def _point(self, what: str) -> bool:
        """A kill point of the live bot: True when this one kills."""
        if self.fired is not None or self.at is None or not self.bot.is_ready():
            return False
        self.count += 1
        if self.count < self.at:
            return False
        self.fired = what
        self.store.kill_dead["dead"] = True
        self.where[what.split(" ")[0] + " " + _route(what)] += 1
        self.dead_generations.add(self.env._generation)
        return True

    def wrap_http(self, dispatch: Any) -> Any:
        def dispatching(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            generation = self._generation()
            if generation in self.dead_generations:
                raise Kill(f"{method} {path} after the kill")
            live = generation is not None and generation == self.env._generation
            if live and self._point(f"{method} {path}"):
                if self.rng.random() < 0.5:
                    dispatch(backend, method, path, **kwargs)  # done, the answer lost
                raise Kill(f"{method} {path}")
            return dispatch(backend, method, path, **kwargs)

        return dispatching

    def wrap_store(self, store: Any) -> None:
        """Kill points on the live store's reads and write transactions; once dead, every call
        raises, and a transaction under way cannot commit (``_exec`` runs its COMMIT)."""
        state = {"dead": False}
        store.kill_dead = state
        self.store = store
        read, transaction, execute = store._read, store._transaction, store._exec

        def point(what: str) -> bool:
            if state["dead"]:
                raise Kill(f"{what} after the kill")
            return store is self.store and self._point(what)

        async def _read(sql: str, params: Any = ()) -> Any:
            if point("store read"):
                raise Kill("store read")
            return await read(sql, params)

        async def _transaction(body: Any) -> Any:
            if point("store write"):
                if self.rng.random() < 0.5:
                    raise Kill("store write, not committed")
                state["dead"] = False  # this one write still goes through
                try:
                    await transaction(body)
                finally:
                    state["dead"] = True
                raise Kill("store write, committed")
            return await transaction(body)

        async def _exec(sql: str, params: Any = ()) -> Any:
            if state["dead"]:
                raise Kill("store statement after the kill")
            return await execute(sql, params)

        store._read, store._transaction, store._exec = _read, _transaction, _exec


def _route(what: str) -> str:
    """A REST path without its ids, to count where kills landed."""
    return re.sub(r"/\d+", "/*", re.sub(r"/[A-Za-z0-9_-]{30,}", "/*", what.split(" ", 1)[-1]))


class BotLog(logging.Handler):
    """The bot's error lines, by whether the live bot or a dead one logged them (a dead bot's
    work fails at once: not a finding)."""

    def __init__(self, killer: Killer) -> None:
        super().__init__(logging.ERROR)
        self.killer = killer
        self.live: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        generation = self.killer._generation()
        if generation is None or generation in self.killer.dead_generations:
            return
        if generation != self.killer.env._generation:
            return
        where = ""
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            if isinstance(exc, Kill):
                return
            tb = exc.__traceback__
            frames = []
            while tb is not None:
                code = tb.tb_frame.f_code
                if "/bot/" in code.co_filename:
                    frames.append(f"{Path(code.co_filename).name}:{tb.tb_lineno}")
                tb = tb.tb_next
            where = f" {exc!r} at {' > '.join(frames[-4:])}"
        self.live.append(f"{record.name}: {record.getMessage()}{where}"[:300])


# ---------------------------------------------------------------------------- the world


@dataclass
class TableSpec:
    group: str
    kind: str
    code: str
    computers: int = 1
    timer: int | None = None
    sleeper: bool = False  # the second person never plays: the timer plays for them
    threads: bool = True
    option: dict[str, str] = field(default_factory=dict)


SPECS = (
    TableSpec("spexxx", "spexxx", "spx", option={"variant": "children"}),
    TableSpec("spectrangle", "spectrangle", "spc"),
    TableSpec("dasspiel", "abquetschen", "abq"),
    TableSpec("dasspiel", "cuibono", "cui"),
    TableSpec("dasspiel", "raffzahn", "raf"),
    TableSpec("dasspiel", "buntekuh", "bk"),
    TableSpec("dasspiel", "eintrichtern", "ein"),
    TableSpec("dasspiel", "wuerfelmarsch", "wm"),
    TableSpec("spexxx", "spexxx", "spx", timer=TIMER, sleeper=True, option={"variant": "children"}),
    TableSpec("dasspiel", "eintrichtern", "ein", timer=TIMER, sleeper=True, threads=False),
    TableSpec("dasspiel", "raffzahn", "raf", timer=TIMER, sleeper=True),
)


@dataclass
class Table:
    spec: TableSpec
    guild: Any
    channel: Any
    people: list[Any]
    game: int | None = None

    @property
    def host(self) -> Any:
        return self.people[0]

    def active(self) -> list[Any]:
        return self.people[:1] if self.spec.sleeper else self.people

    def places(self) -> list[Any]:
        return [self.channel, *self.channel.threads[-3:]]


def controls(message: Any) -> list[Any]:
    """A message's enabled buttons and selects."""
    return [
        c
        for row in message.components
        for c in getattr(row, "children", [])
        if getattr(c, "custom_id", None) and not getattr(c, "disabled", False)
    ]


def parse(cid: str) -> dict[str, Any] | None:
    found = ID.match(cid)
    if found is None:
        return None
    ver = found["ver"]
    return {
        "code": found["code"],
        "action": found["action"],
        "game": int(found["gid"]),
        "version": None if ver is None else int(ver),
    }


def findings(messages: list[Any], now: float, restarted_at: float) -> list[tuple[str, Any, str]]:
    """(kind, key, text) of what one channel's messages show wrongly at POSIX time ``now``:

    * ``hidden``: an Eintrichtern miss's sum shown longer than its 8 s (counted from when the
      message was last edited to show it, or from the last restart if that is later: a dead bot
      covers nothing) plus ``HIDDEN_SLACK`` (the cover is an edit at exactly 8 s in virtual
      time, or at once on recovery; the slack allows for an edit paced behind others in its
      channel); Raffzahn wall cells with pips (``6C1 5``) in a public message;
    * ``double``: two messages with enabled controls of one game at one version; a game's
      final standings posted twice.
    """
    found: list[tuple[str, Any, str]] = []
    turns: dict[tuple[int, int], list[int]] = {}
    said: dict[int, str] = {}
    finals: dict[int, list[int]] = {}
    for m in messages:
        content = m.content or ""
        if "\N{EYES}" in content and "no match" in content:
            shown = (m.edited_at or m.created_at).timestamp()
            if now > max(shown, restarted_at) + REVEAL_SECONDS + HIDDEN_SLACK:
                text = f"a sum shown {now - shown:.0f} s: {content[:80]!r}"
                found.append(("hidden", ("sum", m.id, shown), text))
        if PIPS.search(content):
            found.append(("hidden", ("pips", m.id), f"pips in public: {content[:80]!r}"))
        for c in controls(m):
            p = parse(c.custom_id)
            if p and p["version"] is not None and p["action"] not in LOBBY_ACTIONS:
                ids_ = turns.setdefault((p["game"], p["version"]), [])
                if m.id not in ids_:
                    ids_.append(m.id)
                    said[m.id] = f"{m.id} {content[:70]!r} {[c.custom_id for c in controls(m)]}"[
                        :200
                    ]
        over = FINAL.search(content)
        if over and "discord.com/channels/" not in content:  # not the lobby's link to it
            finals.setdefault(int(over.group(1)), []).append(m.id)
    for (game, version), ids_ in turns.items():
        if len(ids_) > 1:
            text = f"game {game} v{version} live in messages " + " | ".join(said[i] for i in ids_)
            found.append(("double", ("turn", game, version), text))
    for game, ids_ in finals.items():
        if len(ids_) > 1:
            found.append(("double", ("final", game), f"game {game} final standings {ids_}"))
    return found


# ---------------------------------------------------------------------------- the database


class Db:
    """Read-only looks at the bot's SQLite file (committed data only, WAL)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None

    def conn(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        return self._db

    def game(self, game_id: int) -> dict[str, Any] | None:
        found = (
            self.conn()
            .execute(
                "SELECT kind, status, players, setup, state, thread_id, channel_id,"
                " turn_message_id, lobby_message_id,"
                " (SELECT COUNT(*) FROM game_events WHERE game_id = games.id)"
                " FROM games WHERE id = ?",
                (game_id,),
            )
            .fetchone()
        )
        if found is None:
            return None
        keys = ("kind", "status", "players", "setup", "state", "thread", "channel", "turn")
        row = dict(zip((*keys, "lobby", "events"), found, strict=True))
        row["players"] = json.loads(row["players"])
        return row

    def events(self, game_id: int) -> list[str]:
        return [
            e
            for (e,) in self.conn().execute(
                "SELECT event FROM game_events WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        ]

    def ids(self) -> list[int]:
        return [i for (i,) in self.conn().execute("SELECT id FROM games ORDER BY id")]

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def digest(events: list[str]) -> str:
    return hashlib.sha256("\n".join(events).encode()).hexdigest()


def loaded(row: dict[str, Any]) -> Any:
    from bot.adapters import installed

    game = installed()[row["kind"]]
    return game, game.codec.load(json.loads(row["setup"]), json.loads(row["state"]))


def consistency(db: Db) -> list[str]:
    """Every stored game equals the replay of its log; SQLite's own check passes."""
    from bot.adapters import installed

    problems = []
    conn = db.conn()
    if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
        problems.append("integrity_check failed")
    for game_id in db.ids():
        row = db.game(game_id)
        assert row is not None
        events = db.events(game_id)
        if row["setup"] is None:
            if events:
                problems.append(f"game {game_id}: a lobby with events")
            continue
        adapter = installed()[row["kind"]]
        try:
            setup = json.loads(row["setup"])
            logged = [adapter.codec.event_from_dict(json.loads(e)) for e in events]
            replayed = adapter.codec.replay(setup, logged)
            stored = adapter.codec.load(setup, json.loads(row["state"]))
        except Exception as exc:
            problems.append(f"game {game_id} ({row['kind']}): does not replay: {exc!r}")
            continue
        if not adapter.codec.same_state(replayed, stored):
            problems.append(f"game {game_id} ({row['kind']}): stored state is not its replay")
    return problems


# ---------------------------------------------------------------------------- the run


@dataclass
class Figures:
    kills: int = 0
    lost: int = 0
    stalled: int = 0
    hidden_past_time: int = 0
    double_posts: int = 0
    inconsistent: int = 0
    bot_errors: int = 0
    acked: int = 0
    refused: int = 0
    clicks: int = 0
    games_started: int = 0
    games_ended: int = 0
    checks: int = 0
    sim_timeouts: int = 0
    details: list[str] = field(default_factory=list)
    by_kind: Counter[str] = field(default_factory=Counter)

    def note(self, what: str, text: str) -> None:
        self.by_kind[what] += 1
        if len(self.details) < 60:
            self.details.append(f"{what}: {text}")


class CrashRun:
    def __init__(self, args: argparse.Namespace, workdir: Path) -> None:
        self.args = args
        self.rng = random.Random(f"{args.seed}:play")
        self.killer = Killer(random.Random(f"{args.seed}:kill"))
        self.workdir = workdir
        self.progress = time.perf_counter()
        self.finished = False
        self.db_path = workdir / "crash.sqlite3"
        self.db = Db(self.db_path)
        self.figures = Figures()
        self.tables: list[Table] = []
        self.acks: dict[tuple[int, int], str] = {}  # (game, version) → digest of those events
        self.seen_lost: set[str] = set()
        self.seen: set[tuple[Any, ...]] = set()  # hidden or double findings counted
        self.stalled_games: set[int] = set()
        self.restarted_at = 0.0  # POSIX time (virtual) of the last restart
        self.error_cursor = 0
        self.env: Any = None
        self.bot: Any = None

    # -------------------------------------------------------------- bots

    def make_bot(self) -> Any:
        from bot import create_bot
        from bot.core.dice import seeded_dice

        bot = create_bot(
            database_path=self.db_path, dice=seeded_dice(f"{self.args.seed}"), ai_delay=0
        )
        killer = self.killer
        hook = bot.setup_hook

        async def setup_hook() -> None:
            await hook()
            killer.wrap_store(bot.store)

        bot.setup_hook = setup_hook  # type: ignore[method-assign]
        return bot

    async def restart(self) -> None:
        """The dead bot's work ends (every call it makes raises), its store closes without
        committing more, and a new bot starts on the same file and the same Discord."""
        old = self.bot
        self.figures.kills += 1
        with contextlib.suppress(TimeoutError):
            await self.env.settle()
        await old.store._reader.close()
        await old.store._db.close()  # an open transaction is rolled back
        old.play.close_renderer()
        self.bot = self.killer.bot = self.make_bot()
        try:
            await self.env.restart_bot(self.bot)
        except TimeoutError as exc:
            # SimCord's settle deadline passed while the new bot started (CPU time on a busy
            # machine): SimCord detached it. That bot counts as killed too; start another.
            self.figures.sim_timeouts += 1
            self.figures.note("simcord", f"restart: {exc!r}"[:120])
            self.killer.dead_generations.add(self.env._generation)
            if self.bot.is_ready() or getattr(self.bot, "store", None) is not None:
                self.bot.store.kill_dead["dead"] = True
                await self.bot.store._reader.close()
                await self.bot.store._db.close()
            self.bot = self.killer.bot = self.env.bot = self.make_bot()
            await self.env.start()
        self.restarted_at = self.env.now().timestamp()
        self.arm()

    def arm(self) -> None:
        self.killer.arm(self.killer.rng.randint(1, self.args.span))

    def errors(self) -> None:
        """Bot errors other than the kill and what it caused."""
        for line in self.botlog.live:
            self.figures.bot_errors += 1
            self.figures.note("bot error log", line)
        self.botlog.live.clear()
        new = self.env._errors[self.error_cursor :]
        self.error_cursor = len(self.env._errors)
        for exc in new:
            chain: BaseException | None = exc
            killed = False
            seen = 0
            while chain is not None and seen < 20:
                if isinstance(chain, (Kill, asyncio.CancelledError)):
                    killed = True
                    break
                chain = chain.__cause__ or chain.__context__
                seen += 1
            if not killed:
                self.figures.bot_errors += 1
                self.figures.note("bot error", repr(exc)[:200])

    def dump(self, **extra: Any) -> None:
        """The figures so far, in the work directory (a run that hangs keeps what it found)."""
        figures = vars(self.figures) | {"by_kind": dict(self.figures.by_kind)} | extra
        (self.workdir / "figures.json").write_text(json.dumps(figures, indent=1))

    def watchdog(self) -> None:
        """A run that makes no progress for ``HANG_SECONDS`` of real time is stopped, its
        figures kept (a SimCord wait that never ends would otherwise lose them). A thread: a
        task's sleep would be on SimCord's virtual clock, which stands still then."""
        while not self.finished:
            time.sleep(5)
            if time.perf_counter() - self.progress > HANG_SECONDS:
                self.dump(hung=True)
                print(f"no progress for {HANG_SECONDS:.0f} s: stopped", file=sys.stderr)
                os._exit(3)

    async def after_op(self) -> None:
        self.progress = time.perf_counter()
        self.errors()
        if self.killer.fired is not None:
            await self.restart()
            await self.check_after_restart()
            self.dump()

    # -------------------------------------------------------------- acting

    async def op(self, run: Any) -> Any:
        """One of the people's operations; None if it died with the bot."""
        try:
            return await run
        except Kill:
            return None
        except TimeoutError as exc:  # SimCord's settle deadline (a slow render or computer)
            self.figures.sim_timeouts += 1
            self.figures.note("simcord", repr(exc)[:120])
            with contextlib.suppress(TimeoutError):
                await self.env.settle(timeout=30)
            return None

    def claim(self, r: Any, table: Table, cid: str | None, game: int | None) -> None:
        """What the bot's answer says is stored; checked against the database at once."""
        from simcord.backend.models.interaction import ResponseKind

        if r is None or not r.acknowledged:
            return
        kind = r._interaction.response_kind
        if kind not in (ResponseKind.MESSAGE, ResponseKind.UPDATE):
            return  # deferred (no word yet) or a modal
        response = r.response
        if response is None:
            return
        clicked = parse(cid) if cid else None
        if clicked is not None and clicked["action"] in LOBBY_ACTIONS and r.ephemeral is False:
            self.figures.acked += 1
            self.check_lobby_ack(clicked, response.content)
            return
        if clicked is None or game is None:
            return
        versions = [
            p["version"]
            for c in controls(response.message)
            if (p := parse(c.custom_id)) and p["game"] == game and p["version"] is not None
        ]
        version = max(versions) if versions else None
        if (
            version is None
            and kind == ResponseKind.UPDATE
            and not r.ephemeral
            and clicked["version"] is not None
            and table.spec.kind not in ("raffzahn", "buntekuh")
            and response.id == r._interaction.source_message_id
        ):
            version = clicked["version"] + 1  # the turn closed: its move stored
        if version is None:
            if r.ephemeral:
                self.figures.refused += 1
            return
        self.figures.acked += 1
        self.figures.by_kind[f"acked {table.spec.kind}"] += 1
        self.check_stored(game, version, f"{cid} answered at v{version}")

    def check_stored(self, game: int, version: int, what: str) -> None:
        events = self.db.events(game)
        if len(events) < version:
            self.lost(f"game {game}: {what}, {len(events)} events stored")
            return
        key = (game, version)
        if key not in self.acks:
            self.acks[key] = digest(events[:version])

    def lost(self, text: str) -> None:
        if text not in self.seen_lost:
            self.seen_lost.add(text)
            self.figures.lost += 1
            self.figures.note("lost", text)

    def check_lobby_ack(self, clicked: dict[str, Any], content: str) -> None:
        row = self.db.game(clicked["game"])
        action = clicked["action"]
        if row is None:
            self.lost(f"game {clicked['game']}: {action} answered, the game is not stored")
        elif action == "start" and "has started" in content and row["status"] == "lobby":
            self.lost(f"game {clicked['game']}: start answered, stored as a lobby")
        elif action == "cancel" and row["status"] == "lobby":
            self.lost(f"game {clicked['game']}: cancel answered, still a lobby")

    async def open_game(self, table: Table) -> None:
        spec = table.spec
        options = dict(spec.option)
        if spec.group == "dasspiel":
            options["game"] = spec.kind
        if spec.timer:
            options["timer"] = spec.timer
        r = await self.op(table.host.slash(table.channel, f"{spec.group} new", **options))
        self.figures.clicks += 1
        await self.after_op_quiet()
        if r is not None and r.ephemeral and r.response is not None:
            # "… is still open in this channel. Finish or cancel it first": a lobby whose
            # message a kill kept from showing (or a game left running here); as told, cancel
            if "cancel" in r.response.content:
                await self.slash(table, table.host, "cancel", table.channel)
            return
        if r is None or not r.acknowledged or r.ephemeral or r.response is None:
            return
        found = LOBBY.search(r.response.content)
        if found is None:
            return
        table.game = int(found.group(1))
        self.figures.acked += 1
        if self.db.game(table.game) is None:
            self.lost(f"game {table.game}: new answered, the lobby is not stored")

    async def after_op_quiet(self) -> None:
        await self.after_op()

    async def lobby_step(self, table: Table, row: dict[str, Any]) -> None:
        """Fill the seats (the second person joins, the host adds a computer), then start;
        now and then someone leaves or the host cancels."""
        assert table.game is not None
        lobby = self.find_lobby(table, table.game)
        if lobby is None:
            # the lobby message never showed (a kill before it was posted): its host cancels
            await self.slash(table, table.host, "cancel", table.channel)
            return
        cids = {parse(c.custom_id)["action"]: c for c in controls(lobby)}  # type: ignore[index]
        seated = {p["user_id"] for p in row["players"]}
        ais = sum(1 for p in row["players"] if p.get("ai"))
        roll = self.rng.random()
        if roll < 0.03 and "cancel" in cids:
            who, action = table.host, "cancel"
        elif table.people[1].id not in seated and "join" in cids:
            who, action = table.people[1], "join"
        elif ais < table.spec.computers and "addai" in cids:
            who, action = table.host, "addai"
        elif "start" in cids:
            who, action = table.host, "start"
        else:
            return
        item = cids[action]
        if action == "addai":
            run = who.select(lobby, ["easy"], custom_id=item.custom_id)
        else:
            run = who.click(lobby, custom_id=item.custom_id)
        r = await self.op(run)
        self.figures.clicks += 1
        self.claim(r, table, item.custom_id, table.game)
        if action == "start" and r is not None and r.acknowledged and not r.ephemeral:
            self.figures.games_started += 1
        await self.after_op()

    def find_lobby(self, table: Table, game: int) -> Any:
        for message in reversed(table.channel.history()[-30:]):
            for c in controls(message):
                p = parse(c.custom_id)
                if p and p["game"] == game and p["action"] in ("join", "start"):
                    return message
        return None

    async def slash(self, table: Table, who: Any, what: str, where: Any) -> None:
        r = await self.op(who.slash(where, f"{table.spec.group} {what}"))
        self.figures.clicks += 1
        game = table.game
        if r is not None and r.acknowledged and not r.ephemeral and game is not None:
            kind = r._interaction.response_kind
            from simcord.backend.models.interaction import ResponseKind

            if kind == ResponseKind.MESSAGE:
                self.figures.acked += 1
                row = self.db.game(game)
                if row is None:
                    self.lost(f"game {game}: {what} answered, the game is not stored")
                elif what == "cancel" and row["status"] in ("lobby", "running"):
                    self.lost(f"game {game}: cancel answered, stored as {row['status']}")
                elif what == "resign" and row["status"] == "running":
                    adapter, state = loaded(row)
                    seat = next(
                        (i for i, p in enumerate(row["players"]) if p["user_id"] == who.id), None
                    )
                    if seat is None or not adapter.resigned(state)[seat]:
                        self.lost(f"game {game}: resignation answered, not stored")
        await self.after_op()

    def candidates(self, table: Table) -> list[tuple[Any, Any, Any]]:
        """(person, message, control) a person of the table could click now, newest first."""
        found: list[tuple[Any, Any, Any]] = []
        game = table.game
        for where in table.places():
            for message in where.history()[-12:]:
                for c in controls(message):
                    p = parse(c.custom_id)
                    if p and p["game"] == game and p["action"] not in LOBBY_ACTIONS:
                        found.append((None, message, c))
            for person in table.active():
                for message in where.history(viewer=person)[-6:]:
                    if not message.flags.ephemeral:
                        continue
                    for c in controls(message):
                        p = parse(c.custom_id)
                        if p and p["game"] == game:
                            found.append((person, message, c))
        found.sort(key=lambda x: x[1].id, reverse=True)
        return found

    def who_clicks(self, table: Table, message: Any) -> Any:
        mentioned = [int(m) for m in MENTION.findall(message.content)]
        active = table.active()
        on = [p for p in active if p.id in mentioned]
        if on and self.rng.random() < 0.9:
            return on[0]
        if mentioned and not on and self.rng.random() < 0.9 and not self.live(table):
            return None  # the sleeper or nobody here: the timer plays
        return self.rng.choice(active)

    @staticmethod
    def live(table: Table) -> bool:
        return table.spec.kind in ("raffzahn", "buntekuh")

    def press(self, table: Table, person: Any, message: Any, item: Any) -> Any:
        from tests.together import Press

        values = None
        if hasattr(item, "options"):
            options = [o.value for o in item.options]
            values = self.rng.sample(options, max(1, min(item.min_values or 1, len(options))))
        return Press(person, message, item.custom_id, values)

    def pick(self, table: Table) -> list[Any]:
        found = self.candidates(table)
        if not found:
            return []
        newest = found[0][1].id
        pool = [f for f in found if f[1].id == newest or f[0] is not None]
        if self.rng.random() < 0.15:
            pool = found
        weights = [0.05 if parse(c.custom_id)["action"] == "hint" else 1.0 for _, _, c in pool]  # type: ignore[index]
        presses = []
        count = 1
        if self.live(table) and self.rng.random() < 0.4:
            count = self.rng.randint(2, 3)
        used: set[int] = set()
        for _ in range(count * 3):
            person, message, item = self.rng.choices(pool, weights)[0]
            if person is None:
                person = self.who_clicks(table, message)
            if person is None or person.id in used:
                continue
            used.add(person.id)
            presses.append(self.press(table, person, message, item))
            if len(presses) == count:
                break
        return presses

    async def play_step(self, table: Table) -> None:
        if table.game is None:
            await self.open_game(table)
            return
        row = self.db.game(table.game)
        if row is None or row["status"] in ("finished", "cancelled"):
            if row is not None:
                self.figures.games_ended += 1
            table.game = None
            await self.open_game(table)
            return
        if row["status"] == "lobby":
            await self.lobby_step(table, row)
            return
        roll = self.rng.random()
        where = table.channel
        if row["thread"]:
            where = next((t for t in table.channel.threads if t.id == row["thread"]), where)
        if roll < 0.004:
            await self.slash(table, self.rng.choice(table.active()), "resign", where)
            return
        if roll < 0.006:
            await self.slash(table, table.host, "cancel", where)
            return
        presses = self.pick(table)
        if not presses:
            return
        from tests.together import together

        if len(presses) == 1:
            p = presses[0]
            if p.values is None:
                run = p.actor.click(p.message, custom_id=p.custom_id)
            else:
                run = p.actor.select(p.message, list(p.values), custom_id=p.custom_id)
            results = [await self.op(run)]
        else:
            done = await self.op(together(self.env, presses))
            results = done if done is not None else [None] * len(presses)
        self.figures.clicks += len(presses)
        for p, r in zip(presses, results, strict=True):
            self.claim(r, table, p.custom_id, table.game)
        await self.after_op()

    async def advance(self, seconds: float) -> None:
        await self.op(self.env.advance_time(seconds))
        await self.after_op()

    # -------------------------------------------------------------- checks

    def check_view(self) -> None:
        """Hidden information and double posts, as Discord shows them now."""
        now = self.env.now().timestamp()
        for table in self.tables:
            for where in table.places():
                for kind, key, text in findings(where.history()[-30:], now, self.restarted_at):
                    if key in self.seen:
                        continue
                    self.seen.add(key)
                    if kind == "hidden":
                        self.figures.hidden_past_time += 1
                    else:
                        self.figures.double_posts += 1
                    self.figures.note(kind, text)

    def can_act(self, table: Table, game: int, row: dict[str, Any]) -> bool:
        """A person of the table sees an enabled control of the game's current state: of its
        current version, or (live games) on its round message."""
        for where in [table.channel, *table.channel.threads[-3:]]:
            for m in where.history()[-12:]:
                for c in controls(m):
                    p = parse(c.custom_id)
                    if p is None or p["game"] != game:
                        continue
                    if p["version"] == row["events"]:
                        return True
                    if self.live(table) and m.id == row["turn"]:
                        return True
        return False

    def lobby_shown(self, table: Table, game: int) -> bool:
        return self.find_lobby(table, game) is not None

    def waiting(self) -> list[tuple[Table, int, dict[str, Any]]]:
        """Running games and lobbies nobody can act on now (per Discord and the database)."""
        found = []
        for table in self.tables:
            for game in self.table_games(table):
                row = self.db.game(game)
                if row is None:
                    continue
                if row["status"] == "lobby":
                    # a lobby a kill kept from showing is known to nobody but its host, whom
                    # `/new` tells to cancel it: only a lobby that was shown can stall
                    if row["lobby"] is not None and not self.lobby_shown(table, game):
                        found.append((table, game, row))
                    continue
                if row["status"] != "running":
                    continue
                adapter, state = loaded(row)
                seat = adapter.current(state)
                person = seat is not None and not row["players"][seat].get("ai")
                if adapter.info.live or person:
                    if not self.can_act(table, game, row):
                        found.append((table, game, row))
                else:
                    found.append((table, game, row))  # a computer: it must play on
        return found

    def table_games(self, table: Table) -> list[int]:
        """The games opened at this table's channel that are not over."""
        rows = self.db.conn().execute(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
            (table.channel.id,),
        )
        return [i for (i,) in rows]

    async def check_after_restart(self) -> None:
        """After the first retry delay every game shows a turn someone can act on, or moves
        on by itself within ``PROGRESS_WINDOW``."""
        from bot.flow.posting import POST_RETRY_DELAYS

        await self.advance(POST_RETRY_DELAYS[0] + STALL_SLACK)
        if self.killer.fired is not None or self.figures.kills >= self.args.kills:
            return
        self.check_view()
        waiting = self.waiting()
        if not waiting:
            return
        before = {(g, r["events"], r["status"]) for _, g, r in waiting}
        await self.advance(PROGRESS_WINDOW)
        if self.killer.fired is not None:
            return
        self.figures.checks += 1
        for table, game, _ in waiting:
            now = self.db.game(game)
            if now is None or (game, now["events"], now["status"]) not in before:
                continue  # it moved on
            if now["status"] == "lobby" and self.lobby_shown(table, game):
                continue
            if now["status"] == "running" and self.can_act(table, game, now):
                continue
            if game in self.stalled_games:
                continue
            self.stalled_games.add(game)
            self.figures.stalled += 1
            who = "lobby" if now["status"] == "lobby" else f"v{now['events']}"
            self.figures.note("stalled", f"{now['kind']} game {game} {who}, turn msg {now['turn']}")
            if table.game == game:
                # the people give up on it so play goes on (counted once)
                await self.slash(table, table.host, "cancel", table.channel)

    def check_logs(self) -> None:
        """Acknowledged events are still in their logs; stored states replay."""
        by_game: dict[int, list[str]] = {}
        for (game, version), expected in self.acks.items():
            events = by_game.setdefault(game, self.db.events(game))
            if len(events) < version or digest(events[:version]) != expected:
                self.lost(f"game {game}: the first {version} events acknowledged changed")
        for problem in consistency(self.db):
            self.figures.inconsistent += 1
            self.figures.note("inconsistent", problem)

    # -------------------------------------------------------------- the run

    def build_world(self) -> None:
        import discord

        guild = self.env.create_guild("crash", id=4242)
        no_threads = discord.PermissionOverwrite(create_public_threads=False)
        for n, spec in enumerate(SPECS):
            if self.args.games and spec.kind not in self.args.games:
                continue
            overwrites = None if spec.threads else {guild.default_role: no_threads}
            channel = guild.create_text_channel(f"t{n}-{spec.code}", overwrites=overwrites)
            people = [guild.add_member(self.env.create_user(f"{spec.code}{n}-{i}")) for i in (0, 1)]
            self.tables.append(Table(spec, guild, channel, people))

    async def run(self) -> Figures:
        import simcord
        from simcord.http import router

        self.started = time.perf_counter()
        self.bot = self.killer.bot = self.make_bot()
        runner = simcord.run(
            self.bot, shard_count=1, settle_timeout=self.args.settle, check_errors=False
        )
        self.env = self.killer.env = runner._env
        self.build_world()
        original = router.dispatch
        self.botlog = BotLog(self.killer)
        logging.getLogger("bot").addHandler(self.botlog)
        router.dispatch = self.killer.wrap_http(original)
        try:
            async with runner:
                threading.Thread(target=self.watchdog, daemon=True).start()
                self.arm()
                steps = 0
                while self.figures.kills < self.args.kills:
                    table = self.tables[steps % len(self.tables)]
                    await self.play_step(table)
                    steps += 1
                    if steps % len(self.tables) == 0:
                        await self.advance(self.rng.choice((0.5, 2.0, 5.0, 15.0, 30.0)))
                        self.check_view()
                    if steps % (10 * len(self.tables)) == 0:
                        self.check_logs()
                    if self.args.verbose and steps % (5 * len(self.tables)) == 0:
                        f, spent = self.figures, time.perf_counter() - self.started
                        print(
                            f"{spent:7.1f}s step {steps} kills {f.kills}"
                            f" clicks {f.clicks} acked {f.acked} started {f.games_started}"
                            f" ended {f.games_ended} lost {f.lost} stalled {f.stalled}"
                            f" hidden {f.hidden_past_time} double {f.double_posts}"
                            f" errors {f.bot_errors} clock {self.env.backend.clock.elapsed:.0f}",
                            file=sys.stderr,
                        )
                    spent = time.perf_counter() - self.started
                    if self.args.max_seconds and spent > self.args.max_seconds:
                        break
                    if self.args.max_steps and steps >= self.args.max_steps:
                        break
                self.killer.arm(None)
                self.check_view()
                self.check_logs()
                where = self.killer.where.items()
                self.figures.by_kind.update({f"kill at {k}": v for k, v in where})
                self.finished = True
                self.dump()
                await self.bot.close()
        finally:
            router.dispatch = original
            self.db.close()
        return self.figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--span", type=int, default=400, help="kill points per life, at most")
    parser.add_argument("--seed", default="crash")
    parser.add_argument("--games", nargs="*", help="only these kinds (default: all eight)")
    parser.add_argument("--settle", type=float, default=2.0, help="SimCord settle_timeout")
    parser.add_argument("--max-steps", type=int, default=0)
    parser.add_argument("--workdir", help="keep the database here")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--max-seconds", type=float, default=0)
    args = parser.parse_args()
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="crash-all-"))
    workdir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    figures = asyncio.run(CrashRun(args, workdir).run())
    out = {k: v for k, v in vars(figures).items() if k not in ("details", "by_kind")} | {
        "seconds": round(time.perf_counter() - started, 1),
        "workdir": str(workdir),
    }
    if args.json:
        print(json.dumps(out | {"details": figures.details, "by_kind": dict(figures.by_kind)}))
    else:
        for key, value in out.items():
            print(f"{key:>18}: {value}")
        for key, value in sorted(figures.by_kind.items()):
            print(f"  {key}: {value}")
        for line in figures.details:
            print("  " + line)
    bad = figures.lost + figures.stalled + figures.hidden_past_time + figures.double_posts
    return 0 if bad + figures.inconsistent == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
