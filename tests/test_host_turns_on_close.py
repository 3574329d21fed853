"""Closing the toolkit ends the page reads waiting for a host's turn (issue 33, attack b33).

Page reads queued at a host (adapters/pipeline/turns.py) when the toolkit closes must end
with a clear error (NETWORK_ERROR, "the toolkit was closed"; no bare CancelledError, no
INTERNAL_ERROR), and none may go on to the site afterwards: the toolkit's closed client
opens no new aiohttp session for them (one would be sent after the close and never closed).
A real aiohttp server on 127.0.0.1 that holds its first request until the test lets it go.
"""

from __future__ import annotations

import asyncio
import gc
import warnings

import aiohttp
import attrs
from aiohttp import web

from tests.servers import serve
from webdistill import Config, build
from webdistill.adapters.pipeline.turns import HostTurns

PAGE = b"<html><head><title>t</title></head><body><p>a page to read here</p></body></html>"


def open_sessions() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gc.collect()
        return sum(
            1 for o in gc.get_objects() if isinstance(o, aiohttp.ClientSession) and not o.closed
        )


async def test_pages_queued_for_a_host_end_at_close_and_nothing_more_reaches_the_site() -> None:
    release, came, arrived = asyncio.Event(), asyncio.Event(), []

    async def page(request: web.Request) -> web.Response:
        arrived.append(request.path)
        came.set()
        await release.wait()
        return web.Response(body=PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/{n}", page)
    async with serve(app) as base:
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="off"),
            concurrency=8,
            per_host=1,
            fetch_timeout_ms=60_000,  # nothing here may end by its deadline
        )
        toolkit = build(settings)
        await toolkit.__aenter__()
        try:
            reads = [asyncio.create_task(toolkit.fetch({"url": f"{base}/{n}"})) for n in range(4)]
            await came.wait()
            for _ in range(50):
                await asyncio.sleep(0)
            assert arrived == ["/0"] and not any(read.done() for read in reads)
        finally:
            await toolkit.__aexit__(None, None, None)
        # The site has not answered: the queued reads must end by the close alone (before
        # the fix they waited for the read on the wire, then went on to the site).
        _, pending = await asyncio.wait(reads[1:], timeout=30)
        release.set()  # the site answers now: nothing queued may go on to it
        for read in pending:
            read.cancel()
        await asyncio.gather(*reads, return_exceptions=True)
        assert not pending, "page reads queued for a host still wait after the close"
        for read in reads[1:]:
            result = read.result().unwrap()[0]
            assert result.error is not None
            assert result.error.code.value == "NETWORK_ERROR", result.error
            assert "toolkit was closed" in str(result.error.message)
        for _ in range(50):
            await asyncio.sleep(0)
        assert arrived == ["/0"], f"requests sent after the close: {arrived[1:]}"
        assert open_sessions() == 0, "an aiohttp session was opened after the close"


async def test_closed_turns_end_every_wait_and_refuse_later_ones() -> None:
    turns = HostTurns(1)
    held = await turns.take("k")
    assert held is not None
    waiting = asyncio.create_task(turns.take("k"))
    for _ in range(5):
        await asyncio.sleep(0)
    turns.close()
    assert await waiting is None
    assert await turns.take("other") is None and turns.take_now("other") is None
    held.give_back()  # a turn held through the close is given back as usual
    assert turns.held("k") == 0
