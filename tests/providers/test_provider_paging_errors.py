"""Paging stop rules, provider errors and the one retry, each on a real answer shape.

Shapes and their sources:
- Brave: `query.more_results_available` of the Web Search response (Brave Search API
  reference, "Query" model; the `page_age`/`description` result fields as in
  tests/providers/fixtures/brave/success.json); the reference says a page "may be less
  than requested".
- Serper: `organic` rows with an `answerBox` taking a slot (tests/providers/fixtures/serper).
- OpenSERP: the envelope's `pagination{page, has_more, next_start}` (karust/openserp
  `core/response.go` Envelope.Finalize @9f68086: has_more = non-ad rows >= limit,
  next_start = start + limit) and its JSON error body (`core/middleware.go`
  JSONErrorMiddleware: `{"error", "code", "request_id", "message", "meta"}`; 403 `blocked`
  "search engine blocked the request" from `core/server.go` mapSearchError).
- DuckDuckGo: the recorded result page and challenge page in tests/providers/fixtures.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from aiohttp import web

from tests.providers.fake_provider import fixture, settings_for
from tests.servers import serve
from webdistill.adapters.providers.registry import SearchProviders
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.kernel import ErrorCode, SearchQuery


def brave_page(first: int, count: int, more: bool) -> dict[str, object]:
    results = [
        {
            "type": "search_result",
            "title": f"Ferry story {n}",
            "url": f"https://news{n}.example.com/story",
            "description": f"Snippet {n} about electric ferries.",
            "page_age": "2025-11-01T08:00:00",
        }
        for n in range(first, first + count)
    ]
    return {
        "type": "search",
        "query": {"original": "electric ferries", "more_results_available": more},
        "web": {"type": "search", "results": results},
    }


@asynccontextmanager
async def answering(*bodies: tuple[int, object]) -> AsyncIterator[tuple[str, list[web.Request]]]:
    """A server answering its routes with `bodies` in turn (the last one repeats)."""
    seen: list[web.Request] = []

    async def handle(request: web.Request) -> web.Response:
        await request.read()
        seen.append(request)
        status, body = bodies[min(len(seen), len(bodies)) - 1]
        if isinstance(body, bytes):
            return web.Response(status=status, body=body, content_type="text/html")
        return web.json_response(body, status=status)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    async with serve(app) as base:
        yield base, seen


async def search(settings: ProviderSettings, query: SearchQuery):  # type: ignore[no-untyped-def]
    async with SearchProviders(settings) as providers:
        return await providers.search(query)


# --- paging stop rules -------------------------------------------------------------------


async def test_brave_short_page_with_more_is_not_the_end() -> None:
    async with answering((200, brave_page(0, 3, True)), (200, brave_page(3, 4, False))) as (
        base,
        seen,
    ):
        settings = settings_for(
            base, "brave", provider="brave", brave_api_key="BSA-test-key-0123456789"
        )
        batch = (await search(settings, SearchQuery("electric ferries", max_results=20))).unwrap()
    assert [r.query.get("offset") for r in seen] == [None, "1"]
    assert len(batch.rows) == 7


async def test_brave_full_page_with_no_more_is_the_end() -> None:
    async with answering((200, brave_page(0, 5, False)), (200, brave_page(5, 5, True))) as (
        base,
        seen,
    ):
        settings = settings_for(
            base, "brave", provider="brave", brave_api_key="BSA-test-key-0123456789"
        )
        batch = (await search(settings, SearchQuery("electric ferries", max_results=8))).unwrap()
    assert len(seen) == 1 and len(batch.rows) == 5
    assert batch.shortfall == "Brave Search had no more results after 1 request(s)"


def serper_page(first: int, count: int) -> dict[str, object]:
    organic = [
        {"title": f"Ferry {n}", "link": f"https://news{n}.example.com/", "snippet": "s",
         "position": n + 1}
        for n in range(first, first + count)
    ]  # fmt: skip
    return {
        "searchParameters": {"q": "electric ferries", "type": "search"},
        "answerBox": {"title": "Electric ferry", "snippet": "An answer box takes a slot."},
        "organic": organic,
    }


async def test_serper_short_page_is_not_the_end() -> None:
    async with answering((200, serper_page(0, 9)), (200, serper_page(9, 10))) as (base, seen):
        settings = settings_for(
            base, "serper", provider="serper", serper_api_key="serper-test-key-0123456789"
        )
        batch = (await search(settings, SearchQuery("electric ferries", max_results=15))).unwrap()
    assert len(seen) == 2 and len(batch.rows) == 19  # the kernel cuts to 15 after filtering


def openserp_page(start: int, count: int, more: bool, next_start: int) -> dict[str, object]:
    results = [
        {"id": f"s_{n}", "rank": n + 1, "type": "organic", "title": f"Ferry {n}",
         "url": f"https://news{n}.example.com/", "snippet": "s", "engine": "google"}
        for n in range(start, start + count)
    ]  # fmt: skip
    return {
        "query": {"text": "electric ferries", "engines_requested": ["google"]},
        "meta": {"request_id": "r", "took_ms": 9, "engines_failed": [], "version": "2.1"},
        "results": results,
        "pagination": {"page": 1, "has_more": more, "next_start": next_start},
    }


async def test_openserp_has_more_false_is_the_end() -> None:
    async with answering(
        (200, openserp_page(0, 8, False, 20)), (200, openserp_page(20, 8, False, 40))
    ) as (base, seen):
        settings = settings_for(base, provider="openserp", openserp_url=base)
        batch = (await search(settings, SearchQuery("electric ferries", max_results=20))).unwrap()
    assert len(seen) == 1 and len(batch.rows) == 8
    assert batch.shortfall == "OpenSERP had no more results after 1 request(s)"


async def test_openserp_pages_from_next_start_while_has_more() -> None:
    async with answering(
        (200, openserp_page(0, 8, True, 20)),  # short, but OpenSERP says there is more
        (200, openserp_page(20, 8, False, 40)),
    ) as (base, seen):
        settings = settings_for(base, provider="openserp", openserp_url=base)
        batch = (await search(settings, SearchQuery("electric ferries", max_results=20))).unwrap()
    assert [r.query.get("start") for r in seen] == [None, "20"]  # next_start, not 8
    assert len(batch.rows) == 16


# --- errors ------------------------------------------------------------------------------

OPENSERP_BLOCKED = {
    "error": "blocked",
    "code": 403,
    "request_id": "019dc6c1-da45-706e-a57c-d671fa2862ee",
    "message": "search engine blocked the request",
    "meta": {"engine": "google"},
}


async def test_openserp_403_blocked_is_a_rate_limit_not_an_auth_failure() -> None:
    async with answering((403, OPENSERP_BLOCKED)) as (base, _):
        settings = settings_for(base, provider="openserp", openserp_url=base)
        error = (await search(settings, SearchQuery("electric ferries"))).failure()
    assert error.code is ErrorCode.PROVIDER_RATE_LIMITED
    assert "search engine blocked the request" in error.detail["web_text"]  # fenced words


async def test_a_challenge_on_page_two_starts_the_duckduckgo_backoff() -> None:
    async with answering(
        (200, fixture("duckduckgo", "html-real-page1.html")),
        (202, fixture("duckduckgo", "challenge.html")),
    ) as (base, seen):
        settings = settings_for(base, "duckduckgo", provider="duckduckgo", ddg_backoff_s=120.0)
        async with SearchProviders(settings) as providers:
            first = await providers.search(SearchQuery("electric ferries", max_results=10))
            asked = len(seen)
            second = await providers.search(SearchQuery("electric ferries", max_results=10))
    assert first.unwrap().rows  # page 1's rows are kept
    assert asked == 2
    error = second.failure()
    assert error.code is ErrorCode.PROVIDER_RATE_LIMITED and error.detail.get("paced") == "true"
    assert len(seen) == asked  # DuckDuckGo was not asked again during the back-off


# --- one retry on 503 / reset ------------------------------------------------------------

TAVILY_ANSWER = json.loads(fixture("tavily", "success.json"))


async def test_a_503_is_retried_once() -> None:
    async with answering(
        (503, {"detail": {"error": "Service Unavailable"}}), (200, TAVILY_ANSWER)
    ) as (
        base,
        seen,
    ):
        settings = settings_for(
            base, "tavily", provider="tavily", tavily_api_key="tvly-test-key-0123456789"
        )
        batch = (await search(settings, SearchQuery("rust borrow checker"))).unwrap()
    assert len(seen) == 2 and batch.rows


async def test_a_second_503_is_the_answer() -> None:
    async with answering((503, {"detail": {"error": "Service Unavailable"}})) as (base, seen):
        settings = settings_for(
            base, "tavily", provider="tavily", tavily_api_key="tvly-test-key-0123456789"
        )
        error = (await search(settings, SearchQuery("rust borrow checker"))).failure()
    assert len(seen) == 2 and error.code is ErrorCode.PROVIDER_UNAVAILABLE


async def test_a_reset_connection_is_retried_once() -> None:
    """A raw server that drops the first connection without an answer, then answers."""
    body = json.dumps(TAVILY_ANSWER).encode()
    connections = 0

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal connections
        connections += 1
        head = await reader.readuntil(b"\r\n\r\n")
        length = next(
            (int(line.split(b":")[1]) for line in head.split(b"\r\n")
             if line.lower().startswith(b"content-length:")),
            0,
        )  # fmt: skip
        await reader.readexactly(length)
        if connections == 1:
            writer.transport.abort()  # a reset: no answer at all
            return
        writer.write(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        settings = settings_for(
            f"http://127.0.0.1:{port}",
            "tavily",
            provider="tavily",
            tavily_api_key="tvly-test-key-0123456789",
        )
        batch = (await search(settings, SearchQuery("rust borrow checker"))).unwrap()
    finally:
        server.close()
        await server.wait_closed()
    assert connections == 2 and batch.rows
