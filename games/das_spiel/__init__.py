"""Das Spiel (Reinhold Wittig's pyramid of 165 dice): the shared core of its six games.

Source of truth: RULES.md and RECORD-FORMAT.md of the project's rule book (facts copied into
code and tests here; nothing reads the rule book at run time). Core modules, in reading order:

- ``geometry``: positions as indices 0…164 in label order, labels (``"0I5"``), relations as
  precomputed tables, sets of positions as ``int`` bitmasks, and the derived predicates (free
  dice, open dice, funnels, exposed faces, front dice, rows) as fast mask arithmetic.
- ``orientation``: the 24 legal ``(U_X, U_Y, U_Z)`` triples, their record text, tipping.
- ``pyramid``: ``Pyramid`` (immutable occupancy mask + ``Die(colour, orientation)`` per
  position): funnel walls and sums, what each side shows, Cui bono?'s pull-and-slide.
- ``sides``: seats, left neighbours, sides, each seat's view, picture projection, the four
  Würfelmarsch move directions.
- ``setup``: the seeded set-ups of §3.2 (bit-exact, records replay) and explicit dice lists.
- ``decisions``: every decision ID (``ABQ-1`` …) with its documented default, in one place.
- ``errors`` / ``timing``: shared typed refusals, and the clock/window rules of the timed games.
- ``record`` / ``registry`` / ``__main__``: the record envelope, the shape check of every
  event, ``python -m games.das_spiel replay RECORD.json``, one registry line per game.
- ``engine``: what the six engines share: the seat/turn/die refusals, ``SlotState`` (copy),
  ``TimedState`` (clock, ``Timeout``, legal actions at ``t``), ``LoggedGame`` / ``TimedGame``
  (state + log, copy, record events both ways, record export); ``race``: the race games'
  reaction times and their simulation loop.

How a game module is built on it (follow ``games.spectrangle``): a state (an
``engine.SlotState`` naming its lists) holding a ``Pyramid`` plus per-seat masks; typed actions
(frozen dataclasses whose fields carry their record event's names); ``legal_actions()``;
``apply(action)`` that checks everything, raises a typed ``IllegalAction``
(``games.das_spiel.errors``) before changing anything, and returns the event's result; the game
object an ``engine.LoggedGame`` naming ``GAME`` and ``EVENTS`` (it keeps the log, replays and
exports records); set-up from ``setup``; read every decision from ``decisions``; add one line to
``registry.ENGINES``. Never re-derive geometry in a game module.
"""
