"""Attack (issue 27): a page hoarding memory outside the V8 heap (ArrayBuffers, which
--max-old-space-size does not bound) in a worker and the page; all on 127.0.0.1.
Expected: the watch stops the render, the browser restarts, the next fetch renders."""

from __future__ import annotations

from aiohttp import web

from tests.browser.site import browser_or_skip
from tests.servers import serve
from webdistill import Config, build

ARTICLE = (
    "<article><h1>Tides</h1><p>Tide pools fill twice a day and the sea anemones close when "
    "the tide goes out across the flat rock shelves of the harbour.</p></article>"
)
HOG = """<script>
const keep=[]; const w=new Worker(URL.createObjectURL(new Blob([
 "const k=[];setInterval(()=>{if(k.length<24){"+
 "const a=new Uint8Array(64<<20);a.fill(7);k.push(a)}},30)"
])));
setInterval(()=>{if(keep.length<24){const a=new Uint8Array(64<<20);a.fill(9);keep.push(a)}},30);
</script>"""


async def test_array_buffer_hoarding_is_stopped_and_next_fetch_renders() -> None:
    async def hog(request: web.Request) -> web.Response:
        return web.Response(
            text=f"<html><body>{ARTICLE}{HOG}</body></html>", content_type="text/html"
        )

    async def plain(request: web.Request) -> web.Response:
        return web.Response(text=f"<html><body>{ARTICLE}</body></html>", content_type="text/html")

    app = web.Application()
    app.router.add_get("/hog", hog)
    app.router.add_get("/plain", plain)
    config = Config(
        allow_http=True,
        trusted_addresses=("127.0.0.1",),
        fetch_timeout_ms=30_000,
        render_timeout_ms=10_000,
        browser_path=browser_or_skip(),
        cache="off",
        render="always",
        browser_memory_mb=400,
    )
    async with serve(app) as base, build(config) as toolkit:
        first = (await toolkit.fetch({"url": base + "/hog"})).unwrap()[0]
        second = (await toolkit.fetch({"url": base + "/plain"})).unwrap()[0]
    assert first.page is not None, first.error
    # Stopped by the memory watch (its notice), not by the render's deadline.
    assert first.page.reader is None, first.page.notice
    assert "400 MiB limit" in (first.page.notice or ""), first.page.notice
    assert second.page is not None and second.page.reader == "browser", second
