"""Replays through the real bot in SimCord (issue 27): a finished game of this server watched
again privately, step by step (⏮ ◀ ▶ ⏭ and the step select, paged), across a restart with the
same buttons, a step posted in the channel, the Replay button on the results; refusals for a
server with no finished game, another server's game, a running game."""

from __future__ import annotations

import contextlib
import io
import re

import discord
import pytest
from PIL import Image

from bot.adapters import installed
from bot.contract.models import GameRow, Status
from bot.core.replays import ReplayBook
from tests.bot.play.test_bot_game import RESULT, Table, finish_game
from tests.bot.play.test_bot_raffzahn import RaffTable, play_to_end
from tests.bot.play.test_bot_spectrangle import SpcTable
from tests.bot.play.test_robust_faults import no_errors
from tests.dastable import DasTable, stored
from tests.simtable import component_ids, find_id, select_options
from tests.together import Press, together

STEP = re.compile(r"replay: (the start|the end|step (\d+) of (\d+))")


async def finished_spexxx(env) -> tuple[Table, object]:  # type: ignore[no-untyped-def]
    """alice and bob play a children's Spexxx game to its end (24 turns); its thread."""
    table = Table(env)
    lobby = await table.open_lobby("children")
    await table.players[0].click(lobby, label="Start")
    thread = table.channel.threads[0]
    assert await finish_game(table, thread) == 24
    return table, thread


def viewer(where, who) -> discord.Message:  # type: ignore[no-untyped-def]
    """``who``'s newest private replay viewer in ``where``."""
    for message in reversed(where.history(viewer=who)):
        if any(cid.startswith("rp-first:") for cid in component_ids(message)):
            return message
    raise AssertionError("no viewer")


def step_of(message: discord.Message) -> int | str:
    match = STEP.search(message.content)
    assert match, message.content
    return int(match.group(2)) if match.group(2) else match.group(1)


async def png(message: discord.Message) -> bytes:
    assert message.attachments, message.content
    return await message.attachments[0].read()


async def click(who, message: discord.Message, act: str):  # type: ignore[no-untyped-def]
    return await who.click(message, custom_id=find_id(message, f"rp-{act}:"))


async def test_a_finished_game_is_watched_again_step_by_step_and_after_a_restart(
    simcord_env, database, make_bot
) -> None:
    table, thread = await finished_spexxx(simcord_env)
    bob = table.players[1]
    final = thread.last_message
    assert "is over" in final.content
    r = await bob.slash(thread, "spexxx replay")
    assert r.ephemeral
    view = viewer(thread, bob)
    assert step_of(view) == "the start" and "The game begins." in view.content
    ids = component_ids(view)
    assert all(len(cid) <= 100 for cid in ids)
    assert {cid.split(":")[0] for cid in ids} == {
        "rp-first",
        "rp-prev",
        "rp-next",
        "rp-last",
        "rp-pick",
        "rp-post",
        "rp-gif",
    }
    assert (await png(view))[:4] == b"\x89PNG"

    await click(bob, view, "next")
    view = viewer(thread, bob)
    assert step_of(view) == 1
    first_line = next(m for m in thread.history() if RESULT.search(m.content)).content
    assert first_line in view.content  # the words the bot posted for that turn
    await click(bob, view, "next")
    await click(bob, viewer(thread, bob), "prev")
    assert step_of(viewer(thread, bob)) == 1
    await click(bob, viewer(thread, bob), "last")
    view = viewer(thread, bob)
    assert step_of(view) == "the end"
    assert "🏆" in view.content  # the standings at the end
    end_png = await png(view)
    assert end_png == await png(final)  # the last step is the game as it ended
    options = select_options(view, "rp-pick:")
    assert [o.value for o in options][-1] == "24" and options[0].value == "g0"  # paged
    await click(bob, view, "first")
    view = viewer(thread, bob)
    assert step_of(view) == "the start"
    options = select_options(view, "rp-pick:")
    assert len(options) == 24 and options[-1].value == "g1"  # 23 steps, then "later"
    await bob.select(view, ["g1"], custom_id=find_id(view, "rp-pick:"))
    view = viewer(thread, bob)
    assert step_of(view) == "the start"  # the page turned, the step stayed
    assert [o.value for o in select_options(view, "rp-pick:")][1] == "23"
    await bob.select(view, ["23"], custom_id=find_id(view, "rp-pick:"))
    view = viewer(thread, bob)
    assert step_of(view) == 23
    before = await png(view)

    await simcord_env.restart_bot(make_bot())  # a new process: its book is empty
    await click(bob, view, "prev")  # the old message's buttons
    view = viewer(thread, bob)
    assert step_of(view) == 22
    await click(bob, view, "next")
    view = viewer(thread, bob)
    assert step_of(view) == 23 and await png(view) == before
    no_errors(simcord_env)


async def test_a_step_is_posted_in_the_channel_for_everyone(simcord_env, database) -> None:
    table, thread = await finished_spexxx(simcord_env)
    alice = table.players[0]
    await alice.slash(thread, "spexxx replay")
    await click(alice, viewer(thread, alice), "next")
    view = viewer(thread, alice)
    shown = await png(view)
    public_before = len(thread.history())
    r = await click(alice, view, "post")
    assert not r.ephemeral
    posted = thread.history()
    assert len(posted) == public_before + 1
    post = posted[-1]
    assert "Spexxx #1" in post.content and "step 1 of 24" in post.content
    assert "· shared by alice\n" in post.content and not component_ids(post)  # not her step
    assert await png(post) == shown
    no_errors(simcord_env)


async def test_the_results_offer_a_replay_button_in_the_thread_and_the_channel(
    simcord_env, database
) -> None:
    table, thread = await finished_spexxx(simcord_env)
    bob = table.players[1]
    final = thread.last_message
    lobby = next(m for m in table.channel.history() if "Final standings:" in m.content)
    for message, where in ((final, thread), (lobby, table.channel)):
        assert find_id(message, "rp-open:1:")
        r = await click(bob, message, "open")
        assert r.ephemeral
        assert step_of(viewer(where, bob)) == "the start"
    no_errors(simcord_env)


async def test_replays_are_refused_clearly(simcord_env, database) -> None:
    table = Table(simcord_env)
    alice = table.players[0]
    r = await alice.slash(table.channel, "spexxx replay")
    assert r.ephemeral and "No Spexxx game has finished in this server yet." in r.response.content
    thread = await table.start()
    r = await alice.slash(thread, "spexxx replay", game=1)
    assert r.ephemeral and "still running" in r.response.content
    r = await alice.slash(thread, "dasspiel replay", game=1)
    assert r.ephemeral and "There is no Das Spiel game #1 in this server." in r.response.content
    await finish_game(table, thread)
    other = Table(simcord_env, names=("carol", "dave"))  # another server
    carol = other.players[0]
    r = await carol.slash(other.channel, "spexxx replay", game=1)
    assert r.ephemeral and "There is no Spexxx game #1 in this server." in r.response.content
    r = await carol.slash(other.channel, "spexxx replay")
    assert r.ephemeral and "No Spexxx game has finished" in r.response.content
    # a button of the first server's viewer, clicked in the other server, finds nothing
    await alice.slash(thread, "spexxx replay")
    view = viewer(thread, alice)
    forged = find_id(view, "rp-next:")
    assert forged.startswith("rp-next:1:")
    choices = await alice.autocomplete(thread, "spexxx replay", "game", "")
    assert [c["value"] for c in choices] == [1]
    assert await carol.autocomplete(other.channel, "spexxx replay", "game", "") == []
    no_errors(simcord_env)


DAS_SPIEL = [
    ("abquetschen", "abq"),
    ("raffzahn", "raf"),
    ("buntekuh", "bk"),
    ("cuibono", "cui"),
    ("eintrichtern", "ein"),
    ("wuerfelmarsch", "wm"),
]


async def resigned_to_the_end(env, game: str, code: str):  # type: ignore[no-untyped-def]
    """alice and two normal computers; alice resigns at once, the computers play her seat and
    theirs to the end. The table and where it was played."""
    table = DasTable(env, game, code, names=("alice",))
    where = await table.start(computers=("normal", "normal"))
    r = await table.players[0].slash(where, "dasspiel resign")
    assert not r.ephemeral, r.response.content
    for _ in range(400):
        if "is over" in where.last_message.content:
            return table, where
        await env.advance_time(5.0)
    raise AssertionError(f"{game} did not end")


@pytest.mark.parametrize(("game", "code"), DAS_SPIEL)
async def test_every_das_spiel_games_last_step_is_the_game_as_it_ended(
    simcord_env, db_path, game: str, code: str
) -> None:
    table, where = await resigned_to_the_end(simcord_env, game, code)
    alice = table.players[0]
    final = where.last_message
    r = await alice.click(final, custom_id=find_id(final, f"rp-open:{table.game_id}:"))
    assert r.ephemeral
    await click(alice, viewer(where, alice), "last")
    view = viewer(where, alice)
    assert step_of(view) == "the end"
    if final.attachments:
        assert await png(view) == await png(final)
    rows = ReplayBook(installed())
    data = stored(db_path, table.game_id)
    adapter = installed()[game]
    events = [adapter.codec.event_from_dict(e) for e in data["events"]]
    steps = rows.rows(_row(table.game_id, game, adapter.codec.replay(data["setup"], events)))
    assert adapter.codec.same_state(
        steps[-1].game, adapter.codec.load(data["setup"], data["state"])
    )
    no_errors(simcord_env)


@pytest.mark.simcord(settle_timeout=0.5)  # the computers' pauses wait for advance_time
async def test_raffzahn_is_shown_from_one_side_at_a_time(simcord_env, db_path) -> None:
    table = RaffTable(simcord_env, db_path, names=("alice",))
    where = await table.start(computers=("hard", "normal"))
    alice = table.players[0]
    with contextlib.suppress(AssertionError):  # "no end after 12 steps": a few rounds played
        await play_to_end(table, where, alice, limit=12)
    assert table.status(db_path) == "running"
    await alice.slash(where, "dasspiel resign")  # the last person: the game is over
    assert table.status(db_path) == "finished"
    await alice.slash(where, "dasspiel replay")
    await click(alice, viewer(where, alice), "next")
    view = viewer(where, alice)
    everyone = await png(view)
    options = select_options(view, "rp-side:")
    assert [o.value for o in options] == ["p", "s0", "s1", "s2"]
    assert options[0].default and "alice" in options[1].label
    seen = set()
    for side in ("s0", "s1", "s2"):
        await alice.select(view, [side], custom_id=find_id(view, "rp-side:"))
        view = viewer(where, alice)
        assert next(o for o in select_options(view, "rp-side:") if o.default).value == side
        assert find_id(view, "rp-next:").endswith(f":{side}")  # stepping keeps the side
        seen.add(await png(view))
    assert len(seen) == 3 and everyone not in seen
    await click(alice, view, "next")
    view = viewer(where, alice)
    assert step_of(view) == 2
    assert next(o for o in select_options(view, "rp-side:") if o.default).value == "s2"
    no_errors(simcord_env)


def _row(game_id: int, kind: str, game: object) -> GameRow:
    row = GameRow(game_id, 0, 0, 0, kind, Status.FINISHED)
    row.game = game
    return row


async def test_the_animated_replay_is_posted_once_made_and_kept(
    simcord_env, database, make_bot
) -> None:
    """One click: a progress message in the channel, edited with the GIF when it is made; a
    second click (after a restart too) posts the kept GIF without drawing it again."""
    table, thread = await finished_spexxx(simcord_env)
    alice = table.players[0]
    await alice.slash(thread, "spexxx replay")
    r = await click(alice, viewer(thread, alice), "gif")
    assert not r.ephemeral
    said = simcord_env.transcript()
    assert "Drawing the animated replay of **Spexxx #1** (24 steps)" in said  # first
    progress = thread.last_message
    await simcord_env.bot.replays.drawn()
    assert simcord_env.bot.replays.renders == 1
    made = thread.history()[-1]
    assert made.id == progress.id  # the progress message, edited
    assert "**Spexxx #1**, the whole game in 24 steps." in made.content
    gif = await made.attachments[0].read()
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF" and image.n_frames == 25 and len(gif) <= 8 * 1024 * 1024
    assert 400 <= image.width <= 600
    assert made.attachments[0].filename == "replay-spexxx-1.gif"

    r = await click(alice, viewer(thread, alice), "gif")  # again: the kept one
    assert not r.ephemeral
    again = thread.last_message
    assert again.id != made.id and await again.attachments[0].read() == gif
    await simcord_env.restart_bot(make_bot())
    r = await click(alice, viewer(thread, alice), "gif")  # the old viewer, a new process
    await simcord_env.bot.replays.drawn()
    assert simcord_env.bot.replays.renders == 0  # nothing drawn again
    assert await thread.last_message.attachments[0].read() == gif
    no_errors(simcord_env)


async def test_a_second_click_while_it_is_drawn_is_told_to_wait(simcord_env, database) -> None:
    table, thread = await finished_spexxx(simcord_env)
    alice, bob = table.players
    await alice.slash(thread, "spexxx replay")
    await bob.slash(thread, "spexxx replay")
    mine, theirs = viewer(thread, alice), viewer(thread, bob)
    first, second = await together(
        simcord_env,
        [
            Press(alice, mine, find_id(mine, "rp-gif:")),
            Press(bob, theirs, find_id(theirs, "rp-gif:")),
        ],
    )
    assert not first.ephemeral
    assert second.ephemeral and "is being drawn" in second.response.content
    await simcord_env.bot.replays.drawn()
    assert simcord_env.bot.replays.renders == 1
    assert sum(bool(m.attachments) and "whole game" in m.content for m in thread.history()) == 1
    no_errors(simcord_env)


async def test_spectrangles_last_step_is_the_game_as_it_ended(simcord_env, db_path) -> None:
    """Six tiles laid, then bob resigns: the viewer's end is the final standings' picture,
    and its state the stored one."""
    table = SpcTable(simcord_env)
    where = await table.start()
    for _ in range(6):
        await table.play_turn(where)
    await table.players[1].slash(where, "spectrangle resign")
    final = where.last_message
    assert "is over" in final.content
    alice = table.players[0]
    await alice.click(final, custom_id=find_id(final, f"rp-open:{table.game_id}:"))
    await click(alice, viewer(where, alice), "last")
    view = viewer(where, alice)
    assert step_of(view) == "the end" and await png(view) == await png(final)
    assert "bob resigned." in view.content
    await click(alice, view, "prev")
    assert step_of(viewer(where, alice)) == 6  # a step per tile laid, then the resignation
    data = stored(db_path, table.game_id)
    adapter = installed()["spectrangle"]
    events = [adapter.codec.event_from_dict(e) for e in data["events"]]
    rows = ReplayBook(installed()).rows(
        _row(table.game_id, "spectrangle", adapter.codec.replay(data["setup"], events))
    )
    assert adapter.codec.same_state(rows[-1].game, adapter.codec.load(data["setup"], data["state"]))
    no_errors(simcord_env)


async def test_the_step_selects_lines_are_plain_words_without_markdown(simcord_env) -> None:
    """A select shows no markdown: a step's line there reads 'bob placed a cube on D2', not
    'on **D2**' with the asterisks, as the viewer's message above it does."""
    table, thread = await finished_spexxx(simcord_env)
    bob = table.players[1]
    await bob.slash(thread, "spexxx replay")
    view = viewer(thread, bob)
    await click(bob, view, "next")
    view = viewer(thread, bob)
    line = view.content.split("\n", 1)[1]
    assert "**" in line  # the message shows the square in bold
    described = [o.description or "" for o in select_options(view, "rp-pick:")]
    assert described[1] == line.replace("**", "")[:100]
    assert not [d for d in described if "**" in d or "\\" in d]


async def test_computers_leaving_after_the_last_person_are_not_told_as_resignations(
    simcord_env, db_path
) -> None:
    """alice, the only person, resigns: the computers leave too so the game ends, and the bot
    says only 'no human player left'. The replay tells alice's resignation, not one 'CPU 2
    resigned. The computer plays the seat out' per computer, which the bot never said."""
    table, where = await resigned_to_the_end(simcord_env, "buntekuh", "bk")
    alice = table.players[0]
    final = where.last_message
    assert "no human player left" in final.content
    await alice.click(final, custom_id=find_id(final, f"rp-open:{table.game_id}:"))
    await click(alice, viewer(where, alice), "last")
    said = viewer(where, alice).content
    told = [line for line in said.split("\n") if "resigned." in line]
    assert len(told) == 1 and "alice resigned." in told[0], said
    no_errors(simcord_env)


async def test_an_animation_of_one_step_says_one_step(simcord_env) -> None:
    """bob resigns before anyone played: the game is one step long, and the animated replay
    says so in the singular ('in 1 step', not 'in 1 steps')."""
    table = Table(simcord_env)
    alice, bob = table.players
    thread = await table.start()
    await bob.slash(thread, "spexxx resign")
    await alice.slash(thread, "spexxx replay")
    await click(alice, viewer(thread, alice), "gif")
    assert "Drawing the animated replay of **Spexxx #1** (1 step)…" in simcord_env.transcript()
    await simcord_env.bot.replays.drawn()
    assert "**Spexxx #1**, the whole game in 1 step." in thread.history()[-1].content
    no_errors(simcord_env)
