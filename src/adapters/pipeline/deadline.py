"""One slot and one total deadline per page read: a `WebBackend` decorator.

Everything a page read costs happens inside it: robots.txt (when respected), every redirect
and retry, the download, and the extraction in the worker pool. So:

- the deadline is total (WEB_FETCH_TIMEOUT_MS): when it fires, whatever is running is
  cancelled; the extraction pool kills its worker on cancellation, so CPU work stops too;
- one of `concurrency` slots (WEB_CONCURRENCY) is held from the first byte fetched to the
  last character extracted, so at most that many bodies (each within WEB_MAX_RESPONSE_BYTES)
  and their extractions are in memory at once, whatever the number of callers or sessions.

Before its slot, a page read takes a turn of its host (turns.py: at most `per_host`,
WEB_PER_HOST, download from one origin at once): a page whose host is busy waits there,
holding no slot. That wait counts against the deadline (as the wait for a connection in
aiohttp's connector did): pages queued for a hung host all time out one deadline after they
were asked, not one after another. It is watched on the shared timer below, so a waiter
arms no timer of its own while an earlier deadline is pending. Waiting for a slot is not
counted (it is queueing for this process's capacity, not for the site); every holder of a
slot is itself bounded by the deadline, so that wait is bounded too.

`close` (the toolkit closing; the composition root registers it through `Parts.closing`)
ends every page read in the stage at once, whichever part it is in (waiting for its turn or
a slot, robots.txt, on the wire, in a Retry-After wait, being extracted or rendered), and
every search (which passes through with no deadline: the providers time their requests),
with NETWORK_ERROR "the toolkit was closed" (`http.errors.closed_error`; a search's names
the site of the provider endpoint it was asking, which `providers.transport` tells through
`talking_to`), refuses later ones, and returns once all have left the stage: the pool, the
browser, the providers and the client close under nothing still running.

The deadline is the only timer of a page read: while it runs, `enclosing_deadline()` says
when it fires (event-loop time), and the guarded client arms no total timer of its own when
that one fires first. The deadlines of all page reads share one loop timer (`Watch`,
http/watch.py), so a read arms none of its own while an earlier deadline is pending.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import Sequence
from contextvars import ContextVar
from urllib.parse import urlsplit

from returns.result import Failure, Result

from webdistill.adapters.http.watch import Ticket, Watch
from webdistill.adapters.pipeline.turns import (
    HostTurns,
    Turn,
    drop_turn,
    hold_turn,
    host_key,
)
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import FetchRequest, SearchQuery
from webdistill.kernel.own_text import number, own, site
from webdistill.kernel.ports import WebBackend
from webdistill.kernel.quoting import shown_url

#: The longest the stage's close waits for the reads and searches it ended to leave (code of
#: a caller's own, a search provider swallowing its cancellation, is not waited for longer).
CLOSE_WAIT_S = 10.0

_ENCLOSING: ContextVar[float | None] = ContextVar("webdistill_deadline", default=None)
#: The running search's holder of the endpoint it asks now (`talking_to`).
_ASKING: ContextVar[list[str | None] | None] = ContextVar("webdistill_asking", default=None)


def enclosing_deadline() -> float | None:
    """When (loop time) the deadline around the running page read fires, if there is one."""
    return _ENCLOSING.get()


def outside_deadline() -> None:
    """The running task (one of its own, e.g. a robots.txt download shared by several page
    reads) is timed by no page read's deadline: its client calls arm their own timer."""
    _ENCLOSING.set(None)


def deadline_error(url: str, seconds: float) -> WebError:
    """TIMEOUT for a page read that outlived its one total deadline."""
    return WebError.of(
        ErrorCode.TIMEOUT,
        own(
            "Reading {} took longer than {} s in total (robots.txt, "
            "redirects, download and extraction together); the server is slow or the page is "
            "too costly to read. Try again later or use another source.",
            site(url),
            number(seconds),
        ),
        url=shown_url(url, 400),
        limit_s=f"{seconds:g}",
    )


def _ended(
    ticket: Ticket, cancelled: asyncio.CancelledError, url: str, limit: float
) -> Failure[WebError]:
    """A watched wait's answer to `cancelled`: when it is the watch's own cancellation (the
    deadline fired, or the stage closed) and nobody else's, it is taken back and becomes
    TIMEOUT (or the closed error); any other cancellation (the caller's) is raised on."""
    if ticket.took_back():
        return _closed(url) if ticket.closed else Failure(deadline_error(url, limit))
    raise cancelled


def talking_to(url: str) -> None:
    """The running search now asks `url` (a provider's endpoint, `providers.transport`): a
    close that ends it names that endpoint's site."""
    asking = _ASKING.get()
    if asking is not None:
        asking[0] = url


def _origin(url: str | None) -> str | None:
    """`scheme://host[:port]` of a provider's endpoint (no credentials, path or query: the
    closed error shows it), or None when there is none to show."""
    if url is None:
        return None
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or parts.scheme not in ("http", "https"):
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")


def _closed(url: str | None) -> Failure[WebError]:
    # (imported here: http.errors loads aiohttp, which a stored page never needs)
    from webdistill.adapters.http.errors import closed_error

    return Failure(closed_error(url))


class DeadlineBackend:
    """`inner.extract` inside one turn of its host (of `per_host`, or the `turns` given;
    None: no turns), one slot of `concurrency` and one total `timeout_s`."""

    def __init__(
        self,
        inner: WebBackend,
        *,
        timeout_s: float,
        concurrency: int,
        per_host: int | None = None,
        turns: HostTurns | None = None,
    ) -> None:
        self._inner = inner
        self._timeout_s = timeout_s
        self._concurrency = max(1, concurrency)
        self._slots: asyncio.Semaphore | None = None
        self._watch: Watch | None = None
        if turns is None and per_host is not None:
            turns = HostTurns(per_host)
        self._turns = turns
        self._closed = False
        #: Page reads in the stage now, and (while closing with some left) the future that
        #: the last one to leave sets.
        self._inside = 0
        self._emptied: asyncio.Future[None] | None = None

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        """`inner.search`, with no deadline here (the providers time their requests) but
        ended by `close` like a page read: the closed error naming the provider's site."""
        if self._closed:
            return _closed(None)
        self._inside += 1
        asking: list[str | None] = [None]  # the endpoint being asked (`talking_to`)
        token = _ASKING.set(asking)
        watch = self._watch_here()
        ticket = watch.enter(math.inf)  # on the watch for `close` alone
        try:
            return await self._inner.search(query)
        except asyncio.CancelledError:
            if ticket.took_back():
                return _closed(_origin(asking[0]))
            raise
        finally:
            watch.leave(ticket)
            _ASKING.reset(token)
            self._leave()

    def _watch_here(self) -> Watch:
        watch = self._watch
        if watch is None or not watch.on(asyncio.get_running_loop()):
            watch = self._watch = Watch(asyncio.get_running_loop())
        return watch

    def _limit(self, request: FetchRequest) -> float:
        limit = self._timeout_s  # a call's own timeout_ms may shorten it, never extend it
        if request.timeout_ms is not None:
            limit = max(0.001, min(limit, request.timeout_ms / 1000))
        return limit

    async def close(self) -> None:
        """End every page read in the stage (the closed error), refuse later ones, close the
        turns; return once every page read has left the stage, or after `CLOSE_WAIT_S` (a
        caller's search provider that swallows its cancellation is not waited for ever)."""
        self._closed = True
        if self._turns is not None:
            self._turns.close()
        if self._watch is not None:
            self._watch.cancel_all()
        if self._inside:
            if self._emptied is None:
                self._emptied = asyncio.get_running_loop().create_future()
            with contextlib.suppress(TimeoutError):  # (a second close waits on the same one)
                await asyncio.wait_for(asyncio.shield(self._emptied), CLOSE_WAIT_S)

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        if self._closed:
            return _closed(request.url)
        self._inside += 1
        try:
            limit = self._limit(request)
            if self._turns is None:
                return await self._in_slot(request, limit, limit)
            key = host_key(request.url)
            turn = self._turns.take_now(key)
            left = limit
            if turn is None:
                waited = await self._wait_for_turn(request, key, limit)
                if not isinstance(waited, tuple):
                    return waited
                turn, left = waited
            token = hold_turn(turn)  # the backend gives it back when the download ends
            try:
                return await self._in_slot(request, left, limit)
            finally:
                drop_turn(token)
                turn.give_back()
        finally:
            self._leave()

    def _leave(self) -> None:
        """A page read or search leaves the stage (the last, while closing, says so)."""
        self._inside -= 1
        emptied = self._emptied
        if not self._inside and emptied is not None and not emptied.done():
            emptied.set_result(None)

    async def _wait_for_turn(
        self, request: FetchRequest, key: str, limit: float
    ) -> tuple[Turn, float] | Failure[WebError]:
        """Wait for a turn at `key` within the deadline: the turn and the time left, or
        TIMEOUT (the deadline came first), or NETWORK_ERROR (the stage was closed)."""
        assert self._turns is not None
        watch = self._watch_here()
        ticket = watch.enter(limit)  # no new timer while an earlier deadline is pending
        try:
            turn = await self._turns.take(key)
        except asyncio.CancelledError as cancelled:
            return _ended(ticket, cancelled, request.url, limit)
        finally:
            watch.leave(ticket)
        if turn is None:
            return _closed(request.url)
        left = ticket.when - asyncio.get_running_loop().time()
        if left <= 0:
            turn.give_back()
            return Failure(deadline_error(request.url, limit))
        return turn, left

    async def _in_slot(
        self, request: FetchRequest, left: float, limit: float
    ) -> Result[object, WebError]:
        """`inner.extract` in a slot, within `left` seconds (of the read's `limit`)."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self._concurrency)
        watch = self._watch_here()
        slots = self._slots
        await slots.acquire()  # `async with slots` without its two extra coroutines
        try:
            if self._closed:  # closed while this read waited for its slot
                return _closed(request.url)
            # The deadline, on one timer for all page reads (http/watch.py): on expiry the
            # task is cancelled, as asyncio.timeout would; that cancellation, and only that
            # one, becomes TIMEOUT here (a caller's own cancellation goes through), as the
            # close's becomes the closed error.
            ticket = watch.enter(left)
            token = _ENCLOSING.set(ticket.when)
            try:
                return await self._inner.extract(request)
            except asyncio.CancelledError as cancelled:
                return _ended(ticket, cancelled, request.url, limit)
            finally:
                _ENCLOSING.reset(token)
                watch.leave(ticket)
        finally:
            slots.release()
