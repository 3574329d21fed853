"""`MemoryStore`: the store inside this process, bounded in bytes, LRU with per-entry TTLs.

What `WEB_CACHE=memory` gives: nothing outlives the process and nothing is shared, exactly the
behaviour before stores existed. Everything is synchronous dict work, so it never blocks.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from returns.result import Result, Success

from webdistill.kernel.store import StoreError

Clock = Callable[[], float]

#: Bytes counted per entry on top of its key and value (dict slots, floats...).
ENTRY_OVERHEAD = 128


class MemoryStore:
    """A byte-bounded LRU of (value, expiry); `clock` is injectable for tests."""

    label = "memory"
    shared = False

    def __init__(self, max_bytes: int, clock: Clock = time.monotonic) -> None:
        self._max_bytes = max_bytes
        self._clock = clock
        self._entries: OrderedDict[str, tuple[bytes, float]] = OrderedDict()
        self._size = 0
        self._turns: dict[str, float] = {}

    def _live(self, key: str) -> bytes | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        if entry[1] <= self._clock():
            self._drop(key)
            return None
        self._entries.move_to_end(key)
        return entry[0]

    def _drop(self, key: str) -> None:
        value, _ = self._entries.pop(key)
        self._size -= len(key) + len(value) + ENTRY_OVERHEAD

    def _set(self, key: str, value: bytes, ttl_s: float) -> None:
        size = len(key) + len(value) + ENTRY_OVERHEAD
        if key in self._entries:
            self._drop(key)
        if size > self._max_bytes:
            return
        self._entries[key] = (value, self._clock() + ttl_s)
        self._size += size
        while self._size > self._max_bytes:
            self._drop(next(iter(self._entries)))

    async def get(self, key: str) -> Result[bytes | None, StoreError]:
        return Success(self._live(key))

    async def put(self, key: str, value: bytes, ttl_s: float) -> Result[None, StoreError]:
        self._set(key, value, ttl_s)
        return Success(None)

    async def add(self, key: str, value: bytes, ttl_s: float) -> Result[bool, StoreError]:
        if self._live(key) is not None:
            return Success(False)
        self._set(key, value, ttl_s)
        return Success(True)

    async def delete(self, key: str) -> Result[None, StoreError]:
        if key in self._entries:
            self._drop(key)
        return Success(None)

    async def incr(self, key: str, ttl_s: float) -> Result[int, StoreError]:
        current = self._live(key)
        value = (int(current) if current is not None and current.isdigit() else 0) + 1
        self._set(key, str(value).encode(), ttl_s)
        return Success(value)

    async def put_in_ring(
        self, counter: str, slots: int, prefix: str, value: bytes, ttl_s: float
    ) -> Result[int, StoreError]:
        counted = await self.incr(counter, ttl_s)  # never fails, never yields: atomic
        slot = counted.unwrap() % max(1, slots)
        self._set(f"{prefix}{slot}", value, ttl_s)
        return Success(slot)

    async def pace(self, key: str, interval_s: float) -> Result[float, StoreError]:
        now = self._clock()
        turn = max(now, self._turns.get(key, now))
        self._turns[key] = turn + interval_s
        if len(self._turns) > 1024:  # forget gates long past
            self._turns = {k: t for k, t in self._turns.items() if t > now}
        return Success(turn - now)

    async def close(self) -> None:
        self._entries.clear()
        self._size = 0
