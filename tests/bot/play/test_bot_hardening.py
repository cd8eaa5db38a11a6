"""Spexxx hardening through the real bot: corrupt stored games, text logs, catalogs at start."""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path

import pytest

import locales
from bot.core.logs import setup_logging
from locales import DEFAULT, LANGUAGES, _catalog, translator
from tests.bot.play.test_bot_game import Table
from tests.databases import TestDb, as_db
from tests.simtable import find_id

SOMETHING_WENT_WRONG = "Something went wrong on my side. The game is saved"


def corrupt_state(db: Path | TestDb, game_id: int = 1) -> None:
    """A stored state the engine cannot read (a hand edit, or a bug in a past save)."""
    db = as_db(db)
    state = json.loads(db.one("SELECT state FROM games WHERE id = ?", (game_id,))[0])
    del state["scores"]
    db.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game_id))


async def test_a_corrupt_stored_game_is_a_logged_bug_not_a_refusal(simcord_env, database, caplog):
    caplog.set_level(logging.ERROR)
    table = Table(simcord_env)
    thread = await table.start()
    message = table.turn_message(thread)
    player = table.on_turn(message)
    corrupt_state(database)

    r = await player.click(message, custom_id=find_id(message, "spx:throw:"))

    assert r.ephemeral and SOMETHING_WENT_WRONG in r.response.content, r.response.content
    assert "not a saved Spexxx state" not in r.response.content  # the engine's words stay inside
    errors = simcord_env.errors
    assert len(errors) == 1 and "not a saved Spexxx state" in str(errors[0]), errors
    logged = [rec for rec in caplog.records if rec.levelno >= logging.ERROR]
    assert any(getattr(rec, "game", None) == 1 for rec in logged), logged


@pytest.fixture
def restore_logging():  # type: ignore[no-untyped-def]
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_text_logs_carry_guild_game_and_seat(restore_logging, capfd) -> None:
    setup_logging("INFO", "text")
    logging.getLogger("bot.flow.play").info(
        "turn %d done", 3, extra={"guild": 42, "game": 7, "seat": 0}
    )
    line = capfd.readouterr().err.strip().splitlines()[-1]
    assert line.endswith("INFO bot.flow.play: turn 3 done [guild=42 game=7 seat=0]"), line


@pytest.fixture
def compiled_in() -> list[threading.Thread]:
    return []


@pytest.fixture
def simcord_bot(make_bot, compiled_in, monkeypatch):  # type: ignore[no-untyped-def]
    """The bot, built after forgetting every compiled catalog, as at a process's start; notes
    the thread each catalog is compiled in."""
    read_po = locales.read_po

    def noted(*args, **kwargs):  # type: ignore[no-untyped-def]
        compiled_in.append(threading.current_thread())
        return read_po(*args, **kwargs)

    monkeypatch.setattr(locales, "read_po", noted)
    _catalog.cache_clear()
    translator.cache_clear()
    return make_bot()


async def test_catalogs_are_compiled_once_at_start_off_the_event_loop(
    simcord_env, compiled_in
) -> None:
    others = [lang for lang in LANGUAGES if lang != DEFAULT]
    assert len(compiled_in) == len(others)  # every catalog while starting, each once
    assert threading.current_thread() not in compiled_in  # not on the event loop's thread
    await Table(simcord_env).start()
    assert [translator(lang)("Join") != "Join" for lang in others] == [True] * len(others)
    assert len(compiled_in) == len(others)  # nothing compiled at first use
