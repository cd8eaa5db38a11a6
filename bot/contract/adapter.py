"""The interface a game offers the platform: one ``GameAdapter`` per game, nothing else.

The platform (lobby, seats, threads, turn flow, timers, computer turns, storage, stats, export,
settings, components) knows no game. A game plugs in with a subclass of ``GameAdapter`` in its
own module under ``bot/adapters/`` (found there at start, see ``bot.adapters.registry``): its
rules come from ``games/<kind>``, its pictures from ``renderers/<kind>``.

Controls are described, not built: an adapter returns ``Controls`` (buttons and selects with an
``action`` name and string ``args``) and the platform turns them into Discord components whose
custom_id carries the game kind, the game id and the game's version (its event count), so a
click on an older message is recognised before the adapter sees it. Every text an adapter
returns is already written in the language of the translator it was given.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from bot.contract.codec import Codec
from bot.contract.info import Choice, GameInfo, GameOption  # noqa: F401 (their old home)
from bot.contract.refusals import Refusal
from games.common.actions import Resign
from locales import Translator

if TYPE_CHECKING:
    from bot.contract.models import GameRow, SeatResult

G = TypeVar("G")  # the engine's game object

MAX_ROWS = 5  # Discord: action rows per message
MAX_BUTTONS = 5  # buttons per row
MAX_OPTIONS = 25  # options per select
ARG_PATTERN = r"[0-9A-Za-z_.-]{1,24}"  # one custom_id argument


class Style(StrEnum):
    PRIMARY = "primary"
    SECONDARY = "secondary"
    SUCCESS = "success"
    DANGER = "danger"


@dataclass(frozen=True, slots=True)
class Button:
    action: str  # lower-case letters: what the click means to the adapter
    args: tuple[str, ...] = ()  # each matching ARG_PATTERN
    label: str = ""
    style: Style = Style.SECONDARY
    emoji: str | None = None
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    value: str
    description: str | None = None
    default: bool = False
    emoji: str | None = None


@dataclass(frozen=True, slots=True)
class Select:
    action: str
    options: tuple[Option, ...]
    args: tuple[str, ...] = ()
    placeholder: str = ""


Row = tuple[Button, ...] | Select


@dataclass(frozen=True, slots=True)
class Controls:
    """At most 5 rows: up to 5 buttons, or one select of up to 25 options, per row."""

    rows: tuple[Row, ...] = ()

    def __post_init__(self) -> None:
        if len(self.rows) > MAX_ROWS:
            raise ValueError(f"{len(self.rows)} rows of controls, Discord allows {MAX_ROWS}")
        for row in self.rows:
            if isinstance(row, Select):
                if not 1 <= len(row.options) <= MAX_OPTIONS:
                    raise ValueError(f"a select with {len(row.options)} options")
            elif not 1 <= len(row) <= MAX_BUTTONS:
                raise ValueError(f"a row of {len(row)} buttons")


@dataclass(frozen=True, slots=True)
class Click:
    """A click on one of the adapter's controls, once the platform has checked who and when."""

    action: str
    args: tuple[str, ...] = ()
    values: tuple[str, ...] = ()  # a select's chosen values
    version: int | None = None  # the game's version when posted; None on ids from before it
    at: float | None = None  # live games: POSIX seconds the bot received the click
    private: bool = False  # the click came from the clicker's private panel (ephemeral)


@dataclass(slots=True)
class Outcome:
    """What a click asks for. ``action``: an engine action to apply (the engine validates it);
    ``screen``: the turn message to show next (the adapter's own value, None for the default);
    ``private``: an answer only the clicker sees, and nothing else happens; ``panel`` (live
    games): answer the clicker with their private panel (``panel_view``), after the action."""

    action: Any = None
    screen: Any = None
    private: str | None = None
    panel: bool = False


@dataclass(frozen=True, slots=True)
class Picture:
    """An image to render off the event loop: ``draw(*args, **kwargs)`` returns PNG bytes."""

    draw: Callable[..., bytes]
    filename: str
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TurnView:
    """A message's words, controls and picture. ``lasts``: the view may be seen only for that
    many seconds; then the platform edits the message to the adapter's ``later_view(then)``
    (``then``: JSON the adapter needs for it), also across a restart. Honoured where the platform
    shows a turn's result (``result_view``)."""

    content: str
    controls: Controls | None = None
    picture: Picture | None = None
    # An edit keeps the message's picture instead of drawing ``picture`` (a live click's
    # speed); a message posted anew (``board``) draws it.
    keep_picture: bool = False
    lasts: float | None = None
    then: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Move:
    """One visible step of a computer player: the action, and what the turn message says about
    it while the turn goes on (``None``: nothing to say)."""

    action: Any
    narration: Callable[[Translator], str] | None = None


@dataclass(frozen=True, slots=True)
class StatLine:
    """One field of a player's stats embed, beyond games, wins, scores and rating."""

    name: str
    value: str


class GameAdapter(ABC, Generic[G]):
    """A game as the platform sees it. Seats are numbered 0…n−1 in the order of ``row.players``.

    ``info`` says who the game is (plain data, with the capabilities it offers); ``codec`` how
    it is stored and recorded; the methods map between its engine and words, controls and
    pictures. Twelve members must be written (``info``, ``codec`` and the abstract methods);
    the rest have defaults. Optional capabilities (computer players, live rounds, timed views,
    stats facts, hints) are interfaces of their own (``bot.contract.capabilities``), declared in
    ``info`` and checked when the game registers. Anything that touches Discord is the
    platform's.
    """

    info: ClassVar[GameInfo]
    codec: Codec[G]  # usually a class attribute; Das Spiel's is made per adapter

    # ------------------------------------------------------------------ options and start

    def options_text(self, t: Translator, options: Mapping[str, str], seats: int | None) -> str:
        """The lobby's description of the game's options ("adult game, 12 cubes each")."""
        return ""

    def seat_range(self, options: Mapping[str, str]) -> tuple[int, int]:
        """The fewest and most players a game with these options starts with (the lobby's
        words; a 2 v 2 game needs exactly 4)."""
        return self.info.min_seats, self.info.max_seats

    def sides(self, options: Mapping[str, str], seats: int) -> list[list[int]]:
        """The seats that play together, side by side (teams); each seat alone by default."""
        return [[seat] for seat in range(seats)]

    def start_refusal(self, options: Mapping[str, str], seats: int) -> str | None:
        """Why the game cannot start with this many seats (an N_() text), or None."""
        return None

    # ------------------------------------------------------------------------------ engine

    @abstractmethod
    def new_game(self, seats: int, options: Mapping[str, str], chance: Any) -> G:
        """A new game; ``chance`` rolls dice (``roll(n)``) and shuffles (``shuffled``,
        ``below``), seeded by game id in tests."""

    @abstractmethod
    def apply(self, game: G, action: Any, chance: Any) -> None:
        """Apply a player's action; the engine's typed refusal propagates, nothing changed."""

    @abstractmethod
    def current(self, game: G) -> int | None:
        """The seat on turn (a live game: any seat still playing), None once over."""

    def finished(self, game: G) -> bool:
        return self.current(game) is None

    @abstractmethod
    def resigned(self, game: G) -> Sequence[bool]: ...

    @abstractmethod
    def scores(self, game: G) -> Sequence[int]: ...

    def winners(self, game: G) -> Sequence[int]:
        """Once over, the seats with the best score among those that did not resign."""
        if not self.finished(game):
            return []
        scores, resigned = self.scores(game), self.resigned(game)
        playing = [s for s in range(len(scores)) if not resigned[s]]
        best = max((scores[s] for s in playing), default=None)
        return [s for s in playing if scores[s] == best]

    def resign_action(self, seat: int) -> Any:
        return Resign(seat)

    def ends_turn(self, action: Any) -> bool:
        """Whether applying this action ends the turn (a placement, a pass…); by default
        every action does."""
        return True

    @abstractmethod
    def turn_number(self, game: G) -> int:
        """The 1-based number of the turn on hand (or of the last one, once over)."""

    # ------------------------------------------------------------------------ presentation

    def warm(self) -> None:
        """Build the renderer's cached layers at start, so the first player does not wait."""

    def resigned_text(self, t: Translator, name: str) -> str:
        """What everyone is told when a seat resigns (what happens to its pieces)."""
        return t("{name} resigned.", name=name)

    def intro(self, t: Translator, row: GameRow) -> str:
        """Posted once when the game starts, before the first turn (e.g. a roll-off)."""
        return ""

    @abstractmethod
    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        """The turn message: words (with the player's mention when a person is on turn),
        controls for the seat on turn (None while a computer plays), and the picture."""

    @abstractmethod
    def turn_result(self, t: Translator, row: GameRow) -> str:
        """One line for the turn that just ended: it replaces that turn's message."""

    @abstractmethod
    def final_view(self, t: Translator, row: GameRow) -> TurnView:
        """The final message after "Game #n is over" and the verdict: standings and picture."""

    @abstractmethod
    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        """What a click of the seat on turn means; raise ``Refusal`` for a malformed one.
        ``t`` is the clicker's language (for a private answer)."""

    def check_click(self, row: GameRow, seat: int, click: Click) -> None:
        """Refuse (``Refusal``) a click on a message posted before the game last changed: the
        default compares versions."""
        if click.version != row.event_count:
            raise Refusal("These buttons belong to an earlier turn. Use the latest turn message.")

    def rules(self, t: Translator) -> tuple[str, Picture | None]:
        """``/<group> rules``: a short text and an optional picture; by default
        ``info.rules`` in the reader's language."""
        return t(self.info.rules), None

    def seat_results_hook(self, row: GameRow, results: list[SeatResult]) -> None:
        """Adjust the generic seat results (e.g. team games share places); default none."""
