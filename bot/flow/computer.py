"""Computer players' turns: played in the background, one visible action at a time.

Each action is applied under the game's lock like a player's click, paced by ``delay`` so people
can follow. A computer plays only a turn whose message is posted, so people see it; after a
restart, ``Posting.recover`` posts what is missing and schedules the computers on turn.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from bot.contract.adapter import Move
from bot.contract.capabilities import computers
from bot.contract.models import GameRow, Status
from bot.contract.refusals import Refusal
from bot.flow.background import GameWork
from bot.flow.ports import Locks, Shared, Turns
from bot.flow.timers import end_turn

log = logging.getLogger(__name__)


class Host(Shared, Locks, Turns, Protocol):
    """What computer turns need of the game flow (``bot.flow.play.PlayController``)."""


class ComputerTurns:
    def __init__(self, play: Host, delay: float) -> None:
        self.play = play
        self.delay = delay
        self._work = GameWork()

    def schedule(self, row: GameRow) -> None:
        """Play the computer's turn in the background; it waits for the game's lock."""
        key = (row.guild_id, row.id)
        channel_id = row.play_channel_id
        self._work.start(key, lambda: self._run(*key, channel_id), f"computer-{row.id}")

    async def _run(self, guild_id: int, game_id: int, channel_id: int) -> None:
        try:
            while True:
                await self.play.pacer.room(channel_id)  # outside the lock: room for its posts
                if not await self._step(guild_id, game_id):
                    break
                await asyncio.sleep(self.delay)
        except Refusal:
            pass  # shutting down: the turn resumes after the restart
        except Exception as exc:
            log.exception("computer turn failed", extra={"guild": guild_id, "game": game_id})
            self.play.bot.dispatch("game_failure", exc)

    async def act(self, row: GameRow, level: str) -> Move:
        """Apply one AI action for the seat on turn (a computer's, or a player's whose time ran
        out); seeded by game and event index, so the same position gives the same choice."""
        game = self.play.games[row.kind]
        seat = game.current(row.game)
        assert seat is not None
        seed = f"{row.id}:{row.event_count}"
        playing = computers(game)
        if playing is None:
            raise RuntimeError(f"{game.info.title} has no computer players to move for a seat")
        move = await asyncio.to_thread(playing.computer_move, row.game, seat, level, seed)
        game.apply(row.game, move.action, self.play.dice(row.id, row.event_count))
        return move

    async def _step(self, guild_id: int, game_id: int) -> bool:
        """One action of the computer on turn; True while a computer is still on turn."""
        async with self.play.acting_unasked(guild_id, game_id):
            row = await self.play.store.get(guild_id, game_id)
            if row is None or row.status is not Status.RUNNING or row.game is None:
                return False
            game = self.play.games[row.kind]
            seat = game.current(row.game)
            if seat is None or not row.players[seat].is_ai or row.turn_message_id is None:
                return False  # not a computer's turn, or not posted yet (posting schedules it)
            move = await self.act(row, row.players[seat].ai or "normal")
            done = game.ends_turn(move.action)
            if done and game.finished(row.game):
                row.status = Status.FINISHED
            ended = end_turn(row) if done else None
            await self.play.store.save(row)
            self.play.acted["computer move"] += 1
            channel = await self.play.posting.play_channel(row)
            if channel is None:
                if done and row.status is Status.RUNNING:
                    self.play.posting.retry_post(row)  # the next turn, once the channel is reached
                return False
            t = await self.play.public_t(row.guild_id)
            if done:
                await self.play.posting.close_turn_message(row, channel, ended)
                await self.play.posting.after_turn(row, channel)
                # this task plays on when the next seat is a computer too
                nxt = game.current(row.game)
                return row.status is Status.RUNNING and nxt is not None and row.players[nxt].is_ai
            content = self.play.turn_view(t, row).content
            if move.narration is not None:
                content += "\n🤖 " + move.narration(t)
            await self.play.posting.edit_stored_turn(row, channel, content, board=True)
            return True
        return False  # another process saved this game first (``acting_unasked``)
