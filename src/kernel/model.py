"""The value types that flow through webdistill: requests, search hits, documents, pages.

All are attrs frozen classes. Requests are built by `validate` from untrusted input;
hits and fetched pages are built by `validate` from untrusted backend rows.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Literal, overload

import attrs

from webdistill.kernel.errors import WebError
from webdistill.kernel.own_text import OwnText
from webdistill.kernel.regions import iso_region

TimeRange = Literal["day", "week", "month", "year"]
SafeSearch = Literal["off", "moderate", "strict"]
Topic = Literal["general", "news"]

#: Flags an extracted document may carry; each comes with a `notice` for the agent.
DocumentFlag = Literal[
    "needs_javascript",
    "challenge",
    "body_truncated",
    "empty",
    "content_truncated",
    "main_content_guessed",
    "parse_warning",
]


@attrs.frozen
class SearchQuery:
    """One query as a backend sees it; `max_results` is already clamped to [1, 100]."""

    query: str
    max_results: int | None = None
    time_range: TimeRange | None = None
    #: Country (ISO 3166-1 alpha-2, lower case, e.g. "de"; `uk` is read as `gb` here, once,
    #: for every provider) and language (e.g. "en", "pt-br").
    region: str | None = attrs.field(default=None, converter=iso_region)
    language: str | None = None
    safe_search: SafeSearch | None = None
    #: Bare, canonical domains; a domain covers its subdomains.
    include_domains: tuple[str, ...] = ()
    exclude_domains: tuple[str, ...] = ()
    topic: Topic | None = None


@attrs.frozen
class SearchHit:
    """One validated search result. `url` has passed the URL policy and tracker stripping."""

    title: str
    url: str
    snippet: str = ""
    score: float | None = None
    published: str | None = None


@attrs.frozen
class RowBatch(Sequence[object]):
    """Raw rows from one provider, plus which provider answered and why others were skipped.

    A backend may return a plain sequence of rows instead; this adds the provenance.
    """

    rows: tuple[object, ...]
    provider: str
    skipped: tuple[OwnText, ...] = ()
    #: What the provider could not do of the query ("safe_search: Serper has none").
    unsupported: tuple[OwnText, ...] = ()
    #: Why the provider gave fewer rows than asked (ran dry, request budget...), if it did.
    shortfall: OwnText | None = None
    #: What the user should know about how these rows were served (e.g. the result store
    #: was down, so the search was not kept), if anything.
    notice: OwnText | None = None

    @overload
    def __getitem__(self, index: int) -> object: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[object]: ...
    def __getitem__(self, index: int | slice) -> object | Sequence[object]:
        return self.rows[index]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[object]:
        return iter(self.rows)


@attrs.frozen
class Document:
    """A page's main content, extracted offline: Markdown, plain text and metadata.

    `content_type` is the media type the extractor read it as (e.g. "text/html").

    `text` is the same content as `markdown` without markup or link URLs.
    `flags` says when the content is not what a reader wants (a JavaScript shell, a bot
    challenge...); `notice` then tells the agent what to do about it.
    """

    title: str = ""
    markdown: str = ""
    text: str = ""
    content_type: str = ""
    byline: str | None = None
    published: str | None = None
    site_name: str | None = None
    language: str | None = None
    flags: tuple[str, ...] = ()
    notice: OwnText | None = None
    #: What the page says it is about (its meta description), if it says.
    excerpt: str | None = None


@attrs.frozen
class FetchRequest:
    """One page to read. `max_chars` absent means the configured default."""

    url: str
    max_chars: int | None = None
    start_index: int = 0
    focus: str | None = None
    compress: bool | None = None
    #: "markdown" (extract the main content) or "raw" (the body as text, for when extraction
    #: gets it wrong).
    extract_mode: str = "markdown"
    #: Most milliseconds for this page; the client caps it at the configured maximum.
    timeout_ms: int | None = None
    #: Ask the configured hosted reader first (WEB_READER); local reading is the fallback.
    prefer_reader: bool = False
    #: Render the page in the local browser (WEB_RENDER), whatever its static reading shows.
    render: bool = False


@attrs.frozen
class FetchedPage:
    """What a backend's `extract` answers for one URL (validated by the kernel).

    `url` is the final URL after redirects; `content` is Markdown (or plain text).
    """

    url: str
    content: str
    title: str = ""
    content_type: str = ""
    byline: str | None = None
    published: str | None = None
    site_name: str | None = None
    language: str | None = None
    flags: tuple[str, ...] = ()
    notice: OwnText | None = None
    excerpt: str | None = None
    #: The hosted reader that made this page (e.g. "jina"); None: webdistill read it.
    reader: str | None = None


@attrs.frozen
class Page:
    """A read page as the agent gets it: one window of (possibly compressed) content.

    `total_chars` is the length of the whole content; `next_start` is where the next window
    begins (`None` when this window reaches the end).
    """

    url: str
    title: str
    content: str
    content_type: str
    start_index: int
    total_chars: int
    next_start: int | None
    truncated: bool
    compressed_by: str | None = None
    original_chars: int | None = None
    byline: str | None = None
    published: str | None = None
    site_name: str | None = None
    language: str | None = None
    flags: tuple[str, ...] = ()
    notice: OwnText | None = None
    excerpt: str | None = None
    #: The hosted reader that made this page (e.g. "jina"); None: webdistill read it.
    reader: str | None = None


@attrs.frozen
class SearchRequest:
    """A validated `web_search` call: up to 5 distinct queries sharing the options."""

    queries: tuple[str, ...]
    max_results: int | None = None
    time_range: TimeRange | None = None
    include_content: bool = False
    region: str | None = None
    language: str | None = None
    safe_search: SafeSearch | None = None
    include_domains: tuple[str, ...] = ()
    exclude_domains: tuple[str, ...] = ()
    topic: Topic | None = None
    max_chars_per_result: int | None = None
    content_hits: int | None = None
    content_max_chars: int | None = None


@attrs.frozen
class FetchBatch:
    """A validated `web_fetch` call: one or more pages sharing the options."""

    requests: tuple[FetchRequest, ...]


@attrs.frozen
class FetchOutcome:
    """The outcome of one URL of a batch: a page, or that URL's error.

    `response_id` names the stored result of the call (see `web_get_result`), when stored.
    """

    url: str
    page: Page | None = None
    error: WebError | None = None
    response_id: str | None = None


@attrs.frozen
class RemovedHits:
    """Hits the kernel took out of an answer for one reason: how many, and example hosts."""

    reason: OwnText
    count: int
    hosts: tuple[str, ...] = ()


@attrs.frozen
class SearchOutcome:
    """The outcome of one query of a batch: hits (maybe none), or that query's error.

    `provider` names who answered; `skipped` says why providers before it were passed over.
    `contents` holds the fetched top hits when `include_content` was asked.
    `asked` is how many hits were wanted; `unsupported` lists parameters the provider could
    not apply; `removed` counts hits taken out by policy or the call's domain filters, per
    reason; `shortfall` says why fewer than `asked` came back.
    `response_id` names the stored result of the call (see `web_get_result`), when stored.
    """

    query: str
    hits: tuple[SearchHit, ...] = ()
    error: WebError | None = None
    provider: str | None = None
    skipped: tuple[OwnText, ...] = ()
    contents: tuple[FetchOutcome, ...] = ()
    asked: int | None = None
    unsupported: tuple[OwnText, ...] = ()
    removed: tuple[RemovedHits, ...] = ()
    shortfall: OwnText | None = None
    response_id: str | None = None
    #: What the user should know about how this search was served (the result store was
    #: down or full, so it was answered directly and not kept), if anything.
    notice: OwnText | None = None
