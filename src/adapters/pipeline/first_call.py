"""The seam between the stages built when a toolkit opens and those built at first use.

`OnFirstCall` is a `WebBackend` that composes the chain below it (the HTTP client, the
providers, the extraction pool and the web stages of `chain.WEB_STAGES`) at its first search
or fetch, once, under a lock. A call the cache answers (`webdistill get`, a stored page)
never gets here, so it never loads aiohttp or starts the extraction fork server.

What the chain opens is entered on this seam's own exit stack, closed by `close()` when the
toolkit closes; a call still running then (or arriving later) opens nothing more: it fails
with the closed-toolkit error (`http.errors.closed_error`, NETWORK_ERROR), and a composition
that was under way is closed as soon as it ends.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AsyncExitStack

from returns.result import Failure, Result

from webdistill.kernel.errors import WebError
from webdistill.kernel.model import FetchRequest, SearchQuery
from webdistill.kernel.ports import WebBackend


class OnFirstCall:
    """The chain `compose()` answers, composed at the first call that reaches it."""

    def __init__(self, compose: Callable[[AsyncExitStack], Awaitable[WebBackend]]) -> None:
        self._compose = compose
        #: The composed chain (None until the first call): the stage below this one.
        self._inner: WebBackend | None = None
        self._lock: asyncio.Lock | None = None
        self._stack = AsyncExitStack()
        self._closed = False

    async def composed(self) -> WebBackend | None:
        """The chain below, composed now if no call has composed it yet (None once closed)."""
        if self._inner is None and not self._closed:
            if self._lock is None:
                self._lock = asyncio.Lock()
            async with self._lock:
                if self._inner is None and not self._closed:
                    inner = await self._compose(self._stack)
                    if self._closed:  # closed while composing: close what it opened
                        await self._stack.aclose()
                    else:
                        self._inner = inner
        return None if self._closed else self._inner

    async def close(self) -> None:
        """Close what the chain opened; later calls fail and open nothing."""
        self._closed = True
        self._inner = None
        await self._stack.aclose()

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        inner = await self.composed()
        return _closed(None) if inner is None else await inner.search(query)

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        inner = await self.composed()
        return _closed(request.url) if inner is None else await inner.extract(request)


def _closed(url: str | None) -> Failure[WebError]:
    # (imported here: http.errors loads aiohttp, which a stored page never needs)
    from webdistill.adapters.http.errors import closed_error

    return Failure(closed_error(url))
