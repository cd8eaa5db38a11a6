"""Export of an ended game (issue 23, item 9): a game over, finished or cancelled, gives its
whole record, hidden parts included (nothing it reveals can change a game that is over); a
running game whose record would reveal something is refused."""

from __future__ import annotations

import json

from games.spectrangle.record import parse_record, replay
from tests.databases import TestDb
from tests.test_bot_spectrangle import SpcTable


async def test_a_cancelled_spectrangle_game_is_exported_with_its_bag_and_resignations(
    simcord_env, database: TestDb
) -> None:
    table = SpcTable(simcord_env, names=("alice", "bob", "cy"))
    thread = await table.start()
    for _ in range(3):
        await table.play_turn(thread)
    r = await table.players[2].slash(thread, "spectrangle resign")
    assert not r.ephemeral, r.response.content
    r = await table.players[1].slash(thread, "spectrangle export")
    assert r.ephemeral and "still running" in r.response.content and not r.response.attachments

    r = await table.players[0].slash(thread, "spectrangle cancel")
    assert not r.ephemeral, r.response.content
    r = await table.players[1].slash(thread, "spectrangle export")

    assert r.ephemeral and "cancelled" in r.response.content, r.response.content
    data = json.loads(await r.response.attachments[0].read())
    assert data["format"].startswith("spectrangle-record") and len(data["bag"]) == 36
    assert data["resignations"] == [{"player": 2, "after_turn": 3}]
    record = parse_record(data)
    game = replay(record)  # the record checks out as far as the game went
    assert len(record.turns) == 3 and game.state.resigned == [False, False, True]
