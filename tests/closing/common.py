"""Shared helpers for the b33 attack tests: a site holding each phase, many names on 127.0.0.1."""

# ruff: noqa: E501

from __future__ import annotations

import asyncio
import gc
import os
import warnings

import aiohttp
from aiohttp import web

from tests.http.fakes_http import FakeResolver

BIG = (
    b"<html><head><title>big</title></head><body>"
    + b"".join(
        b"<p>paragraph %d with some words to read and keep here</p>" % i for i in range(60000)
    )
    + b"</body></html>"
)
PAGE = b"<html><head><title>t</title></head><body><p>a page to read here for the test</p></body></html>"
PHASES = ["head", "body", "huge", "redir", "r429", "r503", "big", "fast", "robots"]


def names(n: int) -> list[str]:
    return [f"h{i}.example.com" for i in range(n)]


def resolver(n: int) -> FakeResolver:
    return FakeResolver({name: [["127.0.0.1"]] for name in names(n)})


def fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def open_sessions() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gc.collect()
        return sum(
            1 for o in gc.get_objects() if isinstance(o, aiohttp.ClientSession) and not o.closed
        )


def children() -> list[str]:
    try:
        with open(f"/proc/{os.getpid()}/task/{os.getpid()}/children") as f:
            return f.read().split()
    except OSError:
        return []


def holding_app(release: asyncio.Event, came: dict[str, int]) -> web.Application:
    async def robots(request: web.Request) -> web.Response:
        if request.host.startswith("h8."):  # the robots phase host
            came["robots"] = came.get("robots", 0) + 1
            await release.wait()
        return web.Response(text="User-agent: *\nAllow: /\n")

    async def page(request: web.Request) -> web.StreamResponse:
        kind = request.match_info["kind"]
        came[kind] = came.get(kind, 0) + 1
        if kind in {"head", "robots"}:
            await release.wait()
            return web.Response(body=PAGE, content_type="text/html")
        if kind == "body":
            r = web.StreamResponse(headers={"Content-Type": "text/html"})
            r.content_length = len(PAGE)
            await r.prepare(request)
            await r.write(PAGE[:30])
            await release.wait()
            await r.write(PAGE[30:])
            return r
        if kind == "huge":
            r = web.StreamResponse(headers={"Content-Type": "text/html"})
            await r.prepare(request)
            await r.write(b"<html><body>")
            while not release.is_set():
                await r.write(b"<p>" + b"x" * 60000 + b"</p>")
                await asyncio.sleep(0.01)
            return r
        if kind == "redir":
            step = int(request.query.get("s", "0"))
            if step < 4:
                raise web.HTTPFound(f"/redir/{request.match_info['n']}?s={step + 1}")
            await release.wait()
            return web.Response(body=PAGE, content_type="text/html")
        if kind == "r429":
            return web.Response(status=429, headers={"Retry-After": "5"})
        if kind == "r503":
            return web.Response(status=503, headers={"Retry-After": "5"})
        if kind == "big":
            return web.Response(body=BIG, content_type="text/html")
        return web.Response(body=PAGE, content_type="text/html")

    async def search(request: web.Request) -> web.Response:
        came["search"] = came.get("search", 0) + 1
        await release.wait()
        return web.json_response(
            {"results": [{"url": "https://example.org/", "title": "x", "content": "y"}]}
        )

    app = web.Application()
    app.router.add_get("/robots.txt", robots)
    app.router.add_get("/search", search)
    app.router.add_get("/{kind}/{n}", page)
    return app


def store_fds(tmp_path: object) -> list[str]:
    """The descriptors this process holds open under `tmp_path` (a disk store's files)."""
    out = []
    for f in os.listdir("/proc/self/fd"):
        try:
            link = os.readlink(f"/proc/self/fd/{f}")
        except OSError:
            continue
        if link.startswith(str(tmp_path)):
            out.append(link)
    return out


def held_page_app(came: asyncio.Event, release: asyncio.Event) -> web.Application:
    """A site whose every page (`/{n}`) says it came, then waits for `release` to answer."""

    async def page(request: web.Request) -> web.Response:
        came.set()
        await release.wait()
        return web.Response(
            body=b"<html><body><p>hello there page</p></body></html>", content_type="text/html"
        )

    app = web.Application()
    app.router.add_get("/{n}", page)
    return app
