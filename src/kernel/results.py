"""Stored results: the `ResultStore` port, and picking parts of a stored result (pure).

`web_search` and `web_fetch` keep what they answered in a `ResultStore` and tag every outcome
with its `response_id`; `web_get_result` (see `retrieval.py`) loads it back whole, or one
query / one page / one hit of it. Ids are unguessable and scoped: a `scope` (the MCP session
on a shared server, "" otherwise) only ever sees its own results.

A client with no session (MCP 2026-07-28 over HTTP) has `capability_scope(ring)`: its results
go to a ring of its own (`ring` names the client: its connection), so no other client's calls
evict them, and they are read back with the id alone, which names that ring: the id is the
capability (unguessable, shown only to the client that made it). Session ids never read a
capability id, nor capability scopes a session's.
"""

from __future__ import annotations

from typing import Literal, Protocol

import attrs
from returns.result import Failure, Result, Success

from webdistill.kernel.arguments import GetResultArgs
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import FetchOutcome, SearchOutcome
from webdistill.kernel.own_text import (
    OwnText,
    echo_quoted,
    echo_url,
    field,
    joined,
    number,
    own,
    sentences,
    words,
)

ToolName = Literal["web_search", "web_fetch"]

#: The start of every `capability_scope`; no session id or "" starts with it.
CAPABILITY_PREFIX = "\x00ring:"


def capability_scope(ring: str) -> str:
    """The scope of a session-less client whose results go to its own `ring` (1 to 32 ASCII
    letters and digits) and are read back by whoever holds their id."""
    return CAPABILITY_PREFIX + ring


STORED_CUT_NOTICE = words(
    "The stored copy of this page was cut to fit WEB_MAX_STORED_CHARS; call web_fetch "
    "again to read the rest."
)


@attrs.frozen
class StoredResult:
    """A result as kept: the tool that made it and its outcomes (one list is empty)."""

    response_id: str
    tool: ToolName
    searches: tuple[SearchOutcome, ...] = ()
    pages: tuple[FetchOutcome, ...] = ()


class ResultStore(Protocol):
    """Keeps results under fresh unguessable ids; `load` answers NOT_FOUND for unknown,
    expired or other-scope ids."""

    async def save(
        self,
        tool: ToolName,
        outcomes: tuple[SearchOutcome, ...] | tuple[FetchOutcome, ...],
        scope: str,
    ) -> Result[str, WebError]: ...

    async def load(self, response_id: str, scope: str) -> Result[StoredResult, WebError]: ...


def not_found(response_id: str) -> WebError:
    shown = response_id if len(response_id) <= 40 else response_id[:37] + "..."
    return WebError.of(
        ErrorCode.NOT_FOUND,
        own(
            "No stored result {}: it is unknown, expired or was made in another session. "
            "Call web_search or web_fetch again.",
            echo_quoted(response_id, 40),
        ),
        response_id=shown,
    )


def _cut_page(outcome: FetchOutcome, budget: int) -> tuple[FetchOutcome, int]:
    page = outcome.page
    if page is None:
        return outcome, budget
    if len(page.content) <= budget:
        return outcome, budget - len(page.content)
    notice = sentences(page.notice, STORED_CUT_NOTICE)
    cut = attrs.evolve(page, content=page.content[:budget], truncated=True, notice=notice)
    return attrs.evolve(outcome, page=cut), 0


def _cut_pages(
    outcomes: tuple[FetchOutcome, ...], budget: int
) -> tuple[tuple[FetchOutcome, ...], int]:
    kept: list[FetchOutcome] = []
    for outcome in outcomes:
        cut, budget = _cut_page(outcome, budget)
        kept.append(cut)
    return tuple(kept), budget


def bound_outcomes(
    outcomes: tuple[SearchOutcome, ...] | tuple[FetchOutcome, ...], max_chars: int
) -> tuple[SearchOutcome, ...] | tuple[FetchOutcome, ...]:
    """The outcomes with page contents cut (in order) so they hold at most `max_chars`."""
    budget = max_chars
    if all(isinstance(outcome, FetchOutcome) for outcome in outcomes):
        pages, _ = _cut_pages(outcomes, budget)  # type: ignore[arg-type]
        return pages
    searches: list[SearchOutcome] = []
    for outcome in outcomes:
        assert isinstance(outcome, SearchOutcome)
        contents, budget = _cut_pages(outcome.contents, budget)
        searches.append(attrs.evolve(outcome, contents=contents))
    return tuple(searches)


def _invalid(problem: OwnText) -> WebError:
    return WebError.of(ErrorCode.INVALID_INPUT, own("Invalid input: {}", problem))


def _same_url(wanted: str, *candidates: str | None) -> bool:
    wanted = wanted.strip().rstrip("/")
    return any(c is not None and c.rstrip("/") == wanted for c in candidates)


def _pick(count: int, index: int, what: str) -> Result[int, WebError]:
    if 0 <= index < count:
        return Success(index)
    return Failure(
        _invalid(
            own(
                "{} {} is out of range: this result has {} (0-{}).",
                field(what),
                number(index),
                number(count),
                number(count - 1),
            )
        )
    )


def _select_pages(stored: StoredResult, args: GetResultArgs) -> Result[StoredResult, WebError]:
    if args.query is not None or args.query_index is not None:
        return Failure(
            _invalid(words("this is a web_fetch result: select a page with url or url_index."))
        )
    pages = stored.pages
    if args.url_index is not None:
        picked = _pick(len(pages), args.url_index, "url_index")
        if not isinstance(picked, Success):
            return Failure(picked.failure())
        pages = (pages[picked.unwrap()],)
    if args.url is not None:
        wanted = args.url
        pages = tuple(o for o in pages if _same_url(wanted, o.url, o.page.url if o.page else None))
        if not pages:
            urls = joined([echo_url(o.url) for o in stored.pages], ", ")
            problem = own("url: no page {} in this result (it has {}).", echo_url(wanted), urls)
            return Failure(_invalid(problem))
    return Success(attrs.evolve(stored, pages=pages))


def _narrow_to_hit(
    outcome: SearchOutcome, url: str | None, index: int | None
) -> Result[SearchOutcome, WebError]:
    hits = outcome.hits
    if index is not None:
        picked = _pick(len(hits), index, "url_index")
        if not isinstance(picked, Success):
            return Failure(picked.failure())
        hits = (hits[picked.unwrap()],)
    if url is not None:
        hits = tuple(hit for hit in hits if _same_url(url, hit.url))
    if not hits:
        shown = echo_url(url) if url is not None else words("(none)")
        query = echo_quoted(outcome.query)
        return Failure(_invalid(own("url: no hit {} for the query {}.", shown, query)))
    urls = {hit.url for hit in hits}
    contents = tuple(
        c
        for c in outcome.contents
        if any(_same_url(u, c.url, c.page.url if c.page else None) for u in urls)
    )
    return Success(attrs.evolve(outcome, hits=hits, contents=contents))


def _select_searches(stored: StoredResult, args: GetResultArgs) -> Result[StoredResult, WebError]:
    searches = stored.searches
    if args.query_index is not None:
        picked = _pick(len(searches), args.query_index, "query_index")
        if not isinstance(picked, Success):
            return Failure(picked.failure())
        searches = (searches[picked.unwrap()],)
    if args.query is not None:
        wanted = " ".join(args.query.split()).casefold()
        searches = tuple(s for s in searches if s.query.casefold() == wanted)
        if not searches:
            queries = joined([echo_quoted(s.query) for s in stored.searches], ", ")
            asked = echo_quoted(args.query)
            return Failure(
                _invalid(own("query: no query {} in this result (it has {}).", asked, queries))
            )
    if args.url is None and args.url_index is None:
        return Success(attrs.evolve(stored, searches=searches))
    if args.url_index is not None and len(searches) != 1:
        return Failure(_invalid(words("url_index needs one query: add query or query_index.")))
    if args.url is not None and args.url_index is None:
        searches = tuple(s for s in searches if any(_same_url(args.url, h.url) for h in s.hits))
        if not searches:
            shown = echo_url(args.url)
            return Failure(_invalid(own("url: no hit {} in this result.", shown)))
    narrowed: list[SearchOutcome] = []
    for outcome in searches:
        one = _narrow_to_hit(outcome, args.url, args.url_index)
        if not isinstance(one, Success):
            return Failure(one.failure())
        narrowed.append(one.unwrap())
    return Success(attrs.evolve(stored, searches=tuple(narrowed)))


def select(stored: StoredResult, args: GetResultArgs) -> Result[StoredResult, WebError]:
    """The part of `stored` that `args` asks for (all of it when no selector is given)."""
    if stored.tool == "web_fetch":
        return _select_pages(stored, args)
    return _select_searches(stored, args)
