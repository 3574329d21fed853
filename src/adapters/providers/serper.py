"""Serper, Google results (`POST /search`, header `X-API-KEY`).

Snippet = `snippet`; URL = `link`; date = `date` (display text); no score.
`num` is sent as the smallest of 10, 20, 30, 40, 50, 100 that covers the request (the
values Serper's own clients use) and the rows are sliced here. A bad key is 403
`{"message": "Unauthorized."}`; exhausted credits are a 400 "Not enough credits".
"""

from __future__ import annotations

from collections.abc import Mapping

import aiohttp
from returns.result import Failure, Result

from webdistill.adapters.providers.failures import (
    ProviderInfo,
    provider_message,
    quota_exhausted,
)
from webdistill.adapters.providers.rows import (
    Answer,
    Row,
    Rows,
    field,
    json_rows,
    make_row,
    published_of,
    text_of,
    wanted,
)
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.adapters.providers.transport import fetch_rows
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import SearchQuery

INFO = ProviderInfo(name="serper", label="Serper", key_var="SERPER_API_KEY")
BASE = "https://google.serper.dev"
PATH = "/search"
PAGE_SIZES = (10, 20, 30, 40, 50, 100)
TIME_RANGES = {"day": "qdr:d", "week": "qdr:w", "month": "qdr:m", "year": "qdr:y"}


def body_for(query: SearchQuery) -> dict[str, object]:
    """The JSON request body."""
    limit = wanted(query)
    body: dict[str, object] = {
        "q": query.query,
        "num": next((size for size in PAGE_SIZES if size >= limit), PAGE_SIZES[-1]),
    }
    if query.time_range is not None:
        body["tbs"] = TIME_RANGES[query.time_range]
    return body


def parse_serper(status: int, headers: Mapping[str, str], body: bytes) -> Result[Rows, WebError]:
    """Rows from a Serper answer, or the error it signals."""
    if status == 400 and "credit" in provider_message(body).lower():
        return Failure(quota_exhausted(INFO, status, provider_message(body)))
    return json_rows(INFO, status, headers, body, "organic", required=False, row=_row)


def _row(item: object) -> Row:
    return make_row(
        title=text_of(field(item, "title")),
        url=text_of(field(item, "link")),
        snippet=text_of(field(item, "snippet")),
        published=published_of(field(item, "date")),
    )


async def search_serper(
    session: aiohttp.ClientSession, settings: ProviderSettings, query: SearchQuery
) -> Result[Answer, WebError]:
    """One Serper search (the caller checked that a key is configured)."""
    key = settings.serper_api_key or ""
    return await fetch_rows(
        session,
        INFO,
        "POST",
        settings.base_url("serper", BASE) + PATH,
        timeout_s=settings.timeout_s,
        headers=settings.api_headers(("X-API-KEY", key)),
        json_body=body_for(query),
        parse=parse_serper,
        limit=wanted(query),
        secret=key,
    )
