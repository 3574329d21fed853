"""Tavily search (`POST /search`, `Authorization: Bearer tvly-...`).

Snippet = `content`; score = `score` (0-1); date = `published_date` (news topic only).
`max_results` is capped at 20; there is no paging. Errors: 401 bad key, 403/432/433
forbidden or plan/pay-as-you-go limit, 429 with `retry-after`, body `{"detail": {"error"}}`.
"""

from __future__ import annotations

from collections.abc import Mapping

import aiohttp
from returns.result import Result

from webdistill.adapters.providers.failures import ProviderInfo
from webdistill.adapters.providers.rows import (
    Answer,
    Row,
    Rows,
    field,
    json_rows,
    make_row,
    published_of,
    score_of,
    text_of,
    wanted,
)
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.adapters.providers.transport import fetch_rows
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import SearchQuery

INFO = ProviderInfo(name="tavily", label="Tavily", key_var="TAVILY_API_KEY")
BASE = "https://api.tavily.com"
PATH = "/search"
MAX_RESULTS = 20


def body_for(query: SearchQuery) -> dict[str, object]:
    """The JSON request body (Tavily's `time_range` takes our values as they are)."""
    body: dict[str, object] = {
        "query": query.query,
        "max_results": min(wanted(query), MAX_RESULTS),
        "search_depth": "basic",
        "topic": "general",
        "include_answer": False,
        "include_raw_content": False,
        "include_images": False,
    }
    if query.time_range is not None:
        body["time_range"] = query.time_range
    return body


def parse_tavily(status: int, headers: Mapping[str, str], body: bytes) -> Result[Rows, WebError]:
    """Rows from a Tavily answer, or the error it signals."""
    return json_rows(INFO, status, headers, body, "results", required=False, row=_row)


def _row(item: object) -> Row:
    return make_row(
        title=text_of(field(item, "title")),
        url=text_of(field(item, "url")),
        snippet=text_of(field(item, "content")),
        score=score_of(field(item, "score")),
        published=published_of(field(item, "published_date")),
    )


async def search_tavily(
    session: aiohttp.ClientSession, settings: ProviderSettings, query: SearchQuery
) -> Result[Answer, WebError]:
    """One Tavily search (the caller checked that a key is configured)."""
    key = settings.tavily_api_key or ""
    return await fetch_rows(
        session,
        INFO,
        "POST",
        settings.base_url("tavily", BASE) + PATH,
        timeout_s=settings.timeout_s,
        headers=settings.api_headers(("Authorization", f"Bearer {key}")),
        json_body=body_for(query),
        parse=parse_tavily,
        limit=wanted(query),
        secret=key,
    )
