"""A compression under way when the toolkit closes ends by the close (issue 33, finding 2 of
the session-11 attack: the close returns once the calls in flight have returned, so what
a call waits for must end with the close).

Before, closing the LLM compressor only closed its session: a request cut by that was
retried on a new session (opened after the close, never closed), and the page's fetch ran
on until the model answered or the LLM timeouts fired. Now the close ends the compressions
under way: the fetch answers COMPRESSION_FAILED saying the toolkit was closed, before the
close returns, and no session is left open.

The model is an aiohttp server on 127.0.0.1 that holds every chat-completions request until
the test lets it go; the page is served by another on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import gc
import warnings

import aiohttp
import attrs
from aiohttp import web

from tests.compress.test_composed_llm import long_page_html
from tests.servers import serve
from webdistill import Config, build


def open_sessions() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gc.collect()
        return sum(
            1 for o in gc.get_objects() if isinstance(o, aiohttp.ClientSession) and not o.closed
        )


async def test_a_compression_in_flight_ends_with_the_close(recwarn) -> None:
    came, release = asyncio.Event(), asyncio.Event()
    asked: list[str] = []

    async def chat(request: web.Request) -> web.Response:
        asked.append(request.path)
        came.set()
        await release.wait()
        return web.json_response({"error": {"message": "too late"}}, status=500)

    async def page(request: web.Request) -> web.Response:
        return web.Response(text=long_page_html(), content_type="text/html")

    llm_app, site_app = web.Application(), web.Application()
    llm_app.router.add_post("/v1/chat/completions", chat)
    site_app.router.add_get("/survey", page)
    async with serve(llm_app) as llm, serve(site_app) as site:
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="memory"),
            fetch_timeout_ms=60_000,
            compressor="llm",
            llm_base_url=f"{llm}/v1",
            llm_model="fake-model",
            llm_chunk_chars=2000,
            llm_timeout_ms=60_000,  # nothing here may end by a timeout
        )
        toolkit = build(settings)
        await toolkit.__aenter__()
        read = asyncio.create_task(
            toolkit.fetch({"url": f"{site}/survey", "focus": "measurement", "max_chars": 1000})
        )
        try:
            await asyncio.wait_for(came.wait(), 30)
        finally:
            await asyncio.wait_for(toolkit.__aexit__(None, None, None), 30)  # a hang guard
        done = read.done()
        asked_at_close = len(asked)
        await asyncio.wait([read], timeout=30)  # a hang guard only
        release.set()
        assert done, "the fetch had not returned when the close returned"
        (outcome,) = read.result().unwrap()
        error = outcome.error
        assert error is not None and error.code.value == "COMPRESSION_FAILED", outcome
        assert "toolkit was closed" in str(error.message), error
        for _ in range(20):
            await asyncio.sleep(0)
        assert len(asked) == asked_at_close, "the model was asked again after the close"
        assert open_sessions() == 0, "an aiohttp session is open after the close"
