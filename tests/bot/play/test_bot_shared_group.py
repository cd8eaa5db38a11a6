"""Games sharing one command group, through the real bot in SimCord.

Two test-only games (Spectrangle under other names and codes) form the family ``/fakes``: one
``new`` takes the game as a choice, ``rules``/``stats``/``leaderboard``/``settings`` take it as
an option, and ``board``/``resign``/``cancel``/``games``/``export`` act on the channel's game of
either kind. Spexxx and Spectrangle keep their own groups beside them, unchanged.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.adapters import installed
from bot.adapters.spectrangle import SpectrangleAdapter
from bot.contract.info import Choice, GameOption
from bot.core.registry import Registry
from bot.discord import commands
from locales import N_
from tests.bot.play.test_bot_spectrangle import SpcTable, stored


class FakeA(SpectrangleAdapter):
    info = replace(
        SpectrangleAdapter.info,
        kind="fake-a",
        code="fka",
        title="Fake A",
        group="fakes",
        group_title="Fakes",
        group_description=N_("Test games"),
        choice_label="Fake A (teams)",
        option=GameOption(
            name="teams",
            description=N_("Play 2 v 2 in teams (needs 4 players)"),
            choices=(Choice(N_("no teams"), "none"), Choice(N_("2 v 2 teams"), "teams")),
            default="none",
        ),
    )


class FakeB(SpectrangleAdapter):
    info = replace(
        SpectrangleAdapter.info,
        kind="fake-b",
        code="fkb",
        title="Fake B",
        group="fakes",
        group_title="Fakes",
        group_description=N_("Test games"),
        option=None,
    )


@pytest.fixture
def games() -> Registry:
    """The installed games plus the two fakes: the registry the test's bots are given."""
    return installed().with_games(FakeA(), FakeB())


class FakeTable(SpcTable):
    async def open(self, game: str, **options: Any) -> Any:
        r = await self.players[0].slash(self.channel, "fakes new", game=game, **options)
        assert r.acknowledged and not r.ephemeral, r.response.content if r.response else r
        return self.channel.last_message


def test_a_family_group_takes_the_game_as_a_choice(simcord_bot) -> None:
    made = commands.groups(simcord_bot, list(simcord_bot.games.values()))
    tree = {group.name: group for group in made}
    fakes = tree["fakes"]
    subs = {c.name: c for c in fakes.commands}
    assert sorted(subs) == sorted(
        [
            "new",
            "settings",
            "board",
            "rules",
            "resign",
            "cancel",
            "games",
            "stats",
            "leaderboard",
            "export",
            "replay",
        ]
    )
    new = subs["new"]
    params = {p.name: p for p in new.parameters}
    assert [p.display_name for p in new.parameters] == ["game", "teams", "timer"]
    assert params["game"].required
    assert [(c.name, c.value) for c in params["game"].choices] == [
        ("Fake A (teams)", "fake-a"),
        ("Fake B", "fake-b"),
    ]
    for name in ("rules", "stats", "leaderboard", "settings"):
        first = subs[name].parameters[0]
        assert first.name == "game" and first.required, name
    for name in ("board", "resign", "cancel", "games"):
        assert not subs[name].parameters, name
    # the single-game groups keep their commands exactly
    spexxx = {c.name: c for c in tree["spexxx"].commands}
    assert [p.display_name for p in spexxx["new"].parameters] == ["variant", "timer"]  # type: ignore[union-attr]
    assert [p.name for p in spexxx["stats"].parameters] == ["member"]  # type: ignore[union-attr]


@pytest.mark.simcord(settle_timeout=60)
async def test_two_games_of_one_group_in_one_server(simcord_env, db_path) -> None:
    a = FakeTable(simcord_env, names=("alice", "bob"))
    lobby = await a.open("fake-a")
    assert "Fake A lobby" in lobby.content
    await a.players[1].click(lobby, label="Join")
    r = await a.players[0].click(a.channel.last_message, label="Start")
    assert not r.ephemeral
    thread_a = a.channel.threads[-1]
    game_a = stored(db_path, 1)
    assert game_a["kind"] == "fake-a" and game_a["status"] == "running"

    b = FakeTable(simcord_env, names=("cy", "dee"), guild=a.guild, channel=a.channel)
    lobby = await b.open("fake-b", timer=120)
    assert "Fake B lobby" in lobby.content
    await b.players[1].click(lobby, label="Join")
    await b.players[0].click(b.channel.last_message, label="Start")
    thread_b = a.channel.threads[-1]
    assert stored(db_path, 2)["kind"] == "fake-b"

    # the channel's commands act on each thread's own game, whichever kind it is
    r = await a.players[0].slash(thread_a, "fakes board")
    assert not r.ephemeral and "fka:" in str(r.response.components)
    r = await b.players[0].slash(thread_b, "fakes board")
    assert not r.ephemeral and "fkb:" in str(r.response.components)
    r = await a.players[0].slash(thread_a, "spectrangle board")
    assert r.ephemeral and "`/fakes`" in r.response.content
    r = await a.players[0].slash(a.channel, "fakes games")
    assert r.ephemeral and "**#1**" in r.response.content and "**#2**" in r.response.content
    r = await a.players[0].slash(a.channel, "spectrangle games")
    assert "No Spectrangle games are running" in r.response.content
    r = await a.players[0].slash(thread_a, "fakes export")
    assert (
        r.ephemeral
        and "still running" in r.response.content
        and "Fake A #1" in (r.response.content)
    )

    # one game's option is refused for the game that does not have it
    r = await a.players[0].slash(a.channel, "fakes new", game="fake-b", teams="teams")
    assert r.ephemeral and "Fake B has no options" in r.response.content

    # per-game commands take the game: stats and leaderboards stay apart
    r = await a.players[1].slash(thread_a, "fakes resign")
    assert not r.ephemeral
    assert stored(db_path, 1)["status"] == "finished"
    r = await a.players[0].slash(a.channel, "fakes stats", game="fake-a")
    assert not r.ephemeral and "Fake A stats" in r.response.embeds[0].title
    r = await a.players[0].slash(a.channel, "fakes stats", game="fake-b")
    assert r.ephemeral and "no finished Fake B game" in r.response.content
    r = await a.players[0].slash(a.channel, "fakes leaderboard", game="fake-a")
    assert not r.ephemeral and "Fake A leaderboard" in r.response.embeds[0].title
    r = await a.players[0].slash(a.channel, "spectrangle stats")
    assert r.ephemeral and "no finished Spectrangle game" in r.response.content
    r = await a.players[0].slash(a.channel, "fakes export", game=1)
    assert r.ephemeral and r.response.attachments
    r = await a.players[0].slash(a.channel, "fakes rules", game="fake-b")
    assert r.ephemeral and r.response.content

    # settings are per game of the group
    admins = a.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = a.guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    r = await admin.slash(a.channel, "fakes settings", game="fake-a", timer=900)
    assert r.ephemeral and "Fake A settings" in r.response.content
    assert "15 minutes" in r.response.content
    r = await admin.slash(a.channel, "fakes settings", game="fake-b")
    assert "Fake B settings" in r.response.content and "15 minutes" not in r.response.content

    # cancel acts on the channel's game of the other kind too
    r = await b.players[0].slash(thread_b, "fakes cancel")
    assert not r.ephemeral
    assert stored(db_path, 2)["status"] == "cancelled"
