"""`ResilientStore`: a store wrapper that fails fast while its store is down.

After a failure the wrapped store is left alone for `cool_down_s` (every call answers the
same `Failure` at once), so a Redis that went away costs one timeout per cool-down, not one
per call. The outage is logged once when it starts and once when the store answers again.
Callers turn the `Failure` into a notice and carry on without the store. The label and the
reasons are shown to the model, so the home folder in the label (a disk store's path
carries the local user's name) is written `~`; the reasons are the adapters' own words.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from returns.result import Failure, Result, Success

from webdistill.kernel.redaction import home_relative
from webdistill.kernel.store import Store, StoreError

_T = TypeVar("_T")
log = logging.getLogger("webdistill.store")

COOL_DOWN_S = 15.0
Clock = Callable[[], float]


def _shown(text: str) -> str:
    """Store text as anyone may read it: the home folder as "~" (no local user name)."""
    return home_relative(text, os.path.expanduser("~"))


class ResilientStore:
    """Wraps a `Store`; the same port, failing fast for a while after each failure."""

    def __init__(
        self, inner: Store, *, cool_down_s: float = COOL_DOWN_S, clock: Clock = time.monotonic
    ) -> None:
        self._inner = inner
        self._cool_down_s = cool_down_s
        self._clock = clock
        self._down_until = 0.0
        self._down: StoreError | None = None

    @property
    def label(self) -> str:
        return _shown(self._inner.label)

    @property
    def shared(self) -> bool:
        return self._inner.shared

    async def _run(
        self, call: Callable[[], Awaitable[Result[_T, StoreError]]]
    ) -> Result[_T, StoreError]:
        if self._down is not None and self._clock() < self._down_until:
            return Failure(self._down)
        answer = await call()
        if isinstance(answer, Success):
            if self._down is not None:
                log.warning("webdistill: the store %s answers again", self.label)
                self._down = None
            return answer
        error = answer.failure()  # own words, naming no path (the adapters build it)
        if self._down is None:
            log.warning(
                "webdistill: the store %s is unavailable (%s); working without it",
                self.label,
                error.reason,
            )
        self._down = error
        self._down_until = self._clock() + self._cool_down_s
        return Failure(error)

    async def get(self, key: str) -> Result[bytes | None, StoreError]:
        return await self._run(lambda: self._inner.get(key))

    async def put(self, key: str, value: bytes, ttl_s: float) -> Result[None, StoreError]:
        return await self._run(lambda: self._inner.put(key, value, ttl_s))

    async def add(self, key: str, value: bytes, ttl_s: float) -> Result[bool, StoreError]:
        return await self._run(lambda: self._inner.add(key, value, ttl_s))

    async def delete(self, key: str) -> Result[None, StoreError]:
        return await self._run(lambda: self._inner.delete(key))

    async def incr(self, key: str, ttl_s: float) -> Result[int, StoreError]:
        return await self._run(lambda: self._inner.incr(key, ttl_s))

    async def put_in_ring(
        self, counter: str, slots: int, prefix: str, value: bytes, ttl_s: float
    ) -> Result[int, StoreError]:
        return await self._run(
            lambda: self._inner.put_in_ring(counter, slots, prefix, value, ttl_s)
        )

    async def pace(self, key: str, interval_s: float) -> Result[float, StoreError]:
        return await self._run(lambda: self._inner.pace(key, interval_s))

    async def close(self) -> None:
        await self._inner.close()
