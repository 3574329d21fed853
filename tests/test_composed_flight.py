"""Two callers of one toolkit fetch the same page at once, and the first one gives up.

Through `build` (kernel -> cache -> guarded client) against a real server on 127.0.0.1 that
holds its answer until told: the two fetches share one download (single-flight), and when
the caller running it is cancelled (its MCP client went away, its own `asyncio.timeout`
fired) the other still gets the page; it does not inherit the cancellation. Nor does a
caller inherit the TIMEOUT of one that asked for a shorter `timeout_ms`.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import attrs
import pytest
from aiohttp import web

from tests.servers import serve
from webdistill import Config, Toolkit, build

PAGE = "Tide tables for the week, one line a day, plain text."


@attrs.define
class Held:
    """A toolkit, the URL of a page its server holds until `release`, and the requests seen."""

    toolkit: Toolkit
    url: str
    hits: list[str]
    release: asyncio.Event

    async def until_hits(self, count: int) -> None:
        await _until(lambda: len(self.hits) == count)


def held_app(hits: list[str], release: asyncio.Event) -> web.Application:
    async def page(request: web.Request) -> web.Response:
        hits.append(request.path)
        await release.wait()
        return web.Response(text=PAGE, content_type="text/plain")

    app = web.Application()
    app.router.add_get("/{name}", page)
    return app


@asynccontextmanager
async def held_page(cache: str, folder: Path) -> AsyncIterator[Held]:
    hits: list[str] = []
    release = asyncio.Event()
    config = Config(
        allow_http=True, trusted_addresses=("127.0.0.1",), fetch_timeout_ms=10_000,
        cache=cache, cache_dir=str(folder),
    )  # fmt: skip
    async with serve(held_app(hits, release)) as base, build(config) as toolkit:
        try:
            yield Held(toolkit, f"{base}/tides", hits, release)
        finally:
            release.set()  # (a failure must not leave the server's handlers waiting)


async def _until(condition: Callable[[], bool]) -> None:
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the server never saw the request")


@pytest.mark.parametrize("cache", ["memory", "disk"])
async def test_the_second_caller_gets_the_page_when_the_first_is_cancelled(
    cache: str, tmp_path: Path
) -> None:
    async with held_page(cache, tmp_path) as held:
        toolkit, url = held.toolkit, held.url
        first = asyncio.create_task(toolkit.fetch({"url": url}))
        await held.until_hits(1)
        second = asyncio.create_task(toolkit.fetch({"url": url}))
        await asyncio.sleep(0.05)
        assert len(held.hits) == 1  # the second waits on the first's download
        first.cancel()
        await held.until_hits(2)  # it downloads for itself
        held.release.set()
        outcome = (await second).unwrap()[0]
        assert outcome.page is not None, outcome.error
        assert outcome.page.content.strip() == PAGE
        assert first.cancelled()
        again = (await toolkit.fetch({"url": url})).unwrap()[0]
        assert again.page is not None and again.page.content.strip() == PAGE
        assert len(held.hits) == 2  # kept: the third read is the store's


@pytest.mark.parametrize("cache", ["memory", "disk"])
async def test_a_shorter_timeout_is_not_handed_to_a_caller_that_waits_longer(
    cache: str, tmp_path: Path
) -> None:
    async with held_page(cache, tmp_path) as held:
        toolkit, url = held.toolkit, held.url
        hasty = asyncio.create_task(toolkit.fetch({"url": url, "timeout_ms": 200}))
        await held.until_hits(1)
        patient = asyncio.create_task(toolkit.fetch({"url": url}))
        failed = (await hasty).unwrap()[0]
        assert failed.error is not None and failed.error.code == "TIMEOUT"
        assert not patient.done()
        held.release.set()
        outcome = (await patient).unwrap()[0]
        assert outcome.page is not None, outcome.error
        assert outcome.page.content.strip() == PAGE
