"""The game interface every adapter implements, the platform's models and refusals.

No discord.py here: adapters depend on this package (and games/, renderers/) only."""
