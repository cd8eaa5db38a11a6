"""Words the bot posts: names made safe for chat, dice faces, scoring lines, standings."""

from __future__ import annotations

import discord

from bot.models import GameRow
from games.spexxx import GRID, PlacementScore, Variant
from games.spexxx.state import CUBES_PER_PLAYER, MAX_THROWS

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
SEAT_EMOJI = ("⬛", "⚪", "🔵", "🔶")  # the renderer's seat colours: black, white, blue, orange
SEAT_MARKS = ("A", "B", "C", "D")
MAX_NAME = 32


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


def seat_label(row: GameRow, seat: int) -> str:
    return f"{SEAT_EMOJI[seat]} {safe_name(row.players[seat].name)}"


def square_name(index: int) -> str:
    sq = GRID[index]
    assert sq is not None
    return sq.name


def square_option_label(index: int) -> str:
    """``N4 · 3×2 + 1×4 · blue 5``: what a select option tells a player about a square."""
    sq = GRID[index]
    assert sq is not None
    if sq.combination is None:
        need = "four in a row" if sq.zone.value == "bronze" else "five in a row"
    else:
        need = str(sq.combination)
    return f"{sq.name} · {need} · {sq.zone.value} {sq.points}"


def score_lines(score: PlacementScore) -> list[str]:
    """``Spexxx N4–P4 +13``, ``5 in a row +5``, ``3×3 block +25``."""
    out = []
    for line in score.lines:
        ends = f"{square_name(line.squares[0])}–{square_name(line.squares[-1])}"
        out.append(f"Spexxx {ends} +{line.cube_points}")
        if line.length_bonus:
            out.append(f"{line.length} in a row +{line.length_bonus}")
    if score.block is not None:
        out.append(f"3×3 block +{score.block.points}")
    return out


def turn_result(row: GameRow) -> str:
    """One line for the turn that just ended (the last entry of the history)."""
    game = row.game
    assert game is not None
    state = game.state
    last = state.history[-1]
    who = seat_label(row, last.seat)
    dice = dice_text(last.throws[-1])
    if last.square is None:
        return f"{who} threw {dice} and had to discard a cube."
    text = f"{who} placed a cube on **{square_name(last.square)}** with {dice}"
    score = state.last_score
    if score is not None and last.points:
        text += " · " + " · ".join(score_lines(score)) + f" · **+{last.points}**"
    return text


def scoreboard(row: GameRow) -> str:
    game = row.game
    assert game is not None
    state = game.state
    parts = []
    for seat in range(state.seats):
        entry = f"{seat_label(row, seat)} **{state.scores[seat]}**"
        if state.resigned[seat]:
            entry += " (resigned)"
        else:
            entry += f" · {state.cubes_left[seat]} cubes"
        parts.append(entry)
    return "  |  ".join(parts)


def standings(row: GameRow) -> str:
    game = row.game
    assert game is not None
    state = game.state
    winners = set(state.winners())
    lines = []
    for place, seat in enumerate(state.standings(), start=1):
        crown = " 🏆" if seat in winners else ""
        note = " (resigned)" if state.resigned[seat] else ""
        lines.append(f"{place}. {seat_label(row, seat)} — **{state.scores[seat]}**{crown}{note}")
    return "\n".join(lines)


def variant_text(variant: Variant, seats: int | None = None) -> str:
    cubes = CUBES_PER_PLAYER[variant]
    if seats is None:
        per = ", ".join(f"{cubes[n]} with {n}" for n in sorted(cubes))
        return f"{variant.value} game (cubes each: {per} players)"
    return f"{variant.value} game, {cubes[seats]} cubes each"


def throw_status(throws_used: int) -> str:
    if throws_used == 0:
        return "no throw yet"
    return f"throw {throws_used} of {MAX_THROWS}"
