"""Click → response time of a live round: three people call in Bunte Kuh at the same moment.

Run: nice -n 10 .venv/bin/python benchmarks/bench_live.py [--rounds 40]
Each round the bot rolls (the 3 s countdown, in SimCord's virtual time), then three people's
calls are sent together (``tests/together.py``: the bot receives all three before it answers
any): the first (a right STOP) gets the placement panel, the other two the refusal "… called
first", so two of every three clicks wait for the game's lock. Click → response is the wall
time from sending a click to the bot's answer to it (Discord's interaction response); "settled"
is until the bot has done everything the three clicks caused (the round message redrawn, the
panel shown); "CPU for the three" is the process's CPU time meanwhile (SimCord included), which
on a busy machine says what the calls cost where the wall clock mostly measures the wait for a
core. Then the caller lays the die: the digit below, then left and right (after a right
NOWHERE the funnel first), each panel click timed until settled (the lay ends the round: its
public posts wait for the channel's pace, ``bot.flow.pacing``). Targets: click →
response median ≤ 40 ms, p99 ≤ 120 ms.

Measured 2026-11-23 (40 rounds, two shared cores), after redraws moved out of the game's lock
and private panels stopped leaving view tasks: load 3–4: click → response median 13.6 / 14.5 ms,
p99 50.8 / 67.3 ms (two runs), all three settled median 20 ms, CPU for the three median 19 ms;
load 7: median 17.0 ms, p99 69.8 ms. Before: median 28–32 ms, p99 112–146 ms at load 3, and
median 156 ms, p99 942 ms at load 7 (CPU 36–39 ms).

Measured 2026-11-27 with the panel's buttons (the digit below, then left and right) and the
STOP selects by rows: load 3: click → response median 10.1 / 10.5 ms, p99 44.7 / 47.6 ms, CPU
for the three median 10.7–11.4 ms; the caller's panel clicks median 3.0 ms, p99 32 ms (the
lay's settled 2.3 s is the channel's pace for the round's public posts, as with the select of
24 before: 2.3 s). The same day before the change (main, load 2): median 7.3 ms, p99 15.8 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simcord

from bot import create_bot
from bot.adapters import installed
from bot.core.dice import seeded_dice
from games.das_spiel import geometry as g
from tests.together import Press, together


def stamping(sent: dict[int, float], answered: dict[int, float]) -> Any:
    """A ``together`` hook: note when each interaction is sent, and when it is answered (its
    SimCord record turns ``responded``)."""

    def hook(record: Any) -> None:
        base = type(record)

        class Stamped(base):  # type: ignore[misc, valid-type]
            def __setattr__(self, name: str, value: Any) -> None:
                if name == "responded" and value and id(self) not in answered:
                    answered[id(self)] = time.perf_counter()
                super().__setattr__(name, value)

        record.__class__ = Stamped
        sent[id(record)] = time.perf_counter()

    return hook


async def drain(env: Any, bot: Any, limit: float = 30.0) -> None:
    """Let virtual time pass until the pacer has sent everything waiting."""
    waited = 0.0
    while bot.play.pacer.busy() and waited < limit:
        await env.advance_time(0.25)
        waited += 0.25


def round_calls(state: Any, message: Any, people: list[Any], first: Any) -> tuple[list[Press], Any]:
    """A round's three calls at once: ``first`` calls a right funnel (NOWHERE when none is
    right), the others wrong ones (NOWHERE when every funnel is right); and the right funnel."""
    funnels = g.bits(state.funnels())
    right = state.matching(state.roll_sum or 0)
    wrong = [q for q in funnels if q not in right]
    others = [p for p in people if p is not first]
    target = right[0] if right else None
    presses = [
        stop_press(first, message, g.LABELS[target])
        if target is not None
        else Press(first, message, _cid(message, "bk:nowhere:")),
        *(
            stop_press(p, message, g.LABELS[wrong[k % len(wrong)]])
            if wrong
            else Press(p, message, _cid(message, "bk:nowhere:"))
            for k, p in enumerate(others)
        ),
    ]
    return presses, target


def stop_press(player: Any, message: Any, label: str) -> Press:
    for row in message.components:
        for c in row.children:
            cid = getattr(c, "custom_id", "") or ""
            if cid.startswith("bk:stop:") and label in [o.value for o in c.options]:
                return Press(player, message, cid, [label])
    raise LookupError(label)


async def main(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(
            database_path=Path(tmp) / "bench.sqlite3", dice=seeded_dice("bench"), ai_delay=0
        )
        try:
            async with simcord.run(bot, shard_count=1, settle_timeout=2.9) as env:
                guild = env.create_guild("bench")
                channel = guild.create_text_channel("games")
                people = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cid")]
                await people[0].slash(channel, "dasspiel new", game="buntekuh")
                for p in people[1:]:
                    await p.click(channel.last_message, label="Join")
                await people[0].click(channel.last_message, label="Start")
                thread = channel.threads[0]
                adapter = installed()["buntekuh"]
                response: list[float] = []
                settled: list[float] = []
                cpu: list[float] = []  # CPU time of the three calls (bot and SimCord)
                panel_response: list[float] = []  # the caller's panel clicks
                panel_settled: dict[str, list[float]] = {"funnel": [], "below": [], "lay": []}
                for n in range(rounds):
                    await env.advance_time(3.0)  # the countdown, then the roll
                    await drain(env, bot)  # the round message's paced edit shows the roll
                    row = await bot.store.get(guild.id, 1)
                    assert row is not None
                    if row.status.value != "running":
                        break
                    message = next(m for m in reversed(thread.history()) if "rolled" in m.content)
                    first = people[n % 3]
                    presses, target = round_calls(row.game.engine.state, message, people, first)
                    sent: dict[int, float] = {}
                    answered: dict[int, float] = {}
                    start, cpu_start = time.perf_counter(), time.process_time()
                    await together(env, presses, sent=stamping(sent, answered))
                    settled.append((time.perf_counter() - start) * 1000)
                    cpu.append((time.process_time() - cpu_start) * 1000)
                    response.extend((answered[k] - sent[k]) * 1000 for k in sent)
                    panel = next(
                        m
                        for m in reversed(thread.history(viewer=first))
                        if m.flags.ephemeral and m.components
                    )
                    for action, last in (("funnel", ""), ("below", "1"), ("lay", "124")):
                        if action == "funnel" and target is not None:
                            continue  # after a right NOWHERE the funnel first
                        panel = next(
                            m
                            for m in reversed(thread.history(viewer=first))
                            if m.flags.ephemeral and m.components
                        )
                        cid = _cid(panel, f"bk:{action}:", last and ":" + last)
                        values = [_first_option(panel, cid)] if action == "funnel" else None
                        sent, answered = {}, {}
                        start = time.perf_counter()
                        press = Press(first, panel, cid, values)
                        await together(env, [press], sent=stamping(sent, answered))
                        panel_settled[action].append((time.perf_counter() - start) * 1000)
                        panel_response.extend((answered[k] - sent[k]) * 1000 for k in sent)
                    print(f"round {n + 1}: {settled[-1]:.0f} ms", file=sys.stderr, flush=True)
                del adapter
        finally:  # an open connection's thread would keep the process alive
            await bot.store.close()
            bot.play.close_renderer()
    print(f"{len(response)} calls in {len(settled)} rounds of three at once")
    for name, values in (
        ("click → response", response),
        ("all three settled", settled),
        ("CPU for the three", cpu),
        ("panel click → response", panel_response),
        *((f"panel: {action} (settled)", values) for action, values in panel_settled.items()),
    ):
        if not values:
            continue
        print(
            f"{name:24} median {statistics.median(values):6.1f} ms   p99 {p99(values):6.1f} ms"
            f"   max {max(values):6.1f} ms"
        )


def p99(values: list[float]) -> float:
    """The 99th percentile, within the sample (nearest rank: no extrapolation past the max)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _first_option(message: Any, custom_id: str) -> str:
    return next(
        c.options[0].value
        for row in message.components
        for c in row.children
        if getattr(c, "custom_id", "") == custom_id
    )


def _cid(message: Any, prefix: str, suffix: str = "") -> str:
    return next(
        c.custom_id
        for row in message.components
        for c in row.children
        if (getattr(c, "custom_id", "") or "").startswith(prefix) and c.custom_id.endswith(suffix)
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    asyncio.run(main(args.rounds))
