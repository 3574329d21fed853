"""Through the composed toolkit: bot walls named, Markdown asked for and followed."""

from __future__ import annotations

import gzip
from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import pytest
from aiohttp import web

from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from tests.shells import pages
from webdistill import Config, ErrorCode, FetchOutcome, build

#: Akamai's refusal, plain (no edgesuite link), as served from www.groupon.com.
AKAMAI_DENIED = (
    "<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n\n"
    'You don\'t have permission to access "http&#58;&#47;&#47;www&#46;groupon&#46;com&#47;" on '
    "this server.<P>\nReference&#32;&#35;18&#46;4a2c1602&#46;1759400000&#46;1b2c3d4e\n"
    "</BODY>\n</HTML>"
)
#: A Cloudflare custom block page: its markers after ~320 KB of the site's own styles.
BIG_BLOCK_PAGE = (
    "<html><head><title>Example</title><style>" + ".x{color:red}\n" * 23_000 + "</style></head>"
    "<body><p>Blocked.</p><script>window._cf_chl_opt={cvId:'3',cType:'managed'};</script>"
    "</body></html>"
)


def walls_fixture(name: str) -> str:
    return (Path(__file__).parent.parent / "walls" / "fixtures" / name).read_text()


MARKDOWN_ARTICLE = (
    "# Tide pools\n\nTide pools are rocky pools on the sea shore.\n\n- crabs\n- sea stars\n"
)


@attrs.define
class Site:
    base: str
    hits: dict[str, int]
    accept: dict[str, str]


def site_app(site: Site) -> web.Application:
    def page(path: str, respond: object) -> None:
        async def handler(request: web.Request) -> web.StreamResponse:
            site.hits[path] = site.hits.get(path, 0) + 1
            site.accept[path] = request.headers.get("Accept", "")
            assert callable(respond)
            result = respond(request)
            assert isinstance(result, web.StreamResponse)
            return result

        app.router.add_get(path, handler)

    app = web.Application()
    html = "text/html; charset=utf-8"
    page("/cf", lambda r: web.Response(
        status=403, body=gzip.compress(pages.cloudflare_challenge().encode()),
        headers={"Content-Type": html, "Content-Encoding": "gzip", "cf-mitigated": "challenge",
                 "Server": "cloudflare", "cf-ray": "8f1e2d3c4b5a6978-CDG"}))
    page("/cf-503", lambda r: web.Response(
        status=503, text=pages.cloudflare_challenge(), headers={"Content-Type": html,
                                                               "Server": "cloudflare"}))
    page("/datadome", lambda r: web.Response(
        status=403, text=pages.datadome_block(), headers={"Content-Type": html,
                                                          "X-DataDome": "protected"}))
    page("/forbidden", lambda r: web.Response(
        status=403, text="<html><body><h1>403 Forbidden</h1>nginx</body></html>",
        headers={"Content-Type": html}))
    page("/anubis", lambda r: web.Response(
        status=401, text=walls_fixture("wall_anubis_template.html"),
        headers={"Content-Type": html}))
    page("/akamai", lambda r: web.Response(
        status=403, text=AKAMAI_DENIED, headers={"Content-Type": html, "Server": "AkamaiGHost"}))
    page("/cf-big", lambda r: web.Response(
        status=403, text=BIG_BLOCK_PAGE, headers={"Content-Type": html}))
    page("/login-401", lambda r: web.Response(
        status=401, text=walls_fixture("ordinary_recaptcha_v2_berstend.html"),
        headers={"Content-Type": html}))
    page("/negotiated", lambda r: web.Response(
        text=MARKDOWN_ARTICLE, headers={"Content-Type": "text/markdown; charset=utf-8"}))
    page("/linked", lambda r: web.Response(text=(
        '<html><head><title>Tide pools</title>'
        '<link rel="alternate" type="text/markdown" href="/linked.md" title="Markdown">'
        '</head><body><nav>Home</nav><p>Short HTML view.</p></body></html>'),
        content_type="text/html"))
    page("/linked.md", lambda r: web.Response(
        text=MARKDOWN_ARTICLE, headers={"Content-Type": "text/markdown; charset=utf-8"}))
    page("/linked-away", lambda r: web.Response(text=(
        '<html><head><title>Away</title><link rel="alternate" type="text/markdown" '
        'href="http://elsewhere-demo.net/steal.md"></head><body><p>Stay here.</p></body></html>'),
        content_type="text/html"))
    page("/linked-broken", lambda r: web.Response(text=(
        '<html><head><title>Broken</title><link rel="alternate" type="text/markdown" '
        'href="/missing.md"></head><body><p>The HTML text is all there is.</p></body></html>'),
        content_type="text/html"))
    return app  # fmt: skip


@pytest.fixture
async def site() -> AsyncIterator[Site]:
    state = Site("", {}, {})
    async with serve(site_app(state)) as base:
        state.base = base
        yield state


def config() -> Config:
    return Config(allow_http=True, trusted_addresses=("127.0.0.1",), fetch_timeout_ms=5000)


async def fetch(url: str) -> FetchOutcome:
    table = {"elsewhere-demo.net": [["127.0.0.1"]]}
    async with build(config(), resolver=FakeResolver(table)) as toolkit:
        return (await toolkit.fetch({"url": url})).unwrap()[0]


@pytest.mark.parametrize(("path", "wall"), [
    ("/cf", "cloudflare"), ("/cf-503", "cloudflare"), ("/datadome", "datadome"),
    ("/anubis", "anubis"), ("/akamai", "akamai"), ("/cf-big", "cloudflare")])  # fmt: skip
async def test_a_bot_wall_is_named_challenge(site: Site, path: str, wall: str) -> None:
    outcome = await fetch(site.base + path)
    error = outcome.error
    assert error is not None and error.code is ErrorCode.HTTP_ERROR
    assert error.detail["reason"] == "challenge" and error.detail["wall"] == wall
    assert "bot-protection challenge" in error.message and "Retrying will not help" in error.message
    assert error.retryable is False
    assert site.hits[path] == 1  # a challenge is not retried like a plain 503


async def test_a_plain_403_stays_a_plain_http_error(site: Site) -> None:
    error = (await fetch(site.base + "/forbidden")).error
    assert error is not None and error.code is ErrorCode.HTTP_ERROR
    assert error.detail["status"] == "403" and "reason" not in error.detail


async def test_a_401_login_page_with_a_captcha_widget_is_no_wall(site: Site) -> None:
    error = (await fetch(site.base + "/login-401")).error
    assert error is not None and error.code is ErrorCode.HTTP_ERROR
    assert error.detail["status"] == "401" and "reason" not in error.detail


async def test_pages_are_asked_for_markdown_first(site: Site) -> None:
    outcome = await fetch(site.base + "/negotiated")
    assert site.accept["/negotiated"].startswith("text/markdown, text/html;q=0.9")
    assert outcome.page is not None
    assert outcome.page.content_type == "text/markdown"
    assert outcome.page.content == MARKDOWN_ARTICLE.strip()
    assert outcome.page.title == "Tide pools"


async def test_a_same_origin_markdown_alternate_is_followed(site: Site) -> None:
    outcome = await fetch(site.base + "/linked")
    page = outcome.page
    assert page is not None
    assert page.url == site.base + "/linked"  # the page asked for, read from its Markdown
    assert page.content == MARKDOWN_ARTICLE.strip() and page.content_type == "text/markdown"
    assert site.hits["/linked.md"] == 1
    assert site.accept["/linked.md"].startswith("text/markdown")


async def test_an_alternate_on_another_origin_is_not_followed(site: Site) -> None:
    outcome = await fetch(site.base + "/linked-away")
    assert outcome.page is not None and "Stay here." in outcome.page.content
    assert outcome.page.content_type == "text/html"


async def test_a_broken_alternate_falls_back_to_the_html(site: Site) -> None:
    outcome = await fetch(site.base + "/linked-broken")
    assert outcome.page is not None
    assert "The HTML text is all there is." in outcome.page.content
