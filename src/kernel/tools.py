"""The tools: `search_web` / `extract_page` (one item) and `web_search` / `web_fetch` (batches).

Orchestration only: validate, vet URLs, call the ports, re-validate what they answer, then
compress and window. Every function returns a `Result`; none raises, whatever the input or
whatever a port does (a port that raises is reported as that item's error).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

import attrs
from returns.result import Failure, Result, Success

from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.hits import filter_hits
from webdistill.kernel.model import (
    FetchedPage,
    FetchOutcome,
    FetchRequest,
    Page,
    RemovedHits,
    RowBatch,
    SearchHit,
    SearchOutcome,
    SearchQuery,
    SearchRequest,
)
from webdistill.kernel.own_text import OwnText, code, joined, name, number, own, words
from webdistill.kernel.ports import Compressor, Deps
from webdistill.kernel.retrieval import remember
from webdistill.kernel.text import window
from webdistill.kernel.urls import check_url
from webdistill.kernel.validate import (
    clamp_max_chars,
    clamp_max_results,
    structure_row,
    validate_fetch,
    validate_search,
)

#: How many top hits `include_content` reads per query, and how much of each (defaults;
#: `Deps` and the call's content_hits / content_max_chars set them).
CONTENT_TOP_HITS = 3
CONTENT_MAX_CHARS = 4000
#: Hits a query gets when it leaves max_results unset (the providers' default).
DEFAULT_ASKED = 5

_T = TypeVar("_T")


@attrs.frozen
class _Searched:
    hits: tuple[SearchHit, ...]
    provider: str | None
    skipped: tuple[OwnText, ...]
    unsupported: tuple[OwnText, ...] = ()
    removed: tuple[RemovedHits, ...] = ()
    shortfall: OwnText | None = None
    notice: OwnText | None = None


async def _call_port(
    call: Callable[[], Awaitable[object]], what: OwnText, code: ErrorCode
) -> Result[object, WebError]:
    """Await a port call; a raise or a non-Result answer becomes a `WebError`."""
    try:
        answer = await call()
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - a port's raise becomes its error value
        return _port_raised(exc, what, code)
    if isinstance(answer, Success | Failure):
        return answer
    return _not_a_result(what)


def _port_raised(exc: Exception, what: OwnText, code: ErrorCode) -> Result[object, WebError]:
    # A port answers failures as values; a raise is a bug, not the network's fault: an
    # INTERNAL_ERROR (not retryable, unlike `code`), with its traceback logged.
    logging.getLogger("webdistill").error("the %s raised", what, exc_info=exc)
    message = own(
        "The {} failed with an internal error ({}); this is a bug "
        "in webdistill, not a network problem, so retrying will not help. Report it (the "
        "traceback is in the log).",
        what,
        name(type(exc).__name__),
    )
    return Failure(WebError.of(ErrorCode.INTERNAL_ERROR, message, retryable=False, port=code))


def _not_a_result(what: OwnText) -> Result[object, WebError]:
    message = own("The {} answered with something that is not a Result.", what)
    return Failure(WebError.of(ErrorCode.INVALID_BACKEND_DATA, message))


async def _search(
    deps: Deps, query: SearchQuery, snippet_chars: int | None = None
) -> Result[_Searched, WebError]:
    clamped = attrs.evolve(query, max_results=clamp_max_results(query.max_results))
    answer = await _call_port(
        lambda: deps.backend.search(clamped),
        words("search backend"),
        ErrorCode.PROVIDER_UNAVAILABLE,
    )
    if not isinstance(answer, Success):
        return Failure(answer.failure())
    rows = answer.unwrap()
    notice = None
    if isinstance(rows, RowBatch):
        provider, skipped = rows.provider or None, rows.skipped
        unsupported, shortfall, notice = rows.unsupported, rows.shortfall, rows.notice
    elif isinstance(rows, list | tuple):
        provider, skipped, unsupported, shortfall = None, (), (), None
    else:
        message = own("The search backend answered with rows that are not a list.")
        return Failure(WebError.of(ErrorCode.INVALID_BACKEND_DATA, message))
    budget = snippet_chars if snippet_chars is not None else deps.snippet_chars
    filtered = filter_hits(rows, deps.url_policy, clamped, budget)
    if not isinstance(filtered, Success):
        return Failure(filtered.failure())
    kept = filtered.unwrap()
    return Success(
        _Searched(kept.hits, provider, skipped, unsupported, kept.removed, shortfall, notice)
    )


async def search_web(deps: Deps, query: SearchQuery) -> Result[tuple[SearchHit, ...], WebError]:
    """Search one query. `max_results` is clamped to [1, 100]; no hits is `Success(())`."""
    searched = await _search(deps, query)
    if not isinstance(searched, Success):
        return Failure(searched.failure())
    return Success(searched.unwrap().hits)


def _compression_hint(request: FetchRequest) -> OwnText:
    """How to get the page uncompressed, worded for how compression was turned on."""
    if request.compress:
        return own("Call again with compress=false to read the page uncompressed.")
    return own(
        "Compression is on by configuration for long pages; call again with compress=false "
        "to read the page uncompressed."
    )


def _compression_failed(error: WebError, request: FetchRequest) -> WebError:
    """`error` as COMPRESSION_FAILED, saying how to get the page uncompressed."""
    hint = _compression_hint(request)
    message = error.message
    if error.code is not ErrorCode.COMPRESSION_FAILED:
        message = own("Compression failed: {}", message)
    detail = {**error.detail, "compression": "requested" if request.compress else "configured"}
    return WebError.of(
        ErrorCode.COMPRESSION_FAILED,
        own("{} {}", message, hint),
        retryable=error.retryable,
        **detail,
    )


def _compressor_call(
    compressor: Compressor, content: str, focus: str, budget: int
) -> Callable[[], Awaitable[object]]:
    """The call to make: `compress_to(text, focus, budget)` when offered, else the plain call."""
    compress_to = getattr(compressor, "compress_to", None)
    if callable(compress_to):
        return lambda: compress_to(content, focus, budget)
    return lambda: compressor(content, focus)


def _shown_as_extracted(deps: Deps, content: str, request: FetchRequest) -> bool:
    """True when `_compress` would answer `(content, None)` without calling anything: not
    asked, no compressor (and none asked for), short enough, or already within the window."""
    if request.compress is False:
        return True
    if deps.compressor is None:
        return not request.compress
    if request.compress is None and len(content) < deps.compress_min_length:
        return True
    return len(content) <= (request.max_chars or deps.max_content_chars)


async def _compress(
    deps: Deps, page: FetchedPage, request: FetchRequest
) -> Result[tuple[str, str | None], WebError]:
    """The content to show and who compressed it (None when shown as extracted).

    The budget is the request's window (`max_chars`): a page that already fits is shown
    whole and is not reported as compressed, nor is an answer identical to the page.
    """
    content = page.content
    if request.compress is False:
        return Success((content, None))
    if deps.compressor is None:
        if request.compress:
            message = own(
                "compress=true was asked but no compressor is configured. Set "
                "WEB_COMPRESSOR=extractive (offline) or llm, or call again without compress."
            )
            return Failure(WebError.of(ErrorCode.PROVIDER_NOT_CONFIGURED, message))
        return Success((content, None))
    if request.compress is None and len(content) < deps.compress_min_length:
        return Success((content, None))
    budget = request.max_chars or deps.max_content_chars
    if len(content) <= budget:
        return Success((content, None))
    compressor = deps.compressor
    label = str(getattr(compressor, "label", None) or type(compressor).__name__)
    answer = await _call_port(
        _compressor_call(compressor, content, request.focus or "", budget),
        words("compressor"),
        ErrorCode.COMPRESSION_FAILED,
    )
    if not isinstance(answer, Success):
        return Failure(_compression_failed(answer.failure(), request))
    compressed = answer.unwrap()
    if not isinstance(compressed, str) or not compressed.strip():
        error = WebError.of(ErrorCode.COMPRESSION_FAILED, own("The compressor returned no text."))
        return Failure(_compression_failed(error, request))
    if compressed == content:
        return Success((content, None))
    return Success((compressed, label))


async def extract_page(deps: Deps, request: FetchRequest) -> Result[Page, WebError]:
    """Read one page: vet the URL, extract, re-validate, compress if due, cut one window."""
    read = await _read_page(deps, request)
    return Success(read) if isinstance(read, Page) else Failure(read)


async def _read_page(deps: Deps, request: FetchRequest) -> Page | WebError:
    """`extract_page`'s answer as a plain value (no `Result` to build and open per page)."""
    if request.start_index < 0:
        message = own("Invalid input: start_index must be 0 or more.")
        return WebError.of(ErrorCode.INVALID_INPUT, message)
    checked = check_url(request.url, deps.url_policy)
    if not isinstance(checked, Success):
        return checked.failure()
    wanted = request
    max_chars = clamp_max_chars(request.max_chars, deps.max_content_chars)
    if max_chars != request.max_chars:  # validate_fetch's requests are already clamped
        wanted = attrs.evolve(wanted, max_chars=max_chars)
    if wanted.url != checked.unwrap():
        wanted = attrs.evolve(wanted, url=checked.unwrap())
    # The port awaited here, as `_call_port` would (one coroutine less per page read).
    try:
        answer = await deps.backend.extract(wanted)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - a port's raise becomes its error value
        answer = _port_raised(exc, words("fetch backend"), ErrorCode.NETWORK_ERROR)
    if not isinstance(answer, Success):
        failed: WebError = (
            answer if isinstance(answer, Failure) else _not_a_result(words("fetch backend"))
        ).failure()
        return failed
    fetched: FetchedPage = answer.unwrap()
    structured = structure_row(fetched, FetchedPage, 0)
    if not isinstance(structured, Success):
        return structured.failure()
    fetched = structured.unwrap()
    # The same URL as the one vetted above (no redirect): `check_url` is pure, so its answer
    # is known; only a different final URL is checked again.
    final_url = checked if fetched.url == wanted.url else check_url(fetched.url, deps.url_policy)
    if not isinstance(final_url, Success):
        error = final_url.failure()
        # The refusal names the URL's host (the backend's or a store's text): fenced detail.
        return WebError.of(
            ErrorCode.INVALID_BACKEND_DATA,
            own(
                "The fetch backend reported a final URL the policy refuses ({}; "
                "the URL and the refusal are in the details).",
                code(error.code),
            ),
            field="url",
            web_text=f"final URL: {fetched.url}; refusal: {error.message}",
        )
    if _shown_as_extracted(deps, fetched.content, wanted):
        text, compressed_by = fetched.content, None
    else:
        content = await _compress(deps, fetched, wanted)
        if not isinstance(content, Success):
            return content.failure()
        text, compressed_by = content.unwrap()
    if wanted.start_index > len(text) or (wanted.start_index == len(text) and text):
        message = own(
            "Invalid input: start_index {} is past the end of the content "
            "({} characters). Use a start_index below {}.",
            number(wanted.start_index),
            number(len(text)),
            number(len(text)),
        )
        if compressed_by:
            message = own(
                "{} (That is the compressed page; the page itself has {} "
                "characters: call with compress=false to page through it.)",
                message,
                number(len(fetched.content)),
            )
        return WebError.of(ErrorCode.INVALID_INPUT, message, total_chars=len(text))
    shown = window(text, wanted.start_index, wanted.max_chars or deps.max_content_chars)
    return Page(
        url=final_url.unwrap(),
        title=fetched.title,
        content=shown.text,
        content_type=fetched.content_type,
        start_index=shown.start,
        total_chars=shown.total,
        next_start=shown.next_start,
        truncated=shown.truncated,
        compressed_by=compressed_by,
        original_chars=len(fetched.content) if compressed_by else None,
        byline=fetched.byline,
        published=fetched.published,
        site_name=fetched.site_name,
        language=fetched.language,
        flags=fetched.flags,
        notice=fetched.notice,
        excerpt=fetched.excerpt,
        reader=fetched.reader,
    )


async def _bounded(limit: int, jobs: Sequence[Callable[[], Awaitable[_T]]]) -> list[_T]:
    """Run `jobs` concurrently, at most `limit` at a time, results in order."""
    if len(jobs) == 1:  # nothing to run beside it: no task, no gate
        return [await jobs[0]()]
    gate = asyncio.Semaphore(max(1, limit))

    async def run(job: Callable[[], Awaitable[_T]]) -> _T:
        async with gate:
            return await job()

    return list(await asyncio.gather(*(run(job) for job in jobs)))


def _outcome(request: FetchRequest, read: Page | WebError) -> FetchOutcome:
    if isinstance(read, Page):
        return FetchOutcome(url=request.url, page=read)
    return FetchOutcome(url=request.url, error=read)


async def _fetch_outcome(deps: Deps, request: FetchRequest) -> FetchOutcome:
    return _outcome(request, await _read_page(deps, request))


async def _with_contents(
    deps: Deps, outcome: SearchOutcome, request: SearchRequest
) -> SearchOutcome:
    count = request.content_hits or deps.content_hits
    chars = request.content_max_chars or deps.content_chars
    requests = [FetchRequest(url=hit.url, max_chars=chars) for hit in outcome.hits[:count]]
    jobs = [lambda r=r: _fetch_outcome(deps, r) for r in requests]
    contents = await _bounded(deps.concurrency, jobs)
    return attrs.evolve(outcome, contents=tuple(contents))


def _shortfall(found: _Searched, asked: int) -> OwnText | None:
    """Why fewer than `asked` hits are shown (None when enough are)."""
    if len(found.hits) >= asked:
        return None
    parts = [own("Asked for {}, got {}", number(asked), number(len(found.hits)))]
    if found.shortfall:
        parts.append(found.shortfall)
    removed = sum(item.count for item in found.removed)
    if removed:
        parts.append(own("{} removed here (see removed)", number(removed)))
    if len(parts) == 1:
        parts.append(words("the provider had no more"))
    return own("{}.", joined(parts, "; "))


async def _search_outcome(deps: Deps, query: SearchQuery, request: SearchRequest) -> SearchOutcome:
    searched = await _search(deps, query, request.max_chars_per_result)
    asked = query.max_results if query.max_results is not None else DEFAULT_ASKED
    if not isinstance(searched, Success):
        return SearchOutcome(query=query.query, error=searched.failure(), asked=asked)
    found = searched.unwrap()
    outcome = SearchOutcome(
        query=query.query,
        hits=found.hits,
        provider=found.provider,
        skipped=found.skipped,
        asked=asked,
        unsupported=found.unsupported,
        removed=found.removed,
        shortfall=_shortfall(found, asked),
        notice=found.notice,
    )
    if request.include_content and found.hits:
        return await _with_contents(deps, outcome, request)
    return outcome


async def web_search(
    deps: Deps, raw: object, *, scope: str = ""
) -> Result[tuple[SearchOutcome, ...], WebError]:
    """The `web_search` tool: `Failure` only for an invalid request, else one outcome a query.

    With a result store, the outcomes carry the `response_id` they are kept under (`scope`
    is the caller's session on a shared server)."""
    validated = validate_search(raw)
    if not isinstance(validated, Success):
        return Failure(validated.failure())
    request = validated.unwrap()
    queries = [
        SearchQuery(
            query=q,
            max_results=request.max_results,
            time_range=request.time_range,
            region=request.region,
            language=request.language,
            safe_search=request.safe_search,
            include_domains=request.include_domains,
            exclude_domains=request.exclude_domains,
            topic=request.topic,
        )
        for q in request.queries
    ]
    jobs = [lambda q=q: _search_outcome(deps, q, request) for q in queries]
    outcomes = tuple(await _bounded(deps.concurrency, jobs))
    return Success(await remember(deps, "web_search", outcomes, scope))


async def web_fetch(
    deps: Deps, raw: object, *, scope: str = ""
) -> Result[tuple[FetchOutcome, ...], WebError]:
    """The `web_fetch` tool: `Failure` only for an invalid request, else one outcome a URL.

    With a result store, the outcomes carry their `response_id` (see `web_search`)."""
    validated = validate_fetch(raw, deps.max_content_chars)
    if not isinstance(validated, Success):
        return Failure(validated.failure())
    requests = validated.unwrap().requests
    if len(requests) == 1:  # `_bounded` with one job, without its coroutines
        request = requests[0]
        outcomes: tuple[FetchOutcome, ...] = (_outcome(request, await _read_page(deps, request)),)
    else:
        jobs = [lambda r=r: _fetch_outcome(deps, r) for r in requests]
        outcomes = tuple(await _bounded(deps.concurrency, jobs))
    if deps.results is None:  # `remember` would answer them untagged
        return Success(outcomes)
    return Success(await remember(deps, "web_fetch", outcomes, scope))
