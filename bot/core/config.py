"""Settings from the environment (and ``.env``), validated once at start."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bot.core.shards import ALL_SHARDS, ShardScope, parse_ids

DEFAULT_DATABASE_PATH = "data/spexxx.sqlite3"

TOKEN_HELP = """\
DISCORD_TOKEN is not set, so the bot cannot log in.

To get a token:
  1. Open https://discord.com/developers/applications and click "New Application".
  2. In "Bot", click "Reset Token" and copy the token (keep it secret).
  3. Put it in a file named .env next to README.md:  DISCORD_TOKEN=your-token-here
     (copy .env.example to .env for every setting with its explanation).
  4. Invite the bot with the URL in README.md ("Set up the Discord application"), then run
     the start command again.
"""


class ConfigError(Exception):
    """A setting that is missing or malformed; the message says how to fix it."""


SQLITE_SCHEME = "sqlite:///"
SQLITE_SYNCHRONOUS = ("full", "normal")  # SQLITE_SYNCHRONOUS's values, the default first
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


@dataclass(frozen=True, slots=True)
class Database:
    """Where the games are stored: a SQLite file (the default) or a PostgreSQL server.

    ``DATABASE_URL`` names it: ``sqlite:///data/x.sqlite3`` (relative to the working
    directory), ``sqlite:////srv/x.sqlite3`` (absolute), or ``postgresql://user:pw@host/db``.
    """

    url: str
    path: Path | None = None  # the SQLite file; None for PostgreSQL
    synchronous: str = SQLITE_SYNCHRONOUS[0]  # SQLite: full (the default) or normal

    @property
    def is_postgres(self) -> bool:
        return self.path is None

    @classmethod
    def file(cls, path: str | Path) -> Database:
        return cls(SQLITE_SCHEME + str(path), Path(path))

    @classmethod
    def parse(cls, url: str) -> Database:
        url = url.strip()
        if url.startswith(POSTGRES_SCHEMES):
            if not urlsplit(url).path.strip("/"):
                raise ConfigError(
                    "DATABASE_URL names no database: postgresql://user:password@host:5432/NAME"
                )
            return cls(url)
        if url.startswith(SQLITE_SCHEME) and url[len(SQLITE_SCHEME) :].strip():
            return cls.file(url[len(SQLITE_SCHEME) :])
        scheme = url.split("://", 1)[0] + "://" if "://" in url else url[:20]
        raise ConfigError(
            f"DATABASE_URL must be sqlite:///path/to/file.sqlite3 (relative; four slashes for an"
            f" absolute path) or postgresql://user:password@host:5432/database, not {scheme!r}"
        )

    @classmethod
    def of(cls, where: Settings | Database | str | Path) -> Database:
        """The database meant by settings, a URL, or a SQLite file's path."""
        if isinstance(where, Database):
            return where
        if isinstance(where, Settings):
            return where.database
        if isinstance(where, str) and "://" in where:
            return cls.parse(where)
        return cls.file(where)

    def redacted(self) -> str:
        """The URL without its password, for logs and reports."""
        if not self.is_postgres:
            return str(self.path)
        parts = urlsplit(self.url)
        if not parts.password:
            return self.url
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
        return urlunsplit(parts._replace(netloc=netloc))

    def __repr__(self) -> str:  # never show the password
        return f"Database({self.redacted()!r})"


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_path: str = DEFAULT_DATABASE_PATH
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    log_format: str = "json"
    ai_delay: float = 1.5
    max_missed_turns: int = 3
    lobby_idle_hours: float = 24.0
    shards: ShardScope = ALL_SHARDS
    database_url: str = ""  # DATABASE_URL; empty: the SQLite file at database_path
    sqlite_synchronous: str = SQLITE_SYNCHRONOUS[0]  # SQLITE_SYNCHRONOUS

    @property
    def database(self) -> Database:
        if self.database_url:
            database = Database.parse(self.database_url)
        else:
            database = Database.file(self.database_path)
        return replace(database, synchronous=self.sqlite_synchronous)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, *, require_token: bool = True) -> Settings:
        env = dict(os.environ) if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if require_token and not token:
            raise ConfigError(TOKEN_HELP)
        level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if not isinstance(logging.getLevelName(level), int):
            raise ConfigError(f"LOG_LEVEL={level!r} is not a logging level (try INFO or DEBUG)")
        raw_guild = env.get("DEV_GUILD_ID", "").strip()
        dev_guild_id = None
        if raw_guild:
            if not raw_guild.isdigit():
                raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {raw_guild!r}")
            dev_guild_id = int(raw_guild)
        path = env.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE_PATH
        url = env.get("DATABASE_URL", "").strip()
        if url:
            database = Database.parse(url)  # a ConfigError says what a URL looks like
            path = str(database.path) if database.path is not None else ""
        log_format = env.get("LOG_FORMAT", "json").strip().lower() or "json"
        if log_format not in ("json", "text"):
            raise ConfigError(f"LOG_FORMAT must be json or text, not {log_format!r}")
        raw_delay = env.get("AI_DELAY_SECONDS", "").strip() or "1.5"
        try:
            ai_delay = float(raw_delay)
        except ValueError:
            ai_delay = -1.0
        if not 0 <= ai_delay <= 30:
            raise ConfigError(f"AI_DELAY_SECONDS must be 0 to 30 seconds, not {raw_delay!r}")
        missed = env.get("MAX_MISSED_TURNS", "").strip() or "3"
        if not missed.isdigit() or not 1 <= int(missed) <= 100:
            raise ConfigError(f"MAX_MISSED_TURNS must be a whole number from 1, not {missed!r}")
        raw_idle = env.get("LOBBY_IDLE_HOURS", "").strip() or "24"
        try:
            idle = float(raw_idle)
        except ValueError:
            idle = 0.0
        if not 0 < idle <= 24 * 30:
            raise ConfigError(f"LOBBY_IDLE_HOURS must be above 0 (hours), not {raw_idle!r}")
        shards = _shards(env.get("SHARD_COUNT", "").strip(), env.get("SHARD_IDS", "").strip())
        synchronous = env.get("SQLITE_SYNCHRONOUS", "").strip().lower() or SQLITE_SYNCHRONOUS[0]
        if synchronous not in SQLITE_SYNCHRONOUS:
            raise ConfigError(
                f"SQLITE_SYNCHRONOUS must be full (a saved move survives a power cut) or normal"
                f" (it survives a crash of the bot, not of the machine), not {synchronous!r}"
            )
        return cls(
            token,
            path,
            level,
            dev_guild_id,
            log_format,
            ai_delay,
            int(missed),
            idle,
            shards,
            url,
            synchronous,
        )

    def __repr__(self) -> str:  # never show the token in logs or tracebacks
        return (
            f"Settings(token=<{'set' if self.token else 'missing'}>, "
            f"database={self.database.redacted()!r}, log_level={self.log_level!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, log_format={self.log_format!r}, "
            f"ai_delay={self.ai_delay!r}, max_missed_turns={self.max_missed_turns!r}, "
            f"lobby_idle_hours={self.lobby_idle_hours!r}, shards={self.shards.describe()!r},"
            f" sqlite_synchronous={self.sqlite_synchronous!r})"
        )

    def database_file(self) -> Path:
        """The SQLite file (DATABASE_PATH, or DATABASE_URL's sqlite:/// path)."""
        return Path(self.database_path)


def _shards(raw_count: str, raw_ids: str) -> ShardScope:
    """``SHARD_COUNT`` (all processes' shards together) and ``SHARD_IDS`` (this process's)."""
    if not raw_count:
        if raw_ids:
            raise ConfigError(
                f"SHARD_IDS={raw_ids!r} needs SHARD_COUNT, the number of shards of all processes "
                "together (e.g. SHARD_COUNT=4 with SHARD_IDS=0-1 here and 2-3 on the other)"
            )
        return ALL_SHARDS
    if not raw_count.isdigit() or int(raw_count) < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number from 1, not {raw_count!r}")
    count = int(raw_count)
    if not raw_ids:
        return ShardScope(count)
    try:
        ids = parse_ids(raw_ids)
    except ValueError as exc:
        raise ConfigError(f"SHARD_IDS={raw_ids!r}: {exc} (write e.g. 0-3 or 0,2,5-7)") from None
    outside = [i for i in ids if i >= count]
    if outside:
        raise ConfigError(
            f"SHARD_IDS={raw_ids!r}: shard {outside[0]} does not exist with SHARD_COUNT={count}"
            f" (shard ids run from 0 to {count - 1})"
        )
    return ShardScope(count, ids)
