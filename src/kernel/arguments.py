"""The shapes of the tools' arguments, as models send them: one attrs class per tool.

`validate` structures untrusted arguments into these classes with its strict converter;
`schemas` turns the same classes (types plus the `description`, `minimum`, `maximum`
metadata) into the function-calling JSON Schemas, so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Literal

import attrs

from webdistill.kernel.model import SafeSearch, TimeRange, Topic

MAX_QUERIES = 5
MAX_URLS = 10
MAX_QUERY_CHARS = 1000
MIN_RESULTS, MAX_RESULTS = 1, 100
MIN_CHARS, MAX_CHARS = 200, 1_000_000
MAX_FOCUS_CHARS = 2000
MIN_TIMEOUT_MS, MAX_TIMEOUT_MS = 100, 600_000
ExtractMode = Literal["markdown", "raw"]
MAX_DOMAINS = 20
MIN_SNIPPET_CHARS, MAX_SNIPPET_CHARS = 20, 5000
MIN_CONTENT_HITS, MAX_CONTENT_HITS = 1, 10
MIN_CONTENT_CHARS, MAX_CONTENT_CHARS = 200, 100_000


@attrs.frozen
class SearchArgs:
    """The raw shape of `web_search` arguments."""

    query: str | None = attrs.field(default=None, metadata={"description": "What to search for."})
    queries: tuple[str, ...] | None = attrs.field(
        default=None,
        metadata={"description": f"Several queries at once (at most {MAX_QUERIES} in all)."},
    )
    max_results: int | None = attrs.field(
        default=None,
        metadata={
            "description": f"Hits per query (default 5; values outside {MIN_RESULTS}-"
            f"{MAX_RESULTS} are clamped into that range).",
            "minimum": MIN_RESULTS,
            "maximum": MAX_RESULTS,
        },
    )
    time_range: TimeRange | None = attrs.field(
        default=None, metadata={"description": "Only results from the last day/week/month/year."}
    )
    include_content: bool = attrs.field(
        default=False,
        metadata={"description": "Also read the top 3 hits of each query and attach their text."},
    )
    region: str | None = attrs.field(
        default=None,
        metadata={"description": "Country to search from, two letters (e.g. us, de, jp)."},
    )
    language: str | None = attrs.field(
        default=None,
        metadata={"description": "Language of the results (e.g. en, de, pt-br)."},
    )
    safe_search: SafeSearch | None = attrs.field(
        default=None, metadata={"description": "Filter adult content (provider default if absent)."}
    )
    include_domains: tuple[str, ...] | None = attrs.field(
        default=None,
        metadata={
            "description": f"Only hits from these domains (and their subdomains), e.g. "
            f'["python.org"]; at most {MAX_DOMAINS}.'
        },
    )
    exclude_domains: tuple[str, ...] | None = attrs.field(
        default=None,
        metadata={"description": f"No hits from these domains; at most {MAX_DOMAINS}."},
    )
    topic: Topic | None = attrs.field(
        default=None,
        metadata={"description": "news: recent news articles instead of general web results."},
    )
    max_chars_per_result: int | None = attrs.field(
        default=None,
        metadata={
            "description": "Most characters of each hit's snippet (default 500).",
            "minimum": MIN_SNIPPET_CHARS,
            "maximum": MAX_SNIPPET_CHARS,
        },
    )
    content_hits: int | None = attrs.field(
        default=None,
        metadata={
            "description": "With include_content: how many top hits to read (default 3).",
            "minimum": MIN_CONTENT_HITS,
            "maximum": MAX_CONTENT_HITS,
        },
    )
    content_max_chars: int | None = attrs.field(
        default=None,
        metadata={
            "description": "With include_content: most characters read from each hit "
            "(default 4000).",
            "minimum": MIN_CONTENT_CHARS,
            "maximum": MAX_CONTENT_CHARS,
        },
    )


@attrs.frozen
class FetchArgs:
    """The raw shape of `web_fetch` arguments."""

    url: str | None = attrs.field(
        default=None, metadata={"description": "The http(s) URL of the page to read."}
    )
    urls: tuple[str, ...] | None = attrs.field(
        default=None, metadata={"description": f"Several pages at once (at most {MAX_URLS})."}
    )
    max_chars: int | None = attrs.field(
        default=None,
        metadata={
            "description": "Most characters of content to return (default 20000; values "
            f"outside {MIN_CHARS}-{MAX_CHARS} are clamped into that range).",
            "minimum": MIN_CHARS,
            "maximum": MAX_CHARS,
        },
    )
    start_index: int = attrs.field(
        default=0,
        metadata={
            "description": "Character offset to start from, to read on where a previous "
            "call was cut (its next_start).",
            "minimum": 0,
        },
    )
    focus: str | None = attrs.field(
        default=None,
        metadata={"description": "What you are looking for on the page; steers compression."},
    )
    compress: bool | None = attrs.field(
        default=None,
        metadata={
            "description": "true: compress with the configured compressor to fit max_chars "
            "(a page that fits is shown whole); false: never; absent: compress long pages "
            "when a compressor is configured."
        },
    )
    extract_mode: ExtractMode | None = attrs.field(
        default=None,
        metadata={
            "description": "markdown (default): the page's main content as Markdown. raw: "
            "the response body itself as text (HTML source, JSON...), cut to max_chars; "
            "use it when the Markdown misses something."
        },
    )
    timeout_ms: int | None = attrs.field(
        default=None,
        metadata={
            "description": "Most milliseconds to spend on each page, redirects included "
            f"(default and upper bound: the server's limit; values outside {MIN_TIMEOUT_MS}-"
            f"{MAX_TIMEOUT_MS} are clamped into that range).",
            "minimum": MIN_TIMEOUT_MS,
            "maximum": MAX_TIMEOUT_MS,
        },
    )
    prefer_reader: bool = attrs.field(
        default=False,
        metadata={
            "description": "true: have the configured hosted reader (WEB_READER) read the "
            "page first, for pages that need JavaScript or sit behind a bot wall; webdistill "
            "reads it itself if the reader fails."
        },
    )
    render: bool = attrs.field(
        default=False,
        metadata={
            "description": "true: render the page in webdistill's local browser (scripts "
            "run, every request through the same guard) even when its HTML looks readable; "
            "by default only pages that need JavaScript are rendered."
        },
    )


MAX_RESPONSE_ID_CHARS = 100


@attrs.frozen
class GetResultArgs:
    """The raw shape of `web_get_result` arguments."""

    response_id: str = attrs.field(
        metadata={"description": "The response_id of an earlier web_search or web_fetch result."},
    )
    query: str | None = attrs.field(
        default=None, metadata={"description": "Only this query's outcome (web_search results)."}
    )
    query_index: int | None = attrs.field(
        default=None,
        metadata={"description": "Only the query at this position, from 0.", "minimum": 0},
    )
    url: str | None = attrs.field(
        default=None,
        metadata={"description": "Only this page (web_fetch) or this hit (web_search)."},
    )
    url_index: int | None = attrs.field(
        default=None,
        metadata={
            "description": "Only the page (web_fetch) or hit (web_search) at this position, "
            "from 0.",
            "minimum": 0,
        },
    )
