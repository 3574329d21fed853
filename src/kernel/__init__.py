"""The pure kernel: validation, URL policy, truncation and the tool orchestration.

It imports no adapter and no I/O library; every function returns a `Result` and never raises.
"""

from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import (
    Document,
    FetchBatch,
    FetchedPage,
    FetchOutcome,
    FetchRequest,
    Page,
    RowBatch,
    SearchHit,
    SearchOutcome,
    SearchQuery,
    SearchRequest,
)
from webdistill.kernel.ports import Compressor, Deps, WebBackend
from webdistill.kernel.tools import extract_page, search_web, web_fetch, web_search
from webdistill.kernel.urls import UrlPolicy

__all__ = [
    "Compressor",
    "Deps",
    "Document",
    "ErrorCode",
    "FetchBatch",
    "FetchOutcome",
    "FetchRequest",
    "FetchedPage",
    "Page",
    "RowBatch",
    "SearchHit",
    "SearchOutcome",
    "SearchQuery",
    "SearchRequest",
    "UrlPolicy",
    "WebBackend",
    "WebError",
    "extract_page",
    "search_web",
    "web_fetch",
    "web_search",
]
