"""A search in flight when the toolkit closes ends by the close, as a page read does
(issue 33, finding 1 of the session-11 attack on the toolkit's close).

Before, the close did not reach searches: the search ran on until the providers' session
closed under it (after the page reads had left, the pool and the client had closed) and
answered a retryable "Could not reach SearXNG (RuntimeError)". Now it ends at the start of
the close with the closed-toolkit error naming the provider's site (not retryable), and has
returned when the close returns.

The SearXNG stand-in is an aiohttp server on 127.0.0.1 answering `GET /search` in the JSON
shape of `/work/shared/fixtures/providers/searxng/success.json` (providers.md section 3),
holding its answer until the test lets it go.
"""

from __future__ import annotations

import asyncio

import attrs
import pytest
from aiohttp import web

from tests.servers import serve
from webdistill import Config, build


def holding_searxng(came: asyncio.Event, release: asyncio.Event) -> web.Application:
    async def search(request: web.Request) -> web.Response:
        came.set()
        await release.wait()
        return web.json_response(
            {
                "query": request.query.get("q", ""),
                "results": [
                    {
                        "url": "https://book.rust-lang.example/ch04-02.html",
                        "title": "References and Borrowing",
                        "content": "A reference is like a pointer.",
                        "score": 4.5,
                    }
                ],
            }
        )

    app = web.Application()
    app.router.add_get("/search", search)
    return app


# SEARXNG_URL may carry a reverse proxy's basic-auth credentials (searxng.py's ENABLE_JSON
# hint says to put them there): the closed error names the site without them.
@pytest.mark.parametrize("userinfo", ["", "operator:s3cret-pass@"])
async def test_a_search_in_flight_ends_with_the_close(userinfo: str) -> None:
    came, release = asyncio.Event(), asyncio.Event()
    async with serve(holding_searxng(came, release)) as base:
        endpoint = base.replace("http://", f"http://{userinfo}")
        settings = attrs.evolve(
            Config(search_provider="searxng", searxng_url=endpoint, cache="memory"),
            search_timeout_ms=60_000,  # nothing here may end by its timeout
        )
        toolkit = build(settings)
        await toolkit.__aenter__()
        search = asyncio.create_task(toolkit.search({"query": "rust borrow checker"}))
        try:
            await asyncio.wait_for(came.wait(), 30)
        finally:
            await asyncio.wait_for(toolkit.__aexit__(None, None, None), 30)  # a hang guard
        done = search.done()
        await asyncio.wait([search], timeout=30)  # a hang guard only
        release.set()
        assert done, "the search had not returned when the close returned"
        outcome = search.result().unwrap()[0]
        error = outcome.error
        assert error is not None and not outcome.hits, outcome
        assert error.code.value == "NETWORK_ERROR", error
        assert f"The toolkit was closed before the request to {base} was answered" in str(
            error.message
        ), error
        assert error.detail.get("reason") == "the toolkit was closed", error
        assert not error.retryable, error
        assert "s3cret" not in repr(error), error
