"""Spexxx in Discord: the adapter between its engine and the platform."""

from bot.adapters.spexxx.adapter import ADAPTER, SpexxxAdapter

__all__ = ["ADAPTER", "SpexxxAdapter"]
