"""``python -m bot [run|check|backup DEST|restore BACKUP|migrate-db --to URL]`` with settings from
the environment/.env.

``run`` (the default) starts the bot and shuts down cleanly on SIGTERM or Ctrl-C: actions under
way finish their database writes first.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

from dotenv import load_dotenv

from bot.core.config import ConfigError, Settings
from bot.core.logs import setup_logging

log = logging.getLogger("bot")


async def run(settings: Settings) -> int:
    import discord

    from bot.discord.client import create_bot

    bot = create_bot(
        database=settings.database,
        dev_guild_id=settings.dev_guild_id,
        ai_delay=settings.ai_delay,
        max_missed_turns=settings.max_missed_turns,
        lobby_idle_hours=settings.lobby_idle_hours,
        shards=settings.shards,
    )
    log.info("serving %s", settings.shards.describe())
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with bot:
        runner = asyncio.create_task(bot.start(settings.token))
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("shutting down: finishing actions under way")
            await bot.close()
            await asyncio.gather(runner, return_exceptions=True)
            log.info("stopped")
            return 0
        stopper.cancel()
        try:
            runner.result()
        except discord.LoginFailure:
            print(
                "Discord refused the token: reset it in the developer portal (Bot → "
                "Reset Token) and update DISCORD_TOKEN in .env.",
                file=sys.stderr,
            )
            return 1
    return 0


def migrate(settings: Settings, source: str | None, target: str) -> int:
    """``migrate-db``: 0 when copied and verified, 1 when the verification found problems,
    2 when nothing was copied."""
    from bot.cli.migrate_db import MigrationRefused, migrate_db
    from bot.core.config import Database

    try:
        problems = asyncio.run(
            migrate_db(
                settings.database if source is None else Database.of(source),
                Database.parse(target),
            )
        )
    except (ConfigError, MigrationRefused) as exc:
        print(f"migrate-db: {exc}", file=sys.stderr)
        return 2
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="start the bot (the default)")
    sub.add_parser("check", help="validate settings, database, migrations and stored games")
    b = sub.add_parser("backup", help="online backup of the database to DEST")
    b.add_argument("dest", type=Path)
    r = sub.add_parser("restore", help="replace the database with BACKUP (stop the bot first)")
    r.add_argument("backup", type=Path)
    m = sub.add_parser(
        "migrate-db", help="copy the SQLite database into an empty PostgreSQL one and verify it"
    )
    m.add_argument("--to", required=True, help="postgresql://user:password@host:5432/database")
    m.add_argument("--from", dest="source", help="the SQLite file (default: the bot's database)")
    args = parser.parse_args(argv)
    command = args.command or "run"

    load_dotenv()
    try:
        settings = Settings.from_env(require_token=command in ("run", "check"))
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    setup_logging(settings.log_level, settings.log_format)

    from bot.cli import admin

    if command == "check":
        return 1 if asyncio.run(admin.check(settings)) else 0
    if command == "migrate-db":
        return migrate(settings, args.source, args.to)
    database = settings.database
    if command in ("backup", "restore") and database.is_postgres:
        try:
            if command == "backup":
                size = admin.backup_postgres(database.url, args.dest)
                print(f"backed up {database.redacted()} to {args.dest} with pg_dump ({size} bytes)")
            else:
                games = admin.restore_postgres(args.backup, database.url)
                print(f"restored {games} games from {args.backup} into {database.redacted()}")
        except (admin.ToolMissing, RuntimeError, FileNotFoundError) as exc:
            print(exc, file=sys.stderr)
            return 1
        return 0
    if command == "backup":
        size = admin.backup(settings.database_file(), args.dest)
        print(f"backed up {settings.database_file()} to {args.dest} ({size} bytes)")
        return 0
    if command == "restore":
        games = admin.restore(args.backup, settings.database_file())
        print(f"restored {games} games from {args.backup} into {settings.database_file()}")
        return 0
    log.info("starting with %r", settings)
    return asyncio.run(run(settings))


if __name__ == "__main__":
    sys.exit(main())
