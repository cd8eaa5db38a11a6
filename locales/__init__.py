"""Translations of everything players read: gettext catalogs (``<lang>/LC_MESSAGES/spexxx.po``).

The ``.po`` files are the source of truth and are compiled in memory with Babel, so there is no
build step: the bot compiles them all once at start (``compile_catalogs``, off the event loop).
Code marks text with a translator ``t`` from ``translator(lang)``: ``t("Throw {n} of 4", n=2)``;
plurals with ``t("{n} cube", "{n} cubes", n)`` (or ``tn(translator(lang), …)``; never
``tn(t, …)``: Babel cannot extract a call whose arguments hold the bare name ``t``). The template
is refreshed with ``pybabel extract`` (see ``locales/README.md``).
"""

from __future__ import annotations

import functools
import gettext
import io
import re
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DOMAIN = "spexxx"
DEFAULT = "en"
LANGUAGES: tuple[str, ...] = ("en", "nl", "de", "fr")
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands", "de": "Deutsch", "fr": "Français"}
HERE = Path(__file__).resolve().parent
# A sub-command mentioned in a message: ``/spexxx board``, ``/spectrangle daily``, ``/dasspiel
# new`` (a slash not inside a word or a link, the group, one space, the sub-command).
_COMMAND_MENTION = re.compile(r"(?<![\w/:.])/([a-z]+) ([a-z]+)\b(?: ([a-z]+):)?")
_COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
# A field that ends its sentence (``Winner: {names}.``): its value may end in a stop of its own.
_FIELD_THEN_STOP = re.compile(r"\{(\w+)\}\.(?!\.)")
SENTENCE_ENDS = ("…", ".")


def po_path(lang: str) -> Path:
    return HERE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def _catalog(lang: str) -> gettext.NullTranslations:
    if lang == DEFAULT or lang not in LANGUAGES:
        return gettext.NullTranslations()  # the English text is the message id itself
    with po_path(lang).open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def compile_catalogs() -> None:
    """Compile every catalog now (0.2 s in all), so no first use blocks the event loop with it."""
    for lang in LANGUAGES:
        _catalog(lang)


def resolve(locale: object) -> str:
    """Our language for a Discord locale (``nl``, ``en-US``, ``de``…); English otherwise."""
    code = str(getattr(locale, "value", locale) or "").lower()
    base = code.split("-")[0].split("_")[0]
    return base if base in LANGUAGES else DEFAULT


class Translator:
    """Bound to one language; call it with a message id and named format fields."""

    __slots__ = ("_catalog", "lang")

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT
        self._catalog = _catalog(self.lang)

    def __call__(
        self, message: str, plural: str | None = None, count: int | None = None, /, **fields: Any
    ) -> str:
        """``t(msg, **fields)``, or with plural forms ``t(singular, plural, count, **fields)``."""
        if plural is not None:
            assert count is not None, "a plural message needs its count"
            text = _one_stop(self._catalog.ngettext(message, plural, count), fields)
            text = text.format(n=count, **fields)
        else:
            text = self._catalog.gettext(message)
            text = _one_stop(text, fields).format(**fields) if fields else text
        if self.lang != DEFAULT and "/" in text:
            text = _COMMAND_MENTION.sub(self._command, text)
        return text

    def _command(self, match: re.Match[str]) -> str:
        """``/spexxx board`` as the reader's Discord shows it (``/spexxx bord``)."""
        group, sub, option = match.groups()
        said = f"/{group} {self._name(sub)}"
        return f"{said} {self._name(option)}:" if option else said

    def _name(self, name: str) -> str:
        """A command or option name as the reader's Discord shows it."""
        local = self._catalog.gettext(name).lower()
        return local if _COMMAND_NAME.match(local) else name

    def plural(self, singular: str, plural: str, count: int, /, **fields: Any) -> str:
        text = _one_stop(self._catalog.ngettext(singular, plural, count), fields)
        return text.format(n=count, **fields)


def _one_stop(template: str, fields: dict[str, Any]) -> str:
    """``template`` without the full stop after a field whose value already ends the sentence:
    a name cut to fit ("Benedikt von Lange…") or ending in a stop ("Jr.") at the end of
    "Winner: {names}." would otherwise read "Lange…." in every language."""
    if "}." not in template:
        return template

    def stop(match: re.Match[str]) -> str:
        value = fields.get(match.group(1))
        ends = isinstance(value, str) and value.endswith(SENTENCE_ENDS)
        return match.group(0)[:-1] if ends else match.group(0)

    return _FIELD_THEN_STOP.sub(stop, template)


def tn(t: Translator, singular: str, plural: str, count: int, /, **fields: Any) -> str:
    """Plural forms; a plain function so ``pybabel extract -k tn:2,3`` finds it."""
    return t.plural(singular, plural, count, **fields)


@functools.cache
def translator(lang: str) -> Translator:
    return Translator(resolve(lang))


def N_(message: str) -> str:  # the gettext convention for "translate later"
    """Marks a string for extraction where it is defined; translated where it is shown."""
    return message
