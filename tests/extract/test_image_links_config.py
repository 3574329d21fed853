"""WEB_IMAGE_LINKS through the composed toolkit: what a fetch of a page with images gives.

A real aiohttp server on 127.0.0.1 serves an article with a figure (`<figure><img alt
src><figcaption>`, the shape CMSs emit) and an inline image; the toolkit is built from the
environment variable as a user sets it, and the page is read in the extraction workers.
"""

from __future__ import annotations

from aiohttp import web

from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import Config, build

ARTICLE = """<!doctype html><html lang="en"><head><title>Tide pools</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Tide pools at low water</h1>
<p>At low tide the rocky pools on the sea shore hold crabs, anemones and small fish that
wait there for the water to come back, and the best time to see them is an hour before the
lowest tide of the day.</p>
<figure><img src="/img/anemone.jpg" alt="A red anemone in a rock pool" width="600">
<figcaption>Beadlet anemones close up when the tide goes out.</figcaption></figure>
<p>Walk on the bare rock rather than on the weed, lift stones gently and put them back the
way you found them, and never take animals home: most of them die within a day.</p>
<p>A pool with a <img src="data:image/png;base64,iVBORw0KGgo=" alt="starfish icon"> starfish
is a lucky find; look under the ledges where the water stays cool.</p>
</article><footer><p>Copyright 2026 Shore Guides</p></footer></body></html>"""


def app() -> web.Application:
    async def article(request: web.Request) -> web.Response:
        return web.Response(text=ARTICLE, content_type="text/html")

    application = web.Application()
    application.router.add_get("/article", article)
    return application


def config(**environ: str) -> Config:
    base = {
        "WEB_ALLOW_HTTP": "true",
        "WEB_TRUSTED_ADDRESSES": "127.0.0.1",
        "WEB_CACHE": "off",
        "WEB_FETCH_TIMEOUT_MS": "20000",
    }
    return Config.from_env({**base, **environ})


async def read(cfg: Config) -> str:
    async with serve(app()) as base, build(cfg, resolver=FakeResolver({})) as toolkit:
        outcome = (await toolkit.fetch({"url": base + "/article"})).unwrap()[0]
    assert outcome.page is not None, outcome.error
    return outcome.page.content


async def test_images_are_markdown_image_links_by_default() -> None:
    content = await read(config())
    assert "![A red anemone in a rock pool](http://127.0.0.1:" in content
    assert "/img/anemone.jpg)" in content
    assert "data:" not in content  # a data: URI is never copied; its alt text stays
    assert "starfish icon" in content


async def test_web_image_links_false_keeps_the_alt_text_alone() -> None:
    content = await read(config(WEB_IMAGE_LINKS="false"))
    assert "A red anemone in a rock pool" in content
    assert "![" not in content and "anemone.jpg" not in content
    assert "rocky pools on the sea shore" in content


def test_the_variable_is_a_flag_named_in_its_error() -> None:
    assert Config.from_env({"WEB_IMAGE_LINKS": "no"}).image_links is False
    assert Config().image_links is True
