"""The disk store's per-call cost cuts keep its behaviour: a miss is read without the write
lock (so another process's long write does not fail it), writes queued together commit in
one transaction yet each caller gets its own answer (one failing job does not take the
others down), a lock held past the busy timeout fails the queued calls and the store works
again after, and counters expire and survive a foreign value under their key; batches stop
at a job that must run alone and at the byte bound.

To make calls queue together, a plain SQLite connection (another process, as far as the
store can tell) holds the store's write lock for a moment while they are submitted.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from returns.result import Failure, Success

from webdistill.adapters.store.disk import DiskStore
from webdistill.adapters.store.disk_db import FILE_NAME


def _hold_write_lock(folder: Path, seconds: float) -> threading.Event:
    """Take the store's write lock from another connection for `seconds` (in a thread);
    the event is set once the lock is held."""
    held = threading.Event()

    def hold() -> None:
        con = sqlite3.connect(str(folder / FILE_NAME), isolation_level=None)
        con.execute("BEGIN IMMEDIATE")
        held.set()
        time.sleep(seconds)
        con.execute("COMMIT")
        con.close()

    threading.Thread(target=hold, daemon=True).start()
    return held


async def _store(tmp_path: Path) -> tuple[DiskStore, Path]:
    folder = tmp_path / "store"
    store = DiskStore(str(folder), 8 << 20)
    assert isinstance(await store.put("warm", b"up", 60), Success)  # creates the database
    return store, folder


async def test_a_miss_does_not_wait_for_another_process_write(tmp_path: Path) -> None:
    store, folder = await _store(tmp_path)
    held = _hold_write_lock(folder, 1.4)  # longer than the store's 1 s busy timeout
    await asyncio.to_thread(held.wait)
    assert await store.get("absent") == Success(None)  # a read takes no lock
    await store.close()


async def test_queued_writes_each_get_their_own_answer_when_one_fails(tmp_path: Path) -> None:
    store, folder = await _store(tmp_path)
    held = _hold_write_lock(folder, 0.3)  # the first call waits; the rest queue behind it
    await asyncio.to_thread(held.wait)
    answers = await asyncio.gather(
        store.put("a", b"A", 60),
        store.put_in_ring("count", 10, "slot:", b"first", 60),
        store.put("odd", ["not", "bytes"], 60),  # type: ignore[arg-type] # fails in the batch
        store.put("b", b"B", 60),
        store.put_in_ring("count", 10, "slot:", b"second", 60),
        store.incr("n", 60),
    )
    assert answers[0] == Success(None) and answers[3] == Success(None)
    assert answers[1] == Success(1) and answers[4] == Success(2)
    assert isinstance(answers[2], Failure) and "ProgrammingError" in answers[2].failure().reason
    assert answers[5] == Success(1)
    assert await store.get("a") == Success(b"A") and await store.get("b") == Success(b"B")
    assert await store.get("slot:1") == Success(b"first")
    assert await store.get("slot:2") == Success(b"second")
    await store.close()


async def test_many_queued_writes_all_land_and_are_seen_by_another_process(
    tmp_path: Path,
) -> None:
    store, folder = await _store(tmp_path)
    answers = await asyncio.gather(
        *(store.put_in_ring("count", 100, "slot:", b"v%d" % n, 60) for n in range(80))
    )
    assert sorted(answer.unwrap() for answer in answers) == list(range(1, 81))
    other = sqlite3.connect(str(folder / FILE_NAME))  # every caller had its answer: committed
    keys = {key for (key,) in other.execute("SELECT key FROM entries")}
    assert {f"slot:{slot}" for slot in range(1, 81)} <= keys
    other.close()
    await store.close()


async def test_a_lock_held_too_long_fails_the_queued_calls_then_the_store_works(
    tmp_path: Path,
) -> None:
    store, folder = await _store(tmp_path)
    held = _hold_write_lock(folder, 1.4)
    await asyncio.to_thread(held.wait)
    answers = await asyncio.gather(*(store.put(f"k{n}", b"v", 60) for n in range(6)))
    assert all(isinstance(answer, Failure) for answer in answers)
    await asyncio.sleep(1.5)  # the other connection lets go
    assert await store.put("after", b"ok", 60) == Success(None)
    assert await store.get("after") == Success(b"ok")
    await store.close()


async def test_a_counter_over_a_foreign_value_counts_from_one(tmp_path: Path) -> None:
    store, _ = await _store(tmp_path)
    await store.put("count", b"not a number", 60)
    assert await store.put_in_ring("count", 5, "slot:", b"x", 60) == Success(1)
    assert await store.incr("count", 60) == Success(2)
    await store.close()


class _Busy(Exception):
    pass


async def test_batches_stop_at_a_lone_job_and_at_the_byte_bound() -> None:
    """The store thread's grouping, with a stand-in transaction that names each one."""
    from webdistill.adapters.store import disk_thread

    loop = asyncio.get_running_loop()
    transactions: list[int] = []
    ran: dict[str, int | None] = {}
    current: list[int] = []

    @contextlib.contextmanager
    def transaction() -> Iterator[None]:
        transactions.append(len(transactions))
        current.append(transactions[-1])
        try:
            yield
        finally:
            current.pop()

    def job(name: str, kind: str = "write", size: int = 10) -> disk_thread.Job:
        def call() -> str:
            ran[name] = current[-1] if current else None
            return name

        return disk_thread.Job(call, loop, loop.create_future(), kind, size)

    big = disk_thread.MAX_BATCH_BYTES // 2 + 1
    queued = [job("big1", size=big), job("big2", size=big), job("small"),
              job("close", "alone"), job("w1"), job("r", "read"), job("w2")]  # fmt: skip
    jobs: disk_thread.Jobs = disk_thread.Jobs()
    for queued_job in queued:
        jobs.put(queued_job)
    jobs.put(None)
    await asyncio.to_thread(disk_thread.serve, jobs, transaction, _Busy)
    assert [await queued_job.future for queued_job in queued] == [
        "big1", "big2", "small", "close", "w1", "r", "w2"
    ]  # fmt: skip
    assert ran["big1"] is None  # the second big value would pass the bound: alone
    assert ran["big2"] == ran["small"] == 0  # together, one transaction
    assert ran["close"] is None
    assert ran["w1"] == ran["r"] == ran["w2"] == 1
