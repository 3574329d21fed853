"""A caching `Compressor`: compressed answers kept in this process and in the result store.

Paging through a compressed page (`start_index`) must see one compression, not a new one per
page: `CachingCompressor` remembers answers per (text digest, instruction, window), in a
small in-process TTL cache (`TtlLru`) and, given a store, in the store too (versioned
entries, `store.codec`), and lets identical concurrent compressions share one call.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

import attrs
from returns.result import Result, Success

from webdistill.adapters.compress.flight import SingleFlight
from webdistill.adapters.store import codec
from webdistill.adapters.store.flight import shared_flight
from webdistill.kernel.errors import WebError
from webdistill.kernel.ports import Compressor
from webdistill.kernel.store import Store, StoreError

COMPRESSION_CACHE_ENTRIES = 64
#: Answers live as long as pages do (`pipeline.cache.PAGE_TTL_S`): a paged page pages its
#: compression alike.
ANSWER_TTL_S = 600.0

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


class CachingCompressor:
    """A `Compressor` that remembers its answers, so paging compressed text is stable.

    Answers are kept in this process (the last `entries`) and, given a `store`, in the
    result store too (10 minutes, like pages; versioned entries, `codec`), so paging a
    compressed page across CLI calls or replicas compresses it once. `scope` names what
    answers (endpoint, model): a store shared by differently set-up processes must not mix
    them. Identical concurrent compressions share one call of the compressor it wraps
    (`SingleFlight`, and the store lock across replicas when `lock_ttl_s` is given); failures
    are not remembered, and a store that fails is simply not used. It offers `compress_to`
    (the request's window) and passes it on when the wrapped one does.
    """

    def __init__(
        self,
        inner: Compressor,
        *,
        entries: int = COMPRESSION_CACHE_ENTRIES,
        store: Store | None = None,
        scope: str = "",
        lock_ttl_s: float | None = None,
        ttl_s: float = ANSWER_TTL_S,
        ended: Callable[[], bool] | None = None,
    ) -> None:
        #: Whether the toolkit is closing: a wait for another process's compression stops.
        self._ended = ended
        self._inner = inner
        self.label = str(getattr(inner, "label", None) or type(inner).__name__)
        self._answers: TtlLru[str] = TtlLru(ttl_s, entries)
        self._flight: SingleFlight[Result[str, WebError]] = SingleFlight()
        self._store = store
        self._scope = scope
        self._lock_ttl_s = lock_ttl_s
        self._ttl_s = ttl_s
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

        def compress() -> Awaitable[Result[str, WebError]]:
            if inner_to is not None and budget is not None:
                return inner_to(text, instruction, budget)
            return self._inner(text, instruction)

        def call() -> Awaitable[Result[str, WebError]]:
            if self._store is None:
                return compress()
            identity = json.dumps([self._scope, self.label, digest, instruction, budget])
            return self._through_store(self._store, identity, compress)

        answer = await self._flight.run(key, call)
        if isinstance(answer, Success):
            self._answers.put(key, answer.unwrap())
        return answer

    async def _through_store(
        self,
        store: Store,
        identity: str,
        compress: Callable[[], Awaitable[Result[str, WebError]]],
    ) -> Result[str, WebError]:
        async def keep(answer: Result[str, WebError]) -> StoreError | None:
            if not isinstance(answer, Success):
                return None  # failures are never kept
            entry = codec.encode("compression", identity, answer.unwrap())
            if entry is None:
                return None
            kept = await store.put(codec.key("compression", identity), entry, self._ttl_s)
            return None if isinstance(kept, Success) else kept.failure()

        def lookup(raw: bytes | None) -> str | None:
            data = codec.decode("compression", identity, raw)
            return data if isinstance(data, str) else None

        flown = await shared_flight(
            store,
            codec.key("compression", identity),
            self._lock_ttl_s,
            lookup=lookup,
            call=compress,
            keep=keep,
            ended=self._ended,
        )
        if flown.cached:
            return Success(str(flown.value))
        return flown.value  # type: ignore[return-value]
