"""Tavily search (`POST /search`, `Authorization: Bearer tvly-...`).

Snippet = `content`; score = `score` (0-1); date = `published_date` (news topic only).
`max_results` is capped at 20; there is no paging. Per call: `topic` (general/news),
`time_range`, `include_domains` / `exclude_domains` (native), `country` as Tavily's full
lower-case English name (`germany`) for the ISO region, general topic only (Tavily's list in
`value_lists.TAVILY_COUNTRIES`; a region not in it is reported). Tavily has no language or
safe-search parameter: those are reported as not applied. Errors: 401 bad key, 403/432/433
forbidden or plan/pay-as-you-go limit, 429 with `retry-after`, body `{"detail": {"error"}}`.
"""

from __future__ import annotations

from collections.abc import Mapping

import aiohttp
from returns.result import Result

from webdistill.adapters.providers.failures import ProviderInfo
from webdistill.adapters.providers.paging import not_applied, one_request
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
from webdistill.adapters.providers.value_lists import TAVILY_COUNTRIES
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.own_text import OwnText, echo_quoted, own, words

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
        "topic": "news" if query.topic == "news" else "general",
        "include_answer": False,
        "include_raw_content": False,
        "include_images": False,
    }
    if query.time_range is not None:
        body["time_range"] = query.time_range
    if query.include_domains:
        body["include_domains"] = list(query.include_domains)
    if query.exclude_domains:
        body["exclude_domains"] = list(query.exclude_domains)
    country = TAVILY_COUNTRIES.get(query.region or "")
    if country is not None and query.topic != "news":
        body["country"] = country
    return body


def unsupported(query: SearchQuery) -> tuple[OwnText, ...]:
    """What Tavily cannot do of `query`."""
    missing = []
    if query.region is not None and query.region not in TAVILY_COUNTRIES:
        why = own("Tavily lists no country for {}", echo_quoted(query.region.upper()))
        missing.append(not_applied(INFO, "region", why))
    elif query.region is not None and query.topic == "news":
        why = words("Tavily takes a country only with the general topic")
        missing.append(not_applied(INFO, "region", why))
    if query.language is not None:
        missing.append(not_applied(INFO, "language", words("Tavily has no language parameter")))
    if query.safe_search is not None:
        why = words("Tavily has no safe-search parameter")
        missing.append(not_applied(INFO, "safe_search", why))
    return tuple(missing)


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
    answer = await fetch_rows(
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
    return answer.map(lambda got: one_request(INFO, got, query, unsupported(query), MAX_RESULTS))
