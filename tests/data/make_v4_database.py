"""Writes ``v4.sqlite3``: a database as the bot stored it before the game platform (schema 4,
commit 701290b). Run it from a checkout of that version; kept to show what the file holds.

It holds, in guild 10: a finished 2-player game with statistics and ratings recorded, a running
3-player game (children's variant, 2-minute timer) in the middle of a turn, a lobby with a
computer seat, and the server's settings (children, 1 hour, no threads, Dutch).
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from bot.adapters import installed
from bot.contract.models import GuildSettings, Player, Status
from bot.flow.stats import StatsStore
from bot.storage import SqliteGameStore
from games.common.dice import SeededDice
from games.spexxx import Discard, Game, Place, Throw, Variant

GUILD, CHANNEL = 10, 30


def play(game: Game, rng: random.Random, turns: int | None) -> None:
    done = 0
    while not game.state.finished and (turns is None or done < turns):
        seat = game.state.current
        assert seat is not None
        game.apply(Throw(seat))
        allowed = game.state.allowed_squares()
        game.apply(Place(seat, rng.choice(allowed).name) if allowed else Discard(seat))
        done += 1


async def main(path: Path) -> None:
    path.unlink(missing_ok=True)
    store = await SqliteGameStore.open(path, installed())
    finished = await store.create_lobby(GUILD, CHANNEL, Player(1, "ann"), Variant.ADULT)
    finished.players.append(Player(2, "bob"))
    finished.game = Game.new(2, SeededDice(1), Variant.ADULT)
    finished.status = Status.RUNNING
    play(finished.game, random.Random(1), None)
    finished.status = Status.FINISHED
    finished.thread_id = 31
    await store.save(finished)
    assert await StatsStore(store).record(finished)

    running = await store.create_lobby(GUILD, CHANNEL + 1, Player(1, "ann"), Variant.CHILDREN)
    running.players += [Player(2, "bob"), Player(3, "cy")]
    running.game = Game.new(3, SeededDice(2), Variant.CHILDREN)
    running.status = Status.RUNNING
    running.turn_timer = 120
    running.missed = [0, 0, 0]
    play(running.game, random.Random(2), 5)
    seat = running.game.state.current
    assert seat is not None
    running.game.apply(Throw(seat))  # mid-turn: one throw used
    running.turn_message_id = 999
    await store.save(running)

    lobby = await store.create_lobby(GUILD, CHANNEL + 2, Player(4, "dee"), Variant.ADULT)
    lobby.players.append(Player(0, "Computer (hard)", "hard"))
    await store.save(lobby)

    await store.save_guild_settings(GuildSettings(GUILD, Variant.CHILDREN, 3600, False, "nl"))
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1] if len(sys.argv) > 1 else "v4.sqlite3")))
