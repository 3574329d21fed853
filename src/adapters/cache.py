"""In-memory caches: a caching `WebBackend` decorator and a caching compressor.

Search answers live 5 minutes, pages 10 minutes in a byte-bounded LRU, so paging through a
long document with `start_index` downloads it once. Concurrent requests for the same key
share one in-flight call (compressions through `compress.flight.SingleFlight`, which goes on
for the callers left when one is cancelled). Failures are never cached. The clock is
injectable for tests.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Sequence
from typing import Generic, TypeVar

import attrs
from returns.result import Result, Success

from webdistill.adapters.compress.flight import SingleFlight
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import FetchRequest, SearchQuery
from webdistill.kernel.ports import Compressor, WebBackend

SEARCH_TTL_S = 300.0
PAGE_TTL_S = 600.0
PAGE_CACHE_BYTES = 64 * 1024 * 1024
SEARCH_CACHE_ENTRIES = 512
COMPRESSION_CACHE_ENTRIES = 64

_V = TypeVar("_V")
Clock = Callable[[], float]


@attrs.define
class _Entry(Generic[_V]):
    value: _V
    expires: float
    size: int


class TtlLru(Generic[_V]):
    """A TTL cache bounded by total size (and entry count), evicting least recently used."""

    def __init__(self, ttl_s: float, max_size: int, clock: Clock = time.monotonic) -> None:
        self._ttl = ttl_s
        self._max_size = max_size
        self._clock = clock
        self._entries: OrderedDict[Hashable, _Entry[_V]] = OrderedDict()
        self._size = 0

    def get(self, key: Hashable) -> _V | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        if entry.expires <= self._clock():
            self._drop(key)
            return None
        self._entries.move_to_end(key)
        return entry.value

    def put(self, key: Hashable, value: _V, size: int = 1) -> None:
        if size > self._max_size:
            return
        if key in self._entries:
            self._drop(key)
        self._entries[key] = _Entry(value, self._clock() + self._ttl, size)
        self._size += size
        while self._size > self._max_size:
            self._drop(next(iter(self._entries)))

    def _drop(self, key: Hashable) -> None:
        entry = self._entries.pop(key)
        self._size -= entry.size


class _SingleFlight(Generic[_V]):
    """Concurrent calls with the same key await one underlying call."""

    def __init__(self) -> None:
        self._running: dict[Hashable, asyncio.Future[_V]] = {}

    async def run(self, key: Hashable, call: Callable[[], Awaitable[_V]]) -> _V:
        running = self._running.get(key)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[_V] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        try:
            value = await call()
        except asyncio.CancelledError:
            future.cancel()
            raise
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved: the waiters (if any) re-raise it
            raise
        finally:
            self._running.pop(key, None)
        future.set_result(value)
        return value


def _page_size(row: object) -> int:
    content = getattr(row, "content", None)
    if content is None and isinstance(row, dict):
        content = row.get("content")
    return 1024 + (len(content) * 2 if isinstance(content, str) else 0)


class CachingBackend:
    """A `WebBackend` that remembers successful answers of the backend it wraps."""

    def __init__(
        self,
        inner: WebBackend,
        *,
        search_ttl_s: float = SEARCH_TTL_S,
        page_ttl_s: float = PAGE_TTL_S,
        page_cache_bytes: int = PAGE_CACHE_BYTES,
        clock: Clock = time.monotonic,
    ) -> None:
        self._inner = inner
        self._searches: TtlLru[Sequence[object]] = TtlLru(search_ttl_s, SEARCH_CACHE_ENTRIES, clock)
        self._pages: TtlLru[object] = TtlLru(page_ttl_s, page_cache_bytes, clock)
        self._search_flight: _SingleFlight[Result[Sequence[object], WebError]] = _SingleFlight()
        self._page_flight: _SingleFlight[Result[object, WebError]] = _SingleFlight()

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        key = query  # frozen and hashable: every option of the query is part of the key
        cached = self._searches.get(key)
        if cached is not None:
            return Success(cached)
        answer = await self._search_flight.run(key, lambda: self._inner.search(query))
        if isinstance(answer, Success):
            self._searches.put(key, answer.unwrap())
        return answer

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        key: object = request.url  # windows and focus are cut by the kernel, not the backend
        if request.prefer_reader:  # a hosted reader's page is another reading of the URL
            key = f"prefer_reader {request.url}"
        if request.extract_mode != "markdown":  # the raw body is another row
            key = (key, request.extract_mode)
        cached = self._pages.get(key)
        if cached is not None:
            return Success(cached)
        answer = await self._page_flight.run(key, lambda: self._inner.extract(request))
        if isinstance(answer, Success):
            row = answer.unwrap()
            self._pages.put(key, row, _page_size(row))
        return answer


class CachingCompressor:
    """A `Compressor` that remembers its last answers, so paging compressed text is stable.

    Identical concurrent compressions (same text, focus and window) share one call of the
    compressor it wraps (`SingleFlight`); failures are not remembered. It offers
    `compress_to` (the request's window) and passes it on when the wrapped one does.
    """

    def __init__(self, inner: Compressor, *, entries: int = COMPRESSION_CACHE_ENTRIES) -> None:
        self._inner = inner
        self.label = str(getattr(inner, "label", None) or type(inner).__name__)
        self._answers: TtlLru[str] = TtlLru(PAGE_TTL_S, entries)
        self._flight: SingleFlight[Result[str, WebError]] = SingleFlight()
        compress_to = getattr(inner, "compress_to", None)
        self._inner_to: Callable[[str, str, int], Awaitable[Result[str, WebError]]] | None = (
            compress_to if callable(compress_to) else None
        )

    async def __call__(self, text: str, instruction: str) -> Result[str, WebError]:
        return await self._answer(text, instruction, None)

    async def compress_to(
        self, text: str, instruction: str, max_chars: int
    ) -> Result[str, WebError]:
        return await self._answer(text, instruction, max_chars)

    async def _answer(
        self, text: str, instruction: str, max_chars: int | None
    ) -> Result[str, WebError]:
        inner_to = self._inner_to
        budget = max_chars if inner_to is not None else None
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        key = (digest, instruction, budget)
        cached = self._answers.get(key)
        if cached is not None:
            return Success(cached)

        def call() -> Awaitable[Result[str, WebError]]:
            if inner_to is not None and budget is not None:
                return inner_to(text, instruction, budget)
            return self._inner(text, instruction)

        answer = await self._flight.run(key, call)
        if isinstance(answer, Success):
            self._answers.put(key, answer.unwrap())
        return answer
