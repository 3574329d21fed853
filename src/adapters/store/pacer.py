"""`StorePacer`: the providers' `Pacer` (see `providers/pacing.py`) shared through a store.

With the disk store every process of the user keeps one pace to DuckDuckGo (successive CLI
calls included); with Redis every replica does, so N replicas behind one address do not ask
N times as often. The minimum interval is the store's atomic `pace` (one Lua script on the
Redis server's clock, one SQLite transaction on disk); the back-off after a block is a
shared deadline (wall clock) and a shared strike count, doubling up to 16 times the base.

A turn further away than `max_wait_s` is not slept for: `wait` answers it, and the caller
reports PROVIDER_RATE_LIMITED with that `retry_after` instead of holding a search. A store
that fails hands over to an in-process pacer with the same settings, so pacing never stops,
it only stops being shared.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from returns.result import Success

from webdistill.adapters.providers.pacing import Pacer
from webdistill.adapters.store import codec
from webdistill.kernel.store import Store

Sleep = Callable[[float], Awaitable[None]]
Clock = Callable[[], float]

MAX_BACKOFF_FACTOR = 16


class StorePacer:
    """Minimum interval and doubling back-off for `name`, across every holder of `store`."""

    def __init__(
        self,
        store: Store,
        name: str,
        min_interval_s: float,
        backoff_s: float,
        *,
        max_wait_s: float = 30.0,
        fallback: Pacer | None = None,
        sleep: Sleep = asyncio.sleep,
        clock: Clock = time.time,
    ) -> None:
        self._store = store
        self._turn_key = codec.key("pace", name)
        self._block_key = codec.key("pace-block", name)
        self._strikes_key = codec.key("pace-strikes", name)
        self._interval = max(0.0, min_interval_s)
        self._backoff = max(0.0, backoff_s)
        self._max_wait_s = max_wait_s
        self._fallback = fallback
        self._sleep = sleep
        self._clock = clock

    async def wait(self) -> float:
        blocked = await self._store.get(self._block_key)
        if not isinstance(blocked, Success):
            return await self._fallback.wait() if self._fallback else 0.0
        until = _number(blocked.unwrap())
        now = self._clock()
        if until is not None and until > now:
            return until - now
        reserved = await self._store.pace(self._turn_key, self._interval)
        if not isinstance(reserved, Success):
            return await self._fallback.wait() if self._fallback else 0.0
        delay: float = reserved.unwrap()
        if delay > self._max_wait_s:
            return delay
        if delay > 0:
            await self._sleep(delay)
        return 0.0

    async def penalise(self) -> None:
        ttl = self._backoff * MAX_BACKOFF_FACTOR + 60
        strikes = await self._store.incr(self._strikes_key, ttl)
        if not isinstance(strikes, Success):
            if self._fallback is not None:
                await self._fallback.penalise()
            return
        factor = min(2 ** (strikes.unwrap() - 1), MAX_BACKOFF_FACTOR)
        lasts = self._backoff * factor
        if lasts > 0:
            until = self._clock() + lasts
            await self._store.put(self._block_key, repr(until).encode(), lasts)

    async def cleared(self) -> None:
        await self._store.delete(self._strikes_key)
        await self._store.delete(self._block_key)
        if self._fallback is not None:
            await self._fallback.cleared()


def _number(raw: bytes | None) -> float | None:
    try:
        return float(raw.decode("ascii")) if raw else None
    except (UnicodeDecodeError, ValueError):
        return None
