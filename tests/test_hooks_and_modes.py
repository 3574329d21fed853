"""Hooks and modes through `webdistill.build`: caller handlers and providers, raw bodies,
the page excerpt, per-call timeouts. Pages are served on 127.0.0.1 (the config trusts it)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import attrs
import pytest
from aiohttp import web
from returns.result import Failure, Success

import webdistill
from tests.servers import serve
from webdistill import Config, ErrorCode, SearchQuery, WebError, build

#: A page head in the common shape (charset, viewport, description, Open Graph tags).
PAGE = b"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rock pools | Shore Notes</title>
<meta name="description" content="How rock pools form, what lives in them, and how to visit
 them without harm.">
<meta property="og:description" content="A field guide to rock pools.">
</head><body><nav><a href="/">Home</a></nav><main><h1>Rock pools</h1>
<p>Rock pools form where the falling tide leaves sea water caught among the rocks, and many
small animals live out the dry hours in them until the sea comes back.</p>
<p>Sea anemones close up, crabs hide under weed, and small fish wait in the shade for the next
tide to carry them out again; the pools warm and cool with the sun.</p>
<!-- the cms puts a comment here --><script>var tracking = 1;</script>
</main></body></html>"""


def site_app() -> web.Application:
    async def page(request: web.Request) -> web.Response:
        return web.Response(body=PAGE, content_type="text/html", charset="utf-8")

    async def slow(request: web.Request) -> web.Response:
        await asyncio.sleep(3)
        return web.Response(text="late")

    async def picture(request: web.Request) -> web.Response:
        return web.Response(body=b"\x89PNG\r\n\x1a\n" + bytes(200), content_type="image/png")

    async def vcard(request: web.Request) -> web.Response:
        body = (
            "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada Shore\r\n"
            "EMAIL:ada@shore.example\r\nEND:VCARD\r\n"
        )
        return web.Response(text=body, content_type="text/vcard")

    app = web.Application()
    app.router.add_get("/page", page)
    app.router.add_get("/slow", slow)
    app.router.add_get("/picture.png", picture)
    app.router.add_get("/card.vcf", vcard)
    return app


@pytest.fixture
async def site() -> AsyncIterator[str]:
    async with serve(site_app()) as base:
        yield base


def config(**changes: object) -> Config:
    base = Config(allow_http=True, trusted_addresses=("127.0.0.1",), search_provider="none")
    return attrs.evolve(base, **changes)


async def test_raw_mode_gives_the_body_as_text_cut_and_marked(site: str) -> None:
    async with build(config()) as toolkit:
        raw_args = {"url": f"{site}/page", "extract_mode": "raw", "max_chars": 400}
        pages = await toolkit.fetch(raw_args)
        again = await toolkit.fetch({"url": f"{site}/page"})
        binary = await toolkit.fetch({"url": f"{site}/picture.png", "extract_mode": "raw"})
    (outcome,) = pages.unwrap()
    assert outcome.page is not None, outcome.error
    raw = outcome.page
    assert raw.content.startswith("<!DOCTYPE html>") and len(raw.content) <= 400
    assert raw.truncated and raw.next_start is not None and raw.total_chars == len(PAGE)
    assert raw.content_type == "text/html" and "raw body" in (raw.notice or "")
    (extracted,) = again.unwrap()  # the cache keeps the two modes apart
    assert extracted.page is not None and "<main>" not in extracted.page.content
    (refused,) = binary.unwrap()
    assert refused.error is not None and refused.error.code is ErrorCode.UNSUPPORTED_CONTENT


async def test_raw_content_is_fenced_for_models(site: str) -> None:
    from webdistill.doors.render import FENCE_CLOSE, FENCE_OPEN, fetch_to_text

    async with build(config()) as toolkit:
        pages = (await toolkit.fetch({"url": f"{site}/page", "extract_mode": "raw"})).unwrap()
    text = fetch_to_text(pages, fence=True)
    assert text.index(FENCE_OPEN) < text.index("<!DOCTYPE html>") < text.index(FENCE_CLOSE)


async def test_the_page_carries_its_meta_description_as_excerpt(site: str) -> None:
    from webdistill.doors.render import fetch_to_text

    async with build(config()) as toolkit:
        (outcome,) = (await toolkit.fetch({"url": f"{site}/page"})).unwrap()
    assert outcome.page is not None
    assert outcome.page.excerpt == (
        "How rock pools form, what lives in them, and how to visit them without harm."
    )
    assert "Excerpt: How rock pools form" in fetch_to_text((outcome,), fence=False)
    assert webdistill.extract_html(PAGE).excerpt == outcome.page.excerpt


async def test_timeout_ms_shortens_one_call_but_not_beyond_the_limit(site: str) -> None:
    async with build(config(fetch_timeout_ms=20_000)) as toolkit:
        (slow,) = (await toolkit.fetch({"url": f"{site}/slow", "timeout_ms": 300})).unwrap()
    assert slow.error is not None and slow.error.code is ErrorCode.TIMEOUT
    assert "0.3 s" in slow.error.message
    async with build(config(fetch_timeout_ms=300)) as toolkit:
        (capped,) = (await toolkit.fetch({"url": f"{site}/slow", "timeout_ms": 600_000})).unwrap()
    assert capped.error is not None and "0.3 s" in capped.error.message


async def test_a_caller_handler_reads_a_type_first(site: str) -> None:
    def read_vcard(request: webdistill.ReadRequest) -> Success[webdistill.Document]:
        fields = dict(
            line.split(":", 1) for line in request.body.decode().splitlines() if ":" in line
        )
        markdown = f"Email: {fields['EMAIL']}"
        return Success(webdistill.Document(title=fields["FN"], markdown=markdown))

    handler = webdistill.Handler("vcard", ("text/vcard",), read_vcard)
    async with build(config(), handlers=[handler]) as toolkit:
        (card,) = (await toolkit.fetch({"url": f"{site}/card.vcf"})).unwrap()
        (page,) = (await toolkit.fetch({"url": f"{site}/page"})).unwrap()
    assert card.page is not None and card.page.title == "Ada Shore"
    assert card.page.content == "Email: ada@shore.example"
    assert page.page is not None and "Rock pools form" in page.page.content  # built-ins remain


class Intranet:
    def __init__(self, answer: object) -> None:
        self.answer = answer
        self.asked: list[SearchQuery] = []

    async def search(self, query: SearchQuery) -> object:
        self.asked.append(query)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


async def test_caller_providers_answer_before_the_configured_ones() -> None:
    rows = [{"title": "Pool rota", "url": "https://wiki.tideguide.org/rota?utm_source=x"}]
    first = Intranet(Success(rows))
    async with build(config(), providers={"intranet": first}) as toolkit:
        (outcome,) = (await toolkit.search({"query": "rota", "max_results": 3})).unwrap()
    assert outcome.provider == "intranet"
    assert [hit.url for hit in outcome.hits] == ["https://wiki.tideguide.org/rota"]
    assert first.asked[0].max_results == 3


async def test_a_failing_caller_provider_hands_over_and_says_why() -> None:
    down = Intranet(Failure(WebError.of(ErrorCode.PROVIDER_UNAVAILABLE, "wiki is down")))
    broken = Intranet(RuntimeError("bug"))
    backup = Intranet(Success([{"title": "Backup", "url": "https://backup.tideguide.org/"}]))
    providers = {"wiki": down, "broken": broken, "backup": backup}
    async with build(config(), providers=providers) as toolkit:
        (outcome,) = (await toolkit.search({"query": "rota"})).unwrap()
    assert outcome.provider == "backup" and outcome.hits[0].title == "Backup"
    assert outcome.skipped[0].startswith("wiki: PROVIDER_UNAVAILABLE")
    assert outcome.skipped[1].startswith("broken: PROVIDER_UNAVAILABLE")
    refused = Intranet(Failure(WebError.of(ErrorCode.PROVIDER_AUTH_FAILED, "bad key")))
    async with build(config(), providers={"wiki": refused}) as toolkit:
        (outcome,) = (await toolkit.search({"query": "rota"})).unwrap()
    assert outcome.error is not None and outcome.error.code is ErrorCode.PROVIDER_AUTH_FAILED
