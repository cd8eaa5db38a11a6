"""Das Spiel (Reinhold Wittig's pyramid of 165 dice): the shared core of its six games.

Source of truth: RULES.md and RECORD-FORMAT.md of the project's rule book (facts copied into
code and tests here; nothing reads the rule book at run time). Modules:

- ``geometry``: positions as indices 0…164 in label order, labels (``"0I5"``), relations as
  precomputed tables, sets of positions as ``int`` bitmasks, and the derived predicates (free
  dice, open dice, funnels, exposed faces, front dice, rows). Start here.
- ``orientation``: the 24 legal ``(U_X, U_Y, U_Z)`` triples, their record text, tipping.
- ``pyramid``: ``Pyramid`` (immutable occupancy mask + ``Die(colour, orientation)`` per
  position) with funnel walls and sums and what each side shows.

Each game lives in its own module beside these and builds its state on ``Pyramid`` plus
per-seat masks; it never re-derives geometry.
"""
