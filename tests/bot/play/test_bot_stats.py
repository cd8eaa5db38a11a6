"""Stats, leaderboard and export through the real bot in SimCord."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from bot.flow.stats import START_RATING, elo_changes, final_ranks
from games.spexxx import SQUARES, Zone, parse_record, replay, replay_report
from tests.bot.play.test_bot_ai import add_ai
from tests.bot.play.test_bot_game import Table, finish_game, stored
from tests.databases import TestDb, as_db

BY_NAME = {sq.name: sq for sq in SQUARES}
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def longest_run(board: dict[str, int], seat: int) -> int:
    """The longest straight run of ``seat``'s cubes on a final board, 0 below three: each such
    run scored as a Spexxx when its last cube was placed, and runs only grow."""
    at = {(sq.x, sq.y) for name, sq in BY_NAME.items() if board.get(name) == seat}
    best = 0
    for x, y in at:
        for dx, dy in DIRECTIONS:
            n = 0
            while (x + n * dx, y + n * dy) in at:
                n += 1
            best = max(best, n)
    return best if best >= 3 else 0


def fields(embed) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {f.name: f.value for f in embed.fields}


def ratings(db: Path | TestDb) -> dict[int, float]:
    return dict(as_db(db).rows("SELECT user_id, rating FROM stats_ratings"))


async def two_finished_games(table: Table) -> list:  # type: ignore[type-arg]
    threads = []
    for _ in range(2):
        thread = await table.start("children")
        await finish_game(table, thread)
        assert "is over" in thread.last_message.content
        threads.append(thread)
    return threads


async def test_stats_and_leaderboard_after_two_games(simcord_env, database: TestDb) -> None:
    table = Table(simcord_env)
    alice, bob = table.players
    await two_finished_games(table)

    # the ratings the bot stored equal Elo applied game by game to the stored final scores
    expected = {alice.id: START_RATING, bob.id: START_RATING}
    wins = {alice.id: 0, bob.id: 0}
    scores: dict[int, list[int]] = {alice.id: [], bob.id: []}
    for game_id in (1, 2):
        data = stored(database, game_id)
        assert data["status"] == "finished"
        ids = [p["user_id"] for p in data["players"]]
        state = data["state"]
        ranks = final_ranks(state["scores"], state["resigned"])
        changes = elo_changes([expected[i] for i in ids], ranks)
        best = max(state["scores"])
        for seat, user_id in enumerate(ids):
            expected[user_id] += changes[seat]
            wins[user_id] += state["scores"][seat] == best
            scores[user_id].append(state["scores"][seat])
    assert ratings(database) == pytest.approx(expected)
    assert sum(ratings(database).values()) == pytest.approx(2 * START_RATING)

    r = await alice.slash(table.channel, "spexxx stats")
    assert r.acknowledged and not r.ephemeral
    embed = r.response.embeds[0]
    assert "alice" in embed.title
    got = fields(embed)
    assert got["Games"] == "2"
    assert got["Wins"].startswith(f"{wins[alice.id]} (")
    assert got["Best score"] == str(max(scores[alice.id]))
    assert got["Average score"] == f"{sum(scores[alice.id]) / 2:.1f}"
    assert got["Rating"].startswith(f"**{expected[alice.id]:.0f}**")
    # the zone and line facts, from the stored boards and turns (a tie goes to the richer zone)
    zones: Counter[Zone] = Counter()
    longest = 0
    for game_id in (1, 2):
        data = stored(database, game_id)
        seat = [p["user_id"] for p in data["players"]].index(alice.id)
        state = data["state"]
        placed = [h["square"] for h in state["history"] if h["seat"] == seat and h["square"]]
        zones.update(BY_NAME[name].zone for name in placed)
        longest = max(longest, longest_run(state["board"], seat))
    zone = max(zones, key=lambda z: (zones[z], z.points))
    assert got["Most-used zone"] == zone.value
    assert got["Longest Spexxx"] == (f"{longest} in a row" if longest else "none yet")

    r = await alice.slash(table.channel, "spexxx stats", member=bob)
    assert "bob" in r.response.embeds[0].title
    assert fields(r.response.embeds[0])["Best score"] == str(max(scores[bob.id]))

    r = await bob.slash(table.channel, "spexxx leaderboard")
    board = r.response.embeds[0]
    assert not r.ephemeral and "by rating" in board.title
    lines = board.description.splitlines()
    leader = max(expected, key=lambda i: (expected[i], wins[i]))
    assert len(lines) == 2 and lines[0].startswith(f"1. {table.by_id[leader].name} — ")
    assert f"**{expected[leader]:.0f}**" in lines[0]

    r = await bob.slash(table.channel, "spexxx leaderboard", by="wins")
    lines = r.response.embeds[0].description.splitlines()
    top = max(wins.values())
    assert f"**{top} win" in lines[0]

    # the hook ran once per game; asking again records nothing twice
    assert database.one("SELECT COUNT(*) FROM stats_games") == (2,)
    assert database.one("SELECT COUNT(*) FROM stats_results") == (4,)


async def test_stats_for_someone_without_games(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.players
    r = await alice.slash(table.channel, "spexxx stats", member=bob)
    assert r.ephemeral and "no finished Spexxx game" in r.response.content
    r = await alice.slash(table.channel, "spexxx leaderboard")
    assert r.ephemeral and "No Spexxx game has finished" in r.response.content


async def test_export_replays_to_the_same_scores(
    simcord_env, database: TestDb, tmp_path: Path
) -> None:
    table = Table(simcord_env)
    alice, bob = table.players
    thread = await table.start("children")
    for _ in range(3):
        await table.play_turn(thread)

    r = await bob.slash(thread, "spexxx export")  # a running game, found from its thread
    assert r.ephemeral
    attachment = r.response.attachments[0]
    assert attachment.filename == "spexxx-1.json"
    record = json.loads(await attachment.read())
    assert record["format"] == "spexxx-record/1" and record["players"] == ["alice", "bob"]
    assert len(record["turns"]) == 3
    assert replay(parse_record(record)).state.scores == stored(database)["state"]["scores"]

    await finish_game(table, thread)
    r = await alice.slash(table.channel, "spexxx export", game=1)
    data = await r.response.attachments[0].read()
    final = stored(database)["state"]
    report = replay_report(replay(parse_record(json.loads(data))))
    assert report["finished"] and report["scores"] == final["scores"]

    # and the command-line tool anyone can run agrees
    path = tmp_path / "spexxx-1.json"
    path.write_bytes(data)
    done = subprocess.run(
        [sys.executable, "-m", "games.spexxx", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    assert json.loads(done.stdout)["scores"] == final["scores"]

    # without a game number in a channel with no game: the newest finished game of the server
    other = table.guild.create_text_channel("elsewhere")
    r = await alice.slash(other, "spexxx export")
    assert r.response.attachments[0].filename == "spexxx-1.json"


async def test_export_and_stats_are_scoped_by_guild(simcord_env) -> None:
    table = Table(simcord_env)
    alice, _ = table.players
    thread = await table.start("children")
    await finish_game(table, thread)
    r = await alice.slash(table.channel, "spexxx export", game=1)
    assert r.response.attachments

    stranger_table = Table(simcord_env, names=("mallory",))
    mallory = stranger_table.players[0]
    r = await mallory.slash(stranger_table.channel, "spexxx export", game=1)
    assert r.ephemeral and not r.response.attachments
    assert "no Spexxx game #1 in this server" in r.response.content
    r = await mallory.slash(stranger_table.channel, "spexxx export")
    assert r.ephemeral and "No Spexxx game has been played" in r.response.content
    r = await mallory.slash(stranger_table.channel, "spexxx leaderboard")
    assert r.ephemeral and "No Spexxx game has finished" in r.response.content

    lobby = await table.open_lobby()
    r = await alice.slash(table.channel, "spexxx export", game=2)
    assert r.ephemeral and "has not started" in r.response.content
    assert "Spexxx lobby #2" in lobby.content


async def test_a_game_against_a_computer_rates_the_human_only(
    simcord_env, database: TestDb
) -> None:
    table = Table(simcord_env, names=("alice",))
    lobby = await table.open_lobby("children", joiners=[])
    lobby = await add_ai(table, lobby, "hard")
    await table.players[0].click(lobby, label="Start")
    await finish_game(table, table.channel.threads[0])
    state = stored(database)["state"]
    ranks = final_ranks(state["scores"], state["resigned"])
    change = elo_changes([START_RATING, 1800.0], ranks)[0]
    assert ratings(database) == pytest.approx({table.players[0].id: START_RATING + change})
