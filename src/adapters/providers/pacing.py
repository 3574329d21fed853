"""Pacing requests to a provider that blocks eager clients (DuckDuckGo).

A `Pacer` keeps a minimum interval between requests and backs off after a block: after
`penalise()`, `wait()` answers how long the back-off still lasts instead of sleeping, so
the caller can report PROVIDER_RATE_LIMITED with a `retry_after` (and `auto` can move on)
rather than hold a search for minutes. Each further block doubles the back-off, up to 16
times the base; a request that gets results clears it.

`IntervalPacer` is the in-process one. The interface is small and async so that a pacer
shared through a store (several replicas behind one IP) can replace it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]

MAX_BACKOFF_FACTOR = 16


class Pacer(Protocol):
    """When the next request to one provider may go."""

    async def wait(self) -> float:
        """Sleep until the minimum interval has passed and answer 0.0 (go), or answer the
        seconds of back-off still to run (do not send) without sleeping."""
        ...

    async def penalise(self) -> None:
        """The provider blocked a request: start (or lengthen) the back-off."""
        ...

    async def cleared(self) -> None:
        """A request got through: forget earlier blocks."""
        ...


class IntervalPacer:
    """A `Pacer` for one process: a minimum interval and a doubling back-off."""

    def __init__(
        self,
        min_interval_s: float,
        backoff_s: float,
        *,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self._interval = max(0.0, min_interval_s)
        self._backoff = max(0.0, backoff_s)
        self._clock = clock
        self._sleep = sleep
        self._next_slot = 0.0
        self._blocked_until = 0.0
        self._strikes = 0
        self._lock = asyncio.Lock()

    async def wait(self) -> float:
        async with self._lock:
            now = self._clock()
            if now < self._blocked_until:
                return self._blocked_until - now
            delay = self._next_slot - now
            self._next_slot = max(now, self._next_slot) + self._interval
        if delay > 0:
            await self._sleep(delay)
        return 0.0

    async def penalise(self) -> None:
        async with self._lock:
            factor = min(2**self._strikes, MAX_BACKOFF_FACTOR)
            self._strikes += 1
            self._blocked_until = self._clock() + self._backoff * factor

    async def cleared(self) -> None:
        async with self._lock:
            self._strikes = 0
            self._blocked_until = 0.0
