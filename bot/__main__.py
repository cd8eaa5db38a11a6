"""``python -m bot``: read settings from the environment and ``.env``, then run the bot."""

from __future__ import annotations

import logging
import sys

from dotenv import load_dotenv

from bot.config import ConfigError, Settings


def main() -> int:
    load_dotenv()
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger(__name__).info("starting with %r", settings)
    from bot.client import create_bot

    bot = create_bot(database_path=settings.database_path, dev_guild_id=settings.dev_guild_id)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
