"""The play flow: lobby, turns, live rounds, timers, computer turns, posting, timed views,
pacing."""
