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
slot is itself bounded by the deadline, so that wait is bounded too. Closing the turns (the
toolkit closing: `HostTurns.close`) ends the page reads waiting for one with NETWORK_ERROR.

The deadline is the only timer of a page read: while it runs, `enclosing_deadline()` says
when it fires (event-loop time), and the guarded client arms no total timer of its own when
that one fires first. The deadlines of all page reads share one loop timer (`Watch`,
http/watch.py), so a read arms none of its own while an earlier deadline is pending.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from contextvars import ContextVar

from returns.result import Failure, Result

from webdistill.adapters.http.watch import Watch
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

_ENCLOSING: ContextVar[float | None] = ContextVar("webdistill_deadline", default=None)


def enclosing_deadline() -> float | None:
    """When (loop time) the deadline around the running page read fires, if there is one."""
    return _ENCLOSING.get()


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

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        return await self._inner.search(query)

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

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
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

    async def _wait_for_turn(
        self, request: FetchRequest, key: str, limit: float
    ) -> tuple[Turn, float] | Failure[WebError]:
        """Wait for a turn at `key` within the deadline: the turn and the time left, or
        TIMEOUT (the deadline came first), or NETWORK_ERROR (the turns were closed)."""
        assert self._turns is not None
        watch = self._watch_here()
        ticket = watch.enter(limit)  # no new timer while an earlier deadline is pending
        try:
            turn = await self._turns.take(key)
        except asyncio.CancelledError:
            if ticket.fired and ticket.uncancel() <= ticket.cancelling:
                return Failure(deadline_error(request.url, limit))
            raise
        finally:
            watch.leave(ticket)
            if ticket.fired:
                ticket.uncancel()
        if turn is None:
            # (imported here: http.errors loads aiohttp, which a stored page never needs)
            from webdistill.adapters.http.errors import closed_error

            return Failure(closed_error(request.url))
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
            # The deadline, on one timer for all page reads (http/watch.py): on expiry the
            # task is cancelled, as asyncio.timeout would; that cancellation, and only that
            # one, becomes TIMEOUT here (a caller's own cancellation goes through).
            ticket = watch.enter(left)
            token = _ENCLOSING.set(ticket.when)
            try:
                return await self._inner.extract(request)
            except asyncio.CancelledError:
                if ticket.fired and ticket.uncancel() <= ticket.cancelling:
                    return Failure(deadline_error(request.url, limit))
                raise
            finally:
                _ENCLOSING.reset(token)
                watch.leave(ticket)
                if ticket.fired:
                    ticket.uncancel()
        finally:
            slots.release()
