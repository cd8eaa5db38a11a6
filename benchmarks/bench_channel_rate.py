"""Discord's per-channel limit: the most message creates and edits one channel gets in any 5 s,
per game, with the pacer off (before) and on (after, ``bot.flow.pacing``); click → response with it.

Run: nice -n 10 .venv/bin/python benchmarks/bench_channel_rate.py [--game raffzahn|…|all]
     [--clicks 60] [--seconds 240] [--ai-delay 1.5] [--stretch people|computers|both] [--settle 1.0]

Two stretches per game, each on a fresh bot, once unpaced and once paced (5 per 5.25 s):
- people: turn games are played by people clicking fast (a click every 0.4 virtual seconds,
  the ``bench_bot`` drivers, first ``--clicks`` clicks); Raffzahn by three people taking dice at
  once (``tests.together``, a batch every 0.2 s, STOP, the next round at once); Bunte Kuh by three
  people calling at once each round (then the lay). After each click the virtual clock runs on
  until the pacer has sent what waits, as the table would watch it.
- computers: one person and computers (the most seats: two, three or five) with a 2 minute
  turn timer, ``--seconds`` of virtual time at the bot's own pace (``ai_delay``, production
  1.5 s): computer-only stretches, and the person's turns played for them when the timer runs
  out (missed turns never remove them here).
Counted as Discord's channel bucket counts (see ``flow.pacing``): ``POST /channels/{id}/messages``
and ``PATCH /channels/{id}/messages/{id}``, at SimCord's virtual time, per channel (each game
plays in its own thread). Interaction answers and panel edits are not counted. Click → response
is from sending a click to the bot's interaction answer (people stretch, pacer on; together
clicks from the moment all were sent). Targets: ≤ 5 creates+edits in any 5 s per channel;
median ≤ 40 ms, p99 ≤ 120 ms.

Measured 2026-11-27 (2 shared cores, load about 4), most in one channel in any 5 s, before →
after; people stretch, computers at ai_delay 1.5 s (240 s), computers at ai_delay 0.5 s (600 s,
``--settle 0.25``):
  Spexxx 4 → 4, 6 → 5, 13 → 5          Spectrangle 8 → 5, 8 → 4, 8 → 4
  Abquetschen 8 → 5, 6 → 4, 6 → 4      Raffzahn 38 → 5, 5 → 4, 5 → 4
  Bunte Kuh 8 → 5, 3 → 3, 3 → 3        Cui bono? 8 → 5, 8 → 5, 17 → 5
  Eintrichtern 3 → 3, 8 → 4, 18 → 5    Würfelmarsch 8 → 5, 6 → 4, 6 → 4
Raffzahn's three people sent 85 requests unpaced, 39 paced (redraws merged). Eintrichtern's
covers were changed at their due time (0.00 s late, 24 and 6 covers; 18 at ai_delay 0.5).
Click → response, pacer on: 619 clicks, median 8.5 ms, p99 54.3 ms (unpaced in the same run:
median 10.2 ms, p99 68.6 ms); per game medians 6–22 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord
import discord.webhook.async_ as hooks
import simcord
from simcord.http import router

import benchmarks.bench_bot as turn_games
from benchmarks.bench_live import _cid, _first_option, drain, round_calls
from bot import create_bot
from bot.core.dice import seeded_dice
from bot.flow.pacing import LIMIT, WINDOW
from bot.flow.timers import now
from tests.together import Press, together

PACED = (LIMIT, WINDOW)
HUMAN = 0.4  # virtual seconds between one person's clicks
CREATE_OR_EDIT = {("POST", 3), ("PATCH", 4)}  # /channels/{id}/messages[/{id}]
ANSWERED: dict[int, float] = {}  # interaction id → perf_counter when the bot answered it


class Enough(Exception):
    """The people stretch has had its clicks."""


class Writes:
    """Virtual time of each channel create and edit, by channel id."""

    def __init__(self) -> None:
        self.times: dict[int, list[float]] = defaultdict(list)

    def wrap(self, dispatch: Callable[..., Any]) -> Callable[..., Any]:
        def dispatching(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            parts = path.strip("/").split("/")
            counted = (method, len(parts)) in CREATE_OR_EDIT
            if counted and parts[0] == "channels" and parts[2] == "messages":
                self.times[int(parts[1])].append(backend.clock.elapsed)
            return dispatch(backend, method, path, **kwargs)

        return dispatching

    def most(self, window: float = 5.0) -> int:
        """The most creates and edits one channel got in any ``window`` seconds."""
        best = 0
        for times in self.times.values():
            times = sorted(times)
            j = 0
            for i, t in enumerate(times):
                while times[j] <= t - window:
                    j += 1
                best = max(best, i - j + 1)
        return best

    def total(self) -> int:
        return sum(len(t) for t in self.times.values())


def _answered(original: Any) -> Any:
    def create_interaction_response(self: Any, interaction_id: int, *args: Any, **kw: Any) -> Any:
        ANSWERED.setdefault(int(interaction_id), time.perf_counter())
        return original(self, interaction_id, *args, **kw)

    return create_interaction_response


def covers_late(bot: Any) -> list[float]:
    """How late each timed view (Eintrichtern's 8 s reveal covered) was changed, in seconds."""
    late: list[float] = []
    original = bot.play.posting.show_later

    async def show_later(timed: Any) -> bool:
        done = await original(timed)
        late.append(now() - timed.due)
        return bool(done)

    bot.play.posting.show_later = show_later
    return late


def virtual_sleep(env: Any) -> Callable[[float], Awaitable[None]]:
    """The pacer's waits in virtual time only: SimCord otherwise runs a wait shorter than its
    settle timeout in real time, and one firing in the middle of a click breaks settling."""

    async def sleep(seconds: float) -> None:
        await env.external_wait(asyncio.sleep(seconds), reason="the channel's window")

    return sleep


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


# ------------------------------------------------------------------------------ people


async def people_turns(env: Any, bot: Any, name: str, clicks: int, samples: list[float]) -> None:
    """A ``bench_bot`` driver, each click timed to its answer, then 0.4 s and the pacer."""
    count = 0

    async def timed(_samples: list[float], coro: Awaitable[Any]) -> None:
        nonlocal count
        start = time.perf_counter()
        result = await coro
        answered = ANSWERED.get(int(result._interaction.id))
        if answered is not None:
            samples.append((answered - start) * 1000)
        count += 1
        if count >= clicks:
            raise Enough
        await env.advance_time(HUMAN)
        await drain(env, bot)

    plays = {
        "spexxx": turn_games.play_game,
        "spectrangle": turn_games.play_spectrangle,
        "abquetschen": turn_games.play_abquetschen,
        "cuibono": turn_games.play_cuibono,
        "eintrichtern": turn_games.play_eintrichtern,
        "wuerfelmarsch": turn_games.play_wuerfelmarsch,
    }
    with mock.patch.object(turn_games, "timed", timed), contextlib.suppress(Enough):
        await plays[name](env, 0, [])


def ids_of(message: Any, prefix: str) -> list[str]:
    if message is None:
        return []
    return [
        c.custom_id
        for row in message.components
        for c in row.children
        if (getattr(c, "custom_id", "") or "").startswith(prefix)
    ]


def newest(where: Any, prefix: str, viewer: Any = None) -> Any:
    history = where.history(viewer=viewer) if viewer is not None else where.history()
    for message in reversed(history):
        if ids_of(message, prefix) and (viewer is None or message.flags.ephemeral):
            return message
    return None


async def three_people(env: Any, game: str) -> tuple[list[Any], Any]:
    guild = env.create_guild(game)
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(f"{game}-{i}")) for i in range(3)]
    await people[0].slash(channel, "dasspiel new", game=game)
    for p in people[1:]:
        await p.click(channel.last_message, label="Join")
    await people[0].click(channel.last_message, label="Start")
    return people, channel.threads[0]


async def timed_together(env: Any, presses: list[Press], samples: list[float]) -> None:
    start = time.perf_counter()
    results = await together(env, presses)
    for result in results:
        answered = ANSWERED.get(int(result._interaction.id))
        if answered is not None:
            samples.append((answered - start) * 1000)


async def timed_click(samples: list[float], coro: Awaitable[Any]) -> Any:
    start = time.perf_counter()
    result = await coro
    answered = ANSWERED.get(int(result._interaction.id))
    if answered is not None:
        samples.append((answered - start) * 1000)
    return result


async def people_raffzahn(env: Any, bot: Any, rounds: int, samples: list[float]) -> None:
    """Three people: roll, open panels, all who can take click a take at once every 0.2 s,
    the roller's STOP, the next round at once."""
    people, where = await three_people(env, "raffzahn")
    for _ in range(rounds):
        await drain(env, bot)
        message = newest(where, "raf:roll:")
        if message is None:
            return
        roller = next(p for p in people if f"<@{p.id}>" in message.content)
        await timed_click(samples, roller.click(message, custom_id=ids_of(message, "raf:roll:")[0]))
        if not ids_of(newest(where, "raf:stop:", roller), "raf:stop:"):
            continue  # closed at once
        for p in people:
            if p is not roller:
                message = newest(where, "raf:side:")
                await timed_click(
                    samples, p.click(message, custom_id=ids_of(message, "raf:side:")[0])
                )
        while ids_of(newest(where, "raf:stop:", roller), "raf:stop:"):
            presses = []
            for p in people:
                panel = newest(where, "raf:take:", p)
                if panel is not None and ids_of(panel, "raf:take:"):
                    presses.append(Press(p, panel, ids_of(panel, "raf:take:")[0]))
            if not presses:
                break
            await timed_together(env, presses, samples)
            await env.advance_time(0.2)
        panel = newest(where, "raf:stop:", roller)
        if panel is not None:
            await timed_click(samples, roller.click(panel, custom_id=ids_of(panel, "raf:stop:")[0]))


async def people_bunte_kuh(env: Any, bot: Any, rounds: int, samples: list[float]) -> None:
    """Three people call at once each round (one right, two wrong), then the caller lays."""
    people, where = await three_people(env, "buntekuh")
    guild_id = where.guild.id
    for n in range(rounds):
        await env.advance_time(3.0)  # the countdown, then the roll
        await drain(env, bot)
        rows = await bot.store.list_active(guild_id, "buntekuh")
        if not rows:
            return
        row = await bot.store.get(guild_id, rows[0].id)
        message = next((m for m in reversed(where.history()) if "rolled" in m.content), None)
        if message is None or not ids_of(message, "bk:"):
            continue
        first = people[n % 3]
        presses, target = round_calls(row.game.engine.state, message, people, first)
        await timed_together(env, presses, samples)
        panel = newest(where, "bk:", first)
        if panel is None:
            continue
        if target is None and ids_of(panel, "bk:funnel:"):
            cid = _cid(panel, "bk:funnel:")
            await timed_click(
                samples, first.select(panel, [_first_option(panel, cid)], custom_id=cid)
            )
            panel = newest(where, "bk:below:", first)
        if panel is not None and ids_of(panel, "bk:below:"):  # the digit below, left and right
            below = next(c for c in ids_of(panel, "bk:below:") if c.endswith(":1"))
            await timed_click(samples, first.click(panel, custom_id=below))
            panel = newest(where, "bk:lay:", first)
            lay = next(c for c in ids_of(panel, "bk:lay:") if c.endswith(":124"))
            await timed_click(samples, first.click(panel, custom_id=lay))


# --------------------------------------------------------------------------- computers

GAMES: dict[str, tuple[str, str, dict[str, str], int]] = {
    # name: (title, command, options, computers beside one person)
    "spexxx": ("Spexxx", "spexxx new", {}, 3),
    "spectrangle": ("Spectrangle", "spectrangle new", {}, 3),
    "abquetschen": ("Abquetschen", "dasspiel new", {"game": "abquetschen"}, 2),
    "raffzahn": ("Raffzahn", "dasspiel new", {"game": "raffzahn"}, 2),
    "buntekuh": ("Bunte Kuh", "dasspiel new", {"game": "buntekuh"}, 5),
    "cuibono": ("Cui bono?", "dasspiel new", {"game": "cuibono"}, 5),
    "eintrichtern": ("Eintrichtern", "dasspiel new", {"game": "eintrichtern"}, 5),
    "wuerfelmarsch": ("Würfelmarsch", "dasspiel new", {"game": "wuerfelmarsch"}, 2),
}


async def computers(env: Any, name: str, seconds: float) -> None:
    """One person and computers, a 2 minute turn timer, ``seconds`` of virtual time."""
    _, command, options, count = GAMES[name]
    guild = env.create_guild(f"{name} computers")
    deny = discord.PermissionOverwrite(attach_files=False)  # counts, not pictures, matter here
    channel = guild.create_text_channel("plain", overwrites={guild.me: deny})
    person = guild.add_member(env.create_user(f"{name}-person"))
    await person.slash(channel, command, timer=120, **options)
    for _ in range(count):
        lobby = channel.last_message
        addai = ids_of(lobby, "")
        cid = next(c for c in addai if ":addai:" in c)
        await person.select(lobby, ["normal"], custom_id=cid)
    await person.click(channel.last_message, label="Start")
    elapsed = 0.0
    while elapsed < seconds:
        await env.advance_time(0.5)
        elapsed += 0.5


# -------------------------------------------------------------------------------- main


async def run(
    name: str, stretch: str, pace: tuple[int, float] | None, args: argparse.Namespace
) -> tuple[int, int, list[float], list[float]]:
    """(most creates+edits in any 5 s in one channel, all counted, click → response ms,
    seconds each timed view (Eintrichtern's cover) changed after its due time)."""
    writes = Writes()
    samples: list[float] = []
    ANSWERED.clear()  # SimCord numbers interactions the same way in every run
    with (
        tempfile.TemporaryDirectory() as tmp,
        mock.patch.object(router, "dispatch", writes.wrap(router.dispatch)),
        mock.patch.object(
            hooks.AsyncWebhookAdapter,
            "create_interaction_response",
            _answered(hooks.AsyncWebhookAdapter.create_interaction_response),
        ),
    ):
        bot = create_bot(
            database_path=Path(tmp) / "bench.sqlite3",
            dice=seeded_dice(f"rate-{name}"),
            ai_delay=args.ai_delay,
            max_missed_turns=10**6,
            channel_pace=pace,
        )
        try:
            async with simcord.run(bot, shard_count=1, settle_timeout=args.settle) as env:
                bot.play.pacer.sleep = virtual_sleep(env)
                late = covers_late(bot)
                if stretch == "computers":
                    await computers(env, name, args.seconds)
                elif name == "raffzahn":
                    await people_raffzahn(env, bot, args.clicks // 6, samples)
                elif name == "buntekuh":
                    await people_bunte_kuh(env, bot, args.clicks // 4, samples)
                else:
                    await people_turns(env, bot, name, args.clicks, samples)
                await drain(env, bot)
        finally:
            await bot.store.close()
            bot.play.close_renderer()
    return writes.most(), writes.total(), samples, late


async def main(args: argparse.Namespace) -> None:
    chosen = list(GAMES) if args.game == "all" else [args.game]
    print(
        f"most creates+edits in one channel in any 5 s (limit 5): before (unpaced) → after "
        f"(paced); ai_delay {args.ai_delay} s"
    )
    every: list[float] = []
    unpaced_all: list[float] = []
    for name in chosen:
        line = [f"{GAMES[name][0]:13}"]
        for stretch in ("people", "computers") if args.stretch == "both" else (args.stretch,):
            before, n_before, unpaced, late_before = await run(name, stretch, None, args)
            after, n_after, samples, late_after = await run(name, stretch, PACED, args)
            line.append(f"{stretch} {before:2} → {after} ({n_before}/{n_after} writes)")
            if late_after:
                line.append(
                    f"covers {len(late_before)}/{len(late_after)} at most "
                    f"{max(late_before, default=0):.2f}/{max(late_after):.2f} s late"
                )
            if samples:
                every += samples
                unpaced_all += unpaced
                line.append(
                    f"click→response {len(samples)} clicks median {statistics.median(samples):.1f}"
                    f" ms p99 {p99(samples):.1f} ms (unpaced {statistics.median(unpaced):.1f} /"
                    f" {p99(unpaced):.1f} ms)"
                )
        print(" · ".join(line), flush=True)
    if every:
        print(
            f"all clicks (paced): {len(every)}, median {statistics.median(every):.1f} ms, "
            f"p99 {p99(every):.1f} ms (targets ≤ 40 / ≤ 120 ms); unpaced: {len(unpaced_all)}, "
            f"median {statistics.median(unpaced_all):.1f} ms, p99 {p99(unpaced_all):.1f} ms"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=[*GAMES, "all"], default="all")
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=240.0)
    parser.add_argument("--ai-delay", type=float, default=1.5)
    parser.add_argument("--stretch", choices=("people", "computers", "both"), default="both")
    # SimCord runs a sleep shorter than this in real time: keep it below --ai-delay
    parser.add_argument("--settle", type=float, default=1.0)
    asyncio.run(main(parser.parse_args()))
