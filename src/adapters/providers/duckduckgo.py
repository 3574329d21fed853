"""DuckDuckGo search without a key: the HTML endpoint, falling back to the lite endpoint.

Both are POSTed forms as a browser would send them (browser User-Agent, Referer,
Sec-Fetch-* headers). More than one page is read by posting the previous page's next-page
form (`s`, `dc`, `vqd`, ... as DuckDuckGo wrote them), within the request budget.
The lite endpoint is tried, within what is left of the search timeout, when the HTML one
fails other than by timing out; if the HTML endpoint was blocked and lite answers "no
results", the block is reported, not an empty list (lite is unlikely to be unblocked when
HTML is not).

Every request first asks the `Pacer` (a minimum interval between requests; after a
challenge page, a back-off during which DuckDuckGo is not asked at all and the search
fails fast with PROVIDER_RATE_LIMITED and `retry_after`).

Per call: `kl` region, only a pair from DuckDuckGo's own region list (`us-en`, `de-de`,
`jp-jp`, `vn-en`; see `value_lists.DDG_REGIONS`): a region it does not list, a language
alone, or a script or variant the region's code would swap (`zh-hant` in CN is `cn-zh`,
Simplified), is reported, never invented; `kp` safe search (1 strict, -1 moderate, -2 off), `df`
time range; domain filters become `site:` operators; `topic: news` is reported as not
applied (the HTML and lite endpoints have no news vertical).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping

import aiohttp
import attrs
from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from webdistill.adapters.providers.duckduckgo_parse import (
    INFO,
    DdgPage,
    parse_html_page,
    parse_lite_page,
)
from webdistill.adapters.providers.failures import with_detail
from webdistill.adapters.providers.pacing import Pacer
from webdistill.adapters.providers.paging import (
    Problem,
    all_not_applied,
    page_through,
    site_operators,
)
from webdistill.adapters.providers.rows import Answer, Rows, wanted
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.adapters.providers.transport import exchange
from webdistill.adapters.providers.value_lists import DDG_REGIONS, MACROLANGUAGE_ALIASES
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.language_tags import parse_language, swapped_by_region
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.own_text import OwnText, code, echo_quoted, name, number, own, words

HTML_BASE = "https://html.duckduckgo.com"
LITE_BASE = "https://lite.duckduckgo.com"

#: DuckDuckGo's `df` form field per time range.
TIME_RANGES = {"day": "d", "week": "w", "month": "m", "year": "y"}
#: DuckDuckGo's `kp` form field per safe-search level.
SAFE_SEARCH = {"strict": "1", "moderate": "-1", "off": "-2"}


def _by_country() -> dict[str, list[tuple[str, str]]]:
    """DuckDuckGo's regions per ISO country: [(language, kl), ...], the country's own first."""
    table: dict[str, list[tuple[str, str]]] = {}
    for locale, kl in DDG_REGIONS.items():
        language, country = locale.lower().split("-", 1)
        table.setdefault(country, []).append((language, kl))
    for country, entries in table.items():
        # The country's own region first (es-es before es-ca, de-de), else the list's order.
        entries.sort(key=lambda entry: entry[1].split("-", 1)[1] != country)
    return table


_REGIONS = _by_country()


def region_code(query: SearchQuery) -> str:
    """DuckDuckGo's `kl`: a listed region matching the region (and language), "wt-wt" else.

    Only a pair DuckDuckGo lists is sent (`jp-jp`, `kr-kr`, `uk-en`, `vn-en`); a language
    the region does not list falls back to the region's own code and is reported.
    """
    entries = _REGIONS.get(query.region or "")
    if not entries:
        return "wt-wt"
    language = _base_language(query.language or "")
    for listed, kl in entries:
        if listed == language:
            return kl
    return entries[0][1]


def _base_language(language: str) -> str:
    """The language part of a tag as DuckDuckGo's list spells it (`no` is its `nb`)."""
    base = language.split("-", 1)[0]
    return MACROLANGUAGE_ALIASES.get(base, base)


def unsupported(query: SearchQuery) -> tuple[OwnText, ...]:
    """What DuckDuckGo's HTML and lite endpoints cannot do of `query`."""
    return all_not_applied(INFO, problems(query))


def problems(query: SearchQuery) -> tuple[Problem, ...]:
    """Each option of `query` DuckDuckGo's endpoints cannot apply, and why."""
    missing: list[Problem] = []
    if query.language is not None and query.region is None:
        why = words("DuckDuckGo selects results by region (e.g. region=de), not by language alone")
        missing.append(("language", why))
    entries = _REGIONS.get(query.region or "")
    if query.region is not None and not entries:
        why = own(
            "DuckDuckGo lists no region {}; all regions were searched",
            echo_quoted(query.region.upper()),
        )
        missing.append(("region", why))
    elif entries and query.language is not None:
        language = _base_language(query.language)
        if all(listed != language for listed, _ in entries):
            why = own(
                'DuckDuckGo lists no {} region for {}; its region "{}" was used',
                echo_quoted(language),
                echo_quoted(query.region or ""),
                name(entries[0][1], "a region code"),
            )
            missing.append(("language", why))
        else:
            tag = parse_language(query.language)
            swapped = swapped_by_region(tag, query.region) if tag is not None else None
            if swapped is not None:
                why = own(
                    '{}; DuckDuckGo\'s region "{}" was used',
                    swapped,
                    name(region_code(query), "a region code"),
                )
                missing.append(("language", why))
    if query.topic == "news":
        why = words("the HTML and lite endpoints have no news vertical; web results were returned")
        missing.append(("topic", why))
    return tuple(missing)


def form_for(query: SearchQuery, *, html: bool) -> dict[str, str]:
    """The first-page form fields."""
    form = {"q": site_operators(query), "kl": region_code(query)}
    if html:
        form["b"] = ""
    if query.time_range is not None:
        form["df"] = TIME_RANGES[query.time_range]
    if query.safe_search is not None:
        form["kp"] = SAFE_SEARCH[query.safe_search]
    return form


def next_form(page_form: Mapping[str, str], query: SearchQuery) -> dict[str, str]:
    """The next page's form: DuckDuckGo's hidden fields, with our filters kept on it."""
    form = dict(page_form)
    if query.region is not None:
        form["kl"] = region_code(query)
    if query.time_range is not None:
        form.setdefault("df", TIME_RANGES[query.time_range])
    if query.safe_search is not None:
        form.setdefault("kp", SAFE_SEARCH[query.safe_search])
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
    session: aiohttp.ClientSession,
    settings: ProviderSettings,
    query: SearchQuery,
    pacer: Pacer | None = None,
) -> Result[Answer, WebError]:
    """Search DuckDuckGo: HTML endpoint first, lite endpoint as the fallback.

    The pacer is told the outcome: a block on both endpoints (or on a later page) starts
    its back-off, results clear it, unless a later page was blocked (its rows are kept, and
    the back-off it started stands).
    """
    later_block: list[bool] = []
    answer = await _search(session, settings, query, pacer, later_block)
    if pacer is not None:
        if is_successful(answer):
            if not later_block:
                await pacer.cleared()
        elif _blocked(answer.failure()):
            await pacer.penalise()
    return answer


def _blocked(error: WebError) -> bool:
    return error.code == ErrorCode.PROVIDER_RATE_LIMITED and "paced" not in error.detail


async def _search(
    session: aiohttp.ClientSession,
    settings: ProviderSettings,
    query: SearchQuery,
    pacer: Pacer | None,
    later_block: list[bool],
) -> Result[Answer, WebError]:
    started = time.monotonic()
    first = await _paged(session, settings, query, pacer, later_block, html=True)
    if is_successful(first):
        return first
    html_error = first.failure()
    left = settings.timeout_s - (time.monotonic() - started)
    if html_error.code == ErrorCode.TIMEOUT or left <= 0 or "paced" in html_error.detail:
        return Failure(html_error)
    lite_settings = attrs.evolve(settings, timeout_s=left)
    second = await _paged(session, lite_settings, query, pacer, later_block, html=False)
    if not is_successful(second):
        lite_error = second.failure()
        if html_error.code == ErrorCode.PROVIDER_RATE_LIMITED:
            return Failure(_also(html_error, "lite_endpoint", lite_error))
        return Failure(_also(lite_error, "html_endpoint", html_error))
    answer = second.unwrap()
    if not answer.rows and html_error.code == ErrorCode.PROVIDER_RATE_LIMITED:
        return Failure(html_error)
    note = own(
        "duckduckgo html endpoint: {} — {} (served by the lite endpoint)",
        code(html_error.code),
        html_error.message,
    )
    return Success(attrs.evolve(answer, notes=(note,)))


async def _paged(
    session: aiohttp.ClientSession,
    settings: ProviderSettings,
    query: SearchQuery,
    pacer: Pacer | None,
    later_block: list[bool],
    *,
    html: bool,
) -> Result[Answer, WebError]:
    """Pages of one endpoint, each request posting the previous page's next-page form.

    A block on a later page is noted in `later_block` (the rows so far are kept).
    """
    forms: list[dict[str, str] | None] = [form_for(query, html=html)]

    async def fetch(index: int, left: float) -> Result[Rows, WebError]:
        form = forms[index]
        if form is None:
            return Success(())
        page = await _one(session, attrs.evolve(settings, timeout_s=left), form, pacer, html=html)
        if not is_successful(page):
            if index and pacer is not None and _blocked(page.failure()):
                later_block.append(True)
                await pacer.penalise()  # the rows so far are kept; later searches back off
            return Failure(page.failure())
        got = page.unwrap()
        forms.append(next_form(got.next_form, query) if got.next_form else None)
        return Success(got.rows)

    return await page_through(
        INFO,
        fetch,
        want=wanted(query),
        budget=settings.max_requests,
        timeout_s=settings.timeout_s,
        unsupported=unsupported(query),
        has_page=lambda index: index < len(forms) and forms[index] is not None,
    )


async def _one(
    session: aiohttp.ClientSession,
    settings: ProviderSettings,
    form: Mapping[str, str],
    pacer: Pacer | None,
    *,
    html: bool,
) -> Result[DdgPage, WebError]:
    parse: Callable[[int, Mapping[str, str], bytes], Result[DdgPage, WebError]]
    if html:
        base, path, parse = settings.base_url("duckduckgo", HTML_BASE), "/html/", parse_html_page
    else:
        # An overridden DuckDuckGo endpoint (a proxy, a test server) serves /lite/ too:
        # never fall back from an overridden endpoint to the public one.
        base = settings.base_url("duckduckgo_lite", settings.base_url("duckduckgo", LITE_BASE))
        path, parse = "/lite/", parse_lite_page
    if pacer is not None:
        backing_off = await pacer.wait()
        if backing_off > 0:
            return Failure(_backing_off(backing_off))
    answer = await exchange(
        session,
        INFO,
        "POST",
        base + path,
        timeout_s=settings.timeout_s,
        headers=headers_for(settings, base),
        form=form,
    )
    if isinstance(answer, Failure):
        return Failure(answer.failure())
    got = answer.unwrap()
    return parse(got.status, got.headers, got.body)


def _backing_off(seconds: float) -> WebError:
    wait = math.ceil(seconds)
    error = WebError.of(
        ErrorCode.PROVIDER_RATE_LIMITED,
        own(
            "DuckDuckGo recently answered with its bot challenge, so it is not asked again for "
            "{} s (WEB_DDG_BACKOFF_MS). Wait, or configure a keyed provider or SEARXNG_URL.",
            number(wait),
        ),
        provider=INFO.name,
    )
    return with_detail(error, retry_after=wait, paced="true")


def _also(main: WebError, endpoint: str, other: WebError) -> WebError:
    detail = {**main.detail, endpoint: f"{other.code}: {other.message}"}
    return WebError(code=main.code, message=main.message, retryable=main.retryable, detail=detail)
