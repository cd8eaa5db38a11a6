"""Words the bot posts: names made safe for chat, dice faces, scoring lines, standings.

Every function that produces words takes the translator ``t`` of the language to write in.
"""

from __future__ import annotations

import discord

from bot.models import GameRow
from games.spexxx import GRID, PlacementScore, Variant, Zone
from games.spexxx.state import CUBES_PER_PLAYER, MAX_THROWS
from locales import N_, Translator
from renderers.spexxx.theme import ZONE_NAMES  # one list of colour names for text and images

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
SEAT_EMOJI = ("⬛", "⚪", "🔵", "🔶")  # the renderer's seat colours: black, white, blue, orange
MAX_NAME = 32
VARIANT_NAMES: dict[Variant, str] = {
    Variant.ADULT: N_("adult"),
    Variant.CHILDREN: N_("children"),
}


def safe_name(name: str, limit: int = MAX_NAME) -> str:
    """A display name that can neither ping nor format text, cut to ``limit`` characters."""
    name = " ".join(name.split()) or "player"
    if len(name) > limit:
        name = name[: limit - 1] + "…"
    return discord.utils.escape_markdown(discord.utils.escape_mentions(name))


def die_face(value: int) -> str:
    return f"{DIE_FACES[value - 1]} {value}"


def dice_text(dice: tuple[int, ...]) -> str:
    return " ".join(DIE_FACES[d - 1] for d in dice) + f"  ({' '.join(map(str, dice))})"


AI_LEVEL_LABELS: dict[str, str] = {
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
}


def player_name(t: Translator, row: GameRow, seat: int) -> str:
    """A seat's name, raw: a person's display name, or a computer's in the language of ``t``.

    Computers are named by level (numbered when the game has more than one of that level) each
    time they are shown, so their names follow the server's language after it changes.
    """
    player = row.players[seat]
    if not player.is_ai:
        return player.name
    level = t(AI_LEVEL_LABELS.get(player.ai or "", player.ai or ""))
    n = [p.ai for p in row.players[:seat]].count(player.ai) + 1
    if n == 1:
        return t("Computer ({level})", level=level)
    return t("Computer {n} ({level})", n=n, level=level)


def player_names(t: Translator, row: GameRow) -> list[str]:
    return [player_name(t, row, seat) for seat in range(len(row.players))]


def seat_label(t: Translator, row: GameRow, seat: int) -> str:
    return f"{SEAT_EMOJI[seat]} {safe_name(player_name(t, row, seat))}"


def square_name(index: int) -> str:
    sq = GRID[index]
    assert sq is not None
    return sq.name


def zone_name(t: Translator, zone: Zone) -> str:
    return t(ZONE_NAMES[zone])


def square_option_label(t: Translator, index: int) -> str:
    """``N4 · 3×2 + 1×4 · blue 5``: what a select option tells a player about a square."""
    sq = GRID[index]
    assert sq is not None
    if sq.combination is None:
        need = t("four in a row") if sq.zone is Zone.BRONZE else t("five in a row")
    else:
        need = str(sq.combination)
    return f"{sq.name} · {need} · {zone_name(t, sq.zone)} {sq.points}"


def score_lines(t: Translator, score: PlacementScore) -> list[str]:
    """``Spexxx N4–P4 +13``, ``5 in a row +5``, ``3×3 block +25``."""
    out = []
    for line in score.lines:
        ends = f"{square_name(line.squares[0])}–{square_name(line.squares[-1])}"
        out.append(f"Spexxx {ends} +{line.cube_points}")
        if line.length_bonus:
            out.append(t("{n} in a row +{bonus}", n=line.length, bonus=line.length_bonus))
    if score.block is not None:
        out.append(t("3×3 block +{bonus}", bonus=score.block.points))
    return out


def turn_result(t: Translator, row: GameRow) -> str:
    """One line for the turn that just ended (the last entry of the history)."""
    game = row.game
    assert game is not None
    state = game.state
    last = state.history[-1]
    who = seat_label(t, row, last.seat)
    dice = dice_text(last.throws[-1])
    if last.square is None:
        return t("{who} threw {dice} and had to discard a cube.", who=who, dice=dice)
    text = t(
        "{who} placed a cube on **{square}** with {dice}",
        who=who,
        square=square_name(last.square),
        dice=dice,
    )
    score = state.last_score
    if score is not None and last.points:
        text += " · " + " · ".join(score_lines(t, score)) + f" · **+{last.points}**"
    return text


def scoreboard(t: Translator, row: GameRow) -> str:
    game = row.game
    assert game is not None
    state = game.state
    parts = []
    for seat in range(state.seats):
        entry = f"{seat_label(t, row, seat)} **{state.scores[seat]}**"
        if state.resigned[seat]:
            entry += " " + t("(resigned)")
        else:
            entry += " · " + t("{n} cube", "{n} cubes", state.cubes_left[seat])
        parts.append(entry)
    return "  |  ".join(parts)


def standings(t: Translator, row: GameRow) -> str:
    game = row.game
    assert game is not None
    state = game.state
    winners = set(state.winners())
    lines = []
    for place, seat in enumerate(state.standings(), start=1):
        crown = " 🏆" if seat in winners else ""
        note = " " + t("(resigned)") if state.resigned[seat] else ""
        lines.append(f"{place}. {seat_label(t, row, seat)} — **{state.scores[seat]}**{crown}{note}")
    return "\n".join(lines)


def variant_text(t: Translator, variant: Variant, seats: int | None = None) -> str:
    cubes = CUBES_PER_PLAYER[variant]
    name = t(VARIANT_NAMES[variant])
    if seats is None:
        per = ", ".join(t("{cubes} with {n}", cubes=cubes[n], n=n) for n in sorted(cubes))
        return t("{variant} game (cubes each: {per} players)", variant=name, per=per)
    return t("{variant} game, {n} cubes each", variant=name, n=cubes[seats])


def throw_status(t: Translator, throws_used: int) -> str:
    if throws_used == 0:
        return t("no throw yet")
    return t("throw {k} of {max}", k=throws_used, max=MAX_THROWS)
