"""Driving the Das Spiel games through SimCord as people do: ``/dasspiel new``, the lobby, the
turn's selects and buttons; and the engine's own view of a stored game, to check scores."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import discord

from bot.adapters import installed
from tests.bot.play.test_robust_security import pings, sent_message
from tests.simtable import component_ids, find_id, has_id, select_options

MENTION = re.compile(r"<@(\d+)>, your turn")


def stored(db_path: Path, game_id: int) -> dict[str, Any]:
    with sqlite3.connect(db_path) as db:
        kind, status, setup, state = db.execute(
            "SELECT kind, status, setup, state FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        events = [
            json.loads(e)
            for (e,) in db.execute(
                "SELECT event FROM game_events WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        ]
    return {
        "kind": kind,
        "status": status,
        "setup": json.loads(setup) if setup else None,
        "state": json.loads(state) if state else None,
        "events": events,
    }


def replayed(db_path: Path, game_id: int) -> Any:
    """The game rebuilt by its adapter from the stored setup and log (engine events only)."""
    data = stored(db_path, game_id)
    adapter = installed()[data["kind"]]
    events = [adapter.codec.event_from_dict(e) for e in data["events"]]
    return adapter.codec.replay(data["setup"], events)


class DasTable:
    """People around one channel playing one Das Spiel game."""

    def __init__(self, env, game: str, code: str, names=("alice", "bob", "cy"), guild=None):
        self.env = env
        self.game = game
        self.code = code
        self.guild = guild or env.create_guild()
        self.channel = self.guild.create_text_channel("games")
        self.players = [self.guild.add_member(env.create_user(n)) for n in names]
        self.by_id = {p.id: p for p in self.players}
        self.game_id = 0

    async def open(self, **options: Any) -> discord.Message:
        r = await self.players[0].slash(self.channel, "dasspiel new", game=self.game, **options)
        assert r.acknowledged and not r.ephemeral, r.response.content if r.response else r
        return self.channel.last_message

    async def start(self, *, computers=(), joiners=None, timer=None):
        lobby = await self.open(**({} if timer is None else {"timer": timer}))
        host = self.players[0]
        for p in joiners if joiners is not None else self.players[1:]:
            r = await p.click(lobby, custom_id=find_id(lobby, f"{self.code}:join:"))
            assert not r.ephemeral, r.response.content
            lobby = self.channel.last_message
        for level in computers:
            r = await host.select(lobby, [level], custom_id=find_id(lobby, f"{self.code}:addai:"))
            assert not r.ephemeral, r.response.content
            lobby = self.channel.last_message
        r = await host.click(lobby, custom_id=find_id(lobby, f"{self.code}:start:"))
        assert r.acknowledged and not r.ephemeral, r.response.content if r.response else r
        self.game_id = int(re.search(r"#(\d+)", lobby.content).group(1))  # type: ignore[union-attr]
        return self.channel.threads[-1] if self.channel.threads else self.channel

    def turn_message(self, where) -> discord.Message | None:
        for message in reversed(where.history()):
            if any(cid.startswith(f"{self.code}:") for cid in component_ids(message)):
                return message
        return None

    def on_turn(self, message: discord.Message):
        match = MENTION.search(message.content)
        assert match, message.content
        return self.by_id[int(match.group(1))]

    async def choose(self, player, where, action: str, pick: int = 0) -> discord.Message:
        """``player`` chooses the ``pick``-th option of the select ``action``; the new turn
        message (the same one, edited)."""
        message = self.turn_message(where)
        assert message is not None
        cid = find_id(message, f"{self.code}:{action}:")
        options = select_options(message, cid)
        r = await player.select(message, [options[pick % len(options)].value], custom_id=cid)
        assert not r.ephemeral, r.response.content
        found = self.turn_message(where)
        assert found is not None
        return found

    async def click(self, player, where, action: str, label: str | None = None) -> Any:
        message = self.turn_message(where)
        assert message is not None
        ids = [c for c in component_ids(message) if c.startswith(f"{self.code}:{action}:")]
        if label is not None:
            ids = [
                child.custom_id
                for row in message.components
                for child in getattr(row, "children", [])
                if getattr(child, "custom_id", None) in ids and getattr(child, "label", "") == label
            ]
        assert ids, component_ids(message)
        return await player.click(message, custom_id=ids[0])

    def status(self, db_path: Path) -> str:
        return str(stored(db_path, self.game_id)["status"])


def notified(env, since: int) -> list[set[int]]:
    """Whom Discord notifies, per message the bot posted or edited after request ``since`` that
    notifies anyone (an edit never should): the mentions its allowed_mentions let through."""
    found = [pings(sent[1]).users for r in env.http_requests[since:] if (sent := sent_message(r))]
    return [set(users) for users in found if users]


def has(message: discord.Message | None, code: str, action: str) -> bool:
    return message is not None and has_id(message, f"{code}:{action}:")


def disabled(message: discord.Message, label: str) -> bool:
    """Whether the button labelled ``label`` is disabled."""
    return bool(
        next(
            c.disabled
            for row in message.components
            for c in row.children
            if getattr(c, "label", None) == label
        )
    )
