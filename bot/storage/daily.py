"""The daily challenge's rows: one attempt per person, game and UTC day (``daily_attempts``).

An attempt belongs to the server it was started in (``guild_id``: its share line, the server's
board of the day and its streaks are that server's), but a person has one attempt a day in all
servers together: the day's game is the same everywhere, so a second attempt elsewhere would
be a replay with the answers known. The unique key says so, and makes two clicks at once
start one attempt. Written through the store's own transactions (SQLite and PostgreSQL alike).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.contract.adapter import GameAdapter
from bot.contract.models import Status
from bot.storage.base import SQLITE_MAX_INT, CorruptGame, Row, SqlGameStore, StaleGame, Tx

RUNNING = "running"
FINISHED = "finished"


@dataclass(slots=True)
class DailyAttempt:
    """One person's attempt at one game's challenge of one day."""

    id: int
    guild_id: int
    channel_id: int  # where it was started: its share line is posted there
    kind: str
    day: str  # the UTC date, YYYY-MM-DD
    user_id: int
    name: str
    status: str  # RUNNING or FINISHED
    game: Any  # the engine's game, its whole log loaded
    score: int | None = None  # once finished
    version: int = 0  # optimistic: a save from an older load fails
    saved_events: int = 0

    @property
    def finished(self) -> bool:
        return self.status == FINISHED


_COLUMNS = (
    "id, guild_id, channel_id, kind, day, user_id, name, status, setup, state, events, score,"
    " version"
)


class DailyStore:
    """Every query of the daily challenge, once, on the bot's store (either database)."""

    def __init__(self, store: SqlGameStore, games: Mapping[str, GameAdapter[Any]]) -> None:
        self._store = store
        self._games = games  # the adapter of each kind that has a daily challenge

    def _dump(self, attempt: DailyAttempt) -> tuple[str, str, str]:
        codec = self._games[attempt.kind].codec
        setup, state = codec.dump(attempt.game)
        events = [codec.event_to_dict(e) for e in codec.events(attempt.game)]
        return json.dumps(setup), json.dumps(state), json.dumps(events)

    def _load(self, row: Row) -> DailyAttempt:
        """An attempt as stored; a row that does not decode is a bug (``CorruptGame``)."""
        try:
            codec = self._games[row["kind"]].codec
            game = codec.load(json.loads(row["setup"]), json.loads(row["state"]))
            events = [codec.event_from_dict(e) for e in json.loads(row["events"])]
            codec.events(game)[:] = events
            return DailyAttempt(
                id=int(row["id"]),
                guild_id=int(row["guild_id"]),
                channel_id=int(row["channel_id"]),
                kind=row["kind"],
                day=row["day"],
                user_id=int(row["user_id"]),
                name=row["name"],
                status=row["status"],
                game=game,
                score=None if row["score"] is None else int(row["score"]),
                version=int(row["version"]),
                saved_events=len(events),
            )
        except (ValueError, KeyError, TypeError, AttributeError, LookupError) as exc:
            raise CorruptGame(row["guild_id"], row["id"], f"daily attempt: {exc}") from exc

    async def start(
        self,
        guild_id: int,
        channel_id: int,
        kind: str,
        day: str,
        user_id: int,
        name: str,
        game: Any,
    ) -> DailyAttempt | None:
        """A new running attempt; None when this person has one for this game and day."""
        codec = self._games[kind].codec
        setup, state = codec.dump(game)
        created: list[int] = []

        async def body(tx: Tx) -> bool:
            rows = await tx.fetch(
                "INSERT INTO daily_attempts (guild_id, channel_id, kind, day, user_id, name,"
                " status, setup, state, events, version)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', 0)"
                " ON CONFLICT (kind, day, user_id) DO NOTHING RETURNING id",
                (
                    guild_id,
                    channel_id,
                    kind,
                    day,
                    user_id,
                    name,
                    RUNNING,
                    json.dumps(setup),
                    json.dumps(state),
                ),
            )
            created.extend(int(r[0]) for r in rows)
            return True

        await self._store._transaction(body)
        if not created:
            return None
        return DailyAttempt(
            created[0], guild_id, channel_id, kind, day, user_id, name, RUNNING, game
        )

    async def of_user(self, kind: str, day: str, user_id: int) -> DailyAttempt | None:
        """This person's attempt of the day, in whichever server they started it."""
        rows = await self._store._read(
            f"SELECT {_COLUMNS} FROM daily_attempts WHERE kind = ? AND day = ? AND user_id = ?",
            (kind, day, user_id),
        )
        return self._load(rows[0]) if rows else None

    async def get(self, guild_id: int, attempt_id: int) -> DailyAttempt | None:
        if not 0 < attempt_id <= SQLITE_MAX_INT:  # a forged custom_id
            return None
        rows = await self._store._read(
            f"SELECT {_COLUMNS} FROM daily_attempts WHERE guild_id = ? AND id = ?",
            (guild_id, attempt_id),
        )
        return self._load(rows[0]) if rows else None

    async def save(self, attempt: DailyAttempt) -> None:
        """Store the attempt's game (and its end), optimistic on ``version``."""
        setup, state, events = self._dump(attempt)

        async def body(tx: Tx) -> bool:
            updated = await tx.execute(
                "UPDATE daily_attempts SET setup = ?, state = ?, events = ?, status = ?,"
                " score = ?, version = version + 1 WHERE guild_id = ? AND id = ? AND version = ?",
                (
                    setup,
                    state,
                    events,
                    attempt.status,
                    attempt.score,
                    attempt.guild_id,
                    attempt.id,
                    attempt.version,
                ),
            )
            if updated != 1:
                raise StaleGame(f"daily attempt {attempt.id} changed since it was loaded")
            return True

        await self._store._transaction(body)
        attempt.version += 1

    async def board(self, guild_id: int, kind: str, day: str) -> list[tuple[int, str, int]]:
        """The server's finished attempts of the day: (user id, name, score), best first."""
        rows = await self._store._read(
            "SELECT user_id, name, score FROM daily_attempts WHERE guild_id = ? AND kind = ?"
            " AND day = ? AND status = ? ORDER BY score DESC, id",
            (guild_id, kind, day, FINISHED),
        )
        return [(int(r[0]), r[1], int(r[2])) for r in rows]

    async def days_played(
        self, guild_id: int, kind: str, user_ids: Sequence[int], since: str
    ) -> dict[int, list[str]]:
        """The days each of these people finished the challenge in this server, from ``since``."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._store._read(
            "SELECT user_id, day FROM daily_attempts WHERE guild_id = ? AND kind = ?"
            f" AND status = ? AND day >= ? AND user_id IN ({marks})",
            (guild_id, kind, FINISHED, since, *user_ids),
        )
        days: dict[int, list[str]] = {u: [] for u in user_ids}
        for r in rows:
            days[int(r[0])].append(r[1])
        return days

    # ------------------------------------------------------------- once the day is over

    async def publish(self, guild_id: int, kind: str, before: str, limit: int = 50) -> int:
        """This server's finished attempts of days before ``before`` become ordinary finished
        games of the server (so the replay viewer shows them; never today's, which would give
        the day away), each once; they count in no statistics. Returns how many it made."""
        rows = await self._store._read(
            f"SELECT {_COLUMNS} FROM daily_attempts WHERE guild_id = ? AND kind = ? AND day < ?"
            " AND status = ? AND game_id IS NULL ORDER BY id LIMIT ?",
            (guild_id, kind, before, FINISHED, int(limit)),
        )
        made = 0
        for row in rows:
            made += await self._store._transaction(_published(row))
        return made

    async def yesterday(self, guild_id: int, kind: str, day: str) -> tuple[str, int, int] | None:
        """The server's best attempt of ``day`` once it is a stored game: (name, score, game id)."""
        rows = await self._store._read(
            "SELECT name, score, game_id FROM daily_attempts WHERE guild_id = ? AND kind = ?"
            " AND day = ? AND status = ? AND game_id > 0 ORDER BY score DESC, id LIMIT 1",
            (guild_id, kind, day, FINISHED),
        )
        return (rows[0][0], int(rows[0][1]), int(rows[0][2])) if rows else None


def _published(row: Row) -> Callable[[Tx], Awaitable[bool]]:
    """One attempt stored as a finished game, in one transaction: claimed first, so two
    processes never store it twice (the second finds it claimed and changes nothing)."""

    async def body(tx: Tx) -> bool:
        claimed = await tx.execute(
            "UPDATE daily_attempts SET game_id = 0 WHERE id = ? AND game_id IS NULL", (row["id"],)
        )
        if claimed != 1:
            return False
        players = json.dumps([{"user_id": row["user_id"], "name": row["name"]}])
        created = await tx.fetch(
            "INSERT INTO games (guild_id, channel_id, host_id, kind, options, variant, status,"
            " players, setup, state, note, version, turn_message_id)"
            " VALUES (?, ?, ?, ?, ?, '', ?, ?, ?, ?, '', 1, 0) RETURNING id",
            (
                row["guild_id"],
                row["channel_id"],
                row["user_id"],
                row["kind"],
                json.dumps({"daily": row["day"]}),
                Status.FINISHED.value,
                players,
                row["setup"],
                row["state"],
            ),
        )
        game_id = int(created[0][0])
        events = json.loads(row["events"])
        if events:
            await tx.executemany(
                "INSERT INTO game_events (guild_id, game_id, seq, event) VALUES (?, ?, ?, ?)",
                [(row["guild_id"], game_id, i, json.dumps(e)) for i, e in enumerate(events)],
            )
        # recorded as statistics without results: a solo daily counts in nobody's stats
        await tx.execute(
            "INSERT INTO stats_games (game_id, guild_id, kind) VALUES (?, ?, ?)",
            (game_id, row["guild_id"], row["kind"]),
        )
        await tx.execute("UPDATE daily_attempts SET game_id = ? WHERE id = ?", (game_id, row["id"]))
        return True

    return body
