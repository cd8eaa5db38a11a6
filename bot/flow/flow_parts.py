"""What ``Posting``, the last part of ``bot.flow.play.PlayController`` still joined to it as a
base class, uses of the controller: the attributes the controller sets. The other parts are
objects given the controller, each seeing it through its own ``Host`` protocol."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import discord

    from bot.contract.adapter import TurnView
    from bot.contract.models import GameRow
    from bot.core.dice import DiceSource
    from bot.core.registry import Registry
    from bot.core.shards import ShardScope
    from bot.flow.computer import ComputerTurns
    from bot.flow.game_actions import GameActions
    from bot.flow.live import LiveFlow
    from bot.flow.live_clocks import LiveClocks
    from bot.flow.pacing import ChannelPacer
    from bot.flow.ports import Client
    from bot.flow.results import ResultsControls
    from bot.flow.timed import TimedViews
    from bot.flow.timers import TurnTimers
    from bot.storage import GameStore


class FlowParts:
    """Declared here for ``Posting``."""

    bot: Client
    store: GameStore
    games: Registry
    dice: DiceSource
    timers: TurnTimers
    timed: TimedViews
    computers: ComputerTurns
    actions: GameActions  # resign, cancel, board
    live_clocks: LiveClocks
    pacer: ChannelPacer
    results: ResultsControls  # the buttons on a finished game's results
    scope: ShardScope
    acted: Counter[str]
    closing: bool
    live: LiveFlow  # live rounds: clicks, due steps, private panels
    # the controller's own: a turn's view by its adapter, and its controls as components
    turn_view: Callable[..., TurnView]
    controls: Callable[[GameRow, TurnView], discord.ui.View | None]
