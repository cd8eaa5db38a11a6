"""Click → response time of the real bot in SimCord over whole games, rendering included.

Run: .venv/bin/python benchmarks/bench_bot.py [--games 3] [--game spexxx|spectrangle|both]
Each click, select and slash command is timed from the call until SimCord has settled the bot's
work (the response sent, the next turn posted). Targets for each game: median ≤ 40 ms,
p99 ≤ 120 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simcord

from benchmarks.simdriver import (
    MENTION,
    SPC_TURN,
    ids,
    options,
    spectrangle_turn,
    turn_message,
)
from bot import create_bot
from bot.dice import seeded_dice


async def timed(samples: list[float], coro) -> None:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    await coro
    samples.append((time.perf_counter() - start) * 1000)


async def play_game(env, n: int, samples: list[float]) -> int:  # type: ignore[no-untyped-def]
    guild = env.create_guild(f"guild {n}")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(f"p{n}-{i}")) for i in range(2)]
    by_id = {p.id: p for p in players}
    await timed(samples, players[0].slash(channel, "spexxx new"))
    await timed(samples, players[1].click(channel.last_message, label="Join"))
    await timed(samples, players[0].click(channel.last_message, label="Start"))
    thread = channel.threads[0]
    turns = 0
    while (message := turn_message(thread)) is not None:
        player = by_id[int(MENTION.search(message.content).group(1))]  # type: ignore[union-attr]
        throw = next(c for c in ids(message) if c.startswith("spx:throw:"))
        await timed(samples, player.click(message, custom_id=throw))
        message = turn_message(thread)
        if turns % 2 == 0:  # hold the first die and throw again
            die = next(c for c in ids(message) if c.startswith("spx:die:"))
            await timed(samples, player.click(message, custom_id=die))
            message = turn_message(thread)
            throw = next(c for c in ids(message) if c.startswith("spx:throw:"))
            await timed(samples, player.click(message, custom_id=throw))
            message = turn_message(thread)
        discard = [c for c in ids(message) if c.startswith("spx:discard:")]
        if discard:
            await timed(samples, player.click(message, custom_id=discard[0]))
        else:
            place = next(c for c in ids(message) if c.startswith("spx:place:"))
            await timed(samples, player.click(message, custom_id=place))
            message = turn_message(thread)
            zone = [c for c in ids(message) if c.startswith("spx:zone:")]
            if zone:
                first = options(message, "spx:zone:")[0]
                await timed(samples, player.select(message, [first], custom_id=zone[0]))
                message = turn_message(thread)
            sq = next(c for c in ids(message) if c.startswith("spx:sq:"))
            choice = options(message, "spx:sq:")[0]
            await timed(samples, player.select(message, [choice], custom_id=sq))
        turns += 1
    return turns


async def play_spectrangle(env, n: int, samples: list[float], seats: int = 3) -> int:  # type: ignore[no-untyped-def]
    guild = env.create_guild(f"spc guild {n}")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(f"s{n}-{i}")) for i in range(seats)]
    by_id = {p.id: p for p in players}
    await timed(samples, players[0].slash(channel, "spectrangle new"))
    for p in players[1:]:
        await timed(samples, p.click(channel.last_message, label="Join"))
    await timed(samples, players[0].click(channel.last_message, label="Start"))
    thread = channel.threads[0]
    turns = 0

    async def clock(coro):  # type: ignore[no-untyped-def]
        await timed(samples, coro)

    while await spectrangle_turn(by_id, lambda: turn_message(thread, SPC_TURN), clock):
        turns += 1
    return turns


def report(name: str, games: int, turns: int, samples: list[float]) -> None:
    samples.sort()
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    print(f"{name}: games {games}, turns {turns}, interactions timed {len(samples)}")
    print(f"  click → response median: {statistics.median(samples):.1f} ms (target ≤ 40 ms)")
    print(f"  click → response p99:    {p99:.1f} ms (target ≤ 120 ms)")
    print(f"  max: {samples[-1]:.1f} ms")


async def main(games: int, which: str) -> None:
    plays = {"spexxx": play_game, "spectrangle": play_spectrangle}
    chosen = list(plays) if which == "both" else [which]
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(database_path=Path(tmp) / "bench.sqlite3", dice=seeded_dice("bench"))
        async with simcord.run(bot, shard_count=1) as env:
            for name in chosen:
                await plays[name](env, -1, [])  # warm-up: caches, first render
            for name in chosen:
                samples: list[float] = []
                turns = 0
                for n in range(games):
                    turns += await plays[name](env, n, samples)
                report(name, games, turns, samples)
        await bot.store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", choices=("spexxx", "spectrangle", "both"), default="both")
    args = parser.parse_args()
    asyncio.run(main(args.games, args.game))
