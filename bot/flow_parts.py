"""What the parts of ``bot.play.PlayController`` share: the attributes the controller sets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.client import GameBot
    from bot.computer import ComputerTurns
    from bot.dice import DiceSource
    from bot.live import LiveClocks
    from bot.models import GameRow
    from bot.pacing import ChannelPacer
    from bot.shards import ShardScope
    from bot.storage import GameStore
    from bot.timed import TimedViews
    from bot.timers import TurnTimers


class FlowParts:
    """Declared here once for the lobby, posting and slash-action parts of the controller."""

    bot: GameBot
    store: GameStore
    dice: DiceSource
    timers: TurnTimers
    timed: TimedViews
    computers: ComputerTurns
    live_clocks: LiveClocks
    pacer: ChannelPacer
    scope: ShardScope
    acted: Counter[str]
    closing: bool
    # ``bot.live.LiveFlow``'s, which the start-up recovery, resign and cancel use
    load_panels: Callable[[], Awaitable[int]]
    redraw_stored: Callable[[GameRow], Awaitable[None]]
    redraw_panels: Callable[..., Awaitable[None]]
