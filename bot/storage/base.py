"""The storage interface every implementation keeps, and the SQL both databases share.

Every query is scoped by guild. A save writes the new events and the state in one transaction,
so an acknowledged action is never half stored, and only if the row still has the version it was
loaded with (``UPDATE … WHERE version = ?``): a row-level guard that refuses a second writer with
``StaleGame``, whether it is another task or another process. A load reads the stored state, not
the event log (a click needs only the state); the log is read where it is needed: export,
statistics, ``python -m bot check``.

``SqlGameStore`` holds every query once, written with ``?`` parameters; an implementation gives
it a way to read, a way to run one write transaction (``Tx``), and its dialect's few differences.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from bot.contract.adapter import GameAdapter
from bot.contract.models import (
    AwayWatch,
    GameDefaults,
    GameRow,
    GuildSettings,
    LivePanel,
    Player,
    PlayerStats,
    SeatResult,
    ServerSettings,
    Status,
    TimedView,
)
from bot.core.shards import ALL_SHARDS, ShardScope
from games.common.errors import GameError

log = logging.getLogger("bot.storage")

SQLITE_MAX_INT = 2**63 - 1  # the largest id either database stores (SQLite INTEGER, BIGINT)


class StaleGame(Exception):
    """Someone saved the game in between: another task (a bug while per-game locks are held) or
    another bot process that acted on the same game first (``PlayController.acting_unasked``)."""


class CorruptGame(Exception):
    """A stored game that does not read back: a bug or a hand edit, never a player's doing."""

    def __init__(self, guild_id: int, game_id: int, reason: str) -> None:
        super().__init__(f"game {game_id} (guild {guild_id}): {reason}")
        self.guild_id, self.game_id, self.reason = guild_id, game_id, reason


class Unreadable(NamedTuple):
    """A game a listing could not read (``CorruptGame``): named by its ids, never loaded."""

    guild_id: int
    id: int
    kind: str
    reason: str
    channel_id: int | None = None  # where it is played: its thread, else its channel


class GameList(list[GameRow]):
    """The games a listing read, in its order; ``unreadable``: those of its rows that do not
    decode, left out so that one bad row never hides the others (each is logged)."""

    def __init__(self, rows: Sequence[GameRow] = (), unreadable: Sequence[Unreadable] = ()) -> None:
        super().__init__(rows)
        self.unreadable = list(unreadable)


class GameKey(NamedTuple):
    """Which game, without loading it: what a sweep lists before it takes each game's lock."""

    guild_id: int
    id: int


Rate = Callable[[list[float | None]], list[tuple[float, float]]]
"""(rating before, rating after) by seat, from the stored ratings (None: not rated yet)."""

Row = Any
"""A result row: by column name and by position (``aiosqlite.Row``, ``asyncpg.Record``)."""


class GameStore(Protocol):
    """Everything the bot stores, and the only way to it: handlers, stats and admin use this."""

    # games
    async def create_lobby(
        self, guild_id: int, channel_id: int, host: Player, kind: str, options: dict[str, str]
    ) -> GameRow: ...

    async def get(self, guild_id: int, game_id: int, *, events: bool = False) -> GameRow | None:
        """The game with its stored state; ``events``: with its whole event log too."""
        ...

    async def save(self, row: GameRow) -> None:
        """Store the row and its new events at once; ``StaleGame`` if it changed since loaded."""
        ...

    async def find_in_channel(self, guild_id: int, channel_id: int) -> GameRow | None: ...

    async def list_active(self, guild_id: int, kind: str | None = None) -> GameList:
        """The server's lobbies and running games; those that do not read in ``unreadable``."""
        ...

    async def due_games(self, now: float, scope: ShardScope = ALL_SHARDS) -> list[GameKey]:
        """Games with a timer due, of the servers on ``scope``'s shards."""
        ...

    async def running_games(self, scope: ShardScope = ALL_SHARDS) -> GameList:
        """Running games of the servers on ``scope``'s shards; those that do not read in
        ``unreadable``."""
        ...

    async def unposted_games(self, scope: ShardScope = ALL_SHARDS) -> list[tuple[GameKey, int]]:
        """Running games whose turn has no message and finished ones whose final standings have
        none, of the servers on ``scope``'s shards, with their versions."""
        ...

    async def all_games(self) -> GameList: ...

    async def finished_games(self, guild_id: int, kinds: Sequence[str], limit: int) -> GameList:
        """The server's newest finished games of these kinds (replays), newest first."""
        ...

    async def game_keys(self) -> list[GameKey]: ...

    async def events_of(self, guild_id: int, game_id: int) -> list[dict[str, Any]]: ...

    # messages that show a view only for a while
    async def add_timed_view(self, view: TimedView) -> None:
        """Store (or replace) the message's timed view before it shows."""
        ...

    async def timed_views(self, scope: ShardScope = ALL_SHARDS) -> list[TimedView]:
        """The timed views still to change, of the servers on ``scope``'s shards."""
        ...

    async def drop_timed_view(self, guild_id: int, game_id: int, message_id: int) -> None: ...

    # live games' private panels, redrawn through their interaction's token
    async def keep_panel(self, panel: LivePanel) -> None:
        """Store (or replace) the seat's panel."""
        ...

    async def live_panels(self, since: float, scope: ShardScope = ALL_SHARDS) -> list[LivePanel]:
        """The panels shown since ``since`` (POSIX time), of the servers on ``scope``'s shards;
        older ones (their tokens expired) are dropped."""
        ...

    async def drop_panel(self, guild_id: int, game_id: int, seat: int) -> None: ...

    # server settings
    async def guild_settings(self, guild_id: int) -> GuildSettings: ...

    async def save_guild_settings(self, settings: GuildSettings) -> None: ...

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """What ``/server`` set for every game of the server; its defaults if never used."""
        ...

    async def save_server_settings(self, settings: ServerSettings) -> None: ...

    async def first_notice(self, guild_id: int, notice: str) -> bool:
        """True the first time ever a server is to be told ``notice``, False after."""
        ...

    # games without a timer whose player on turn may have gone away
    async def untimed_games(self, scope: ShardScope = ALL_SHARDS) -> list[tuple[GameKey, int]]:
        """Running games without a turn timer, of the servers on ``scope``'s shards, each with
        the number of events in its log (which grows with every action in the game)."""
        ...

    async def away_watches(self, scope: ShardScope = ALL_SHARDS) -> list[AwayWatch]: ...

    async def away_watch(self, guild_id: int, game_id: int) -> AwayWatch | None: ...

    async def save_away_watch(self, watch: AwayWatch) -> None:
        """Store (or replace) the game's watch."""
        ...

    async def drop_away_watch(self, guild_id: int, game_id: int) -> None: ...

    # statistics
    async def unrecorded_games(self, guild_id: int, kind: str, limit: int) -> list[int]: ...

    async def record_result(
        self, row: GameRow, seats: Sequence[SeatResult], rate: Rate
    ) -> bool: ...

    async def player_stats(self, guild_id: int, kind: str, user_id: int) -> PlayerStats | None: ...

    async def leaderboard(
        self, guild_id: int, kind: str, by: str, limit: int
    ) -> list[PlayerStats]: ...

    async def export_game_id(self, guild_id: int, kind: str, channel_id: int) -> int | None: ...

    # animated replays, made once
    async def animation(self, guild_id: int, game_id: int, lang: str, side: str) -> bytes | None:
        """A finished game's animated replay as made before, or None."""
        ...

    async def keep_animation(
        self, guild_id: int, game_id: int, lang: str, side: str, data: bytes
    ) -> None: ...

    # administration
    async def schema_version(self) -> int: ...

    async def integrity_check(self) -> str: ...

    async def table_counts(self) -> dict[str, int]: ...

    async def close(self) -> None: ...


class Tx(Protocol):
    """One open write transaction: statements with ``?`` parameters."""

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]: ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None: ...


TABLES: dict[str, str] = {
    "games": "id",
    "game_events": "game_id, seq",
    "timed_views": "game_id, message_id",
    "live_panels": "game_id, seat",
    "stats_games": "game_id",
    "stats_results": "game_id, seat",
    "stats_ratings": "guild_id, kind, user_id",
    "guild_settings": "guild_id",
    "game_defaults": "guild_id, kind",
    "server_settings": "guild_id",
    "away_watch": "game_id",
    "guild_notices": "guild_id, notice",
    "daily_attempts": "id",
    "replay_animations": "game_id, lang, side",
}
"""Every table of the bot's data (not ``schema_version``), parents before children, with its
key: the order its rows are read in to compare two copies."""

_COLUMNS = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, turn_message_id, host_id, kind, "
    "options, status, players, setup, state, note, version, turn_timer, turn_due, reminder_due, "
    "missed, lobby_expires,"
    " (SELECT COUNT(*) FROM game_events e WHERE e.game_id = games.id) AS logged"
)  # ``logged`` is read in the same snapshot as ``state``: the events that state is the end of

_AGGREGATE = (
    "SELECT p.user_id, p.name, p.rating, COUNT(r.game_id) AS games, SUM(r.won) AS wins,"
    " CAST(AVG(r.score) AS DOUBLE PRECISION) AS average, MAX(r.score) AS best"
    " FROM stats_ratings p JOIN stats_results r"
    " ON r.guild_id = p.guild_id AND r.kind = p.kind AND r.user_id = p.user_id"
    " WHERE p.guild_id = ? AND p.kind = ?"
)
_GROUP = " GROUP BY p.guild_id, p.kind, p.user_id"  # the key: name and rating follow from it
_ORDER = {
    "rating": "p.rating DESC, wins DESC, p.user_id",
    "wins": "wins DESC, p.rating DESC, p.user_id",
}

_CONSISTENCY = (
    (
        "games whose events are not numbered 0, 1, 2, … without gaps",
        "SELECT game_id FROM game_events GROUP BY game_id"
        " HAVING MIN(seq) <> 0 OR MAX(seq) + 1 <> COUNT(*)",
    ),
    (
        "events stored under another server than their game's",
        "SELECT e.game_id FROM game_events e JOIN games g ON g.id = e.game_id"
        " WHERE e.guild_id <> g.guild_id",
    ),
    (
        "events of games without a stored state",
        "SELECT DISTINCT e.game_id FROM game_events e JOIN games g ON g.id = e.game_id"
        " WHERE g.setup IS NULL OR g.state IS NULL",
    ),
    (
        "running or finished games without a stored state",
        "SELECT id FROM games WHERE status IN ('running', 'finished')"
        " AND (setup IS NULL OR state IS NULL)",
    ),
    (
        "games with an unknown status",
        "SELECT id FROM games WHERE status NOT IN ('lobby', 'running', 'finished', 'cancelled')",
    ),
    (
        "statistics of games that are not finished, or of another server or game",
        "SELECT s.game_id FROM stats_games s LEFT JOIN games g ON g.id = s.game_id"
        " WHERE g.id IS NULL OR g.status <> 'finished' OR g.guild_id <> s.guild_id"
        " OR g.kind <> s.kind",
    ),
    (
        "results without their recorded game",
        "SELECT DISTINCT r.game_id FROM stats_results r LEFT JOIN stats_games s"
        " ON s.game_id = r.game_id WHERE s.game_id IS NULL OR s.guild_id <> r.guild_id"
        " OR s.kind <> r.kind",
    ),
)
"""What ``consistency`` checks beyond the database's own checks: (problem, ids that have it)."""


class SqlGameStore:
    """Every query of ``GameStore``, once; subclasses give the connection and the dialect."""

    NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"  # an ISO 8601 UTC time, as the schema keeps

    def __init__(self, games: Mapping[str, GameAdapter[Any]]) -> None:
        self._games = games  # the codec of each stored kind: the registry

    @property
    def games(self) -> Mapping[str, GameAdapter[Any]]:
        """The games whose stored kinds this store reads and writes."""
        return self._games

    # ------------------------------------------------- what an implementation gives

    async def _read(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """One statement outside any write transaction: a snapshot of committed data."""
        raise NotImplementedError

    async def _transaction(self, body: Callable[[Tx], Awaitable[bool]]) -> bool:
        """Run ``body`` in one write transaction; it commits only when ``body`` returns True."""
        raise NotImplementedError

    async def _write(self, sql: str, params: Sequence[object] = ()) -> None:
        """One statement in a write transaction of its own."""

        async def body(tx: Tx) -> bool:
            await tx.execute(sql, params)
            return True

        await self._transaction(body)

    async def _lock_ratings(self, tx: Tx, guild_id: int, kind: str) -> None:
        """Keep other writers off this server's ratings of this game until ``tx`` ends."""

    # -------------------------------------------------------------------- games

    def _load(self, row: Row) -> GameRow:
        """A game row with its stored state; its events stay unread (``log_start`` counts them).

        A row that does not decode is a bug or a hand edit, never a player's doing:
        ``CorruptGame``, not the engine's ``RecordError``, which would read as a refusal to
        whoever clicked.
        """
        try:
            adapter = self._games.get(row["kind"])
            if adapter is None:
                raise LookupError(f"no game of kind {row['kind']!r} is installed")
            game = None
            if row["setup"] is not None:
                game = adapter.codec.load(json.loads(row["setup"]), json.loads(row["state"]))
            return GameRow(
                id=row["id"],
                guild_id=row["guild_id"],
                channel_id=row["channel_id"],
                host_id=row["host_id"],
                kind=row["kind"],
                status=Status(row["status"]),
                players=[
                    Player(p["user_id"], p["name"], p.get("ai")) for p in json.loads(row["players"])
                ],
                options=dict(json.loads(row["options"])),
                thread_id=row["thread_id"],
                lobby_message_id=row["lobby_message_id"],
                turn_message_id=row["turn_message_id"],
                game=game,
                version=row["version"],
                log_start=0 if game is None else int(row["logged"]),
                note=row["note"],
                turn_timer=row["turn_timer"],
                turn_due=row["turn_due"],
                reminder_due=row["reminder_due"],
                missed=list(json.loads(row["missed"])),
                lobby_expires=row["lobby_expires"],
            )
        except (GameError, ValueError, KeyError, TypeError, AttributeError, LookupError) as exc:
            raise CorruptGame(row["guild_id"], row["id"], str(exc)) from exc

    async def create_lobby(
        self, guild_id: int, channel_id: int, host: Player, kind: str, options: dict[str, str]
    ) -> GameRow:
        if kind not in self._games:
            raise LookupError(f"no game of kind {kind!r} is installed")
        players = [host]
        created: list[int] = []

        async def body(tx: Tx) -> bool:
            rows = await tx.fetch(
                "INSERT INTO games (guild_id, channel_id, host_id, kind, options, variant,"
                " status, players) VALUES (?, ?, ?, ?, ?, '', ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    host.user_id,
                    kind,
                    json.dumps(options),
                    Status.LOBBY.value,
                    _players_json(players),
                ),
            )
            created.append(int(rows[0][0]))
            return True

        await self._transaction(body)
        return GameRow(
            created[-1],
            guild_id,
            channel_id,
            host.user_id,
            kind,
            Status.LOBBY,
            players,
            options=dict(options),
        )

    async def get(self, guild_id: int, game_id: int, *, events: bool = False) -> GameRow | None:
        """The game as stored: its state, which is all a click needs; ``events``: with its
        whole log too (export, statistics, checks)."""
        if not 0 < game_id <= SQLITE_MAX_INT:  # a forged custom_id; the database would overflow
            return None
        rows = await self._query("guild_id = ? AND id = ?", (guild_id, game_id))
        if not rows:
            return None
        row = rows[0]
        if events:
            await self._load_log(row)
        return row

    async def find_in_channel(self, guild_id: int, channel_id: int) -> GameRow | None:
        """The game a command here means: in a game's own thread always that game, running or
        not; elsewhere the newest active game played in this channel (or plain thread)."""
        rows = await self._query(
            "guild_id = ? AND (thread_id = ?"
            " OR (thread_id IS NULL AND channel_id = ? AND status IN (?, ?)))"
            " ORDER BY thread_id IS NULL, id DESC LIMIT 1",
            (guild_id, channel_id, channel_id, Status.LOBBY.value, Status.RUNNING.value),
        )
        return rows[0] if rows else None

    async def list_active(self, guild_id: int, kind: str | None = None) -> GameList:
        """The server's lobbies and running games, of one game or of all."""
        if kind is None:
            return await self._listing(
                "guild_id = ? AND status IN (?, ?) ORDER BY id",
                (guild_id, Status.LOBBY.value, Status.RUNNING.value),
            )
        return await self._listing(
            "guild_id = ? AND kind = ? AND status IN (?, ?) ORDER BY id",
            (guild_id, kind, Status.LOBBY.value, Status.RUNNING.value),
        )

    async def due_games(self, now: float, scope: ShardScope = ALL_SHARDS) -> list[GameKey]:
        """Running games whose turn timer or reminder is due, and lobbies idle too long, of the
        servers on ``scope``'s shards.

        Only their keys: the sweep loads each game once, under its lock, with ``get``.
        """
        now = float(now)
        rows = await self._read(
            "SELECT guild_id, id FROM games WHERE ((status = ? AND (turn_due <= ? OR reminder_due"
            f" <= ?)) OR (status = ? AND lobby_expires <= ?)) AND {scope.sql()} ORDER BY id",
            (Status.RUNNING.value, now, now, Status.LOBBY.value, now),
        )
        return [GameKey(r[0], r[1]) for r in rows]

    async def unposted_games(self, scope: ShardScope = ALL_SHARDS) -> list[tuple[GameKey, int]]:
        """Running games whose turn is shown in no message (``turn_message_id`` NULL: a post
        failed, or a crash came before it), and finished ones whose final standings are not
        (the same), of the servers on ``scope``'s shards, each with the version it was saved
        at: the timer sweep finds those nothing tries to post any more. Keys only, as
        ``due_games``; a game just saved by an action still posting it is listed too (the try
        waits, and leaves alone a game saved meanwhile)."""
        rows = await self._read(
            "SELECT guild_id, id, version FROM games WHERE status IN (?, ?)"
            f" AND turn_message_id IS NULL AND {scope.sql()} ORDER BY id",
            (Status.RUNNING.value, Status.FINISHED.value),
        )
        return [(GameKey(r[0], r[1]), int(r[2])) for r in rows]

    async def running_games(self, scope: ShardScope = ALL_SHARDS) -> GameList:
        """Running games of the servers on ``scope``'s shards, to post what a crash left
        unposted and resume computer players' turns after a restart."""
        return await self._listing(
            f"status = ? AND {scope.sql()} ORDER BY id", (Status.RUNNING.value,)
        )

    async def all_games(self) -> GameList:
        """Every stored game of every server (state only): for admin checks, never a command."""
        return await self._listing("TRUE ORDER BY id", ())

    async def finished_games(self, guild_id: int, kinds: Sequence[str], limit: int) -> GameList:
        """The server's newest finished games of these kinds (state only): what a replay
        may show, newest first."""
        if not kinds:
            return GameList()
        marks = ", ".join("?" for _ in kinds)
        return await self._listing(
            f"guild_id = ? AND status = ? AND kind IN ({marks}) ORDER BY id DESC LIMIT ?",
            (guild_id, Status.FINISHED.value, *kinds, int(limit)),
        )

    async def game_keys(self) -> list[GameKey]:
        """Every stored game of every server, unloaded: a check reads them one by one."""
        rows = await self._read("SELECT guild_id, id FROM games ORDER BY id")
        return [GameKey(r[0], r[1]) for r in rows]

    async def _query(self, where: str, params: Sequence[object]) -> list[GameRow]:
        """Game rows matching ``where`` (a fixed SQL fragment, values always as parameters);
        ``CorruptGame`` if one does not read."""
        rows = await self._read(f"SELECT {_COLUMNS} FROM games WHERE {where}", params)
        return [self._load(r) for r in rows]

    async def _listing(self, where: str, params: Sequence[object]) -> GameList:
        """Like ``_query``, but each row on its own: one that does not read is logged as the
        bug it is and left out (in ``unreadable``), and the others are listed all the same."""
        listed = GameList()
        for raw in await self._read(f"SELECT {_COLUMNS} FROM games WHERE {where}", params):
            try:
                listed.append(self._load(raw))
            except CorruptGame as exc:
                log.error(
                    "stored game unreadable, left out (`python -m bot check` lists it): %s",
                    exc.reason,
                    extra={"guild": exc.guild_id, "game": exc.game_id},
                )
                where = raw["thread_id"] or raw["channel_id"]
                listed.unreadable.append(
                    Unreadable(exc.guild_id, exc.game_id, raw["kind"], exc.reason, where)
                )
        return listed

    async def events_of(
        self, guild_id: int, game_id: int, upto: int = SQLITE_MAX_INT
    ) -> list[dict[str, Any]]:
        """The stored log as JSON objects, or its first ``upto`` events."""
        rows = await self._read(
            "SELECT event FROM game_events WHERE guild_id = ? AND game_id = ? AND seq < ?"
            " ORDER BY seq",
            (guild_id, game_id, upto),
        )
        return [json.loads(r[0]) for r in rows]

    async def _load_log(self, row: GameRow) -> None:
        """Read the events a state-only load skipped. Stored events never change, so the first
        ``log_start`` of them are exactly those the loaded state is the end of."""
        game = row.game
        if game is None or not row.log_start:
            return
        adapter = self._games[row.kind]
        try:
            raw = await self.events_of(row.guild_id, row.id, row.log_start)
            events = [adapter.codec.event_from_dict(e) for e in raw]
        except (GameError, ValueError, KeyError, TypeError) as exc:
            raise CorruptGame(row.guild_id, row.id, f"stored events unreadable: {exc}") from exc
        if len(events) != row.log_start:
            raise CorruptGame(
                row.guild_id, row.id, f"{len(events)} of {row.log_start} events found"
            )
        game.events[:0] = events
        row.saved_events += row.log_start
        row.log_start = 0

    async def save(self, row: GameRow) -> None:
        """Store the row and its new events in one transaction (optimistic on ``version``)."""
        game = row.game
        adapter = self._games[row.kind]
        new_events = [] if game is None else adapter.codec.events(game)[row.saved_events :]
        first_seq = row.log_start + row.saved_events
        setup = state = None
        if game is not None:
            setup, state = (json.dumps(part) for part in adapter.codec.dump(game))

        async def body(tx: Tx) -> bool:
            updated = await tx.execute(
                "UPDATE games SET channel_id = ?, thread_id = ?, lobby_message_id = ?,"
                " turn_message_id = ?, host_id = ?, options = ?, status = ?, players = ?,"
                " setup = ?, state = ?, note = ?, turn_timer = ?, turn_due = ?,"
                " reminder_due = ?, missed = ?, lobby_expires = ?, version = version + 1,"
                f" updated_at = {self.NOW}"
                " WHERE guild_id = ? AND id = ? AND version = ?",
                (
                    row.channel_id,
                    row.thread_id,
                    row.lobby_message_id,
                    row.turn_message_id,
                    row.host_id,
                    json.dumps(row.options),
                    row.status.value,
                    _players_json(row.players),
                    setup,
                    state,
                    row.note,
                    row.turn_timer,
                    _real(row.turn_due),
                    _real(row.reminder_due),
                    json.dumps(row.missed),
                    _real(row.lobby_expires),
                    row.guild_id,
                    row.id,
                    row.version,
                ),
            )
            if updated != 1:
                raise StaleGame(f"game {row.id} changed since it was loaded")
            if new_events:
                await tx.executemany(
                    "INSERT INTO game_events (guild_id, game_id, seq, event) VALUES (?, ?, ?, ?)",
                    [
                        (
                            row.guild_id,
                            row.id,
                            first_seq + i,
                            json.dumps(adapter.codec.event_to_dict(e)),
                        )
                        for i, e in enumerate(new_events)
                    ],
                )
            return True

        await self._transaction(body)
        row.version += 1
        row.saved_events += len(new_events)

    # ------------------------------------------------------------ timed views

    async def add_timed_view(self, view: TimedView) -> None:
        await self._write(
            "INSERT INTO timed_views (guild_id, game_id, message_id, due, lead, later)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, message_id) DO UPDATE SET"
            " due = excluded.due, lead = excluded.lead, later = excluded.later",
            (
                view.guild_id,
                view.game_id,
                view.message_id,
                float(view.due),
                view.lead,
                json.dumps(view.then),
            ),
        )

    async def timed_views(self, scope: ShardScope = ALL_SHARDS) -> list[TimedView]:
        """Each row on its own: one whose later view does not read is logged and left out."""
        rows = await self._read(
            "SELECT guild_id, game_id, message_id, due, lead, later FROM timed_views"
            f" WHERE {scope.sql()} ORDER BY due, game_id, message_id"
        )
        views = []
        for r in rows:
            try:
                views.append(TimedView(r[0], r[1], r[2], float(r[3]), r[4], json.loads(r[5])))
            except ValueError as exc:
                log.error(
                    "stored timed view of message %s unreadable, left out: %s",
                    r[2],
                    exc,
                    extra={"guild": r[0], "game": r[1]},
                )
        return views

    async def drop_timed_view(self, guild_id: int, game_id: int, message_id: int) -> None:
        await self._write(
            "DELETE FROM timed_views WHERE guild_id = ? AND game_id = ? AND message_id = ?",
            (guild_id, game_id, message_id),
        )

    # ------------------------------------------------------------ live panels

    async def keep_panel(self, panel: LivePanel) -> None:
        await self._write(
            "INSERT INTO live_panels"
            " (guild_id, game_id, seat, token, message_id, lang, shown, version)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET"
            " token = excluded.token, message_id = excluded.message_id,"
            " lang = excluded.lang, shown = excluded.shown, version = excluded.version",
            (
                panel.guild_id,
                panel.game_id,
                panel.seat,
                panel.token,
                panel.message_id,
                panel.lang,
                float(panel.shown),
                panel.version,
            ),
        )

    async def live_panels(self, since: float, scope: ShardScope = ALL_SHARDS) -> list[LivePanel]:
        await self._write(
            f"DELETE FROM live_panels WHERE shown < ? AND {scope.sql()}", (float(since),)
        )
        rows = await self._read(
            "SELECT guild_id, game_id, seat, token, message_id, lang, shown, version"
            f" FROM live_panels WHERE {scope.sql()} ORDER BY game_id, seat"
        )
        return [LivePanel(r[0], r[1], r[2], r[3], r[4], r[5], float(r[6]), r[7]) for r in rows]

    async def drop_panel(self, guild_id: int, game_id: int, seat: int) -> None:
        await self._write(
            "DELETE FROM live_panels WHERE guild_id = ? AND game_id = ? AND seat = ?",
            (guild_id, game_id, seat),
        )

    # ---------------------------------------------------------- server settings

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        settings = GuildSettings(guild_id)
        for kind, option, timer in await self._read(
            "SELECT kind, option, timer FROM game_defaults WHERE guild_id = ?", (guild_id,)
        ):
            settings.games[kind] = GameDefaults(option, None if timer is None else int(timer))
        return settings

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        async def body(tx: Tx) -> bool:
            for kind, defaults in settings.games.items():
                await tx.execute(
                    "INSERT INTO game_defaults (guild_id, kind, option, timer) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (guild_id, kind) DO UPDATE SET option = excluded.option,"
                    " timer = excluded.timer",
                    (settings.guild_id, kind, defaults.option, defaults.timer),
                )
            return True

        await self._transaction(body)

    async def server_settings(self, guild_id: int) -> ServerSettings:
        rows = await self._read(
            "SELECT language, threads, channels, starter_role, lobby_limit, turn_timer"
            " FROM server_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if not rows:
            return ServerSettings(guild_id)
        language, threads, channels, role, limit, timer = rows[0]
        return ServerSettings(
            guild_id,
            language=language,
            threads=bool(threads),
            channels=tuple(int(c) for c in json.loads(channels)),
            starter_role=role,
            lobby_limit=int(limit),
            turn_timer=int(timer),
        )

    async def save_server_settings(self, settings: ServerSettings) -> None:
        await self._write(
            "INSERT INTO server_settings (guild_id, language, threads, channels, starter_role,"
            " lobby_limit, turn_timer) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language,"
            " threads = excluded.threads, channels = excluded.channels,"
            " starter_role = excluded.starter_role, lobby_limit = excluded.lobby_limit,"
            " turn_timer = excluded.turn_timer",
            (
                settings.guild_id,
                settings.language,
                int(settings.threads),
                json.dumps(list(settings.channels)),
                settings.starter_role,
                settings.lobby_limit,
                settings.turn_timer,
            ),
        )

    # ------------------------------------------------------- players gone away

    async def untimed_games(self, scope: ShardScope = ALL_SHARDS) -> list[tuple[GameKey, int]]:
        rows = await self._read(
            "SELECT guild_id, id, (SELECT COUNT(*) FROM game_events e WHERE e.game_id = games.id)"
            f" FROM games WHERE status = ? AND turn_timer = 0 AND {scope.sql()} ORDER BY id",
            (Status.RUNNING.value,),
        )
        return [(GameKey(r[0], r[1]), int(r[2])) for r in rows]

    async def away_watches(self, scope: ShardScope = ALL_SHARDS) -> list[AwayWatch]:
        rows = await self._read(f"{_WATCH} WHERE {scope.sql()} ORDER BY game_id")
        return [_watch(r) for r in rows]

    async def away_watch(self, guild_id: int, game_id: int) -> AwayWatch | None:
        rows = await self._read(f"{_WATCH} WHERE guild_id = ? AND game_id = ?", (guild_id, game_id))
        return _watch(rows[0]) if rows else None

    async def save_away_watch(self, watch: AwayWatch) -> None:
        await self._write(
            "INSERT INTO away_watch (guild_id, game_id, events, since, seat, message_id, voters)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET"
            " events = excluded.events, since = excluded.since, seat = excluded.seat,"
            " message_id = excluded.message_id, voters = excluded.voters",
            (
                watch.guild_id,
                watch.game_id,
                watch.events,
                float(watch.since),
                watch.seat,
                watch.message_id,
                json.dumps(list(watch.voters)),
            ),
        )

    async def drop_away_watch(self, guild_id: int, game_id: int) -> None:
        await self._write(
            "DELETE FROM away_watch WHERE guild_id = ? AND game_id = ?", (guild_id, game_id)
        )

    async def first_notice(self, guild_id: int, notice: str) -> bool:
        """Claims ``notice`` for the server: True for the first to ask, ever (kept)."""
        claimed: list[bool] = []

        async def body(tx: Tx) -> bool:
            inserted = await tx.execute(
                "INSERT INTO guild_notices (guild_id, notice) VALUES (?, ?)"
                " ON CONFLICT (guild_id, notice) DO NOTHING",
                (guild_id, notice),
            )
            claimed.append(inserted == 1)
            return True

        await self._transaction(body)
        return claimed[-1]

    # --------------------------------------------------------------- statistics

    async def unrecorded_games(self, guild_id: int, kind: str, limit: int) -> list[int]:
        """This server's finished games of one kind without statistics yet, oldest first."""
        rows = await self._read(
            "SELECT g.id FROM games g LEFT JOIN stats_games s ON s.game_id = g.id"
            " WHERE g.guild_id = ? AND g.kind = ? AND g.status = ? AND s.game_id IS NULL"
            " ORDER BY g.id LIMIT ?",
            (guild_id, kind, Status.FINISHED.value, limit),
        )
        return [int(r[0]) for r in rows]

    async def record_result(self, row: GameRow, seats: Sequence[SeatResult], rate: Rate) -> bool:
        """Record a finished game's results and the people's new ratings in its game, once:
        False if it was recorded before. ``rate`` runs inside the transaction, on the ratings
        it holds."""
        guild_id, kind, game_id = row.guild_id, row.kind, row.id

        async def body(tx: Tx) -> bool:
            inserted = await tx.execute(
                "INSERT INTO stats_games (game_id, guild_id, kind) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING",
                (game_id, guild_id, kind),
            )
            if inserted != 1:
                return False
            await self._lock_ratings(tx, guild_id, kind)
            stored: list[float | None] = []
            for seat in seats:
                if seat.fixed_rating is not None:
                    stored.append(seat.fixed_rating)
                    continue
                found = await tx.fetch(
                    "SELECT rating FROM stats_ratings WHERE guild_id = ? AND kind = ?"
                    " AND user_id = ?",
                    (guild_id, kind, seat.user_id),
                )
                stored.append(float(found[0][0]) if found else None)
            for seat, (before, after) in zip(seats, rate(stored), strict=True):
                if seat.fixed_rating is not None:
                    continue  # computers have no statistics, and their rating never moves
                await tx.execute(
                    "INSERT INTO stats_results (guild_id, kind, game_id, user_id, seat, score,"
                    " place, won, resigned, facts, rating_before, rating_after)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        kind,
                        game_id,
                        seat.user_id,
                        seat.seat,
                        seat.score,
                        seat.place,
                        int(seat.won),
                        int(seat.resigned),
                        json.dumps(seat.facts),
                        float(before),
                        float(after),
                    ),
                )
                await tx.execute(
                    "INSERT INTO stats_ratings (guild_id, kind, user_id, name, rating)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET"
                    " name = excluded.name, rating = excluded.rating",
                    (guild_id, kind, seat.user_id, seat.name, float(after)),
                )
            return True

        return await self._transaction(body)

    async def player_stats(self, guild_id: int, kind: str, user_id: int) -> PlayerStats | None:
        found = await self._read(
            _AGGREGATE + " AND p.user_id = ?" + _GROUP, (guild_id, kind, user_id)
        )
        if not found:
            return None
        stats = _player(found[0])
        stats.facts = [
            json.loads(r[0])
            for r in await self._read(
                "SELECT facts FROM stats_results WHERE guild_id = ? AND kind = ? AND user_id = ?"
                " ORDER BY game_id",
                (guild_id, kind, user_id),
            )
        ]
        above = await self._read(
            "SELECT COUNT(*) FROM stats_ratings WHERE guild_id = ? AND kind = ? AND rating > ?",
            (guild_id, kind, stats.rating),
        )
        stats.place = 1 + (above[0][0] if above else 0)
        return stats

    async def leaderboard(self, guild_id: int, kind: str, by: str, limit: int) -> list[PlayerStats]:
        """The top players of one game by ``rating`` or ``wins``."""
        order = _ORDER.get(by, _ORDER["rating"])
        rows = await self._read(
            _AGGREGATE + _GROUP + f" ORDER BY {order} LIMIT ?", (guild_id, kind, limit)
        )
        return [_player(r) for r in rows]

    async def export_game_id(self, guild_id: int, kind: str, channel_id: int) -> int | None:
        """The newest started game of this kind played in this channel or thread, else the
        newest finished one of the server: what ``/<game> export`` without a number means."""
        found = await self._read(
            "SELECT id FROM games WHERE guild_id = ? AND kind = ? AND setup IS NOT NULL"
            " AND (thread_id = ? OR (thread_id IS NULL AND channel_id = ?))"
            " ORDER BY thread_id IS NULL, id DESC LIMIT 1",  # a game's own thread: that game
            (guild_id, kind, channel_id, channel_id),
        )
        if not found:
            found = await self._read(
                "SELECT id FROM games WHERE guild_id = ? AND kind = ? AND status = ?"
                " ORDER BY id DESC LIMIT 1",
                (guild_id, kind, Status.FINISHED.value),
            )
        return int(found[0][0]) if found else None

    # --------------------------------------------------------------- animated replays

    async def animation(self, guild_id: int, game_id: int, lang: str, side: str) -> bytes | None:
        rows = await self._read(
            "SELECT data FROM replay_animations"
            " WHERE guild_id = ? AND game_id = ? AND lang = ? AND side = ?",
            (guild_id, game_id, lang, side),
        )
        return bytes(rows[0][0]) if rows else None

    async def keep_animation(
        self, guild_id: int, game_id: int, lang: str, side: str, data: bytes
    ) -> None:
        """Kept once per game, language and side (a finished game never changes)."""
        await self._write(
            "INSERT INTO replay_animations (guild_id, game_id, lang, side, data)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, lang, side) DO NOTHING",
            (guild_id, game_id, lang, side, data),
        )

    # ----------------------------------------------------------- administration

    async def table_counts(self) -> dict[str, int]:
        """Rows per table of the bot's data: what a copy to another database must match."""
        return {t: int((await self._read(f"SELECT COUNT(*) FROM {t}"))[0][0]) for t in TABLES}

    async def table_rows(self, table: str, columns: Sequence[str]) -> list[tuple[Any, ...]]:
        """Every row of one of ``TABLES``, as stored, in its key's order (copies, checks)."""
        if table not in TABLES:
            raise ValueError(f"not a table of the bot: {table!r}")
        names = ", ".join(columns)
        rows = await self._read(f"SELECT {names} FROM {table} ORDER BY {TABLES[table]}")
        return [tuple(r) for r in rows]

    async def consistency(self) -> list[str]:
        """What the rows say about each other that no constraint enforces: each game's events
        numbered without gaps and of its server, states where the status needs one, statistics
        of finished games only. Each problem with up to five game ids; empty when all is well."""
        problems = []
        for problem, sql in _CONSISTENCY:
            ids = [int(r[0]) for r in await self._read(sql + " ORDER BY 1 LIMIT 6")]
            if ids:
                shown = ", ".join(map(str, ids[:5])) + (", …" if len(ids) > 5 else "")
                problems.append(f"{problem}: game {shown}")
        return problems


def _real(value: float | None) -> float | None:
    """A time for a REAL/DOUBLE PRECISION column (PostgreSQL's driver takes no int there)."""
    return None if value is None else float(value)


def _player(row: Row) -> PlayerStats:
    return PlayerStats(
        user_id=row["user_id"],
        name=row["name"],
        rating=row["rating"],
        games=row["games"],
        wins=row["wins"] or 0,
        average=row["average"] or 0.0,
        best=row["best"] or 0,
    )


def _players_json(players: list[Player]) -> str:
    return json.dumps(
        [{"user_id": p.user_id, "name": p.name, **({"ai": p.ai} if p.ai else {})} for p in players]
    )


_WATCH = "SELECT guild_id, game_id, events, since, seat, message_id, voters FROM away_watch"


def _watch(row: Row) -> AwayWatch:
    return AwayWatch(
        guild_id=row[0],
        game_id=row[1],
        events=int(row[2]),
        since=float(row[3]),
        seat=row[4],
        message_id=row[5],
        voters=tuple(int(v) for v in json.loads(row[6])),
    )
