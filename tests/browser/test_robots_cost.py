"""Attack (issue 27): with WEB_RESPECT_ROBOTS on, a rendered page's frames to many origins
make robots.txt fetches that WEB_RENDER_MAX_REQUESTS does not count. All names resolve to
127.0.0.1 through a fake resolver (no traffic elsewhere)."""

from __future__ import annotations

from aiohttp import web

from tests.browser.site import browser_or_skip
from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import Config, build

N = 120
MAX_REQUESTS = 10


async def test_robots_fetches_by_frames_are_capped_by_max_requests() -> None:
    robots_hits: list[str] = []

    async def robots(request: web.Request) -> web.Response:
        robots_hits.append(request.host)
        return web.Response(text="User-agent: *\nDisallow: /x\n", content_type="text/plain")

    async def page(request: web.Request) -> web.Response:
        port = request.url.port
        frames = "".join(
            f'<iframe src="http://o{i}.example.com:{port}/x"></iframe>' for i in range(N)
        )
        return web.Response(
            text="<!doctype html><html><head><title>t</title></head><body><article><h1>Many"
            "</h1><p>Tide pools fill twice a day and the crabs wait under the weed.</p>"
            f"</article>{frames}</body></html>",
            content_type="text/html",
        )

    app = web.Application()
    app.router.add_get("/robots.txt", robots)
    app.router.add_get("/page", page)
    app.router.add_get("/x", page)
    table = {f"o{i}.example.com": [["127.0.0.1"]] for i in range(N)}
    table["site.example.com"] = [["127.0.0.1"]]
    config = Config(
        allow_http=True,
        trusted_addresses=("127.0.0.1",),
        fetch_timeout_ms=30_000,
        render_timeout_ms=8_000,
        browser_path=browser_or_skip(),
        cache="off",
        render="always",
        respect_robots=True,
        render_max_requests=MAX_REQUESTS,
    )
    async with serve(app) as base, build(config, resolver=FakeResolver(table)) as toolkit:
        port = base.rsplit(":", 1)[1]
        outcome = (await toolkit.fetch({"url": f"http://site.example.com:{port}/page"})).unwrap()[0]
    assert outcome.page is not None, outcome.error
    frame_robots = [h for h in robots_hits if h.startswith("o")]
    assert len(frame_robots) <= MAX_REQUESTS, (
        f"{len(frame_robots)} robots.txt fetches for one page with "
        f"WEB_RENDER_MAX_REQUESTS={MAX_REQUESTS}"
    )
