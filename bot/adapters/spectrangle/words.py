"""What Spectrangle says in chat: seats, tiles as colour squares, turn lines, hints, standings.

Every function takes the translator ``t`` of the language to write in. A tile is shown by its
colour squares alone: its code (``RRY``) is the engine's and the records' name, in English
letters, and means nothing to a player reading Dutch, German or French.
"""

from __future__ import annotations

from bot.adapters.spectrangle.screen import Screen
from bot.contract.models import GameRow
from bot.core.text import most_points, player_name, safe_name, seat_circles
from games.spectrangle import (
    BONUS_FIELDS,
    FIELDS,
    TILE_BY_CODE,
    EndReason,
    SpectrangleState,
    TurnKind,
)
from games.spectrangle.ai import Hint, HintReason
from games.spectrangle.game import Game
from locales import DEFAULT, N_, Translator
from renderers.spectrangle.final import standing_rows
from renderers.spectrangle.placing import ROTATION_LETTERS
from renderers.spectrangle.theme import SEAT_COLOUR_NAMES

# The renderer's seat colours (black square, white circle, orange triangle, cyan diamond):
# Discord has no orange triangle, so colour comes first.
SEAT_MARKS: tuple[str, ...] = seat_circles(SEAT_COLOUR_NAMES)  # the pictures' seat colours
COLOUR_SQUARES = {"R": "🟥", "G": "🟩", "B": "🟦", "Y": "🟨", "P": "🟪", "W": "⬜"}

END_REASONS: dict[EndReason, str] = {
    EndReason.NO_MOVES: N_("No tile can be laid any more."),
    EndReason.DEAD_BOARD: N_("No tile still in play fits anywhere."),
    EndReason.ALL_PASSED: N_("Everyone passed in turn."),
}


def game_of(row: GameRow) -> Game:
    game = row.game
    assert isinstance(game, Game), f"game {row.id} is not a running Spectrangle game"
    return game


def seat_label(t: Translator, row: GameRow, seat: int) -> str:
    return f"{SEAT_MARKS[seat]} {safe_name(player_name(t, row, seat))}"


def squares(sides: str) -> str:
    """``🟥🟥🟨`` for ``RRY``: the colours in the order given."""
    return "".join(COLOUR_SQUARES[c] for c in sides)


def tile_text(code: str) -> str:
    """``🟥🟥🟨``: a tile as chat shows it, its colours in every language (the code's letters
    are English)."""
    return squares(code)


def rotation_letter(rotation: int) -> str:
    """The letter the placing image gives a rotation (``a``, ``b``, ``c``)."""
    return ROTATION_LETTERS[rotation]


def sides_of(code: str, rotation: int) -> str:
    """The colours a rotation shows, clockwise from the field's flat side."""
    return code[rotation:] + code[:rotation]


def field_text(t: Translator, field: int) -> str:
    """``field 13 (×4)``, or ``field 5``."""
    bonus = FIELDS[field].bonus
    name = t("field {n}", n=field)
    return f"{name} (×{bonus})" if bonus > 1 else name


def turn_header(t: Translator, row: GameRow) -> str:
    """``**Spectrangle #7** · turn 3 · <@1>, your turn``."""
    game = game_of(row)
    seat = game.state.current
    assert seat is not None
    player = row.players[seat]
    who = (
        "🤖 " + t("{name} is playing", name=seat_label(t, row, seat))
        if player.is_ai
        else t("{mention}, your turn", mention=f"<@{player.user_id}>")
    )
    return f"**Spectrangle #{row.id}** · " + t("turn {n}", n=game.state.turn + 1) + f" · {who}"


def turn_prompt(t: Translator, game: Game, screen: Screen | None) -> str:
    """What the player on turn is asked to do on this screen."""
    if screen is not None:
        fields = {p.field for p in game.legal_placements(screen.tile)}
        fits = t("{label}: {value}", label=tile_text(screen.tile), value=fits_text(t, len(fields)))
        return f"{fits}. " + t(
            "Choose the rotation, then the field; the board shows where it fits."
        )
    seat = game.state.current
    assert seat is not None
    fitting = {p.tile for p in game.legal_placements()}
    if fitting:
        n = sum(code in fitting for code in game.state.hand(seat))
        return t("Choose a tile: {n} of yours fits.", "Choose a tile: {n} of yours fit.", n)
    if game.state.bag_count:
        return t("None of your tiles fits anywhere: exchange one with the bag, or pass.")
    return t("None of your tiles fits anywhere and the bag is empty: pass.")


def team_totals(t: Translator, state: SpectrangleState) -> str:
    """``Team 1 (⚫🟠) **40** · Team 2 (⚪🔵) **37**``: seats 0 and 2 against 1 and 3."""
    teams = state.team_scores
    assert teams is not None
    return " · ".join(
        t("Team {n}", n=n + 1) + f" ({SEAT_MARKS[n]}{SEAT_MARKS[n + 2]}) **{teams[n]}**"
        for n in range(2)
    )


def scoreboard(t: Translator, row: GameRow) -> str:
    """Each seat's points (team totals in the team game) and the tiles left in the bag."""
    state = game_of(row).state
    parts = []
    for seat in range(state.seats):
        entry = f"{seat_label(t, row, seat)} **{state.scores[seat]}**"
        if state.resigned[seat]:
            entry += " " + t("(resigned)")
        parts.append(entry)
    lines = ["  |  ".join(parts)]
    if state.teams:
        lines.append(team_totals(t, state))
    lines.append("👜 " + t("{n} tile in the bag", "{n} tiles in the bag", state.bag_count))
    return "\n".join(lines)


def turn_result(t: Translator, row: GameRow) -> str:
    """The turn that just ended, in one line: who laid which tile where, for how much."""
    state = game_of(row).state
    last = state.history[-1]
    who = seat_label(t, row, last.seat)
    if last.kind is TurnKind.PASS:
        return t("{who} could not lay a tile and passed.", who=who)
    assert last.tile is not None
    if last.kind is TurnKind.EXCHANGE:
        return t(
            "{who} could not lay a tile and exchanged {tile} for {drawn} from the bag.",
            who=who,
            tile=tile_text(last.tile),
            drawn=tile_text(last.drew or "?"),
        )
    assert last.field is not None and last.rotation is not None
    value = TILE_BY_CODE[last.tile].value
    bonus = FIELDS[last.field].bonus
    if all(h.kind is not TurnKind.PLACE for h in state.history[:-1]):
        sum_text = str(value)  # the game's first tile touches nothing and counts its value once
    else:
        sides = t("{n} side", "{n} sides", last.points // (value * bonus))
        sum_text = f"{value} × {sides}" + (f" × {bonus}" if bonus > 1 else "")
    return t(
        "{who} laid {tile} on {field} · {sum} = **+{points}**",
        who=who,
        tile=tile_text(last.tile),
        field=field_text(t, last.field),
        sum=sum_text,
        points=last.points,
    )


def intro(t: Translator, row: GameRow) -> str:
    """Everyone's first tile and who starts with the highest (ties: the next tiles decide)."""
    game = game_of(row)
    setup = game.setup
    firsts = [setup.bag[s] for s in range(setup.seats)]
    shown = " · ".join(
        f"{seat_label(t, row, s)} {tile_text(code)} ({TILE_BY_CODE[code].value})"
        for s, code in enumerate(firsts)
    )
    start = setup.start_seat
    top = TILE_BY_CODE[firsts[start]].value
    tied = sum(TILE_BY_CODE[c].value == top for c in firsts) > 1
    lines = [t("First tiles: {tiles}", tiles=shown)]
    if tied:
        lines.append(
            t(
                "{name} starts: the highest first tile, the next tiles broke the tie.",
                name=seat_label(t, row, start),
            )
        )
    else:
        lines.append(
            t("{name} starts with the highest first tile.", name=seat_label(t, row, start))
        )
    if setup.teams:
        lines.append(
            t(
                "Teams: {a} and {c} against {b} and {d}.",
                a=seat_label(t, row, 0),
                b=seat_label(t, row, 1),
                c=seat_label(t, row, 2),
                d=seat_label(t, row, 3),
            )
        )
    return "\n".join(lines)


def ranks(game: Game) -> list[tuple[int, int]]:
    """(rank, seat) best first, as the final picture ranks them: team mates share a rank."""
    state = game.state
    rows = standing_rows(state, [""] * state.seats, DEFAULT)
    return [(r.rank, r.seat) for r in rows]


def standings(t: Translator, row: GameRow) -> str:
    """Final places: points laid, minus the tiles left in hand; in the team game one line per
    team, its total and each partner's part. A winner's line says why they won."""
    game = game_of(row)
    state = game.state
    if state.teams:
        lines = _team_standings(t, row)
    else:
        solo = state.seats == 1  # the daily challenge: a score, no place, no win
        winners = set() if solo else set(state.winners())
        lines = []
        for place, seat in ranks(game):
            why = f"🏆 {most_points(t, state.scores, seat)} · " if seat in winners else ""
            note = " " + t("(resigned)") if state.resigned[seat] else ""
            points = t("{n} point", "{n} points", state.scores[seat])
            rank = "" if solo else f"{place}. "
            lines.append(
                f"{rank}{seat_label(t, row, seat)} — {why}**{points}**{_hand(t, state, seat)}{note}"
            )
    if state.end_reason in END_REASONS:
        lines.append(t(END_REASONS[state.end_reason]))
    return "\n".join(lines)


def _hand(t: Translator, state: SpectrangleState, seat: int) -> str:
    """`` (40 laid − 3 in hand)`` when tiles left in hand cost the seat points."""
    p = state.penalties[seat]
    if not p:
        return ""
    return " " + t("({laid} laid − {hand} in hand)", laid=state.placed_points[seat], hand=p)


def _part(t: Translator, state: SpectrangleState, seat: int) -> str:
    """A partner's points in the team total: ``40``, or ``43 − 3 in hand``."""
    p = state.penalties[seat]
    if not p:
        return str(state.scores[seat])
    return t("{laid} − {hand} in hand", laid=state.placed_points[seat], hand=p)


def _team_standings(t: Translator, row: GameRow) -> list[str]:
    """``1. ⚫ ann & 🟠 Computer — 🏆 most points · **52 points** together (⚫ 40 + 🟠 12)``."""
    state = game_of(row).state
    totals = state.team_scores
    assert totals is not None
    winners = set(state.winners())
    lines = []
    for team in sorted(range(2), key=lambda n: (-totals[n], n)):
        seats = (team, team + 2)
        place = 1 + sum(total > totals[team] for total in totals)
        names = t(" & ").join(
            seat_label(t, row, s) + (" " + t("(resigned)") if state.resigned[s] else "")
            for s in seats
        )
        why = f"🏆 {t('most points')} · " if team in winners else ""
        points = t("{n} point", "{n} points", totals[team])
        parts = " + ".join(f"{SEAT_MARKS[s]} {_part(t, state, s)}" for s in seats)
        together = t("together ({parts})", parts=parts)
        lines.append(f"{place}. {names} — {why}**{points}** {together}")
    return lines


def fits_text(t: Translator, fields: int) -> str:
    return t("fits on {n} field", "fits on {n} fields", fields)


def placement_words(t: Translator, code: str, field: int, rotation: int, points: int) -> str:
    where = t(
        "Lay {tile} on {field} as {letter} ({sides}):",
        tile=tile_text(code),
        field=field_text(t, field),
        letter=rotation_letter(rotation),
        sides=squares(sides_of(code, rotation)),
    )
    return f"{where} {t('{n} point', '{n} points', points)}."


def hint_text(t: Translator, hint: Hint) -> str:
    """The hard player's advice in the reader's words (never the engine's English text)."""
    reason = hint.reason
    if reason is HintReason.PASS:
        return "💡 " + t("Nothing fits and the bag is empty: pass.")
    if reason is HintReason.END_GAME:
        return "💡 " + t("Nothing fits: pass. That ends the game with you ahead.")
    if reason is HintReason.EXCHANGE:
        assert hint.tile is not None
        return "💡 " + t(
            "Nothing fits: exchange {tile} for a tile from the bag.", tile=tile_text(hint.tile)
        )
    assert hint.tile is not None and hint.field is not None and hint.rotation is not None
    lines = [placement_words(t, hint.tile, hint.field, hint.rotation, hint.points)]
    if reason is HintReason.MOST_POINTS:
        lines.append(t("No placement scores more now."))
    elif reason is HintReason.DENY:
        lines.append(
            t(
                "{best} points are possible, but this leaves the next player less.",
                best=hint.best_points,
            )
        )
    elif reason is HintReason.SET_UP:
        lines.append(
            t(
                "{best} points are possible, but this sets up a better next turn for you.",
                best=hint.best_points,
            )
        )
    elif reason is HintReason.SHED:
        lines.append(
            t("It gets a high tile out of your hand: tiles left in hand count against you.")
        )
    elif reason is HintReason.SOLVED and hint.expected is not None:
        lines.append(
            t(
                "Played out to the end, the rest of the game gives you {margin} against "
                "your opponent.",
                margin=f"{round(hint.expected):+d}",
            )
        )
    if hint.reply is not None and reason is not HintReason.SOLVED:
        lines.append(
            t(
                "After it the next player can score at most {n} point.",
                "After it the next player can score at most {n} points.",
                hint.reply,
            )
        )
    return "💡 " + " ".join(lines)


def options_text(t: Translator, teams: bool) -> str:
    return t("2 v 2 teams") if teams else t("everyone for themselves")


def rules_text(t: Translator) -> str:
    bonus = ", ".join(str(f) for f in BONUS_FIELDS)
    return "\n".join(
        [
            "**Spectrangle**",
            t(
                "Lay triangular tiles on the board so that touching sides have the same colour; "
                "white (the joker) matches every colour."
            ),
            "• " + t("Everyone holds 4 tiles, open for all to see. The highest first tile starts."),
            "• "
            + t(
                "The first tile may go on any field without a bonus; every later tile must touch "
                "a laid tile along a whole side."
            ),
            "• "
            + t(
                "A tile scores its value × the tiles it touches (at least 1) × the field's "
                "bonus (×2, ×3 or ×4 on fields {fields}, as the picture shows).",
                fields=bonus,
            ),
            "• "
            + t(
                "After laying a tile you draw one from the bag. Only when none of your tiles fits "
                "anywhere may you pass, or exchange a tile with the bag."
            ),
            "• "
            + t(
                "The game ends when no tile can be laid any more or everyone passed in turn. "
                "Tiles left in your hand count against you."
            ),
            "• " + t("2 v 2: seats 1 and 3 play against seats 2 and 4 and add up their points."),
            t(
                "On your turn choose a tile, then its rotation (the colours clockwise from the "
                "field's flat side; the picture labels them a, b, c), then the field."
            ),
        ]
    )
