"""What the bot stores about a game around the pure rules: who sits where, where it is played.

Nothing here knows a game: ``kind`` names the game's adapter, ``options`` its lobby options,
``game`` is the engine's own object, which only the adapter reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

DEFAULT_TURN_TIMER = 86400  # a new server's default turn timer: one day per turn


@dataclass(slots=True)
class GameDefaults:
    """One game's server defaults: its option (None: the game's default) and turn timer
    (None: the server's default turn timer, ``ServerSettings.turn_timer``)."""

    option: str | None = None
    timer: int | None = None  # seconds; 0 = no turn timer


@dataclass(slots=True)
class GuildSettings:
    """What ``/<game> settings`` stores per server, each game's option and turn timer; the
    defaults apply until it is used. What concerns every game is in ``ServerSettings``."""

    guild_id: int
    games: dict[str, GameDefaults] = field(default_factory=dict)  # by game kind

    def defaults(self, kind: str) -> GameDefaults:
        return self.games.get(kind) or GameDefaults()


@dataclass(slots=True)
class ServerSettings:
    """What ``/server`` stores: what concerns every game of the server. A server that never
    set them has these defaults (servers that used the bot before them got no turn timer)."""

    guild_id: int
    language: str | None = None  # en, nl, de, fr; None = the server's own locale
    threads: bool = True  # each game in its own thread
    channels: tuple[int, ...] = ()  # where games may be started; () = every channel
    starter_role: int | None = None  # who may start games; None = everyone
    lobby_limit: int = 0  # open lobbies one member may host at once; 0 = no limit
    turn_timer: int = DEFAULT_TURN_TIMER  # seconds per turn of new games; 0 = none


@dataclass(slots=True)
class AwayWatch:
    """A running game without a timer, watched for a player on turn who went away: since
    ``since`` (POSIX time) its log held ``events`` events. Once a day passes, the vote to
    remove ``seat`` is posted as ``message_id``; ``voters``: who voted so far."""

    guild_id: int
    game_id: int
    events: int
    since: float
    seat: int | None = None
    message_id: int | None = None
    voters: tuple[int, ...] = ()


class Status(Enum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def active(self) -> bool:
        return self in (Status.LOBBY, Status.RUNNING)


@dataclass(slots=True)
class Player:
    user_id: int  # 0 for a computer player
    name: str  # display name when they joined, shown raw only inside images
    ai: str | None = None  # the AI level ("easy", "normal", "hard") of a computer player

    @property
    def is_ai(self) -> bool:
        return self.ai is not None


@dataclass(slots=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int  # where the lobby was posted
    host_id: int
    kind: str  # the game: which adapter reads ``game`` and ``options``
    status: Status
    players: list[Player] = field(default_factory=list)
    thread_id: int | None = None  # where the game is played; None = in the channel
    lobby_message_id: int | None = None
    turn_message_id: int | None = None
    options: dict[str, str] = field(default_factory=dict)  # the game's lobby options
    game: Any = None  # the engine's game; None while in the lobby
    version: int = 0
    saved_events: int = 0  # how many of game.events are already stored
    log_start: int = 0  # stored events before game.events[0], not loaded (a state-only load)
    note: str = ""  # why the game ended early (cancelled, all resigned)
    turn_timer: int = 0  # seconds a player has for a turn; 0 = no timer
    turn_due: float | None = None  # POSIX time the turn on hand expires
    reminder_due: float | None = None  # POSIX time of the half-time reminder; None once sent
    missed: list[int] = field(default_factory=list)  # turns missed in a row, by seat
    lobby_expires: float | None = None  # POSIX time an idle lobby closes

    @property
    def event_count(self) -> int:
        """Events in the game's whole log, loaded or not: the index of the next event."""
        return 0 if self.game is None else self.log_start + len(self.game.events)

    @property
    def play_channel_id(self) -> int:
        return self.thread_id or self.channel_id

    def seat_of(self, user_id: int) -> int | None:
        for seat, p in enumerate(self.players):
            if p.user_id == user_id and not p.is_ai:
                return seat
        return None

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def humans(self) -> list[Player]:
        return [p for p in self.players if not p.is_ai]


@dataclass(slots=True)
class SeatResult:
    """One seat's part in a finished game, as the statistics record it."""

    seat: int
    user_id: int
    name: str
    score: int
    place: int  # final rank, resigned players last
    won: bool
    resigned: bool
    facts: dict[str, Any]  # what the game's adapter keeps of this seat (JSON)
    fixed_rating: float | None = None  # a computer's rating by level; None for a person


@dataclass(slots=True)
class PlayerStats:
    """One person's statistics in one server and one game."""

    user_id: int
    name: str
    rating: float
    games: int
    wins: int
    average: float
    best: int
    facts: list[dict[str, Any]] = field(default_factory=list)  # per recorded game (JSON)
    place: int | None = None  # position by rating in this server


@dataclass(slots=True)
class LivePanel:
    """A live game's private panel: the ephemeral message a seat opened, edited through the
    token of the interaction that showed it (valid 15 minutes), kept so that another process
    (after a restart) can still redraw it."""

    guild_id: int
    game_id: int
    seat: int
    token: str
    message_id: int
    lang: str  # the language of the one who opened it
    shown: float  # POSIX time the interaction was received
    version: int  # the event count of the state it showed when kept


@dataclass(frozen=True, slots=True)
class TimedView:
    """A message that shows a view only for a while (``TurnView.lasts``): at ``due`` (POSIX
    time) it is edited to show the game's ``later_view(then)``."""

    guild_id: int
    game_id: int
    message_id: int
    due: float
    lead: str  # words the platform put before the view (a timer's note): kept after the change
    then: dict[str, Any]  # JSON, the view's ``then``
