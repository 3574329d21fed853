"""A fake hosted reader service on 127.0.0.1, answering in Jina's and Firecrawl's shapes.

Jina Reader: `POST /` with `{"url": ...}` -> `{"code": 200, "status": 20000, "data": {"title",
"description", "url", "content", "usage": {"tokens"}}}`; errors as `{"code", "name",
"message", "readableMessage"}` with a non-2xx status. Firecrawl: `POST /v1/scrape` ->
`{"success": true, "data": {"markdown", "metadata": {"title", "sourceURL", "statusCode"}}}`.
Shapes as their API documentation and client libraries describe them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import attrs
from aiohttp import web

from tests.servers import serve

READER_MARKDOWN = (
    "# Life in the tide pools\n\nTide pools are rocky pools on the sea shore, filled with sea "
    "water when the tide goes out.\n\nEach pool is a small world of its own, and the water in "
    "it warms in the sun and cools at night.\n\nWalk softly and turn rocks back the way you "
    "found them."
)


@attrs.define
class ReaderService:
    base: str = ""
    calls: list[dict[str, object]] = attrs.field(factory=list)
    status: int = 200
    content: str = READER_MARKDOWN
    title: str = "Life in the tide pools"


@asynccontextmanager
async def reader_service() -> AsyncIterator[ReaderService]:
    state = ReaderService()

    async def jina(request: web.Request) -> web.Response:
        payload = await request.json()
        state.calls.append({"kind": "jina", "url": payload.get("url"),
                            "headers": dict(request.headers)})  # fmt: skip
        if state.status != 200:
            return web.json_response(
                {"code": state.status, "name": "ServiceError", "status": state.status * 100,
                 "message": "Too many requests", "readableMessage": "Too many requests"},
                status=state.status,
            )  # fmt: skip
        return web.json_response(
            {"code": 200, "status": 20000,
             "data": {"title": state.title, "description": "", "url": payload.get("url"),
                      "content": state.content, "publishedTime": "2026-03-20T08:00:00Z",
                      "usage": {"tokens": 120}}}
        )  # fmt: skip

    async def firecrawl(request: web.Request) -> web.Response:
        payload = await request.json()
        state.calls.append({"kind": "firecrawl", "url": payload.get("url"),
                            "formats": payload.get("formats"),
                            "headers": dict(request.headers)})  # fmt: skip
        if state.status != 200:
            return web.json_response({"success": False, "error": "Unauthorized"},
                                     status=state.status)  # fmt: skip
        return web.json_response(
            {"success": True,
             "data": {"markdown": state.content,
                      "metadata": {"title": state.title, "language": "en",
                                   "sourceURL": payload.get("url"), "statusCode": 200}}}
        )  # fmt: skip

    app = web.Application()
    app.router.add_post("/", jina)
    app.router.add_post("/v1/scrape", firecrawl)
    async with serve(app) as base:
        state.base = base
        yield state
