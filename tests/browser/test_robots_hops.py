"""Attack (issue 27): robots.txt bypasses of a rendered page's frames, all on 127.0.0.1.

robots.txt closes /closed/. Each page below tries to get a /closed/ document loaded (and
read) while WEB_RESPECT_ROBOTS is on. Evidence: the server's hit counter for /closed/*.
"""

from __future__ import annotations

import attrs
import pytest
from aiohttp import web

from tests.browser.site import browser_config
from tests.servers import serve
from webdistill import Config, build

ROBOTS = "User-agent: *\nDisallow: /closed/\n"
SECRET = "Crabs wait under the weed until the water returns"
ARTICLE = (
    "<article><h1>A page with frames</h1><p>Tide pools fill twice a day and the sea "
    "anemones close when the tide goes out across the flat rock shelves.</p>"
)
CLOSED = f"<!doctype html><html><body><p>{SECRET}.</p></body></html>"

PAGES = {
    # iframe to an allowed URL that redirects into /closed/
    "redirect": ARTICLE + '<iframe src="/open/redirect"></iframe></article>',
    # a srcdoc frame (no request, so no robots check) that nests a frame to /closed/
    "srcdoc_nested": ARTICLE
    + '<iframe srcdoc="<iframe src=&quot;/closed/frame.html&quot;></iframe>"></iframe></article>',
    # <object> and <embed> documents are frames too
    "object": ARTICLE + '<object data="/closed/frame.html" type="text/html"></object></article>',
    "embed": ARTICLE + '<embed src="/closed/frame.html" type="text/html"></article>',
    # a script fetches the closed page and puts its text into the DOM that is read
    "fetch_inject": ARTICLE
    + "</article><div id=x></div><script>fetch('/closed/frame.html').then(r=>r.text())"
    ".then(t=>{document.getElementById('x').innerHTML=t})</script>",
    # a frame allowed at first, then navigated (by the parent's script) into /closed/
    "frame_renavigate": ARTICLE + '<iframe id=f src="/open/frame.html"></iframe></article>'
    "<script>setTimeout(()=>{document.getElementById('f').src='/closed/frame.html'},300)</script>",
    # window.open in a frame / location inside the child frame
    "child_location": ARTICLE + '<iframe src="/open/goes-closed.html"></iframe></article>',
}


def _app(hits: dict[str, int]) -> web.Application:
    @web.middleware
    async def count(request: web.Request, handler: web.RequestHandler) -> web.StreamResponse:
        hits[request.path] = hits.get(request.path, 0) + 1
        return await handler(request)

    def text(body: str, kind: str = "text/html") -> web.RequestHandler:
        async def handler(request: web.Request) -> web.Response:
            return web.Response(text=body, content_type=kind)

        return handler

    async def redirect(request: web.Request) -> web.Response:
        raise web.HTTPFound("/closed/frame.html")

    app = web.Application(middlewares=[count])
    app.router.add_get("/robots.txt", text(ROBOTS, "text/plain"))
    for name, body in PAGES.items():
        app.router.add_get(
            f"/page/{name}",
            text(
                f"<!doctype html><html><head><title>Framed</title></head><body>{body}</body></html>"
            ),
        )
    app.router.add_get("/open/redirect", redirect)
    app.router.add_get("/open/frame.html", text("<p>open frame</p>"))
    app.router.add_get(
        "/open/goes-closed.html",
        text("<p>child</p><script>location.href='/closed/frame.html'</script>"),
    )
    app.router.add_get("/closed/frame.html", text(CLOSED))
    return app


def _config() -> Config:
    return browser_config(render="always", respect_robots=True)


@pytest.mark.parametrize("name", list(PAGES))
async def test_no_closed_document_is_fetched_by_a_rendered_page(name: str) -> None:
    hits: dict[str, int] = {}
    async with serve(_app(hits)) as base, build(_config()) as toolkit:
        outcome = (await toolkit.fetch({"url": f"{base}/page/{name}"})).unwrap()[0]
    assert outcome.page is not None, outcome.error
    closed = {p: n for p, n in hits.items() if p.startswith("/closed/")}
    assert not closed, f"{name}: robots.txt-closed paths fetched: {closed}; hits={hits}"
    assert SECRET not in (outcome.page.content or ""), f"{name}: closed text read"


async def test_fetch_inject_reads_closed_text_into_the_page() -> None:
    """fetch() of a closed path is fulfilled (robots.txt is asked only for frame documents),
    so its text ends up in the rendered page under the page's own URL."""
    hits: dict[str, int] = {}
    async with serve(_app(hits)) as base, build(_config()) as toolkit:
        outcome = (await toolkit.fetch({"url": f"{base}/page/fetch_inject"})).unwrap()[0]
    assert outcome.page is not None, outcome.error
    assert SECRET not in (outcome.page.content or ""), "closed page's text read via fetch()"


@pytest.mark.parametrize("render", ["never", "always"])
async def test_top_level_redirect_into_closed_path(render: str) -> None:
    hits: dict[str, int] = {}
    cfg = attrs.evolve(_config(), render=render)
    async with serve(_app(hits)) as base, build(cfg) as toolkit:
        outcome = (await toolkit.fetch({"url": f"{base}/open/redirect"})).unwrap()[0]
    closed = {p: n for p, n in hits.items() if p.startswith("/closed/")}
    assert not closed and (outcome.page is None or SECRET not in outcome.page.content), (
        f"top-level redirect read a closed page: {closed}"
    )
