"""Paging a provider until the query's `max_results` is met, within a request budget.

`page_through` asks `fetch_page(0)`, `fetch_page(1)`, ... and stops when enough distinct rows
came back, when the provider's own "more" signal says there is no next page (`has_page`),
when a page brings nothing new (empty or all duplicates), at the provider's own last page,
or when the per-query request budget (WEB_SEARCH_MAX_REQUESTS) is spent. A page with fewer
rows than asked is never taken as the end: providers serve short pages (Brave "may be less
than requested", Serper's answer boxes take organic slots, engines behind OpenSERP). A
failure on the first page is the answer's failure; a failure on a later page keeps what
came before and says so. When fewer rows than asked come back, `Answer.shortfall` says
why, so the agent is never left guessing.

Only rows the kernel is likely to keep count toward `max_results` (`likely_kept`: an http(s)
URL to a public host under the default policy), and rows are not cut here: the kernel
filters first and then cuts, so refused rows ahead of good ones make the provider page on
rather than push the good ones out.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

import attrs
from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from webdistill.adapters.providers.failures import ProviderInfo
from webdistill.adapters.providers.rows import Answer, Row, Rows
from webdistill.kernel.errors import WebError
from webdistill.kernel.hits import hit_policy, shown_url
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.own_text import OwnText, code, field, name, number, own
from webdistill.kernel.urls import UrlPolicy

#: `(page index, seconds left) -> rows of that page`.
PageFetch = Callable[[int, float], Awaitable[Result[Rows, WebError]]]


def site_operators(query: SearchQuery) -> str:
    """The query text with `site:` / `-site:` operators for its domain filters.

    For providers without a native domain parameter; the kernel still filters the hits, so
    an engine that ignores the operators cannot leak other domains to the agent.
    """
    text = query.query
    if query.include_domains:
        sites = " OR ".join(f"site:{domain}" for domain in query.include_domains)
        text = f"{text} ({sites})" if len(query.include_domains) > 1 else f"{text} {sites}"
    for domain in query.exclude_domains:
        text = f"{text} -site:{domain}"
    return text


async def page_through(
    info: ProviderInfo,
    fetch_page: PageFetch,
    *,
    want: int,
    budget: int,
    timeout_s: float,
    last_page: int | None = None,
    unsupported: tuple[OwnText, ...] = (),
    has_page: Callable[[int], bool] | None = None,
) -> Result[Answer, WebError]:
    """Distinct rows (by `identity`, the kernel's duplicate test) from as many pages as
    needed, at most `budget` requests.

    `last_page` the highest page index the provider serves (None: no limit); `timeout_s`
    bounds all the pages together (each request gets what is left); `has_page(index)`
    says whether the previous page offered a next one (e.g. a next-page form).
    """
    started = time.monotonic()
    rows: list[Row] = []
    seen: set[object] = set()
    why: OwnText | None = None
    label = provider_name(info)
    requests = 0
    index = 0
    kept = 0
    while kept < want:
        if last_page is not None and index > last_page:
            why = own("{} serves no page after page {}", label, number(last_page + 1))
            break
        if index and has_page is not None and not has_page(index):
            why = own("{} had no more results after {} request(s)", label, number(requests))
            break
        if requests >= budget:
            why = own(
                "stopped after {} request(s) to {} (the per-query budget, WEB_SEARCH_MAX_REQUESTS)",
                number(requests),
                label,
            )
            break
        left = timeout_s - (time.monotonic() - started) if requests else timeout_s
        if requests and left <= 0.05:
            why = own("the search time limit was reached after {} request(s)", number(requests))
            break
        got = await fetch_page(index, left)
        requests += 1
        if not isinstance(got, Success):
            if not rows:
                return Failure(got.failure())
            error = got.failure()
            why = own(
                "page {} from {} failed ({}: {})",
                number(index + 1),
                label,
                code(error.code),
                error.message,
            )
            break
        page = got.unwrap()
        fresh = []
        for row in page:
            key = identity(row)
            if key not in seen:
                seen.add(key)
                fresh.append(row)
        rows.extend(fresh)
        kept += sum(1 for row in fresh if likely_kept(row))
        dry = not fresh
        if dry and kept < want:
            why = own("{} had no more results after {} request(s)", label, number(requests))
            break
        index += 1
    shortfall = why if kept < want else None
    return Success(
        Answer(
            rows=tuple(rows),
            unsupported=unsupported,
            shortfall=shortfall,
            requests=requests,
        )
    )


_HIT_POLICY = hit_policy(UrlPolicy())


def likely_kept(row: Row) -> bool:
    """Will the kernel show this row? Judged under the default policy (the configured lists
    are the kernel's business): an http(s) URL to a public host."""
    url = row.get("url")
    return isinstance(url, str) and is_successful(shown_url(url, _HIT_POLICY))


def identity(row: Row) -> object:
    """What tells this row apart from others: the kernel's shown URL (`shown_url`: tracking
    parameters stripped, so `a?utm_source=rss` and `a` are one hit), else the raw value."""
    url = row.get("url")
    if not isinstance(url, str):
        return url
    shown = shown_url(url, _HIT_POLICY)
    return shown.unwrap() if isinstance(shown, Success) else url


def provider_name(info: ProviderInfo) -> OwnText:
    """A provider's label from our own table, in its closed form."""
    return name(info.label, "the search provider")


#: What a provider could not apply of a query: the option (one of `SearchQuery`'s field
#: names) and why, in own words.
Problem = tuple[str, OwnText]


def not_applied(info: ProviderInfo, option: str, why: OwnText) -> OwnText:
    """One `unsupported` entry: which option, and why this provider leaves it out."""
    return own("{}: {} ({})", field(option), why, provider_name(info))


def all_not_applied(info: ProviderInfo, problems: tuple[Problem, ...]) -> tuple[OwnText, ...]:
    """The `unsupported` entries of `problems`."""
    return tuple(not_applied(info, option, why) for option, why in problems)


def one_request(
    info: ProviderInfo,
    answer: Answer,
    query: SearchQuery,
    unsupported: tuple[OwnText, ...],
    cap: int,
) -> Answer:
    """The answer of a provider that does not page: its unsupported options and shortfall."""
    want = query.max_results if query.max_results is not None else len(answer.rows)
    shortfall = None
    if len(answer.rows) < want:
        shortfall = (
            own(
                "{} gives at most {} results per query and has no paging",
                provider_name(info),
                number(cap),
            )
            if want > cap
            else own("{} had no more results", provider_name(info))
        )
    return attrs.evolve(answer, unsupported=unsupported, shortfall=shortfall)
