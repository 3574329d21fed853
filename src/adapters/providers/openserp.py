"""OpenSERP, a self-hosted SERP API (`GET <OPENSERP_URL>/<engine>/search?text=...`).

No key. Two answer shapes are read: the envelope of current versions (`results[]` with
`title`, `url`, `snippet`, `is_ad`, `type`, and `pagination{has_more, next_start}`) and the
bare list of early versions (`[{rank, url, title, description, ad}]`). Ads are dropped.
Paging: `start` offset and `limit` (at most 100); the envelope's `pagination.has_more:
false` is the end and its `next_start` the next offset; without an envelope (early
versions) the offset is the rows received so far and only an empty page means the end (the
engine behind OpenSERP often serves fewer than `limit` a page).
Per call: `lang` (upper case, `DE`, with the language's own country, `PT-PT`: see
`language_of`), `region` (upper-case country, e.g. `DE`; OpenSERP
README "Query Parameters"), `date` (`YYYYMMDD..YYYYMMDD` for the time range), one include
domain as `site`, other domain filters as `site:` operators. Safe search and news are not
parameters of OpenSERP: reported. OpenSERP has no key: its 403 `blocked` ("search engine
blocked the request"), 429 `captcha_detected`/`blocked` and a 503 "captcha found" are
PROVIDER_RATE_LIMITED (the engine behind it blocks; karust/openserp `core/server.go`
mapSearchError), never an auth failure.
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
from webdistill.kernel.language_tags import parse_language, script_of
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.own_text import OwnText, echo_quoted, joined, own, words

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
    lang = language_of(query)[0]
    if lang is not None:
        params["lang"] = lang
    if query.region is not None:
        params["region"] = query.region.upper()
    if query.time_range is not None:
        today = now or datetime.now(UTC)
        since = today - TIME_RANGES[query.time_range]
        params["date"] = f"{since:%Y%m%d}..{today:%Y%m%d}"
    return params


#: ISO 639-2 codes that name no language a page is written in: `und` (undetermined), `mul`
#: (multiple), `mis` (uncoded), `zxx` (no linguistic content) — the "special" codes of the
#: ISO 639-2 Registration Authority's list (Library of Congress, iso639-2/php/code_list.php)
#: — and `sgn` (the collective code of all sign languages, none of them a written text).
NO_LANGUAGE = frozenset({"und", "mul", "mis", "zxx", "sgn"})
#: A script subtag's country when none is given, as the SearXNG provider maps them.
_SCRIPT_COUNTRY = {"zh-hant": "tw", "zh-hans": "cn"}


def language_of(query: SearchQuery) -> tuple[str | None, OwnText | None]:
    """OpenSERP's `lang` for the query and what of the language it could not express.

    OpenSERP reads `lang` as `language[-COUNTRY]` (karust/openserp `core/region/region.go`
    ParseLocale: "Pt-bR" -> pt, BR; `core/locale_test.go`): the language's own country is
    sent with it (`PT-PT`), a script subtag only as its country (`zh-hant` -> `ZH-TW`, as
    CLDR's likely subtags write it), never as a "country" (`HANT`); a numeric region
    (`es-419`) or a script the country does not use is reported.
    """
    if query.language is None:
        return None, None
    tag = parse_language(query.language)
    asked = echo_quoted(query.language)
    if tag is None:
        return None, own("{} is not a language tag", asked)
    if tag.language in NO_LANGUAGE:
        return None, own("{} names no language to search in", asked)
    problems = []
    country = tag.region if tag.region is not None and tag.region.isalpha() else None
    if tag.region is not None and country is None:
        problems.append(own("OpenSERP takes a two-letter country, not {}", echo_quoted(tag.region)))
    if tag.script is not None:
        where = country or query.region or _SCRIPT_COUNTRY.get(f"{tag.language}-{tag.script}")
        if where is None or script_of(tag.language, where) != tag.script:
            problems.append(own("OpenSERP takes no script ({})", echo_quoted(tag.script.title())))
        elif country is None and query.region is None:
            country = where
    lang = f"{tag.language}-{country}" if country else tag.language
    lang = lang.upper()
    if not problems:
        return lang, None
    return lang, own("{}; {} was searched", joined(problems, "; "), echo_quoted(lang))


def unsupported(query: SearchQuery) -> tuple[OwnText, ...]:
    """What OpenSERP cannot do of `query`."""
    missing = []
    problem = language_of(query)[1]
    if problem is not None:
        missing.append(not_applied(INFO, "language", problem))
    if query.safe_search is not None:
        why = words("OpenSERP has no safe-search parameter")
        missing.append(not_applied(INFO, "safe_search", why))
    if query.topic == "news":
        missing.append(not_applied(INFO, "topic", words("OpenSERP has no news search")))
    return tuple(missing)


def parse_openserp(status: int, headers: Mapping[str, str], body: bytes) -> Result[Rows, WebError]:
    """Rows from an OpenSERP answer (either shape), or the error it signals."""
    said = provider_message(body)
    if status == 503 and "captcha" in said.lower():
        return Failure(rate_limited(INFO, status, said, None))
    if status in (403, 429) and _error_code(body) in _BLOCKED:
        return Failure(
            rate_limited(INFO, status, said or "search engine blocked the request", None)
        )
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
                own(
                    "OpenSERP answered JSON without a result list; check OPENSERP_URL and the "
                    "server's version."
                ),
                provider=INFO.name,
            )
        )
    return Success(tuple(_row(item) for item in items if not _is_ad(item)))


#: OpenSERP's error codes for an engine that blocked it (core/server.go mapSearchError).
_BLOCKED = frozenset({"blocked", "captcha_detected", "rate_limited"})


def _error_code(body: bytes) -> str:
    """The `error` code of OpenSERP's JSON error body (`{"error", "code", "message"}`)."""
    payload = decode_json(body, INFO.label)
    return text_of(field(payload.unwrap(), "error")) if isinstance(payload, Success) else ""


def pagination(body: bytes) -> tuple[bool | None, int | None]:
    """OpenSERP's `pagination.has_more` and `next_start` (None when absent: early versions)."""
    payload = decode_json(body, INFO.label)
    if not isinstance(payload, Success):
        return None, None
    page = field(payload.unwrap(), "pagination")
    more = field(page, "has_more")
    start = field(page, "next_start")
    return (
        more if isinstance(more, bool) else None,
        start if isinstance(start, int) and not isinstance(start, bool) and start >= 0 else None,
    )


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
    start = [0]  # the next page's offset: `next_start`, else the rows received so far
    more: dict[int, bool | None] = {}

    async def fetch(page: int, left: float) -> Result[Rows, WebError]:
        offset = start[0]
        said: list[int | None] = [None]

        def parse_page(
            status: int, headers: Mapping[str, str], body: bytes
        ) -> Result[Rows, WebError]:
            if 200 <= status < 300:
                more[page], said[0] = pagination(body)
            return parse_openserp(status, headers, body)

        got = await fetch_page_rows(
            session,
            INFO,
            "GET",
            url,
            timeout_s=left,
            headers={"Accept": "application/json", "User-Agent": settings.api_user_agent()},
            params=params_for(query, offset, limit),
            parse=parse_page,
            secret=password,
        )
        next_start = said[0]
        start[0] = next_start if next_start is not None else offset + len(got.value_or(()))
        return got

    return await page_through(
        INFO,
        fetch,
        want=wanted(query),
        budget=settings.max_requests,
        timeout_s=settings.timeout_s,
        unsupported=unsupported(query),
        has_page=lambda index: more.get(index - 1) is not False,
    )
