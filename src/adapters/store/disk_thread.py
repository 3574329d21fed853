"""The disk store's one thread: jobs run in queue order; writes queued together commit once.

Each SQLite commit costs a WAL write (and, at checkpoints, an fsync) whatever it holds, so
when several callers' jobs are waiting (concurrent fetches each putting a page and saving a
result), the thread takes up to `MAX_BATCH` of them off the queue and, when two or more of
them write, runs them in ONE transaction (transactions nest: a job's own write transaction
joins it, `disk_db.Database.write`). Every caller still awaits its own answer, delivered
only after the commit, so a write is visible to other processes before its caller goes on
(read-your-writes across processes holds). If anything in the batch fails (a busy lock, a
full disk at commit, one job's error), the transaction is rolled back and every job of the
batch runs again alone, answering its own result or error as it would have without
batching; only a write lock another process keeps past the busy timeout is answered to the
whole batch at once (alone, each job would wait for it in turn). A job that must run alone
(closing the database) ends a batch, and so does a job whose value would take the batch
past `MAX_BATCH_BYTES` (they bound how long the write lock is held).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, NamedTuple

from webdistill.adapters.store.disk_replies import Replies, deliver

#: The most jobs, and bytes of values, one transaction holds: they bound how long it keeps
#: other processes waiting for the write lock (a job bigger than this runs alone).
MAX_BATCH = 32
MAX_BATCH_BYTES = 1 << 20


class Job(NamedTuple):
    """A call for the store thread and where its answer goes."""

    call: Callable[[], Any]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    #: "read", "write" (both may share a batch) or "alone".
    kind: str
    #: Bytes the job writes (its value's length).
    size: int = 0
    #: Where the answer goes (None: through `loop.call_soon_threadsafe`).
    replies: Replies | None = None


#: The queue's items; None stops the thread.
Jobs = queue.SimpleQueue[Job | None]
Transaction = Callable[[], AbstractContextManager[Any]]


def _answer(job: Job, value: Any, error: BaseException | None) -> None:
    if job.replies is not None:
        job.replies.send(job.future, value, error)
        return
    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
        job.loop.call_soon_threadsafe(deliver, job.future, value, error)


def _run_alone(job: Job) -> None:
    value, error = None, None
    try:
        value = job.call()
    except BaseException as exc:  # noqa: BLE001 - handed to the awaiting caller
        error = exc
    _answer(job, value, error)


def _run_together(batch: list[Job], transaction: Transaction, busy: type[BaseException]) -> bool:
    """Run `batch` in one transaction and answer every job; False (nothing answered, all
    rolled back) when something failed that the jobs must meet alone."""
    try:
        with transaction():
            values = [job.call() for job in batch]
    except busy as exc:  # the write lock stayed taken: alone, each would wait and fail too
        for job in batch:
            _answer(job, None, exc)
        return True
    except BaseException:  # noqa: BLE001 - rolled back: each job runs again alone
        return False
    for job, value in zip(batch, values, strict=True):
        _answer(job, value, None)
    return True


def serve(jobs: Jobs, transaction: Transaction, busy: type[BaseException]) -> None:
    """The store thread: run jobs in order until told to stop. `transaction` opens one
    SQLite transaction on the thread's database; `busy` is what it raises when another
    process holds the write lock past the busy timeout (every job of the batch answers it:
    the store fails fast, as without batching a locked store's calls fail)."""
    held: list[Job | None] = []  # a job taken off the queue that could not join the batch
    while True:
        job = held.pop() if held else jobs.get()
        if job is None:
            return
        batch, size = [job], job.size
        while job.kind != "alone" and len(batch) < MAX_BATCH:
            try:
                following = jobs.get_nowait()
            except queue.Empty:
                break
            if (
                following is None
                or following.kind == "alone"
                or size + following.size > MAX_BATCH_BYTES
            ):
                held.append(following)
                break
            batch.append(following)
            size += following.size
        writes = sum(1 for queued in batch if queued.kind == "write")
        if writes >= 2 and _run_together(batch, transaction, busy):
            continue
        for queued in batch:
            _run_alone(queued)
