"""`DeadlineBackend` (adapters/pipeline/deadline.py): one total deadline per page read, all reads on
one shared timer, with `asyncio.timeout`'s contract.

A read past its deadline is TIMEOUT and its task is left uncancelled; every read gets its own
deadline (a short `timeout_ms` is not lengthened by a longer read running beside it, a long
one is not cut by a short one); a caller's own cancellation and a caller's shorter
`asyncio.timeout` reach the caller as they are; the deadline is published to the client
(`enclosing_deadline`) while the read runs, and not after. The inner backend is a
hand-written fake that sleeps.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest
from returns.result import Result, Success

from webdistill.adapters.pipeline.deadline import DeadlineBackend, enclosing_deadline
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import FetchRequest, SearchQuery


class Sleepy:
    """Answers after `delay` seconds (per URL path), noting the deadline it ran under."""

    def __init__(self, delays: dict[str, float]) -> None:
        self.delays = delays
        self.seen: list[float | None] = []

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        return Success(())

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        self.seen.append(enclosing_deadline())
        await asyncio.sleep(self.delays[request.url.rsplit("/", 1)[1]])
        return Success(request.url)


async def test_a_read_past_its_deadline_is_timeout_and_its_task_stays_uncancelled() -> None:
    backend = DeadlineBackend(Sleepy({"slow": 30}), timeout_s=0.05, concurrency=2)
    async with asyncio.timeout(5):  # a guard: the deadline must fire long before this
        answer = await backend.extract(FetchRequest(url="https://example.org/slow"))
    assert answer.failure().code is ErrorCode.TIMEOUT
    task = asyncio.current_task()
    assert task is not None and task.cancelling() == 0
    assert (await backend.extract(FetchRequest(url="https://example.org/slow", timeout_ms=100)))\
        .failure().code is ErrorCode.TIMEOUT  # fmt: skip


async def test_each_read_has_its_own_deadline() -> None:
    inner = Sleepy({"quick": 0.2, "slow": 30, "long": 0.4})
    backend = DeadlineBackend(inner, timeout_s=3, concurrency=4)
    loop = asyncio.get_running_loop()
    started = loop.time()
    async with asyncio.timeout(5):
        long, short, quick = await asyncio.gather(
            backend.extract(FetchRequest(url="https://e.org/long")),  # 3 s deadline, done at 0.4
            backend.extract(FetchRequest(url="https://e.org/slow", timeout_ms=100)),
            backend.extract(FetchRequest(url="https://e.org/quick", timeout_ms=1000)),
        )
    assert long == Success("https://e.org/long") and quick == Success("https://e.org/quick")
    assert short.failure().code is ErrorCode.TIMEOUT
    assert short.failure().detail["limit_s"] == "0.1"
    assert loop.time() - started < 2.5  # nobody waited for the 3 s deadline
    long_when, short_when, quick_when = inner.seen
    assert long_when is not None and short_when is not None and quick_when is not None
    assert short_when < quick_when < long_when
    assert enclosing_deadline() is None


async def test_a_callers_cancellation_reaches_the_caller() -> None:
    backend = DeadlineBackend(Sleepy({"slow": 30}), timeout_s=0.3, concurrency=1)
    read = asyncio.create_task(backend.extract(FetchRequest(url="https://e.org/slow")))
    await asyncio.sleep(0.05)
    read.cancel()
    with pytest.raises(asyncio.CancelledError):
        await read
    await asyncio.sleep(0.4)  # the read's deadline passes with nobody left to cancel
    assert (await backend.extract(FetchRequest(url="https://e.org/slow", timeout_ms=100)))\
        .failure().code is ErrorCode.TIMEOUT  # fmt: skip


async def test_a_callers_shorter_timeout_is_the_callers() -> None:
    backend = DeadlineBackend(Sleepy({"slow": 30}), timeout_s=10, concurrency=1)
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.05):
            await backend.extract(FetchRequest(url="https://e.org/slow"))
    task = asyncio.current_task()
    assert task is not None and task.cancelling() == 0


async def test_close_ends_the_reads_in_the_stage_and_refuses_later_ones() -> None:
    # `close` (the toolkit closing) ends a read under way with the closed-toolkit error,
    # leaves its task uncancelled, returns once it has left, and refuses later reads; a
    # read waiting for its slot then is refused too, not started.
    backend = DeadlineBackend(Sleepy({"slow": 30}), timeout_s=60, concurrency=1)
    running = asyncio.create_task(backend.extract(FetchRequest(url="https://e.org/slow")))
    queued = asyncio.create_task(backend.extract(FetchRequest(url="https://e.org/slow")))
    for _ in range(5):
        await asyncio.sleep(0)
    async with asyncio.timeout(5):  # a guard: the close ends them at once
        await backend.close()
    assert running.done() and queued.done()
    for read in (running, queued, None):
        answer = (
            read.result() if read else await backend.extract(FetchRequest(url="https://e.org/x"))
        )
        error = answer.failure()
        assert (
            error.code is ErrorCode.NETWORK_ERROR
            and error.detail["reason"] == "the toolkit was closed"
        )
    assert running.cancelling() == 0
