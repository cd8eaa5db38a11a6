"""The text around the board: the game's status in the top left corner, the last move in the
top right one, and below the board a row per player (marker, name, hand drawn as tiles,
score) with the team totals in the team game. Hands are public in Spectrangle."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from games.spectrangle.board import FIELDS
from games.spectrangle.state import SpectrangleState, TurnKind
from games.spectrangle.tiles import TILE_BY_CODE
from locales import DEFAULT, tn, translator
from renderers import sprites
from renderers.names import fitted_name
from renderers.spectrangle import theme as th
from renderers.spectrangle import tiles
from renderers.text import fit, fit_font, font

HAND_STEP = th.HAND_TILE + 8


def seat_token(seat: int, size: int) -> Image.Image:
    return sprites.token(th.SEAT_COLOURS[seat], th.SEAT_MARKS[seat], size)


def team_number(state: SpectrangleState, seat: int) -> int:
    """1 for seats 0 and 2, 2 for seats 1 and 3 (the team game pairs opposite seats)."""
    return state.team_of(seat) + 1


def winner_label(state: SpectrangleState, lang: str = DEFAULT) -> str:
    """ "Winner", "Winning team" (both seats of one team) or "Shared win" (a tie)."""
    t = translator(lang)
    sides = {state.team_of(s) for s in state.winners()}
    if len(sides) > 1:
        return t("Shared win")
    return t("Winning team") if state.teams else t("Winner")


def draw_status(img: Image.Image, state: SpectrangleState, lang: str = DEFAULT) -> None:
    """Top left: the game's name, the turn (or game over) and the tiles left in the bag."""
    t = translator(lang)
    draw = ImageDraw.Draw(img)
    x = th.MARGIN + 4
    draw.text((x, th.MARGIN + 18), "SPECTRANGLE", font=font(34, True), fill=th.TEXT, anchor="lm")
    turn = t("Turn {n}", n=state.turn + 1) if not state.finished else t("Game over")
    bag = tn(translator(lang), "{n} tile in the bag", "{n} tiles in the bag", state.bag_count)
    small = font(19)
    for i, line in enumerate((turn, bag)):
        y = th.MARGIN + 56 + 26 * i
        draw.text((x, y), fit(line, small, th.CARD_W), font=small, fill=th.MUTED, anchor="lm")


def draw_last_move(
    img: Image.Image, state: SpectrangleState, names: Sequence[str], lang: str = DEFAULT
) -> None:
    """Top right: who moved last and what: the tile and field with its points, or a pass."""
    last = state.last_turn
    if last is None:
        return
    t = translator(lang)
    draw = ImageDraw.Draw(img)
    right = th.IMAGE_W - th.MARGIN - 4
    y = th.MARGIN + 10
    head_font, head = fit_font(t("Last move").upper(), 15, th.CARD_W, bold=True)
    draw.text((right, y), head, font=head_font, fill=th.MUTED, anchor="rm")
    small = font(19)
    text_right = right
    if last.kind is TurnKind.PLACE and last.tile is not None and last.field is not None:
        placed = state.board[last.field]
        sides = placed.sides if placed is not None else last.tile
        value = TILE_BY_CODE[last.tile].value
        sprite = tiles.tile(sides, FIELDS[last.field].up, 72, value, lang)
        img.paste(sprite, (right - sprite.width + 1, y + 14), sprite)
        text_right = right - sprite.width - 12
        what = t("field {n}", n=last.field)
        points = f"+{last.points}"
        big = font(26, True)
        draw.text((text_right, y + 66), points, font=big, fill=th.ACCENT, anchor="rm")
        where_w = th.CARD_W - sprite.width - 24 - big.getlength(points) - 10
        draw.text(
            (text_right - big.getlength(points) - 10, y + 67),
            fit(what, small, where_w),
            font=small,
            fill=th.MUTED,
            anchor="rm",
        )
    else:
        what = t("passed") if last.kind is TurnKind.PASS else t("exchanged a tile")
        draw.text(
            (right, y + 66), fit(what, small, th.CARD_W), font=small, fill=th.MUTED, anchor="rm"
        )
    tok_x = right - th.CARD_W
    name_font, name = fitted_name(names, last.seat, 22, text_right - tok_x - 38, lang)
    draw.text((text_right, y + 36), name, font=name_font, fill=th.TEXT, anchor="rm")
    tok = seat_token(last.seat, 26)
    img.paste(tok, (round(text_right - name_font.getlength(name) - 34), y + 23), tok)


def draw_players(
    img: Image.Image, state: SpectrangleState, names: Sequence[str], lang: str = DEFAULT
) -> int:
    """A card per seat in the corners: marker, name, what it is doing, hand and score; in the
    team game each column's team total under it. Returns the lowest y drawn on the left."""
    t = translator(lang)
    draw = ImageDraw.Draw(img)
    winners = set() if state.seats == 1 else set(state.winners())  # solo: a score, no win
    penalties = state.penalties
    scores = state.scores
    for seat in range(state.seats):
        left, top, right, bottom = th.card_box(seat)
        lit = seat == state.current or seat in winners
        draw.rounded_rectangle(
            (left, top, right, bottom),
            radius=12,
            fill=th.PANEL_HIGHLIGHT if lit else th.PANEL,
            outline=th.ACCENT if lit else None,
            width=3,
        )
        tok = seat_token(seat, 32)
        img.paste(tok, (left + 10, top + 10), tok)
        score = str(scores[seat])
        score_font = font(32, True)
        draw.text((right - 14, top + 27), score, font=score_font, fill=th.TEXT, anchor="rm")
        name_x = left + 50
        name_w = right - 14 - score_font.getlength(score) - 12 - name_x
        name_font, name = fitted_name(names, seat, 22, name_w, lang)
        resigned = state.resigned[seat]
        draw.text(
            (name_x, top + 20),
            name,
            font=name_font,
            fill=th.MUTED if resigned else th.TEXT,
            anchor="lm",
        )
        facts = []
        if resigned:
            facts.append(t("resigned"))
        elif seat in winners:
            facts.append("★ " + t("winner"))
        elif seat == state.current:
            facts.append("▶ " + t("to play"))
        if penalties[seat]:
            facts.append(t("hand −{n}", n=penalties[seat]))
        info_font = font(16)
        draw.text(
            (name_x, top + 44),
            fit(" · ".join(facts), info_font, name_w),
            font=info_font,
            fill=th.ACCENT if lit and not resigned else th.MUTED,
            anchor="lm",
        )
        hand_y = bottom - 10 - tiles.height_of(th.HAND_TILE)
        _draw_hand(img, state.hand(seat), left + 12, hand_y, lang)
    rows = (state.seats + 1) // 2
    y = th.CARD_TOP + rows * (th.CARD_H + th.CARD_GAP)
    if state.teams:
        _draw_teams(img, draw, state, y, lang)
        y += 56
    return y


def _draw_hand(img: Image.Image, hand: Sequence[str], x: int, y: int, lang: str) -> None:
    if hand:
        strip = _hand_strip(tuple(hand), lang)
        img.paste(strip, (x, y), strip)


@lru_cache(maxsize=16)
def _hand_strip(hand: tuple[str, ...], lang: str) -> Image.Image:
    """A hand's tiles side by side (RGBA), one paste per card: most hands are the same as
    the turn before."""
    first = tiles.tile(hand[0], True, th.HAND_TILE, TILE_BY_CODE[hand[0]].value, lang)
    strip = Image.new("RGBA", ((len(hand) - 1) * HAND_STEP + first.width, first.height))
    for i, code in enumerate(hand):
        sprite = tiles.tile(code, True, th.HAND_TILE, TILE_BY_CODE[code].value, lang)
        strip.alpha_composite(sprite, (i * HAND_STEP, 0))
    return strip


def _draw_teams(
    img: Image.Image, draw: ImageDraw.ImageDraw, state: SpectrangleState, y0: int, lang: str
) -> None:
    """Each team's total under its column of cards, with both markers; the winners framed."""
    t = translator(lang)
    totals = state.team_scores or [0, 0]
    winners = {state.team_of(s) for s in state.winners()}
    width = th.CARD_W - 60
    for team in (0, 1):
        left = th.card_box(team)[0] + (0 if team == 0 else 60)
        mid = y0 + 22
        draw.rounded_rectangle(
            (left, y0, left + width, y0 + 44),
            radius=10,
            fill=th.PANEL,
            outline=th.ACCENT if team in winners else th.FAINT,
            width=2,
        )
        label_font, label = fit_font(t("Team {n}", n=team + 1).upper(), 16, width - 150, bold=True)
        draw.text((left + 14, mid), label, font=label_font, fill=th.MUTED, anchor="lm")
        tx = left + 22 + round(label_font.getlength(label))
        for seat in (team, team + 2):
            tok = seat_token(seat, 24)
            img.paste(tok, (tx, mid - 12), tok)
            tx += 28
        draw.text(
            (left + width - 14, mid),
            str(totals[team]),
            font=font(28, True),
            fill=th.TEXT,
            anchor="rm",
        )
