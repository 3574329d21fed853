"""SearXNG, a self-hosted metasearch instance (`GET <SEARXNG_URL>/search?format=json`).

No key. Snippet = `content`; score = `score`; date = `publishedDate`. There is no count
parameter, so rows are sliced here and more are paged with `pageno`. Per call: `language`
(with the region, e.g. `en-US`; a code its form check takes, see `locale_of`),
`safesearch` (0/1/2), `time_range`, `categories=news` for `topic: news`; domain filters
become `site:` operators (engines that ignore them are covered by the kernel's hit filter).
A region without a language is reported, not applied. The JSON format is off by default:
such an instance
answers 403, and the error says which setting to enable (`search.formats` in
settings.yml). Browser-like Accept headers and a non-library User-Agent keep SearXNG's
bot limiter quiet. An empty result while engines report errors is PROVIDER_UNAVAILABLE.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from urllib.parse import urlsplit

import aiohttp
from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from webdistill.adapters.providers.failures import (
    ProviderInfo,
    status_error,
)
from webdistill.adapters.providers.paging import (
    Problem,
    all_not_applied,
    page_through,
    site_operators,
)
from webdistill.adapters.providers.rows import (
    Answer,
    Row,
    Rows,
    field,
    make_row,
    published_of,
    result_list,
    score_of,
    text_of,
    wanted,
)
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.adapters.providers.transport import fetch_page_rows
from webdistill.adapters.providers.value_lists import MACROLANGUAGE_ALIASES, SEARXNG_LOCALES
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.language_tags import parse_language, swapped_by_region
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.own_text import OwnText, echo_quoted, name, number, own, words
from webdistill.kernel.quoting import safe_text

INFO = ProviderInfo(name="searxng", label="SearXNG")

ENABLE_JSON = own(
    "The SearXNG instance does not serve the JSON format (HTTP 403). Enable it in the "
    "instance's settings.yml: under `search:` set `formats: [html, json]`, then restart "
    "SearXNG. (If a reverse proxy guards the instance, put its credentials in SEARXNG_URL.)"
)


def endpoint(settings: ProviderSettings) -> str:
    """The instance's `/search` URL (SEARXNG_URL may be the root or already `/search`)."""
    base = settings.base_urls.get("searxng") or settings.searxng_url or ""
    base = base.rstrip("/")
    return base if base.endswith("/search") else base + "/search"


SAFE_SEARCH = {"off": "0", "moderate": "1", "strict": "2"}


def params_for(query: SearchQuery, page: int = 0) -> dict[str, str]:
    """Query parameters (SearXNG's `time_range` takes our values as they are)."""
    params = {"q": site_operators(query), "format": "json", "pageno": str(page + 1)}
    if query.time_range is not None:
        params["time_range"] = query.time_range
    locale = locale_of(query)[0]
    if locale is not None:
        params["language"] = locale
    if query.safe_search is not None:
        params["safesearch"] = SAFE_SEARCH[query.safe_search]
    if query.topic == "news":
        params["categories"] = "news"
    return params


#: Script subtags to the region SearXNG lists for that script (it takes `xx-YY` only).
_SCRIPTS = {"zh-hant": "zh-TW", "zh-hans": "zh-CN"}
#: SearXNG's form check of `language` (searx/webutils.py @9fea412); anything else is a 400.
VALID_LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[a-zA-Z]{2})?$")
#: Languages SearXNG spells otherwise: it lists Norwegian as Bokmål `nb` only, and its
#: engines map `no` to it (searx/engines/google.py `fetch_traits` lang_map @9fea412).
_ALIASES = MACROLANGUAGE_ALIASES


def locale_of(query: SearchQuery) -> tuple[str | None, OwnText | None]:
    """SearXNG's `language` for the query, and what of the query it could not express.

    For a language SearXNG lists: `xx-YY` when it lists that locale, else `xx` (the region
    part is then reported). A language off its list (`he`, `ms`, `sw`) is sent as `xx` or
    `xx-YY` all the same: SearXNG's check (`VALID_LANGUAGE_CODE`) takes any such code and
    its engines match it through babel. Never a form the check refuses with HTTP 400
    (`zh-HANT`, `es-419`, `zh-Hant-TW`). Norwegian `no` is SearXNG's Bokmål `nb`.
    `zh-hant`/`zh-hans` become `zh-TW`/`zh-CN` unless the region is another listed one
    (`zh-HK`). When the region's locale is written in another script or is another variant
    than the language asks for (`zh-hant` in CN, `pt-br` in PT), the region's locale is
    searched and the language is reported.
    """
    problem = _locale_problem(query)
    return problem[0], problem[2]


def _locale_problem(query: SearchQuery) -> tuple[str | None, str, OwnText | None]:
    """(locale, the option a problem concerns, the problem or None). The locale is built
    from the caller's parsed tag and region (letters only), so it is echoed in quotes."""
    tag = parse_language(query.language) if query.language is not None else None
    if tag is None:
        problem = None if query.language is None else words("not a language tag")
        return None, "language", problem
    base = _ALIASES.get(tag.language, tag.language)
    region = (query.region or tag.region or "").upper()
    if region and f"{base}-{region}" in SEARXNG_LOCALES:
        swapped = swapped_by_region(tag, query.region)
        if swapped is not None:
            why = own("{}; {} was searched", swapped, echo_quoted(f"{base}-{region}"))
            return f"{base}-{region}", "language", why
        return f"{base}-{region}", "language", None
    option = "region" if query.region is not None else "language"
    scripted = _SCRIPTS.get(f"{base}-{tag.script}")
    if scripted is not None:
        if not region:
            return scripted, option, None
        why = own(
            'SearXNG lists no locale {}; "{}" was searched',
            echo_quoted(f"{base}-{region}"),
            name(scripted, "another locale"),
        )
        return scripted, option, why
    if base not in SEARXNG_LOCALES:  # not on its list, which its check does not ask for
        if not VALID_LANGUAGE_CODE.match(base):
            why = own("SearXNG takes no language {}", echo_quoted(query.language or ""))
            return None, "language", why
        if region and VALID_LANGUAGE_CODE.match(f"{base}-{region}") and not tag.script:
            return f"{base}-{region}", "language", None
        if region or tag.script:
            why = own(
                "SearXNG takes no locale {}; language {} was searched",
                echo_quoted(query.language or ""),
                echo_quoted(base),
            )
            return base, option, why
        return base, "language", None
    if region or tag.script:
        shown = f"{base}-{region}" if region else (query.language or "")
        why = own(
            "SearXNG lists no locale {}; language {} was searched",
            echo_quoted(shown),
            echo_quoted(base),
        )
        return base, option, why
    return base, "language", None


def unsupported(query: SearchQuery) -> tuple[OwnText, ...]:
    """What SearXNG cannot do of `query`."""
    return all_not_applied(INFO, problems(query))


def problems(query: SearchQuery) -> tuple[Problem, ...]:
    """Each option of `query` SearXNG cannot apply, and why."""
    if query.region is not None and query.language is None:
        why = words("SearXNG takes a region only with a language (e.g. language=en, region=us)")
        return (("region", why),)
    _locale, option, problem = _locale_problem(query)
    if problem is not None:
        return ((option, problem),)
    return ()


def parse_searxng(status: int, headers: Mapping[str, str], body: bytes) -> Result[Rows, WebError]:
    """Rows from a SearXNG answer, or the error it signals."""
    if status == 403:
        return Failure(
            WebError.of(
                ErrorCode.PROVIDER_AUTH_FAILED,
                ENABLE_JSON,
                provider=INFO.name,
                status=status,
                setting="search.formats",
            )
        )
    if 300 <= status < 400:
        return Failure(
            WebError.of(
                ErrorCode.PROVIDER_UNAVAILABLE,
                own(
                    "SearXNG redirected the search (HTTP {}): its bot limiter refused the "
                    "request, or SEARXNG_URL is not the instance's base URL. Check SEARXNG_URL, "
                    "or disable `server.limiter` for this client.",
                    number(status),
                ),
                retryable=False,
                provider=INFO.name,
                status=status,
            )
        )
    error = status_error(INFO, status, headers, body)
    if error is not None:
        return Failure(error)
    payload = _json(body)
    if payload is None:
        return Failure(
            WebError.of(
                ErrorCode.INVALID_BACKEND_DATA,
                own(
                    "SearXNG answered something that is not JSON (an HTML page?). Check that "
                    "SEARXNG_URL is the instance's base URL and that `json` is listed in "
                    "`search.formats` in its settings.yml."
                ),
                provider=INFO.name,
            )
        )
    items = result_list(payload, INFO.label, "results", required=True)
    if not is_successful(items):
        return Failure(items.failure())
    rows = tuple(_row(item) for item in items.unwrap())
    failed = _failed_engines(payload)
    if not rows and failed:
        return Failure(
            WebError.of(
                ErrorCode.PROVIDER_UNAVAILABLE,
                own(
                    "SearXNG found nothing because its engines failed (their names and reasons "
                    "are in the details). Try again later or use another provider."
                ),
                provider=INFO.name,
                engines=failed,
                web_text=f"SearXNG's failed engines: {failed}",
            )
        )
    return Success(rows)


def _json(body: bytes) -> object:
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        return None


def _row(item: object) -> Row:
    return make_row(
        title=text_of(field(item, "title")),
        url=text_of(field(item, "url")),
        snippet=text_of(field(item, "content")),
        score=score_of(field(item, "score")),
        published=published_of(field(item, "publishedDate")),
    )


def _failed_engines(payload: object) -> str:
    """`unresponsive_engines` ([[name, reason], ...]) as "name: reason, ..."."""
    entries = field(payload, "unresponsive_engines")
    if not isinstance(entries, list):
        return ""
    named = []
    for entry in entries[:10]:
        if isinstance(entry, list) and entry:
            parts = [text_of(part) for part in entry[:2]]
            named.append(safe_text(": ".join(part for part in parts if part), 80))
    return ", ".join(name for name in named if name)


async def search_searxng(
    session: aiohttp.ClientSession, settings: ProviderSettings, query: SearchQuery
) -> Result[Answer, WebError]:
    """One SearXNG search, paged (the caller checked that SEARXNG_URL is set)."""
    url = endpoint(settings)
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None

    async def fetch(page: int, left: float) -> Result[Rows, WebError]:
        return await fetch_page_rows(
            session,
            INFO,
            "GET",
            url,
            timeout_s=left,
            headers={
                "Accept": "application/json, text/html;q=0.9, */*;q=0.8",
                "Accept-Language": "en-US,en;q=0.8",
                "Accept-Encoding": "gzip, deflate",
                "User-Agent": settings.api_user_agent(),
            },
            params=params_for(query, page),
            parse=parse_searxng if page == 0 else parse_searxng_later,
            secret=password,
        )

    return await page_through(
        INFO,
        fetch,
        want=wanted(query),
        budget=settings.max_requests,
        timeout_s=settings.timeout_s,
        unsupported=unsupported(query),
    )


def parse_searxng_later(
    status: int, headers: Mapping[str, str], body: bytes
) -> Result[Rows, WebError]:
    """A later page: an empty page is the end, even when some engines failed."""
    parsed = parse_searxng(status, headers, body)
    if not is_successful(parsed) and parsed.failure().detail.get("engines"):
        return Success(())
    return parsed
