"""Export of an ended game (issue 23, item 9): a game over, finished or cancelled, gives its
whole record, hidden parts included (nothing it reveals can change a game that is over); a
running game whose record would reveal something is refused."""

from __future__ import annotations

import json
import re

from games.spectrangle.record import parse_record, replay
from locales import translator
from tests.bot.play.test_bot_game import Table, finish_game
from tests.bot.play.test_bot_spectrangle import SpcTable
from tests.conftest import ONLY_SQLITE
from tests.databases import TestDb


async def test_a_cancelled_spectrangle_game_is_exported_with_its_bag_and_resignations(
    simcord_env, database: TestDb
) -> None:
    table = SpcTable(simcord_env, names=("alice", "bob", "cy"))
    thread = await table.start()
    for _ in range(3):
        await table.play_turn(thread)
    r = await table.players[2].slash(thread, "spectrangle resign")
    assert not r.ephemeral, r.response.content
    r = await table.players[1].slash(thread, "spectrangle export")
    assert r.ephemeral and "still running" in r.response.content and not r.response.attachments

    r = await table.players[0].slash(thread, "spectrangle cancel")
    assert not r.ephemeral, r.response.content
    r = await table.players[1].slash(thread, "spectrangle export")

    assert r.ephemeral and "cancelled" in r.response.content, r.response.content
    data = json.loads(await r.response.attachments[0].read())
    assert data["format"].startswith("spectrangle-record") and len(data["bag"]) == 36
    assert data["resignations"] == [{"player": 2, "after_turn": 3}]
    record = parse_record(data)
    game = replay(record)  # the record checks out as far as the game went
    assert len(record.turns) == 3 and game.state.resigned == [False, False, True]


def posted_results(thread) -> list[str]:
    """The words of the bot's messages in a game's thread, oldest first."""
    return [m.content for m in thread.history()]


async def test_export_tells_the_game_for_people_in_the_readers_words(
    simcord_env,
    locales_of,
    database,
) -> None:
    """A Spexxx game cancelled after three turns, exported by ben: the record file and, in
    his language, who played, how it ended and each turn in the words the bot posted for it;
    a French reader reads the same in French."""
    table = Table(simcord_env)
    alice, bob = table.players
    thread = await table.start()
    for _ in range(3):
        await table.play_turn(thread)
    await alice.slash(thread, "spexxx cancel")

    r = await bob.slash(thread, "spexxx export")

    assert r.ephemeral
    (record,) = r.response.attachments
    assert record.filename == "spexxx-1.json" and json.loads(await record.read())["format"]
    head, players, ended, heading, *turns, attached = r.response.content.splitlines()
    assert head == "**Spexxx #1** · cancelled · 3 turns"
    assert players == "Players: ⚫ alice, ⚪ bob"
    assert ended == "Cancelled before the end." and heading == "Turn by turn:"
    said = posted_results(thread)
    assert len(turns) == 3
    for number, line in enumerate(turns, start=1):
        assert line.startswith(f"**{number}.** ") and line.split(" ", 1)[1] in said
    assert attached == "Attached: the record of every move, `spexxx-1.json`."

    locales_of[bob.id] = "fr"
    fr = translator("fr")
    r = await bob.slash(thread, "spexxx export")
    content = r.response.content
    assert fr("Players: {players}", players="⚫ alice, ⚪ bob") in content
    assert fr("Turn by turn:") in content and fr("Cancelled before the end.") in content


@ONLY_SQLITE
async def test_a_long_games_export_puts_every_turn_in_a_text_file(simcord_env) -> None:
    """A whole game: the message says the result as the final message did; its turns, too
    many for one message, are all in a text file beside the record."""
    table = Table(simcord_env)
    thread = await table.start()
    played = await finish_game(table, thread)

    r = await table.players[0].slash(table.channel, "spexxx export", game=1)

    content = r.response.content
    assert len(content) <= 2000 and "Result:" in content
    final = posted_results(thread)[-1]
    assert "🏆" in final and final.splitlines()[-1] in content
    record, told = r.response.attachments
    assert record.filename == "spexxx-1.json" and told.filename == "spexxx-1.txt"
    note = f"{played} turns: the whole account, turn by turn, is in the text file attached."
    assert note in content
    lines = (await told.read()).decode().splitlines()
    turns = lines[lines.index("Turn by turn:") + 1 :]
    numbered = [line for line in turns if re.match(r"\d+\. ", line)]
    assert len(numbered) == played and "**" not in "".join(lines)


async def test_an_exports_account_says_who_resigned_as_the_bot_did(simcord_env) -> None:
    """bob resigns after three turns, which ends the game: the account's last step is his
    resignation in the words the bot posted, not the turn before it again."""
    table = Table(simcord_env)
    alice, bob = table.players
    thread = await table.start()
    for _ in range(3):
        await table.play_turn(thread)
    r = await bob.slash(thread, "spexxx resign")
    resigned = r.response.content

    r = await alice.slash(thread, "spexxx export")

    lines = r.response.content.splitlines()
    turns = lines[lines.index("Turn by turn:") + 1 : -1]
    assert len(turns) == 4 and turns[-1] == "**4.** " + resigned, turns
    assert len(set(t.split(" ", 1)[1] for t in turns)) == 4  # no turn told twice


async def test_an_exports_account_of_a_game_resigned_before_any_turn(simcord_env) -> None:
    """bob resigns before anyone played: the account tells just that (nothing was played
    before it to tell again)."""
    table = Table(simcord_env)
    alice, bob = table.players
    thread = await table.start()
    r = await bob.slash(thread, "spexxx resign")
    resigned = r.response.content

    r = await alice.slash(thread, "spexxx export")

    lines = r.response.content.splitlines()
    assert lines[lines.index("Turn by turn:") + 1 : -1] == ["**1.** " + resigned]
