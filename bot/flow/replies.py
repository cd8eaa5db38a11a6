"""Answering inside Discord's 3 s deadline, even when the work behind it takes longer.

Discord drops an interaction that has had no answer after 3 s, and the player sees "This
interaction failed" although the move may be saved. A click or command can wait that long behind
the game's lock, a locked database or a rate-limited call, so ``in_time`` defers it when no
answer has gone out after ``LATE`` seconds (a click as a silent update of its message, a command
as "thinking…"), and ``edit_message`` and ``send_message`` then answer through the deferred
response instead.

The timer and the handler run on one event loop: whichever starts answering first marks the
interaction synchronously, so the two never both acknowledge it. A plain timer rather than a
sleeping task keeps the common case, an answer well in time, free of extra work.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import discord

from bot.core.failures import DISCORD_FAILURES
from locales import Translator, resolve, translator

log = logging.getLogger(__name__)

LATE = 2.0  # seconds without an answer before deferring (Discord allows 3)
_KEY = "spexxx_reply"


@dataclass
class _Reply:
    answering: bool = False  # the handler has started its own answer
    deferred: asyncio.Future[bool] | None = None  # True once the defer landed
    thinking: bool = False  # a command's "thinking…" message awaits its answer
    thinking_in_public: bool = False


@contextlib.asynccontextmanager
async def in_time(
    interaction: discord.Interaction, *, private: bool = False, late: float = LATE
) -> AsyncIterator[None]:
    """Run a handler; defer the interaction if it has no answer after ``late`` seconds.

    ``private``: a command that answers only its user "thinks" privately."""
    reply = interaction.extras.setdefault(_KEY, _Reply())
    tasks: list[asyncio.Task[None]] = []

    def when_late() -> None:  # a plain timer, not a sleeping task: cheap when never due
        if not (reply.answering or interaction.response.is_done()):
            reply.deferred = asyncio.get_running_loop().create_future()  # claimed synchronously
            tasks.append(asyncio.create_task(_defer(interaction, reply, late, private)))

    timer = asyncio.get_running_loop().call_later(late, when_late)
    try:
        yield
    finally:
        timer.cancel()
        for task in tasks:
            await task  # a defer under way finishes before the handler is done


async def _defer(
    interaction: discord.Interaction, reply: _Reply, late: float, private: bool
) -> None:
    assert reply.deferred is not None
    command = interaction.type is discord.InteractionType.application_command
    try:
        if command:
            await interaction.response.defer(thinking=True, ephemeral=private)
        else:
            await interaction.response.defer()  # a click: "deferred update" of its message
    except DISCORD_FAILURES as exc:
        log.warning("could not defer a slow interaction: %r", exc)
    else:
        log.info("deferred an interaction still unanswered after %.1f s", late)
        reply.thinking = command
        reply.thinking_in_public = command and not private
    finally:  # resolved whatever happened, so the handler's answer never waits forever
        reply.deferred.set_result(interaction.response.is_done())


async def _claim(interaction: discord.Interaction) -> bool:
    """Mark the handler as answering; True if the answer must go through a deferred response."""
    reply: _Reply | None = interaction.extras.get(_KEY)
    if reply is None:
        return interaction.response.is_done()
    reply.answering = True
    if reply.deferred is not None:
        await asyncio.shield(reply.deferred)
    return interaction.response.is_done()


async def edit_message(interaction: discord.Interaction, **fields: Any) -> None:
    """Update the clicked message, in the response or after a late defer."""
    if await _claim(interaction):
        await interaction.edit_original_response(**fields)
    else:
        await interaction.response.edit_message(**fields)


async def send_message(
    interaction: discord.Interaction, content: str | None = None, **fields: Any
) -> int | None:
    """A new message answering the interaction, in the response or as a followup: the
    followup's id, None for the response (the interaction's original message). After a late
    defer of a click that original is the clicked message: a followup is edited by its id."""
    if content is not None:
        fields["content"] = content
    if not await _claim(interaction):
        await interaction.response.send_message(**fields)
        return None
    reply: _Reply | None = interaction.extras.get(_KEY)
    if reply is not None and reply.thinking:
        # The first followup replaces the "thinking…" message and keeps its visibility. A private
        # answer to a public command completes that message, comes on its own, then removes it.
        reply.thinking = False
        if fields.get("ephemeral") and reply.thinking_in_public:
            with contextlib.suppress(*DISCORD_FAILURES):
                await interaction.edit_original_response(content="…")
            message = await interaction.followup.send(wait=True, **fields)
            with contextlib.suppress(*DISCORD_FAILURES):
                await interaction.delete_original_response()
            return message.id
    message = await interaction.followup.send(wait=True, **fields)
    return message.id


def user_t(interaction: discord.Interaction) -> Translator:
    """The language of the person who clicked: for answers only they see."""
    return translator(resolve(interaction.locale))
