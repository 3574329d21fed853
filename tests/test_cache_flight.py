"""The page cache's single-flight: callers that find a download running share its answer or
its failure; a caller that gives up, even the one running the download, does not stop the
others' (when the one running it is cancelled, a waiter runs it again)."""

from __future__ import annotations

import asyncio

import pytest
from returns.result import Result, Success

from webdistill.adapters.pipeline.cache import CachingBackend
from webdistill.adapters.store.memory import MemoryStore
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import FetchedPage, FetchRequest, SearchQuery

URL = "https://example.org/slow"


class GatedBackend:
    """`extract` waits for `gate`, then answers the page (or raises `error`)."""

    def __init__(self, error: BaseException | None = None) -> None:
        self.gate = asyncio.Event()
        self.calls = 0
        self.error = error

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        self.calls += 1
        await self.gate.wait()
        if self.error is not None:
            raise self.error
        return Success(FetchedPage(url=request.url, content="the page"))

    async def search(self, query: SearchQuery) -> Result[object, WebError]:
        raise NotImplementedError


async def _started(backend: CachingBackend, count: int) -> list[asyncio.Task[object]]:
    tasks = [asyncio.create_task(backend.extract(FetchRequest(url=URL))) for _ in range(count)]
    await asyncio.sleep(0)  # all of them reach the flight
    return tasks  # type: ignore[return-value]


@pytest.mark.parametrize("store", [None, MemoryStore(1 << 20)])
async def test_a_waiter_that_gives_up_leaves_the_others_their_answer(
    store: MemoryStore | None,
) -> None:
    inner = GatedBackend()
    backend = CachingBackend(inner, store)  # type: ignore[arg-type]
    first, second, third = await _started(backend, 3)
    second.cancel()
    await asyncio.sleep(0)
    inner.gate.set()
    assert (await first).unwrap().content == "the page"  # type: ignore[attr-defined]
    assert (await third).unwrap().content == "the page"  # type: ignore[attr-defined]
    with pytest.raises(asyncio.CancelledError):
        await second
    assert inner.calls == 1


async def test_the_first_callers_failure_reaches_every_waiter() -> None:
    inner = GatedBackend(error=RuntimeError("backend bug"))
    backend = CachingBackend(inner, MemoryStore(1 << 20))
    tasks = await _started(backend, 3)
    inner.gate.set()
    for task in tasks:
        with pytest.raises(RuntimeError, match="backend bug"):
            await task
    assert inner.calls == 1


@pytest.mark.parametrize("store", [None, MemoryStore(1 << 20)])
async def test_when_the_first_caller_is_cancelled_a_waiter_runs_the_call_again(
    store: MemoryStore | None,
) -> None:
    inner = GatedBackend()
    backend = CachingBackend(inner, store)  # type: ignore[arg-type]
    leader, *waiters = await _started(backend, 3)
    leader.cancel()
    with pytest.raises(asyncio.CancelledError):
        await leader
    await asyncio.sleep(0)  # a waiter took the call over
    assert inner.calls == 2
    inner.gate.set()
    for task in waiters:
        assert (await task).unwrap().content == "the page"  # type: ignore[attr-defined]
    assert inner.calls == 2  # one call for both waiters


async def test_a_search_waiter_outlives_the_cancelled_first_caller() -> None:
    answers = iter(["first", "second"])
    gate = asyncio.Event()

    class Searcher(GatedBackend):
        async def search(self, query: SearchQuery) -> Result[object, WebError]:
            self.calls += 1
            answer = next(answers)
            await gate.wait()
            return Success([{"url": f"https://example.org/{answer}"}])

    inner = Searcher()
    backend = CachingBackend(inner, MemoryStore(1 << 20))
    query = SearchQuery(query="tides")
    leader = asyncio.create_task(backend.search(query))
    waiter = asyncio.create_task(backend.search(query))
    await asyncio.sleep(0)
    leader.cancel()
    await asyncio.sleep(0)
    gate.set()
    rows = (await waiter).unwrap()
    assert [row["url"] for row in rows] == ["https://example.org/second"]  # type: ignore[index]
    assert leader.cancelled() and inner.calls == 2
