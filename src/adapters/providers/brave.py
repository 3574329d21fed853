"""Brave Search API (`GET /res/v1/web/search`, header `X-Subscription-Token`).

Snippet = `description` (requested without `<strong>` decorations; tags are stripped anyway).
Date = `page_age`, else `age`. No score. At most 20 results per request.
Brave signals a bad key with 422 `SUBSCRIPTION_TOKEN_INVALID` (and a missing key with a 422
validation error on the header), and gives no `Retry-After` on 429: the wait comes from
`X-RateLimit-Reset` (per-second window first, monthly second).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import aiohttp
from returns.result import Failure, Result

from webdistill.adapters.providers.failures import (
    ProviderInfo,
    auth_error,
    header,
    provider_message,
    rate_limited,
    rejected,
    retry_after_seconds,
)
from webdistill.adapters.providers.rows import (
    Answer,
    Row,
    Rows,
    field,
    json_rows,
    make_row,
    plain_text_of,
    published_of,
    text_of,
    wanted,
)
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.adapters.providers.transport import fetch_rows
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import SearchQuery

INFO = ProviderInfo(name="brave", label="Brave Search", key_var="BRAVE_API_KEY")
BASE = "https://api.search.brave.com"
PATH = "/res/v1/web/search"
MAX_COUNT = 20
TIME_RANGES = {"day": "pd", "week": "pw", "month": "pm", "year": "py"}

_AUTH_CODES = frozenset({"SUBSCRIPTION_TOKEN_INVALID", "SUBSCRIPTION_NOT_FOUND"})


def params_for(query: SearchQuery) -> dict[str, str]:
    """Query parameters for one search."""
    params = {
        "q": query.query,
        "count": str(min(wanted(query), MAX_COUNT)),
        "text_decorations": "false",
    }
    if query.time_range is not None:
        params["freshness"] = TIME_RANGES[query.time_range]
    return params


def parse_brave(status: int, headers: Mapping[str, str], body: bytes) -> Result[Rows, WebError]:
    """Rows from a Brave answer, or the error it signals."""
    if status in (404, 422, 429):
        return Failure(_known_error(status, headers, body))
    return json_rows(INFO, status, headers, body, "web", "results", required=False, row=_row)


def _row(item: object) -> Row:
    published = published_of(field(item, "page_age")) or published_of(field(item, "age"))
    return make_row(
        title=plain_text_of(field(item, "title")),
        url=text_of(field(item, "url")),
        snippet=plain_text_of(field(item, "description")),
        published=published,
    )


def _known_error(status: int, headers: Mapping[str, str], body: bytes) -> WebError:
    said = provider_message(body)
    error = _error_object(body)
    code = text_of(field(error, "code"))
    if status == 429:
        return rate_limited(INFO, status, said, _retry_after(headers))
    if code in _AUTH_CODES or _about_token(error):
        return auth_error(INFO, status, said)
    return rejected(INFO, status, said)


def _error_object(body: bytes) -> object:
    """Brave's `error` object, or the first of the `errors` array the reference shows."""
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):
        return None
    error = field(payload, "error")
    if isinstance(error, dict):
        return error
    errors = field(payload, "errors")
    return errors[0] if isinstance(errors, list) and errors else None


def _about_token(error: object) -> bool:
    meta = field(error, "meta")
    if text_of(field(meta, "component")) == "authentication":
        return True
    problems = field(meta, "errors")
    if not isinstance(problems, list):
        return False
    for problem in problems:
        location = field(problem, "loc")
        if isinstance(location, list) and any(
            isinstance(part, str) and part.lower() == "x-subscription-token" for part in location
        ):
            return True
    return False


def _retry_after(headers: Mapping[str, str]) -> int | None:
    """`Retry-After` if sent, else the reset time of the exhausted `X-RateLimit` window."""
    explicit = retry_after_seconds(headers)
    if explicit is not None:
        return explicit
    resets = _numbers(header(headers, "x-ratelimit-reset"))
    if not resets:
        return None
    remaining = _numbers(header(headers, "x-ratelimit-remaining"))
    for index, left in enumerate(remaining):
        if left == 0 and index < len(resets):
            return resets[index]
    return resets[0]


def _numbers(value: str | None) -> list[int]:
    numbers: list[int] = []
    for part in (value or "").split(","):
        digits = part.strip()
        if digits.isdigit():
            numbers.append(int(digits))
    return numbers


async def search_brave(
    session: aiohttp.ClientSession, settings: ProviderSettings, query: SearchQuery
) -> Result[Answer, WebError]:
    """One Brave search (the caller checked that a key is configured)."""
    key = settings.brave_api_key or ""
    return await fetch_rows(
        session,
        INFO,
        "GET",
        settings.base_url("brave", BASE) + PATH,
        timeout_s=settings.timeout_s,
        headers=settings.api_headers(("X-Subscription-Token", key)),
        params=params_for(query),
        parse=parse_brave,
        limit=wanted(query),
        secret=key,
    )
