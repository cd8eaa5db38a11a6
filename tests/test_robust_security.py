"""Security: games are touched only from their guild and by their seated players, cancel is for the
host or Manage Server, the token never reaches logs or errors, and no message pings everyone or a
role."""

from __future__ import annotations

import logging
import types
from typing import Any

import discord
import pytest

from bot import __main__ as bot_main
from bot.config import Settings
from tests.simtable import find_id
from tests.test_bot_game import Table, finish_game
from tests.test_robust_faults import (
    CALLBACK,
    CHANNEL_POST,
    assert_consistent,
    no_errors,
    player_on_turn,
    stored_state,
)
from tests.test_robust_input import post_forged

FAKE_TOKEN = "MTAxMDEwMTAxMDEw.FAKE.sEcReT-t0ken-for-robustness-tests"
HOSTILE = ("@everyone", "@here", "<@&{role}>")


async def test_only_seated_players_of_this_guild_act(simcord_env, db_path):
    table = Table(simcord_env, names=("alice", "bob", "eve"))
    alice, bob, eve = table.players
    lobby = await table.open_lobby(joiners=[bob])
    for label in ("Start", "Cancel"):
        r = await eve.click(lobby, label=label)
        assert r.ephemeral and "Only the host" in r.response.content
    r = await bob.click(lobby, label="Cancel")
    assert r.ephemeral and "Only the host" in r.response.content
    await alice.click(lobby, label="Start")
    thread = table.channel.threads[0]
    before = stored_state(db_path)
    message = table.turn_message(thread)
    r = await eve.click(message, custom_id=find_id(message, "spx:throw:"))
    assert r.ephemeral and "not playing" in r.response.content
    for command in ("resign", "cancel"):
        r = await eve.slash(thread, f"spexxx {command}")
        assert r.ephemeral, command
    # another guild: its members see no game, and the ids of this one do not reach it
    other = Table(simcord_env, names=("mallory",))
    mallory = other.players[0]
    r = await mallory.slash(other.channel, "spexxx board")
    assert r.ephemeral and "no Spexxx game" in r.response.content
    forged = await post_forged(simcord_env, other.channel, buttons=["spx:cancel:1", "spx:join:1"])
    for custom_id in ("spx:cancel:1", "spx:join:1"):
        r = await mallory.click(forged, custom_id=custom_id)
        assert r.ephemeral and "no longer exists" in r.response.content
    assert stored_state(db_path) == before
    no_errors(simcord_env)


@pytest.mark.parametrize("power", ["manage_guild", "administrator", None])
async def test_cancel_needs_host_or_manage_server(simcord_env, db_path, power):
    table = Table(simcord_env)
    perms = discord.Permissions(**{power: True}) if power else discord.Permissions.none()
    role = table.guild.create_role("staff", permissions=perms)
    staff = table.guild.add_member(simcord_env.create_user("staff"), roles=[role])
    lobby = await table.open_lobby()
    r = await staff.click(lobby, label="Cancel")
    assert r.ephemeral == (power is None)
    if power is None:
        assert "Only the host" in r.response.content
        await table.players[0].click(lobby, label="Start")
        thread = table.channel.threads[0]
        r = await staff.slash(thread, "spexxx cancel")
        assert r.ephemeral and "Only the host" in r.response.content
        assert stored_state(db_path)["status"] == "running"
        r = await table.players[0].slash(thread, "spexxx cancel")
    assert stored_state(db_path)["status"] == "cancelled"
    no_errors(simcord_env)


async def test_token_never_in_logs_or_errors(simcord_env, db_path, caplog, monkeypatch, capfd):
    """The token from ``Settings`` stays out of every log line, error and message."""
    caplog.set_level(logging.DEBUG)
    settings = Settings.from_env({"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": str(db_path)})
    assert settings.token == FAKE_TOKEN
    for shown in (repr(settings), str(settings), f"{settings}", f"{settings!r}"):
        assert FAKE_TOKEN not in shown
    simcord_env.bot.http.token = settings.token  # what bot.start(settings.token) would set
    # a game with faults, refusals and an unexpected error, all logged
    table = Table(simcord_env)
    thread = await table.start()
    simcord_env.inject_error(*CHANNEL_POST, status=500)
    await table.play_turn(thread)  # the next turn message is refused
    player = player_on_turn(table, db_path)
    await player.slash(thread, "spexxx board")
    simcord_env.inject_error(*CALLBACK, status=401, message="401: Unauthorized")
    await table.thrown(thread)  # the update is refused: "saved" notice
    await player.slash(thread, "spexxx board")
    original = simcord_env.bot.store.get

    async def broken(*args: Any) -> Any:
        raise RuntimeError("database on fire")

    monkeypatch.setattr(simcord_env.bot.store, "get", broken)
    message = table.turn_message(thread)
    await player.click(message, custom_id=find_id(message, "spx:place:"))
    monkeypatch.setattr(simcord_env.bot.store, "get", original)
    errors = simcord_env.errors
    assert len(errors) == 1 and "database on fire" in str(errors[0])
    texts = [caplog.text, *map(repr, errors), *map(str, errors)]
    texts += [m.content for m in thread.history()] + [m.content for m in table.channel.history()]
    texts += [repr(e.json) + e.path for e in simcord_env.http_requests]
    assert not [t for t in texts if FAKE_TOKEN in t]


def test_token_never_in_main_logs(db_path, caplog, monkeypatch, capfd):
    """``python -m bot`` with a token Discord refuses: no token in its logs or output."""
    caplog.set_level(logging.DEBUG)

    async def refused(self: Any, token: str) -> None:
        assert token == FAKE_TOKEN
        response = types.SimpleNamespace(status=401, reason="Unauthorized")
        raise discord.LoginFailure("Improper token has been passed.") from discord.HTTPException(
            response, "401: Unauthorized"
        )

    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    monkeypatch.setenv("DATABASE_PATH", str(db_path.with_name("main.sqlite3")))
    monkeypatch.setattr(discord.Client, "login", refused)
    monkeypatch.setattr(bot_main, "setup_logging", lambda *a: None)  # keep caplog's handler
    caplog.clear()
    assert bot_main.main(["run"]) == 1
    out, err = capfd.readouterr()
    assert "starting with" in caplog.text
    assert FAKE_TOKEN not in caplog.text + out + err


def mention_problems(request: Any, seated: set[int]) -> list[str]:
    """Why a message-sending request could ping more than the seated players (empty: safe)."""
    body = request.json
    if not isinstance(body, dict):
        return []
    data = body.get("data") if isinstance(body.get("data"), dict) else body
    if not any(k in data for k in ("content", "embeds")):
        return []
    allowed = data.get("allowed_mentions")
    if allowed is None:
        return [f"{request.method} {request.path}: no allowed_mentions"]
    problems = []
    if {"everyone", "roles"} & set(allowed.get("parse", [])):
        problems.append(f"{request.path}: parse {allowed['parse']}")
    if allowed.get("roles"):
        problems.append(f"{request.path}: roles {allowed['roles']}")
    if not set(map(int, allowed.get("users", []))) <= seated:
        problems.append(f"{request.path}: users {allowed['users']}")
    return problems


async def test_no_message_can_ping_everyone_or_roles(simcord_env, db_path):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    role = guild.create_role("everybody", mentionable=True)
    names = [n.format(role=role.id) for n in HOSTILE]
    players = [guild.add_member(simcord_env.create_user(n)) for n in names]
    table = Table.__new__(Table)
    table.env, table.guild, table.channel = simcord_env, guild, channel
    table.players, table.by_id = players, {p.id: p for p in players}
    lobby = await table.open_lobby("children")
    await players[0].click(lobby, label="Leave")  # the host passes on
    await players[0].click(channel.last_message, label="Join")
    await players[1].click(channel.last_message, label="Start")
    thread = channel.threads[0]
    for _ in range(3):
        await table.play_turn(thread)
    simcord_env.inject_error(*CALLBACK, status=500)  # the "saved" notice
    player, message = await table.thrown(thread)
    await player.slash(thread, "spexxx board")
    await players[2].slash(thread, "spexxx resign")
    await player.slash(channel, "spexxx games")
    await finish_game(table, thread)
    assert stored_state(db_path)["status"] == "finished"
    sent = [r for r in simcord_env.http_requests if r.method in ("POST", "PATCH") and r.json]
    assert len(sent) > 30
    seated = {p.id for p in players}
    problems = [p for r in sent for p in mention_problems(r, seated)]
    assert not problems, problems
    for message in [*channel.history(), *thread.history()]:
        for name in names:
            assert name not in message.content, message.content
    no_errors(simcord_env)
    await assert_consistent(db_path)
