"""The wait for a host's turn counts against the page read's deadline (issue 33, attack b33).

Before the host turns (adapters/pipeline/turns.py), a page whose host had no free
connection waited inside aiohttp's connector, inside its deadline (WEB_FETCH_TIMEOUT_MS, or
the call's shorter `timeout_ms`): a hung host cost each caller at most one deadline. These
guard that the turns keep that: pages queued for a hung host time out together, and a
call's own `timeout_ms` bounds its wait. Outcomes and order are asserted (a page still
running, or not), not wall-clock bounds. Real aiohttp servers on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import attrs
import pytest
from aiohttp import web

from tests.servers import serve
from webdistill import Config, build

PAGE = b"<html><head><title>t</title></head><body><p>a page to read here</p></body></html>"


def config(**changes: Any) -> Config:
    return attrs.evolve(
        Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="off"), **changes
    )


def hung_app(stop: asyncio.Event) -> web.Application:
    """A host that accepts requests and answers none until `stop` is set."""

    async def page(request: web.Request) -> web.Response:
        await stop.wait()
        return web.Response(body=PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/{n}", page)
    return app


@pytest.fixture
async def hung() -> AsyncIterator[str]:
    stop = asyncio.Event()
    async with serve(hung_app(stop)) as base:
        yield base
        stop.set()


async def test_pages_of_a_hung_host_time_out_together_not_one_after_another(hung: str) -> None:
    # Four pages of one hung host (1 turn per host), each with a 1 s `timeout_ms`, and a
    # canary on another hung host with the whole 3 s deadline. Each page must time out about
    # 1 s after it was asked, so all four end while the canary still runs. (Before the fix
    # the second page's deadline started when the first page timed out: 1, 2, 3, 4 s, and
    # the last ones ended after the canary.)
    stop = asyncio.Event()
    async with serve(hung_app(stop)) as other:
        settings = config(concurrency=8, per_host=1, fetch_timeout_ms=3000)
        async with build(settings) as toolkit:
            canary = asyncio.create_task(toolkit.fetch({"url": f"{other}/canary"}))
            reads = [toolkit.fetch({"url": f"{hung}/{n}", "timeout_ms": 1000}) for n in range(4)]
            results = [(await read).unwrap()[0] for read in asyncio.as_completed(reads)]
            assert not canary.done(), "pages queued for a hung host timed out one by one"
            for result in results:
                assert result.error is not None and result.error.code.value == "TIMEOUT"
            stop.set()
            await canary


async def test_a_calls_timeout_ms_bounds_its_wait_for_a_busy_host(hung: str) -> None:
    # A call asking `timeout_ms: 300` ("a shorter limit for this call", README) queued
    # behind a page of a hung host (1 turn per host, 3 s deadline) answers TIMEOUT while
    # that page still runs (before: it waited the first page's whole 3 s, then its own).
    async with build(config(concurrency=8, per_host=1, fetch_timeout_ms=3000)) as toolkit:
        first = asyncio.create_task(toolkit.fetch({"url": f"{hung}/1"}))
        for _ in range(50):
            await asyncio.sleep(0)
        result = (await toolkit.fetch({"url": f"{hung}/2", "timeout_ms": 300})).unwrap()[0]
        assert not first.done(), "the call waited for the first page's whole deadline"
        assert result.error is not None and result.error.code.value == "TIMEOUT", result.error
        first.cancel()
        await asyncio.gather(first, return_exceptions=True)
