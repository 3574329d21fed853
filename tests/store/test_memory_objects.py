"""The memory store's objects (pages and results kept as they are, not encoded): one LRU and
one byte bound with the port's entries, TTLs, the ring's counting, and the page cache and
stored results on top of it staying bounded."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import attrs
import pytest
from returns.result import Success

from tests.fakes import FakeBackend
from tests.store.pages import counting_site
from webdistill import Config, build
from webdistill.adapters.pipeline.cache import CachingBackend
from webdistill.adapters.store.memory import ENTRY_OVERHEAD, MemoryStore, footprint
from webdistill.adapters.store.results import StoredResults
from webdistill.kernel import Deps, web_fetch
from webdistill.kernel.model import FetchedPage, FetchRequest
from webdistill.kernel.retrieval import web_get_result


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_objects_and_bytes_share_one_lru_and_one_bound() -> None:
    store = MemoryStore(3 * (1000 + ENTRY_OVERHEAD) + 100)
    store.keep(("a",), "first", 1000, 60)
    await store.put("b", b"x" * (1000 - 1), 60)  # key + value: 1000 bytes
    store.keep(("c",), "third", 1000, 60)
    assert store.recall(("a",)) == "first"  # now the most recently used
    store.keep(("d",), "fourth", 1000, 60)  # over the bound: the least recently used goes
    assert await store.get("b") == Success(None)
    assert [store.recall((k,)) for k in "acd"] == ["first", "third", "fourth"]
    store.keep(("e",), "too big", 4 * 1000, 60)
    assert store.recall(("e",)) is None
    assert store.recall(("a",)) == "first"  # an entry too big to keep evicts nothing


async def test_tuple_keys_never_meet_the_ports_string_keys() -> None:
    store = MemoryStore(1 << 20)
    store.keep(("k",), b"an object that happens to be bytes", 10, 60)
    await store.put("k", b"bytes", 60)
    assert await store.get("k") == Success(b"bytes")
    assert store.recall(("k",)) == b"an object that happens to be bytes"
    assert store.recall(("missing",)) is None


async def test_objects_expire_after_their_ttl() -> None:
    clock = FakeClock()
    store = MemoryStore(1 << 20, clock)
    store.keep(("short",), "short", 10, 5)
    store.keep(("long",), "long", 10, 60)
    clock.now += 5
    assert store.recall(("short",)) is None
    assert store.recall(("long",)) == "long"


def test_the_ring_counts_from_one_and_its_counter_lives_its_ttl_from_the_last_count() -> None:
    clock = FakeClock()
    store = MemoryStore(1 << 20, clock)
    slots = [store.keep_in_ring(("n",), 3, ("r",), i, size=10, ttl_s=60) for i in range(4)]
    assert slots == [1, 2, 0, 1]
    assert [store.recall(("r", slot)) for slot in (0, 1, 2)] == [2, 3, 1]
    clock.now += 59
    assert store.keep_in_ring(("n",), 3, ("r",), "x", size=10, ttl_s=60) == 2  # count 5
    clock.now += 60
    assert store.keep_in_ring(("n",), 3, ("r",), "y", size=10, ttl_s=60) == 1  # from 1 again


def test_footprint_counts_text_as_python_keeps_it() -> None:
    ascii_page = FetchedPage(url="u", content="a" * 10_000)
    wide_page = FetchedPage(url="u", content="\U0001f600" * 10_000)  # 4 bytes a character
    assert 10_000 < footprint(ascii_page) < 12_000
    assert 40_000 < footprint(wide_page) < 42_000


async def test_the_page_cache_on_a_memory_store_stays_within_its_bytes() -> None:
    pages = {f"https://example.org/{n}": FetchedPage(f"https://example.org/{n}", "w" * 40_000)
             for n in range(4)}  # fmt: skip
    inner = FakeBackend(pages=pages)  # type: ignore[arg-type]
    store = MemoryStore(100_000)
    backend = CachingBackend(inner, store)
    for url in pages:
        assert isinstance(await backend.extract(FetchRequest(url=url)), Success)
    assert store._size <= 100_000
    for url in list(pages)[-2:]:  # the last two are kept: no download
        await backend.extract(FetchRequest(url=url))
    assert len(inner.extract_calls) == 4
    await backend.extract(FetchRequest(url="https://example.org/0"))  # evicted: downloaded
    assert len(inner.extract_calls) == 5


async def test_stored_results_on_a_memory_store_stay_within_its_bytes() -> None:
    url = "https://example.org/long"
    inner = FakeBackend(pages={url: FetchedPage(url, "w" * 30_000)})  # type: ignore[dict-item]
    store = MemoryStore(100_000)
    deps = Deps(
        backend=inner,
        results=StoredResults(store, max_results=100, max_chars=50_000),
        max_content_chars=40_000,
    )
    ids = [(await web_fetch(deps, {"url": url})).unwrap()[0].response_id for _ in range(5)]
    assert store._size <= 100_000
    found = [(await web_get_result(deps, {"response_id": i})).value_or(None) for i in ids]
    assert [answer is not None for answer in found] == [False, False, True, True, True]
    kept = found[-1]
    assert kept is not None and kept.pages[0].page is not None
    assert kept.pages[0].page.content == "w" * 30_000 and kept.pages[0].response_id == ids[-1]


async def test_a_toolkit_on_the_memory_store_pages_and_reads_back_as_on_disk(
    tmp_path: Path,
) -> None:
    """The whole tool: pages kept as objects (memory) answer every window, the hit and the
    stored result exactly as pages kept as entries (disk) do, with one download each."""
    async with counting_site() as site:
        base = Config(allow_http=True, trusted_addresses=("127.0.0.1",), max_content_chars=5000)
        seen = []
        for config in (
            attrs.evolve(base, cache="memory"),
            attrs.evolve(base, cache="disk", cache_dir=str(tmp_path / "cache")),
        ):
            url = f"{site.base}/long?cache={config.cache}"
            async with build(config) as toolkit:
                windows, start = [], 0
                for _ in range(3):
                    outcome = await toolkit.fetch({"url": url, "start_index": start})
                    fetched = outcome.unwrap()[0]
                    assert fetched.page is not None
                    windows.append(fetched)
                    start = fetched.page.next_start or 0
                together = await asyncio.gather(
                    *(toolkit.fetch({"url": url, "start_index": start}) for _ in range(3))
                )
                stored = (
                    await toolkit.get_result({"response_id": windows[1].response_id})
                ).unwrap()
            assert site.count("/long") == len(seen) + 1  # one download per toolkit
            assert stored.pages == (windows[1],)
            pages = [w.page for w in windows] + [t.unwrap()[0].page for t in together]
            seen.append([attrs.evolve(p, url="") for p in pages if p is not None])
        assert seen[0] == seen[1]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_result_ids_random_parts_are_fresh_url_safe_and_not_shared_with_a_forked_child() -> None:
    from webdistill.adapters.store.results import _ID, _tokens

    taken = [_tokens.take() for _ in range(600)]  # across batches of 256
    assert len(set(taken)) == 600
    assert all(_ID.fullmatch(f"r_1_{token}") for token in taken)
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child process
        os.write(write, _tokens.take().encode())
        os._exit(0)
    os.waitpid(child, 0)
    in_child = os.read(read, 64).decode()
    os.close(read)
    os.close(write)
    assert len(in_child) == 24 and in_child != _tokens.take()
