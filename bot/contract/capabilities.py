"""The optional capabilities a game may offer, each a small interface of its own, and the one
check a game passes when it registers.

A game says what it offers in ``GameInfo.capabilities`` and its adapter implements the matching
interface below (usually by naming it among its bases). The platform asks for a capability
through the accessors here, never by probing attributes: a game that declares a capability but
lacks its methods, or has one of these interfaces among its bases without declaring it, fails
``check_game`` with a clear error when it is registered, not when a player first needs it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from bot.contract.adapter import Click, Move, Outcome, StatLine, TurnView
from bot.contract.info import Capability
from locales import Translator

if TYPE_CHECKING:
    from bot.contract.adapter import GameAdapter
    from bot.contract.models import GameRow


class ComputerPlayers(ABC):
    """Computers take seats (``GameInfo.levels``), and play for a person whose time ran out."""

    @abstractmethod
    def computer_move(self, game: Any, seat: int, level: str, seed: str) -> Move:
        """The next visible step of a computer (or of a person whose time ran out, with the
        ``normal`` level); ``seed`` makes the same position give the same choice."""


class LiveRounds(ABC):
    """Live rounds (see LIVE-ROUNDS.md): every seated player may click at once inside windows
    whose deadlines the engine keeps; the platform stamps clicks with the time it received
    them, applies them in that order and applies ``live_step`` whenever ``live_due`` comes.
    Each seat may have a private panel."""

    def started(self, row: GameRow, now: float) -> None:  # noqa: B027 (optional hook)
        """``row.game`` has just been made, at ``now`` (POSIX seconds): the game's clock
        begins, and it learns which seats computers play (``row.players``)."""

    @abstractmethod
    def live_due(self, game: Any) -> float | None:
        """The POSIX time the platform must act unasked next (a window's deadline, a
        computer's claim, the next roll), or None when nothing is due."""

    @abstractmethod
    def live_step(self, game: Any, now: float) -> Any:
        """The action due by ``now`` (``live_due`` has come), stamped as the engine needs it
        (a timeout at its deadline, a roll at ``now``); None if nothing is due."""

    def waits_for(self, game: Any) -> Sequence[int]:
        """The seats the round cannot go on without (Raffzahn's roller before the roll). A
        newly posted round message pings the people among them, so its words must mention
        them; computers are never pinged, nor is anyone by an edit or a redraw."""
        return ()

    @abstractmethod
    def panel_view(
        self, t: Translator, row: GameRow, seat: int, screen: Any = None
    ) -> TurnView | None:
        """The seat's private panel now (shown only to them; on ``screen``, an
        ``Outcome.screen`` of a click in it), or None: nothing private to show."""


class TimedViews(ABC):
    """A turn's result may be seen only for a while (``TurnView.lasts``), then the platform
    edits its message to ``later_view``, also across a restart."""

    @abstractmethod
    def result_view(self, t: Translator, row: GameRow) -> TurnView:
        """What replaces the message of the turn that just ended (without this capability:
        ``turn_result``'s words alone)."""

    @abstractmethod
    def later_view(self, t: Translator, row: GameRow, then: Mapping[str, Any]) -> TurnView:
        """What a message shows once its view's ``lasts`` is up; ``then`` is that view's
        ``then`` as stored."""

    def result_after_resign(self, game: Any) -> bool:
        """Whether the message of the turn a resignation ended shows ``result_view`` below
        the resignation: the moves the computer then made for the seat in the same action,
        which must be seen as any such move (Eintrichtern's lifts). Otherwise only the
        resignation is said."""
        return False


class StatsFacts(ABC):
    """The statistics keep facts per seat besides the score, and show them per player."""

    # fact → N_() name: the default ``stat_lines`` shows each fact's sum over a player's games
    stat_names: ClassVar[Mapping[str, str]] = {}

    @abstractmethod
    def seat_facts(self, game: Any) -> list[dict[str, Any]]:
        """Per seat, JSON facts the statistics keep besides the score (from the whole log)."""

    def stat_lines(self, t: Translator, facts: Sequence[Mapping[str, Any]]) -> list[StatLine]:
        """Embed fields summarising one player's facts over all their games."""
        if not facts:
            return []
        return [
            StatLine(t(name), str(sum(int(f.get(fact, 0)) for f in facts)))
            for fact, name in self.stat_names.items()
        ]

    def score_lines(self, t: Translator, average: float, best: int) -> list[StatLine]:
        """A player's average and best scores in the game's own measure (a game whose score
        is minus points or dice left says so, without a minus sign)."""
        return default_score_lines(t, average, best)


def default_score_lines(t: Translator, average: float, best: int) -> list[StatLine]:
    """A player's average and best score, as any game without its own measure shows them."""
    return [
        StatLine(t("Average score"), f"{average:.1f}"),
        StatLine(t("Best score"), str(best)),
    ]


class Hints(ABC):
    """A click on the game's ``hint`` control is answered privately with a hint, and nothing
    else happens (the platform routes it here, after the usual checks of who and when)."""

    HINT = "hint"  # the action of the control a hint answers

    @abstractmethod
    def hint_text(self, t: Translator, row: GameRow, seat: int) -> str:
        """A hint for ``seat`` on turn, in the clicker's language."""


class Replays(ABC):
    """A finished game watched again step by step (``/… replay``, the animated replay, the
    turns of an export). A *step* is what the bot told as one result: a turn (a round, in the
    live games), the step that ends the game included; step 0 is the start."""

    @abstractmethod
    def replay_steps(self, setup: Any, events: Sequence[Any]) -> list[Any]:
        """The game at the start and after each step of ``events`` (a finished game's whole
        decoded log), each as the bot had it when that step's result was told: its result
        line and pictures are drawn from it. The last is the game as it ended."""

    def replay_sides(self, game: Any) -> Sequence[int]:
        """The seats whose own side a viewer of the ended game may choose, one at a time (the
        panel each seat saw: Raffzahn's walls); none for most games."""
        return ()


INTERFACES: Mapping[Capability, type[ABC]] = {
    Capability.COMPUTERS: ComputerPlayers,
    Capability.LIVE: LiveRounds,
    Capability.TIMED_VIEWS: TimedViews,
    Capability.STATS: StatsFacts,
    Capability.HINTS: Hints,
    Capability.REPLAYS: Replays,
}


class GameRegistrationError(TypeError):
    """A game's adapter does not match what its ``GameInfo`` declares."""


def check_game(adapter: GameAdapter[Any]) -> None:
    """Check once, when a game registers, that it offers exactly what it declares."""
    info = adapter.info
    name = f"{info.title} ({type(adapter).__name__})"
    for capability, interface in INTERFACES.items():
        needed = sorted(interface.__abstractmethods__)
        if capability in info.capabilities:
            missing = [
                m
                for m in needed
                if not callable(getattr(adapter, m, None))
                or getattr(getattr(adapter, m), "__isabstractmethod__", False)
            ]
            if missing:
                raise GameRegistrationError(
                    f"{name} declares {capability.value} but lacks {', '.join(missing)} "
                    f"(the {interface.__name__} interface)"
                )
        elif isinstance(adapter, interface):
            raise GameRegistrationError(
                f"{name} is a {interface.__name__} but does not declare {capability.value} "
                f"(Capability.{capability.name} in its GameInfo.capabilities)"
            )
    if not info.rules and type(adapter).rules is _base_rules():
        raise GameRegistrationError(f"{name} has no rules: GameInfo.rules, or write rules()")
    if not 1 <= info.min_seats <= info.max_seats <= len(info.seat_marks):
        raise GameRegistrationError(
            f"{name}: seats {info.min_seats}–{info.max_seats} and {len(info.seat_marks)} seat marks"
        )


def _base_rules() -> Any:
    from bot.contract.adapter import GameAdapter

    return GameAdapter.rules


_C = TypeVar("_C")


def _offered(adapter: GameAdapter[Any], capability: Capability, interface: type[_C]) -> _C | None:
    return adapter if capability in adapter.info.capabilities else None  # type: ignore[return-value]


def computers(adapter: GameAdapter[Any]) -> ComputerPlayers | None:
    return _offered(adapter, Capability.COMPUTERS, ComputerPlayers)


def live_rounds(adapter: GameAdapter[Any]) -> LiveRounds | None:
    return _offered(adapter, Capability.LIVE, LiveRounds)


def timed_views(adapter: GameAdapter[Any]) -> TimedViews | None:
    return _offered(adapter, Capability.TIMED_VIEWS, TimedViews)


def stats_facts(adapter: GameAdapter[Any]) -> StatsFacts | None:
    return _offered(adapter, Capability.STATS, StatsFacts)


def hints(adapter: GameAdapter[Any]) -> Hints | None:
    return _offered(adapter, Capability.HINTS, Hints)


def replays(adapter: GameAdapter[Any]) -> Replays | None:
    return _offered(adapter, Capability.REPLAYS, Replays)


def result_view(adapter: GameAdapter[Any], t: Translator, row: GameRow) -> TurnView:
    """What replaces the message of the turn that just ended: the game's timed view, or
    ``turn_result``'s words alone."""
    timed = timed_views(adapter)
    return timed.result_view(t, row) if timed is not None else TurnView(adapter.turn_result(t, row))


def read_click(
    adapter: GameAdapter[Any], row: GameRow, seat: int, click: Click, t: Translator
) -> Outcome:
    """What a click means: a hint (answered privately, for a game with hints), or the game's
    own reading of it (``GameAdapter.click``)."""
    hinting = hints(adapter)
    if hinting is not None and click.action == Hints.HINT:
        return Outcome(private=hinting.hint_text(t, row, seat))
    return adapter.click(row, seat, click, t)
