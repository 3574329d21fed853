"""The kernel's only dependencies: the ports adapters implement, and `Deps` that bundles them.

A `WebBackend` answers with *untrusted* rows (mappings or model instances); the kernel
re-validates every row. A `Compressor` shortens text given an instruction.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

import attrs
from returns.result import Result

from webdistill.kernel.errors import WebError
from webdistill.kernel.model import FetchRequest, SearchQuery
from webdistill.kernel.results import ResultStore
from webdistill.kernel.urls import UrlPolicy


class WebBackend(Protocol):
    """Searches and extracts pages. Rows are untrusted; a `RowBatch` adds provenance."""

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]: ...

    async def extract(self, request: FetchRequest) -> Result[object, WebError]: ...


#: `(text, instruction) -> shorter text`. May carry a `label` attribute naming itself
#: (e.g. "llm:gpt-4o-mini"), which the page reports as `compressed_by`, and may offer
#: `compress_to` (see `BudgetedCompressor`), which the kernel then calls instead.
Compressor = Callable[[str, str], Awaitable[Result[str, WebError]]]


class BudgetedCompressor(Protocol):
    """A compressor that aims at a length: the kernel passes the request's window.

    `compress_to(text, instruction, max_chars)` answers text meant to fit `max_chars`
    characters (the `max_chars` of the fetch request, i.e. what the agent will be shown).
    """

    async def compress_to(
        self, text: str, instruction: str, max_chars: int
    ) -> Result[str, WebError]: ...


DEFAULT_COMPRESS_MIN_LENGTH = 5000
DEFAULT_MAX_CONTENT_CHARS = 20000
DEFAULT_CONCURRENCY = 8
DEFAULT_SNIPPET_CHARS = 500
DEFAULT_CONTENT_HITS = 3
DEFAULT_CONTENT_CHARS = 4000


@attrs.frozen
class Deps:
    """Everything the kernel tools need, injected."""

    backend: WebBackend
    compressor: Compressor | None = None
    compress_min_length: int = DEFAULT_COMPRESS_MIN_LENGTH
    url_policy: UrlPolicy = attrs.field(factory=UrlPolicy)
    max_content_chars: int = DEFAULT_MAX_CONTENT_CHARS
    concurrency: int = DEFAULT_CONCURRENCY
    #: Most characters of one hit's snippet (a call's max_chars_per_result overrides it).
    snippet_chars: int = DEFAULT_SNIPPET_CHARS
    #: How many top hits include_content reads, and the characters of each.
    content_hits: int = DEFAULT_CONTENT_HITS
    content_chars: int = DEFAULT_CONTENT_CHARS
    results: ResultStore | None = None
