"""A redirect to another host hands the page's turn at its first host on (issue 33, attack b33).

The turn (adapters/pipeline/turns.py) is for the host being talked to: once the first host
answered with a redirect elsewhere, its connection is back in the pool, and a link shortener
or `/go?url=` redirector whose WEB_PER_HOST pages redirect to slow sites must still serve its
own pages at once (as before the turns, when only aiohttp's connector bounded it). Real
aiohttp servers on 127.0.0.1 (two ports: two hosts); order asserted, not wall-clock time.
"""

from __future__ import annotations

import asyncio

import attrs
from aiohttp import web

from tests.servers import serve
from webdistill import Config, build

PAGE = b"<html><head><title>t</title></head><body><p>a page to read here</p></body></html>"


async def test_a_redirect_to_a_hung_host_does_not_block_the_redirectors_own_pages() -> None:
    stop, reached = asyncio.Event(), asyncio.Event()

    async def hung_page(request: web.Request) -> web.Response:
        reached.set()
        await stop.wait()
        return web.Response(body=PAGE, content_type="text/html")

    hung_app = web.Application()
    hung_app.router.add_get("/{n}", hung_page)
    async with serve(hung_app) as hung:

        async def go(request: web.Request) -> web.Response:
            raise web.HTTPFound(f"{hung}/{request.match_info['n']}")

        async def page(request: web.Request) -> web.Response:
            return web.Response(body=PAGE, content_type="text/html")

        app = web.Application()
        app.router.add_get("/go/{n}", go)
        app.router.add_get("/page", page)
        async with serve(app) as redirector:
            settings = attrs.evolve(
                Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="off"),
                concurrency=8,
                per_host=1,
                fetch_timeout_ms=3000,
            )
            async with build(settings) as toolkit:
                away = asyncio.create_task(toolkit.fetch({"url": f"{redirector}/go/1"}))
                await reached.wait()  # redirected, now waiting at the hung host
                own = (await toolkit.fetch({"url": f"{redirector}/page"})).unwrap()[0]
                assert own.page is not None, own.error
                assert not away.done(), "the redirector's own page waited for the redirect"
                stop.set()
                moved = (await away).unwrap()[0]
                assert moved.page is not None, moved.error


async def test_web_per_host_still_bounds_a_host_redirecting_to_itself() -> None:
    # A redirect within the host keeps the turn: 10 reads of `/go/n` (redirecting to
    # `/page/n` on the same host, which answers once 2 requests are in or a few loop turns
    # passed), per_host 2: the server never sees more than 2 requests at once.
    inside, peak, enough = [0], [0], asyncio.Event()

    async def go(request: web.Request) -> web.Response:
        raise web.HTTPFound(f"/page/{request.match_info['n']}")

    async def page(request: web.Request) -> web.Response:
        inside[0] += 1
        peak[0] = max(peak[0], inside[0])
        if inside[0] >= 2:
            enough.set()
        try:
            await asyncio.wait_for(enough.wait(), 0.2)
        except TimeoutError:
            pass
        finally:
            inside[0] -= 1
        return web.Response(body=PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/go/{n}", go)
    app.router.add_get("/page/{n}", page)
    async with serve(app) as base:
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="off"),
            concurrency=8,
            per_host=2,
        )
        async with build(settings) as toolkit:
            reads = [toolkit.fetch({"url": f"{base}/go/{n}"}) for n in range(10)]
            for outcome in await asyncio.gather(*reads):
                assert outcome.unwrap()[0].page is not None
    assert 1 <= peak[0] <= 2
