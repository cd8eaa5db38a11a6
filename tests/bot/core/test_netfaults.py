"""The network-fault injector itself: the bot's REST calls raise real network exceptions."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from bot.core.failures import DISCORD_FAILURES, worth_retrying
from tests.netfaults import NETWORK_EXCEPTIONS, NetFaults


@pytest.mark.parametrize("make", NETWORK_EXCEPTIONS)
async def test_a_channel_send_raises_the_network_exception(
    simcord_env, net_faults: NetFaults, make
):  # type: ignore[no-untyped-def]
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    net_faults.inject("POST", "/channels/*/messages", make)
    bot_channel = simcord_env.bot.get_channel(channel.id)
    with pytest.raises(type(make())) as caught:
        await bot_channel.send("hello")
    assert isinstance(caught.value, DISCORD_FAILURES)
    assert not isinstance(caught.value, discord.HTTPException)
    assert worth_retrying(caught.value)
    assert channel.last_message is None  # before: nothing reached Discord
    await bot_channel.send("again")  # times=1: the next call goes through
    assert channel.last_message.content == "again"
    assert net_faults.raised == [
        ("POST", f"/channels/{channel.id}/messages", type(make()).__name__)
    ]


async def test_after_carries_the_call_out_but_loses_the_answer(simcord_env, net_faults: NetFaults):  # type: ignore[no-untyped-def]
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    net_faults.inject("POST", "/channels/*/messages", TimeoutError(), after=True)
    with pytest.raises(asyncio.TimeoutError):
        await simcord_env.bot.get_channel(channel.id).send("lost answer")
    assert channel.last_message.content == "lost answer"


async def test_times_none_keeps_failing_until_cleared(simcord_env, net_faults: NetFaults):  # type: ignore[no-untyped-def]
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    bot_channel = simcord_env.bot.get_channel(channel.id)
    net_faults.inject("*", "/channels/*/messages", aiohttp.ClientConnectionError(), times=None)
    for _ in range(3):
        with pytest.raises(aiohttp.ClientConnectionError):
            await bot_channel.send("x")
    net_faults.clear()
    await bot_channel.send("through")
    assert channel.last_message.content == "through"


def test_worth_retrying_tells_passing_faults_from_refusals() -> None:
    class Response:
        def __init__(self, status: int) -> None:
            self.status = status
            self.reason = "x"

    assert worth_retrying(discord.HTTPException(Response(503), "down"))  # type: ignore[arg-type]
    assert worth_retrying(discord.HTTPException(Response(429), "slow down"))  # type: ignore[arg-type]
    assert not worth_retrying(discord.HTTPException(Response(404), "gone"))  # type: ignore[arg-type]
    assert not worth_retrying(discord.Forbidden(Response(403), "no"))  # type: ignore[arg-type]
    assert not worth_retrying(ValueError("a bug"))
