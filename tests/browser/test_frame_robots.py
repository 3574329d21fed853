"""A rendered page's iframes obey robots.txt like the page itself (WEB_RESPECT_ROBOTS).

The page's own URL is checked by the robots stage before anything is fetched; the documents
its frames load are fetched by the browser while it renders, so the guard asks the same
robots.txt verdicts (one cache) before fetching them. Shape: the robots.txt of RFC 9309's
examples (`User-agent: *` with `Disallow:` paths) and a page embedding two same-site frames.
"""

from __future__ import annotations

import pytest
from aiohttp import web

from tests.browser.site import browser_config
from tests.servers import serve
from webdistill import Config, build

ROBOTS = "User-agent: *\nDisallow: /closed/\n"
PAGE = (
    "<!doctype html><html><head><title>Framed</title></head><body>"
    "<article><h1>A page with frames</h1><p>Tide pools fill twice a day and the crabs wait "
    "under the weed until the water returns to the basin.</p>"
    '<iframe src="/open/frame.html"></iframe><iframe src="/closed/frame.html"></iframe>'
    "</article></body></html>"
)
FRAME = "<!doctype html><html><body><p>Frame text.</p></body></html>"


def _app(hits: dict[str, int]) -> web.Application:
    @web.middleware
    async def count(request: web.Request, handler: web.RequestHandler) -> web.StreamResponse:
        hits[request.path] = hits.get(request.path, 0) + 1
        return await handler(request)

    def text(body: str, kind: str) -> web.RequestHandler:
        async def handler(request: web.Request) -> web.Response:
            return web.Response(text=body, content_type=kind)

        return handler

    app = web.Application(middlewares=[count])
    app.router.add_get("/robots.txt", text(ROBOTS, "text/plain"))
    app.router.add_get("/page", text(PAGE, "text/html"))
    app.router.add_get("/open/frame.html", text(FRAME, "text/html"))
    app.router.add_get("/closed/frame.html", text(FRAME, "text/html"))
    return app


def _config(**changes: object) -> Config:
    return browser_config(render="always", **changes)


@pytest.mark.parametrize("respect", [True, False])
async def test_a_frame_robots_txt_closes_is_not_fetched(respect: bool) -> None:
    hits: dict[str, int] = {}
    async with serve(_app(hits)) as base, build(_config(respect_robots=respect)) as toolkit:
        outcome = (await toolkit.fetch({"url": base + "/page"})).unwrap()[0]
    assert outcome.page is not None, outcome.error
    assert outcome.page.reader == "browser"
    assert hits.get("/open/frame.html", 0) >= 1
    assert (hits.get("/closed/frame.html", 0) == 0) is respect
