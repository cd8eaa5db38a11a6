"""Spexxx's words in Discord: dice, squares, scoring lines, the turn message, hints, rules.

Every function that produces words takes the translator ``t`` of the language to write in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.contract.models import GameRow
from bot.core.guide import local_name
from bot.core.text import seat_circles, seat_label
from games.common.ai import Decision
from games.spexxx import GRID, Game, Hold, Place, PlacementScore, Throw, Variant, Zone
from games.spexxx.ai.reasons import PlaceReasons
from games.spexxx.scoring import spexxx_lines
from games.spexxx.state import CUBES_PER_PLAYER, MAX_THROWS
from locales import N_, Translator
from renderers.spexxx import SEAT_COLOUR_NAMES
from renderers.spexxx.theme import ZONE_NAMES  # one list of colour names for text and images

SEAT_MARKS = seat_circles(SEAT_COLOUR_NAMES)  # the pictures' seat colours

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
VARIANT_NAMES: dict[Variant, str] = {
    Variant.ADULT: N_("adult"),
    Variant.CHILDREN: N_("children"),
}
RULES_PARAGRAPHS = (
    N_("**Spexxx** — Yahtzee meets four-in-a-row."),
    N_(
        "**Your turn:** throw five dice up to 4 times; between throws hold any dice (held dice "
        "can be thrown again later). Then put one cube on an empty square your dice name."
    ),
    N_(
        "**Squares:** a square is a column `c×v` and a row `r×w`: your dice need at least c dice "
        "showing v and r dice showing w. Bronze squares need four in a row (1234, 2345, 3456); "
        "silver squares five in a row. Five of a kind (a **gold** throw) allows any empty square."
    ),
    N_("**Nothing allowed?** You must discard a cube."),
    N_(
        "**Scoring:** three or more of your cubes in a straight line (across, up, or diagonal) "
        "make a **Spexxx**: every cube in it scores its colour's points (orange 1, green 2, "
        "bronze 3, yellow 4, blue 5, purple 7, silver 8, red 12). Extending a Spexxx scores only "
        "the new cube. +5 each time a line reaches 5, 10, 15 and 20 cubes. +25 for a 3×3 square "
        "of your cubes (not overlapping an earlier bonus square). Other players' cubes block "
        "your lines."
    ),
    N_(
        "**End:** when all cubes are placed or discarded; the highest score wins (ties share "
        "the win)."
    ),
    N_(
        "**Commands:** `/spexxx new` · `board` (post the game again) · `resign` · `cancel` · "
        "`games` · `stats` · `leaderboard` · `export` · `settings`"
    ),
)


def variant_of(row: GameRow) -> Variant:
    return Variant(row.options.get("variant", Variant.ADULT.value))


SUB_COMMAND = re.compile(r"`([a-z]+)`")  # a sub-command named alone in the commands' line


def rules_text(t: Translator) -> str:
    """The rules; the commands' line names each sub-command as the reader's Discord shows it
    (the catalogs keep ``board``, ``resign`` … as the English names)."""
    said = [t(p) for p in RULES_PARAGRAPHS]
    said[-1] = SUB_COMMAND.sub(lambda m: f"`{local_name(t, m.group(1))}`", said[-1])
    return "\n".join(said)


def die_face(value: int) -> str:
    return f"{DIE_FACES[value - 1]} {value}"


def dice_text(dice: tuple[int, ...]) -> str:
    return " ".join(DIE_FACES[d - 1] for d in dice) + f"  ({' '.join(map(str, dice))})"


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
    game: Game = row.game
    state = game.state
    last = state.history[-1]
    who = seat_label(t, row, last.seat, SEAT_MARKS)
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
    game: Game = row.game
    state = game.state
    parts = []
    for seat in range(state.seats):
        entry = f"{seat_label(t, row, seat, SEAT_MARKS)} **{state.scores[seat]}**"
        if state.resigned[seat]:
            entry += " " + t("(resigned)")
        else:
            entry += " · " + t("{n} cube", "{n} cubes", state.cubes_left[seat])
        parts.append(entry)
    return "  |  ".join(parts)


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


def hint_text(
    t: Translator,
    decision: Decision[object],
    dice: tuple[int, ...] | None,
    reasons: PlaceReasons | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """What the AI suggests (or does), in the reader's language.

    ``dice`` are those on the table before the action: None before the turn's first throw.
    Throws end with their expectation in plain words ("about 9 points on average"); easy
    computers have none. A placement says why in facts (``reasons``): the lines it makes or
    extends and what they score, the lines it blocks (by ``names``, the seats' labels), never
    a raw value.
    """
    action = decision.action
    expected = decision.expected
    if isinstance(action, Place):
        if reasons is None:
            return t("Place your cube on {square}.", square=action.square)
        return t(
            "Place your cube on {square}: it {reasons}.",
            square=action.square,
            reasons=place_reasons_text(t, reasons, names),
        )
    if isinstance(action, Hold):
        kept = " ".join(str(dice[i]) for i in sorted(action.dice)) if dice else ""
        if kept:
            advice = t("Hold {dice} and throw the others again", dice=kept)
        else:
            advice = t("Throw all five dice again")
    elif isinstance(action, Throw):
        advice = t("Throw all five dice") if dice is None else t("Throw the dice that are not held")
    else:
        return t("No empty square is allowed: discard a cube.")
    if expected is None:
        return advice + "."
    n = round(expected)
    return advice + " — " + t("about {n} point on average.", "about {n} points on average.", n)


def place_reasons_text(
    t: Translator, reasons: PlaceReasons, names: Sequence[str] | None = None
) -> str:
    """``extends your line to 4 (scores 5) and blocks bob's line``: what follows "it"."""
    parts = []
    alike: dict[tuple[bool, int], list[int]] = {}  # (new, length) → each line's points
    for line in reasons.lines:
        alike.setdefault((not line.new, line.length), []).append(line.points)
    for (extended, n), points in sorted(alike.items()):
        count = len(points)
        if extended:
            text = t("extends your line to {length}", "extends {n} of your lines to {length}",
                     count, length=n)  # fmt: skip
        else:
            text = t("makes a line of {length}", "makes {n} lines of {length}", count, length=n)
        parts.append(text + " " + t("(scores {points})", points=sum(points)))
    if reasons.block:
        parts.append(
            t("completes a 3×3 block") + " " + t("(scores {points})", points=reasons.block)
        )
    if reasons.sets_up:
        parts.append(t("puts two of your cubes in an open line: one more scores"))
    for seat in reasons.blocks:
        if names is None:
            parts.append(t("blocks another player's line"))
        else:
            parts.append(t("blocks {name}'s line", name=names[seat]))
    if not parts:
        zone = GRID[reasons.square].zone  # type: ignore[union-attr]
        parts.append(
            t(
                "scores nothing yet, but leaves your lines the best chances on this {zone} "
                "square ({n} a cube in a line)",
                zone=zone_name(t, zone),
                n=reasons.zone_points,
            )
        )
    if len(parts) == 1:
        return parts[0]
    first = ", ".join(parts[:-1])
    return t("{first} and {last}", first=first, last=parts[-1])


def roll_off_text(t: Translator, row: GameRow) -> str:
    game: Game = row.game
    lines = []
    for n, rolls in enumerate(game.setup.roll_off, start=1):
        shown = ", ".join(
            f"{seat_label(t, row, s, SEAT_MARKS)} {die_face(v)}" for s, v in enumerate(rolls) if v
        )
        if n > 1:
            lines.append(t("Roll-off (round {n}): {rolls}", n=n, rolls=shown))
        else:
            lines.append(t("Roll-off: {rolls}", rolls=shown))
    start = game.setup.start_seat
    lines.append(
        t(
            "{name} throws first; play follows the seat order.",
            name=seat_label(t, row, start, SEAT_MARKS),
        )
    )
    return "\n".join(lines)


def turn_content(t: Translator, row: GameRow, *, placing: bool = False) -> str:
    """The turn message's words; the turn before keeps its result in its own message."""
    game: Game = row.game
    state = game.state
    seat = state.current
    assert seat is not None
    lines = []
    player = row.players[seat]
    who = (
        "🤖 " + t("{name} is playing", name=seat_label(t, row, seat, SEAT_MARKS))
        if player.is_ai
        else t("{mention}, your turn", mention=f"<@{player.user_id}>")
    )
    lines.append(
        f"**Spexxx #{row.id}** · "
        + t("turn {n}", n=state.turn + 1)
        + f" · {who} — {throw_status(t, len(state.throws))}"
    )
    dice = state.dice
    if dice is not None:
        held = sorted(state.held)
        held_text = (
            " · " + t("held: {dice}", dice=" ".join(str(dice[i]) for i in held))
            if held and not placing
            else ""
        )
        lines.append(f"🎲 {dice_text(dice)}{held_text}")
        allowed = state.allowed_mask()
        count = allowed.bit_count()
        if placing:
            lines.append(
                t(
                    "Choose a square: the {n} allowed square is highlighted.",
                    "Choose a square: the {n} allowed squares are highlighted.",
                    count,
                )
            )
        elif not allowed:
            if len(state.throws) < MAX_THROWS:
                lines.append(
                    t("No empty square is allowed by these dice: throw again, or discard a cube.")
                )
            else:
                lines.append(
                    t("No empty square is allowed by these dice, so you must discard a cube.")
                )
        else:
            lines.append(
                t(
                    "These dice allow {n} empty square.",
                    "These dice allow {n} empty squares.",
                    count,
                )
            )
    if row.turn_due is not None and not player.is_ai:
        lines.append(
            "⏰ " + t("Time for this turn runs out {when}.", when=f"<t:{int(row.turn_due)}:R>")
        )
    lines.append(scoreboard(t, row))
    return "\n".join(lines)


def scored_lines(t: Translator, row: GameRow) -> str:
    """``Spexxx lines that scored: ⚫ ann (B1–E1, F1–I1); ⚪ bo (H4–H7)``: the final picture's
    rings in words, each seat's lines from end to end (empty when none scored)."""
    owners = row.game.state.owners
    by_seat: dict[int, list[str]] = {}
    for seat, squares in spexxx_lines(owners):
        ends = [GRID[squares[0]], GRID[squares[-1]]]
        by_seat.setdefault(seat, []).append("–".join(sq.name for sq in ends if sq is not None))
    if not by_seat:
        return ""
    seats = "; ".join(  # not " · ": a computer's name has one
        f"{seat_label(t, row, seat, SEAT_MARKS)} ({', '.join(lines)})"
        for seat, lines in sorted(by_seat.items())
    )
    return t("Spexxx lines that scored: {lines}", lines=seats)
