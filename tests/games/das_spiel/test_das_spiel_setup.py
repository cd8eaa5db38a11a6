"""Das Spiel seeded set-ups (RULES.md §3.2): pinned values, exact derivation, explicit dice."""

from __future__ import annotations

import random

import pytest

from games.common.chance import SeededChance
from games.das_spiel import geometry as g
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.pyramid import Colour
from games.das_spiel.setup import (
    bottom_layer,
    check_seed,
    full_pyramid,
    parse_die,
    pyramid_from_texts,
    pyramid_texts,
)

SEED20_SUMS = (
    "1A1 12, 1B1 14, 1B2 9, 1C1 11, 1C2 16, 1C3 15, 1D1 7, 1D2 11, 1D3 15, 1D4 12, 1E1 9, 1E2 16, "
    "1E3 13, 1E4 12, 1E5 4, 1F1 7, 1F2 9, 1F3 12, 1F4 11, 1F5 14, 1F6 15, 1G1 12, 1G2 9, 1G3 7, "
    "1G4 16, 1G5 12, 1G6 9, 1G7 12, 1H1 16, 1H2 8, 1H3 12, 1H4 11, 1H5 11, 1H6 13, 1H7 3, 1H8 11"
)


def at(pyr, text: str) -> str:  # type: ignore[no-untyped-def]
    return pyr.dice[g.index_of_label(text)].text


def test_seed_1_full_pyramid_pinned_values() -> None:
    pyr = full_pyramid(1)
    assert "".join(d.colour.value for d in pyr.dice[:10]) == "RPPRPPRPRP"
    assert [at(pyr, s) for s in ("7A1", "7B1", "7B2", "8A1")] == ["Y531", "R153", "P356", "R132"]
    assert len(pyr) == 165
    for c in (Colour.RED, Colour.YELLOW, Colour.PEARL):
        assert pyr.colour_mask(c).bit_count() == 55


def test_seed_20_bottom_layer_pinned_values_and_funnel_sums() -> None:
    pyr = bottom_layer(20, Colour.PEARL)
    assert [at(pyr, s) for s in ("0A1", "0B1", "0B2", "0C1", "0C2")] == [
        "P654", "P635", "P213", "P315", "P635"
    ]  # fmt: skip
    assert pyr.occupied == g.BOTTOM_MASK
    sums = ", ".join(f"{g.label(q)} {pyr.funnel_sum(q)}" for q in g.bits(pyr.funnels()))
    assert sums == SEED20_SUMS
    assert not {5, 6, 10, 17, 18} & {pyr.funnel_sum(q) for q in g.bits(pyr.funnels())}
    # Eintrichtern uses the same seed the same way (§8.7): 0I5 is 153.
    yellow = bottom_layer(20, Colour.YELLOW)
    assert at(yellow, "0I5") == "Y153"
    assert [d.orientation for d in yellow.dice[:45]] == [d.orientation for d in pyr.dice[:45]]


def test_derivation_is_the_documented_algorithm() -> None:
    """The §3.2 code, written out with getrandbits, gives the same pyramid for other seeds."""
    for seed in (0, 7, 2**53 - 1):
        rng = random.Random(seed)

        def below(n: int, rng: random.Random = rng) -> int:
            k = n.bit_length()
            r = rng.getrandbits(k)
            while r >= n:
                r = rng.getrandbits(k)
            return r

        colours = ["R"] * 55 + ["Y"] * 55 + ["P"] * 55
        for i in range(164, 0, -1):
            j = below(i + 1)
            colours[i], colours[j] = colours[j], colours[i]
        orient = [ORIENTATIONS[below(24)] for _ in range(165)]
        expected = [f"{c}{''.join(map(str, o))}" for c, o in zip(colours, orient, strict=True)]
        assert pyramid_texts(full_pyramid(seed)) == expected


def test_injected_chance_and_seed_range() -> None:
    assert full_pyramid(0, SeededChance(5)) == full_pyramid(5)
    assert full_pyramid(3) != full_pyramid(4)
    for bad in (-1, 2**53, 1.5, True, "1", None):
        with pytest.raises(ValueError):
            check_seed(bad)


def test_explicit_dice_round_trip_and_refusals() -> None:
    pyr = full_pyramid(9)
    assert pyramid_from_texts(pyramid_texts(pyr)) == pyr
    plate = bottom_layer(9, Colour.YELLOW)
    assert pyramid_from_texts(pyramid_texts(plate)) == plate
    assert parse_die("Y531").colour is Colour.YELLOW
    for bad in ("Y312", "T531", "531", "Y5311", 5, "y531"):
        with pytest.raises(ValueError):
            parse_die(bad)
    with pytest.raises(ValueError):
        pyramid_from_texts(["Y531"] * 44)
