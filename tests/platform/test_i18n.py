"""Every text in every language: the catalogs are complete, consistent and usable by Discord."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from games.common.errors import IllegalAction
from games.spexxx import errors as engine_errors
from locales import LANGUAGES, po_path, resolve, tn, translator

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "locales" / "spexxx.pot"
EXTRACT = [
    str(Path(sys.executable).with_name("pybabel")),
    "extract",
    "-F",
    "locales/babel.cfg",
    "-k",
    "t:1,2,3t",
    "-k",
    "t:1,2,4t",
    "-k",
    "t",
    "-k",
    "tn:2,3",
    "-k",
    "N_",
    "-k",
    "Refusal",
    "-k",
    "cmd",
    "-k",
    "ut",
    "--no-location",
    "--sort-output",
    "--project=spexxx-bot",
]
FIELD = re.compile(r"\{(\w*)\}")
NAME = re.compile(r"^[-_'\w]{1,32}$")
OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != "en"]


def catalog(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as fh:
        return read_po(fh)


def ids(cat) -> set[str]:  # type: ignore[no-untyped-def]
    return {m.id if isinstance(m.id, str) else m.id[0] for m in cat if m.id}


def command_names() -> set[str]:
    """Everything wrapped in ``cmd(...)``: command and option names."""
    names: set[str] = set()
    for path in (ROOT / "bot").rglob("*.py"):
        names.update(re.findall(r'\bcmd\("([^"]+)"\)', path.read_text(encoding="utf-8")))
    return names


@pytest.fixture(scope="module")
def fresh_template(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    out = tmp_path_factory.mktemp("pot") / "fresh.pot"
    subprocess.run([*EXTRACT, "-o", str(out), "."], cwd=ROOT, check=True)
    return ids(catalog(out))


def test_every_name_a_translator_is_bound_to_is_extracted() -> None:
    """A translator bound to a name pybabel is not told of leaves its texts out of the
    template, so other languages read them in English and no test notices."""
    keywords = {EXTRACT[i + 1].split(":")[0] for i, arg in enumerate(EXTRACT) if arg == "-k"}
    binding = re.compile(r"\b(\w+) = (?:await [\w.]*public_t|user_t)\(")
    names = {
        name
        for path in (ROOT / "bot").rglob("*.py")
        for name in binding.findall(path.read_text(encoding="utf-8"))
    }
    assert names and names <= keywords, f"not extracted: {sorted(names - keywords)}"


def test_template_is_up_to_date(fresh_template: set[str]) -> None:
    stored = ids(catalog(POT))
    missing, stale = fresh_template - stored, stored - fresh_template
    assert not missing and not stale, (
        f"run the pybabel extract/update commands in locales/README.md; "
        f"new: {sorted(missing)[:10]}, gone: {sorted(stale)[:10]}"
    )


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_message_is_translated(lang: str, fresh_template: set[str]) -> None:
    cat = catalog(po_path(lang))
    translated = {
        (m.id if isinstance(m.id, str) else m.id[0])
        for m in cat
        if m.id and not m.fuzzy and all(m.string if isinstance(m.string, tuple) else [m.string])
    }
    untranslated = sorted(fresh_template - translated)
    assert not untranslated, f"{lang}: {len(untranslated)} untranslated, e.g. {untranslated[:8]}"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_translations_keep_fields_and_markup(lang: str) -> None:
    problems = []
    for m in catalog(po_path(lang)):
        if not m.id:
            continue
        source = " ".join(m.id) if isinstance(m.id, tuple) else m.id
        targets = m.string if isinstance(m.string, tuple) else (m.string,)
        fields = set(FIELD.findall(source))
        for target in targets:
            if not target:
                continue  # untranslated: reported by test_every_message_is_translated
            got = set(FIELD.findall(target))
            if got - fields or (fields - {"n"}) - got:
                problems.append(f"fields {m.id!r} -> {target!r}")
            form = m.id[0] if isinstance(m.id, tuple) else m.id  # each plural form, as one
            for mark in ("**", "`", "~~"):
                if form.count(mark) != target.count(mark):
                    problems.append(f"markup {mark} {m.id!r} -> {target!r}")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_command_names_are_valid_discord_names(lang: str) -> None:
    t = translator(lang)
    bad = [(n, t(n)) for n in command_names() if not NAME.match(t(n)) or t(n) != t(n).lower()]
    assert not bad, f"{lang}: command/option names must be one lowercase word: {bad}"
    names = [t(n) for n in command_names()]
    assert len(names) == len(command_names())


def test_runtime_translation_and_fallback() -> None:
    assert translator("nl")("Join") != "Join"
    assert translator("de")("throw {k} of {max}", k=2, max=4).count("2") == 1
    assert translator("xx")("Join") == "Join"  # unknown language: English
    assert resolve("en-US") == "en" and resolve("nl") == "nl" and resolve("pt-BR") == "en"
    fr = translator("fr")
    assert fr("{n} cube", "{n} cubes", 2) != fr("{n} cube", "{n} cubes", 1)
    assert tn(fr, "{n} cube", "{n} cubes", 2) == fr("{n} cube", "{n} cubes", 2)


def test_command_mentions_use_the_readers_command_names() -> None:
    message = "Something went wrong on my side. The game is saved: `/spexxx board` shows it again."
    for lang in OTHER_LANGUAGES:
        t = translator(lang)
        assert f"`/spexxx {t('board')}`" in t(message)
        assert t("board") != "board"
    assert "`/spexxx board`" in translator("en")(message)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_groups_command_mentions_use_the_readers_command_names(lang: str) -> None:
    """`/spectrangle daily` and `/dasspiel new` read as the reader's Discord shows them, as
    `/spexxx board` does (only Spexxx's were: a French reader was told `/spectrangle daily`
    while Discord showed them `/spectrangle quotidien`); links and `/help` stay as they are."""
    t = translator(lang)
    not_playing = "You are not playing in this game. Start your own with `/{group} new`."
    for group in ("spexxx", "spectrangle", "dasspiel"):
        said = t(not_playing, group=group)
        assert f"`/{group} {t('new').lower()}`" in said, said
    shown = (
        "📅 **{game} daily challenge {day}** · only you see this · `/{group} daily` shows it again"
    )
    said = t(shown, game="Spectrangle", day="2026-11-27", group="spectrangle")
    assert f"`/spectrangle {t('daily').lower()}`" in said and t("daily") != "daily", said
    link = "https://discord.com/channels/1/2/3"
    assert t("Your new lobby is open: {link}", link=link).endswith(link)
    none = (
        "You have no running game or open lobby in this server. `/help` lists the games and how "
        "to start one."
    )
    assert "`/help`" in t(none)
    yesterday = (
        "📺 Yesterday's best here: {name} with {score}. Watch it: `/{group} replay game:{id}`"
    )
    said = t(yesterday, name="ann", score=91, group="spexxx", id=7)
    assert f"`/spexxx {t('replay').lower()} {t('game').lower()}:7`" in said, said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_finished_games_two_buttons_read_differently(lang: str) -> None:
    """Play again and Replay sit side by side on the results: neither label may read as the
    start of the other (German had 'Noch einmal' beside 'Noch einmal ansehen')."""
    t = translator(lang)
    again, replay = t("Play again").lower(), t("Replay").lower()
    assert not again.startswith(replay) and not replay.startswith(again), (again, replay)


# Every refusal of the engine reaches players in their language (English keeps the engine's own
# words); bot.refusals lives here with the other catalog checks, but needs no Discord connection.
ENGINE_ERRORS = sorted(
    (
        cls
        for cls in vars(engine_errors).values()
        if isinstance(cls, type) and issubclass(cls, IllegalAction)
    ),
    key=lambda cls: cls.__name__,
)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("error", ENGINE_ERRORS, ids=lambda cls: cls.__name__)
def test_every_engine_refusal_is_translated(error: type[IllegalAction], lang: str) -> None:
    from bot.adapters.spexxx import ADAPTER
    from bot.contract.refusals import ENGINE_REFUSALS, refusal_text

    known = {**ENGINE_REFUSALS, **ADAPTER.info.refusals}
    exc = error("engine words")
    assert error in known or error is IllegalAction, f"{error.__name__} has no refusal"
    text = refusal_text(translator(lang), exc, ADAPTER.info.refusals)
    # the player's language only: no English from the engine after it
    assert text == translator(lang)(known[error])
    assert text != translator("en")(known[error])
    assert refusal_text(translator("en"), exc, ADAPTER.info.refusals) == "engine words"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", ["raffzahn", "buntekuh"])
def test_a_live_games_engine_refusals_are_its_own_sentences_in_every_language(
    kind: str, lang: str
) -> None:
    """In a live game the engine's words (seats, milliseconds) never reach a player, in English
    neither: each refusal is the game's sentence, or the general one for any it does not name."""
    from bot.adapters import installed
    from bot.contract.refusals import ENGINE_REFUSALS, refusal_text
    from games.das_spiel import errors as das_errors

    game = installed()[kind]
    t = translator(lang)
    known = {**ENGINE_REFUSALS, **game.info.refusals}
    errors = [e for e in vars(das_errors).values() if isinstance(e, type)]
    for error in {*errors, *game.info.refusals}:
        exc = error("engine words")
        text = refusal_text(t, exc, game.info.refusals, engine_words=False)
        message = next(known[c] for c in error.__mro__ if c in known)
        assert text == t(message) != "engine words", error
        assert lang == "en" or text != message, error


def test_a_newer_engine_refusal_falls_back_to_a_translated_general_one() -> None:
    from bot.contract.refusals import refusal_text

    class Newer(IllegalAction):
        pass

    assert refusal_text(translator("nl"), Newer("x")) == "Die zet mag nu niet."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_shortened_name_ending_a_sentence_gets_no_second_full_stop(lang: str) -> None:
    t = translator(lang)
    cut = t("{reason} Winner: {names}.", reason="·", names="Benedikt von Lange…")
    assert cut.endswith("Benedikt von Lange…") and "…." not in cut
    whole = t("{reason} Winner: {names}.", reason="·", names="Ann")
    assert whole.endswith("Ann.")
    plural = t(
        "{name} built {n} bonus die: {dice}.",
        "{name} built {n} bonus dice: {dice}.",
        2,
        name="Ann",
        dice="A1 B2…",
    )
    assert plural.endswith("B2…") and "…." not in plural


# Words for developers: a rule's id (CUI-1, BK-4 …) or a repository command never reaches a
# player, whatever the message and the language.
DEVELOPER_WORDS = re.compile(r"\b[A-Z]{2,4}-\d+\b|python -m")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_shows_players_a_rule_id_or_a_command(lang: str) -> None:
    path = POT if lang == "en" else po_path(lang)
    found = []
    for m in catalog(path):
        if not m.id:
            continue
        texts = m.id if lang == "en" else m.string
        for text in texts if isinstance(texts, tuple) else (texts,):
            if text and DEVELOPER_WORDS.search(text):
                found.append(text)
    assert not found, f"{lang}: {found}"


FR_VOUS = re.compile(r"\b(?:vous|votre|vos|vôtre)\b", re.IGNORECASE)


def test_french_speaks_to_one_player_as_tu() -> None:
    """The bot says 'tu' to a player in French, everywhere ('Ton nouveau lobby', 'Tes parties');
    'vous' only where it speaks to several people at once (a message naming ``{people}``)."""
    slips = [
        message.string
        for message in catalog(po_path("fr"))
        if message.id and isinstance(message.string, str) and FR_VOUS.search(message.string)
        if "{people}" not in str(message.id)
    ]
    assert slips == []
