"""DuckDuckGo search without a key: the HTML endpoint, falling back to the lite endpoint.

Both are POSTed forms as a browser would send them (browser User-Agent, Referer,
Sec-Fetch-* headers). Page 1 only (about 10 results): later pages need a `vqd` token that
DuckDuckGo ties to the query and client, so more results are not requested.
The lite endpoint is tried, within what is left of the search timeout, when the HTML one
fails other than by timing out; if the HTML endpoint was blocked and lite answers "no
results", the block is reported, not an empty list (lite is unlikely to be unblocked when
HTML is not).
"""

from __future__ import annotations

import time

import aiohttp
import attrs
from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from webdistill.adapters.providers.duckduckgo_parse import (
    INFO,
    parse_duckduckgo_html,
    parse_duckduckgo_lite,
)
from webdistill.adapters.providers.rows import Answer, wanted
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.adapters.providers.transport import exchange
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import SearchQuery

HTML_BASE = "https://html.duckduckgo.com"
LITE_BASE = "https://lite.duckduckgo.com"

#: DuckDuckGo's `df` form field per time range.
TIME_RANGES = {"day": "d", "week": "w", "month": "m", "year": "y"}


def form_for(query: SearchQuery, *, html: bool) -> dict[str, str]:
    """The first-page form fields."""
    form = {"q": query.query, "kl": "wt-wt"}
    if html:
        form["b"] = ""
    if query.time_range is not None:
        form["df"] = TIME_RANGES[query.time_range]
    return form


def headers_for(settings: ProviderSettings, base: str) -> dict[str, str]:
    """Headers a browser sends when submitting DuckDuckGo's search form."""
    return {
        "User-Agent": settings.browser_user_agent(),
        "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
        "Accept-Language": "en-US,en;q=0.9",
        "Referer": base + "/",
        "Origin": base,
        "Sec-Fetch-Dest": "document",
        "Sec-Fetch-Mode": "navigate",
        "Sec-Fetch-Site": "same-origin",
        "Sec-Fetch-User": "?1",
    }


async def search_duckduckgo(
    session: aiohttp.ClientSession, settings: ProviderSettings, query: SearchQuery
) -> Result[Answer, WebError]:
    """Search DuckDuckGo: HTML endpoint first, lite endpoint as the fallback."""
    limit = wanted(query)
    started = time.monotonic()
    first = await _one(session, settings, query, html=True)
    if is_successful(first):
        return Success(Answer(rows=first.unwrap()[:limit]))
    html_error = first.failure()
    left = settings.timeout_s - (time.monotonic() - started)
    if html_error.code == ErrorCode.TIMEOUT or left <= 0:
        return Failure(html_error)
    second = await _one(session, attrs.evolve(settings, timeout_s=left), query, html=False)
    if not is_successful(second):
        lite_error = second.failure()
        if html_error.code == ErrorCode.PROVIDER_RATE_LIMITED:
            return Failure(_also(html_error, "lite_endpoint", lite_error))
        return Failure(_also(lite_error, "html_endpoint", html_error))
    rows = second.unwrap()
    if not rows and html_error.code == ErrorCode.PROVIDER_RATE_LIMITED:
        return Failure(html_error)
    note = (
        f"duckduckgo html endpoint: {html_error.code} — {html_error.message} "
        "(served by the lite endpoint)"
    )
    return Success(Answer(rows=rows[:limit], notes=(note,)))


async def _one(
    session: aiohttp.ClientSession,
    settings: ProviderSettings,
    query: SearchQuery,
    *,
    html: bool,
) -> Result[tuple[dict[str, object], ...], WebError]:
    if html:
        base, path, parse = (
            settings.base_url("duckduckgo", HTML_BASE),
            "/html/",
            parse_duckduckgo_html,
        )
    else:
        # An overridden DuckDuckGo endpoint (a proxy, a test server) serves /lite/ too:
        # never fall back from an overridden endpoint to the public one.
        base = settings.base_url("duckduckgo_lite", settings.base_url("duckduckgo", LITE_BASE))
        path, parse = "/lite/", parse_duckduckgo_lite
    answer = await exchange(
        session,
        INFO,
        "POST",
        base + path,
        timeout_s=settings.timeout_s,
        headers=headers_for(settings, base),
        form=form_for(query, html=html),
    )
    if isinstance(answer, Failure):
        return Failure(answer.failure())
    got = answer.unwrap()
    return parse(got.status, got.headers, got.body)


def _also(main: WebError, endpoint: str, other: WebError) -> WebError:
    detail = {**main.detail, endpoint: f"{other.code}: {other.message}"}
    return WebError(code=main.code, message=main.message, retryable=main.retryable, detail=detail)
