"""Click → response time of the real bot in SimCord over whole games, rendering included.

Run: .venv/bin/python benchmarks/bench_bot.py [--games 3] [--game spexxx|spectrangle|abquetschen|
cuibono|eintrichtern|wuerfelmarsch|both|all] (both: Spexxx and Spectrangle; all: every game)
Each click, select and slash command is timed from the call until SimCord has settled the bot's
work (the response sent, the next turn posted). Targets for each game: median ≤ 40 ms,
p99 ≤ 120 ms.

The bot runs without its channel pacer (``--paced`` puts it back): clicks here come faster than
a table plays, so the pacer would hold the next turn's post for Discord's per-channel window
(5 creates+edits per 5 s), and that wait, seconds of wall clock, is Discord's limit, not the
bot's work. ``bench_channel_rate.py`` measures click → answer with the pacer on.
Measured 2026-11-27, ``--games 1 --game all``, load about 3, session start (ed691d0) → layered
platform (same run, ms, median / p99 wall, CPU median): Spexxx 13.3/33.4 → 13.0/25.0 (12.0 →
11.9), Spectrangle 17.9/39.0 → 18.4/73.1 (17.3 → 17.4), Abquetschen 17.0/45.9 → 18.4/43.8
(16.3 → 16.7), Cui bono? 14.3/24.9 → 15.0/28.8 (14.0 → 14.6), Eintrichtern 26.3/57.4 →
26.7/54.2 (20.4 → 20.2), Würfelmarsch 16.2/37.1 → 14.8/33.3 (12.9 → 13.4).

Eintrichtern advances SimCord's virtual clock past each reveal's 8 s, as a table would: without
it every cover waits parked forever and SimCord's settling scans them all on each click, which
made clicks grow from 30 ms to 700 ms over a game (profiled: 90 % of the time in
``simcord._settlement``; the bot's own handler took 14 ms a click). Measured 2026-11-23, load
about 1, ``--game eintrichtern --games 1``: 484 interactions, median 35.3 ms, p99 52.6 ms.
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
from bot.adapters.eintrichtern.adapter import REVEAL_SECONDS
from bot.core.dice import seeded_dice
from bot.flow.pacing import LIMIT, WINDOW


class Samples(list[float]):
    """Wall-clock milliseconds per interaction, and the process's CPU milliseconds beside them
    (SimCord runs in this process: on a loaded machine the CPU time still says what a click
    costs, where the wall clock mostly measures the wait for a core)."""

    def __init__(self) -> None:
        super().__init__()
        self.cpu: list[float] = []


async def timed(samples: list[float], coro) -> None:  # type: ignore[no-untyped-def]
    start, cpu = time.perf_counter(), time.process_time()
    await coro
    samples.append((time.perf_counter() - start) * 1000)
    if isinstance(samples, Samples):
        samples.cpu.append((time.process_time() - cpu) * 1000)


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


async def das_lobby(env, n: int, game: str, samples: list[float]):  # type: ignore[no-untyped-def]
    """Three people open, join and start a Das Spiel game; (players by id, thread)."""
    guild = env.create_guild(f"{game} guild {n}")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(f"{game[:3]}{n}-{i}")) for i in range(3)]
    await timed(samples, players[0].slash(channel, "dasspiel new", game=game))
    for p in players[1:]:
        await timed(samples, p.click(channel.last_message, label="Join"))
    await timed(samples, players[0].click(channel.last_message, label="Start"))
    return {p.id: p for p in players}, channel.threads[0]


async def play_abquetschen(env, n: int, samples: list[float]) -> int:  # type: ignore[no-untyped-def]
    """Each turn: the build select (a page first when there are more than 25), the preview's
    bonus select when the build earns one, then Build."""
    by_id, thread = await das_lobby(env, n, "abquetschen", samples)
    turns = 0
    while (message := turn_message(thread, ("abq:",))) is not None:
        player = by_id[int(MENTION.search(message.content).group(1))]  # type: ignore[union-attr]
        for action in ("page", "pick", "bonus"):
            cid = next((c for c in ids(message) if c.startswith(f"abq:{action}:")), None)
            if cid is not None:
                value = options(message, cid)[0]
                await timed(samples, player.select(message, [value], custom_id=cid))
                message = turn_message(thread, ("abq:",))
        build = next(c for c in ids(message) if c.startswith("abq:build:"))
        await timed(samples, player.click(message, custom_id=build))
        turns += 1
    return turns


async def play_cuibono(env, n: int, samples: list[float]) -> int:  # type: ignore[no-untyped-def]
    """Each turn: the pull select, then the first funnel on every other turn, else Keep."""
    by_id, thread = await das_lobby(env, n, "cuibono", samples)
    turns = 0
    while (message := turn_message(thread, ("cui:",))) is not None:
        player = by_id[int(MENTION.search(message.content).group(1))]  # type: ignore[union-attr]
        pull = next(c for c in ids(message) if c.startswith("cui:pull:"))
        await timed(samples, player.select(message, [options(message, pull)[0]], custom_id=pull))
        message = turn_message(thread, ("cui:",))
        put = next((c for c in ids(message) if c.startswith("cui:put:")), None)
        if put is not None and turns % 2:
            await timed(samples, player.select(message, [options(message, put)[0]], custom_id=put))
        else:
            keep = next(c for c in ids(message) if c.startswith("cui:keep:"))
            await timed(samples, player.click(message, custom_id=keep))
        turns += 1
    return turns


async def play_eintrichtern(env, n: int, samples: list[float]) -> int:  # type: ignore[no-untyped-def]
    """Each lift: Roll (Adopt on every other turn that offers it), then a red die from one of
    the two selects, spread over the plate by the turn count."""
    by_id, thread = await das_lobby(env, n, "eintrichtern", samples)
    turns = 0
    while (message := turn_message(thread, ("ein:",))) is not None:
        player = by_id[int(MENTION.search(message.content).group(1))]  # type: ignore[union-attr]
        adopt = next((c for c in ids(message) if c.startswith("ein:adopt:")), None)
        roll = next(c for c in ids(message) if c.startswith("ein:roll:"))
        target = adopt if adopt is not None and turns % 2 else roll
        await timed(samples, player.click(message, custom_id=target))
        message = turn_message(thread, ("ein:",))
        lifts = [c for c in ids(message) if c.startswith("ein:lift:")]
        cid = lifts[turns % len(lifts)]
        values = options(message, cid)
        value = values[(turns * 7) % len(values)]
        await timed(samples, player.select(message, [value], custom_id=cid))
        # the table looks at the revealed sum; its 8 s then run out and a miss is covered again.
        # Without this SimCord's virtual clock never moves, every cover stays parked and its
        # settling (not the bot) slows each click by the number of covers waiting.
        await env.advance_time(REVEAL_SECONDS + 1)
        turns += 1
    return turns


async def play_wuerfelmarsch(env, n: int, samples: list[float]) -> int:  # type: ignore[no-untyped-def]
    """Each turn: choose dice in turn until one can tip forward, and tip it (↖ before ↗);
    if none can, turn the last die chosen to the first orientation offered."""
    by_id, thread = await das_lobby(env, n, "wuerfelmarsch", samples)
    turns = 0
    while (message := turn_message(thread, ("wm:",))) is not None:
        player = by_id[int(MENTION.search(message.content).group(1))]  # type: ignore[union-attr]
        die = next(c for c in ids(message) if c.startswith("wm:die:"))
        move = None
        for value in options(message, die):
            await timed(samples, player.select(message, [value], custom_id=die))
            message = turn_message(thread, ("wm:",))
            die = next(c for c in ids(message) if c.startswith("wm:die:"))
            move = next((c for c in enabled(message) if c.endswith((":fl", ":fr"))), None)
            if move is not None:
                break
        if move is not None:
            await timed(samples, player.click(message, custom_id=move))
        else:
            turn = next(c for c in ids(message) if c.startswith("wm:turn:"))
            await timed(samples, player.click(message, custom_id=turn))
            message = turn_message(thread, ("wm:",))
            rot = next(c for c in ids(message) if c.startswith("wm:rot:"))
            await timed(samples, player.select(message, [options(message, rot)[0]], custom_id=rot))
        turns += 1
    return turns


def enabled(message) -> list[str]:  # type: ignore[no-untyped-def]
    """The custom_ids of a message's buttons that are not greyed out."""
    return [
        child.custom_id
        for row in message.components
        for child in row.children
        if getattr(child, "custom_id", None) and not getattr(child, "disabled", False)
    ]


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def report(name: str, games: int, turns: int, samples: list[float]) -> None:
    print(f"{name}: games {games}, turns {turns}, interactions timed {len(samples)}")
    print(f"  click → response median: {statistics.median(samples):.1f} ms (target ≤ 40 ms)")
    print(f"  click → response p99:    {p99(samples):.1f} ms (target ≤ 120 ms)")
    print(f"  max: {max(samples):.1f} ms")
    cpu = getattr(samples, "cpu", [])
    if cpu:
        print(
            f"  CPU per interaction: median {statistics.median(cpu):.1f} ms, p99 {p99(cpu):.1f} ms"
        )


async def main(games: int, which: str, paced: bool = False) -> None:
    plays = {
        "spexxx": play_game,
        "spectrangle": play_spectrangle,
        "abquetschen": play_abquetschen,
        "cuibono": play_cuibono,
        "eintrichtern": play_eintrichtern,
        "wuerfelmarsch": play_wuerfelmarsch,
    }
    groups = {"both": ["spexxx", "spectrangle"], "all": list(plays)}
    chosen = groups.get(which, [which])
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(
            database_path=Path(tmp) / "bench.sqlite3",
            dice=seeded_dice("bench"),
            channel_pace=(LIMIT, WINDOW) if paced else None,
        )
        # a generous settle deadline: on a loaded machine a click's work (several pictures) may
        # take seconds of wall clock; it is a deadline, not part of what is measured
        async with simcord.run(bot, shard_count=1, settle_timeout=60) as env:
            for name in chosen:
                await plays[name](env, -1, [])  # warm-up: caches, first render
            for name in chosen:
                samples = Samples()
                turns = 0
                for n in range(games):
                    turns += await plays[name](env, n, samples)
                report(name, games, turns, samples)
        await bot.store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument(
        "--game",
        choices=(
            "spexxx",
            "spectrangle",
            "abquetschen",
            "cuibono",
            "eintrichtern",
            "wuerfelmarsch",
            "both",
            "all",
        ),
        default="both",
    )
    parser.add_argument("--paced", action="store_true", help="with the channel pacer on")
    args = parser.parse_args()
    asyncio.run(main(args.games, args.game, args.paced))
