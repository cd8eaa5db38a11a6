"""Slash-command names, descriptions and choices in every language, from the same catalogs.

discord.py asks the ``Translator`` for each string and Discord locale when commands are synced;
interactions still arrive with the English names, so nothing else depends on it.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

from locales import DEFAULT, resolve, translator

NAME_RE = re.compile(r"^[-_'\w]{1,32}$")


def cmd(name: str) -> app_commands.locale_str:
    """A command or option name: extracted for translators, who must keep it one lowercase word."""
    return app_commands.locale_str(name, name=True)


class CommandTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        lang = resolve(locale)
        if lang == DEFAULT:
            return None
        text = translator(lang)(string.message)
        if text == string.message:
            return None
        if string.extras.get("name") or context.location in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        ):
            text = text.lower()
            if not NAME_RE.match(text):
                return None  # an unusable translation must not break the sync
        return text[:100]
