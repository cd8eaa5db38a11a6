"""Game storage behind a small interface, with SQLite (aiosqlite, WAL) as the implementation.

Every query is scoped by guild. A save writes the new events and the state in one transaction,
so an acknowledged action is never half stored. A larger deployment can implement ``GameStore``
on PostgreSQL without touching the handlers.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypeVar

import aiosqlite

from bot.migrations import MIGRATIONS
from bot.models import GameRow, GuildSettings, Player, Status
from games.spexxx import Game, Setup, SpexxxState, Variant, event_from_dict, event_to_dict

log = logging.getLogger(__name__)
T = TypeVar("T")

BUSY_RETRIES = 5
BUSY_TIMEOUT_S = 5.0
SQLITE_MAX_INT = 2**63 - 1


class StaleGame(Exception):
    """Someone saved the game in between; a bug when per-game locks are held."""


class GameKey(NamedTuple):
    """Which game, without loading it: what a sweep lists before it takes each game's lock."""

    guild_id: int
    id: int


class GameStore(Protocol):
    async def create_lobby(
        self, guild_id: int, channel_id: int, host: Player, variant: Variant
    ) -> GameRow: ...

    async def get(self, guild_id: int, game_id: int) -> GameRow | None: ...

    async def save(self, row: GameRow) -> None: ...

    async def find_in_channel(self, guild_id: int, channel_id: int) -> GameRow | None: ...

    async def list_active(self, guild_id: int) -> list[GameRow]: ...

    async def close(self) -> None: ...


_COLUMNS = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, turn_message_id, host_id, variant, "
    "status, players, setup, state, note, version, turn_timer, turn_due, reminder_due, missed, "
    "lobby_expires"
)


class SqliteGameStore:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._write_lock = asyncio.Lock()  # one writer at a time on the single connection

    @classmethod
    async def open(cls, path: str | Path) -> SqliteGameStore:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None)
        db.row_factory = aiosqlite.Row
        store = cls(db)
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
            await store._exec(f"PRAGMA {pragma}")
        await store.migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    async def _exec(self, sql: str, params: tuple[object, ...] = ()) -> int:
        """Run one statement, close its cursor (an open one blocks COMMIT); return rowcount."""
        async with self._db.execute(sql, params) as cur:
            return cur.rowcount

    async def schema_version(self) -> int:
        await self._exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self._db.execute("SELECT MAX(version) FROM schema_version") as cur:
            row = await cur.fetchone()
        return (row[0] if row else None) or 0

    async def migrate(self) -> int:
        """Apply the migrations this database has not seen; returns the resulting version."""
        current = await self.schema_version()
        for version, sql in sorted(MIGRATIONS):
            if version <= current:
                continue
            log.info("applying database migration %d", version)
            await self._exec("BEGIN IMMEDIATE")
            try:
                for statement in sql.split(";"):
                    if statement.strip():
                        await self._exec(statement)
                await self._exec("INSERT INTO schema_version VALUES (?)", (version,))
                await self._exec("COMMIT")
            except BaseException:
                await self._exec("ROLLBACK")
                raise
            current = version
        return current

    async def _retry(self, op: Callable[[], Awaitable[T]]) -> T:
        """Retry a transaction when another process holds the database lock."""
        for attempt in range(BUSY_RETRIES):
            try:
                return await op()
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                log.warning("database busy (attempt %d/%d): %s", attempt + 1, BUSY_RETRIES, exc)
                await asyncio.sleep(0.05 * 2**attempt)
        return await op()

    async def create_lobby(
        self, guild_id: int, channel_id: int, host: Player, variant: Variant
    ) -> GameRow:
        players = [host]

        async def op() -> int:
            async with (
                self._write_lock,
                self._db.execute(
                    "INSERT INTO games (guild_id, channel_id, host_id, variant, status, players)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        host.user_id,
                        variant.value,
                        Status.LOBBY.value,
                        _players_json(players),
                    ),
                ) as cur,
            ):
                assert cur.lastrowid is not None
                return cur.lastrowid

        game_id = await self._retry(op)
        return GameRow(game_id, guild_id, channel_id, host.user_id, variant, Status.LOBBY, players)

    async def get(self, guild_id: int, game_id: int) -> GameRow | None:
        if not 0 < game_id <= SQLITE_MAX_INT:  # a forged custom_id; SQLite would overflow
            return None
        rows = await self._query("guild_id = ? AND id = ?", (guild_id, game_id))
        return rows[0] if rows else None

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

    async def list_active(self, guild_id: int) -> list[GameRow]:
        return await self._query(
            "guild_id = ? AND status IN (?, ?) ORDER BY id",
            (guild_id, Status.LOBBY.value, Status.RUNNING.value),
        )

    async def due_games(self, now: float) -> list[GameKey]:
        """Running games whose turn timer or reminder is due, and lobbies idle too long.

        Only their keys: the sweep loads each game once, under its lock, with ``get``.
        """
        async with self._db.execute(
            "SELECT guild_id, id FROM games WHERE (status = ? AND (turn_due <= ? OR reminder_due"
            " <= ?)) OR (status = ? AND lobby_expires <= ?) ORDER BY id",
            (Status.RUNNING.value, now, now, Status.LOBBY.value, now),
        ) as cur:
            return [GameKey(r[0], r[1]) for r in await cur.fetchall()]

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self._db.execute(
            "SELECT default_variant, default_timer, threads, language FROM guild_settings"
            " WHERE guild_id = ?",
            (guild_id,),
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return GuildSettings(guild_id)
        return GuildSettings(guild_id, Variant(row[0]), int(row[1]), bool(row[2]), row[3])

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        async def op() -> None:
            async with self._write_lock:
                await self._exec(
                    "INSERT INTO guild_settings"
                    " (guild_id, default_variant, default_timer, threads, language)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                    " default_variant = excluded.default_variant,"
                    " default_timer = excluded.default_timer, threads = excluded.threads,"
                    " language = excluded.language,"
                    " updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
                    (
                        settings.guild_id,
                        settings.default_variant.value,
                        settings.default_timer,
                        int(settings.threads),
                        settings.language,
                    ),
                )

        await self._retry(op)

    async def running_games(self) -> list[GameRow]:
        """Running games of every server, to resume computer players' turns after a restart."""
        return await self._query("status = ? ORDER BY id", (Status.RUNNING.value,))

    async def all_games(self) -> list[GameRow]:
        """Every stored game of every server: for admin checks only, never for a command."""
        return await self._query("1 ORDER BY id", ())

    async def _query(self, where: str, params: tuple[object, ...]) -> list[GameRow]:
        """Game rows matching ``where`` (a fixed SQL fragment, values always as parameters)."""
        async with self._db.execute(f"SELECT {_COLUMNS} FROM games WHERE {where}", params) as cur:
            rows = await cur.fetchall()
        return [await self._load(r) for r in rows]

    async def integrity_check(self) -> str:
        async with self._db.execute("PRAGMA integrity_check") as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else "no answer"

    async def events_of(self, guild_id: int, game_id: int) -> list[dict[str, Any]]:
        async with self._db.execute(
            "SELECT event FROM game_events WHERE guild_id = ? AND game_id = ? ORDER BY seq",
            (guild_id, game_id),
        ) as cur:
            return [json.loads(r[0]) for r in await cur.fetchall()]

    async def _load(self, row: aiosqlite.Row) -> GameRow:
        game = None
        saved_events = 0
        if row["setup"] is not None:
            setup = Setup.from_dict(json.loads(row["setup"]))
            events = [event_from_dict(e) for e in await self.events_of(row["guild_id"], row["id"])]
            game = Game(setup)
            game.state = SpexxxState.from_dict(json.loads(row["state"]))
            game.events = events
            saved_events = len(events)
        return GameRow(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            variant=Variant(row["variant"]),
            status=Status(row["status"]),
            players=[
                Player(p["user_id"], p["name"], p.get("ai")) for p in json.loads(row["players"])
            ],
            thread_id=row["thread_id"],
            lobby_message_id=row["lobby_message_id"],
            turn_message_id=row["turn_message_id"],
            game=game,
            version=row["version"],
            saved_events=saved_events,
            note=row["note"],
            turn_timer=row["turn_timer"],
            turn_due=row["turn_due"],
            reminder_due=row["reminder_due"],
            missed=list(json.loads(row["missed"])),
            lobby_expires=row["lobby_expires"],
        )

    async def save(self, row: GameRow) -> None:
        """Store the row and its new events in one transaction (optimistic on ``version``)."""
        game = row.game
        new_events = [] if game is None else game.events[row.saved_events :]
        setup = None if game is None else json.dumps(game.setup.to_dict())
        state = None if game is None else json.dumps(game.state.to_dict())

        async def op() -> None:
            async with self._write_lock:
                await self._exec("BEGIN IMMEDIATE")
                try:
                    updated = await self._exec(
                        "UPDATE games SET channel_id = ?, thread_id = ?, lobby_message_id = ?,"
                        " turn_message_id = ?, host_id = ?, variant = ?, status = ?, players = ?,"
                        " setup = ?, state = ?, note = ?, turn_timer = ?, turn_due = ?,"
                        " reminder_due = ?, missed = ?, lobby_expires = ?, version = version + 1,"
                        " updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
                        " WHERE guild_id = ? AND id = ? AND version = ?",
                        (
                            row.channel_id,
                            row.thread_id,
                            row.lobby_message_id,
                            row.turn_message_id,
                            row.host_id,
                            row.variant.value,
                            row.status.value,
                            _players_json(row.players),
                            setup,
                            state,
                            row.note,
                            row.turn_timer,
                            row.turn_due,
                            row.reminder_due,
                            json.dumps(row.missed),
                            row.lobby_expires,
                            row.guild_id,
                            row.id,
                            row.version,
                        ),
                    )
                    if updated != 1:
                        raise StaleGame(f"game {row.id} changed since it was loaded")
                    await self._db.executemany(
                        "INSERT INTO game_events (guild_id, game_id, seq, event) VALUES (?,?,?,?)",
                        [
                            (
                                row.guild_id,
                                row.id,
                                row.saved_events + i,
                                json.dumps(event_to_dict(e)),
                            )
                            for i, e in enumerate(new_events)
                        ],
                    )
                    await self._exec("COMMIT")
                except BaseException:
                    await self._exec("ROLLBACK")
                    raise

        await self._retry(op)
        row.version += 1
        row.saved_events += len(new_events)


def _players_json(players: list[Player]) -> str:
    return json.dumps(
        [{"user_id": p.user_id, "name": p.name, **({"ai": p.ai} if p.ai else {})} for p in players]
    )
