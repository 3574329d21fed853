"""webdistill: web search and safe page reading for LLM agents.

    async with webdistill.build(webdistill.Config.from_env()) as toolkit:
        hits = await toolkit.search({"query": "aiohttp timeouts"})
        page = await toolkit.fetch({"url": "https://docs.aiohttp.org/"})

Every public name loads its module on first use: `import webdistill` stays light, and the
composed API (`build`, `Config`, `Toolkit`) and `extract_html` load their adapters only when
touched.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: importing typing alone costs more than this
if TYPE_CHECKING:
    from typing import Any

    from webdistill.adapters.extract.html.reader import extract_html
    from webdistill.adapters.extract.registry import Handler, ReadRequest
    from webdistill.compose import Config, ConfigError, Toolkit, build
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

#: Every public name -> the module that defines it, imported on first use, so that
#: `import webdistill` costs almost nothing (a CLI command or a server loads what it needs).
_LAZY = {
    "build": "webdistill.compose",
    "Config": "webdistill.compose",
    "ConfigError": "webdistill.compose",
    "Toolkit": "webdistill.compose",
    "extract_html": "webdistill.adapters.extract.html.reader",
    "Handler": "webdistill.adapters.extract.registry",
    "ReadRequest": "webdistill.adapters.extract.registry",
    "Document": "webdistill.kernel",
    "ErrorCode": "webdistill.kernel",
    "FetchOutcome": "webdistill.kernel",
    "FetchRequest": "webdistill.kernel",
    "Page": "webdistill.kernel",
    "SearchHit": "webdistill.kernel",
    "SearchOutcome": "webdistill.kernel",
    "SearchQuery": "webdistill.kernel",
    "WebError": "webdistill.kernel",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value  # later look-ups skip this function
        return value
    raise AttributeError(f"module 'webdistill' has no attribute {name!r}")


__all__ = [
    "Config",
    "ConfigError",
    "Document",
    "ErrorCode",
    "FetchOutcome",
    "FetchRequest",
    "Handler",
    "Page",
    "ReadRequest",
    "SearchHit",
    "SearchOutcome",
    "SearchQuery",
    "Toolkit",
    "WebError",
    "build",
    "extract_html",
]
