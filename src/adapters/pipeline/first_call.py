"""The seam between the stages built when a toolkit opens and those built at first use.

`OnFirstCall` is a `WebBackend` that composes the chain below it (the HTTP client, the
providers, the extraction pool and the web stages of `chain.WEB_STAGES`) at its first search
or fetch, once, under a lock. A call the cache answers (`webdistill get`, a stored page)
never gets here, so it never loads aiohttp or starts the extraction fork server.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from returns.result import Result

from webdistill.kernel.errors import WebError
from webdistill.kernel.model import FetchRequest, SearchQuery
from webdistill.kernel.ports import WebBackend


class OnFirstCall:
    """The chain `compose()` answers, composed at the first call that reaches it."""

    def __init__(self, compose: Callable[[], Awaitable[WebBackend]]) -> None:
        self._compose = compose
        #: The composed chain (None until the first call): the stage below this one.
        self._inner: WebBackend | None = None
        self._lock: asyncio.Lock | None = None

    async def composed(self) -> WebBackend:
        """The chain below, composed now if no call has composed it yet."""
        if self._inner is None:
            if self._lock is None:
                self._lock = asyncio.Lock()
            async with self._lock:
                if self._inner is None:
                    self._inner = await self._compose()
        return self._inner

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        return await (await self.composed()).search(query)

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        return await (await self.composed()).extract(request)
