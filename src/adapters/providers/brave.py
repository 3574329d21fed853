"""Brave Search API (`GET /res/v1/web/search`, header `X-Subscription-Token`).

Snippet = `description` (requested without `<strong>` decorations; tags are stripped anyway).
Date = `page_age`, else `age`. No score. At most 20 results per request (news: 50); more
are paged with `offset` (a page index, 0-9). `topic: news` uses `/res/v1/news/search`
(results at the top level). Per call: `country` (only Brave's ~37 countries), `search_lang`
(Brave's own codes: `jp`, `zh-hans`/`zh-hant`, `pt-br`/`pt-pt`, ...; see `value_lists`),
`safesearch` (off/moderate/strict), `freshness`; domain filters become `site:` operators.
A region or language outside Brave's lists is reported in `unsupported`, not sent.
Paging stops on Brave's `query.more_results_available: false` (a page "may be less than
requested", so a short page is not the end) or an empty page.
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
from webdistill.adapters.providers.paging import not_applied, page_through, site_operators
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
from webdistill.adapters.providers.transport import fetch_page_rows
from webdistill.adapters.providers.value_lists import BRAVE_COUNTRIES, BRAVE_SEARCH_LANGS
from webdistill.kernel.errors import WebError
from webdistill.kernel.language_tags import parse_language
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.own_text import OwnText, echo_quoted, joined, name, number, own

INFO = ProviderInfo(name="brave", label="Brave Search", key_var="BRAVE_API_KEY")
BASE = "https://api.search.brave.com"
PATH = "/res/v1/web/search"
NEWS_PATH = "/res/v1/news/search"
MAX_COUNT = 20
MAX_NEWS_COUNT = 50
LAST_OFFSET = 9
TIME_RANGES = {"day": "pd", "week": "pw", "month": "pm", "year": "py"}

_AUTH_CODES = frozenset({"SUBSCRIPTION_TOKEN_INVALID", "SUBSCRIPTION_NOT_FOUND"})
#: Our language codes whose Brave code differs: ISO `ja` is Brave's `jp`, the Chinese
#: scripts and their usual regions are `zh-hans`/`zh-hant`, Norwegian `no` is Bokmål `nb`.
LANGUAGE_ALIASES = {
    "ja": "jp",
    "zh-cn": "zh-hans",
    "zh-sg": "zh-hans",
    "zh-tw": "zh-hant",
    "zh-hk": "zh-hant",
    "zh-mo": "zh-hant",
    "no": "nb",
}
#: A bare language Brave splits in two, resolved by the query's region.
_BY_REGION = {
    "zh": {"cn": "zh-hans", "sg": "zh-hans", "tw": "zh-hant", "hk": "zh-hant", "mo": "zh-hant"},
    "pt": {"br": "pt-br", "pt": "pt-pt"},
    "en": {"gb": "en-gb"},
}


def country_of(query: SearchQuery) -> str | None:
    """Brave's `country` for the query's region, or None (none given, or not in Brave's list)."""
    if query.region is None or query.region.upper() not in BRAVE_COUNTRIES:
        return None
    return query.region.upper()


def search_lang_of(query: SearchQuery) -> str | None:
    """Brave's `search_lang` for the query's language, or None when Brave lists none."""
    tag = parse_language(query.language) if query.language is not None else None
    if tag is None:
        return None
    if tag.script is not None:  # zh-hant-tw: Brave's codes name the script (zh-hant)
        scripted = f"{tag.language}-{tag.script}"
        return scripted if scripted in BRAVE_SEARCH_LANGS else None
    language = LANGUAGE_ALIASES.get(tag.text, tag.text)
    base, _, tail = language.partition("-")
    region = tail if tail else (query.region or "")
    by_region = _BY_REGION.get(base, {}).get(region)
    if by_region is not None:  # zh + tw, pt + br, en + gb: Brave's regional code
        return by_region
    if language in BRAVE_SEARCH_LANGS:
        return language
    base = LANGUAGE_ALIASES.get(base, base)
    return base if base in BRAVE_SEARCH_LANGS else None


def unsupported(query: SearchQuery) -> tuple[OwnText, ...]:
    """The query's region or language when Brave's lists do not have it."""
    missing = []
    if query.region is not None and country_of(query) is None:
        listed = joined([name(country) for country in sorted(BRAVE_COUNTRIES)], ", ")
        why = own(
            "Brave has no country {} (it takes one of {}: {})",
            echo_quoted(query.region.upper()),
            number(len(BRAVE_COUNTRIES)),
            listed,
        )
        missing.append(not_applied(INFO, "region", why))
    language_why = language_problem(query)
    if language_why is not None:
        missing.append(not_applied(INFO, "language", language_why))
    return tuple(missing)


def language_problem(query: SearchQuery) -> OwnText | None:
    """Why the query's language has no `search_lang` in Brave's list (None: it has one, or
    no language was given). Also used for Brave's MCP server, whose enum is that list."""
    if query.language is None or search_lang_of(query) is not None:
        return None
    asked = echo_quoted(query.language)
    if query.language.split("-", 1)[0] in _BY_REGION:
        return own(
            "Brave has no search language {} (give e.g. zh-hans, zh-hant, pt-br or pt-pt)", asked
        )
    return own("Brave has no search language {}", asked)


def page_size(query: SearchQuery) -> int:
    """Rows per request: what is wanted, up to Brave's cap for the endpoint."""
    cap = MAX_NEWS_COUNT if query.topic == "news" else MAX_COUNT
    return min(wanted(query), cap)


def params_for(query: SearchQuery, page: int = 0) -> dict[str, str]:
    """Query parameters for page `page` (0-based) of one search."""
    params = {
        "q": site_operators(query),
        "count": str(page_size(query)),
        "text_decorations": "false",
    }
    if page:
        params["offset"] = str(page)
    if query.time_range is not None:
        params["freshness"] = TIME_RANGES[query.time_range]
    country = country_of(query)
    if country is not None:
        params["country"] = country
    search_lang = search_lang_of(query)
    if search_lang is not None:
        params["search_lang"] = search_lang
    if query.safe_search is not None:
        params["safesearch"] = query.safe_search
    return params


def parse_brave(status: int, headers: Mapping[str, str], body: bytes) -> Result[Rows, WebError]:
    """Rows from a Brave web answer, or the error it signals."""
    if status in (404, 422, 429):
        return Failure(_known_error(status, headers, body))
    return json_rows(INFO, status, headers, body, "web", "results", required=False, row=_row)


def parse_brave_news(
    status: int, headers: Mapping[str, str], body: bytes
) -> Result[Rows, WebError]:
    """Rows from a Brave news answer (`results` at the top level)."""
    if status in (404, 422, 429):
        return Failure(_known_error(status, headers, body))
    return json_rows(INFO, status, headers, body, "results", required=False, row=_row)


def more_results(body: bytes) -> bool | None:
    """Brave's own "more" signal, `query.more_results_available` (None when absent)."""
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):
        return None
    more = field(field(payload, "query"), "more_results_available")
    return more if isinstance(more, bool) else None


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
    """One Brave search, paged (the caller checked that a key is configured)."""
    key = settings.brave_api_key or ""
    news = query.topic == "news"
    url = settings.base_url("brave", BASE) + (NEWS_PATH if news else PATH)
    parse = parse_brave_news if news else parse_brave
    more: dict[int, bool | None] = {}

    async def fetch(page: int, left: float) -> Result[Rows, WebError]:
        def parse_page(
            status: int, headers: Mapping[str, str], body: bytes
        ) -> Result[Rows, WebError]:
            more[page] = more_results(body)
            return parse(status, headers, body)

        return await fetch_page_rows(
            session,
            INFO,
            "GET",
            url,
            timeout_s=left,
            headers=settings.api_headers(("X-Subscription-Token", key)),
            params=params_for(query, page),
            parse=parse_page,
            secret=key,
        )

    return await page_through(
        INFO,
        fetch,
        want=wanted(query),
        budget=settings.max_requests,
        timeout_s=settings.timeout_s,
        last_page=LAST_OFFSET,
        unsupported=unsupported(query),
        has_page=lambda index: more.get(index - 1) is not False,
    )
