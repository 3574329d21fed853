"""`RateGate`: pacing shared through the store, so N replicas keep one pace, not N.

`await gate.turn()` reserves the next turn of the gate (the store's atomic `pace`: Redis runs
it as one script on the server's clock; the disk store in one SQLite transaction) and sleeps
until it comes. A turn further away than `max_wait_s` is not waited for: the caller gets the
wait back and answers "rate limited, retry after" instead of hanging. A store that fails
falls back to a gate in this process, so pacing never stops, it only stops being shared.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from returns.result import Failure, Result, Success

from webdistill.adapters.store import codec
from webdistill.adapters.store.memory import MemoryStore
from webdistill.kernel.store import Store

Sleep = Callable[[float], Awaitable[None]]


class RateGate:
    """One request per `interval_s` under `name`, across every process sharing `store`."""

    def __init__(
        self,
        store: Store,
        name: str,
        interval_s: float,
        *,
        max_wait_s: float = 10.0,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self._store = store
        self._key = codec.key("gate", name)
        self._interval_s = interval_s
        self._max_wait_s = max_wait_s
        self._sleep = sleep
        self._local = MemoryStore(64 * 1024)
        self.shared_last = True

    async def turn(self) -> Result[float, float]:
        """Wait for this caller's turn: `Success(waited)`, or `Failure(wait)` when the turn is
        more than `max_wait_s` away (nothing was waited)."""
        reserved = await self._store.pace(self._key, self._interval_s)
        self.shared_last = isinstance(reserved, Success)
        if not isinstance(reserved, Success):
            reserved = await self._local.pace(self._key, self._interval_s)
        wait = reserved.value_or(0.0)
        if wait > self._max_wait_s:
            return Failure(wait)
        if wait > 0:
            await self._sleep(wait)
        return Success(wait)
