"""webdistill: web search and safe page reading for LLM agents.

    async with webdistill.build(webdistill.Config.from_env()) as toolkit:
        hits = await toolkit.search({"query": "aiohttp timeouts"})
        page = await toolkit.fetch({"url": "https://docs.aiohttp.org/"})

The composed API (`build`, `Config`, `Toolkit`) and `extract_html` load their adapters on
first use, so `import webdistill.kernel` stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from webdistill.adapters.extract.html.reader import extract_html
    from webdistill.compose import Config, ConfigError, Toolkit, build

_LAZY = {
    "build": "webdistill.compose",
    "Config": "webdistill.compose",
    "ConfigError": "webdistill.compose",
    "Toolkit": "webdistill.compose",
    "extract_html": "webdistill.adapters.extract.html.reader",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'webdistill' has no attribute {name!r}")


__all__ = [
    "Config",
    "ConfigError",
    "Document",
    "ErrorCode",
    "FetchOutcome",
    "FetchRequest",
    "Page",
    "SearchHit",
    "SearchOutcome",
    "SearchQuery",
    "Toolkit",
    "WebError",
    "build",
    "extract_html",
]
