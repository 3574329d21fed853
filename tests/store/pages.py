"""A page server on 127.0.0.1 that counts downloads, for the store and replica tests.

`/long` is an article of 300 paragraphs (about 25 000 characters of Markdown, several
windows); `/slow` is the same after a pause, so concurrent requests overlap.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import attrs
from aiohttp import web

from tests.servers import serve

LONG_HTML = (
    "<!doctype html><html lang='en'><head><title>The long tide guide</title></head><body>"
    "<nav><a href='/'>Home</a></nav><article><h1>The long tide guide</h1>"
    + "".join(
        f"<p>Paragraph {i}: the tide comes in and goes out twice a day, and the pools it "
        f"leaves behind hold crabs, anemones and small fish worth a careful look.</p>"
        for i in range(300)
    )
    + "</article><footer>Copyright 2026</footer></body></html>"
)


@attrs.define
class CountingSite:
    base: str
    downloads: dict[str, int]

    def count(self, path: str) -> int:
        return self.downloads.get(path, 0)


def counting_app(downloads: dict[str, int], pause_s: float = 0.3) -> web.Application:
    async def long_page(request: web.Request) -> web.Response:
        downloads[request.path] = downloads.get(request.path, 0) + 1
        if request.path == "/slow":
            await asyncio.sleep(pause_s)
        return web.Response(text=LONG_HTML, content_type="text/html")

    app = web.Application()
    app.router.add_get("/long", long_page)
    app.router.add_get("/slow", long_page)
    return app


@asynccontextmanager
async def counting_site() -> AsyncIterator[CountingSite]:
    downloads: dict[str, int] = {}
    async with serve(counting_app(downloads)) as base:
        yield CountingSite(base, downloads)
