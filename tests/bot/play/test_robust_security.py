"""Security: games are touched only from their guild and by their seated players, cancel is for the
host or Manage Server, the token never reaches logs or errors, and no message pings everyone or a
role."""

from __future__ import annotations

import logging
import re
import types
from dataclasses import dataclass
from typing import Any

import discord
import pytest

from bot import __main__ as bot_main
from bot.core.config import Settings
from bot.flow.play import NO_MENTIONS, mention_only
from tests.bot.play.test_bot_game import Table
from tests.bot.play.test_robust_faults import (
    CALLBACK,
    CHANNEL_POST,
    assert_consistent,
    no_errors,
    player_on_turn,
    stored_state,
)
from tests.bot.play.test_robust_input import post_forged
from tests.simtable import find_id

FAKE_TOKEN = "MTAxMDEwMTAxMDEw.FAKE.sEcReT-t0ken-for-robustness-tests"


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


# ------------------------------------------------------------------------------------ pings
# What Discord would notify is worked out from each request as discord.py sent it: the mentions
# in its content that the request's allowed_mentions let through. discord.py merges the client's
# default (users=True) into every request, so a call that forgets allowed_mentions shows up here
# as "parse: users", and a name like "<@id>" in it would ping that member.

USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
NEW_MESSAGE = re.compile(r"/channels/\d+/messages|/webhooks/\d+/[^/]+")


@dataclass(frozen=True)
class Pings:
    everyone: bool = False  # @everyone or @here
    roles: frozenset[int] = frozenset()
    users: frozenset[int] = frozenset()


def sent_message(request: Any) -> tuple[bool, dict[str, Any]] | None:
    """(is it a new message, its fields) for a request that posts or edits a message."""
    body = request.json
    if not isinstance(body, dict):
        return None
    if request.path.endswith("/callback"):  # 4: a new message, 7: the clicked one updated
        kind = body.get("type")
        return (kind == 4, body.get("data") or {}) if kind in (4, 7) else None
    if request.method == "POST" and NEW_MESSAGE.fullmatch(request.path):
        return True, body
    if request.method == "PATCH" and "/messages/" in request.path:
        return False, body
    return None


def pings(fields: dict[str, Any]) -> Pings:
    """Whom Discord notifies for a message with these fields (the author may mention everyone
    and every role; without allowed_mentions Discord parses them all)."""
    content = fields.get("content") or ""
    allowed = fields.get("allowed_mentions")
    if allowed is None:
        allowed = {"parse": ["everyone", "users", "roles"]}
    parse = set(allowed.get("parse", []))
    users = {int(u) for u in allowed.get("users", [])}
    roles = {int(r) for r in allowed.get("roles", [])}
    return Pings(
        everyone="everyone" in parse and ("@everyone" in content or "@here" in content),
        roles=frozenset(
            r for r in map(int, ROLE_MENTION.findall(content)) if "roles" in parse or r in roles
        ),
        users=frozenset(
            u for u in map(int, USER_MENTION.findall(content)) if "users" in parse or u in users
        ),
    )


def message_fields(request: Any) -> dict[str, Any] | None:
    sent = sent_message(request)
    return None if sent is None else sent[1]


def calls_player(fields: dict[str, Any]) -> bool:
    """A turn message (it has the Throw button) or a timer's reminder: these ping the player."""
    content = fields.get("content") or ""
    ids = [
        c.get("custom_id", "")
        for row in fields.get("components") or []
        for c in row.get("components", [])
    ]
    return any(i.startswith("spx:throw:") for i in ids) or "still your turn" in content


def wrong_pings(requests: list[Any], on_turn: int | None) -> tuple[int, list[str]]:
    """Checks messages sent: a new turn message or reminder pings exactly the player on turn
    (``on_turn``), every other message pings nobody, nor does a turn posted again as the answer
    to ``/spexxx board`` (an interaction callback). Returns (turn calls seen, what was wrong)."""
    calls, wrong = 0, []
    for request in requests:
        sent = sent_message(request)
        if sent is None:
            continue
        new, fields = sent
        expected = Pings()
        if new and calls_player(fields) and not request.path.endswith("/callback"):
            calls += 1
            expected = Pings(users=frozenset({on_turn} if on_turn else ()))
        found = pings(fields)
        if found != expected:
            wrong.append(f"{request.method} {request.path} {fields.get('content')!r}: {found}")
    return calls, wrong


class PingCheck:
    """``wrong_pings`` for the requests since the last check, the player on turn read from the
    database; counts the messages and turn calls checked."""

    def __init__(self, env: Any, db_path: Any, table: Table) -> None:
        self.env, self.db_path, self.table = env, db_path, table
        self.seen = len(env.http_requests)
        self.calls = 0
        self.messages = 0

    def __call__(self) -> None:
        requests = self.env.http_requests[self.seen :]
        self.seen += len(requests)
        on_turn = None
        if stored_state(self.db_path)["status"] == "running":
            on_turn = player_on_turn(self.table, self.db_path).id
        calls, wrong = wrong_pings(requests, on_turn)
        assert not wrong, wrong
        self.calls += calls
        self.messages += sum(sent_message(r) is not None for r in requests)


async def test_the_ping_check_sees_what_discord_would_ping(simcord_env):
    """The check reads the requests discord.py really sends, the client's default merged in,
    and agrees with SimCord's model of Discord; a message pinging everyone fails it."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    role = guild.create_role("everybody", mentionable=True)
    bystander = guild.add_member(simcord_env.create_user("bystander"))
    player = guild.add_member(simcord_env.create_user("player"))
    content = f"@everyone @here <@&{role.id}> <@{bystander.id}> <@{player.id}>"
    everybody = frozenset({bystander.id, player.id})
    cases = [
        (
            discord.AllowedMentions(everyone=True, roles=True),
            Pings(True, frozenset({role.id}), everybody),
        ),
        (discord.utils.MISSING, Pings(users=everybody)),  # the client's default alone
        (NO_MENTIONS, Pings()),
        (mention_only(player.id), Pings(users=frozenset({player.id}))),
    ]
    sender = simcord_env.bot.get_channel(channel.id)
    for allowed, expected in cases:
        since = len(simcord_env.http_requests)
        message = await sender.send(content, allowed_mentions=allowed)
        ((new, sent),) = [s for r in simcord_env.http_requests[since:] if (s := sent_message(r))]
        assert new and pings(sent) == expected
        seen = simcord_env.backend.get_message(channel.id, message.id)
        assert (seen.mention_everyone, set(seen.ping_role_ids), set(seen.ping_user_ids)) == (
            expected.everyone,
            expected.roles,
            expected.users,
        )
    # the game's check: a reminder that pings exactly the player passes, one that could also
    # ping everyone, or another member through the client's default, does not
    reminder = f"<@{player.id}>, it is still your turn @everyone <@{bystander.id}>"
    for allowed, passes in [
        (mention_only(player.id), True),
        (discord.AllowedMentions(everyone=True, users=[player]), False),
        (discord.utils.MISSING, False),
    ]:
        since = len(simcord_env.http_requests)
        await sender.send(reminder, allowed_mentions=allowed)
        calls, wrong = wrong_pings(simcord_env.http_requests[since:], player.id)
        assert calls == 1 and (wrong == []) == passes, wrong
    no_errors(simcord_env)


async def test_only_the_player_on_turn_is_ever_pinged(simcord_env, db_path):
    """Players named like mentions, in a whole game with lobby changes, a reminder, an expired
    turn, a failed update, a resignation and public stats: every turn message and reminder
    pings exactly the player on turn, no message pings anyone else, everyone or a role."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    role = guild.create_role("everybody", mentionable=True)
    bystander = guild.add_member(simcord_env.create_user("bystander"))
    names = [f"<@{bystander.id}>", "@everyone", "@here", f"<@&{role.id}>"]
    players = [guild.add_member(simcord_env.create_user(n)) for n in names]
    bold = guild.add_member(simcord_env.create_user("nick"), nick="**bold** @here")
    table = Table.__new__(Table)
    table.env, table.guild, table.channel = simcord_env, guild, channel
    table.players, table.by_id = players, {p.id: p for p in players}
    check = PingCheck(simcord_env, db_path, table)

    await players[0].slash(channel, "spexxx new", variant="children", timer=120)
    check()
    for player in players[1:]:
        await player.click(channel.last_message, label="Join")
        check()
    await players[0].click(channel.last_message, label="Leave")  # the host passes on
    await bold.click(channel.last_message, label="Join")
    await bold.click(channel.last_message, label="Leave")
    await players[0].click(channel.last_message, label="Join")
    await players[1].click(channel.last_message, label="Start")
    check()
    thread = channel.threads[0]
    for _ in range(3):
        await table.play_turn(thread)
        check()
    message = table.turn_message(thread)
    waiting = next(p for p in players if p is not table.on_turn(message))
    r = await waiting.click(message, custom_id=find_id(message, "spx:throw:"))
    assert r.ephemeral and "turn, not yours" in r.response.content  # names the one on turn
    check()
    await simcord_env.advance_time(70)  # the reminder
    check()
    assert check.calls == 5
    await simcord_env.advance_time(70)  # expired: the computer plays, the next one is called
    check()
    simcord_env.inject_error(*CALLBACK, status=500)  # the "saved" notice
    player, _ = await table.thrown(thread)
    check()
    await player.slash(thread, "spexxx board")
    check()
    await players[2].slash(thread, "spexxx resign")
    await player.slash(channel, "spexxx games")
    check()
    while stored_state(db_path)["status"] == "running":
        await table.play_turn(thread)
        check()
    await player.slash(channel, "spexxx stats")
    await player.slash(channel, "spexxx leaderboard")
    check()
    assert check.calls > 12 and check.messages > 40
    contents = [
        f.get("content") or "" for r in simcord_env.http_requests if (f := message_fields(r))
    ]
    for name in [*names, "**bold**"]:  # shown escaped: neither a mention nor formatting
        assert not [c for c in contents if name in c], name
    assert [c for c in contents if "\\*\\*bold\\*\\* @\u200bhere" in c]
    no_errors(simcord_env)
    await assert_consistent(db_path)
