"""Network faults for SimCord: make the bot's HTTP layer raise aiohttp/asyncio/OS errors.

SimCord's ``env.inject_error`` only answers with an HTTP status, which discord.py turns into a
``discord.HTTPException``. A real connection failure reaches the bot as aiohttp's or asyncio's
own exception instead, and code that catches only ``HTTPException`` dies on it. This wraps
SimCord's request router (used by both its HTTP client and its webhook adapter, so interaction
callbacks and followups are covered too) and raises the given exception for matching calls:

* ``after=False`` (default): the request never reached Discord (connect failed, reset).
* ``after=True``: Discord carried the request out but the answer was lost (a read timeout):
  the message exists although the bot was told the call failed.

Use the ``net_faults`` fixture::

    net_faults.inject("POST", "/channels/*/messages", aiohttp.ServerDisconnectedError())
    net_faults.inject("PATCH", "/channels/*/messages/*", asyncio.TimeoutError(), times=None)
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

# One of each kind discord.py lets through from aiohttp and asyncio.
NETWORK_EXCEPTIONS: tuple[Callable[[], BaseException], ...] = (
    lambda: aiohttp.ServerDisconnectedError(),
    lambda: aiohttp.ClientConnectionError("Cannot connect to host discord.com:443"),
    lambda: TimeoutError(),
    lambda: ConnectionResetError(104, "Connection reset by peer"),
)


@dataclass
class NetFault:
    method: str
    path: str
    make: Callable[[], BaseException]
    times: int | None
    after: bool
    skip: int = 0  # matching calls let through before the first fault
    raised: int = 0


@dataclass
class NetFaults:
    """Faults checked on every REST call the bot makes through SimCord."""

    faults: list[NetFault] = field(default_factory=list)
    raised: list[tuple[str, str, str]] = field(default_factory=list)  # (method, path, type)

    def inject(
        self,
        method: str,
        path: str,
        exc: BaseException | Callable[[], BaseException] | None = None,
        *,
        times: int | None = 1,
        after: bool = False,
        skip: int = 0,
    ) -> NetFault:
        """Make the next ``times`` matching calls (``None``: all) raise ``exc``, after letting
        ``skip`` of them through.

        ``path`` is an fnmatch pattern against the API path (``/channels/*/messages``),
        ``method`` may be ``"*"``; ``exc`` defaults to aiohttp's ``ServerDisconnectedError``."""
        if exc is None:
            make: Callable[[], BaseException] = aiohttp.ServerDisconnectedError
        elif isinstance(exc, BaseException):
            instance = exc
            make = lambda: instance  # noqa: E731
        else:
            make = exc
        fault = NetFault(method, path, make, times, after, skip)
        self.faults.append(fault)
        return fault

    def clear(self) -> None:
        self.faults.clear()

    def _match(self, method: str, path: str) -> NetFault | None:
        for fault in self.faults:
            if fault.method not in (method, "*") or not fnmatch.fnmatch(path, fault.path):
                continue
            if fault.skip > 0:
                fault.skip -= 1
                return None
            if fault.times is not None:
                fault.times -= 1
                if fault.times <= 0:
                    self.faults.remove(fault)
            fault.raised += 1
            return fault
        return None

    def wrap(self, dispatch: Callable[..., Any]) -> Callable[..., Any]:
        def dispatching(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            fault = self._match(method, path)
            if fault is None:
                return dispatch(backend, method, path, **kwargs)
            exc = fault.make()
            self.raised.append((method, path, type(exc).__name__))
            if fault.after:
                dispatch(backend, method, path, **kwargs)  # done, but the answer is lost
            raise exc

        return dispatching
