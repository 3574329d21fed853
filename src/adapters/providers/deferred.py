"""The configured search providers, loaded at the first search (issue 33).

`registry.SearchProviders` imports every provider module and their parsers (lxml.html for
DuckDuckGo's pages, the MCP bridge's shapes...): about 0.08 s of CPU (`-X importtime`) that a
server whose first call reads a page would pay before answering it. `DeferredProviders`
stands in for it in the composed chain: the first `search` builds it (once, under a lock),
every search goes to it, and `close` closes it if it was built.
"""

from __future__ import annotations

import asyncio
from types import TracebackType
from typing import TYPE_CHECKING

from returns.result import Result

from webdistill.kernel.errors import WebError
from webdistill.kernel.model import RowBatch, SearchQuery

if TYPE_CHECKING:
    from webdistill.adapters.providers.pacing import Pacer
    from webdistill.adapters.providers.registry import SearchProviders
    from webdistill.adapters.providers.settings import ProviderSettings


class DeferredProviders:
    """`SearchProviders(settings, pacer=pacer)`, built at the first search."""

    def __init__(self, settings: ProviderSettings, *, pacer: Pacer | None = None) -> None:
        self._settings = settings
        self._pacer = pacer
        self._providers: SearchProviders | None = None
        self._lock = asyncio.Lock()

    async def _built(self) -> SearchProviders:
        async with self._lock:
            if self._providers is None:
                from webdistill.adapters.providers.registry import SearchProviders

                self._providers = SearchProviders(self._settings, pacer=self._pacer)
            return self._providers

    async def search(self, query: SearchQuery) -> Result[RowBatch, WebError]:
        providers = self._providers or await self._built()
        return await providers.search(query)

    async def close(self) -> None:
        """Close the providers if a search built them."""
        if self._providers is not None:
            await self._providers.close()

    async def __aenter__(self) -> DeferredProviders:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()
