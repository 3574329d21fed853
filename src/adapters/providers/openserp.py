"""OpenSERP, a self-hosted SERP API (`GET <OPENSERP_URL>/<engine>/search?text=...`).

No key. Two answer shapes are read: the envelope of current versions (`results[]` with
`title`, `url`, `snippet`, `is_ad`, `type`, and `pagination{has_more, next_start}`) and the
bare list of early versions (`[{rank, url, title, description, ad}]`). Ads are dropped.
Paging: `start` offset (the rows received so far) and `limit` (at most 100); the engine
behind OpenSERP often serves fewer than `limit` a page, so only an empty page means the end.
Per call: `lang` (upper case, e.g. `DE`), `date` (`YYYYMMDD..YYYYMMDD` for the time range),
one include domain as `site`, other domain filters as `site:` operators. Region, safe
search and news are not parameters of OpenSERP: reported. A 503 "captcha found" is
PROVIDER_RATE_LIMITED (the engine behind it blocks).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import aiohttp
import attrs
from returns.result import Failure, Result, Success

from webdistill.adapters.providers.failures import (
    ProviderInfo,
    provider_message,
    rate_limited,
    status_error,
)
from webdistill.adapters.providers.paging import not_applied, page_through, site_operators
from webdistill.adapters.providers.rows import (
    Answer,
    Row,
    Rows,
    decode_json,
    field,
    make_row,
    published_of,
    text_of,
    wanted,
)
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.adapters.providers.transport import fetch_page_rows
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import SearchQuery

INFO = ProviderInfo(name="openserp", label="OpenSERP")
MAX_LIMIT = 100
TIME_RANGES = {
    "day": timedelta(days=1),
    "week": timedelta(days=7),
    "month": timedelta(days=31),
    "year": timedelta(days=365),
}


def endpoint(settings: ProviderSettings) -> str:
    """`<OPENSERP_URL>/<engine>/search`."""
    base = settings.base_urls.get("openserp") or settings.openserp_url or ""
    return f"{base.rstrip('/')}/{settings.openserp_engine}/search"


def params_for(
    query: SearchQuery, start: int, limit: int, now: datetime | None = None
) -> dict[str, str]:
    """Query parameters for the page starting at `start`; `now` fixes the clock (tests)."""
    single_site = len(query.include_domains) == 1
    text = site_operators(attrs.evolve(query, include_domains=())) if single_site else None
    params = {"text": text or site_operators(query), "limit": str(limit)}
    if single_site:
        params["site"] = query.include_domains[0]
    if start:
        params["start"] = str(start)
    if query.language is not None:
        params["lang"] = query.language.split("-", 1)[0].upper()
    if query.time_range is not None:
        today = now or datetime.now(UTC)
        since = today - TIME_RANGES[query.time_range]
        params["date"] = f"{since:%Y%m%d}..{today:%Y%m%d}"
    return params


def unsupported(query: SearchQuery) -> tuple[str, ...]:
    """What OpenSERP cannot do of `query`."""
    missing = []
    if query.region is not None:
        missing.append(not_applied(INFO, "region", "OpenSERP has no country parameter"))
    if query.safe_search is not None:
        missing.append(not_applied(INFO, "safe_search", "OpenSERP has no safe-search parameter"))
    if query.topic == "news":
        missing.append(not_applied(INFO, "topic", "OpenSERP has no news search"))
    return tuple(missing)


def parse_openserp(status: int, headers: Mapping[str, str], body: bytes) -> Result[Rows, WebError]:
    """Rows from an OpenSERP answer (either shape), or the error it signals."""
    if status == 503 and "captcha" in provider_message(body).lower():
        return Failure(rate_limited(INFO, status, provider_message(body), None))
    error = status_error(INFO, status, headers, body)
    if error is not None:
        return Failure(error)
    payload = decode_json(body, INFO.label)
    if not isinstance(payload, Success):
        return Failure(payload.failure())
    data = payload.unwrap()
    items = data if isinstance(data, list) else field(data, "results")
    if items is None:
        items = []
    if not isinstance(items, list):
        return Failure(
            WebError.of(
                ErrorCode.INVALID_BACKEND_DATA,
                "OpenSERP answered JSON without a result list; check OPENSERP_URL and the "
                "server's version.",
                provider=INFO.name,
            )
        )
    return Success(tuple(_row(item) for item in items if not _is_ad(item)))


def _is_ad(item: object) -> bool:
    kind = text_of(field(item, "type"))
    return field(item, "is_ad") is True or field(item, "ad") is True or kind in ("ad", "ads")


def _row(item: object) -> Row:
    snippet = text_of(field(item, "snippet")) or text_of(field(item, "description"))
    return make_row(
        title=text_of(field(item, "title")),
        url=text_of(field(item, "url")),
        snippet=snippet,
        published=published_of(field(item, "date")),
    )


async def search_openserp(
    session: aiohttp.ClientSession, settings: ProviderSettings, query: SearchQuery
) -> Result[Answer, WebError]:
    """One OpenSERP search, paged with `start` (the caller checked OPENSERP_URL is set)."""
    url = endpoint(settings)
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    limit = min(wanted(query), MAX_LIMIT)
    received = [0]  # the next page starts after the rows received so far

    async def fetch(page: int, left: float) -> Result[Rows, WebError]:
        got = await fetch_page_rows(
            session,
            INFO,
            "GET",
            url,
            timeout_s=left,
            headers={"Accept": "application/json", "User-Agent": settings.api_user_agent()},
            params=params_for(query, received[0], limit),
            parse=parse_openserp,
            secret=password,
        )
        received[0] += len(got.value_or(()))
        return got

    return await page_through(
        INFO,
        fetch,
        want=wanted(query),
        budget=settings.max_requests,
        page_size=None,  # engines behind OpenSERP serve fewer than `limit` per page
        timeout_s=settings.timeout_s,
        unsupported=unsupported(query),
    )
