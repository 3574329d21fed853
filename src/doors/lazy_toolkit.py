"""A toolkit that composes itself on the first tool call, so a server answers at once.

`webdistill mcp` must answer `initialize` and `tools/list` quickly: they need only the
configuration and the schemas (kernel, cheap), while the composed toolkit pulls in aiohttp,
the extractors and the providers. `LazyToolkit` builds `webdistill.compose.build(config)` on
first use (once, under a lock) and closes it on exit; a second, concurrent exit returns once
the first has closed everything (as `Toolkit`'s does). After its exit, calls answer the
closed-toolkit error (`compose.closed_toolkit_error`) and build nothing.
"""

from __future__ import annotations

from contextlib import AsyncExitStack
from types import TracebackType
from typing import TYPE_CHECKING, Any

import anyio
from returns.result import Failure, Result

from webdistill.config import Config
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import FetchOutcome, SearchOutcome
from webdistill.kernel.results import StoredResult
from webdistill.kernel.schemas import tool_schemas

if TYPE_CHECKING:
    from webdistill.compose import Toolkit


class LazyToolkit:
    """`webdistill.compose.Toolkit`'s surface, composed on the first search or fetch."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self._stack = AsyncExitStack()
        self._toolkit: Toolkit | None = None
        self._lock = anyio.Lock()
        self._closed = False
        self._closing: anyio.Event | None = None  # set once the first close has finished

    async def toolkit(self) -> Toolkit | None:
        """The composed toolkit, built on the first call (None once this one has closed)."""
        if self._closed:  # (not queued behind a close holding the lock)
            return None
        async with self._lock:
            if self._toolkit is None and not self._closed:
                from webdistill.compose import build

                toolkit = await self._stack.enter_async_context(build(self.config))
                if self._closed:  # closed while building: close what was built
                    await self._stack.aclose()
                else:
                    self._toolkit = toolkit
            return self._toolkit

    async def search(
        self, raw: object, *, scope: str = ""
    ) -> Result[tuple[SearchOutcome, ...], WebError]:
        toolkit = await self.toolkit()
        if toolkit is None:
            return _closed()
        return await toolkit.search(raw, scope=scope)

    async def fetch(
        self, raw: object, *, scope: str = ""
    ) -> Result[tuple[FetchOutcome, ...], WebError]:
        toolkit = await self.toolkit()
        if toolkit is None:
            return _closed()
        return await toolkit.fetch(raw, scope=scope)

    async def get_result(self, raw: object, *, scope: str = "") -> Result[StoredResult, WebError]:
        toolkit = await self.toolkit()
        if toolkit is None:
            return _closed()
        return await toolkit.get_result(raw, scope=scope)

    def schemas(self, *, strict: bool = False) -> list[dict[str, Any]]:
        """The same schemas as `Toolkit.schemas` (both come from `kernel.schemas`)."""
        return tool_schemas(strict=strict, results=self.config.max_stored_results > 0)

    async def __aenter__(self) -> LazyToolkit:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._toolkit = None
        self._closed = True
        if self._closing is not None:  # closed by another task already, or being closed:
            await self._closing.wait()  # return when that close has finished, not before
            return
        self._closing = anyio.Event()
        try:
            async with self._lock:  # a build under way finishes (and closes what it built)
                await self._stack.aclose()
        finally:
            self._closing.set()


def _closed() -> Failure[WebError]:
    from webdistill.compose import closed_toolkit_error

    return Failure(closed_toolkit_error())
