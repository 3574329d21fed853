"""Serper, Google results (`POST /search`, header `X-API-KEY`).

Snippet = `snippet`; URL = `link`; date = `date` (display text); no score.
`num` is sent as the smallest of 10, 20, 30, 40, 50, 100 that covers the request (the
values Serper's own clients use) and the rows are sliced here; more are paged with `page`
(1-based) until a page brings nothing new (a short page is not the end: answer boxes take
organic slots). `topic: news` uses `/news` (rows under `news`). Per call: `gl` (country), `hl`
(language), `tbs` (time); domain filters become `site:` operators; there is no safe-search
parameter, which the outcome reports. A bad key is 403 `{"message": "Unauthorized."}`;
exhausted credits are a 400 "Not enough credits".
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
from webdistill.adapters.providers.paging import not_applied, page_through, site_operators
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
from webdistill.adapters.providers.transport import fetch_page_rows
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import SearchQuery

INFO = ProviderInfo(name="serper", label="Serper", key_var="SERPER_API_KEY")
BASE = "https://google.serper.dev"
PATH = "/search"
NEWS_PATH = "/news"
PAGE_SIZES = (10, 20, 30, 40, 50, 100)
TIME_RANGES = {"day": "qdr:d", "week": "qdr:w", "month": "qdr:m", "year": "qdr:y"}


def page_size(query: SearchQuery) -> int:
    """`num`: the smallest size Serper's clients use that covers the request."""
    limit = wanted(query)
    return next((size for size in PAGE_SIZES if size >= limit), PAGE_SIZES[-1])


def body_for(query: SearchQuery, page: int = 0) -> dict[str, object]:
    """The JSON request body for page `page` (0-based; Serper counts from 1)."""
    body: dict[str, object] = {"q": site_operators(query), "num": page_size(query)}
    if page:
        body["page"] = page + 1
    if query.time_range is not None:
        body["tbs"] = TIME_RANGES[query.time_range]
    if query.region is not None:
        body["gl"] = query.region
    if query.language is not None:
        body["hl"] = query.language
    return body


def unsupported(query: SearchQuery) -> tuple[str, ...]:
    """What Serper cannot do of `query`."""
    if query.safe_search is None:
        return ()
    return (not_applied(INFO, "safe_search", "Serper has no safe-search parameter"),)


def parse_serper(status: int, headers: Mapping[str, str], body: bytes) -> Result[Rows, WebError]:
    """Rows from a Serper answer, or the error it signals."""
    if status == 400 and "credit" in provider_message(body).lower():
        return Failure(quota_exhausted(INFO, status, provider_message(body)))
    return json_rows(INFO, status, headers, body, "organic", required=False, row=_row)


def parse_serper_news(
    status: int, headers: Mapping[str, str], body: bytes
) -> Result[Rows, WebError]:
    """Rows from a Serper `/news` answer (`news[]`, same fields)."""
    if status == 400 and "credit" in provider_message(body).lower():
        return Failure(quota_exhausted(INFO, status, provider_message(body)))
    return json_rows(INFO, status, headers, body, "news", required=False, row=_row)


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
    """One Serper search, paged (the caller checked that a key is configured)."""
    key = settings.serper_api_key or ""
    news = query.topic == "news"
    url = settings.base_url("serper", BASE) + (NEWS_PATH if news else PATH)

    async def fetch(page: int, left: float) -> Result[Rows, WebError]:
        return await fetch_page_rows(
            session,
            INFO,
            "POST",
            url,
            timeout_s=left,
            headers=settings.api_headers(("X-API-KEY", key)),
            json_body=body_for(query, page),
            parse=parse_serper_news if news else parse_serper,
            secret=key,
        )

    return await page_through(
        INFO,
        fetch,
        want=wanted(query),
        budget=settings.max_requests,
        timeout_s=settings.timeout_s,
        unsupported=unsupported(query),
    )
