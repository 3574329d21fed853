"""The whole path, composed by `build`: kernel -> cache -> guarded client -> extraction.

Pages are served on 127.0.0.1; names resolve through an injected fake DNS; the config trusts
exactly 127.0.0.1. Blocked cases assert that no connection was attempted at all.
"""

from __future__ import annotations

import gzip
from collections.abc import AsyncIterator

import attrs
import pytest
from aiohttp import web

from tests.http import netguard
from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import Config, ErrorCode, FetchOutcome, build

ARTICLE = b"""<!doctype html><html lang="en"><head><title>Tide pools</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Tide pools</h1>
<p>Tide pools are rocky pools on the sea shore, filled with sea water when the tide goes out.
Many animals live in them: sea stars, anemones, crabs and small fish adapt to the change.</p>
<p>Each pool is a small world of its own, and the water in it warms in the sun and cools at
night, so the life in it must bear wide swings of temperature and salt.</p>
<h2>Visiting</h2>
<p>Walk softly, turn rocks back the way you found them, and never take animals home with you.
See <a href="/guide">the guide</a> for more.</p></article>
<footer>Copyright 2026</footer></body></html>"""

LONG = (
    "<html><body><article>"
    + "".join(
        f"<p>Paragraph number {i} of the long page says something worth reading about tides.</p>"
        for i in range(400)
    )
    + "</article></body></html>"
)


@attrs.define
class Site:
    base: str
    hits: dict[str, int]


def site_app(hits: dict[str, int]) -> web.Application:
    async def count(request: web.Request) -> None:
        hits[request.path] = hits.get(request.path, 0) + 1

    async def article(request: web.Request) -> web.Response:
        await count(request)
        return web.Response(body=ARTICLE, content_type="text/html")

    async def long_page(request: web.Request) -> web.Response:
        await count(request)
        return web.Response(text=LONG, content_type="text/html")

    async def bogus_charset(request: web.Request) -> web.Response:
        await count(request)
        body = "<html><body><article><p>Caf\u00e9 cr\u00e8me, na\u00efve r\u00e9sum\u00e9 " * 5
        return web.Response(
            body=body.encode("utf-8") + b"</p></article></body></html>",
            headers={"Content-Type": "text/html; charset=x-no-such-charset"},
        )

    async def binary_as_html(request: web.Request) -> web.Response:
        await count(request)
        return web.Response(body=bytes(range(256)) * 64, headers={"Content-Type": "text/html"})

    async def gzipped(request: web.Request) -> web.Response:
        await count(request)
        return web.Response(
            body=gzip.compress(ARTICLE),
            headers={"Content-Type": "text/html", "Content-Encoding": "gzip"},
        )

    async def to_metadata(request: web.Request) -> web.Response:
        await count(request)
        raise web.HTTPFound("http://169.254.169.254/latest/meta-data/")

    async def to_private_name(request: web.Request) -> web.Response:
        await count(request)
        raise web.HTTPFound("http://intranet-demo.net/secret")

    async def missing(request: web.Request) -> web.Response:
        await count(request)
        raise web.HTTPNotFound()

    app = web.Application()
    app.router.add_get("/article", article)
    app.router.add_get("/long", long_page)
    app.router.add_get("/bogus-charset", bogus_charset)
    app.router.add_get("/binary", binary_as_html)
    app.router.add_get("/gzip", gzipped)
    app.router.add_get("/to-metadata", to_metadata)
    app.router.add_get("/to-private-name", to_private_name)
    app.router.add_get("/missing", missing)
    return app


@pytest.fixture
async def site() -> AsyncIterator[Site]:
    hits: dict[str, int] = {}
    async with serve(site_app(hits)) as base:
        yield Site(base, hits)


def loopback_config(**changes: object) -> Config:
    return attrs.evolve(
        Config(allow_http=True, trusted_addresses=("127.0.0.1",), fetch_timeout_ms=5000),
        **changes,
    )


def resolver() -> FakeResolver:
    return FakeResolver(
        {
            "tides-demo.net": [["127.0.0.1"]],
            "intranet-demo.net": [["10.0.0.7"]],
            "mixed-demo.net": [["127.0.0.1", "192.168.1.20"]],
            "rebind-demo.net": [["127.0.0.1"], ["169.254.169.254"]],
        }
    )


async def fetch_one(config: Config, raw: dict[str, object]) -> FetchOutcome:
    async with build(config, resolver=resolver()) as toolkit:
        return (await toolkit.fetch(raw)).unwrap()[0]


async def test_fetch_reads_the_main_content_as_markdown(site: Site) -> None:
    outcome = await fetch_one(loopback_config(), {"url": site.base + "/article"})
    assert outcome.page is not None, outcome.error
    page = outcome.page
    assert page.title == "Tide pools"
    assert "rocky pools on the sea shore" in page.content
    assert "## Visiting" in page.content
    assert f"({site.base}/guide)" in page.content  # relative link made absolute
    assert "Copyright" not in page.content
    assert page.content_type == "text/html"


async def test_a_name_resolves_through_the_injected_resolver(site: Site) -> None:
    port = site.base.rsplit(":", 1)[1]
    outcome = await fetch_one(loopback_config(), {"url": f"http://tides-demo.net:{port}/article"})
    assert outcome.page is not None, outcome.error
    assert outcome.page.url == f"http://tides-demo.net:{port}/article"


async def test_gzip_body_is_decoded(site: Site) -> None:
    outcome = await fetch_one(loopback_config(), {"url": site.base + "/gzip"})
    assert outcome.page is not None and "rocky pools" in outcome.page.content


async def test_unknown_charset_falls_back_without_crashing(site: Site) -> None:
    outcome = await fetch_one(loopback_config(), {"url": site.base + "/bogus-charset"})
    assert outcome.page is not None, outcome.error
    assert "Café crème" in outcome.page.content


async def test_binary_bytes_labelled_html_give_a_clean_outcome(site: Site) -> None:
    outcome = await fetch_one(loopback_config(), {"url": site.base + "/binary"})
    assert (outcome.page is None) != (outcome.error is None)
    if outcome.error is not None:
        assert outcome.error.code is ErrorCode.UNSUPPORTED_CONTENT


async def test_404_is_http_error_with_status(site: Site) -> None:
    outcome = await fetch_one(loopback_config(), {"url": site.base + "/missing"})
    assert outcome.error is not None
    assert outcome.error.code is ErrorCode.HTTP_ERROR
    assert outcome.error.detail["status"] == "404"


async def test_paging_three_windows_downloads_once(site: Site) -> None:
    url = site.base + "/long"
    starts: list[int] = []
    async with build(loopback_config(), resolver=resolver()) as toolkit:
        start: int | None = 0
        for _ in range(3):
            assert start is not None
            starts.append(start)
            outcome = await toolkit.fetch({"url": url, "max_chars": 1000, "start_index": start})
            page = outcome.unwrap()[0].page
            assert page is not None
            assert len(page.content) <= 1000
            start = page.next_start
    assert site.hits["/long"] == 1
    assert starts[0] == 0 < starts[1] < starts[2]


async def test_defaults_refuse_the_loopback_server_without_connecting(site: Site) -> None:
    netguard.STATE.destinations.clear()
    outcome = await fetch_one(Config(allow_http=True), {"url": site.base + "/article"})
    assert outcome.error is not None and outcome.error.code is ErrorCode.BLOCKED_URL
    assert netguard.STATE.destinations == []
    assert site.hits == {}


@pytest.mark.parametrize(
    "url",
    [
        "http://169.254.169.254/latest/meta-data/",
        "http://[::ffff:127.0.0.1]/",
        "http://[64:ff9b::a9fe:a9fe]/",
        "http://2130706433/",
        "http://0x7f.1/",
        "http://localhost/",
        "http://metadata.google.internal/computeMetadata/v1/",
    ],
)
async def test_private_and_metadata_urls_are_blocked_without_a_connection(url: str) -> None:
    netguard.STATE.destinations.clear()
    outcome = await fetch_one(Config(allow_http=True, allow_private_network=False), {"url": url})
    assert outcome.error is not None and outcome.error.code is ErrorCode.BLOCKED_URL
    assert netguard.STATE.destinations == []


async def test_metadata_stays_blocked_even_with_private_network_allowed() -> None:
    netguard.STATE.destinations.clear()
    config = Config(allow_http=True, allow_private_network=True)
    outcome = await fetch_one(config, {"url": "http://169.254.169.254/latest/meta-data/"})
    assert outcome.error is not None and outcome.error.code is ErrorCode.BLOCKED_URL
    assert netguard.STATE.destinations == []


@pytest.mark.parametrize("name", ["intranet-demo.net", "mixed-demo.net"])
async def test_names_answering_private_addresses_are_blocked(name: str) -> None:
    netguard.STATE.destinations.clear()
    outcome = await fetch_one(loopback_config(), {"url": f"http://{name}/"})
    assert outcome.error is not None and outcome.error.code is ErrorCode.BLOCKED_URL
    assert [d for d in netguard.STATE.destinations if d[0] != "127.0.0.1"] == []


async def test_redirect_to_metadata_is_blocked_at_the_hop(site: Site) -> None:
    outcome = await fetch_one(loopback_config(), {"url": site.base + "/to-metadata"})
    assert outcome.error is not None and outcome.error.code is ErrorCode.BLOCKED_URL
    assert [d for d in netguard.STATE.destinations if d[0] != "127.0.0.1"] == []


async def test_redirect_to_a_private_name_is_blocked_after_dns(site: Site) -> None:
    outcome = await fetch_one(loopback_config(), {"url": site.base + "/to-private-name"})
    assert outcome.error is not None and outcome.error.code is ErrorCode.BLOCKED_URL
    assert [d for d in netguard.STATE.destinations if d[0] != "127.0.0.1"] == []


async def test_blocklist_applies_to_the_composed_fetch(site: Site) -> None:
    port = site.base.rsplit(":", 1)[1]
    config = loopback_config(domain_blocklist=("tides-demo.net",))
    outcome = await fetch_one(config, {"url": f"http://tides-demo.net:{port}/article"})
    assert outcome.error is not None and outcome.error.code is ErrorCode.BLOCKED_URL
    assert site.hits == {}
