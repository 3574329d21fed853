"""Pages kept in a shared store: several toolkits (as several processes would) page through
one download, identical concurrent requests share one download through the store lock, old
or foreign entries are ignored, and a store that is down or full degrades to fetching with a
notice, never to a failed call. Run over the disk store and a real Redis."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import pytest

from tests.store.pages import CountingSite, counting_site
from tests.store.redis_server import redis_server
from webdistill import Config, Page, build
from webdistill.adapters.store import codec
from webdistill.adapters.store.redis import RedisStore


@pytest.fixture
async def site() -> AsyncIterator[CountingSite]:
    async with counting_site() as running:
        yield running


@pytest.fixture(params=["disk", "redis"])
def shared_cache(request: pytest.FixtureRequest, tmp_path: Path) -> Config:
    base = Config(
        allow_http=True, trusted_addresses=("127.0.0.1",), fetch_timeout_ms=5000,
        max_content_chars=5000,
    )  # fmt: skip
    if request.param == "disk":
        return attrs.evolve(base, cache="disk", cache_dir=str(tmp_path / "cache"))
    return attrs.evolve(base, cache=request.getfixturevalue("redis_url"))


async def _page(config: Config, url: str, start: int = 0) -> Page:
    async with build(config) as toolkit:
        outcome = (await toolkit.fetch({"url": url, "start_index": start})).unwrap()[0]
    assert outcome.page is not None, outcome.error
    return outcome.page


async def test_three_toolkits_page_through_one_download(
    site: CountingSite, shared_cache: Config
) -> None:
    url = f"{site.base}/long?run={id(shared_cache)}"
    first = await _page(shared_cache, url)
    second = await _page(shared_cache, url, first.next_start or 0)
    third = await _page(shared_cache, url, second.next_start or 0)
    assert site.count("/long") == 1
    assert 0 == first.start_index < second.start_index < third.start_index
    assert first.total_chars == second.total_chars == third.total_chars > 15000
    assert "Paragraph 0:" in first.content and "Paragraph 0:" not in second.content


async def test_memory_store_is_per_process(site: CountingSite) -> None:
    config = Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="memory")
    await _page(config, f"{site.base}/long")
    await _page(config, f"{site.base}/long")
    assert site.count("/long") == 2


async def test_identical_concurrent_requests_share_one_download_across_toolkits(
    site: CountingSite, redis_url: str
) -> None:
    """The short Redis lock (replicas); the disk store takes none (one machine's processes)."""
    config = Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache=redis_url)
    url = f"{site.base}/slow?run=lock"
    pages = await asyncio.gather(*(_page(config, url) for _ in range(4)))
    assert site.count("/slow") == 1
    assert len({page.content for page in pages}) == 1


async def test_entries_of_another_format_version_are_ignored(
    site: CountingSite, redis_url: str
) -> None:
    url = f"{site.base}/long?old-release=1"
    config = Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache=redis_url)
    store = RedisStore(redis_url)
    stale = b'{"v": 0, "kind": "page", "id": "%s", "data": {"url": "%s", "content": "stale"}}'
    await store.put(codec.key("page", url), stale % (url.encode(), url.encode()), 60)
    await store.put(codec.key("page", url + "x"), b"\x80\x81 not json", 60)
    await store.close()
    page = await _page(config, url)
    assert site.count("/long") == 1
    assert "stale" not in page.content and "Paragraph 0:" in page.content
    assert (await _page(config, url + "x")).content.startswith("# The long tide guide")


async def test_a_store_that_is_down_degrades_to_fetching_with_a_notice(
    site: CountingSite,
) -> None:
    with redis_server() as url:  # started, then stopped: nothing listens there any more
        pass
    config = Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache=url)
    async with build(config) as toolkit:
        outcomes = [
            (await toolkit.fetch({"url": f"{site.base}/long"})).unwrap()[0] for _ in range(2)
        ]
        search_id = outcomes[0].response_id
    for outcome in outcomes:
        assert outcome.page is not None and outcome.page.notice is not None
        assert "store" in outcome.page.notice and "downloaded directly" in outcome.page.notice
        assert "Paragraph 0:" in outcome.page.content
    assert search_id is None  # nothing stored, so no id to hand out
    assert site.count("/long") == 2


async def test_a_full_store_degrades_to_fetching_with_a_notice(site: CountingSite) -> None:
    with redis_server("--maxmemory", "1mb", "--maxmemory-policy", "noeviction") as url:
        filler = RedisStore(url)
        index = 0
        while (
            (await filler.put(f"filler:{index}", b"x" * 65536, 600))
            .map(lambda _: True)
            .value_or(False)
        ):
            index += 1
        await filler.close()
        config = Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache=url)
        page = await _page(config, f"{site.base}/long")
    assert page.notice is not None and "unavailable or full" in page.notice
    assert "Paragraph 0:" in page.content
