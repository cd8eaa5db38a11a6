"""``/mygames``: every running game and open lobby of this server where the reader has a seat,
of every kind, with where to find it, whose turn it is and when that turn runs out; the games
where it is the reader's move first.

A composed part: given the store and the games installed, it reads and words; the command
that shows it is the Discord edge's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.contract.adapter import GameAdapter
from bot.contract.capabilities import live_rounds
from bot.contract.models import GameRow, Status
from bot.core import text
from bot.core.guide import fit_lines
from bot.storage import GameStore
from locales import Translator

DESCRIPTION_LIMIT = 4096  # Discord: characters of an embed's description
NOT_POSTED = 0  # a turn message posted through an interaction whose id was not read back


@dataclass(frozen=True, slots=True)
class Entry:
    """One game of the reader's: its line, and what orders it."""

    yours: bool  # the reader's move now
    lobby: bool
    due: float | None  # when the turn runs out (POSIX), or the lobby closes
    game_id: int
    line: str

    def order(self) -> tuple[int, float, int]:
        rank = 0 if self.yours else 2 if self.lobby else 1
        return rank, self.due if self.due is not None else math.inf, self.game_id


class MyGames:
    """The reader's games in one server, from the store, worded by each game's adapter."""

    def __init__(self, store: GameStore, games: Mapping[str, GameAdapter[Any]]) -> None:
        self.store = store
        self.games = games

    async def entries(self, t: Translator, guild_id: int, user_id: int) -> list[Entry]:
        rows = await self.store.list_active(guild_id)
        found = [
            entry(t, self.games[row.kind], row, user_id)
            for row in rows
            if row.kind in self.games and has_seat(self.games[row.kind], row, user_id)
        ]
        return sorted(found, key=Entry.order)

    async def listing(self, t: Translator, guild_id: int, user_id: int) -> str:
        """The reader's games as one embed description (those that do not fit are counted);
        "" when they have none."""
        found = await self.entries(t, guild_id, user_id)
        return fit_lines(t, [e.line for e in found], DESCRIPTION_LIMIT) if found else ""


def has_seat(game: GameAdapter[Any], row: GameRow, user_id: int) -> bool:
    """A seat the reader still plays (a seat they resigned is the computer's now)."""
    seat = row.seat_of(user_id)
    if seat is None:
        return False
    return row.game is None or not game.resigned(row.game)[seat]


def entry(t: Translator, game: GameAdapter[Any], row: GameRow, user_id: int) -> Entry:
    name = f"**{game.info.title} #{row.id}**"
    if row.status is Status.LOBBY or row.game is None:
        seats = t("lobby ({taken}/{max})", taken=len(row.players), max=game.info.max_seats)
        parts = [f"{name} · {seats}"]
        if row.lobby_expires:
            parts.append(t("closes {when}", when=stamp(row.lobby_expires)))
        parts.append(lobby_link(row))
        return Entry(False, True, row.lobby_expires, row.id, " · ".join(parts))
    seat = row.seat_of(user_id)
    on_turn = on_move(game, row)
    yours = seat in on_turn if on_turn is not None else True
    if on_turn is None:
        whose = t("everyone plays at once")
    elif yours:
        whose = t("**your turn**")
    else:
        names = t(" and ").join(text.seat_label(t, row, s, game.info.seat_marks) for s in on_turn)
        whose = t("{name}'s turn", name=names) if names else t("waiting")
    parts = [name, whose]
    if row.turn_due:
        parts.append(t("time runs out {when}", when=stamp(row.turn_due)))
    else:
        parts.append(t("no turn timer"))
    parts.append(turn_link(row))
    return Entry(yours, False, row.turn_due, row.id, " · ".join(parts))


def on_move(game: GameAdapter[Any], row: GameRow) -> Sequence[int] | None:
    """The seats whose move it is; None in a live round where everyone may act at once."""
    if (live := live_rounds(game)) is not None:
        waited = list(live.waits_for(row.game))
        return waited or None
    seat = game.current(row.game)
    return () if seat is None else (seat,)


def stamp(when: float) -> str:
    """A time as Discord shows it to each reader, relative ("in 3 hours")."""
    return f"<t:{int(when)}:R>"


def lobby_link(row: GameRow) -> str:
    if row.lobby_message_id:
        return jump(row.guild_id, row.channel_id, row.lobby_message_id)
    return f"<#{row.channel_id}>"


def turn_link(row: GameRow) -> str:
    """The message of the turn on hand, else the game's thread or channel."""
    if row.turn_message_id and row.turn_message_id != NOT_POSTED:
        return jump(row.guild_id, row.play_channel_id, row.turn_message_id)
    return f"<#{row.play_channel_id}>"


def jump(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"
