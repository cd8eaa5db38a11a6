"""Statistics and Elo without Discord: the rating maths, per-seat facts, and the stats tables."""

from __future__ import annotations

import random

import pytest

from bot.adapters import installed
from bot.adapters.spexxx import ADAPTER as SPEXXX
from bot.adapters.spexxx.adapter import most_used_zone
from bot.contract.models import GameRow, Player, Status
from bot.flow.stats import (
    AI_RATINGS,
    START_RATING,
    StatsStore,
    elo_changes,
    expected,
    final_ranks,
)
from bot.storage import SqlGameStore, open_store
from games.common.dice import SeededDice
from games.spexxx import GRID, HEIGHT, WIDTH, Discard, Game, Place, Resign, Throw, Variant
from tests.databases import TestDb

GUILD, OTHER_GUILD, CHANNEL = 10, 20, 30

# ------------------------------------------------------------------ Elo maths


def test_two_players_equal_ratings_win_and_draw() -> None:
    assert elo_changes([1500, 1500], [1, 2]) == pytest.approx([16, -16])
    assert elo_changes([1500, 1500], [2, 1]) == pytest.approx([-16, 16])
    assert elo_changes([1500, 1500], [1, 1]) == pytest.approx([0, 0])


def test_draw_moves_the_lower_rating_up() -> None:
    low, high = elo_changes([1400, 1600], [1, 1])
    assert low > 0 > high and low == pytest.approx(-high)
    assert low == pytest.approx(32 * (0.5 - expected(1400, 1600)))


def test_upset_is_worth_more_than_expected_win() -> None:
    upset, _ = elo_changes([1400, 1600], [1, 2])
    favourite, _ = elo_changes([1600, 1400], [1, 2])
    assert upset > 16 > favourite > 0


def test_four_player_game_moves_ratings_like_one_game() -> None:
    changes = elo_changes([1500] * 4, [1, 2, 3, 4])
    # K / (n - 1) per pair: the winner beats three equal players and gains what one win gives
    assert changes == pytest.approx([16, 16 / 3, -16 / 3, -16])
    three = elo_changes([1500] * 3, [1, 2, 2])
    assert three == pytest.approx([16, -8, -8])  # the two behind drew each other


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_rating_changes_sum_to_zero(seats: int) -> None:
    rng = random.Random(seats)
    for _ in range(200):
        ratings = [rng.uniform(1000, 2000) for _ in range(seats)]
        ranks = [rng.randint(1, seats) for _ in range(seats)]
        changes = elo_changes(ratings, ranks)
        assert sum(changes) == pytest.approx(0, abs=1e-9)
        assert all(abs(c) <= 32 for c in changes)


def test_final_ranks_share_ties_and_put_resigned_players_last() -> None:
    assert final_ranks([10, 20, 20, 5], [False] * 4) == [3, 1, 1, 4]
    # a resigned player with the highest score still ranks below everyone playing on
    assert final_ranks([1, 2, 3, 100], [False, False, False, True]) == [3, 2, 1, 4]
    # between two who resigned, the score decides
    assert final_ranks([9, 4, 7], [False, True, True]) == [1, 3, 2]


def test_most_used_zone_breaks_ties_by_points() -> None:
    from collections import Counter

    assert most_used_zone(Counter()) is None
    assert most_used_zone(Counter({"orange": 3, "red": 1})) == "orange"
    assert most_used_zone(Counter({"orange": 2, "red": 2})) == "red"


# ----------------------------------------------------------- facts of a game


def play_out(game: Game, rng: random.Random, resign_seat: int | None = None) -> None:
    if resign_seat is not None:
        game.apply(Resign(resign_seat))
    while not game.state.finished:
        seat = game.state.current
        assert seat is not None
        game.apply(Throw(seat))
        allowed = game.state.allowed_squares()
        game.apply(Place(seat, rng.choice(allowed).name) if allowed else Discard(seat))


def longest_run(owners: list[int], seat: int) -> int:
    """The longest straight run of ``seat``'s cubes on the final board, found independently."""
    best = 0
    for index, owner in enumerate(owners):
        if owner != seat:
            continue
        x, y = index % WIDTH, index // WIDTH
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            px, py = x - dx, y - dy
            if 0 <= px < WIDTH and 0 <= py < HEIGHT and owners[py * WIDTH + px] == seat:
                continue  # not the start of the run
            n = 0
            while 0 <= x + n * dx < WIDTH and 0 <= y + n * dy < HEIGHT:
                if owners[(y + n * dy) * WIDTH + x + n * dx] != seat:
                    break
                n += 1
            best = max(best, n)
    return best if best >= 3 else 0


@pytest.mark.parametrize("seed", range(6))
def test_seat_facts_match_the_final_board(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(2 + seed % 3, SeededDice(seed), Variant.ADULT if seed % 2 else Variant.CHILDREN)
    play_out(game, rng)
    facts = SPEXXX.seat_facts(game)
    state = game.state
    for seat, fact in enumerate(facts):
        placed = [t.square for t in state.history if t.seat == seat and t.square is not None]
        assert sum(fact["zones"].values()) == len(placed)
        for zone, n in fact["zones"].items():
            assert n == sum(GRID[i].zone.value == zone for i in placed)  # type: ignore[union-attr]
        # cubes never leave the board, so the longest run at the end is the longest that scored
        assert fact["longest"] == longest_run(state.owners, seat)
        assert (fact["longest"] > 0) == (state.scores[seat] > 0)


# ------------------------------------------------------------- stats tables


async def finished_row(
    store: SqlGameStore,
    players: list[Player],
    seed: int,
    guild: int = GUILD,
    resign_seat: int | None = None,
) -> GameRow:
    row = await store.create_lobby(
        guild, CHANNEL + seed, players[0], "spexxx", {"variant": Variant.CHILDREN.value}
    )
    row.players = players
    row.game = Game.new(len(players), SeededDice(seed), Variant.CHILDREN)
    row.status = Status.RUNNING
    play_out(row.game, random.Random(seed), resign_seat)
    row.status = Status.FINISHED
    await store.save(row)
    return row


@pytest.fixture
async def store(database: TestDb):  # type: ignore[no-untyped-def]
    """The stats tables on both stores (``database`` runs each test on SQLite and PostgreSQL)."""
    store = await open_store(database.url, installed())
    yield store
    await store.close()


@pytest.mark.parametrize(("seed", "shared"), [(1, True), (4, False)])
async def test_a_game_is_recorded_once_and_ratings_balance(
    store: SqlGameStore, seed: int, shared: bool
) -> None:
    stats = StatsStore(store, installed()["spexxx"])
    row = await finished_row(store, [Player(1, "ann"), Player(2, "bob")], seed=seed)
    assert await stats.record(row)
    assert not await stats.record(row)  # the hook running twice changes nothing
    assert await stats.catch_up(GUILD) == 0
    ann, bob = await stats.player(GUILD, 1), await stats.player(GUILD, 2)
    assert ann is not None and bob is not None
    assert ann.games == bob.games == 1
    assert ann.rating + bob.rating == pytest.approx(2 * START_RATING)
    scores = row.game.state.scores  # type: ignore[union-attr]
    assert (ann.best, bob.best) == (scores[0], scores[1])
    winners = row.game.state.winners()  # type: ignore[union-attr]
    assert (ann.wins, bob.wins) == (int(0 in winners), int(1 in winners))
    assert (len(winners) == 2) == shared  # the seeds give one shared and one single win
    if shared:  # a draw between equals moves no rating; both lead the server
        assert ann.rating == bob.rating == START_RATING
        assert ann.place == bob.place == 1
    else:
        assert (ann.rating > START_RATING) == (winners == [0])
        assert {ann.place, bob.place} == {1, 2}
    assert await stats.player(OTHER_GUILD, 1) is None
    assert await stats.leaderboard(OTHER_GUILD) == []


async def test_cancelled_and_running_games_are_not_counted(store: SqlGameStore) -> None:
    stats = StatsStore(store, installed()["spexxx"])
    row = await finished_row(store, [Player(1, "ann"), Player(2, "bob")], seed=2)
    row.status = Status.CANCELLED
    await store.save(row)
    assert not await stats.record(row)
    assert await stats.catch_up(GUILD) == 0
    assert await stats.player(GUILD, 1) is None


async def test_catch_up_records_missed_games_oldest_first(
    store: SqlGameStore, database: TestDb
) -> None:
    stats = StatsStore(store, installed()["spexxx"])
    players = [Player(1, "ann"), Player(2, "bob"), Player(3, "cid")]
    rows = [await finished_row(store, players, seed=s) for s in (3, 4, 5)]
    await finished_row(store, players, seed=6, guild=OTHER_GUILD)
    assert await stats.catch_up(GUILD) == 3
    assert await stats.catch_up(GUILD) == 0
    recorded = [
        r[0] for r in database.rows("SELECT game_id FROM stats_games ORDER BY recorded_at, 1")
    ]
    before_after = database.rows(
        "SELECT game_id, rating_before, rating_after FROM stats_results"
        " WHERE user_id = 1 ORDER BY game_id"
    )
    (total,) = database.one("SELECT SUM(rating) FROM stats_ratings WHERE guild_id = ?", (GUILD,))
    assert total == pytest.approx(3 * START_RATING)
    assert recorded == [r.id for r in rows]
    # each game starts from the rating the previous one left
    assert before_after[0][1] == START_RATING
    assert before_after[1][1] == pytest.approx(before_after[0][2])
    assert before_after[2][1] == pytest.approx(before_after[1][2])
    board = await stats.leaderboard(GUILD, "wins")
    assert [p.wins for p in board] == sorted((p.wins for p in board), reverse=True)
    assert sum(p.games for p in board) == 9


async def test_a_finished_game_that_does_not_read_blocks_no_other_games_statistics(
    store: SqlGameStore, database: TestDb
) -> None:
    """Issue 23, item 1: the oldest unrecorded game not reading used to fail every ``stats``
    and ``leaderboard`` of its server, for good; now it is skipped (and logged)."""
    stats = StatsStore(store, installed()["spexxx"])
    players = [Player(1, "ann"), Player(2, "bob")]
    broken, good = [await finished_row(store, players, seed=s) for s in (3, 4)]
    database.execute("UPDATE games SET state = '{}' WHERE id = ?", (broken.id,))
    assert await stats.catch_up(GUILD) == 1
    assert [r[0] for r in database.rows("SELECT game_id FROM stats_games")] == [good.id]
    ann = await stats.player(GUILD, 1)
    assert ann is not None and ann.games == 1


async def test_computers_are_fixed_rating_opponents(store: SqlGameStore) -> None:
    stats = StatsStore(store, installed()["spexxx"])
    row = await finished_row(store, [Player(1, "ann"), Player(0, "Computer (hard)", "hard")], 7)
    assert await stats.record(row)
    ann = await stats.player(GUILD, 1)
    assert ann is not None
    state = row.game.state  # type: ignore[union-attr]
    ranks = final_ranks(state.scores, state.resigned)
    actual = 1.0 if ranks[0] < ranks[1] else 0.5 if ranks[0] == ranks[1] else 0.0
    assert ann.rating == pytest.approx(START_RATING + 32 * (actual - expected(1500, 1800)))
    assert await stats.player(GUILD, 0) is None  # computers get no stats row
    assert [p.user_id for p in await stats.leaderboard(GUILD)] == [1]
    assert AI_RATINGS == {"easy": 1200, "normal": 1500, "hard": 1800}


async def test_a_resigned_player_ranks_last(store: SqlGameStore) -> None:
    stats = StatsStore(store, installed()["spexxx"])
    players = [Player(1, "ann"), Player(2, "bob"), Player(3, "cid")]
    row = await finished_row(store, players, seed=8, resign_seat=2)
    assert row.game is not None and row.game.state.resigned == [False, False, True]
    assert await stats.record(row)
    cid = await stats.player(GUILD, 3)
    assert cid is not None and cid.wins == 0 and cid.rating == pytest.approx(1500 - 16)
