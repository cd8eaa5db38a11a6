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
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.contract.adapter import GameAdapter
from bot.contract.capabilities import default_score_lines, stats_facts
from bot.contract.models import GameRow, PlayerStats, SeatResult, Status
from bot.core import text
from bot.storage import CorruptGame, GameStore, Rate
from locales import Translator

log = logging.getLogger(__name__)

START_RATING = 1500.0
K_FACTOR = 32.0
AI_RATINGS: dict[str, float] = {"easy": 1200.0, "normal": 1500.0, "hard": 1800.0}
CATCH_UP_LIMIT = 25  # finished games recorded late per command, to stay within Discord's 3 s
LEADERBOARD_SIZE = 15
EMBED_COLOUR = 0xE67E22


# ------------------------------------------------------------------ pure parts


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


def export_bytes(game: GameAdapter[Any], row: GameRow) -> bytes:
    """The game's record, as ``python -m games.<kind> replay`` reads it."""
    return game.codec.export(row)[0]


def export_filename(row: GameRow) -> str:
    return f"{row.kind}-{row.id}.json"


# ------------------------------------------------------------ over the store


def seat_results(game: GameAdapter[Any], row: GameRow) -> list[SeatResult]:
    """What the statistics keep of each seat of a finished game (its whole log loaded)."""
    assert row.game is not None and not row.log_start, "statistics need the whole event log"
    scores, resigned = game.scores(row.game), game.resigned(row.game)
    kept = stats_facts(game)
    facts = kept.seat_facts(row.game) if kept is not None else [{} for _ in scores]
    ranks = final_ranks(scores, resigned)
    winners = set(game.winners(row.game))
    results = [
        SeatResult(
            seat=seat,
            user_id=player.user_id,
            name=player.name,
            score=scores[seat],
            place=ranks[seat],
            won=seat in winners,
            resigned=resigned[seat],
            facts=facts[seat],
            fixed_rating=AI_RATINGS.get(player.ai or "", START_RATING) if player.is_ai else None,
        )
        for seat, player in enumerate(row.players)
    ]
    game.seat_results_hook(row, results)
    return results


def rate_by(ranks: Sequence[int]) -> Rate:
    """The store's ``rate`` for a game with these final ranks: Elo from the stored ratings."""

    def rate(stored: list[float | None]) -> list[tuple[float, float]]:
        before = [START_RATING if r is None else r for r in stored]
        return [(b, b + c) for b, c in zip(before, elo_changes(before, ranks), strict=True)]

    return rate


class StatsStore:
    """Statistics of one game in a store, through its declared methods."""

    def __init__(self, store: GameStore, game: GameAdapter[Any]) -> None:
        self.store = store
        self.game = game
        self.kind = game.info.kind

    async def record(self, row: GameRow) -> bool:
        """Record a finished game once; False if it was already recorded or is not finished."""
        if row.status is not Status.FINISHED or row.game is None or row.kind != self.kind:
            return False
        if row.log_start:  # loaded without its log: the facts come from replaying it
            full = await self.store.get(row.guild_id, row.id, events=True)
            if full is None or full.status is not Status.FINISHED:
                return False
            row = full
        seats = seat_results(self.game, row)
        return await self.store.record_result(row, seats, rate_by([s.place for s in seats]))

    async def catch_up(self, guild_id: int, limit: int = CATCH_UP_LIMIT) -> int:
        """Record this server's finished games the hook missed, oldest first. A game that does
        not read is logged and skipped (it stays unrecorded): it never blocks the others, nor
        the stats and leaderboard that ask for this first."""
        recorded = 0
        for game_id in await self.store.unrecorded_games(guild_id, self.kind, limit):
            try:
                row = await self.store.get(guild_id, game_id, events=True)
            except CorruptGame as exc:
                log.error(
                    "stored game unreadable, not in the statistics: %s",
                    exc.reason,
                    extra={"guild": guild_id, "game": game_id},
                )
                continue
            if row is not None and await self.record(row):
                recorded += 1
        return recorded

    async def player(self, guild_id: int, user_id: int) -> PlayerStats | None:
        return await self.store.player_stats(guild_id, self.kind, user_id)

    async def leaderboard(
        self, guild_id: int, by: str = "rating", limit: int = LEADERBOARD_SIZE
    ) -> list[PlayerStats]:
        return await self.store.leaderboard(guild_id, self.kind, by, limit)

    async def export_game_id(self, guild_id: int, channel_id: int) -> int | None:
        return await self.store.export_game_id(guild_id, self.kind, channel_id)


async def record_finished(store: GameStore, game: GameAdapter[Any], row: GameRow) -> None:
    """The hook at a game's end. A failure here must not cost the players their final
    standings message, so it is logged; ``catch_up`` records the game later."""
    try:
        await StatsStore(store, game).record(row)
    except Exception:
        log.exception(
            "could not record the game's statistics", extra={"guild": row.guild_id, "game": row.id}
        )


# ---------------------------------------------------------------------- embeds


def stats_embed(
    t: Translator, game: GameAdapter[Any], stats: PlayerStats, name: str
) -> discord.Embed:
    embed = discord.Embed(
        title=t("{game} stats: {name}", game=game.info.title, name=text.safe_name(name)),
        colour=EMBED_COLOUR,
    )
    share = 100 * stats.wins / stats.games if stats.games else 0
    embed.add_field(
        name=t("Rating"),
        value=t("**{rating}** (#{place} here)", rating=f"{stats.rating:.0f}", place=stats.place),
    )
    embed.add_field(name=t("Games"), value=str(stats.games))
    embed.add_field(name=t("Wins"), value=f"{stats.wins} ({share:.0f}%)")
    kept = stats_facts(game)
    if kept is not None:
        lines = kept.score_lines(t, stats.average, stats.best)
        lines += kept.stat_lines(t, stats.facts)
    else:
        lines = default_score_lines(t, stats.average, stats.best)
    for line in lines:
        embed.add_field(name=line.name, value=line.value)
    embed.set_footer(text=t("Finished games in this server · Elo from 1500"))
    return embed


def leaderboard_embed(
    t: Translator, game: GameAdapter[Any], rows: list[PlayerStats], by: str
) -> discord.Embed:
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
        t("{game} leaderboard — by wins", game=game.info.title)
        if by == "wins"
        else t("{game} leaderboard — by rating", game=game.info.title)
    )
    return discord.Embed(
        title=title,
        description="\n".join(lines),
        colour=EMBED_COLOUR,
    ).set_footer(text=t("Finished games in this server"))


def export_file(game: GameAdapter[Any], row: GameRow) -> discord.File:
    return discord.File(io.BytesIO(export_bytes(game, row)), export_filename(row))
