"""Calls made after the toolkit closed answer the closed-toolkit error and open nothing
(issue 33, attack b33).

They used to answer INTERNAL_ERROR ("a bug inside webdistill") from the first-call seam
(adapters/pipeline/first_call.py) when the kernel's tools were called with the closed
toolkit's `deps`, raise RuntimeError from `Toolkit.search/fetch/get_result`, and, through the
MCP door's `LazyToolkit` (doors/lazy_toolkit.py), build a whole new toolkit that nobody
closed. Each must answer NETWORK_ERROR "the toolkit was closed" (not retryable), send
nothing to the site and leave no aiohttp session open. Real aiohttp server on 127.0.0.1.
"""

from __future__ import annotations

import gc
import warnings
from typing import Any

import aiohttp
import attrs
from aiohttp import web
from returns.result import Success

from tests.servers import serve
from webdistill import Config, build
from webdistill.doors.lazy_toolkit import LazyToolkit
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.tools import web_fetch, web_search

PAGE = b"<html><head><title>t</title></head><body><p>a page to read here</p></body></html>"


def open_sessions() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gc.collect()
        return sum(
            1 for o in gc.get_objects() if isinstance(o, aiohttp.ClientSession) and not o.closed
        )


class Rows:
    """A caller's search provider (`build(providers=...)`): one row, every query noted."""

    def __init__(self) -> None:
        self.asked: list[SearchQuery] = []

    async def search(self, query: SearchQuery) -> object:
        self.asked.append(query)
        return Success([{"title": "Rota", "url": "https://wiki.tideguide.org/rota"}])


def config(**changes: Any) -> Config:
    base = Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="memory")
    return attrs.evolve(base, **changes)


def assert_closed(error: WebError | None) -> None:
    assert error is not None
    assert error.code.value == "NETWORK_ERROR", error
    assert "toolkit was closed" in str(error.message), error
    assert error.detail.get("reason") == "the toolkit was closed", error
    assert not error.retryable


def site(seen: list[str]) -> web.Application:
    async def page(request: web.Request) -> web.Response:
        seen.append(request.path)
        return web.Response(body=PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/{n}", page)
    return app


async def test_the_kernel_tools_with_a_closed_toolkits_deps() -> None:
    seen: list[str] = []
    rows = Rows()
    async with serve(site(seen)) as base:
        async with build(config(), providers={"wiki": rows}) as toolkit:
            deps = toolkit.deps
        fetched = (await web_fetch(deps, {"url": f"{base}/after"})).unwrap()[0]
        searched = (await web_search(deps, {"query": "rota"})).unwrap()[0]
    assert_closed(fetched.error)
    assert_closed(searched.error)
    assert seen == [] and rows.asked == []
    assert open_sessions() == 0


async def test_the_toolkits_own_calls_after_its_close() -> None:
    seen: list[str] = []
    async with serve(site(seen)) as base:
        toolkit = build(config(max_stored_results=10))
        async with toolkit:
            (first,) = (await toolkit.fetch({"url": f"{base}/first"})).unwrap()
        assert first.page is not None
        assert_closed((await toolkit.fetch({"url": f"{base}/after"})).failure())
        assert_closed((await toolkit.search({"query": "rota"})).failure())
        got = await toolkit.get_result({"response_id": first.response_id})
        assert_closed(got.failure())
    assert seen == ["/first"]
    assert open_sessions() == 0


async def test_the_mcp_doors_lazy_toolkit_after_its_close_builds_nothing() -> None:
    seen: list[str] = []
    async with serve(site(seen)) as base:
        lazy = LazyToolkit(config())
        async with lazy:
            pass
        assert_closed((await lazy.fetch({"url": f"{base}/after"})).failure())
        assert_closed((await lazy.search({"query": "rota"})).failure())
        assert_closed((await lazy.get_result({"response_id": "r1"})).failure())
    assert seen == []
    assert open_sessions() == 0
