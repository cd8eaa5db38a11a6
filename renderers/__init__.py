"""Pillow renderers: game state in, PNG bytes out (no I/O, no global state)."""
