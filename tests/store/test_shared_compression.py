"""Compressed answers are kept in the result store too, so paging a compressed page across
CLI calls (disk store) or replicas (Redis) compresses it once.

The model is the fake OpenAI-compatible server of tests/compress (recorded response shapes)
on 127.0.0.1, counting its calls; the page server counts downloads. A failed compression
is never kept.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import pytest
from redis.asyncio import Redis

from tests.compress.fake_llm import FakeChatServer
from tests.interfaces.sites import run_cli
from tests.servers import serve
from tests.store.pages import CountingSite, counting_site
from webdistill import Config, build
from webdistill.adapters.store import codec


@pytest.fixture
async def site() -> AsyncIterator[CountingSite]:
    async with counting_site() as running:
        yield running


@pytest.fixture
async def model() -> AsyncIterator[tuple[FakeChatServer, str]]:
    fake = FakeChatServer()
    async with serve(fake.app()) as base:
        yield fake, base


def _config(llm_base: str, cache: str, **changes: object) -> Config:
    base = Config(
        allow_http=True, trusted_addresses=("127.0.0.1",), fetch_timeout_ms=5000,
        max_content_chars=3000, compressor="llm", llm_base_url=f"{llm_base}/v1",
        llm_model="fake-model", llm_chunk_chars=20_000, llm_timeout_ms=5000, cache=cache,
    )  # fmt: skip
    return attrs.evolve(base, **changes)


async def _compressed(config: Config, url: str) -> str:
    async with build(config) as toolkit:
        (outcome,) = (await toolkit.fetch({"url": url, "compress": True})).unwrap()
    assert outcome.page is not None, outcome.error
    assert outcome.page.compressed_by == f"llm:{config.llm_model}"
    return outcome.page.content


async def test_cli_calls_share_one_compression_through_the_disk_store(
    site: CountingSite, model: tuple[FakeChatServer, str], tmp_path: Path
) -> None:
    fake, llm = model
    env = {
        "WEB_ALLOW_HTTP": "true", "WEB_TRUSTED_ADDRESSES": "127.0.0.1",
        "WEB_MAX_CONTENT_CHARS": "3000", "WEB_COMPRESSOR": "llm",
        "WEB_LLM_BASE_URL": f"{llm}/v1", "WEB_LLM_MODEL": "fake-model",
        "WEB_LLM_CHUNK_CHARS": "20000", "WEB_CACHE_DIR": str(tmp_path / "cache"),
    }  # fmt: skip
    url = f"{site.base}/long"
    answers = []
    for _ in range(3):
        ran = await run_cli("fetch", url, "--compress", "--json", env=env)
        assert ran.code == 0, ran.err
        answers.append(json.loads(ran.out)["results"][0]["page"])
        if len(answers) == 1:
            calls = len(fake.requests)
    assert calls > 0 and len(fake.requests) == calls  # compressed by the first call only
    assert site.count("/long") == 1
    assert answers[0]["compressed_by"] == "llm:fake-model"
    assert answers[0]["content"] == answers[1]["content"] == answers[2]["content"]


async def test_replicas_on_redis_share_one_compression(
    site: CountingSite, model: tuple[FakeChatServer, str], redis_url: str
) -> None:
    fake, llm = model
    config = _config(llm, redis_url)
    url = f"{site.base}/long?replicas=1"
    first = await _compressed(config, url)
    calls = len(fake.requests)
    assert calls > 0
    assert await _compressed(config, url) == first  # another toolkit: as another replica
    assert len(fake.requests) == calls
    other_model = await _compressed(attrs.evolve(config, llm_model="other-model"), url)
    assert len(fake.requests) > calls and other_model  # another model: not the same answer


async def test_failures_are_not_kept(site: CountingSite, redis_url: str) -> None:
    failing = FakeChatServer(default="500")
    async with serve(failing.app()) as llm:
        config = _config(llm, redis_url)
        url = f"{site.base}/long?failing=1"
        for _ in range(2):
            async with build(config) as toolkit:
                (outcome,) = (await toolkit.fetch({"url": url, "compress": True})).unwrap()
            assert outcome.error is not None
        assert len(failing.requests) >= 2  # the second fetch asked the model again
    client = Redis.from_url(redis_url)
    try:
        assert await client.keys(f"{codec.PREFIX}:page:*")  # the page was kept...
        entries = [
            await client.get(key) for key in await client.keys(f"{codec.PREFIX}:compression:*")
        ]
        assert not [entry for entry in entries if llm.encode() in entry]  # ...no failure was
    finally:
        await client.aclose()
