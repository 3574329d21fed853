"""A provider server that pages: each provider's real answer shape, page by page.

Every provider's route computes the page asked for from the request the way that provider
reads it (Brave `offset` x `count`, Serper `page`/`num`, SearXNG `pageno`, DuckDuckGo's
next-page form `s`), answers that slice of a fixed pool of hits in the provider's shape
(Brave `web.results` / news `results`, Serper `organic` / `news`, SearXNG `results`,
Tavily and Exa `results`) and records the request, so tests can count requests and read
the parameters. The pool mixes hits on `example.com` and on `other.org`, so a domain filter
has something to remove. `DuckDuckGo` serves the recorded-shape fixtures page by page.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import parse_qs

import attrs
from aiohttp import web

from tests.providers.fake_provider import fixture
from tests.servers import serve


def pool(size: int) -> list[dict[str, str]]:
    """`size` hits; every third one is on other.org."""
    hits = []
    for i in range(size):
        host = "other.org" if i % 3 == 2 else f"news{i}.example.com"
        hits.append(
            {
                "title": f"Ferry story {i}",
                "url": f"https://{host}/story-{i}",
                "snippet": f"Snippet {i} about electric ferries.",
                "date": f"2025-11-{1 + i % 28:02d}",
            }
        )
    return hits


@attrs.define
class Request:
    path: str
    query: dict[str, str]
    body: object


@attrs.define
class PagingServer:
    """Serves `total` hits per provider, page by page; `seen` records every request."""

    total: int = 24
    seen: list[Request] = attrs.field(factory=list)

    def _slice(self, start: int, count: int) -> list[dict[str, str]]:
        return pool(self.total)[start : start + count]

    async def brave(self, request: web.Request) -> web.Response:
        count, offset = int(request.query.get("count", "20")), int(request.query.get("offset", "0"))
        self._record(request, None)
        items = [
            {
                "type": "news_result" if "news" in request.path else "search_result",
                "title": hit["title"],
                "url": hit["url"],
                "description": hit["snippet"],
                "page_age": hit["date"] + "T08:00:00",
                "meta_url": {"scheme": "https", "hostname": hit["url"].split("/")[2]},
            }
            for hit in self._slice(offset * count, count)
        ]
        more = (offset + 1) * count < self.total
        query = {"original": request.query.get("q"), "more_results_available": more}
        if "news" in request.path:
            return web.json_response({"type": "news", "query": query, "results": items})
        return web.json_response(
            {"type": "search", "query": query, "web": {"type": "search", "results": items}}
        )

    async def serper(self, request: web.Request) -> web.Response:
        body = await request.json()
        self._record(request, body)
        num, page = int(body.get("num", 10)), int(body.get("page", 1))
        key = "news" if request.path.endswith("/news") else "organic"
        items = [
            {
                "title": hit["title"],
                "link": hit["url"],
                "snippet": hit["snippet"],
                "date": hit["date"],
                "position": (page - 1) * num + n + 1,
                **({"source": "Ferry News"} if key == "news" else {}),
            }
            for n, hit in enumerate(self._slice((page - 1) * num, num))
        ]
        params = {"q": body.get("q"), "type": "news" if key == "news" else "search", "page": page}
        return web.json_response({"searchParameters": params, key: items, "credits": 1})

    async def searxng(self, request: web.Request) -> web.Response:
        self._record(request, None)
        page = int(request.query.get("pageno", "1"))
        items = [
            {
                "url": hit["url"],
                "title": hit["title"],
                "content": hit["snippet"],
                "publishedDate": hit["date"] + "T00:00:00",
                "engine": "bing news",
                "engines": ["bing news"],
                "score": 1.0,
                "category": request.query.get("categories", "general"),
            }
            for hit in self._slice((page - 1) * 10, 10)
        ]
        return web.json_response(
            {
                "query": request.query.get("q"),
                "results": items,
                "answers": [],
                "corrections": [],
                "infoboxes": [],
                "suggestions": [],
                "unresponsive_engines": [],
            }
        )

    async def keyed_json(self, request: web.Request) -> web.Response:
        """Tavily and Exa: one request, `max_results` / `numResults` rows."""
        body = await request.json()
        self._record(request, body)
        count = int(body.get("max_results") or body.get("numResults") or 10)
        rows = [
            {
                "title": hit["title"],
                "url": hit["url"],
                "content": hit["snippet"],
                "highlights": [hit["snippet"]],
                "score": 0.9,
                "published_date": hit["date"],
                "publishedDate": hit["date"] + "T00:00:00.000Z",
            }
            for hit in self._slice(0, min(count, self.total))
        ]
        return web.json_response({"requestId": "r1", "query": body.get("query"), "results": rows})

    async def openserp(self, request: web.Request) -> web.Response:
        """The envelope of current OpenSERP versions (README "Search Response Example")."""
        self._record(request, None)
        start, limit = int(request.query.get("start", "0")), int(request.query.get("limit", "10"))
        page = self._slice(start, min(limit, 25))  # like Google behind it: 25 at most
        results: list[dict[str, object]] = []
        if start == 0:  # an ad at the top of the first page
            results.append(
                {"rank": 0, "type": "ad", "title": "Buy ferries", "url": "https://ads.example.net/",
                 "snippet": "Sponsored", "is_ad": True}
            )  # fmt: skip
        for n, hit in enumerate(page):
            results.append(
                {
                    "id": f"s_{start + n}",
                    "rank": start + n + 1,
                    "type": "organic",
                    "title": hit["title"],
                    "url": hit["url"],
                    "display_url": hit["url"].split("/")[2],
                    "snippet": hit["snippet"],
                    "domain": hit["url"].split("/")[2],
                    "is_ad": False,
                    "position": {"absolute": start + n + 1, "page": 1 + start // 10},
                    "engine": "google",
                }
            )
        # karust/openserp core/response.go Envelope.Finalize @9f68086: has_more is "non-ad
        # rows >= limit", next_start is start + limit.
        more = len(page) >= limit
        return web.json_response(
            {
                "query": {"text": request.query.get("text"), "engines_requested": ["google"]},
                "meta": {"request_id": "r", "took_ms": 12, "engines_failed": [], "version": "1.0"},
                "results": results,
                "pagination": {
                    "page": 1 + start // 10,
                    "has_more": more,
                    "next_start": start + limit,
                },
            }
        )

    async def duckduckgo(self, request: web.Request) -> web.Response:
        form = {k: v[0] for k, v in parse_qs((await request.read()).decode()).items()}
        self._record(request, form)
        page = {"10": 2, "25": 3}.get(form.get("s", ""), 1)
        return web.Response(
            body=fixture("duckduckgo", f"html-real-page{page}.html"),
            content_type="text/html",
            charset="utf-8",
        )

    def _record(self, request: web.Request, body: object) -> None:
        self.seen.append(Request(request.path, dict(request.query), body))

    @asynccontextmanager
    async def running(self) -> AsyncIterator[str]:
        app = web.Application()
        app.router.add_get("/res/v1/web/search", self.brave)
        app.router.add_get("/res/v1/news/search", self.brave)
        app.router.add_post("/serper/search", self.serper)
        app.router.add_post("/serper/news", self.serper)
        app.router.add_get("/searxng/search", self.searxng)
        app.router.add_post("/tavily/search", self.keyed_json)
        app.router.add_post("/exa/search", self.keyed_json)
        app.router.add_post("/html/", self.duckduckgo)
        app.router.add_get("/openserp/google/search", self.openserp)
        async with serve(app) as base:
            yield base


def describe(request: Request) -> str:
    """One request as the note shows it."""
    shown = request.body if request.body is not None else request.query
    return f"{request.path} {json.dumps(shown, sort_keys=True)}"
