"""`DiskStore`: the embedded default, one SQLite file in the user's cache folder.

The file, its layout, eviction and the rules that keep it safe with several processes are
in `disk_db.py`; this is the port's async face. Every call runs on one dedicated thread
(`disk_thread.py`), never on the event loop: SQLite serialises writes anyway, one thread
keeps one connection (a warm page cache, prepared statements) and the hand-off is a queue
put and an eventfd write (`disk_replies.py`); writes queued together commit in one
transaction. Each thread has its own connection, closed by that thread when it stops (a
store closed and used again gets a new thread and a new connection). The
SQLite busy timeout is short (calls queue behind one another, so it bounds their wait too):
a store locked by another process answers `Failure` quickly and the caller fetches instead.
Anything the file or SQLite raises (locked, full disk, a damaged or foreign file, a folder
or file that is not the user's alone, or a path to it that is not: `disk_folder.py`,
`disk_path.py`) is a `Failure(StoreError)` saying what went wrong; callers degrade, with a
notice. The error's text reaches the model, so it never holds an absolute path (the
folder's, or any folder's above it, names the local user): the label is `disk`, a refusal's
or a damaged file's text names the folder by its name, any other failure is described in
own words (`described`: its class and SQLite's or the system's error name), and the
operator's log (the `webdistill.store` logger, once per distinct problem) names the full
path and the error's own text.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from returns.result import Failure, Result, Success

from webdistill.adapters.store.disk_db import FILE_NAME, Database, StoreBusy, StoreFormatError
from webdistill.adapters.store.disk_folder import damaged
from webdistill.adapters.store.disk_path import StoreRefused
from webdistill.adapters.store.disk_replies import Replies
from webdistill.adapters.store.disk_thread import Job, Jobs, serve
from webdistill.kernel.own_text import OwnText, name, own
from webdistill.kernel.store import StoreError

_T = TypeVar("_T")
log = logging.getLogger("webdistill.store")

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
        self._local = threading.local()  # `db`: the database of the thread it runs on
        self._jobs: Jobs = Jobs()
        self._thread: threading.Thread | None = None
        #: How answers reach each loop that calls (None: it cannot watch a descriptor).
        self._replies: dict[asyncio.AbstractEventLoop, Replies | None] = {}
        #: The last problem told to the operator (each is logged once, not on every call).
        self._told: str | None = None

    @property
    def label(self) -> str:
        return "disk"  # (shown to the model: the folder's path would name the local user)

    def _database(self) -> Database:
        """On the store thread: the database, opened on first use (again after a failure)."""
        db: Database | None = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = Database(self._directory, self._max_bytes, BUSY_TIMEOUT_S)
        return db

    def _close_database(self) -> None:
        """On the store thread: close its database (the next call opens it again)."""
        db: Database | None = getattr(self._local, "db", None)
        self._local.db = None
        if db is not None:
            db.close()

    def _serve(self, jobs: Jobs) -> None:
        """The store thread: serve `jobs` until told to stop, then close its database."""
        try:
            serve(jobs, self._transaction, StoreBusy)
        finally:
            with contextlib.suppress(*_ERRORS):
                self._close_database()

    def _transaction(self) -> contextlib.AbstractContextManager[Any]:
        """On the store thread: one write transaction (the jobs' own join it)."""
        return self._database().write()

    async def _submit(self, call: Callable[[], _T], kind: str, size: int = 0) -> _T:
        if self._thread is None:
            self._jobs = Jobs()  # a queue of its own: the last thread may still drain its own
            self._thread = threading.Thread(
                target=self._serve,
                args=(self._jobs,),
                name="webdistill-store",
                daemon=True,
            )
            self._thread.start()
        loop = asyncio.get_running_loop()
        try:
            replies = self._replies[loop]
        except KeyError:
            replies = self._replies[loop] = self._open_replies(loop)
        future: asyncio.Future[_T] = loop.create_future()
        self._jobs.put(Job(call, loop, future, kind, size, replies))
        return await future

    def _open_replies(self, loop: asyncio.AbstractEventLoop) -> Replies | None:
        """Replies for a loop calling for the first time; those of closed loops (nobody
        waits there any more) are closed first, so their descriptors do not pile up."""
        for old in [old for old in self._replies if old.is_closed()]:
            replies = self._replies.pop(old)
            if replies is not None:
                replies.close()
        return Replies.open(loop)

    def _error(self, exc: Exception) -> StoreError:
        """What went wrong, without the folder's path; a problem the operator must put right
        (a refused folder or file, a damaged file) is logged with it."""
        if isinstance(exc, StoreRefused):
            self._tell_operator(exc.detail)
            return StoreError(exc.reason)
        told = f"{type(exc).__name__}: {exc}"  # SQLite's or the system's words: logged
        reason = described(exc)
        if isinstance(exc, StoreFormatError) or getattr(exc, "sqlite_errorname", "") in _DAMAGED:
            to_do, detail = damaged(self._directory, FILE_NAME)
            reason = own("{}; {}", reason, to_do)
            told = f"{told}; {detail}"
        self._tell_operator(told)
        return StoreError(reason)

    def _tell_operator(self, detail: str) -> None:
        if detail != self._told:
            self._told = detail
            log.warning("webdistill: %s", detail)

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
        """Close the database on its thread (after the calls queued before) and stop the
        thread; calls queued meanwhile still run on it, and it closes what they opened."""
        if self._thread is None:
            return
        jobs = self._jobs
        with contextlib.suppress(*_ERRORS):
            await self._submit(self._close_database, "alone")
        jobs.put(None)
        if self._jobs is jobs:  # (not a thread started since, by a call after another close)
            self._thread = None
        replies = self._replies.pop(asyncio.get_running_loop(), None)
        if replies is not None:  # a late answer (a call racing the close) takes the self-pipe
            replies.close()


def described(exc: Exception) -> OwnText:
    """A disk store failure in own words and closed forms: the exception's class, SQLite's
    error name (`SQLITE_FULL`) or the system's words for its errno (`os.strerror`: "No
    space left on device"); its own text (paths, SQLite's message) goes to the log."""
    kind = name(type(exc).__name__, "an error")
    if isinstance(exc, StoreFormatError):
        return own("{}: {} is not a webdistill store of this release", kind, name(FILE_NAME))
    errorname = getattr(exc, "sqlite_errorname", None)
    if isinstance(errorname, str) and errorname:
        return own("{} ({}; the log has the details)", kind, name(errorname, "a SQLite error"))
    errno = getattr(exc, "errno", None) if isinstance(exc, OSError) else None
    if isinstance(errno, int):
        said = name(os.strerror(errno), "a system error")
        return own("{} ({}; the log has the details)", kind, said)
    return own("{} (the log has the details)", kind)
