"""Every picture the bot sends, for every seat count a game allows: seeded positions drawn with
any names and language (the render tests check names, labels and colours over all of them)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from bot.contract.models import GameRow, Player, Status
from bot.core.text import player_names
from games.das_spiel import decisions as d
from games.das_spiel.wuerfelmarsch import Wuerfelmarsch
from locales import LANGUAGES, translator
from renderers import samples as spexxx_samples
from renderers.das_spiel import render as das
from renderers.das_spiel import samples as das_samples
from renderers.das_spiel import wuerfelmarsch as wm_view
from renderers.spectrangle import render_board, render_placing
from renderers.spectrangle import render_final as spectrangle_final
from renderers.spectrangle import samples as spectrangle_samples
from renderers.spexxx import render_final as spexxx_final
from renderers.spexxx import render_turn

Render = Callable[[Sequence[str], str], bytes]

# Display names of 32 characters (Discord's longest), two alike but for their ends, with the
# accents the four languages use.
LONG_NAMES = (
    "Benedikt von Lange-Schöneberg 12",
    "Benedikt von Lange-Schöneberg 13",
    "Marie-Éléonore de La Rochefoucau",
    "Zoë Ångström-Þórsdóttir Ñúñez X",
    "Jan-Willem van den Broek-Ijsselm",
    "Anne-Sophie Großmann-Überlinger",
)


@dataclass(frozen=True, slots=True)
class Picture:
    """One picture of one game: ``render(names, lang)`` draws it for ``seats`` seats."""

    game: str
    seats: int
    render: Render

    @property
    def label(self) -> str:
        return f"{self.game}/{self.seats}"


def computer_names(lang: str, seats: int, humans: int, level: str = "normal") -> list[str]:
    """The names the bot gives a table of ``humans`` long-named people and computers."""
    players = [Player(k + 1, LONG_NAMES[k]) for k in range(humans)]
    players += [Player(0, "", level) for _ in range(seats - humans)]
    row = GameRow(1, 1, 1, 1, "spexxx", Status.RUNNING, players)
    return player_names(translator(lang), row)


def name_sets(seats: int) -> Iterator[tuple[str, list[str]]]:
    """The tables every picture is drawn with in every language: all long names; two long
    names and computers of the longest level word; computers only."""
    for lang in LANGUAGES:
        yield lang, list(LONG_NAMES[:seats])
        level = {"nl": "easy", "fr": "hard"}.get(lang, "normal")
        yield lang, computer_names(lang, seats, min(2, seats), level)
        yield lang, computer_names(lang, seats, 0, "hard")


@cache
def _games() -> dict[str, object]:
    s, sp, ds = spexxx_samples, spectrangle_samples, das_samples
    wm_turn, die = ds.wuerfelmarsch_turn()
    games: dict[str, object] = {
        "abquetschen": ds.abquetschen_game(),
        "abquetschen-final": ds.abquetschen_game(actions=None),
        "raffzahn": ds.raffzahn_game(),
        "raffzahn-final": ds.raffzahn_game(rounds=None, roll=None),
        "wuerfelmarsch": ds.wuerfelmarsch_game(),
        "wuerfelmarsch-final": ds.wuerfelmarsch_game(actions=None),
        "wuerfelmarsch-turn": (Wuerfelmarsch(state=wm_turn), die),
    }
    for n in range(2, 7):
        games[f"cui-bono/{n}"] = ds.cui_bono_game(n)
        games[f"cui-bono-final/{n}"] = ds.cui_bono_game(n, actions=None)
        games[f"bunte-kuh/{n}"] = ds.bunte_kuh_game(n, rounds=12)
        games[f"bunte-kuh-final/{n}"] = ds.bunte_kuh_game(n, rounds=None)
        games[f"eintrichtern/{n}"] = ds.eintrichtern_game(n, actions=30)
        games[f"eintrichtern-final/{n}"] = ds.eintrichtern_game(n, actions=None)
    for n in range(2, 5):
        games[f"spexxx/{n}"] = s.play(n, 16, 4 * n, stop_after_throw=True).state
        games[f"spexxx-final/{n}"] = s.play(n, 16).state
        games[f"spectrangle/{n}"] = sp.play(n, 3, 3 * n).state
        games[f"spectrangle-final/{n}"] = sp.play(n, 8).state
    return games


def pictures() -> list[Picture]:
    """Every game's turn and final pictures at every seat count it allows."""
    g = _games()
    out = [
        Picture(
            "abquetschen", 3, lambda n, lang: das.render_abquetschen(g["abquetschen"], n, lang=lang)
        ),
        Picture(
            "abquetschen-final",
            3,
            lambda n, lang: das.render_abquetschen_final(g["abquetschen-final"], n, lang=lang),
        ),
        Picture(
            "raffzahn", 3, lambda n, lang: das.render_raffzahn(g["raffzahn"], n, seat=1, lang=lang)
        ),
        Picture(
            "raffzahn-final",
            3,
            lambda n, lang: das.render_raffzahn_final(g["raffzahn-final"], n, lang=lang),
        ),
        Picture(
            "wuerfelmarsch",
            3,
            lambda n, lang: das.render_wuerfelmarsch(g["wuerfelmarsch"], n, lang=lang),
        ),
        Picture("wuerfelmarsch-turn", 3, _wm_turn(g["wuerfelmarsch-turn"])),  # type: ignore[arg-type]
        Picture(
            "wuerfelmarsch-final",
            3,
            lambda n, lang: das.render_wuerfelmarsch_final(g["wuerfelmarsch-final"], n, lang=lang),
        ),
    ]
    for n in range(d.BK_MIN_PLAYERS, d.BK_MAX_PLAYERS + 1):
        out.append(_picture(g, "bunte-kuh", n, das.render_bunte_kuh))
        out.append(_picture(g, "bunte-kuh-final", n, das.render_bunte_kuh_final))
    for n in range(d.CUI_MIN_PLAYERS, d.CUI_MAX_PLAYERS + 1):
        out.append(_picture(g, "cui-bono", n, das.render_cui_bono))
        out.append(_picture(g, "cui-bono-final", n, das.render_cui_bono_final))
    for n in range(d.EIN_MIN_PLAYERS, d.EIN_MAX_PLAYERS + 1):
        out.append(_picture(g, "eintrichtern", n, das.render_eintrichtern))
        out.append(_picture(g, "eintrichtern-final", n, das.render_eintrichtern_final))
    for n in range(2, 5):
        out.append(_picture(g, "spexxx", n, render_turn))
        out.append(_picture(g, "spexxx-final", n, spexxx_final))
        out.append(_picture(g, "spectrangle", n, render_board))
        out.append(_placing(g, n))
        out.append(_picture(g, "spectrangle-final", n, spectrangle_final))
    return out


def _picture(g: dict[str, object], game: str, n: int, render: Callable[..., bytes]) -> Picture:
    state = g[f"{game}/{n}"]
    return Picture(game, n, lambda names, lang: render(state, names, lang=lang))


def _placing(g: dict[str, object], n: int) -> Picture:
    state = g[f"spectrangle/{n}"]
    seat = state.current  # type: ignore[attr-defined]
    tile = state.hand(seat)[0]  # type: ignore[attr-defined]
    return Picture(
        "spectrangle-placing", n, lambda names, lang: render_placing(state, names, tile, lang=lang)
    )


def _wm_turn(turn: tuple[Wuerfelmarsch, int]) -> Render:
    game, die = turn
    from games.das_spiel import geometry

    def render(names: Sequence[str], lang: str) -> bytes:
        return das.render_wuerfelmarsch(
            game,
            names,
            choosable=[die],
            moves_from=geometry.BIT[die],
            funnels=wm_view.completions(game.state, geometry.BIT[die]),
            side=geometry.Y,
            lang=lang,
        )

    return render
