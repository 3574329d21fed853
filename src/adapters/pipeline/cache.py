"""`CachingBackend`: a caching `WebBackend` decorator over a `Store` (the pipeline's top stage).

Search answers live 5 minutes, pages 10 minutes in the store (memory, disk or Redis: see
`adapters/store`), so paging through a long document with `start_index` downloads it once,
in one process or across CLI calls and replicas. Concurrent requests for the same key share
one in-flight call, in this process and, through a short store lock, across processes; a
caller that is cancelled, even the one running the call, leaves the others their answer
(a page's or search's waiter runs the call again). Failures are never cached. The clock is
injectable for tests (memory store). The compressor's cache is `compress/cache.py`.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from typing import Generic, TypeVar

import attrs
from returns.result import Result, Success

from webdistill.adapters.store import codec
from webdistill.adapters.store.closed import STORED_NOTICE, known_flags, stored_skip
from webdistill.adapters.store.flight import shared_flight
from webdistill.adapters.store.memory import MemoryStore, flat_footprint
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import (
    FetchedPage,
    FetchRequest,
    RowBatch,
    SearchQuery,
)
from webdistill.kernel.own_text import OwnText, name, own, sentences
from webdistill.kernel.ports import WebBackend
from webdistill.kernel.store import Store, StoreError

SEARCH_TTL_S = 300.0
PAGE_TTL_S = 600.0
PAGE_CACHE_BYTES = 64 * 1024 * 1024
SEARCH_CACHE_ENTRIES = 512
#: How long a process may hold the shared lock of one download before others stop waiting.
LOCK_TTL_S = 30.0

_V = TypeVar("_V")
Clock = Callable[[], float]


class _LeaderGone(Exception):
    """The caller running the call was cancelled: a caller still waiting runs it again."""


class _SingleFlight(Generic[_V]):
    """Concurrent calls with the same key await one underlying call.

    The first caller runs it; a caller that finds it running waits on a future of its own
    (so its cancellation is its own) and gets its answer or exception. When the first caller
    is cancelled (its client went away), the callers still waiting are not: one of them
    runs the call again and the others wait for it."""

    def __init__(self) -> None:
        self._running: dict[Hashable, list[asyncio.Future[_V]]] = {}

    async def run(self, key: Hashable, call: Callable[[], Awaitable[_V]]) -> _V:
        while (waiters := self._running.get(key)) is not None:
            future: asyncio.Future[_V] = asyncio.get_running_loop().create_future()
            waiters.append(future)
            try:
                return await future
            except _LeaderGone:
                continue  # the running call was cancelled: run it, or wait for who does
        waiters = self._running[key] = []
        try:
            value = await call()
        except asyncio.CancelledError:
            for future in waiters:
                if not future.done():
                    future.set_exception(_LeaderGone())
            raise
        except BaseException as exc:
            for future in waiters:
                if not future.done():
                    future.set_exception(exc)
            raise
        finally:
            del self._running[key]
        for future in waiters:
            if not future.done():
                future.set_result(value)
        return value


_PAGE_FIELDS = tuple(field.name for field in attrs.fields(FetchedPage))


def _plain_row(row: object) -> object:
    """A backend row as JSON-ready data (rows are attrs instances or mappings)."""
    if type(row) is FetchedPage:  # flat: what `attrs.asdict` answers, as JSON, built directly
        return {name: getattr(row, name) for name in _PAGE_FIELDS}
    if attrs.has(type(row)):
        return attrs.asdict(row)  # type: ignore[arg-type]
    if isinstance(row, Mapping):
        return dict(row)
    return row


def _plain_rows(rows: Sequence[object]) -> object:
    plain = [_plain_row(row) for row in rows]
    if isinstance(rows, RowBatch):
        return {"rows": plain, "provider": rows.provider, "skipped": list(rows.skipped)}
    return {"rows": plain}


#: Store entries are written by webdistill, but a store others can write (Redis shared by
#: replicas and whatever else reaches it) may hold anything: what the renderer shows outside
#: the fence is read back in a closed form (issue 26, `adapters/store/closed.py`). The rows
#: themselves are re-validated by the kernel like any backend's.
def _known(value: object, names: frozenset[str] | None) -> bool:
    return isinstance(value, str) and (names is None or value in names)


def _rows_of(data: object, shared: bool, names: frozenset[str] | None) -> Sequence[object] | None:
    """Stored search rows; from a `shared` store, the provider only when it is one of
    `names` (None: not checked). Each skipped note, from any store, as `closed.stored_skip`
    reads it (`name: CODE`, its message not kept): a note read back is a plain str, and
    only the closed form of it is own text (the memory and disk stores are this user's, but
    the note is rebuilt rather than trusted, so no store's entry stands outside the fence)."""
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        return None
    rows = tuple(data["rows"])
    provider, skipped = data.get("provider"), data.get("skipped")
    if isinstance(provider, str) and isinstance(skipped, list):
        shown = tuple(stored_skip(note, names if shared else None) for note in skipped)
        return RowBatch(rows, provider if not shared or _known(provider, names) else "", shown)
    return rows


def _page_of(data: object, shared: bool, names: frozenset[str] | None) -> object | None:
    """A stored page row; from a `shared` store, its own-line fields in closed forms: flags
    from the known list, the reader from `names`, a notice replaced by `STORED_NOTICE`."""
    if not isinstance(data, dict):
        return None
    if not shared:
        return data
    page = dict(data)
    if isinstance(page.get("flags"), list):
        page["flags"] = known_flags(page["flags"])
    reader = page.get("reader")
    if reader is not None and not _known(reader, names):
        page["reader"] = None
    if page.get("notice"):
        page["notice"] = STORED_NOTICE
    return page


def _store_parts(store: Store, error: StoreError) -> tuple[OwnText, OwnText]:
    """The store's label and its reason, for a notice. The reason is our store adapters'
    own words (`StoreError.reason` is `OwnText`: what went wrong and what to do; SQLite's,
    redis-py's and a Redis server's own texts are logged there, never put in it)."""
    return name(store.label, "the configured store"), error.reason


def store_notice(store: Store, error: StoreError) -> OwnText:
    label, reason = _store_parts(store, error)
    return own(
        "The result store ({}) is unavailable or full ({}), so this page was downloaded "
        "directly and is not kept for paging: reading on downloads it again.",
        label,
        reason,
    )


def search_store_notice(store: Store, error: StoreError) -> OwnText:
    label, reason = _store_parts(store, error)
    return own(
        "The result store ({}) is unavailable or full ({}), so this search was answered "
        "directly and is not kept: asking again searches again.",
        label,
        reason,
    )


def _rows_with_notice(rows: Sequence[object], notice: OwnText) -> RowBatch:
    """The rows as a `RowBatch` carrying `notice` (after any notice they already carry)."""
    if isinstance(rows, RowBatch):
        return attrs.evolve(rows, notice=sentences(rows.notice, notice))
    return RowBatch(tuple(rows), provider="", notice=notice)


def _with_notice(row: object, notice: OwnText) -> object:
    """The page row with `notice` appended to its own notice (rows are untrusted shapes)."""
    if isinstance(row, FetchedPage):
        return attrs.evolve(row, notice=sentences(row.notice, notice))
    if isinstance(row, Mapping):
        old = row.get("notice")
        return {**row, "notice": f"{old} {notice}" if isinstance(old, str) and old else notice}
    return row


class CachingBackend:
    """A `WebBackend` that keeps successful answers of the backend it wraps in a `Store`.

    Without a `store`, an in-memory one of `page_cache_bytes` (today's behaviour). With a
    shared store (disk, Redis), identical concurrent requests from several processes share
    one download (`shared_flight`); a store that fails makes the page carry a notice, never
    fails the call.
    """

    def __init__(
        self,
        inner: WebBackend,
        store: Store | None = None,
        *,
        search_ttl_s: float = SEARCH_TTL_S,
        page_ttl_s: float = PAGE_TTL_S,
        page_cache_bytes: int = PAGE_CACHE_BYTES,
        lock_ttl_s: float | None = LOCK_TTL_S,
        clock: Clock = time.monotonic,
        search_scope: str = "",
        page_scope: str = "",
        names: frozenset[str] | None = None,
        others_write: bool | None = None,
        ended: Callable[[], bool] | None = None,
    ) -> None:
        #: Whether the toolkit is closing: a wait for another process's download stops.
        self._ended = ended
        # The scopes name what answers a search / reads a page (providers, caller handlers):
        # a store shared by toolkits or processes set up differently must not mix them.
        self._search_scope = search_scope
        self._page_scope = page_scope
        #: Provider and reader names an entry read back from a shared store may carry
        #: (others are dropped; None: not checked).
        self._names = names
        #: Entries others can write are read back in closed forms (None: any shared store).
        self._shared = (
            (store is not None and store.shared) if others_write is None else others_write
        )
        self._inner = inner
        self._store: Store = store if store is not None else MemoryStore(page_cache_bytes, clock)
        #: Pages go into a memory store as objects (see `_extract_in_memory`).
        self._memory = self._store if isinstance(self._store, MemoryStore) else None
        self._search_ttl_s = search_ttl_s
        self._page_ttl_s = page_ttl_s
        self._lock_ttl_s = lock_ttl_s
        self._search_flight: _SingleFlight[Result[Sequence[object], WebError]] = _SingleFlight()
        self._page_flight: _SingleFlight[Result[object, WebError]] = _SingleFlight()

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        # every option of the query is part of the key
        identity = json.dumps(attrs.asdict(query), sort_keys=True, default=str)
        if self._search_scope:
            identity = f"{self._search_scope} {identity}"
        return await self._search_flight.run(identity, lambda: self._search(query, identity))

    async def _search(
        self, query: SearchQuery, identity: str
    ) -> Result[Sequence[object], WebError]:
        async def keep(answer: Result[Sequence[object], WebError]) -> StoreError | None:
            if not isinstance(answer, Success):
                return None
            data = _plain_rows(answer.unwrap())
            return await self._keep("search", identity, data, self._search_ttl_s)

        flown = await shared_flight(
            self._store,
            codec.key("search", identity),
            self._lock_ttl_s,
            lookup=lambda raw: _rows_of(
                codec.decode("search", identity, raw), self._shared, self._names
            ),
            call=lambda: self._inner.search(query),
            keep=keep,
            ended=self._ended,
        )
        if flown.cached:
            return Success(flown.value)  # type: ignore[arg-type]
        answer: Result[Sequence[object], WebError] = flown.value  # type: ignore[assignment]
        if flown.store_error is not None and isinstance(answer, Success):
            notice = search_store_notice(self._store, flown.store_error)
            return Success(_rows_with_notice(answer.unwrap(), notice))
        return answer

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        identity = request.url  # windows and focus are cut by the kernel, not the backend
        if request.prefer_reader:  # a hosted reader's page is another reading of the URL
            identity = f"prefer_reader {request.url}"
        if request.render:  # so is a render the caller asked for (adapters/render)
            identity = f"render {identity}"
        if request.extract_mode != "markdown":  # the raw body is another row
            identity = f"{request.extract_mode} {identity}"
        if self._page_scope:
            identity = f"{self._page_scope} {identity}"
        # Callers share a download only with the same time budget: one with a shorter
        # `timeout_ms` must not hand its TIMEOUT to one that would have waited longer.
        flight = (identity, request.timeout_ms)
        memory = self._memory
        if memory is None:
            return await self._page_flight.run(flight, lambda: self._extract(request, identity))
        kept = memory.recall(("page", identity))  # a hit needs no flight
        if kept is not None:
            if isinstance(kept, FetchedPage):
                return Success(kept)
            page = _page_of(codec.decode("page", identity, kept), False, None)  # type: ignore[arg-type]
            if page is not None:
                return Success(page)
        return await self._page_flight.run(
            flight, lambda: self._extract_into(memory, request, identity)
        )

    async def _extract(self, request: FetchRequest, identity: str) -> Result[object, WebError]:
        key = codec.key("page", identity)

        async def keep(answer: Result[object, WebError]) -> StoreError | None:
            if not isinstance(answer, Success):
                return None
            entry = codec.encode("page", identity, _plain_row(answer.unwrap()))
            if entry is None:
                return None  # not JSON (an odd row): simply not kept
            kept = await self._store.put(key, entry, self._page_ttl_s)
            return None if isinstance(kept, Success) else kept.failure()

        flown = await shared_flight(
            self._store,
            key,
            self._lock_ttl_s,
            lookup=lambda raw: _page_of(
                codec.decode("page", identity, raw), self._shared, self._names
            ),
            call=lambda: self._inner.extract(request),
            keep=keep,
            ended=self._ended,
        )
        if flown.cached:
            return Success(flown.value)
        answer: Result[object, WebError] = flown.value  # type: ignore[assignment]
        if flown.store_error is not None and isinstance(answer, Success):
            return Success(
                _with_notice(answer.unwrap(), store_notice(self._store, flown.store_error))
            )
        return answer

    async def _extract_into(
        self, memory: MemoryStore, request: FetchRequest, identity: str
    ) -> Result[object, WebError]:
        """A miss on this process's memory store (see `extract`): the page is kept as it is
        (a frozen `FetchedPage`: what the kernel would make of its JSON form), other rows as
        their versioned JSON entry (so they read back exactly as from any store). No other
        process shares it (no shared lock: the single-flight covers this process), and it
        never fails (no notice)."""
        answer = await self._inner.extract(request)
        if isinstance(answer, Success):
            row = answer.unwrap()
            if type(row) is FetchedPage:
                size = len(identity) + flat_footprint(row)
                memory.keep(("page", identity), row, size, self._page_ttl_s)
            else:
                entry = codec.encode("page", identity, _plain_row(row))
                if entry is not None:
                    size = len(identity) + len(entry)
                    memory.keep(("page", identity), entry, size, self._page_ttl_s)
        return answer

    async def _keep(
        self, kind: str, identity: str, data: object, ttl_s: float
    ) -> StoreError | None:
        entry = codec.encode(kind, identity, data)
        if entry is None:
            return None  # not JSON (an odd row): simply not kept
        kept = await self._store.put(codec.key(kind, identity), entry, ttl_s)
        return None if isinstance(kept, Success) else kept.failure()
