"""Per-server statistics and Elo ratings of finished games, and game export.

Ratings are Elo per server, starting at 1500. A game of n players counts as every pair of them
playing once, by final rank, with K = 32 / (n − 1), so a 4-player game moves a rating about as
much as one 2-player game. The final rank is the score, except that a player who resigned ranks
below everyone still playing (between two who resigned, the score decides); equal ranks draw.

Computer players are opponents with a fixed rating by level (easy 1200, normal 1500, hard 1800)
that never changes and is not stored: beating a hard computer is worth more than beating an easy
one, and a game of one person against computers still counts. Only people get statistics.

A game is recorded once: ``stats_games`` is keyed by game id and written in the same transaction
as the results, so running the hook twice changes nothing. Cancelled games are never recorded.
Finished games the hook missed (a crash between the save and the final message, games from
before this feature) are caught up, oldest first, when someone asks for stats.
"""

from __future__ import annotations

import io
import json
import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot import text
from bot.models import GameRow, Status
from bot.storage import GameStore, SqliteGameStore
from games.spexxx import GRID, Game, Place, Zone, export_record
from locales import Translator

log = logging.getLogger(__name__)

START_RATING = 1500.0
K_FACTOR = 32.0
AI_RATINGS: dict[str, float] = {"easy": 1200.0, "normal": 1500.0, "hard": 1800.0}
CATCH_UP_LIMIT = 25  # finished games recorded late per command, to stay within Discord's 3 s
LEADERBOARD_SIZE = 15
EMBED_COLOUR = 0xE67E22
ZONE_ORDER = {zone.value: zone.points for zone in Zone}


# ------------------------------------------------------------------ pure parts


@dataclass(slots=True)
class SeatFacts:
    """What one seat did in a game, found by replaying its events."""

    zones: Counter[str] = field(default_factory=Counter)  # cubes placed, by zone name
    longest: int = 0  # the longest line that scored for this seat (0: no Spexxx)


def seat_facts(game: Game) -> list[SeatFacts]:
    """Replay the game's events: the state keeps only the last placement's line breakdown."""
    replay = Game(game.setup)
    facts = [SeatFacts() for _ in range(game.setup.seats)]
    for event in game.events:
        score = replay.record(event)
        if isinstance(event, Place) and score is not None:
            square = GRID[score.square]
            assert square is not None
            mine = facts[event.seat]
            mine.zones[square.zone.value] += 1
            for line in score.lines:
                mine.longest = max(mine.longest, line.length)
    return facts


def final_ranks(scores: Sequence[int], resigned: Sequence[bool]) -> list[int]:
    """1-based rank per seat; equal ranks are draws. Resigned seats rank below all others."""
    keys = [(r, -s) for s, r in zip(scores, resigned, strict=True)]
    return [1 + sum(other < key for other in keys) for key in keys]


def expected(rating: float, opponent: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def elo_changes(ratings: Sequence[float], ranks: Sequence[int], k: float = K_FACTOR) -> list[float]:
    """Rating change per seat: pairwise Elo by rank, K shared among the n − 1 opponents."""
    n = len(ratings)
    if n < 2:
        return [0.0] * n
    per_pair = k / (n - 1)
    changes = []
    for i in range(n):
        total = 0.0
        for j in range(n):
            if i == j:
                continue
            actual = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            total += actual - expected(ratings[i], ratings[j])
        changes.append(per_pair * total)
    return changes


def most_used_zone(zones: Counter[str]) -> str | None:
    """The zone with the most cubes; a tie goes to the zone worth more points."""
    if not zones:
        return None
    return max(zones, key=lambda z: (zones[z], ZONE_ORDER.get(z, 0)))


def export_bytes(row: GameRow) -> bytes:
    """The game's ``spexxx-record/1`` JSON, as ``python -m games.spexxx replay`` reads it."""
    assert row.game is not None
    record = export_record(row.game, row.names)
    return (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode()


def export_filename(row: GameRow) -> str:
    return f"spexxx-{row.id}.json"


# --------------------------------------------------------------------- storage


@dataclass(slots=True)
class PlayerStats:
    user_id: int
    name: str
    rating: float
    games: int
    wins: int
    average: float
    best: int
    longest: int
    zone: str | None = None
    place: int | None = None  # position by rating in this server


_AGGREGATE = (
    "SELECT p.user_id, p.name, p.rating, COUNT(r.game_id) AS games, SUM(r.won) AS wins,"
    " AVG(r.score) AS average, MAX(r.score) AS best, MAX(r.longest) AS longest"
    " FROM stats_players p JOIN stats_results r"
    " ON r.guild_id = p.guild_id AND r.user_id = p.user_id"
    " WHERE p.guild_id = ?"
)
_ORDER = {
    "rating": "p.rating DESC, wins DESC, p.user_id",
    "wins": "wins DESC, p.rating DESC, p.user_id",
}


def _player(row: object) -> PlayerStats:
    return PlayerStats(
        user_id=row["user_id"],  # type: ignore[index]
        name=row["name"],  # type: ignore[index]
        rating=row["rating"],  # type: ignore[index]
        games=row["games"],  # type: ignore[index]
        wins=row["wins"] or 0,  # type: ignore[index]
        average=row["average"] or 0.0,  # type: ignore[index]
        best=row["best"] or 0,  # type: ignore[index]
        longest=row["longest"] or 0,  # type: ignore[index]
    )


class StatsStore:
    """Statistics tables on the game store's connection, sharing its single-writer lock."""

    def __init__(self, store: SqliteGameStore) -> None:
        self.store = store
        self._db = store._db

    async def record(self, row: GameRow) -> bool:
        """Record a finished game once; False if it was already recorded or is not finished."""
        game = row.game
        if row.status is not Status.FINISHED or game is None:
            return False
        state = game.state
        facts = seat_facts(game)
        ranks = final_ranks(state.scores, state.resigned)
        winners = set(state.winners())
        store = self.store

        async def op() -> bool:
            async with store._write_lock:
                await store._exec("BEGIN IMMEDIATE")
                try:
                    done = await self._record(row, facts, ranks, winners)
                    await store._exec("COMMIT" if done else "ROLLBACK")
                    return done
                except BaseException:
                    await store._exec("ROLLBACK")
                    raise

        return await store._retry(op)

    async def _record(
        self, row: GameRow, facts: list[SeatFacts], ranks: list[int], winners: set[int]
    ) -> bool:
        exec_ = self.store._exec
        inserted = await exec_(
            "INSERT OR IGNORE INTO stats_games (game_id, guild_id) VALUES (?, ?)",
            (row.id, row.guild_id),
        )
        if inserted != 1:
            return False
        assert row.game is not None
        state = row.game.state
        ratings: list[float] = []
        for player in row.players:
            if player.is_ai:
                ratings.append(AI_RATINGS.get(player.ai or "", START_RATING))
                continue
            async with self._db.execute(
                "SELECT rating FROM stats_players WHERE guild_id = ? AND user_id = ?",
                (row.guild_id, player.user_id),
            ) as cur:
                found = await cur.fetchone()
            ratings.append(START_RATING if found is None else float(found[0]))
        changes = elo_changes(ratings, ranks)
        for seat, player in enumerate(row.players):
            if player.is_ai:
                continue
            after = ratings[seat] + changes[seat]
            await exec_(
                "INSERT INTO stats_results (guild_id, game_id, user_id, seat, score, place, won,"
                " resigned, longest, zones, rating_before, rating_after)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.guild_id,
                    row.id,
                    player.user_id,
                    seat,
                    state.scores[seat],
                    ranks[seat],
                    int(seat in winners),
                    int(state.resigned[seat]),
                    facts[seat].longest,
                    json.dumps(dict(facts[seat].zones)),
                    ratings[seat],
                    after,
                ),
            )
            await exec_(
                "INSERT INTO stats_players (guild_id, user_id, name, rating) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET"
                " name = excluded.name, rating = excluded.rating",
                (row.guild_id, player.user_id, player.name, after),
            )
        return True

    async def catch_up(self, guild_id: int, limit: int = CATCH_UP_LIMIT) -> int:
        """Record this server's finished games the hook missed, oldest first."""
        async with self._db.execute(
            "SELECT g.id FROM games g LEFT JOIN stats_games s ON s.game_id = g.id"
            " WHERE g.guild_id = ? AND g.status = ? AND s.game_id IS NULL ORDER BY g.id LIMIT ?",
            (guild_id, Status.FINISHED.value, limit),
        ) as cur:
            ids = [r[0] for r in await cur.fetchall()]
        recorded = 0
        for game_id in ids:
            row = await self.store.get(guild_id, game_id)
            if row is not None and await self.record(row):
                recorded += 1
        return recorded

    async def player(self, guild_id: int, user_id: int) -> PlayerStats | None:
        async with self._db.execute(
            _AGGREGATE + " AND p.user_id = ? GROUP BY p.user_id", (guild_id, user_id)
        ) as cur:
            found = await cur.fetchone()
        if found is None:
            return None
        stats = _player(found)
        zones: Counter[str] = Counter()
        async with self._db.execute(
            "SELECT zones FROM stats_results WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        ) as cur:
            for (raw,) in await cur.fetchall():
                zones.update(json.loads(raw))
        stats.zone = most_used_zone(zones)
        async with self._db.execute(
            "SELECT COUNT(*) FROM stats_players WHERE guild_id = ? AND rating > ?",
            (guild_id, stats.rating),
        ) as cur:
            above = await cur.fetchone()
        stats.place = 1 + (above[0] if above else 0)
        return stats

    async def leaderboard(
        self, guild_id: int, by: str = "rating", limit: int = LEADERBOARD_SIZE
    ) -> list[PlayerStats]:
        order = _ORDER.get(by, _ORDER["rating"])
        async with self._db.execute(
            _AGGREGATE + f" GROUP BY p.user_id ORDER BY {order} LIMIT ?", (guild_id, limit)
        ) as cur:
            return [_player(r) for r in await cur.fetchall()]

    async def export_game_id(self, guild_id: int, channel_id: int) -> int | None:
        """The newest started game played in this channel or thread, else the newest finished
        game of the server: what ``/spexxx export`` without a game number means."""
        async with self._db.execute(
            "SELECT id FROM games WHERE guild_id = ? AND setup IS NOT NULL"
            " AND (thread_id = ? OR (thread_id IS NULL AND channel_id = ?))"
            " ORDER BY thread_id IS NULL, id DESC LIMIT 1",  # a game's own thread: that game
            (guild_id, channel_id, channel_id),
        ) as cur:
            found = await cur.fetchone()
        if found is None:
            async with self._db.execute(
                "SELECT id FROM games WHERE guild_id = ? AND status = ? ORDER BY id DESC LIMIT 1",
                (guild_id, Status.FINISHED.value),
            ) as cur:
                found = await cur.fetchone()
        return None if found is None else int(found[0])


async def record_finished(store: GameStore, row: GameRow) -> None:
    """The hook at a game's end. A failure here must not cost the players their final
    standings message, so it is logged; ``catch_up`` records the game later."""
    if not isinstance(store, SqliteGameStore):
        return  # another storage backend would bring its own statistics tables
    try:
        await StatsStore(store).record(row)
    except Exception:
        log.exception(
            "could not record the game's statistics", extra={"guild": row.guild_id, "game": row.id}
        )


# ---------------------------------------------------------------------- embeds


def stats_embed(t: Translator, stats: PlayerStats, name: str) -> discord.Embed:
    embed = discord.Embed(
        title=t("Spexxx stats: {name}", name=text.safe_name(name)), colour=EMBED_COLOUR
    )
    share = 100 * stats.wins / stats.games if stats.games else 0
    embed.add_field(
        name=t("Rating"),
        value=t("**{rating}** (#{place} here)", rating=f"{stats.rating:.0f}", place=stats.place),
    )
    embed.add_field(name=t("Games"), value=str(stats.games))
    embed.add_field(name=t("Wins"), value=f"{stats.wins} ({share:.0f}%)")
    embed.add_field(name=t("Average score"), value=f"{stats.average:.1f}")
    embed.add_field(name=t("Best score"), value=str(stats.best))
    zone = text.zone_name(t, Zone(stats.zone)) if stats.zone else "—"
    embed.add_field(name=t("Most-used zone"), value=zone)
    longest = t("{n} in a row", n=stats.longest) if stats.longest else t("none yet")
    embed.add_field(name=t("Longest Spexxx"), value=longest)
    embed.set_footer(text=t("Finished games in this server · Elo from 1500"))
    return embed


def leaderboard_embed(t: Translator, rows: list[PlayerStats], by: str) -> discord.Embed:
    lines = []
    for place, p in enumerate(rows, start=1):
        name = text.safe_name(p.name)
        games = t("{n} game", "{n} games", p.games)
        wins = t("{n} win", "{n} wins", p.wins)
        rating = f"{p.rating:.0f}"
        if by == "wins":
            line = t(
                "**{wins}** · {games} · rating {rating}", wins=wins, games=games, rating=rating
            )
        else:
            line = f"**{rating}** · {wins} · {games}"
        lines.append(f"{place}. {name} — {line}")
    title = (
        t("Spexxx leaderboard — by wins") if by == "wins" else t("Spexxx leaderboard — by rating")
    )
    return discord.Embed(
        title=title,
        description="\n".join(lines),
        colour=EMBED_COLOUR,
    ).set_footer(text=t("Finished games in this server"))


def export_file(row: GameRow) -> discord.File:
    return discord.File(io.BytesIO(export_bytes(row)), export_filename(row))
