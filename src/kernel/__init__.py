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

TYPE_CHECKING = False
if TYPE_CHECKING:
    from webdistill.kernel.ports import Compressor, Deps, WebBackend
    from webdistill.kernel.tools import extract_page, search_web, web_fetch, web_search
    from webdistill.kernel.urls import UrlPolicy

#: Names whose modules load on first use (asyncio, cattrs, the URL tables): importing the
#: error and model types alone, as the command line's help does, stays cheap.
_LAZY = {
    "Compressor": "webdistill.kernel.ports",
    "Deps": "webdistill.kernel.ports",
    "WebBackend": "webdistill.kernel.ports",
    "extract_page": "webdistill.kernel.tools",
    "search_web": "webdistill.kernel.tools",
    "web_fetch": "webdistill.kernel.tools",
    "web_search": "webdistill.kernel.tools",
    "UrlPolicy": "webdistill.kernel.urls",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'webdistill.kernel' has no attribute {name!r}")


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
