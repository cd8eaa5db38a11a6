"""Replays, without Discord: every game's steps tell each turn in the words the bot posted
for it, the last step is the game as it ended, and the animation is a GIF a phone can show."""

from __future__ import annotations

import functools
import io

import pytest
from PIL import Image

from bot.adapters import installed
from bot.contract.capabilities import live_rounds, replays, result_view
from bot.contract.models import GameRow, Player, Status
from bot.core.replays import ReplayBook, sides
from games.common.dice import SeededDice
from locales import translator
from renderers.animation import animate

KINDS = sorted(installed())


@functools.cache
def played(kind: str) -> tuple[GameRow, tuple[str, ...]]:
    """A whole game at the most seats, played by normal computers, with each result line the
    bot posts as it goes (a turn-based game after each action ending a turn, a live game at
    the end of each round), and the row as stored: its log decoded from JSON."""
    game = installed()[kind]
    t = translator("en")
    seats = game.info.max_seats
    options = {game.info.option.name: game.info.option.default} if game.info.option else {}
    players = [Player(0, f"p{seat}", "normal") for seat in range(seats)]
    row = GameRow(7, 1, 1, 1, kind, Status.RUNNING, players, options=options)
    row.game = game.new_game(seats, options, SeededDice("new"))
    if (live := live_rounds(game)) is not None:
        live.started(row, 1_000_000.0)
    lines: list[str] = []
    for n in range(20_000):
        if game.finished(row.game):
            break
        dice = SeededDice(f"w:{n}")
        before = game.turn_number(row.game)
        if game.info.live:
            due = game.live_due(row.game)
            assert due is not None
            game.apply(row.game, game.live_step(row.game, due), dice)
            if game.turn_number(row.game) != before or game.finished(row.game):
                lines.append(game.turn_result(t, row))
        else:
            seat = game.current(row.game)
            assert seat is not None
            action = game.computer_move(row.game, seat, "normal", f"w:{n}").action
            game.apply(row.game, action, dice)
            if game.ends_turn(action):
                lines.append(result_view(game, t, row).content)
    assert game.finished(row.game)
    setup, _ = game.codec.dump(row.game)
    events = [
        game.codec.event_from_dict(game.codec.event_to_dict(e)) for e in game.codec.events(row.game)
    ]
    stored = GameRow(7, 1, 1, 1, kind, Status.FINISHED, players, options=options)
    stored.game = game.codec.replay(setup, events)
    return stored, tuple(lines)


@pytest.mark.parametrize("kind", KINDS)
def test_every_game_offers_replays(kind: str) -> None:
    assert replays(installed()[kind]) is not None


@pytest.mark.parametrize("kind", KINDS)
def test_each_step_says_what_the_bot_posted_for_that_turn(kind: str) -> None:
    row, posted = played(kind)
    book = ReplayBook(installed())
    t = translator("en")
    steps = len(book.rows(row))
    assert steps == len(posted) + 1  # the start, then one step per message
    final = installed()[kind].final_view(t, book.rows(row)[-1]).content
    said = [book.view(t, row, n).line for n in range(1, steps)]
    assert said[-1].endswith("\n" + final)  # the end also gives the standings
    said[-1] = said[-1].removesuffix("\n" + final)
    assert said == list(posted)
    assert book.view(t, row, 0).line == "The game begins."


@pytest.mark.parametrize("kind", KINDS)
def test_the_last_step_is_the_game_as_it_ended(kind: str) -> None:
    row, _ = played(kind)
    game = installed()[kind]
    rows = ReplayBook(installed()).rows(row)
    assert game.codec.same_state(rows[-1].game, row.game)
    assert rows[-1].status is Status.FINISHED
    assert all(r.status is Status.RUNNING for r in rows[:-1])
    assert not game.finished(rows[-2].game)


def test_a_game_is_rebuilt_once_and_the_oldest_leaves_a_full_book() -> None:
    book = ReplayBook(installed(), games_kept=2)
    rows = [played(kind)[0] for kind in ("spexxx", "cuibono", "raffzahn")]
    for n, row in enumerate(rows):
        row = GameRow(
            n + 1, 1, 1, 1, row.kind, row.status, row.players, options=row.options, game=row.game
        )
        rows[n] = row
        book.rows(row)
        book.rows(row)
    assert book.built == 3
    book.rows(rows[2])
    assert book.built == 3
    book.rows(rows[0])  # left the book when the third came
    assert book.built == 4


def test_raffzahn_shows_one_side_at_a_time_and_the_others_have_none() -> None:
    row, _ = played("raffzahn")
    book = ReplayBook(installed())
    t = translator("en")
    assert list(sides(installed()["raffzahn"], row)) == [0, 1, 2]
    public = book.view(t, row, 5)
    walls = [book.view(t, row, 5, side) for side in (0, 1, 2)]
    assert public.picture is not None
    drawn = {w.picture.draw(*w.picture.args, **w.picture.kwargs) for w in walls if w.picture}
    assert len(drawn) == 3  # each seat's own wall
    assert public.picture.draw(*public.picture.args, **public.picture.kwargs) not in drawn
    for kind in KINDS:
        if kind != "raffzahn":
            assert not sides(installed()[kind], played(kind)[0])


def _pngs(kind: str, count: int) -> list[bytes]:
    row, _ = played(kind)
    book = ReplayBook(installed())
    t = translator("en")
    out = []
    for n in range(count):
        picture = book.view(t, row, n).picture
        assert picture is not None
        out.append(picture.draw(*picture.args, **picture.kwargs))
    return out


def test_the_animation_is_a_looping_gif_of_every_step_sized_for_a_phone() -> None:
    pngs = _pngs("spexxx", 6)
    made = animate(pngs, [f"Spexxx #7 · {n}/5" for n in range(6)])
    image = Image.open(io.BytesIO(made.data))
    assert image.format == "GIF"
    assert image.n_frames == made.frames == 6
    assert image.width == made.width == 480
    assert image.info.get("loop") == 0
    durations = []
    for n in range(image.n_frames):
        image.seek(n)
        durations.append(image.info["duration"])
    assert durations[0] == durations[-1] > durations[1]


def test_an_animation_too_big_is_made_smaller_until_it_fits() -> None:
    pngs = _pngs("cuibono", 8)
    full = animate(pngs, ["x"] * 8)
    fitted = animate(pngs, ["x"] * 8, limit=len(full.data) // 2)
    assert len(fitted.data) <= len(full.data) // 2
    assert fitted.width < full.width or fitted.frames < full.frames
    with pytest.raises(ValueError):
        animate(pngs, ["x"] * 8, limit=1000)


def test_many_steps_keep_the_first_and_the_last() -> None:
    from renderers.animation import frame_ms, spread

    kept = spread(1000)
    assert kept[0] == 0 and kept[-1] == 999 and len(kept) <= 150
    assert spread(5) == [0, 1, 2, 3, 4]
    assert frame_ms(20) == 900 and frame_ms(150) == 600


@pytest.mark.parametrize("kind", ["spexxx", "spectrangle"])
def test_a_resignation_is_its_own_step_told_as_the_bot_told_it(kind: str) -> None:
    """bob resigns after a few turns: the last step says so (it repeated the turn before)."""
    game = installed()[kind]
    t = translator("en")
    options = {game.info.option.name: game.info.option.default} if game.info.option else {}
    row = GameRow(
        3, 1, 1, 1, kind, Status.RUNNING, [Player(1, "ann"), Player(2, "bob")], options=options
    )
    row.game = game.new_game(2, options, SeededDice("x"))
    for n in range(40):
        if game.turn_number(row.game) >= 4:
            break
        seat = game.current(row.game)
        assert seat is not None
        move = game.computer_move(row.game, seat, "normal", str(n)).action
        game.apply(row.game, move, SeededDice(str(n)))
    game.apply(row.game, game.resign_action(1), SeededDice("r"))
    row.status = Status.FINISHED
    book = ReplayBook(installed())
    last = len(book.rows(row)) - 1
    said = book.view(t, row, last).line.split("\n")[0]
    assert said == game.resigned_text(t, "⚪ bob")
    assert book.view(t, row, last - 1).line != said


@pytest.mark.parametrize("kind", ["spexxx", "spectrangle"])
def test_a_game_resigned_before_any_turn_is_told_as_that_resignation(kind: str) -> None:
    """bob resigns before anyone played, which ends the game: its step tells the resignation
    (there is no turn to tell: drawing one failed on the empty history)."""
    game = installed()[kind]
    t = translator("en")
    options = {game.info.option.name: game.info.option.default} if game.info.option else {}
    players = [Player(1, "ann"), Player(2, "bob")]
    row = GameRow(3, 1, 1, 1, kind, Status.RUNNING, players, options=options)
    row.game = game.new_game(2, options, SeededDice("x"))
    game.apply(row.game, game.resign_action(1), SeededDice("r"))
    assert game.finished(row.game)
    row.status = Status.FINISHED
    book = ReplayBook(installed())
    assert len(book.rows(row)) == 2
    said = book.view(t, row, 1).line.split("\n")[0]
    assert said == game.resigned_text(t, "⚪ bob")
