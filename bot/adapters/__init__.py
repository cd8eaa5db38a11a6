"""One adapter per game: each module or package here exports ``ADAPTER``, a ``GameAdapter``."""
