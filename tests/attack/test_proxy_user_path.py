"""The whole user path through WEB_PROXY: `webdistill.build(Config(proxy=...), resolver=fake)`,
then `toolkit.fetch` (with robots.txt and a Markdown alternate), `toolkit.search`, and the
hosted reader. README: WEB_PROXY is "a proxy for everything webdistill sends". The fake
proxy (tests/http/test_proxy_pinning.py) records what it is asked and dials only 127.0.0.1."""

from __future__ import annotations

import contextlib
import pytest
from aiohttp import web

import webdistill
from tests.http.fakes_http import FakeResolver
from tests.http.test_proxy_pinning import PUBLIC_IP, Routes, _site, proxy_for


def _page_app(hits: list[str]) -> web.Application:
    async def any_path(request: web.Request) -> web.Response:
        hits.append(f"{request.method} {request.path_qs} Host: {request.headers.get('Host')}")
        if request.path == "/robots.txt":
            return web.Response(text="User-agent: *\nAllow: /\n")
        if request.path == "/doc.md":
            return web.Response(text="# Markdown twin\n\nalternate body " * 20,
                                content_type="text/markdown")  # fmt: skip
        if request.path.startswith("/search"):
            rows = [
                {"url": "https://good-demo.net/a", "title": "good", "content": "fine"},
                {"url": "https://www.05webinvite.com/x", "title": "listed", "content": "bad"},
                {"url": "https://05WEBINVITE.com./y", "title": "listed2", "content": "bad"},
                {"url": "https://good-demo.net/?api_key=abc", "title": "cred", "content": "c"},
            ]
            return web.json_response({"results": rows, "query": "q"})
        head = '<link rel="alternate" type="text/markdown" href="/doc.md">'
        body = "<p>" + "public page text " * 40 + "</p>"
        return web.Response(text=f"<html><head>{head}</head><body>{body}</body></html>",
                            content_type="text/html")  # fmt: skip

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", any_path)
    return app


@contextlib.asynccontextmanager
async def _servers(kind: str):  # type: ignore[no-untyped-def]
    hits: list[str] = []
    async with _site(_page_app(hits), None) as public, _site(_page_app(hits), None) as other:
        routes = Routes(public, other, {"pages-demo.net": PUBLIC_IP})
        async with proxy_for(kind, routes) as proxy:
            yield routes, proxy, hits, other


def _config(proxy: str, **changes: object) -> webdistill.Config:
    base: dict[str, object] = {"proxy": proxy, "allow_http": True, "cache": "off",
                               "respect_robots": True, "max_stored_results": 0}  # fmt: skip
    base.update(changes)
    return webdistill.Config(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["socks5", "http"])
async def test_fetch_robots_and_alternate_all_go_to_the_proxy_as_addresses(kind: str) -> None:
    names = FakeResolver({"pages-demo.net": [[PUBLIC_IP]]})
    async with _servers(kind) as (routes, proxy, hits, _):
        async with webdistill.build(_config(proxy), resolver=names) as toolkit:
            result = await toolkit.fetch({"urls": ["http://pages-demo.net/page"]})
    outcome = result.unwrap()[0]
    asked = " ".join(routes.asked)
    assert "//pages-demo.net" not in asked and "CONNECT pages-demo" not in asked  # never the name
    # The page server is reachable only through the proxy (the name answers a public
    # address the connect guard refuses): page, robots.txt and the Markdown alternate all came.
    served = " ".join(hits)
    assert "/page" in served and "/robots.txt" in served and "/doc.md" in served, hits
    assert routes.asked and all(PUBLIC_IP in a for a in routes.asked), routes.asked
    assert outcome is not None


async def test_search_provider_calls_go_through_the_proxy_and_listed_hits_are_dropped() -> None:
    async with _servers("http") as (routes, proxy, hits, other):
        config = _config(proxy, search_provider="searxng",
                         searxng_url=f"http://127.0.0.1:{other}/")  # fmt: skip
        async with webdistill.build(config, resolver=FakeResolver({})) as toolkit:
            result = await toolkit.search({"query": "anything"})
    assert any(a.startswith("GET http://127.0.0.1") for a in routes.asked), routes.asked
    text = str(result.unwrap())
    assert "good-demo.net/a" in text
    assert "url='https://www.05webinvite" not in text and "05WEBINVITE.com./y" not in text
    assert "api_key=abc" not in text


async def test_the_hosted_reader_is_called_through_the_proxy() -> None:
    """WEB_READER=jina with WEB_PROXY: the page URL is POSTed to the reader directly, not
    through the proxy (README: WEB_PROXY is a proxy for everything webdistill sends)."""
    reader_hits: list[str] = []

    async def reader(request: web.Request) -> web.Response:
        reader_hits.append(await request.text())
        return web.json_response({"code": 200, "data": {"title": "t", "content": "# r\n" * 50,
                                                        "url": "http://pages-demo.net/"}})  # fmt: skip

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", reader)
    names = FakeResolver({"pages-demo.net": [[PUBLIC_IP]]})
    async with _servers("http") as (routes, proxy, hits, _), _site(app, None) as reader_port:
        config = _config(proxy, reader="jina", reader_url=f"http://127.0.0.1:{reader_port}/",
                         respect_robots=False)  # fmt: skip
        async with webdistill.build(config, resolver=names) as toolkit:
            await toolkit.fetch({"urls": ["http://pages-demo.net/page"], "prefer_reader": True})
    assert reader_hits, "the reader was not asked at all"
    assert any(f"127.0.0.1:{reader_port}" in a for a in routes.asked), (
        f"the reader call bypassed the proxy; proxy saw only {routes.asked}"
    )
