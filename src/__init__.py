"""webdistill: web search and safe page reading for LLM agents.

Public API: the kernel's model types and errors; `build`, `Config` and `Toolkit` (composition
root) and `extract_html` (offline extraction) arrive with their adapters.
"""

from webdistill.kernel import (
    Document,
    ErrorCode,
    FetchOutcome,
    FetchRequest,
    Page,
    SearchHit,
    SearchOutcome,
    SearchQuery,
    WebError,
)

__all__ = [
    "Document",
    "ErrorCode",
    "FetchOutcome",
    "FetchRequest",
    "Page",
    "SearchHit",
    "SearchOutcome",
    "SearchQuery",
    "WebError",
]
