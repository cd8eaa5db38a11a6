"""Settings and the ``python -m bot`` entry point, without Discord."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import DEFAULT_DATABASE_PATH, ConfigError, Settings

ROOT = Path(__file__).resolve().parents[1]


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
    ],
)
def test_bad_settings_say_how_to_fix_them(env: dict[str, str], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        Settings.from_env(env)


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
