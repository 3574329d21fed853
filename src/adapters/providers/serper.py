"""Serper, Google results (`POST /search`, header `X-API-KEY`).

Snippet = `snippet`; URL = `link`; date = `date` (display text); no score.
`num` is sent as the smallest of 10, 20, 30, 40, 50, 100 that covers the request (the
values Serper's own clients use) and the rows are sliced here; more are paged with `page`
(1-based) until a page brings nothing new (a short page is not the end: answer boxes take
organic slots). `topic: news` uses `/news` (rows under `news`). Per call: `gl` (country) and
`hl` (language), only values in Google's own lists (`value_lists.GOOGLE_GL`/`GOOGLE_HL`:
`he` is sent as `iw`, `zh-hant` as `zh-tw`; others are reported), `tbs` (time); domain
filters become `site:` operators; there is no safe-search parameter, which the outcome
reports. A bad key is 403 `{"message": "Unauthorized."}`;
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
from webdistill.adapters.providers.value_lists import GOOGLE_GL, GOOGLE_HL, GOOGLE_HL_ALIASES
from webdistill.kernel.errors import WebError
from webdistill.kernel.language_tags import parse_language, script_of
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.own_text import OwnText, echo_quoted, joined, name, own, words

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
    if query.region is not None and query.region in GOOGLE_GL:
        body["gl"] = query.region
    hl = hl_of(query)[0]
    if hl is not None:
        body["hl"] = hl
    return body


def hl_of(query: SearchQuery) -> tuple[str | None, OwnText | None]:
    """Google's `hl` for the query's language (from Google's own list), and what of the
    language it does not express. `he` is Google's `iw`, `fil` its `tl`, `zh-hant` and
    `zh-Hant-TW` its `zh-tw`; the query's region picks a listed variant (`pt` in BR ->
    `pt-br`, `zh` in TW -> `zh-tw`); a bare `zh` is sent as `zh-cn` and reported, a bare
    `pt` is reported (Google lists only `pt-br` / `pt-pt`); a language Google does not list
    is not sent."""
    tag = parse_language(query.language) if query.language is not None else None
    if tag is None:
        return None, None
    base = GOOGLE_HL_ALIASES.get(tag.language, tag.language)
    region = tag.region or query.region
    script = tag.script or script_of(tag.language, region)
    candidates = [
        tag.text,
        GOOGLE_HL_ALIASES.get(f"{tag.language}-{script}", ""),
        f"{base}-{region}" if region else "",
        base,
    ]
    hl = next((c for c in candidates if c and c in GOOGLE_HL), None)
    variants = sorted(code for code in GOOGLE_HL if code.startswith(f"{base}-"))
    asked = echo_quoted(query.language or "")
    if hl is None:
        if variants:
            listed = joined([name(code) for code in variants], ", ")
            return None, own("Google's hl list has no {} (it lists {}: give one)", asked, listed)
        return None, own("Google's hl list has no {}", asked)
    if (tag.region or tag.script) and hl == base and base != tag.text:
        return hl, own('Google\'s hl list has no {}; "{}" was sent', asked, name(hl))
    if not (tag.region or tag.script or query.region) and hl != tag.text and variants:
        # bare `zh`: Google lists only zh-cn / zh-tw; CLDR's likely script for zh is Hans
        others = joined([name(code) for code in variants if code != hl], " or ")
        return hl, own(
            "Google's hl list has no {}; \"{}\" (CLDR's likely script) was sent; give {} or a "
            "region for another",
            asked,
            name(hl),
            others,
        )
    return hl, None


def gl_problem(query: SearchQuery) -> OwnText | None:
    """Why the query's region is not sent as `gl` (None: it is, or there is none)."""
    if query.region is None or query.region in GOOGLE_GL:
        return None
    return own("Google's gl list has no country {}", echo_quoted(query.region.upper()))


def unsupported(query: SearchQuery) -> tuple[OwnText, ...]:
    """What Serper cannot do of `query`."""
    missing = []
    why = gl_problem(query)
    if why is not None:
        missing.append(not_applied(INFO, "region", why))
    problem = hl_of(query)[1]
    if problem is not None:
        missing.append(not_applied(INFO, "language", problem))
    if query.safe_search is not None:
        missing.append(
            not_applied(INFO, "safe_search", words("Serper has no safe-search parameter"))
        )
    return tuple(missing)


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
