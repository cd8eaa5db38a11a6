"""``/help`` through the real bot (issue 26): a server that never used the bot learns from it
what it hosts, how to start each game and its commands, and reads one game's rules with a
picture, in the reader's own language, within Discord's limits."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from PIL import Image

from bot.adapters import installed
from bot.core.guide import RULES_HEADING
from locales import translator
from tests.conftest import ONLY_SQLITE

RULE_ID = re.compile(r"\b[A-Z]{2,4}-\d+\b")  # BK-7, CUI-1 …: never in what players read
LOCALES = {"en": "en-US", "nl": "nl", "de": "de", "fr": "fr"}


def rules_select(message) -> list:
    return [
        child
        for row in message.components
        for child in row.children
        if getattr(child, "custom_id", "").startswith("guide-rules-")
    ]


@ONLY_SQLITE
@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
async def test_help_lists_every_game_and_shows_a_games_rules_with_its_picture(
    simcord_env,
    make_bot,
    locales_of,
    lang: str,
) -> None:
    """A new server's member asks for help in their own language: every installed game in
    two lines (what it is, how to start it), the commands, a select of the games; choosing
    one shows its rules with a picture, only to them. Discord's limits hold in every
    language, no rule id shows, and the select still answers after a restart."""
    t = translator(lang)
    guild = simcord_env.create_guild("Club")  # another language than the reader's
    channel = guild.create_text_channel("general")
    ann = guild.add_member(simcord_env.create_user("ann"))
    locales_of[ann.id] = LOCALES[lang]

    r = await ann.slash(channel, "help")

    assert r.ephemeral and not channel.history()  # nothing public
    (embed,) = r.response.embeds
    assert embed.title == t("Games you can play here")
    assert (lang == "en") == (embed.title == "Games you can play here")  # the reader's words
    assert len(embed) <= 6000 and len(embed.description) <= 4096
    assert all(len(f.value) <= 1024 for f in embed.fields)
    games = installed().values()
    for game in games:
        assert f"**{game.info.title}**" in embed.description
        assert t(game.info.summary) in embed.description
    new = t("new").lower()
    assert f"`/spexxx {new}`" in embed.description
    assert f"`/dasspiel {new} {t('game').lower()}: Cui bono?`" in embed.description
    said = embed.description + "".join(f.name + f.value for f in embed.fields)
    assert "`/mygames`" in said
    assert t("Your games and lobbies in this server, yours to play first") in said
    assert t("How a game went, turn by turn, and its record as a file") in said
    assert said.count(t("Open a lobby in this channel")) == 1
    assert not RULE_ID.search(said)
    message = next(m for m in reversed(channel.history(viewer=ann)) if m.embeds)
    (select,) = rules_select(message)
    assert {o.value for o in select.options} == {g.info.kind for g in games}
    assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in select.options)

    await simcord_env.restart_bot(make_bot())  # the help's select outlives the process
    r = await ann.select(message, ["cuibono"], custom_id=select.custom_id)

    assert r.ephemeral
    (rules,) = r.response.embeds
    words, _ = installed()["cuibono"].rules(t)
    assert rules.title == t(RULES_HEADING, game="Cui bono?")
    assert words.splitlines()[1] in rules.description and not RULE_ID.search(rules.description)
    assert rules.image.url.endswith("cuibono-rules.png")
    png = Image.open(io.BytesIO(await r.response.attachments[0].read()))
    assert png.format == "PNG" and png.width >= 400


@ONLY_SQLITE
async def test_every_games_rules_fit_and_carry_a_picture(simcord_env, locales_of) -> None:
    """Each game's rules from the help, in German: within an embed, with a valid picture."""
    guild = simcord_env.create_guild("Club")
    channel = guild.create_text_channel("general")
    ann = guild.add_member(simcord_env.create_user("ann"))
    locales_of[ann.id] = "de"
    await ann.slash(channel, "help")
    message = next(m for m in reversed(channel.history(viewer=ann)) if m.embeds)
    (select,) = rules_select(message)
    for option in select.options:
        r = await ann.select(message, [option.value], custom_id=select.custom_id)
        (rules,) = r.response.embeds
        assert len(rules) <= 6000 and not RULE_ID.search(rules.description), option.value
        data = await r.response.attachments[0].read()
        assert data.startswith(b"\x89PNG") and Image.open(io.BytesIO(data)).format == "PNG"


def test_a_new_game_brings_its_own_help_and_many_games_stay_within_discords_limits() -> None:
    """Sixty more games (toys made from Spexxx, each its own command group): each is in the
    help with its own summary and command, or counted once the embed is full; the rules select
    of thirty splits into selects of at most 25 options, one per game."""
    from bot.adapters.spexxx.adapter import SpexxxAdapter
    from bot.core.guide import CommandInfo, help_page, in_order
    from bot.discord.help_desk import rules_view

    toys = [
        type(
            f"Toy{n}",
            (SpexxxAdapter,),
            {
                "info": replace(
                    SpexxxAdapter.info,
                    kind=f"toy{n}",
                    title=f"Toy {n}",
                    group=f"toy{n}",
                    summary=f"toy {n}",
                )
            },
        )()
        for n in range(60)
    ]
    t = translator("fr")
    page = help_page(t, [*installed().values(), *toys], [])
    assert len(page.intro) + len(page.games) + 2 <= 4096
    assert "**Toy 0** · 2–4 joueurs — toy 0\n↳ Lancer : `/toy0 nouvelle`" in page.games
    shown = page.games.count("↳")
    more = re.escape(t("…and {n} more.", n=999)).replace("999", r"(\d+)")
    left = int(re.search(more, page.games).group(1))
    assert shown + left == len(installed()) + 60 and shown > 30

    commands = [
        CommandInfo(("help",), "The games you can play here, their rules and the commands"),
        *(CommandInfo((g.info.group, "new"), "Open a lobby in this channel") for g in toys[:3]),
        CommandInfo(("toy1", "extra"), "Only this game has it"),
    ]
    (general, every) = help_page(t, toys[:3], commands).commands
    assert general[1].splitlines() == [  # the bot's own first, then what only some games have
        "`/help` — " + t("The games you can play here, their rules and the commands"),
        "`/toy1 extra` — Only this game has it",
    ]
    assert every[1].splitlines()[1:] == ["`nouvelle` — " + t("Open a lobby in this channel")]

    view = rules_view(t, in_order(toys[:30]))
    selects = [item.item for item in view.children]
    assert [len(s.options) for s in selects] == [25, 5]
    assert [o.value for s in selects for o in s.options] == [g.info.kind for g in toys[:30]]


@ONLY_SQLITE
@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
async def test_spexxx_rules_name_its_commands_as_the_readers_discord_does(
    simcord_env, locales_of, lang: str
) -> None:
    """The rules' commands line says `/spexxx bord` · `opgeven` … to a Dutch reader, as their
    Discord names the commands (it said `board` · `resign` in every language)."""
    t = translator(lang)
    guild = simcord_env.create_guild("Club")
    channel = guild.create_text_channel("general")
    ann = guild.add_member(simcord_env.create_user("ann"))
    locales_of[ann.id] = LOCALES[lang]
    await ann.slash(channel, "help")
    message = next(m for m in reversed(channel.history(viewer=ann)) if m.embeds)
    (select,) = rules_select(message)
    r = await ann.select(message, ["spexxx"], custom_id=select.custom_id)
    (rules,) = r.response.embeds
    for name in ("board", "resign", "cancel", "leaderboard", "settings"):
        local = t(name).lower()
        assert local != name and f"`{local}`" in rules.description, (name, rules.description)
        assert f"`{name}`" not in rules.description
