"""Lobbies and game threads through the real bot in SimCord: which game a command means, the
list of games, thread names, and what players are told once a game has ended."""

from __future__ import annotations

from pathlib import Path

from bot.models import Player
from games.spexxx import Variant
from tests.test_bot_game import Table, finish_game, stored


async def test_new_lobby_in_a_running_games_thread_is_refused(simcord_env, db_path: Path):
    table = Table(simcord_env)
    bob = table.players[1]
    thread = await table.start()
    before = len(thread.history())
    r = await bob.slash(thread, "spexxx new")
    assert r.ephemeral and "This thread belongs to Spexxx #1" in r.response.content
    assert table.channel.mention in r.response.content  # where a new lobby can go
    assert len(thread.history()) == before
    assert await simcord_env.bot.store.get(table.guild.id, 2) is None  # no second game stored
    # the thread's commands still reach its game
    player = table.on_turn(table.turn_message(thread))
    r = await player.slash(thread, "spexxx board")
    assert not r.ephemeral and "your turn" in r.response.content


async def test_a_threads_commands_mean_its_own_game(simcord_env, db_path: Path):
    """A lobby that an older version opened inside a game's thread does not capture it."""
    table = Table(simcord_env)
    alice, bob = table.players
    thread = await table.start()
    store = simcord_env.bot.store
    stray = await store.create_lobby(table.guild.id, thread.id, Player(bob.id, "b"), Variant.ADULT)
    assert stray.id == 2
    player = table.on_turn(table.turn_message(thread))
    r = await player.slash(thread, "spexxx board")
    assert not r.ephemeral and "**Spexxx #1**" in r.response.content
    r = await alice.slash(thread, "spexxx export")
    assert r.ephemeral and r.response.attachments[0].filename == "spexxx-1.json"
    r = await bob.slash(thread, "spexxx resign")
    assert not r.ephemeral and "resigned" in r.response.content
    assert stored(db_path, 1)["status"] == "finished"
    assert stored(db_path, 2)["status"] == "lobby"


async def test_commands_in_a_finished_games_thread_say_how_it_ended(simcord_env, db_path: Path):
    table = Table(simcord_env)
    alice, bob = table.players
    thread = await table.start("children")
    await finish_game(table, thread)
    state = stored(db_path)["state"]
    winner = max(range(2), key=lambda s: state["scores"][s])
    name = ("alice", "bob")[winner]
    for command in ("spexxx board", "spexxx resign", "spexxx cancel"):
        r = await alice.slash(thread, command)
        content = r.response.content
        assert r.ephemeral and "Spexxx #1 is over" in content, (command, content)
        assert f"🏆 {'⬛⚪'[winner]} {name} wins!" in content, content
        assert "no Spexxx game" not in content
    r = await bob.slash(thread, "spexxx new")
    assert r.ephemeral and "This thread belongs to Spexxx #1" in r.response.content
    assert stored(db_path)["status"] == "finished"


async def test_commands_in_a_cancelled_games_thread_say_it_was_cancelled(simcord_env):
    table = Table(simcord_env)
    alice, _bob = table.players
    thread = await table.start()
    await alice.slash(thread, "spexxx cancel")
    r = await alice.slash(thread, "spexxx board")
    assert r.ephemeral and "Spexxx #1** was cancelled" in r.response.content
