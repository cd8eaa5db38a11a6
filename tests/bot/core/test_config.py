"""Settings and the ``python -m bot`` entry point, without Discord."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.core.config import DEFAULT_DATABASE_PATH, ConfigError, Settings

ROOT = Path(__file__).resolve().parents[3]


def test_defaults_and_values() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "abc"})
    assert (s.token, s.database_path, s.log_level, s.dev_guild_id) == (
        "abc",
        DEFAULT_DATABASE_PATH,
        "INFO",
        None,
    )
    s = Settings.from_env(
        {
            "DISCORD_TOKEN": "x",
            "DATABASE_PATH": "/tmp/x.db",
            "LOG_LEVEL": "debug",
            "DEV_GUILD_ID": "42",
        }
    )
    assert (s.database_path, s.log_level, s.dev_guild_id) == ("/tmp/x.db", "DEBUG", 42)


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ({}, "discord.com/developers/applications"),
        ({"DISCORD_TOKEN": "  "}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "x", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "my server"}, "DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "x", "SQLITE_SYNCHRONOUS": "off"}, "full .* or normal"),
    ],
)
def test_bad_settings_say_how_to_fix_them(env: dict[str, str], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        Settings.from_env(env)


def test_sqlite_syncs_every_save_unless_told_otherwise() -> None:
    """A move the bot acknowledged survives a power cut (full); ``normal`` trades that away."""
    assert Settings.from_env({"DISCORD_TOKEN": "x"}).database.synchronous == "full"
    s = Settings.from_env({"DISCORD_TOKEN": "x", "SQLITE_SYNCHRONOUS": " NORMAL "})
    assert s.database.synchronous == "normal"
    s = Settings.from_env(
        {"DISCORD_TOKEN": "x", "SQLITE_SYNCHRONOUS": "normal", "DATABASE_URL": "sqlite:///a.db"}
    )
    assert (s.database.path, s.database.synchronous) == (Path("a.db"), "normal")


def test_token_never_in_repr() -> None:
    assert "s3cret" not in repr(Settings.from_env({"DISCORD_TOKEN": "s3cret"}))


def test_python_m_bot_without_token_explains_and_fails(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode != 0
    assert "DISCORD_TOKEN is not set" in done.stderr
    assert "Reset Token" in done.stderr and done.stdout == ""


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///data/x.sqlite3", "data/x.sqlite3"),
        ("sqlite:////srv/bot/x.sqlite3", "/srv/bot/x.sqlite3"),
        ("postgresql://bot:pw@db:5432/spexxx", None),
        ("postgres://bot@db/spexxx", None),
    ],
)
def test_database_url_chooses_the_store(url: str, path: str | None) -> None:
    s = Settings.from_env(
        {"DISCORD_TOKEN": "x", "DATABASE_PATH": "ignored.db", "DATABASE_URL": url}
    )
    assert s.database.is_postgres == (path is None)
    assert s.database.path == (None if path is None else Path(path))
    if path is not None:
        assert s.database_file() == Path(path)  # backup and restore use the same file


def test_without_database_url_the_path_or_the_default_stays() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": "x"}).database.path == Path(DEFAULT_DATABASE_PATH)
    s = Settings.from_env({"DISCORD_TOKEN": "x", "DATABASE_PATH": "/tmp/y.db"})
    assert s.database.path == Path("/tmp/y.db") and not s.database.is_postgres


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("mysql://root:pw@db/bot", "sqlite:///path/to/file.sqlite3 .* not 'mysql://'"),
        ("sqlite://data/x.sqlite3", "four slashes for an absolute path"),
        ("postgresql://bot:pw@db:5432", "names no database"),
    ],
)
def test_a_bad_database_url_says_what_one_looks_like(url: str, words: str) -> None:
    with pytest.raises(ConfigError, match=words) as caught:
        Settings.from_env({"DISCORD_TOKEN": "x", "DATABASE_URL": url})
    assert "pw" not in str(caught.value)


def test_the_database_password_is_never_shown() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "x", "DATABASE_URL": "postgresql://bot:s3cret@db/b"})
    assert "s3cret" not in repr(s) and "s3cret" not in s.database.redacted()
    assert s.database.redacted() == "postgresql://bot:***@db/b"
