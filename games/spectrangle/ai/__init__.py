"""Computer players for Spectrangle (easy, normal, hard) and the hint for a human on turn."""

from games.common.ai import Decision, Level
from games.spectrangle.ai.players import Hint, HintReason, decide, hint

__all__ = ["Decision", "Hint", "HintReason", "Level", "decide", "hint"]
