"""Spexxx hardening: text logs with their context, catalogs compiled at start."""

from __future__ import annotations

import logging
import threading

import pytest

import locales
from bot.logs import setup_logging
from locales import DEFAULT, LANGUAGES, _catalog, translator
from tests.test_bot_game import Table


@pytest.fixture
def restore_logging():  # type: ignore[no-untyped-def]
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_text_logs_carry_guild_game_and_seat(restore_logging, capfd) -> None:
    setup_logging("INFO", "text")
    logging.getLogger("bot.play").info("turn %d done", 3, extra={"guild": 42, "game": 7, "seat": 0})
    line = capfd.readouterr().err.strip().splitlines()[-1]
    assert line.endswith("INFO bot.play: turn 3 done [guild=42 game=7 seat=0]"), line


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
