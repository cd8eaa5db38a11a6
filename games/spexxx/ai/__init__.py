"""Computer players for Spexxx (easy, normal, hard) and the hint for a human on turn."""

from games.spexxx.ai.players import Decision, Level, decide, hint

__all__ = ["Decision", "Level", "decide", "hint"]
