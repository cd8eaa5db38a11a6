"""Who a game is, as plain data: the platform reads it to list, name and seat games, and to
know which optional capabilities the game's adapter offers (checked once, at registration).

Like python-chess's variants, whose names and rules are class data, a game's metadata is one
frozen object (``GameInfo``) rather than a dozen class attributes of its adapter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from locales import N_, Translator

LEVELS: tuple[tuple[str, str], ...] = (
    ("easy", N_("easy")),
    ("normal", N_("normal")),
    ("hard", N_("hard")),
)  # computer levels: value, N_() name


class Capability(StrEnum):
    """What a game may offer beyond playing, each with its own small interface
    (``bot.contract.capabilities``) that the game's adapter must implement when it says so."""

    COMPUTERS = "computer players"  # ComputerPlayers: computers, and moves for absent people
    LIVE = "live rounds"  # LiveRounds: everyone clicks at once; private panels
    TIMED_VIEWS = "timed views"  # TimedViews: a result seen only for a while
    STATS = "stats facts"  # StatsFacts: facts per seat kept by the statistics
    HINTS = "hints"  # Hints: the Hint button's private answer
    REPLAYS = "replays"  # Replays: a finished game watched again step by step


@dataclass(frozen=True, slots=True)
class Choice:
    label: str  # N_() text, translated for Discord by the command translator
    value: str


@dataclass(frozen=True, slots=True)
class GameOption:
    """The one game option of ``/<group> new`` and ``/<group> settings`` (a variant, teams…)."""

    name: str  # the parameter's name, through ``cmd()``
    description: str  # N_() text, for /<group> new
    choices: tuple[Choice, ...]
    default: str  # value used when neither the command nor the server setting names one
    settings_description: str = N_("default for new games")  # N_() text, /<group> settings
    # N_() names of values in the settings' summary, where they differ from their choice label
    names: Mapping[str, str] = field(default_factory=dict)


def _frozen(mapping: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True, eq=False)
class GameInfo:
    """A game's metadata. ``kind`` and ``code`` are stored (in the database, in every posted
    button's custom_id): never change them."""

    kind: str
    code: str  # 2–8 lower-case letters starting every custom_id
    title: str  # the game's name, never translated ("Spexxx")
    group: str  # the command group ("spexxx" → /spexxx new); games may share one
    group_description: str  # N_() text (the same for every game of a shared group)
    min_seats: int
    max_seats: int
    seat_marks: tuple[str, ...]  # one emoji per seat, the pictures' seat colours
    capabilities: frozenset[Capability] = frozenset()
    rules: str = ""  # N_() text: ``/<group> rules``, unless the adapter writes ``rules()``
    summary: str = ""  # N_() text: the game in one line, for /help
    group_title: str = ""  # a shared group's games in messages ("Das Spiel"); "": title
    choice_label: str = ""  # N_() text: the game in a shared group's ``game:`` choice
    levels: tuple[tuple[str, str], ...] = LEVELS
    level_descriptions: Mapping[str, str] = field(default_factory=dict)  # level → N_() line
    option: GameOption | None = None
    refusals: Mapping[type[Exception], str] = field(default_factory=dict)  # engine → N_()
    export_running: bool = True  # False: a running game's record reveals secrets
    # N_() descriptions of sub-commands (and "timer", of /new's timer) in this game's own words;
    # the platform's general ones for the others
    descriptions: Mapping[str, str] = field(default_factory=dict)
    redraw_panels: bool = False  # live: redraw open private panels after each change

    def __post_init__(self) -> None:
        object.__setattr__(self, "level_descriptions", _frozen(self.level_descriptions))
        object.__setattr__(self, "descriptions", _frozen(self.descriptions))
        object.__setattr__(self, "refusals", MappingProxyType(dict(self.refusals)))

    @property
    def live(self) -> bool:
        return Capability.LIVE in self.capabilities

    def has(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def option_name(self, t: Translator, value: str) -> str:
        """An option value in words (for the settings' summary)."""
        if self.option is None:
            return value
        if value in self.option.names:
            return t(self.option.names[value])
        return next((t(c.label) for c in self.option.choices if c.value == value), value)

    def level_about(self, level: str) -> str:
        """One N_() line on what a computer level does, for the lobby's select."""
        return self.level_descriptions.get(level, "")
