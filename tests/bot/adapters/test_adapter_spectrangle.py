"""The Spectrangle adapter without Discord: screens, controls, clicks, words, stats and export."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from bot.adapters.spectrangle import ADAPTER, Screen
from bot.adapters.spectrangle.words import tile_text
from bot.contract.adapter import ARG_PATTERN, MAX_OPTIONS, Button, Click, Controls, Select, TurnView
from bot.contract.models import GameRow, Player, SeatResult, Status
from bot.contract.refusals import Refusal
from games.common.actions import Resign
from games.common.chance import SeededChance
from games.common.errors import RecordError
from games.spectrangle import BONUS_FIELDS, TILE_BY_CODE, Exchange, Exchanged, Pass, Place, errors
from games.spectrangle.__main__ import main as replay_main
from games.spectrangle.ai import hint
from games.spectrangle.game import Game
from locales import LANGUAGES, translator
from renderers.spectrangle import theme

EN = translator("en")


def make_row(game: Game, humans: int | None = None, game_id: int = 7) -> GameRow:
    """A running game's row: people in the first ``humans`` seats, computers after them."""
    seats = game.state.seats
    humans = seats if humans is None else humans
    players = [
        Player(100 + s, f"Player {s}") if s < humans else Player(0, "Computer", ai="normal")
        for s in range(seats)
    ]
    return GameRow(game_id, 1, 2, 100, ADAPTER.info.kind, Status.RUNNING, players, game=game)


def new_game(seats: int, seed: int, teams: bool = False) -> Game:
    options = {"teams": "teams" if teams else "none"}
    return ADAPTER.new_game(seats, options, SeededChance(seed))


def rows(view: TurnView) -> tuple:
    assert view.controls is not None
    return view.controls.rows


def selects(view: TurnView, action: str) -> list[Select]:
    return [r for r in rows(view) if isinstance(r, Select) and r.action == action]


def buttons(view: TurnView) -> list[Button]:
    return [b for r in rows(view) if not isinstance(r, Select) for b in r]


def screens(game: Game) -> Iterator[Screen | None]:
    """The board and every (tile, distinct rotation) screen of the position."""
    yield None
    seat = game.state.current
    assert seat is not None
    for code in dict.fromkeys(game.state.hand(seat)):
        for k in TILE_BY_CODE[code].distinct_rotations:
            yield Screen(code, k)


def positions(count: int, seed: int = 1) -> Iterator[Game]:
    """Positions of seeded random games of 2, 3, 4 players and teams, turn by turn."""
    rng = random.Random(seed)
    for n in range(count):
        seats, teams = [(2, False), (3, False), (4, False), (4, True)][n % 4]
        game = new_game(seats, seed * 1000 + n, teams)
        while not game.finished:
            yield game
            game.rng = SeededChance(rng.random())
            game.apply(rng.choice(game.legal_actions(distinct=True)))


# ----------------------------------------------------------------------- identity, options


def test_identity_and_team_option() -> None:
    assert (ADAPTER.info.kind, ADAPTER.info.title, ADAPTER.info.group) == (
        "spectrangle",
        "Spectrangle",
        "spectrangle",
    )
    assert (ADAPTER.info.min_seats, ADAPTER.info.max_seats, len(ADAPTER.info.seat_marks)) == (
        2,
        4,
        4,
    )
    assert ADAPTER.info.export_running is False
    assert ADAPTER.info.option is not None
    assert [c.value for c in ADAPTER.info.option.choices] == ["none", "teams"]
    assert ADAPTER.start_refusal({"teams": "teams"}, 3) is not None
    assert ADAPTER.start_refusal({"teams": "teams"}, 4) is None
    assert ADAPTER.start_refusal({"teams": "none"}, 3) is None
    assert ADAPTER.start_refusal({}, 2) is None
    assert new_game(4, 1, teams=True).state.teams
    assert not new_game(4, 1).state.teams


def test_new_game_is_seeded_by_the_chance() -> None:
    assert new_game(3, 5).setup.bag == new_game(3, 5).setup.bag
    assert new_game(3, 5).setup.bag != new_game(3, 6).setup.bag


# ------------------------------------------------------------------------- engine glue


def test_dump_load_round_trip_mid_game_plays_on_alike() -> None:
    for game in positions(8, seed=2):
        if game.state.turn % 5:
            continue
        setup, state = ADAPTER.codec.dump(game)
        loaded = ADAPTER.codec.load(json.loads(json.dumps(setup)), json.loads(json.dumps(state)))
        assert ADAPTER.codec.same_state(game, loaded)
        assert loaded.legal_placements() == game.legal_placements()
        assert ADAPTER.current(loaded) == ADAPTER.current(game)
        assert ADAPTER.turn_number(loaded) == ADAPTER.turn_number(game) == game.state.turn + 1


def test_load_refuses_a_state_of_another_setup() -> None:
    setup, _ = ADAPTER.codec.dump(new_game(2, 1))
    _, state = ADAPTER.codec.dump(new_game(3, 1))
    with pytest.raises(RecordError):
        ADAPTER.codec.load(setup, state)
    with pytest.raises(RecordError):
        ADAPTER.codec.load(setup, {"seats": 2})


def test_events_codec_and_replay_rebuild_the_state() -> None:
    game = new_game(3, 9)
    rng = random.Random(9)
    while not game.finished:
        ADAPTER.apply(
            game, rng.choice(game.legal_actions(distinct=True)), SeededChance(rng.random())
        )
    events = [
        ADAPTER.codec.event_from_dict(json.loads(json.dumps(ADAPTER.codec.event_to_dict(e))))
        for e in ADAPTER.codec.events(game)
    ]
    setup, _ = ADAPTER.codec.dump(game)
    replayed = ADAPTER.codec.replay(setup, events)
    assert ADAPTER.codec.same_state(game, replayed)
    assert ADAPTER.scores(replayed) == game.state.scores
    assert ADAPTER.turn_number(game) == len(game.history)


def test_exchange_uses_the_platform_chance_for_the_return_position() -> None:
    for game in positions(40, seed=3):
        actions = game.legal_actions()
        exchange = next((a for a in actions if isinstance(a, Exchange)), None)
        if exchange is not None:
            break
    else:
        pytest.fail("no exchange in 40 random games")
    left = game.state.bag_count

    class Fixed:
        def below(self, n: int) -> int:
            assert n == left
            return n - 1

    ADAPTER.apply(game, exchange, Fixed())
    assert game.events[-1] == Exchanged(exchange.seat, exchange.tile, left - 1)
    assert game.state.bag_codes()[-1] == exchange.tile
    assert ADAPTER.ends_turn(exchange)


def test_turn_actions_end_the_turn_and_resigning_does_not() -> None:
    assert ADAPTER.ends_turn(Place(0, "RRR", 0, 0))
    assert ADAPTER.ends_turn(Pass(0))
    assert not ADAPTER.ends_turn(Resign(0))
    assert ADAPTER.resign_action(2) == Resign(2)


# ------------------------------------------------------------------------------ controls


def test_controls_stay_within_discord_limits_and_offer_what_the_rules_allow() -> None:
    seen_split = seen_stuck = seen_single = 0
    for game in positions(12, seed=4):
        row = make_row(game)
        placeable = {p.tile for p in game.legal_placements()}
        for screen in screens(game):
            view = ADAPTER.turn_view(EN, row, screen)
            assert isinstance(view.controls, Controls)  # its checks: ≤ 5 rows, ≤ 5 buttons
            for r in rows(view):
                if isinstance(r, Select):
                    assert 1 <= len(r.options) <= MAX_OPTIONS
            names = {b.action for b in buttons(view)} | {
                s.action for s in rows(view) if isinstance(s, Select)
            }
            assert "hint" in names
            if not placeable:
                seen_stuck += 1
                assert names <= {"hint", "pass", "exchange"}
                assert "pass" in names
                assert ("exchange" in names) == (game.state.bag_count > 0)
                continue
            assert not names & {"pass", "exchange"}
            tile_select = selects(view, "tile")[0]
            assert [o.value for o in tile_select.options] == [
                c for c in game.state.hand(game.state.current) if c in placeable
            ]
            if screen is None or screen.tile not in placeable:
                assert not selects(view, "field")
                continue
            rotations = [b for b in buttons(view) if b.action == "rotate"]
            distinct = TILE_BY_CODE[screen.tile].distinct_rotations
            assert [int(b.args[1]) for b in rotations] == list(distinct)
            seen_single += len(distinct) == 1
            fields = {
                p.field for p in game.legal_placements(screen.tile) if p.rotation == screen.rotation
            }
            field_selects = selects(view, "field")
            if fields:
                offered = [int(o.value) for s in field_selects for o in s.options]
                assert offered == sorted(fields)
                assert len(field_selects) == (2 if len(fields) > MAX_OPTIONS else 1)
                seen_split += len(field_selects) == 2
                assert {s.args for s in field_selects} == {
                    (screen.tile, str(screen.rotation), str(i)) for i in range(len(field_selects))
                }
    assert seen_split and seen_stuck and seen_single  # the cases the checks are about occurred


def test_control_texts_and_args_fit_discord_in_every_language() -> None:
    """Discord: button labels ≤ 80, option labels and descriptions ≤ 100, placeholders ≤ 150;
    the platform: actions in lower-case letters, every argument matching ARG_PATTERN."""
    checked = 0
    for n, game in enumerate(positions(4, seed=8)):
        if n % 3:
            continue
        row = make_row(game)
        for lang in LANGUAGES:
            for screen in screens(game):
                for r in rows(ADAPTER.turn_view(translator(lang), row, screen)):
                    if isinstance(r, Select):
                        assert len(r.placeholder) <= 150
                        for o in r.options:
                            assert 1 <= len(o.label) <= 100 and len(o.description or "") <= 100
                            assert re.fullmatch(ARG_PATTERN, o.value)
                        parts = [r]
                    else:
                        parts = list(r)
                        assert all(1 <= len(b.label) <= 80 for b in r)
                    for part in parts:
                        assert re.fullmatch("[a-z]+", part.action)
                        assert all(re.fullmatch(ARG_PATTERN, a) for a in part.args)
                        checked += 1
    assert checked > 100


def test_the_first_move_splits_its_27_fields_over_two_selects() -> None:
    game = new_game(2, 11)
    code = next(c for c in game.state.hand(game.state.current) if len(set(c)) > 1)
    view = ADAPTER.turn_view(EN, make_row(game), Screen(code, 1))
    parts = selects(view, "field")
    assert [len(s.options) for s in parts] == [14, 13]
    assert len(rows(view)) == 5
    lit = [b for b in buttons(view) if b.action == "rotate"]
    assert [b.label for b in lit] == [
        f"{'abc'[k]} "
        + "".join(
            {"R": "🟥", "G": "🟩", "B": "🟦", "Y": "🟨", "P": "🟪", "W": "⬜"}[c]
            for c in code[k:] + code[:k]
        )
        for k in range(3)
    ]
    assert [b.style.value for b in lit] == ["secondary", "primary", "secondary"]


def test_a_computer_turn_has_no_controls_and_the_board_picture() -> None:
    game = new_game(2, 3)
    row = make_row(game, humans=0)
    view = ADAPTER.turn_view(EN, row)
    assert view.controls is None
    assert view.picture is not None and view.picture.filename == "spectrangle.png"
    assert "<@" not in view.content


def test_the_turn_pictures_render_the_board_and_the_chosen_tile(tmp_path: Path) -> None:
    game = new_game(3, 21)
    row = make_row(game)
    rng = random.Random(1)
    for _ in range(6):
        game.apply(rng.choice(game.legal_placements()))
    code = next(iter({p.tile for p in game.legal_placements()}))
    board = ADAPTER.turn_view(translator("de"), row).picture
    placing = ADAPTER.turn_view(translator("de"), row, Screen(code, 0)).picture
    assert board is not None and placing is not None
    assert placing.args[2] == code and placing.kwargs == {"lang": "de"}
    for picture in (board, placing):
        png = picture.draw(*picture.args, **picture.kwargs)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        (tmp_path / picture.filename).write_bytes(png)
    assert board.draw(*board.args, **board.kwargs) != placing.draw(*placing.args, **placing.kwargs)


def test_turn_view_shows_the_timer_mention_scores_and_bag() -> None:
    game = new_game(4, 8, teams=True)
    row = make_row(game)
    row.turn_due = 1_900_000_000.0
    content = ADAPTER.turn_view(EN, row).content
    seat = game.state.current
    assert f"<@{100 + seat}>, your turn" in content
    assert "<t:1900000000:R>" in content
    assert "20 tiles in the bag" in content
    assert "Team 1" in content and "Team 2" in content


# --------------------------------------------------------------------------------- clicks


def click(game: Game, c: Click, t=EN):  # type: ignore[no-untyped-def]
    return ADAPTER.click(make_row(game), game.state.current, c, t)


def test_clicks_lead_from_tile_over_rotation_to_the_placement() -> None:
    game = new_game(2, 12)
    seat = game.state.current
    code = next(c for c in game.state.hand(seat) if len(set(c)) == 3)
    out = click(game, Click("tile", (), (code,)))
    assert out.screen == Screen(code, 0) and out.action is None
    out = click(game, Click("rotate", (code, "2")))
    assert out.screen == Screen(code, 2)
    out = click(game, Click("field", (code, "2", "1"), ("27",)))
    assert out.action == Place(seat, code, 27, 2) and out.screen is None


def test_every_offered_field_is_a_legal_placement_and_every_placement_is_offered() -> None:
    for n, game in enumerate(positions(6, seed=5)):
        if n % 7:
            continue
        row = make_row(game)
        seat = game.state.current
        reached = set()
        for screen in screens(game):
            view = ADAPTER.turn_view(EN, row, screen)
            for s in selects(view, "field"):
                for o in s.options:
                    out = ADAPTER.click(row, seat, Click("field", s.args, (o.value,)), EN)
                    reached.add(out.action)
        assert reached == set(game.legal_placements())


def test_stuck_players_exchange_a_chosen_tile_or_pass() -> None:
    for game in positions(40, seed=6):
        if not game.legal_placements() and game.state.bag_count:
            break
    else:
        pytest.fail("no stuck player in 40 random games")
    seat = game.state.current
    view = ADAPTER.turn_view(EN, make_row(game))
    (swap,) = selects(view, "exchange")
    assert [o.value for o in swap.options] == list(dict.fromkeys(game.state.hand(seat)))
    code = swap.options[-1].value
    assert click(game, Click("exchange", (), (code,))).action == Exchange(seat, code)
    assert click(game, Click("pass")).action == Pass(seat)


@pytest.mark.parametrize(
    "forged",
    [
        Click("nonsense"),
        Click("tile", (), ()),
        Click("tile", (), ("RRR", "GGG")),
        Click("tile", (), ("XYZ",)),
        Click("rotate", ("{tile}", "3")),
        Click("rotate", ("{tile}",)),
        Click("field", ("{tile}", "0", "0"), ("2",)),  # a bonus field on the first move
        Click("field", ("{tile}", "0", "0"), ("x",)),
        Click("field", ("{tile}", "0", "0"), ("99",)),
        Click("field", ("{tile}", "0", "7"), ("0",)),
        Click("field", ("{other}", "0", "0"), ("0",)),  # a tile of someone else's hand
        Click("pass"),
        Click("exchange", (), ("{tile}",)),
        Click("hint", ("extra",)),
    ],
)
def test_forged_or_malformed_clicks_are_refused(forged: Click) -> None:
    game = new_game(2, 13)
    seat = game.state.current
    mine, other = game.state.hand(seat)[0], game.state.hand(1 - seat)[0]

    def fill(values: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(v.format(tile=mine, other=other) for v in values)

    c = Click(forged.action, fill(forged.args), fill(forged.values))
    with pytest.raises(Refusal) as refused:
        click(game, c)
    assert refused.value.text(translator("nl")) != refused.value.text(EN)


def test_a_click_from_an_older_screen_whose_tile_was_laid_is_refused() -> None:
    game = new_game(2, 14)
    seat = game.state.current
    code = game.state.hand(seat)[0]
    game.apply(Place(seat, code, 0, 0))
    with pytest.raises(Refusal):
        ADAPTER.click(make_row(game), seat, Click("field", (code, "0", "0"), ("2",)), EN)


def test_a_double_click_on_a_field_is_told_the_first_one_counted() -> None:
    game = new_game(2, 17)
    row = make_row(game)
    seat = game.state.current
    code = game.state.hand(seat)[0]
    first = Click("field", (code, "0", "0"), ("0",), version=row.event_count)

    def refused(seat: int, click: Click) -> str | None:
        try:
            ADAPTER.check_click(row, seat, click)
        except Refusal as exc:
            return exc.message
        return None

    assert refused(seat, first) is None  # nothing played yet
    ADAPTER.apply(game, ADAPTER.click(row, seat, first, EN).action, SeededChance(1))
    assert refused(seat, first) == "That turn is already played: your first click counted."
    earlier = "These buttons belong to an earlier turn. Use the latest turn message."
    assert refused(seat, Click("tile", (), (code,), version=first.version)) == earlier
    assert refused(1 - seat, first) == earlier


def test_a_stale_screen_falls_back_to_the_board() -> None:
    game = new_game(2, 15)
    view = ADAPTER.turn_view(
        EN,
        make_row(game),
        Screen("WWW" if "WWW" not in game.state.hand(game.state.current) else "RRR", 0),
    )
    assert not selects(view, "field")
    assert view.picture is not None and view.picture.filename == "spectrangle.png"


def test_the_hint_is_private_and_worded_from_the_structured_hint() -> None:
    game = new_game(3, 16)
    advice = hint(game.state)
    for lang in LANGUAGES:
        out = click(game, Click("hint"), translator(lang))
        assert out.action is None and out.screen is None and out.private
        assert tile_text(advice.tile) in out.private and f"{advice.field}" in out.private
        if lang != "en":
            assert out.private != click(game, Click("hint"), EN).private
            assert advice.text not in out.private


# ----------------------------------------------------------------------- whole games


def play_by_clicks(game: Game, rng: random.Random) -> int:
    """Play to the end choosing only among the controls shown; the clicks made."""
    clicks = 0
    while not game.finished:
        row = make_row(game)
        seat = game.state.current
        screen = None
        for _ in range(5):
            view = ADAPTER.turn_view(EN, row, screen)
            options = [
                Click(r.action, r.args, (o.value,))
                for r in rows(view)
                if isinstance(r, Select)
                for o in r.options
            ] + [
                Click(b.action, b.args)
                for b in buttons(view)
                if not b.disabled and b.action != "hint"
            ]
            out = ADAPTER.click(row, seat, rng.choice(options), EN)
            clicks += 1
            if out.action is not None:
                ADAPTER.apply(game, out.action, SeededChance(rng.random()))
                break
            screen = out.screen
        else:
            field = next(r for r in rows(view) if isinstance(r, Select) and r.action == "field")
            out = ADAPTER.click(
                row, seat, Click("field", field.args, (field.options[0].value,)), EN
            )
            ADAPTER.apply(game, out.action, SeededChance(rng.random()))
        assert ADAPTER.turn_result(EN, row)
    return clicks


@pytest.mark.parametrize(("seats", "teams"), [(2, False), (3, False), (4, False), (4, True)])
def test_whole_games_played_through_clicks_score_as_the_engine(seats: int, teams: bool) -> None:
    game = new_game(seats, 30 + seats, teams)
    assert play_by_clicks(game, random.Random(seats)) > len(game.history)
    assert ADAPTER.finished(game) and ADAPTER.current(game) is None
    setup, _ = ADAPTER.codec.dump(game)
    engine = Game.replay(game.setup, list(game.events))
    assert list(ADAPTER.scores(game)) == engine.scores
    assert list(ADAPTER.winners(game)) == engine.winners()
    assert ADAPTER.codec.same_state(ADAPTER.codec.replay(setup, ADAPTER.codec.events(game)), game)
    final = ADAPTER.final_view(EN, make_row(game))
    for total in engine.team_scores or engine.scores:
        assert f"**{total} point" in final.content


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_computers_play_whole_games_one_move_per_turn(level: str) -> None:
    for seats in (2, 4) if level != "hard" else (2,):
        game = new_game(seats, 40 + seats)
        while not game.finished:
            seat = game.state.current
            turns = game.state.turn
            move = ADAPTER.computer_move(game, seat, level, f"{seat}:{turns}")
            assert move == ADAPTER.computer_move(game, seat, level, f"{seat}:{turns}")
            assert ADAPTER.ends_turn(move.action)
            ADAPTER.apply(game, move.action, SeededChance(turns))
            assert game.state.turn == turns + 1
        assert ADAPTER.finished(game)


# ------------------------------------------------------------------- words and languages


def finished_game(seats: int = 4, teams: bool = True, seed: int = 50) -> Game:
    game = new_game(seats, seed, teams)
    while not game.finished:
        move = ADAPTER.computer_move(game, game.state.current, "normal", "x")
        ADAPTER.apply(game, move.action, SeededChance(1))
    return game


def test_every_text_is_written_in_each_language() -> None:
    game = new_game(4, 60, teams=True)
    row = make_row(game)
    code = game.state.hand(game.state.current)[0]
    texts: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        t = translator(lang)
        out = [ADAPTER.intro(t, row), ADAPTER.turn_view(t, row).content]
        out.append(ADAPTER.turn_view(t, row, Screen(code, 0)).content)
        out.append(ADAPTER.rules(t)[0])
        out.append(ADAPTER.options_text(t, {"teams": "teams"}, 4))
        texts[lang] = out
    game.apply(game.legal_placements()[0])
    for lang in LANGUAGES:
        texts[lang].append(ADAPTER.turn_result(translator(lang), row))
    done = make_row(finished_game())
    for lang in LANGUAGES:
        texts[lang].append(ADAPTER.final_view(translator(lang), done).content)
    for lang in LANGUAGES:
        if lang != "en":
            for mine, english in zip(texts[lang], texts["en"], strict=True):
                assert mine != english, (lang, mine)


def inside(field: int) -> tuple[int, int]:
    """A point of the field between its centre and its first corner, clear of its labels."""
    (cx, cy), (ax, ay) = theme.field_centre(field), theme.field_corners(field)[0]
    return round(0.6 * cx + 0.4 * ax), round(0.6 * cy + 0.4 * ay)


def test_the_rules_come_with_the_bare_board() -> None:
    text, picture = ADAPTER.rules(translator("fr"))
    assert "×4" in text and ", ".join(map(str, BONUS_FIELDS)) in text
    assert picture is not None
    png = picture.draw(*picture.args, **picture.kwargs)
    with Image.open(io.BytesIO(png)) as img:
        assert img.size == (1200, 1032)
        rgb = img.convert("RGB")
        x4, plain = (rgb.getpixel(inside(f)) for f in (11, 12))
    assert x4 != plain and plain == rgb.getpixel(inside(6))  # the bonus field stands out


def test_turn_results_say_who_laid_what_where_for_how_much() -> None:
    game = new_game(2, 61)
    row = make_row(game)
    seat = game.state.current
    code = game.state.hand(seat)[0]
    game.apply(Place(seat, code, 0, 1))
    line = ADAPTER.turn_result(EN, row)
    value = TILE_BY_CODE[code].value
    assert line.startswith(f"{ADAPTER.info.seat_marks[seat]} Player {seat} laid")
    assert line.endswith(f"{tile_text(code)} on field 0 · {value} = **+{value}**")
    # a ×3 field next to it: value × 1 side × 3
    nxt = next(p for p in game.legal_placements() if p.field == 2)
    game.apply(nxt)
    line = ADAPTER.turn_result(EN, row)
    value = TILE_BY_CODE[nxt.tile].value
    assert line.endswith(
        f"{tile_text(nxt.tile)} on field 2 (×3) · {value} × 1 side × 3 = **+{3 * value}**"
    )
    assert ADAPTER.turn_result(translator("nl"), row).endswith(
        f"{tile_text(nxt.tile)} op veld 2 (×3) · {value} × 1 zijde × 3 = **+{3 * value}**"
    )


def test_final_view_lists_standings_with_team_totals_and_the_final_picture() -> None:
    game = finished_game()
    view = ADAPTER.final_view(EN, make_row(game))
    teams = game.state.team_scores
    assert teams is not None
    lines = view.content.splitlines()
    assert view.picture is not None and view.picture.filename == "spectrangle-final.png"
    best = max(range(2), key=lambda n: teams[n])  # one line per team, partners together
    marks = ADAPTER.info.seat_marks
    assert teams[0] != teams[1]
    assert lines[0].startswith(
        f"1. {marks[best]} Player {best} & {marks[best + 2]} Player {best + 2} — 🏆 most points"
    )
    assert f"**{teams[best]} points** together (" in lines[0]
    assert lines[1].startswith(f"2. {marks[1 - best]} Player {1 - best} & ")
    assert view.controls is None


def test_intro_names_the_start_player_and_the_teams() -> None:
    game = new_game(4, 62, teams=True)
    text = ADAPTER.intro(EN, make_row(game))
    start = game.setup.start_seat
    assert f"{ADAPTER.info.seat_marks[start]} Player {start} starts" in text
    assert "Teams: ⚫ Player 0 and 🟠 Player 2 against ⚪ Player 1 and 🔵 Player 3." in text


# ------------------------------------------------------------------------ stats, export


def test_seat_facts_and_stat_lines() -> None:
    game = finished_game(seats=2, teams=False, seed=70)
    facts = ADAPTER.seat_facts(game)
    for seat, fact in enumerate(facts):
        mine = [h for h in game.history if h.seat == seat and h.field is not None]
        assert fact["best"] == max(h.points for h in mine)
        assert fact["laid"] == len(mine)
        assert fact["bonus"] == sum(h.field in BONUS_FIELDS for h in mine)
    lines = ADAPTER.stat_lines(EN, facts)
    assert [line.name for line in lines] == ["Best placement", "Tiles laid", "On bonus fields"]
    assert lines[0].value == str(max(f["best"] for f in facts))
    assert ADAPTER.stat_lines(EN, []) == []


def test_team_partners_share_their_place() -> None:
    game = finished_game()
    winners = set(game.winners())
    results = [
        SeatResult(s, 100 + s, f"P{s}", game.scores[s], 1 + i, False, False, {})
        for i, s in enumerate(game.standings())
    ]
    ADAPTER.seat_results_hook(make_row(game), results)
    for r in results:
        assert r.won == (r.seat in winners)
        assert r.place == (1 if r.seat in winners else 3)


def test_export_is_a_record_the_replay_command_accepts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    finished = finished_game(seats=3, teams=False, seed=80)
    game = ADAPTER.codec.load(
        *ADAPTER.codec.dump(finished)
    )  # as the platform loads it: no event log
    assert not game.events
    data, fmt = ADAPTER.codec.export(make_row(game))
    assert fmt == "spectrangle-record/1"
    assert isinstance(data, bytes) and json.loads(data)["format"] == fmt
    path = tmp_path / "game.json"
    path.write_bytes(data)
    assert replay_main(["replay", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["scores"] == finished.scores and report["finished"]
    assert report["winners"] == finished.winners()
    assert len(report["turns"]) == len(finished.history)


def test_benchmark_short_run(capsys: pytest.CaptureFixture[str]) -> None:
    """``benchmarks/bench_spectrangle_adapter.py`` in miniature: it runs and prints its figures."""
    from benchmarks import bench_spectrangle_adapter as bench

    bench.main(["--games", "2", "--hint-every", "5"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5
    assert all("median" in line and "p99" in line for line in lines)


def test_engine_refusals_are_worded_for_each_language() -> None:
    game = new_game(2, 90)
    seat = game.state.current
    tried = {
        errors.MustPlace: Pass(seat),
        errors.FirstOnBonus: Place(seat, game.state.hand(seat)[0], 2, 0),
        errors.TileNotHeld: Place(seat, game.state.hand(1 - seat)[0], 0, 0),
    }
    for error, action in tried.items():
        with pytest.raises(error) as refused:
            ADAPTER.apply(game, action, SeededChance(1))
        message = next(
            ADAPTER.info.refusals[c]
            for c in type(refused.value).__mro__
            if c in ADAPTER.info.refusals
        )
        assert message == ADAPTER.info.refusals[error]
        for lang in LANGUAGES[1:]:
            assert translator(lang)(message) != message
    assert not game.events  # refused: nothing changed


def test_a_resignation_says_what_happens_to_the_tiles() -> None:
    text = ADAPTER.resigned_text(translator("de"), "Ann")
    assert text.startswith("Ann ") and text != ADAPTER.resigned_text(EN, "Ann")
