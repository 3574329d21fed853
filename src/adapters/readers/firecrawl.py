"""Firecrawl (`WEB_READER=firecrawl`): POST /v1/scrape, Markdown of the main content back.

Request: `POST {base}/v1/scrape` with JSON `{"url": URL, "formats": ["markdown"],
"onlyMainContent": true}` and `Authorization: Bearer KEY` (the hosted service needs a key; a
self-hosted one set with WEB_READER_URL may not). Answer: `{"success": true, "data":
{"markdown", "metadata": {"title", "sourceURL", "statusCode", ...}}}`; a page that answered
the reader with an error status comes back with `metadata.statusCode` >= 400.
"""

from __future__ import annotations

import json

from returns.result import Failure, Result, Success

from webdistill.adapters.readers.base import ReaderPage, ReaderSettings
from webdistill.adapters.readers.transport import HostedReader, reader_label, status_error
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import own


def parse_firecrawl(
    settings: ReaderSettings, status: int, body: bytes
) -> Result[ReaderPage, WebError]:
    """Firecrawl's answer -> the page, or why not."""
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        value = None
    said = value.get("error") if isinstance(value, dict) else None
    if not 200 <= status < 300:
        return Failure(status_error(settings, status, said if isinstance(said, str) else ""))
    data = value.get("data") if isinstance(value, dict) else None
    markdown = data.get("markdown") if isinstance(data, dict) else None
    if (
        not isinstance(value, dict)
        or value.get("success") is not True
        or not isinstance(markdown, str)
    ):
        return Failure(
            WebError.of(
                ErrorCode.INVALID_BACKEND_DATA,
                own("The hosted reader {} answered without page content.", reader_label(settings)),
                reader=settings.name,
            )
        )
    assert isinstance(data, dict)
    metadata = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    assert isinstance(metadata, dict)
    page_status = metadata.get("statusCode")
    if isinstance(page_status, int) and page_status >= 400:
        return Failure(status_error(settings, page_status, "the page answered the reader so"))
    title = metadata.get("title") or metadata.get("ogTitle")
    return Success(
        ReaderPage(
            content=markdown.strip(), title=title.strip()[:300] if isinstance(title, str) else ""
        )
    )


class FirecrawlReader(HostedReader):
    """Reads a URL through Firecrawl's scrape endpoint."""

    name = "firecrawl"

    async def read(self, url: str) -> Result[ReaderPage, WebError]:
        payload = {"url": url, "formats": ["markdown"], "onlyMainContent": True}
        answer = await self._transport.post("/v1/scrape", payload, page=url)
        if not isinstance(answer, Success):
            return Failure(answer.failure())
        got = answer.unwrap()
        return parse_firecrawl(self._settings, got.status, got.body)
