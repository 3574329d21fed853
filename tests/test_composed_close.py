"""Closing a toolkit while a call is under way leaves nothing open (attack on issue 33).

The page and search chain is composed at the first call the cache misses
(`adapters/pipeline/first_call.OnFirstCall`); a call started just before the toolkit closes
used to compose it after the close, on an exit stack nobody closed again: an aiohttp
session, a connector and the extraction pool left open, and the call answered anyway.
"""

from __future__ import annotations

import asyncio
import gc
import warnings

import attrs
from aiohttp import web

from tests.servers import serve
from webdistill import Config, build

PAGE = (
    b"<html><head><title>T</title></head><body><article>"
    + b"<p>Tide pools are rocky pools on the shore, full of life.</p>" * 20
    + b"</article></body></html>"
)


def _config(**changes: object) -> Config:
    base = Config(allow_http=True, trusted_addresses=("127.0.0.1",), fetch_timeout_ms=5000)
    return attrs.evolve(base, **changes)


def _app() -> web.Application:
    async def page(request: web.Request) -> web.Response:
        return web.Response(body=PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/{name}", page)
    return app


async def test_a_call_under_way_when_the_toolkit_closes_opens_nothing(tmp_path: object) -> None:
    loop = asyncio.get_running_loop()
    caught: list[dict[str, object]] = []
    loop.set_exception_handler(lambda _loop, context: caught.append(context))
    async with serve(_app()) as base:
        toolkit = build(_config(cache="disk", cache_dir=str(tmp_path)))
        await toolkit.__aenter__()
        task = asyncio.create_task(toolkit.fetch({"url": f"{base}/late"}))
        await asyncio.sleep(0)
        await toolkit.__aexit__(None, None, None)
        result = await task
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        del toolkit, task
        gc.collect()
        await asyncio.sleep(0.1)
        gc.collect()
    # aiohttp's own words for a session or connector nobody closed (what the chain opens);
    # a socket transport torn down with a request under way is reported apart (issue 33 note).
    ours = ("Unclosed client session", "Unclosed connector")
    unclosed = [str(w.message) for w in seen if str(w.message).startswith(ours)]
    unclosed += [str(c.get("message")) for c in caught if str(c.get("message")).startswith(ours)]
    assert not unclosed
    outcome = result.unwrap()[0]
    assert outcome.page is None and outcome.error is not None
    assert "closed" in outcome.error.message


async def test_a_call_after_close_fails_clearly() -> None:
    async with serve(_app()) as base:
        toolkit = build(_config(cache="memory"))
        async with toolkit:
            deps = toolkit.deps
        from webdistill.kernel.tools import web_fetch

        result = await web_fetch(deps, {"url": f"{base}/after"})
    outcome = result.unwrap()[0]
    assert outcome.error is not None and "closed" in outcome.error.message
