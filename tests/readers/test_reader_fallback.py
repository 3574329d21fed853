"""The opt-in hosted reader, through the composed toolkit: a fake reader on 127.0.0.1.

Names resolve through a fake DNS. A name that must be fetched locally (127.0.0.1, trusted)
and also vetted for the reader answers 127.0.0.1 to the first lookup and a public address
to the next (the reader's vetting); the test servers are only ever dialled on 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import attrs
import pytest
from aiohttp import web

from tests.http.fakes_http import FakeResolver
from tests.readers.fake_reader import READER_MARKDOWN, ReaderService, reader_service
from tests.servers import serve
from tests.shells import pages
from webdistill import Config, ConfigError, ErrorCode, FetchOutcome, build
from webdistill.config import from_mapping
from webdistill.doors.render import fetch_to_text

PUBLIC = "93.184.216.34"
ARTICLE = (
    "<html><head><title>Tides</title></head><body><article>"
    + "".join(f"<p>{p}</p>" for p in pages.PARAGRAPHS * 2)
    + "</article></body></html>"
)


@attrs.define
class Site:
    base: str
    port: int
    hits: dict[str, int]


@pytest.fixture
async def site() -> AsyncIterator[Site]:
    hits: dict[str, int] = {}

    def page(body: str, status: int = 200, **headers: str) -> object:
        async def handler(request: web.Request) -> web.Response:
            hits[request.path] = hits.get(request.path, 0) + 1
            return web.Response(status=status, text=body, content_type="text/html",
                                headers=headers)  # fmt: skip

        return handler

    app = web.Application()
    app.router.add_get("/shell", page(pages.next_form_shell()))  # type: ignore[arg-type]
    app.router.add_get("/article", page(ARTICLE))  # type: ignore[arg-type]
    short = "<html><body><p>Loading the tide table.</p></body></html>"
    app.router.add_get("/short", page(short))  # type: ignore[arg-type]
    app.router.add_get(
        "/cf",
        page(pages.cloudflare_challenge(), 403, **{"cf-mitigated": "challenge"}),  # type: ignore[arg-type]
    )
    async with serve(app) as base:
        yield Site(base, int(base.rsplit(":", 1)[1]), hits)


@pytest.fixture
async def reader() -> AsyncIterator[ReaderService]:
    async with reader_service() as service:
        yield service


def config(service: ReaderService, **changes: object) -> Config:
    base = Config(
        allow_http=True,
        trusted_addresses=("127.0.0.1",),
        # the local reading and the reader share this total: room for both on a loaded machine
        fetch_timeout_ms=30000,
        reader="jina",
        reader_url=service.base,
        render="never",  # the hosted reader alone (the local browser comes first otherwise:
        # tests/browser/test_render.py)
    )
    return attrs.evolve(base, **changes)


def dns() -> FakeResolver:
    return FakeResolver(
        {
            # fetched locally first (loopback test server), then vetted for the reader
            "shell-demo.net": [["127.0.0.1"], [PUBLIC]],
            # vetted for the reader first, then (if the reader fails) fetched locally
            "public-demo.net": [[PUBLIC], ["127.0.0.1"]],
            # an intranet name: fetched locally (trusted), never handed to a reader
            "intranet-demo.net": [["127.0.0.1"]],
        }
    )


async def fetch(cfg: Config, raw: dict[str, object]) -> FetchOutcome:
    async with build(cfg, resolver=dns()) as toolkit:
        return (await toolkit.fetch(raw)).unwrap()[0]


async def test_a_javascript_shell_is_read_by_the_reader(site: Site, reader: ReaderService) -> None:
    url = f"http://shell-demo.net:{site.port}/shell"
    outcome = await fetch(config(reader), {"url": url})
    page = outcome.page
    assert page is not None, outcome.error
    assert page.reader == "jina"
    assert page.content == READER_MARKDOWN and page.title == "Life in the tide pools"
    assert page.notice is not None and "Jina Reader" in page.notice
    assert "needs JavaScript" in page.notice
    assert page.flags == ()
    assert reader.calls == [
        {"kind": "jina", "url": url, "headers": reader.calls[0]["headers"]}
    ]
    headers = reader.calls[0]["headers"]
    assert isinstance(headers, dict)
    assert headers["X-Return-Format"] == "markdown" and "Authorization" not in headers
    assert site.hits["/shell"] == 1
    assert "Read by: jina" in fetch_to_text((outcome,), fence=False)


async def test_the_key_is_sent_when_set(site: Site, reader: ReaderService) -> None:
    url = f"http://shell-demo.net:{site.port}/shell"
    outcome = await fetch(config(reader, reader_api_key="jina_test_key"), {"url": url})
    assert outcome.page is not None and outcome.page.reader == "jina"
    headers = reader.calls[0]["headers"]
    assert isinstance(headers, dict) and headers["Authorization"] == "Bearer jina_test_key"


async def test_a_bot_wall_is_read_by_the_reader(site: Site, reader: ReaderService) -> None:
    outcome = await fetch(config(reader), {"url": f"http://shell-demo.net:{site.port}/cf"})
    assert outcome.page is not None, outcome.error
    assert outcome.page.reader == "jina" and "bot wall" in (outcome.page.notice or "")


async def test_a_failing_reader_leaves_the_challenge_error(
    site: Site, reader: ReaderService
) -> None:
    reader.status = 503
    outcome = await fetch(config(reader), {"url": f"http://shell-demo.net:{site.port}/cf"})
    error = outcome.error
    assert error is not None and error.code is ErrorCode.HTTP_ERROR
    assert error.detail["reason"] == "challenge"
    assert "Jina Reader failed" in error.message


async def test_a_reader_failure_falls_back_to_the_local_result(
    site: Site, reader: ReaderService
) -> None:
    reader.status = 429
    outcome = await fetch(config(reader), {"url": f"http://shell-demo.net:{site.port}/shell"})
    page = outcome.page
    assert page is not None and page.reader is None
    assert page.flags == ("needs_javascript",)
    assert page.notice is not None and "rate-limiting" in page.notice


async def test_a_reader_page_no_longer_than_the_local_one_is_not_used(
    site: Site, reader: ReaderService
) -> None:
    reader.content = "Tide table"
    outcome = await fetch(config(reader), {"url": f"http://shell-demo.net:{site.port}/short"})
    page = outcome.page
    assert page is not None and page.reader is None
    assert "Loading the tide table." in page.content
    assert page.notice is not None and "found no more text" in page.notice


async def test_a_good_page_never_reaches_the_reader(site: Site, reader: ReaderService) -> None:
    outcome = await fetch(config(reader), {"url": f"http://shell-demo.net:{site.port}/article"})
    assert outcome.page is not None and outcome.page.reader is None
    assert reader.calls == []


async def test_prefer_reader_asks_the_reader_first(site: Site, reader: ReaderService) -> None:
    url = f"http://public-demo.net:{site.port}/article"
    outcome = await fetch(config(reader), {"url": url, "prefer_reader": True})
    assert outcome.page is not None and outcome.page.reader == "jina"
    assert "the caller asked" in (outcome.page.notice or "")
    assert site.hits == {}  # not fetched locally at all


async def test_prefer_reader_falls_back_to_local_with_a_notice(
    site: Site, reader: ReaderService
) -> None:
    reader.status = 500
    url = f"http://public-demo.net:{site.port}/article"
    outcome = await fetch(config(reader), {"url": url, "prefer_reader": True})
    page = outcome.page
    assert page is not None and page.reader is None
    assert pages.PARAGRAPHS[0] in page.content
    assert page.notice is not None and "Jina Reader failed" in page.notice


@pytest.mark.parametrize(
    ("host", "why"),
    [("127.0.0.1", "not a public address"), ("intranet-demo.net", "non-public address")],
)
async def test_private_addresses_never_reach_the_reader(
    site: Site, reader: ReaderService, host: str, why: str
) -> None:
    for path in ("/shell", "/article"):
        url = f"http://{host}:{site.port}{path}"
        outcome = await fetch(config(reader), {"url": url, "prefer_reader": True})
        assert outcome.page is not None and outcome.page.reader is None
        assert outcome.page.notice is not None and why in outcome.page.notice
    assert reader.calls == []


async def test_a_url_the_policy_refuses_never_reaches_the_reader(
    site: Site, reader: ReaderService
) -> None:
    cfg = config(reader, domain_blocklist=("public-demo.net",))
    url = f"http://public-demo.net:{site.port}/article"
    outcome = await fetch(cfg, {"url": url, "prefer_reader": True})
    assert outcome.error is not None and outcome.error.code is ErrorCode.BLOCKED_URL
    assert reader.calls == [] and site.hits == {}


async def test_prefer_reader_without_a_reader_says_so(site: Site, reader: ReaderService) -> None:
    cfg = config(reader, reader="none", reader_url=None)
    url = f"http://shell-demo.net:{site.port}/article"
    outcome = await fetch(cfg, {"url": url, "prefer_reader": True})
    assert outcome.page is not None and outcome.page.reader is None
    assert "no hosted reader is configured (WEB_READER)" in (outcome.page.notice or "")


async def test_firecrawl_reads_with_its_key(site: Site, reader: ReaderService) -> None:
    cfg = config(reader, reader="firecrawl", reader_api_key="fc-test")
    outcome = await fetch(cfg, {"url": f"http://shell-demo.net:{site.port}/shell"})
    assert outcome.page is not None and outcome.page.reader == "firecrawl"
    assert reader.calls[0]["formats"] == ["markdown"]
    headers = reader.calls[0]["headers"]
    assert isinstance(headers, dict) and headers["Authorization"] == "Bearer fc-test"


def test_reader_configuration_is_checked() -> None:
    assert from_mapping({"WEB_READER": "jina"}).reader == "jina"
    with pytest.raises(ConfigError, match="WEB_READER"):
        from_mapping({"WEB_READER": "browser"})
    with pytest.raises(ConfigError, match="WEB_READER_API_KEY"):
        from_mapping({"WEB_READER": "firecrawl"})
    assert from_mapping({"WEB_READER": "firecrawl", "WEB_READER_API_KEY": "k"}).reader_api_key
    with pytest.raises(ConfigError, match="WEB_READER_URL"):
        from_mapping({"WEB_READER": "jina", "WEB_READER_URL": "r.jina.ai"})


def test_the_schema_offers_prefer_reader() -> None:
    from webdistill.kernel.schemas import tool_schemas

    fetch_schema = next(s for s in tool_schemas() if s["name"] == "web_fetch")
    assert fetch_schema["parameters"]["properties"]["prefer_reader"]["type"] == "boolean"
