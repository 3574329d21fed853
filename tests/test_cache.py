"""Caches: paging downloads once, TTLs expire, the page cache is byte-bounded, failures not kept."""

from __future__ import annotations

import asyncio

from returns.result import Success

from tests.fakes import FakeBackend, RecordingCompressor, page_row
from webdistill.adapters.compress.cache import CachingCompressor, TtlLru
from webdistill.adapters.pipeline.cache import CachingBackend
from webdistill.kernel import Deps, ErrorCode, SearchQuery, WebError, web_fetch, web_search

URL = "https://example.com/long"
LONG = "\n\n".join(f"Paragraph {i}: " + "words " * 30 for i in range(100))


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_three_start_index_calls_download_once() -> None:
    inner = FakeBackend(pages={URL: page_row(URL, LONG)})
    deps = Deps(backend=CachingBackend(inner), max_content_chars=2000)
    start: int | None = 0
    pieces = []
    for _ in range(3):
        assert start is not None
        outcome = (await web_fetch(deps, {"url": URL, "start_index": start})).unwrap()[0]
        assert outcome.page is not None
        pieces.append(outcome.page)
        start = outcome.page.next_start
    assert len(inner.extract_calls) == 1
    assert pieces[0].start_index == 0 < pieces[1].start_index < pieces[2].start_index
    assert all(page.total_chars == len(LONG) for page in pieces)


async def test_concurrent_requests_for_one_url_share_one_download() -> None:
    class SlowBackend(FakeBackend):
        async def extract(self, request):  # type: ignore[no-untyped-def]
            await asyncio.sleep(0.05)
            return await super().extract(request)

    inner = SlowBackend(pages={URL: page_row(URL, "body")})
    cache = CachingBackend(inner)
    deps = Deps(backend=cache)
    await asyncio.gather(*(web_fetch(deps, {"url": URL}) for _ in range(4)))
    assert len(inner.extract_calls) == 1


async def test_pages_expire_after_their_ttl() -> None:
    clock = FakeClock()
    inner = FakeBackend(pages={URL: page_row(URL, "body")})
    deps = Deps(backend=CachingBackend(inner, clock=clock))
    await web_fetch(deps, {"url": URL})
    clock.now += 599
    await web_fetch(deps, {"url": URL})
    assert len(inner.extract_calls) == 1
    clock.now += 2
    await web_fetch(deps, {"url": URL})
    assert len(inner.extract_calls) == 2


async def test_searches_expire_after_five_minutes() -> None:
    clock = FakeClock()
    inner = FakeBackend(searches={"q": [{"title": "t", "url": "https://example.com/"}]})
    deps = Deps(backend=CachingBackend(inner, clock=clock))
    await web_search(deps, {"query": "q"})
    await web_search(deps, {"query": "q"})
    assert len(inner.search_calls) == 1
    clock.now += 301
    await web_search(deps, {"query": "q"})
    assert len(inner.search_calls) == 2


async def test_different_result_counts_are_different_searches() -> None:
    inner = FakeBackend()
    cache = CachingBackend(inner)
    await cache.search(SearchQuery("q", max_results=3))
    await cache.search(SearchQuery("q", max_results=10))
    assert len(inner.search_calls) == 2


async def test_failures_are_not_cached() -> None:
    error = WebError.of(ErrorCode.TIMEOUT, "slow")
    inner = FakeBackend(pages={URL: error})
    deps = Deps(backend=CachingBackend(inner))
    await web_fetch(deps, {"url": URL})
    await web_fetch(deps, {"url": URL})
    assert len(inner.extract_calls) == 2


def test_lru_is_bounded_by_size_and_evicts_least_recently_used() -> None:
    cache: TtlLru[str] = TtlLru(ttl_s=60, max_size=10)
    cache.put("a", "A", size=4)
    cache.put("b", "B", size=4)
    assert cache.get("a") == "A"  # a is now the most recent
    cache.put("c", "C", size=4)  # over 10: evicts b
    assert cache.get("b") is None
    assert cache.get("a") == "A" and cache.get("c") == "C"
    cache.put("huge", "H", size=11)  # larger than the whole cache: not kept
    assert cache.get("huge") is None


async def test_caching_compressor_answers_repeats_from_memory() -> None:
    inner = RecordingCompressor(keep=5)
    compressor = CachingCompressor(inner)
    first = await compressor("some long text", "focus")
    second = await compressor("some long text", "focus")
    third = await compressor("some long text", "other focus")
    assert first == second == Success("some ")
    assert third == Success("some ")
    assert len(inner.calls) == 2
    assert compressor.label == "fake:recording"
