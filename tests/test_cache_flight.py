"""The page cache's single-flight: callers that find a download running share its answer,
its failure or its cancellation; a caller that gives up does not stop the others'."""

from __future__ import annotations

import asyncio

import pytest
from returns.result import Result, Success

from webdistill.adapters.cache import CachingBackend
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


async def test_the_first_callers_failure_and_cancellation_reach_every_waiter() -> None:
    inner = GatedBackend(error=RuntimeError("backend bug"))
    backend = CachingBackend(inner, MemoryStore(1 << 20))
    tasks = await _started(backend, 3)
    inner.gate.set()
    for task in tasks:
        with pytest.raises(RuntimeError, match="backend bug"):
            await task
    inner = GatedBackend()
    backend = CachingBackend(inner, MemoryStore(1 << 20))
    leader, *waiters = await _started(backend, 3)
    leader.cancel()
    for task in (leader, *waiters):
        with pytest.raises(asyncio.CancelledError):
            await task
    inner.gate.set()
    again = await backend.extract(FetchRequest(url=URL))  # nothing left running or kept
    assert again.unwrap().content == "the page"  # type: ignore[attr-defined]
    assert inner.calls == 2
