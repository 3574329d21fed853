"""Jina Reader (`WEB_READER=jina`): POST {"url": ...} to r.jina.ai, Markdown back as JSON.

Request: `POST {base}/` with JSON `{"url": URL}`, headers `Accept: application/json`,
`X-Return-Format: markdown`, and `Authorization: Bearer KEY` when a key is set (the key is
optional: without one the service allows fewer requests per minute). Answer:
`{"code": 200, "status": 20000, "data": {"title", "url", "content", "publishedTime"?, ...}}`;
errors come as non-2xx with `{"code", "name", "message"|"readableMessage"}`.
"""

from __future__ import annotations

import json

from returns.result import Failure, Result, Success

from webdistill.adapters.readers.base import ReaderPage, ReaderSettings
from webdistill.adapters.readers.transport import HostedReader, reader_label, status_error
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import own


def _said(value: object) -> str:
    if isinstance(value, dict):
        for key in ("readableMessage", "message", "error"):
            said = value.get(key)
            if isinstance(said, str):
                return said
    return ""


def parse_jina(settings: ReaderSettings, status: int, body: bytes) -> Result[ReaderPage, WebError]:
    """Jina's answer -> the page, or why not."""
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        value = None
    if not 200 <= status < 300:
        return Failure(status_error(settings, status, _said(value)))
    data = value.get("data") if isinstance(value, dict) else None
    content = data.get("content") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(content, str):
        return Failure(
            WebError.of(
                ErrorCode.INVALID_BACKEND_DATA,
                own("The hosted reader {} answered without page content.", reader_label(settings)),
                reader=settings.name,
            )
        )
    title = data.get("title")
    published = data.get("publishedTime")
    return Success(
        ReaderPage(
            content=content.strip(),
            title=title.strip()[:300] if isinstance(title, str) else "",
            published=published if isinstance(published, str) and published else None,
        )
    )


class JinaReader(HostedReader):
    """Reads a URL through Jina Reader."""

    name = "jina"

    async def read(self, url: str) -> Result[ReaderPage, WebError]:
        answer = await self._transport.post(
            "/", {"url": url}, {"X-Return-Format": "markdown"}, page=url
        )
        if not isinstance(answer, Success):
            return Failure(answer.failure())
        got = answer.unwrap()
        return parse_jina(self._settings, got.status, got.body)
