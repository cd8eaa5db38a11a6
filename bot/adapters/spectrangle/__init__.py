"""Spectrangle on the platform: turn screens, words and pictures around ``games.spectrangle``."""

from bot.adapters.spectrangle.adapter import SpectrangleAdapter
from bot.adapters.spectrangle.screen import Screen

ADAPTER = SpectrangleAdapter()

__all__ = ["ADAPTER", "Screen", "SpectrangleAdapter"]
