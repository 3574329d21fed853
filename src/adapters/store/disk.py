"""`DiskStore`: the embedded default, a diskcache (SQLite + files) in the user's cache folder.

Why diskcache: it is SQLite underneath, safe with several processes and threads at once (WAL
journal, one connection per thread), bounded in bytes with least-recently-used eviction, with
expiry, atomic `add`/`incr` and transactions: exactly what the port asks, well kept and small.
Every call runs on one dedicated thread, never on the event loop: SQLite serialises writes
anyway, one thread keeps one connection (a warm page cache, no other connection's writes to
re-read) and the hand-off is a queue put and one `call_soon_threadsafe` (measured: a miss
plus its put cost 248 µs of CPU this way, 431 µs on a 4-thread executor). The SQLite busy
timeout is short (calls queue behind one another, so it bounds their wait too): a store
locked by another process answers `Failure` quickly and the caller fetches instead.

Values are bytes only. An entry diskcache would unpickle (written by something else into our
folder) is refused, never loaded.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import diskcache
from diskcache.core import MODE_PICKLE
from returns.result import Failure, Result, Success

from webdistill.adapters.store.disk_thread import Job, Jobs, serve
from webdistill.kernel.store import StoreError

_T = TypeVar("_T")

#: Seconds SQLite waits for another process's write lock before the call gives up.
BUSY_TIMEOUT_S = 1
_ERRORS = (OSError, sqlite3.Error, diskcache.Timeout, ValueError)


class _BytesOnlyDisk(diskcache.Disk):
    """diskcache's storage, refusing to unpickle anything it finds."""

    def fetch(self, mode: Any, filename: str, value: Any, read: bool) -> Any:
        if mode == MODE_PICKLE:
            raise ValueError("refusing a pickled entry in the webdistill store")
        return super().fetch(mode, filename, value, read)


def _count_up(cache: diskcache.Cache, counter: str, ttl_s: float) -> int:
    """Inside a transaction: count `counter` up by one and give it `ttl_s` from now.

    diskcache's `incr` updates the row in place (no size bookkeeping, no cull: a counter
    does not grow) and `touch` moves its expiry; an expired counter starts again at 1. A
    counter that is not an integer (something else wrote the key) is replaced by 1."""
    try:
        count = cache.incr(counter)
    except TypeError:
        count = None
    if type(count) is not int:
        cache.set(counter, 1, expire=ttl_s)
        return 1
    cache.touch(counter, expire=ttl_s)
    return count


class DiskStore:
    """A byte-bounded LRU store in `directory`, shared by every process that opens it."""

    shared = True

    def __init__(self, directory: str, max_bytes: int) -> None:
        self._directory = directory
        self._max_bytes = max_bytes
        self._cache: diskcache.Cache | None = None
        self._jobs: Jobs = Jobs()
        self._thread: threading.Thread | None = None

    @property
    def label(self) -> str:
        return f"disk:{self._directory}"

    def _open(self) -> diskcache.Cache:
        os.makedirs(self._directory, mode=0o700, exist_ok=True)
        return diskcache.Cache(
            self._directory,
            timeout=BUSY_TIMEOUT_S,
            disk=_BytesOnlyDisk,
            size_limit=self._max_bytes,
            eviction_policy="least-recently-used",
            cull_limit=16,
        )

    def _with_cache(self, call: Callable[[diskcache.Cache], _T]) -> _T:
        """Runs on the store thread: open the cache on first use, then `call` it."""
        if self._cache is None:
            self._cache = self._open()
        return call(self._cache)

    def _transaction(self) -> contextlib.AbstractContextManager[Any]:
        """Runs on the store thread: one SQLite transaction (the jobs' own nest in it)."""
        return self._with_cache(lambda cache: cache.transact())

    async def _submit(self, call: Callable[[], _T], kind: str, size: int = 0) -> _T:
        if self._thread is None:
            self._thread = threading.Thread(
                target=serve,
                args=(self._jobs, self._transaction, diskcache.Timeout),
                name="webdistill-store",
                daemon=True,
            )
            self._thread.start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[_T] = loop.create_future()
        self._jobs.put(Job(call, loop, future, kind, size))
        return await future

    async def _run(
        self, call: Callable[[diskcache.Cache], _T], kind: str = "write", size: int = 0
    ) -> Result[_T, StoreError]:
        try:
            return Success(await self._submit(lambda: self._with_cache(call), kind, size))
        except _ERRORS as exc:
            return Failure(StoreError(f"{type(exc).__name__}: {str(exc)[:200]}"))

    async def get(self, key: str) -> Result[bytes | None, StoreError]:
        def call(cache: diskcache.Cache) -> bytes | None:
            # A miss is one SELECT outside any transaction. diskcache's `get` under LRU
            # takes the write lock (BEGIN IMMEDIATE) to stamp the access time even when
            # nothing is there: a miss would wait for another process's write and cost a
            # transaction. A hit still goes through `get`, which stamps it (LRU order).
            if key not in cache:
                return None
            value = cache.get(key)
            return value if isinstance(value, bytes) else None

        return await self._run(call, "read")

    async def put(self, key: str, value: bytes, ttl_s: float) -> Result[None, StoreError]:
        def call(cache: diskcache.Cache) -> None:
            cache.set(key, value, expire=ttl_s)

        return await self._run(call, size=len(value))

    async def add(self, key: str, value: bytes, ttl_s: float) -> Result[bool, StoreError]:
        return await self._run(
            lambda cache: bool(cache.add(key, value, expire=ttl_s)), size=len(value)
        )

    async def delete(self, key: str) -> Result[None, StoreError]:
        def call(cache: diskcache.Cache) -> None:
            cache.delete(key)

        return await self._run(call)

    async def incr(self, key: str, ttl_s: float) -> Result[int, StoreError]:
        def call(cache: diskcache.Cache) -> int:
            with cache.transact():
                return _count_up(cache, key, ttl_s)

        return await self._run(call)

    async def put_in_ring(
        self, counter: str, slots: int, prefix: str, value: bytes, ttl_s: float
    ) -> Result[int, StoreError]:
        def call(cache: diskcache.Cache) -> int:
            with cache.transact():  # one SQLite transaction, one trip to the store thread
                count = _count_up(cache, counter, ttl_s)
                slot = count % max(1, slots)
                cache.set(f"{prefix}{slot}", value, expire=ttl_s)
            return slot

        return await self._run(call, size=len(value))

    async def pace(self, key: str, interval_s: float) -> Result[float, StoreError]:
        def call(cache: diskcache.Cache) -> float:
            with cache.transact():
                now = time.time()  # wall clock: the turn is shared between processes
                stored = cache.get(key)
                turn = max(now, stored if isinstance(stored, float) else now)
                cache.set(key, turn + interval_s, expire=turn + interval_s - now + 60)
            return turn - now

        return await self._run(call)

    async def close(self) -> None:
        """Close the cache on its thread (after the calls queued before), stop the thread."""
        if self._thread is None:
            return

        def close_cache() -> None:
            cache, self._cache = self._cache, None
            if cache is not None:
                cache.close()

        with contextlib.suppress(*_ERRORS):
            await self._submit(close_cache, "alone")
        self._jobs.put(None)
        self._thread = None
