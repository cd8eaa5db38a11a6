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

from bot.contract.refusals import Refusal
from locales import N_, Translator

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


@dataclass(frozen=True, slots=True)
class StatLine:
    """One field of a player's stats embed, beyond games, wins, scores and rating."""

    name: str
    value: str


class GameAdapter(ABC, Generic[G]):
    """A game as the platform sees it. Seats are numbered 0…n−1 in the order of ``row.players``.

    Class attributes say who the game is; methods do the rest. Anything that touches Discord
    is the platform's; an adapter only maps between the engine and words, controls, pictures.
    """

    kind: ClassVar[str]  # stored in the database: never change it
    code: ClassVar[str]  # 2–8 lower-case letters starting every custom_id: never change it
    title: ClassVar[str]  # the game's name, never translated ("Spexxx")
    summary: ClassVar[str] = ""  # N_() text: the game in one line, for /help
    group: ClassVar[str]  # the command group ("spexxx" → /spexxx new); games may share one
    group_description: ClassVar[str]  # N_() text (the same for every game of a shared group)
    group_title: ClassVar[str] = ""  # a shared group's games in messages ("Das Spiel"); "": title
    choice_label: ClassVar[str] = ""  # N_() text: the game in a shared group's ``game:`` choice
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    seat_marks: ClassVar[tuple[str, ...]]  # one emoji per seat, the pictures' seat colours
    levels: ClassVar[tuple[tuple[str, str], ...]] = (
        ("easy", N_("easy")),
        ("normal", N_("normal")),
        ("hard", N_("hard")),
    )  # computer levels: value, N_() name
    level_descriptions: ClassVar[Mapping[str, str]] = {}  # level value → N_() line on its play
    option: ClassVar[GameOption | None] = None
    refusals: ClassVar[Mapping[type[Exception], str]] = {}  # engine refusal → N_() text
    export_running: ClassVar[bool] = True  # False: a running game's record reveals secrets
    # N_() descriptions of sub-commands (and "timer", of /new's timer) in this game's own words;
    # the platform's general ones for the others
    descriptions: ClassVar[Mapping[str, str]] = {}

    # Live rounds (see LIVE-ROUNDS.md): every seated player may click at once inside windows
    # whose deadlines the engine keeps; the platform stamps clicks with the time it received
    # them, applies them in that order and applies ``live_step`` whenever ``live_due`` comes.
    live: ClassVar[bool] = False
    redraw_panels: ClassVar[bool] = False  # live: redraw open private panels after each change

    # ------------------------------------------------------------------ options and start

    def options_text(self, t: Translator, options: Mapping[str, str], seats: int | None) -> str:
        """The lobby's description of the game's options ("adult game, 12 cubes each")."""
        return ""

    def seat_range(self, options: Mapping[str, str]) -> tuple[int, int]:
        """The fewest and most players a game with these options starts with (the lobby's
        words; a 2 v 2 game needs exactly 4)."""
        return self.min_seats, self.max_seats

    def sides(self, options: Mapping[str, str], seats: int) -> list[list[int]]:
        """The seats that play together, side by side (teams); each seat alone by default."""
        return [[seat] for seat in range(seats)]

    def start_refusal(self, options: Mapping[str, str], seats: int) -> str | None:
        """Why the game cannot start with this many seats (an N_() text), or None."""
        return None

    def option_name(self, t: Translator, value: str) -> str:
        """An option value in words (for the settings' summary)."""
        choices = self.option.choices if self.option else ()
        return next((t(c.label) for c in choices if c.value == value), value)

    def level_about(self, level: str) -> str:
        """One N_() line on what a computer level does, for the lobby's select."""
        return self.level_descriptions.get(level, "")

    # ------------------------------------------------------------------------------ engine

    @abstractmethod
    def new_game(self, seats: int, options: Mapping[str, str], chance: Any) -> G:
        """A new game; ``chance`` rolls dice (``roll(n)``) and shuffles (``shuffled``,
        ``below``), seeded by game id in tests."""

    def started(self, row: GameRow, now: float) -> None:
        """``row.game`` has just been made, at ``now`` (POSIX seconds): a live game's clock
        begins, and it learns which seats computers play (``row.players``)."""

    @abstractmethod
    def dump(self, game: G) -> tuple[dict[str, Any], dict[str, Any]]:
        """(setup, state) as JSON objects."""

    @abstractmethod
    def load(self, setup: Any, state: Any) -> G:
        """The game from its stored setup and state; raise on anything malformed."""

    @abstractmethod
    def replay(self, setup: Any, events: Sequence[Any]) -> G:
        """The game rebuilt from its setup and decoded events (checks, statistics)."""

    @abstractmethod
    def event_to_dict(self, event: Any) -> dict[str, Any]: ...

    @abstractmethod
    def event_from_dict(self, data: Any) -> Any: ...

    @abstractmethod
    def same_state(self, a: G, b: G) -> bool:
        """Whether two games are in the same state (a stored one and its replay)."""

    @staticmethod
    def events(game: Any) -> list[Any]:
        return game.events  # type: ignore[no-any-return]

    @abstractmethod
    def apply(self, game: G, action: Any, chance: Any) -> None:
        """Apply a player's action; the engine's typed refusal propagates, nothing changed."""

    @abstractmethod
    def current(self, game: G) -> int | None: ...

    @abstractmethod
    def finished(self, game: G) -> bool: ...

    @abstractmethod
    def resigned(self, game: G) -> Sequence[bool]: ...

    @abstractmethod
    def scores(self, game: G) -> Sequence[int]: ...

    @abstractmethod
    def winners(self, game: G) -> Sequence[int]: ...

    @abstractmethod
    def resign_action(self, seat: int) -> Any: ...

    @abstractmethod
    def ends_turn(self, action: Any) -> bool:
        """Whether applying this action ends the turn (a placement, a pass…)."""

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

    def result_view(self, t: Translator, row: GameRow) -> TurnView:
        """What replaces the message of the turn that just ended: by default ``turn_result``'s
        words alone. A game may add a picture, and may show it only for a while
        (``TurnView.lasts``, then ``later_view``): a sum seen for seconds, say."""
        return TurnView(self.turn_result(t, row))

    def result_after_resign(self, game: G) -> bool:
        """Whether the message of the turn a resignation ended shows ``result_view`` below
        the resignation: the moves the computer then made for the seat in the same action,
        which must be seen as any such move (Eintrichtern's lifts). Otherwise only the
        resignation is said."""
        return False

    def later_view(self, t: Translator, row: GameRow, then: Mapping[str, Any]) -> TurnView:
        """What a message shows once its view's ``lasts`` is up; ``then`` is that view's
        ``then`` as stored. Only games whose views have ``lasts`` are asked."""
        raise NotImplementedError(f"{self.title} has no view that lasts only a while")

    @abstractmethod
    def final_view(self, t: Translator, row: GameRow) -> TurnView:
        """The final message after "Game #n is over" and the verdict: standings and picture."""

    @abstractmethod
    def click(self, row: GameRow, seat: int, click: Click, t: Translator) -> Outcome:
        """What a click of the seat on turn means; raise ``Refusal`` for a malformed one.
        ``t`` is the clicker's language (for a private answer such as a hint)."""

    def check_click(self, row: GameRow, seat: int, click: Click) -> None:
        """Refuse (``Refusal``) a click on a message posted before the game last changed: the
        default compares versions, and says what ``stale_text`` says, if anything."""
        if click.version != row.event_count:
            raise Refusal(
                self.stale_text(row, seat, click)
                or "These buttons belong to an earlier turn. Use the latest turn message."
            )

    def stale_text(self, row: GameRow, seat: int, click: Click) -> str | None:
        """An N_() text for a click from an older message, when the game can say more than
        "these buttons belong to an earlier turn" (e.g. "your first click counted")."""
        return None

    @abstractmethod
    def computer_move(self, game: G, seat: int, level: str, seed: str) -> Move:
        """The next visible step of a computer (or of a person whose time ran out, with the
        ``normal`` level); ``seed`` makes the same position give the same choice."""

    @abstractmethod
    def rules(self, t: Translator) -> tuple[str, Picture | None]:
        """``/<group> rules``: a short text and an optional picture."""

    # ------------------------------------------------------------------------ live rounds

    def live_due(self, game: G) -> float | None:
        """Live games: the POSIX time the platform must act unasked next (a window's deadline,
        a computer's claim, the next roll), or None when nothing is due."""
        return None

    def live_step(self, game: G, now: float) -> Any:
        """Live games: the action due by ``now`` (``live_due`` has come), stamped as the engine
        needs it (a timeout at its deadline, a roll at ``now``); None if nothing is due."""
        return None

    def waits_for(self, game: G) -> Sequence[int]:
        """Live games: the seats the round cannot go on without (Raffzahn's roller before the
        roll). A newly posted round message pings the people among them, so its words must
        mention them; computers are never pinged, nor is anyone by an edit or a redraw."""
        return ()

    def panel_view(
        self, t: Translator, row: GameRow, seat: int, screen: Any = None
    ) -> TurnView | None:
        """Live games: the seat's private panel now (shown only to them; on ``screen``, an
        ``Outcome.screen`` of a click in it), or None: nothing private to show."""
        return None

    # ------------------------------------------------------------------- stats and export

    def seat_facts(self, game: G) -> list[dict[str, Any]]:
        """Per seat, JSON facts the statistics keep besides the score (from the whole log)."""
        return [{} for _ in self.scores(game)]

    def stat_lines(self, t: Translator, facts: Sequence[Mapping[str, Any]]) -> list[StatLine]:
        """Embed fields summarising one player's facts over all their games."""
        return []

    def score_lines(self, t: Translator, average: float, best: int) -> list[StatLine]:
        """A player's average and best ``scores`` in the game's own measure (a game whose
        score is minus points or dice left says so, without a minus sign)."""
        return [
            StatLine(t("Average score"), f"{average:.1f}"),
            StatLine(t("Best score"), str(best)),
        ]

    @abstractmethod
    def export(self, row: GameRow) -> tuple[bytes, str]:
        """The record (the game's whole log loaded) as file bytes, and its format name."""

    def seat_results_hook(self, row: GameRow, results: list[SeatResult]) -> None:
        """Adjust the generic seat results (e.g. team games share places); default none."""
