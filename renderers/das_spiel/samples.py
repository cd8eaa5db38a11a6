"""Seeded Das Spiel positions for the docs, the tests, the palette and the benchmark.

``python -m renderers.das_spiel.samples`` rewrites ``docs/das-spiel-*.png`` from fixed seeds,
so the pictures in the docs can be regenerated after any change to the look.
"""

from __future__ import annotations

import random
from pathlib import Path

from games.common.ai import Level
from games.common.dice import SeededDice
from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import Abquetschen, Bonus, Build, Phase, Roll
from games.das_spiel.bunte_kuh import BunteKuh, Nowhere
from games.das_spiel.bunte_kuh import Phase as BkPhase
from games.das_spiel.bunte_kuh import Roll as BkRoll
from games.das_spiel.bunte_kuh import Stop as BkStop
from games.das_spiel.cui_bono import CuiBono
from games.das_spiel.eintrichtern import Eintrichtern
from games.das_spiel.eintrichtern import ai as ein_ai
from games.das_spiel.pyramid import Colour, Pyramid
from games.das_spiel.raffzahn import Phase as RaffPhase
from games.das_spiel.raffzahn import Raffzahn, Stop, Take
from games.das_spiel.raffzahn import Roll as RaffRoll
from games.das_spiel.setup import bottom_layer, full_pyramid
from games.das_spiel.wuerfelmarsch import WmState, Wuerfelmarsch
from games.das_spiel.wuerfelmarsch import ai as wm_ai

SAMPLE_NAMES = ("Ann 🦄", "Benedikt von Lange-Schöneberg", "محمد علي")
CUI_NAMES = (*SAMPLE_NAMES, "Zoë ✨")


def abquetschen_game(seed: int = 3, actions: int | None = 60) -> Abquetschen:
    """A seeded game stopped after ``actions`` actions (None: to the end), builds picked at
    random with the largest groups preferred, so the pile grows as in real games."""
    game = Abquetschen()
    dice = SeededDice(seed)
    pick = random.Random(seed)
    while not game.finished and (actions is None or len(game.log) < actions):
        if game.state.phase in (Phase.SEARCH, Phase.ROLL):
            game.roll(dice)
            continue
        options = [a for a in game.legal_actions() if not isinstance(a, Roll)]
        built = [a for a in options if isinstance(a, Build | Bonus) and a.positions]
        game.apply(pick.choice(built or options))
    return game


def cui_bono_game(seats: int = 4, seed: int = 1, actions: int | None = 41) -> CuiBono:
    """A seeded Cui bono? game stopped after ``actions`` actions (None: to the end), every
    action picked at random."""
    game = CuiBono.new(seats, seed)
    pick = random.Random(seed + 1)
    while not game.finished and (actions is None or len(game.log) < actions):
        game.apply(pick.choice(game.legal_actions()))
    return game


def cui_bono_pile(seed: int = 1, pulls: int = 9) -> tuple[Pyramid, tuple[int, ...]]:
    """A full random pyramid with ``pulls`` bottom dice pulled (the pile slides, as in Cui
    bono?), and the position the last pull emptied."""
    pile = full_pyramid(seed)
    pick = random.Random(seed)
    emptied = ()
    for _ in range(pulls):
        occupied = pile.occupied
        pullable = [
            b for b in g.bits(occupied & g.BOTTOM_MASK) if len(g.exposed_axes(occupied, b)) >= 2
        ]
        b = pick.choice(pullable)
        pile, _, empty = pile.pull(b)
        emptied = (empty,)
    return pile, emptied


def raffzahn_game(seed: int = 1, rounds: int | None = 12, roll: int | None = 4) -> Raffzahn:
    """A seeded Raffzahn game after ``rounds`` rounds in which the seats take at random (and
    the roller calls STOP now and then), then a round opened with ``roll`` (None: none, to the
    end when ``rounds`` is None)."""
    game = Raffzahn.new(seed)
    pick = random.Random(seed)
    t = 0
    played = 0
    while not game.finished and (rounds is None or played < rounds):
        t += 2000
        game.apply(RaffRoll(game.state.roller, pick.randint(1, 6), t))
        played += 1
        while game.state.phase is RaffPhase.ROUND:
            t += 500
            takes = [a for a in game.legal_actions(t) if isinstance(a, Take)]
            if takes and pick.random() < 0.9:
                game.apply(pick.choice(takes))
            else:
                game.apply(Stop(game.state.roller, t))
    if roll is not None and not game.finished:
        game.apply(RaffRoll(game.state.roller, roll, t + 2000))
        takes = [a for a in game.legal_actions() if isinstance(a, Take) and a.seat != 1]
        if takes and game.state.phase is RaffPhase.ROUND:
            game.apply(takes[0])
    return game


def raffzahn_round(game: Raffzahn) -> list[object]:
    """The log since the last roll (the round running or just closed), the roll included."""
    out: list[object] = []
    for action in reversed(game.log):
        out.append(action)
        if isinstance(action, RaffRoll):
            break
    return out[::-1]


def bunte_kuh_game(
    players: int = 3, seed: int = 20, rounds: int | None = 25, stop: bool = True
) -> BunteKuh:
    """A seeded Bunte Kuh game after ``rounds`` rounds (None: to the end): a random seat calls,
    mostly right (STOP at a matching funnel, else NERGENS), and lays at random; with ``stop``
    a last round is rolled and claimed by a correct STOP, the die not yet laid."""
    game = BunteKuh.new(players, seed)
    pick = random.Random(seed)
    t = 0
    played = 0
    while not game.finished:
        t += 2000
        dice = (pick.randint(1, 6), pick.randint(1, 6), pick.randint(1, 6))
        game.apply(BkRoll(game.state.holder, dice, t))
        played += 1
        matching = game.state.matching(sum(dice))
        t += 500
        seat = pick.randrange(players)
        last = rounds is not None and played > rounds and (bool(matching) or not stop)
        if matching and (pick.random() < 0.9 or (stop and last)):
            game.apply(BkStop(seat, pick.choice(matching), t))
        else:
            game.apply(Nowhere(seat, t))
        if game.state.phase is BkPhase.PLACE and not (stop and last):
            t += 500
            game.apply(pick.choice(game.legal_actions(t)))
        if last:
            break
    return game


def bunte_kuh_calling(rounds: int = 14, dice: tuple[int, int, int] = (5, 4, 2)) -> BunteKuh:
    """A seeded Bunte Kuh game after ``rounds`` rounds with the next roll made: calls open."""
    game = bunte_kuh_game(rounds=rounds, stop=False)
    game.apply(BkRoll(game.state.holder, dice, game.state.clock.now + 2000))
    return game


def plate_with_sums(seed: int = 20) -> tuple[Pyramid, dict[int, str]]:
    """The pearl bottom layer of seed 20 (Bunte Kuh, Eintrichtern) with the sums of a few
    funnels written in them."""
    plate = bottom_layer(seed, Colour.PEARL)
    sums = {}
    for q in g.bits(plate.funnels())[::5]:
        sums[q] = str(plate.funnel_sum(q))
    return plate, sums


def wuerfelmarsch_game(seed: int = 4, actions: int | None = 19) -> Wuerfelmarsch:
    """A seeded Würfelmarsch game between computer players (normal against easy, so armies
    meet and capture), stopped after ``actions`` actions (None: to the end)."""
    game = Wuerfelmarsch()
    rng = random.Random(seed)
    levels = (Level.NORMAL, Level.EASY, Level.NORMAL)
    while not game.finished and (actions is None or len(game.log) < actions):
        seat = game.state.current
        assert seat is not None
        game.apply(wm_ai.decide(game.state, levels[seat], rng).action)
    return game


def wuerfelmarsch_turn() -> tuple[WmState, int]:
    """The booklet's capture example (RULES.md §9.6) as yellow sees it, 0E3 chosen: its
    forward-right tip to 0F4 completes two funnels."""
    state = WmState.constructed(
        {
            "0E3": (1, "465"),
            "0G5": (0, "153"),
            "0E4": (0, "514"),
            "0G4": (1, "132"),
            "0F5": (2, "213"),
            "0I5": (0, "321"),
            "0I6": (0, "321"),
            "0D1": (1, "132"),
            "0H7": (2, "213"),
            "0G6": (2, "213"),
        },
        current=1,
    )
    return state, g.index_of_label("0E3")


def eintrichtern_game(players: int = 4, seed: int = 20, actions: int | None = 61) -> Eintrichtern:
    """A seeded Eintrichtern game between honest computer players (normal), stopped after
    ``actions`` actions (None: to the end)."""
    game = Eintrichtern.new(players, seed)
    dice = SeededDice(seed)
    while not game.finished and (actions is None or len(game.log) < actions):
        seat = game.state.current
        assert seat is not None
        choice = ein_ai.computer_decision(game, seat, Level.NORMAL, seed).action
        if isinstance(choice, ein_ai.WantRoll):
            game.roll(dice)
        else:
            game.apply(choice)
    return game


def sample_images() -> dict[str, bytes]:
    """Every docs image by file name, drawn in memory (``write_samples`` writes them; the
    tests compare them with ``docs/``)."""
    from renderers.das_spiel import wuerfelmarsch
    from renderers.das_spiel.render import (
        render_abquetschen,
        render_abquetschen_final,
        render_bunte_kuh,
        render_bunte_kuh_final,
        render_cui_bono,
        render_cui_bono_final,
        render_eintrichtern,
        render_eintrichtern_final,
        render_pyramid,
        render_raffzahn,
        render_raffzahn_final,
        render_raffzahn_public,
        render_raffzahn_wall,
        render_wuerfelmarsch,
        render_wuerfelmarsch_final,
    )

    game = abquetschen_game()
    turn, die = wuerfelmarsch_turn()
    end = abquetschen_game(actions=None)
    pile, emptied = cui_bono_pile()
    plate, sums = plate_with_sums()
    raf = raffzahn_game()
    raf_takes = [(a.seat, a.pos) for a in raffzahn_round(raf) if isinstance(a, Take)]
    images = {
        "das-spiel-abquetschen.png": render_abquetschen(game, SAMPLE_NAMES),
        "das-spiel-abquetschen-final.png": render_abquetschen_final(end, SAMPLE_NAMES),
        "das-spiel-pyramid.png": render_pyramid(
            pile, last=emptied, choosable=g.bits(pile.free_dice())
        ),
        "das-spiel-pyramid-side-y.png": render_pyramid(pile, last=emptied, side=g.Y),
        "das-spiel-plate-sums.png": render_pyramid(plate, funnel_text=sums),
        "das-spiel-cui-bono.png": render_cui_bono(cui_bono_game(), CUI_NAMES),
        "das-spiel-cui-bono-final.png": render_cui_bono_final(
            cui_bono_game(actions=None), CUI_NAMES, lang="de"
        ),
        "das-spiel-raffzahn.png": render_raffzahn(raf, SAMPLE_NAMES, seat=1),
        "das-spiel-raffzahn-my-side.png": render_raffzahn_wall(raf.view(1)),
        "das-spiel-raffzahn-round.png": render_raffzahn_public(
            raf.view(None), SAMPLE_NAMES, raf_takes, lang="de"
        ),
        "das-spiel-bunte-kuh.png": render_bunte_kuh(bunte_kuh_calling(), SAMPLE_NAMES),
        "das-spiel-bunte-kuh-claimed.png": render_bunte_kuh(bunte_kuh_game(), SAMPLE_NAMES),
        "das-spiel-bunte-kuh-final.png": render_bunte_kuh_final(
            bunte_kuh_game(4, rounds=None), CUI_NAMES, lang="fr"
        ),
        "das-spiel-raffzahn-final.png": render_raffzahn_final(
            raffzahn_game(rounds=None, roll=None), SAMPLE_NAMES, lang="nl"
        ),
        "das-spiel-wuerfelmarsch.png": render_wuerfelmarsch(wuerfelmarsch_game(), SAMPLE_NAMES),
        "das-spiel-wuerfelmarsch-final.png": render_wuerfelmarsch_final(
            wuerfelmarsch_game(actions=None), SAMPLE_NAMES, lang="nl"
        ),
        "das-spiel-wuerfelmarsch-turn.png": render_wuerfelmarsch(
            Wuerfelmarsch(state=turn),
            SAMPLE_NAMES,
            choosable=[die],
            moves_from=g.BIT[die],
            funnels=wuerfelmarsch.completions(turn, g.BIT[die]),
            side=g.Y,
        ),
        "das-spiel-eintrichtern.png": render_eintrichtern(eintrichtern_game(), CUI_NAMES),
        "das-spiel-eintrichtern-final.png": render_eintrichtern_final(
            eintrichtern_game(actions=None), CUI_NAMES, lang="fr"
        ),
    }
    return images


def rules_sample(kind: str, lang: str = "en") -> bytes:
    """One game's picture for its rules (``/help``, ``/dasspiel rules``): a seeded position
    under way, drawn in ``lang``; ``kind`` is the game's stored kind."""
    from renderers.das_spiel import wuerfelmarsch
    from renderers.das_spiel.render import (
        render_abquetschen,
        render_bunte_kuh,
        render_cui_bono,
        render_eintrichtern,
        render_raffzahn,
        render_wuerfelmarsch,
    )

    if kind == "abquetschen":
        return render_abquetschen(abquetschen_game(), SAMPLE_NAMES, lang=lang)
    if kind == "raffzahn":
        return render_raffzahn(raffzahn_game(), SAMPLE_NAMES, seat=1, lang=lang)
    if kind == "buntekuh":
        return render_bunte_kuh(bunte_kuh_calling(), SAMPLE_NAMES, lang=lang)
    if kind == "cuibono":
        return render_cui_bono(cui_bono_game(), CUI_NAMES, lang=lang)
    if kind == "eintrichtern":
        return render_eintrichtern(eintrichtern_game(), CUI_NAMES, lang=lang)
    if kind == "wuerfelmarsch":
        turn, die = wuerfelmarsch_turn()
        return render_wuerfelmarsch(
            Wuerfelmarsch(state=turn),
            SAMPLE_NAMES,
            choosable=[die],
            moves_from=g.BIT[die],
            funnels=wuerfelmarsch.completions(turn, g.BIT[die]),
            side=g.Y,
            lang=lang,
        )
    raise LookupError(f"no rules picture of {kind!r}")


def write_samples(out_dir: Path) -> list[Path]:
    out = []
    for name, data in sample_images().items():
        path = out_dir / name
        path.write_bytes(data)
        out.append(path)
    return out


if __name__ == "__main__":
    for path in write_samples(Path(__file__).resolve().parents[2] / "docs"):
        print(f"wrote {path}")
