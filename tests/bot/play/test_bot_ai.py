"""Computer players and hints through the real bot in SimCord."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.adapters.spexxx.words import hint_text
from games.spexxx import Hold, Throw
from games.spexxx.ai import Decision
from locales import translator
from tests.bot.play.test_bot_game import Table, button, finish_game, stored
from tests.databases import TestDb
from tests.simtable import ScriptedDice, component_ids, find_id


async def add_ai(table: Table, lobby, level: str):  # type: ignore[no-untyped-def]
    r = await table.players[0].select(lobby, [level], custom_id=find_id(lobby, "spx:addai:"))
    assert not r.ephemeral, r.response.content
    return table.channel.last_message


async def test_host_adds_and_removes_computer_players(simcord_env, database: TestDb) -> None:
    table = Table(simcord_env)
    alice, bob = table.players
    lobby = await table.open_lobby(joiners=[])
    r = await bob.select(lobby, ["hard"], custom_id=find_id(lobby, "spx:addai:"))
    assert r.ephemeral and "Only the host" in r.response.content
    lobby = await add_ai(table, lobby, "hard")
    lobby = await add_ai(table, lobby, "hard")
    assert "CPU 1 · hard" in lobby.content and "CPU 2 · hard" in lobby.content
    r = await bob.click(lobby, label="Remove AI")
    assert r.ephemeral
    await alice.click(lobby, label="Remove AI")
    lobby = table.channel.last_message
    assert "CPU · hard" in lobby.content and "CPU 2" not in lobby.content
    assert not button(lobby, "spx:start:").disabled
    players = stored(database)["players"]
    assert players[1] == {"user_id": 0, "name": "CPU · hard", "ai": "hard"}


# One click lets three computers play whole turns, each step edited into the thread with a fresh
# board image: on a busy machine that takes longer than SimCord's default 5 s to settle.
@pytest.mark.simcord(settle_timeout=60)
async def test_one_human_against_three_computers_to_the_end(simcord_env, database: TestDb) -> None:
    table = Table(simcord_env, names=("alice",))
    lobby = await table.open_lobby("children", joiners=[])
    for level in ("easy", "normal", "hard"):
        lobby = await add_ai(table, lobby, level)
    await table.players[0].click(lobby, label="Start")
    thread = table.channel.threads[0]
    assert thread.name == "Spexxx #1 · alice vs CPU 1 · easy vs CPU 2 · normal vs CPU 3 · hard"
    human_turns = await finish_game(table, thread)
    assert human_turns == 10  # children's game, 4 players: 10 cubes each
    data = stored(database)
    assert data["status"] == "finished"
    assert len(data["state"]["history"]) == 40 and sum(data["state"]["cubes_left"]) == 0
    # the computers' turns left result lines in the thread
    assert sum("CPU" in m.content and "placed a cube" in m.content for m in thread.history())
    assert "is over" in thread.last_message.content


async def test_computer_turn_resumes_after_a_restart(
    simcord_env, database: TestDb, make_bot
) -> None:
    table = Table(simcord_env, names=("alice",))
    simcord_env.bot.play.computers.delay = 600  # the computer pauses after each action…
    lobby = await table.open_lobby(joiners=[])
    lobby = await add_ai(table, lobby, "hard")
    await table.players[0].click(lobby, label="Start")
    thread = table.channel.threads[0]
    state = stored(database)["state"]
    if state["current"] == 0:  # alice starts: play her turn so the computer is on turn
        await table.play_turn(thread)
    state = stored(database)["state"]
    assert state["current"] == 1 and len(state["throws"]) == 1  # …so it stops after one throw

    await simcord_env.restart_bot(make_bot())  # a new bot with no pause resumes the turn

    state = stored(database)["state"]
    assert state["current"] == 0 and any(t["seat"] == 1 for t in state["history"])
    assert "your turn" in table.turn_message(thread).content


async def test_hint_is_ephemeral_and_changes_nothing(
    simcord_env, database: TestDb, dice: ScriptedDice
) -> None:
    table = Table(simcord_env)
    thread = await table.start()
    dice.script((6, 6, 6, 6, 1))  # the first throw, on the empty board
    player, message = await table.thrown(thread)
    before = stored(database)
    r = await player.click(message, custom_id=find_id(message, "spx:hint:"))
    assert r.ephemeral
    # the hard AI keeps four sixes for the red column; the value of that is 6.4 points
    assert r.response.content == (
        "💡 Hold 6 6 6 6 and throw the others again — about 6 points on average."
    )
    assert stored(database) == before
    assert component_ids(table.turn_message(thread)) == component_ids(message)
    other = table.players[1] if player is table.players[0] else table.players[0]
    r = await other.click(message, custom_id=find_id(message, "spx:hint:"))
    assert r.ephemeral and "not yours" in r.response.content


async def test_hint_before_the_first_throw_says_all_five_dice(
    simcord_env, database: TestDb
) -> None:
    """Nothing is held before the first throw: no "dice that are not held", and the
    expectation in plain words (a turn on the empty board is worth 6.5 points to hard)."""
    table = Table(simcord_env)
    thread = await table.start()
    message = table.turn_message(thread)
    player = table.on_turn(message)
    before = stored(database)
    r = await player.click(message, custom_id=find_id(message, "spx:hint:"))
    assert r.ephemeral
    assert r.response.content == "💡 Throw all five dice — about 6 points on average."
    assert stored(database) == before


@pytest.mark.parametrize(
    ("lang", "first", "again", "one"),
    [
        (
            "en",
            "Throw all five dice — about 9 points on average.",
            "Throw all five dice again.",
            "Hold 4 4 and throw the others again — about 1 point on average.",
        ),
        (
            "nl",
            "Gooi alle vijf dobbelstenen — gemiddeld ongeveer 9 punten.",
            "Gooi alle vijf dobbelstenen opnieuw.",
            "Houd 4 4 vast en gooi de rest opnieuw — gemiddeld ongeveer 1 punt.",
        ),
        (
            "de",
            "Würfle alle fünf Würfel — im Schnitt etwa 9 Punkte.",
            "Würfle alle fünf Würfel neu.",
            "Halte 4 4 und würfle die anderen neu — im Schnitt etwa 1 Punkt.",
        ),
        (
            "fr",
            "Lance les cinq dés — environ 9 points en moyenne.",
            "Relance les cinq dés.",
            "Garde 4 4 et relance les autres — environ 1 point en moyenne.",
        ),
    ],
)
def test_hint_text_in_every_language(lang: str, first: str, again: str, one: str) -> None:
    """The expectation rounds to whole points, with the plural form of the language; an easy
    computer's step has no expectation."""
    t = translator(lang)
    assert hint_text(t, Decision(Throw(0), 9.2, ""), None) == first
    assert hint_text(t, Decision(Hold(0, frozenset()), None, ""), (1, 2, 3, 4, 5)) == again
    hold = Decision(Hold(0, frozenset({0, 2})), 1.4, "")
    assert hint_text(t, hold, (4, 2, 4, 5, 6)) == one


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Place your cube on P4: it makes a line of 3 (scores 13) and blocks bob's line."),
        (
            "nl",
            "Zet je blokje op P4: het maakt een lijn van 3 (levert 13 op) en blokkeert de "
            "lijn van bob.",
        ),
        (
            "de",
            "Setze deinen Spielstein auf P4: er bildet eine Linie aus 3 (bringt 13) und "
            "blockiert die Linie von bob.",
        ),
        (
            "fr",
            "Pose ton bloc sur P4 : il forme une ligne de 3 (rapporte 13) et bloque la "
            "ligne de bob.",
        ),
    ],
)
def test_a_placement_hint_says_why_in_every_language(lang: str, said: str) -> None:
    """Issue 25: "Place your cube on Q3 — value 6.7" explained nothing; the hint says what the
    cube does on the board."""
    from games.spexxx import Place, get_square
    from games.spexxx.ai.reasons import place_reasons
    from tests.games.spexxx.test_ai import _state

    state = _state(["N4", "O4"], ["P5", "P6"], (5, 5, 5, 5, 5))
    square = get_square("P4")
    assert square is not None
    reasons = place_reasons(state, 0, square.index)
    decision = Decision(Place(0, "P4"), 17.3, "")
    t = translator(lang)
    assert hint_text(t, decision, state.dice, reasons, ["alice", "bob"]) == said
    several = hint_text(t, decision, state.dice, replace(reasons, blocks=()), None)
    assert "13" in several and "bob" not in several and "17" not in several


async def test_a_placement_hint_through_the_bot_says_why(
    simcord_env, database: TestDb, dice: ScriptedDice
) -> None:
    """Five of a kind on the empty board: hard places at once; the hint says why, no value."""
    table = Table(simcord_env)
    thread = await table.start()
    dice.script((6, 6, 6, 6, 6))
    player, message = await table.thrown(thread)
    r = await player.click(message, custom_id=find_id(message, "spx:hint:"))
    assert r.ephemeral and r.response.content.startswith("💡 Place your cube on ")
    assert "value" not in r.response.content and ": it " in r.response.content
