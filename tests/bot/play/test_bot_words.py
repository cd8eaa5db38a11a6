"""What new players read, through the real bot in every language: words for players, never
for developers (rule ids, repository commands, benchmark figures)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.adapters import installed
from locales import LANGUAGES, translator
from tests.dastable import DasTable
from tests.platform.test_i18n import DEVELOPER_WORDS
from tests.simtable import find_id, select_options

SAME_RANGE = re.compile(r"\b(\d+)–\1\b")
FIGURES = re.compile(r"\d+ ?%|\b\d+ (?:in|op|von|sur|fois sur) \d+\b")  # "9 in 10", "89 %"


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_lobbies_describe_computer_levels_by_how_they_play(
    simcord_env, db_path: Path, lang: str
) -> None:
    guild = simcord_env.create_guild("Club", preferred_locale=lang)
    host = guild.add_member(simcord_env.create_user("alice"))
    for game in installed().values():
        channel = guild.create_text_channel(game.info.kind)
        if game.info.group == "dasspiel":
            r = await host.slash(channel, "dasspiel new", game=game.info.kind)
        else:
            r = await host.slash(channel, f"{game.info.group} new")
        assert not r.ephemeral, r.response.content
        lobby = channel.last_message
        assert not SAME_RANGE.search(lobby.content), lobby.content  # "3–3 players"
        least, most = game.info.min_seats, game.info.max_seats
        if least == most:
            t = translator(lang)
            said = t("Press **Join** to play. The host starts with exactly {n} players.", n=most)
            assert said in lobby.content
        options = select_options(lobby, find_id(lobby, f"{game.info.code}:addai:"))
        for option in options:
            about = option.description or ""
            assert not DEVELOPER_WORDS.search(about) and not FIGURES.search(about), about


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_cui_bono_says_its_minus_points_are_provisional_and_shows_no_minus_zero(
    simcord_env, db_path: Path, lang: str
) -> None:
    guild = simcord_env.create_guild("Club", preferred_locale=lang)
    table = DasTable(simcord_env, "cuibono", "cui", ("alice", "bob"), guild)
    thread = await table.start()
    intro = thread.history()[0].content
    t = translator(lang)
    assert t("Minus points per kept die: {penalty}.", penalty="").split(":")[0] in intro
    assert not DEVELOPER_WORDS.search(intro), intro
    turn = table.turn_message(thread)
    assert turn is not None and "−0" not in turn.content, turn.content  # nobody kept a die yet


async def test_an_export_says_what_the_file_is_and_what_it_is_for(
    simcord_env, db_path: Path
) -> None:
    table = DasTable(simcord_env, "wuerfelmarsch", "wm")
    thread = await table.start()  # nothing is hidden: a running game may be exported
    r = await table.players[0].slash(thread, "dasspiel export")
    assert r.ephemeral and r.response.attachments
    said = r.response.content
    assert "Attached: the record of every move, `wuerfelmarsch-1.json`." in said, said
    assert r.response.attachments[0].filename == "wuerfelmarsch-1.json"
    assert not DEVELOPER_WORDS.search(said) and "das-spiel-record" not in said, said


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_2_v_2_lobby_asks_for_4_players_and_its_thread_names_the_teams(
    simcord_env, db_path: Path, lang: str
) -> None:
    t = translator(lang)
    guild = simcord_env.create_guild("Club", preferred_locale=lang)
    channel = guild.create_text_channel("games")
    people = [guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bo")]
    await people[0].slash(channel, "spectrangle new", teams="teams")
    lobby = channel.last_message
    assert t("Press **Join** to play. The host starts with exactly {n} players.", n=4) in (
        lobby.content
    )
    assert "2–4" not in lobby.content
    await people[1].click(lobby, custom_id=find_id(lobby, "spc:join:"))
    for level in ("normal", "hard"):
        lobby = channel.last_message
        await people[0].select(lobby, [level], custom_id=find_id(lobby, "spc:addai:"))
    lobby = channel.last_message
    r = await people[0].click(lobby, custom_id=find_id(lobby, "spc:start:"))
    assert not r.ephemeral, r.response.content
    # seats 1 and 3 play against 2 and 4
    name = channel.threads[-1].name.removeprefix("Spectrangle #1 · ")
    ours, theirs = name.split(t(" vs "))
    assert ours.startswith(f"ann{t(' & ')}") and ours.endswith(t("normal"))
    assert theirs.startswith(f"bo{t(' & ')}") and theirs.endswith(t("hard"))


# ------------------------------------------------------------------------------ leftovers

TILE_CODE = re.compile(r"\b[RGBYPW]{3}\b")  # the engine's English colour letters


async def test_spectrangle_shows_tiles_by_their_colours_not_english_letters(
    simcord_env, db_path: Path
) -> None:
    guild = simcord_env.create_guild("Club", preferred_locale="de")
    channel = guild.create_text_channel("spiele")
    ann, bo = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bo"))
    await ann.slash(channel, "spectrangle new")
    lobby = channel.last_message
    await bo.click(lobby, custom_id=find_id(lobby, "spc:join:"))
    lobby = channel.last_message
    await ann.click(lobby, custom_id=find_id(lobby, "spc:start:"))
    thread = channel.threads[-1]
    intro = thread.history()[0].content
    assert "🟥" in intro or "🟦" in intro or "🟨" in intro, intro
    assert not TILE_CODE.search(intro), intro
    turn = next(m for m in reversed(thread.history()) if any("spc:" in c for c in ids(m)))
    labels = [o.label for o in select_options(turn, find_id(turn, "spc:tile:"))]
    assert labels and not any(TILE_CODE.search(label) for label in labels), labels


def ids(message) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.custom_id for row in message.components for c in row.children if c.custom_id]


def test_french_cui_bono_names_the_die_it_pulls_with_an_article() -> None:
    from tests.bot.adapters.test_words_finals import finished

    row = finished("cuibono", False)
    said = installed()["cuibono"].turn_result(translator("fr"), row)
    assert " a retiré un dé " in said and "retiré dé" not in said, said


def test_french_agrees_its_numbers_and_spaces_its_colons() -> None:
    from games.das_spiel.cui_bono import CuiBono
    from games.das_spiel.pyramid import Colour
    from locales import tn
    from renderers.das_spiel.cui_bono import cards

    fr = translator("fr")
    prompt = "Put it back into a funnel the picture labels ({n} possible), or keep it: −{cost}."
    assert "(1 possible)" in tn(fr, prompt, prompt, 1, cost=2)
    assert "(3 possibles)" in tn(fr, prompt, prompt, 3, cost=2)
    game = CuiBono.new(2, 1)
    game.state.kept[0] = [Colour.RED, Colour.RED, Colour.RED, Colour.YELLOW]
    tally = fr("{captured} captured, {removed} lost", captured=0, removed=1)
    assert "1 perdus" not in tally and "1" in tally, tally
    mine, other = cards(game, ["ann", "bo"], fr, "fr")
    assert (mine.line, mine.facts) == ("5 points négatifs", "4 dés gardés : 3 rouges, 1 jaune")
    assert other.line == "0 point négatif"  # not "−0 points"


@pytest.mark.simcord(settle_timeout=2.0)
async def test_a_name_with_an_underscore_is_escaped_in_every_chat_line(
    simcord_env, db_path: Path
) -> None:
    from tests.bot.play.test_bot_bunte_kuh import KuhTable

    table = KuhTable(simcord_env, db_path, names=("ann_b", "ben", "cid"))
    where = await table.start()
    message = await table.roll(where, 6, 4, 3)
    pos = table.right_funnel()
    assert pos is not None
    ann = table.players[0]
    r = await table.call_stop(ann, message, pos)
    assert r.ephemeral, r.response.content
    await table.lay(ann, where, "654")
    result = next(m for m in where.history() if "round 1" in m.content and "rolled" in m.content)
    assert "ann\\_b laid a die" in result.content, result.content
    for m in where.history():  # markdown renders every chat line: no raw "_" anywhere
        assert not re.search(r"ann_b", m.content), m.content
