"""`DiskStore`: the embedded default, one SQLite file in the user's cache folder.

The file, its layout, eviction and the rules that keep it safe with several processes are
in `disk_db.py`; this is the port's async face. Every call runs on one dedicated thread
(`disk_thread.py`), never on the event loop: SQLite serialises writes anyway, one thread
keeps one connection (a warm page cache, prepared statements) and the hand-off is a queue
put and one `call_soon_threadsafe`; writes queued together commit in one transaction. The
SQLite busy timeout is short (calls queue behind one another, so it bounds their wait too):
a store locked by another process answers `Failure` quickly and the caller fetches instead.
Anything the file or SQLite raises (locked, full disk, a damaged or foreign file) is a
`Failure(StoreError)` saying what went wrong; callers degrade, with a notice.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from returns.result import Failure, Result, Success

from webdistill.adapters.store.disk_db import FILE_NAME, Database, StoreBusy, StoreFormatError
from webdistill.adapters.store.disk_thread import Job, Jobs, serve
from webdistill.kernel.store import StoreError

_T = TypeVar("_T")

#: Seconds SQLite waits for another process's write lock before the call gives up.
BUSY_TIMEOUT_S = 1
_ERRORS = (OSError, sqlite3.Error, ValueError)
_DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB")


class DiskStore:
    """A byte-bounded LRU store in `directory`, shared by every process that opens it."""

    shared = True

    def __init__(self, directory: str, max_bytes: int) -> None:
        self._directory = directory
        self._max_bytes = max_bytes
        self._db: Database | None = None
        self._jobs: Jobs = Jobs()
        self._thread: threading.Thread | None = None

    @property
    def label(self) -> str:
        return f"disk:{self._directory}"

    def _database(self) -> Database:
        """On the store thread: the database, opened on first use (again after a failure)."""
        if self._db is None:
            self._db = Database(self._directory, self._max_bytes, BUSY_TIMEOUT_S)
        return self._db

    def _transaction(self) -> contextlib.AbstractContextManager[Any]:
        """On the store thread: one write transaction (the jobs' own join it)."""
        return self._database().write()

    async def _submit(self, call: Callable[[], _T], kind: str, size: int = 0) -> _T:
        if self._thread is None:
            self._thread = threading.Thread(
                target=serve,
                args=(self._jobs, self._transaction, StoreBusy),
                name="webdistill-store",
                daemon=True,
            )
            self._thread.start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[_T] = loop.create_future()
        self._jobs.put(Job(call, loop, future, kind, size))
        return await future

    def _error(self, exc: Exception) -> StoreError:
        reason = f"{type(exc).__name__}: {str(exc)[:200]}"
        if isinstance(exc, StoreFormatError) or getattr(exc, "sqlite_errorname", "") in _DAMAGED:
            path = os.path.join(self._directory, FILE_NAME)
            reason += f"; delete {path} (a cache) to start an empty store"
        return StoreError(reason)

    async def _run(
        self, call: Callable[[Database], _T], kind: str = "write", size: int = 0
    ) -> Result[_T, StoreError]:
        try:
            return Success(await self._submit(lambda: call(self._database()), kind, size))
        except _ERRORS as exc:
            return Failure(self._error(exc))

    async def get(self, key: str) -> Result[bytes | None, StoreError]:
        return await self._run(lambda db: db.get(key), "read")

    async def put(self, key: str, value: bytes, ttl_s: float) -> Result[None, StoreError]:
        return await self._run(lambda db: db.put(key, value, ttl_s), size=len(value))

    async def add(self, key: str, value: bytes, ttl_s: float) -> Result[bool, StoreError]:
        return await self._run(lambda db: db.add(key, value, ttl_s), size=len(value))

    async def delete(self, key: str) -> Result[None, StoreError]:
        return await self._run(lambda db: db.delete(key))

    async def incr(self, key: str, ttl_s: float) -> Result[int, StoreError]:
        return await self._run(lambda db: db.incr(key, ttl_s))

    async def put_in_ring(
        self, counter: str, slots: int, prefix: str, value: bytes, ttl_s: float
    ) -> Result[int, StoreError]:
        return await self._run(
            lambda db: db.put_in_ring(counter, slots, prefix, value, ttl_s), size=len(value)
        )

    async def pace(self, key: str, interval_s: float) -> Result[float, StoreError]:
        return await self._run(lambda db: db.pace(key, interval_s))

    async def close(self) -> None:
        """Close the database on its thread (after the calls queued before), stop the thread."""
        if self._thread is None:
            return

        def close_database() -> None:
            db, self._db = self._db, None
            if db is not None:
                db.close()

        with contextlib.suppress(*_ERRORS):
            await self._submit(close_database, "alone")
        self._jobs.put(None)
        self._thread = None
