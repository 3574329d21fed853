"""The loopback test server helper serves on 127.0.0.1 only."""

import aiohttp
from aiohttp import web

from tests.servers import serve


async def test_serve_answers_on_loopback() -> None:
    async def hello(_: web.Request) -> web.Response:
        return web.Response(text="hi")

    app = web.Application()
    app.router.add_get("/", hello)
    async with serve(app) as base, aiohttp.ClientSession() as session:
        assert base.startswith("http://127.0.0.1:")
        async with session.get(base + "/") as response:
            assert await response.text() == "hi"
