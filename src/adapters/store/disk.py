"""`DiskStore`: the embedded default, a diskcache (SQLite + files) in the user's cache folder.

Why diskcache: it is SQLite underneath, safe with several processes and threads at once (WAL
journal, one connection per thread), bounded in bytes with least-recently-used eviction, with
expiry, atomic `add`/`incr` and transactions: exactly what the port asks, well kept and small.
Every call runs on a small dedicated thread pool, never on the event loop. The SQLite busy
timeout is short: a store locked by another process answers `Failure` quickly and the caller
fetches instead of waiting.

Values are bytes only. An entry diskcache would unpickle (written by something else into our
folder) is refused, never loaded.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import diskcache
from diskcache.core import MODE_PICKLE
from returns.result import Failure, Result, Success

from webdistill.kernel.store import StoreError

_T = TypeVar("_T")

#: Seconds SQLite waits for another process's write lock before the call gives up.
BUSY_TIMEOUT_S = 1
THREADS = 4


class _BytesOnlyDisk(diskcache.Disk):
    """diskcache's storage, refusing to unpickle anything it finds."""

    def fetch(self, mode: Any, filename: str, value: Any, read: bool) -> Any:
        if mode == MODE_PICKLE:
            raise ValueError("refusing a pickled entry in the webdistill store")
        return super().fetch(mode, filename, value, read)


class DiskStore:
    """A byte-bounded LRU store in `directory`, shared by every process that opens it."""

    shared = True

    def __init__(self, directory: str, max_bytes: int) -> None:
        self._directory = directory
        self._max_bytes = max_bytes
        self._cache: diskcache.Cache | None = None
        self._pool = ThreadPoolExecutor(THREADS, thread_name_prefix="webdistill-store")
        self._opening: asyncio.Lock | None = None

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

    async def _run(self, call: Callable[[diskcache.Cache], _T]) -> Result[_T, StoreError]:
        loop = asyncio.get_running_loop()
        try:
            if self._cache is None:
                self._opening = self._opening or asyncio.Lock()
                async with self._opening:
                    if self._cache is None:
                        self._cache = await loop.run_in_executor(self._pool, self._open)
            cache = self._cache
            return Success(await loop.run_in_executor(self._pool, functools.partial(call, cache)))
        except (OSError, sqlite3.Error, diskcache.Timeout, ValueError) as exc:
            return Failure(StoreError(f"{type(exc).__name__}: {str(exc)[:200]}"))

    async def get(self, key: str) -> Result[bytes | None, StoreError]:
        def call(cache: diskcache.Cache) -> bytes | None:
            value = cache.get(key)
            return value if isinstance(value, bytes) else None

        return await self._run(call)

    async def put(self, key: str, value: bytes, ttl_s: float) -> Result[None, StoreError]:
        def call(cache: diskcache.Cache) -> None:
            cache.set(key, value, expire=ttl_s)

        return await self._run(call)

    async def add(self, key: str, value: bytes, ttl_s: float) -> Result[bool, StoreError]:
        return await self._run(lambda cache: bool(cache.add(key, value, expire=ttl_s)))

    async def delete(self, key: str) -> Result[None, StoreError]:
        def call(cache: diskcache.Cache) -> None:
            cache.delete(key)

        return await self._run(call)

    async def incr(self, key: str, ttl_s: float) -> Result[int, StoreError]:
        def call(cache: diskcache.Cache) -> int:
            with cache.transact():
                current = cache.get(key)
                value = (current if isinstance(current, int) else 0) + 1
                cache.set(key, value, expire=ttl_s)
            return value

        return await self._run(call)

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
        cache, self._cache = self._cache, None
        if cache is not None:
            await asyncio.get_running_loop().run_in_executor(self._pool, cache.close)
        self._pool.shutdown(wait=False)
