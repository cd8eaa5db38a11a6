"""Clicks that overlap: several people's clicks sent to the bot before it has answered any.

SimCord runs one operation at a time (``alice.click`` waits until the bot has settled), so two
clicks through it never overlap. ``together`` builds each click exactly as SimCord's own
``click`` and ``select`` do, emits them all on the gateway in the given order, and only then
lets the bot settle: the real handlers run concurrently, each as its own task, in the order the
bot received them. Uses SimCord 3.2.1's internals (``simcord.actors``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from simcord import actors as sa
from simcord.enums import SELECT_TYPES, ComponentType, InteractionType
from simcord.results import InteractionResult


@dataclass(frozen=True, slots=True)
class Press:
    """One person's click on a button (``values`` None) or choice in a select."""

    actor: Any
    message: Any
    custom_id: str
    values: Sequence[str] | None = None


def _data(press: Press) -> tuple[Any, dict[str, Any]]:
    stored = sa._visible_message(press.actor, press.message)
    if press.values is None:
        item = sa._find_component(
            stored.components, types=(ComponentType.BUTTON,), custom_id=press.custom_id, label=None
        )
        return stored, {"custom_id": item["custom_id"], "component_type": ComponentType.BUTTON}
    item = sa._find_component(
        stored.components, types=SELECT_TYPES, custom_id=press.custom_id, label=None
    )
    valid = {option["value"] for option in item.get("options") or []}
    assert set(press.values) <= valid, (press.values, sorted(valid))
    data = {"custom_id": item["custom_id"], "component_type": item["type"]}
    return stored, data | {"values": list(press.values)}


async def together(
    env: Any, presses: Sequence[Press], *, sent: Callable[[Any], None] | None = None
) -> list[InteractionResult]:
    """Send every press to the bot, in order, before it handles any; then wait for all.
    ``sent`` sees each interaction's SimCord record as it is sent (the latency benchmark)."""
    env._begin_operation("together")
    try:
        records = []
        for press in presses:
            stored, data = _data(press)
            backend = press.actor._env.backend
            channel = sa.ChannelHandle(
                env, getattr(press.actor, "guild", None), backend.get_channel(stored.channel_id)
            )
            sa._check_actor_channel(press.actor, channel)
            guild = getattr(press.actor, "guild", None)
            record, payload = sa._interactions.base_payload(
                backend,
                type=InteractionType.MESSAGE_COMPONENT,
                channel_id=channel.id,
                guild_id=guild.id if guild is not None else None,
                user_id=press.actor.id,
                data=data,
            )
            payload["message"] = dict(sa.serializers.message_payload(backend, stored))
            record.source_message_id = stored.id
            env._notify_dispatch_observers(record)
            if sent is not None:
                sent(record)
            backend.emit("INTERACTION_CREATE", payload)
            records.append(record)
        await env._settle_internal(dispatch="INTERACTION_CREATE")
    finally:
        env._end_operation()
    return [InteractionResult(env, record) for record in records]
