"""Closing the toolkit ends the page reads already under way (issue 33, attack b33).

A page read past its host's turn (adapters/pipeline/turns.py) when the toolkit closes used
to run on: a body half sent ran to the page's deadline, a Retry-After wait slept its time and
then met the closed session (INTERNAL_ERROR), a robots.txt request cut by the close counted
as "disallowed" (BLOCKED_URL), and a response head cut by the close was a retryable
"connection failed". Each must end by the close itself, with the closed-toolkit error
(NETWORK_ERROR, "the toolkit was closed", not retryable), and be over when the toolkit's
`async with` is left; nothing reaches the site after the close, no session stays open.

Real aiohttp servers on 127.0.0.1 that hold their answer at a chosen point until the test
lets them go; the page's deadline is a minute, so nothing here may end by it (the waits are
bounded only as a hang guard).
"""

from __future__ import annotations

import asyncio
import gc
import warnings

import aiohttp
import attrs
import pytest
from aiohttp import web

from tests.servers import serve
from webdistill import Config, build

PAGE = b"<html><head><title>t</title></head><body><p>a page to read here</p></body></html>"


def open_sessions() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gc.collect()
        return sum(
            1 for o in gc.get_objects() if isinstance(o, aiohttp.ClientSession) and not o.closed
        )


def holding_app(
    where: str, came: asyncio.Event, release: asyncio.Event, seen: list[str]
) -> web.Application:
    """A site that, at `where`, tells the test (`came`) and holds until `release`:
    `head` before answering, `body` after half of the body, `retry` answers 503 with a
    Retry-After of 5 s (the most the client waits), `robots` holds its robots.txt."""

    async def robots(request: web.Request) -> web.Response:
        seen.append(request.path)
        if where == "robots":
            came.set()
            await release.wait()
        return web.Response(text="User-agent: *\nAllow: /\n")

    async def page(request: web.Request) -> web.StreamResponse:
        seen.append(request.path)
        if where == "retry":
            came.set()
            return web.Response(status=503, headers={"Retry-After": "5"})
        if where == "body":
            response = web.StreamResponse(headers={"Content-Type": "text/html"})
            response.content_length = len(PAGE)
            await response.prepare(request)
            await response.write(PAGE[:30])
            came.set()
            await release.wait()
            await response.write(PAGE[30:])
            return response
        came.set()
        await release.wait()
        return web.Response(body=PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/robots.txt", robots)
    app.router.add_get("/{n}", page)
    return app


@pytest.mark.parametrize("where", ["head", "body", "retry", "robots"])
async def test_a_page_read_on_the_wire_ends_with_the_close(where: str) -> None:
    came, release, seen = asyncio.Event(), asyncio.Event(), []
    async with serve(holding_app(where, came, release, seen)) as base:
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="off"),
            fetch_timeout_ms=60_000,  # nothing here may end by its deadline
            respect_robots=where == "robots",
        )
        toolkit = build(settings)
        await toolkit.__aenter__()
        read = asyncio.create_task(toolkit.fetch({"url": f"{base}/page"}))
        try:
            await asyncio.wait_for(came.wait(), 30)
            for _ in range(20):  # let the client reach its wait (the retry's sleep, the read)
                await asyncio.sleep(0)
            assert not read.done()
        finally:
            await toolkit.__aexit__(None, None, None)
        await asyncio.wait([read], timeout=30)  # a hang guard only
        release.set()
        if not read.done():
            read.cancel()
            await asyncio.gather(read, return_exceptions=True)
            pytest.fail(f"the page read ({where}) ran on after the toolkit closed")
        outcome = read.result().unwrap()[0]
        assert outcome.page is None and outcome.error is not None
        error = outcome.error
        assert error.code.value == "NETWORK_ERROR", error
        assert "toolkit was closed" in str(error.message), error
        assert error.detail.get("reason") == "the toolkit was closed", error
        assert not error.retryable
        for _ in range(50):
            await asyncio.sleep(0)
        assert seen == (["/robots.txt"] if where == "robots" else ["/page"]), seen
        assert open_sessions() == 0, "an aiohttp session is still open after the close"
