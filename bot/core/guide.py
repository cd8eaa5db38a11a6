"""What ``/help`` says, in the reader's words: the games the bot hosts and how to start each,
the commands, and one game's rules. Nothing here names a game: every line comes from the
adapters it is given (their ``summary`` and ``rules``) and the commands the bot registered.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.contract.adapter import GameAdapter
from locales import N_, Translator

NAME_RE = re.compile(r"^[-_'\w]{1,32}$")  # Discord's rule for a command's localised name
EMBED_DESCRIPTION = 4096  # Discord: characters of an embed's description
EMBED_FIELD = 1024  # characters of a field's value
RULES_HEADING = N_("How to play {game}")
OPTION_TEXT = 100  # characters of a select option's label or description
SELECT_OPTIONS = 25  # options of one select


@dataclass(frozen=True, slots=True)
class CommandInfo:
    """A command as the bot registered it: its path of English names and its N_() text."""

    path: tuple[str, ...]
    description: str


@dataclass(frozen=True, slots=True)
class HelpPage:
    """The help's parts, each within Discord's embed limits."""

    title: str
    intro: str
    games: str  # two lines per game
    commands: tuple[tuple[str, str], ...]  # embed fields: (name, value)
    footer: str


def local_name(t: Translator, name: str) -> str:
    """A command or option name as the reader's Discord shows it (English when the catalog's
    word could not be a command name, as ``CommandTranslator`` decides)."""
    text = t(name).lower()
    return text if NAME_RE.match(text) else name


def groups_of(games: Sequence[GameAdapter[Any]]) -> Counter[str]:
    return Counter(game.info.group for game in games)


def shared(game: GameAdapter[Any], groups: Counter[str]) -> bool:
    """Whether the game is chosen by a ``game:`` option of its group (as ``commands`` does)."""
    return groups[game.info.group] > 1 or bool(game.info.group_title)


def start_command(t: Translator, game: GameAdapter[Any], groups: Counter[str]) -> str:
    """``/dasspiel new game: Abquetschen`` in the reader's words."""
    command = f"/{game.info.group} {local_name(t, 'new')}"
    if shared(game, groups):
        command += f" {local_name(t, 'game')}: {game.info.title}"
    return f"`{command}`"


def players_text(t: Translator, game: GameAdapter[Any]) -> str:
    if game.info.min_seats == game.info.max_seats:
        return t("{n} player", "{n} players", game.info.min_seats)
    return t("{min}–{max} players", min=game.info.min_seats, max=game.info.max_seats)


def game_lines(t: Translator, game: GameAdapter[Any], groups: Counter[str]) -> str:
    """A game in two lines: its name, family, players and what it is; how to start it."""
    family = f" ({game.info.group_title})" if game.info.group_title else ""
    about = f" — {t(game.info.summary)}" if game.info.summary else ""
    first = f"**{game.info.title}**{family} · {players_text(t, game)}{about}"
    return first + "\n↳ " + t("Start: {command}", command=start_command(t, game, groups))


def command_path(t: Translator, path: Sequence[str]) -> str:
    return "/" + " ".join(local_name(t, part) if i else part for i, part in enumerate(path))


def help_page(
    t: Translator, games: Sequence[GameAdapter[Any]], commands: Sequence[CommandInfo]
) -> HelpPage:
    """The whole help. ``commands``: every command the bot registered. The sub-commands every
    game's group has are shown once, in the words of the group with the most games (a one-game
    group may describe its commands in its own game's words); the others by their path."""
    games = in_order(games)
    groups = groups_of(games)
    intro = t(
        "Start a game with its command in a channel: others press **{join}**, the host presses "
        "**{start}**, and the game is played in its own thread, with a picture of the table "
        "each turn. Computers can fill empty seats.",
        join=t("Join"),
        start=t("Start"),
    )
    listed = [game_lines(t, game, groups) for game in games]
    subs: dict[str, set[str]] = {group: set() for group in groups}
    for command in commands:
        if command.path[0] in groups and len(command.path) == 2:
            subs[command.path[0]].add(command.path[1])
    common = set.intersection(*subs.values()) if subs else set()
    general: list[str] = []
    per_game: dict[str, tuple[int, str]] = {}
    for command in commands:
        head = command.path[0]
        if head in groups and len(command.path) == 2 and command.path[1] in common:
            known = per_game.get(command.path[1])
            if known is None or groups[head] > known[0]:
                per_game[command.path[1]] = (groups[head], command.description)
        else:  # the bot's own commands, and those only some games have (by their path)
            general.append(f"`{command_path(t, command.path)}` — {t(command.description)}")
    general.sort(key=lambda line: " " in line.split("`")[1])  # the bot's own first
    fields: list[tuple[str, str]] = []
    if general:
        fields += named_fields(t("Commands"), general)
    if per_game:
        every = [t("Type {groups}, then:", groups=t(" or ").join(f"`/{g}`" for g in groups))]
        every += [
            f"`{local_name(t, name)}` — {t(description)}"
            for name, (_, description) in per_game.items()
        ]
        fields += named_fields(t("Every game's commands"), every)
    return HelpPage(
        title=t("Games you can play here"),
        intro=intro,
        games=fit_lines(t, listed, EMBED_DESCRIPTION - len(intro) - 2),
        commands=tuple(fields),
        footer=t("Choose a game below to read its rules (only you see them)."),
    )


def named_fields(name: str, lines: Sequence[str]) -> list[tuple[str, str]]:
    """Lines as embed fields of at most 1024 characters each, the first named ``name`` (the
    others carry an invisible name: Discord needs one)."""
    fields: list[tuple[str, str]] = []
    value = ""
    for line in lines:
        line = cut(line, EMBED_FIELD)
        if value and len(value) + 1 + len(line) > EMBED_FIELD:
            fields.append((name if not fields else "\u200b", value))
            value = ""
        value = f"{value}\n{line}" if value else line
    if value:
        fields.append((name if not fields else "\u200b", value))
    return fields


def fit_lines(t: Translator, lines: Sequence[str], limit: int) -> str:
    """As many whole lines as fit in ``limit`` characters, then how many more were left out."""
    kept: list[str] = []
    size = 0
    for index, line in enumerate(lines):
        more = t("…and {n} more.", n=len(lines) - index)
        if size + len(line) + 1 + len(more) > limit and index + 1 < len(lines):
            kept.append(more)
            break
        if size + len(line) > limit:
            kept.append(more)
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)


def rules_choices(t: Translator, games: Sequence[GameAdapter[Any]]) -> list[tuple[str, str, str]]:
    """The select's options, one per game: (label, value, description) within Discord's
    lengths; more than 25 games take several selects (``chunks``)."""
    out = []
    for game in games:
        label = (
            f"{game.info.title} ({game.info.group_title})"
            if game.info.group_title
            else game.info.title
        )
        about = t(game.info.summary) if game.info.summary else players_text(t, game)
        out.append((cut(label, OPTION_TEXT), game.info.kind, cut_words(about, OPTION_TEXT)))
    return out


def in_order(games: Sequence[GameAdapter[Any]]) -> list[GameAdapter[Any]]:
    """The games as the help lists them: those with a command of their own first, then the
    families sharing one (each family together), else in the registry's order."""
    groups = groups_of(games)
    first = {group: index for index, group in enumerate(groups)}
    return sorted(games, key=lambda g: (shared(g, groups), first[g.info.group]))


def chunks(items: Sequence[Any], size: int = SELECT_OPTIONS) -> list[Sequence[Any]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def cut_words(text: str, limit: int) -> str:
    """``text`` cut at a word to fit ``limit`` characters with its "…"."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:—") + "…"
