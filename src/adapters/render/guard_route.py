"""Every request of a rendered page through the guarded client, or refused.

A `PageGuard` is installed on a fresh browser context (`context.route("**/*")`): for each
request the page makes (the document, scripts, XHR/fetch, iframes, workers, styles...)
it either fulfils it with what the guarded client fetched (same URL policy, resolver, dial
guard, byte cap and audit log as any page read) or aborts it. Aborted: anything but GET
(a reading has nothing to send), schemes other than http(s) (`file:`, `data:` never reach
the route; Chromium blocks `file:` from web pages itself), the skipped resource types
(images, media, fonts by default), requests past the page's `max_requests` or `max_bytes`,
and everything after the page's deadline. WebSockets are refused (`route_web_socket`).
With robots.txt obeyed (`robots`), every request the page makes (frames' documents, scripts,
fetch/XHR) and every redirect hop of it is fetched only if its site's robots.txt allows it
(`http.hop_check`): the check runs after the request is counted, so the robots.txt reads
it causes are bounded by `max_requests` too.

The byte cap holds for requests in flight together: each request reserves its share of
what is left of the page's `max_bytes` before it is fetched, and that share is the guarded
client's body cap for it (half of what is unreserved; the last bytes to a request alone; a
request waits while too little is left unreserved, and is refused once the page's bytes are
spent). A body cut at its share is aborted, not handed to the page.

A main-frame navigation to another document (`location = ...`, a meta refresh, a form, a
reload; not pushState or a #fragment, which make no request) is aborted before anything is
fetched and recorded in `navigated`: the renderer then ends the render, so nothing of
another page (or of a page robots.txt closes) is read under the vetted URL.

The fetches run as tasks of the guard, so that closing the page cancels those still
running (`close()`): nothing the page asked for outlives its render.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from returns.result import Result, Success

from webdistill.adapters.http import audit
from webdistill.adapters.http.hop_check import HopCheck, checking
from webdistill.kernel.errors import ErrorCode, WebError

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, Route, WebSocketRoute

#: The least share a request reserves while others are in flight (it waits for more).
MIN_SHARE = 16 * 1024
#: Request headers passed on to the guarded client (others are the browser's own).
_PASSED = ("accept", "accept-language")


class FetchedBody(Protocol):
    @property
    def status(self) -> int: ...
    @property
    def content_type(self) -> str: ...
    @property
    def body(self) -> bytes: ...
    @property
    def truncated(self) -> bool: ...


class PageFetcher(Protocol):
    """The guarded client's `get`."""

    async def get(
        self,
        url: str,
        *,
        headers: Mapping[str, str] | None = None,
        timeout_s: float | None = None,
        max_bytes: int | None = None,
    ) -> Result[FetchedBody, WebError]: ...


class PageGuard:
    """The routing of one page: counts, caps, the fetch tasks, what was refused and why."""

    def __init__(
        self,
        client: PageFetcher,
        *,
        deadline: float,
        max_requests: int,
        max_bytes: int,
        skipped_types: frozenset[str],
        robots: HopCheck | None = None,
    ) -> None:
        self._client = client
        self._robots = robots
        #: time.monotonic() seconds; nothing is fetched past it (the renderer may move it).
        self.deadline = deadline
        self._max_requests = max_requests
        self._max_bytes = max_bytes
        self._skipped = skipped_types
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False
        self.requests = 0
        self.bytes = 0
        #: Bytes reserved by the requests in flight (each its body cap).
        self._reserved = 0
        self._released = asyncio.Event()
        self._documents = 0
        #: The URL of a main-frame navigation away from the vetted document (aborted).
        self.navigated: str | None = None
        self.in_flight = 0
        self.last_activity = time.monotonic()
        self.refused: dict[str, int] = {}
        self.document_error: WebError | None = None
        #: The page reached its request or byte cap: it is read as it is now.
        self.capped = False

    async def install(self, context: BrowserContext) -> None:
        await context.route("**/*", self._on_route)
        await context.route_web_socket("**/*", self._on_web_socket)

    def _refuse(self, why: str) -> None:
        self.refused[why] = self.refused.get(why, 0) + 1

    async def _on_route(self, route: Route) -> None:
        """Playwright calls this for each request; the work runs in a task we can cancel."""
        task = asyncio.create_task(self._handle(route))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        with contextlib.suppress(asyncio.CancelledError):
            await task

    async def _handle(self, route: Route) -> None:
        request = route.request
        self.last_activity = time.monotonic()
        why = self._refusal(request.method, request.url, request.resource_type)
        if why is not None:
            self._refuse(why)
            await _abort(route)
            return
        if _top_document(route):
            self._documents += 1
            if self._documents > 1:  # the page navigates itself to another document
                self.navigated = self.navigated or request.url
                self._refuse("navigation")
                await _abort(route)
                return
        self.requests += 1
        self.in_flight += 1
        share = 0
        try:
            share = await self._reserve()
            if share <= 0:
                self._refuse("byte cap")
                await _abort(route)
                return
            await self._fulfil(route, share)
        finally:
            self._reserved -= share
            self._released.set()
            self.in_flight -= 1
            self.last_activity = time.monotonic()

    async def _reserve(self) -> int:
        """This request's share of the bytes left (0: none left; see the module docstring)."""
        while True:
            left = self._max_bytes - self.bytes - self._reserved
            if self.bytes >= self._max_bytes or self._closed:
                self.capped = self.capped or self.bytes >= self._max_bytes
                return 0
            if left >= 2 * MIN_SHARE:
                share = left // 2
            elif self._reserved == 0:
                share = left  # the last bytes, to a request alone
            else:  # too little unreserved: wait for a request in flight to end
                self._released.clear()
                wait = self.deadline - time.monotonic()
                if wait <= 0:
                    return 0
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(wait):
                        await self._released.wait()
                continue
            self._reserved += share
            return share

    def _refusal(self, method: str, url: str, resource_type: str) -> str | None:
        if self._closed:
            return "after the render"
        if method != "GET":
            return "not a GET"
        if not url.lower().startswith(("http://", "https://")):
            return "not http(s)"
        if resource_type in self._skipped:
            return resource_type
        if self.requests >= self._max_requests:
            self.capped = True
            return "request cap"
        if self.bytes >= self._max_bytes:
            self.capped = True
            return "byte cap"
        return None

    async def _fulfil(self, route: Route, share: int) -> None:
        request = route.request
        left = self.deadline - time.monotonic()
        if left <= 0:
            self._refuse("deadline")
            await _abort(route)
            return
        asked = await request.all_headers()
        headers = {k: v for k, v in asked.items() if k.lower() in _PASSED}
        token = audit.current_tool.set("web_fetch render")
        try:
            with checking(self._robots):  # robots.txt on each hop (None: not obeyed)
                answer = await self._client.get(
                    request.url, headers=headers, timeout_s=left, max_bytes=share
                )
        finally:
            audit.current_tool.reset(token)
        if not isinstance(answer, Success):
            if answer.failure().code == ErrorCode.TOO_LARGE:
                self.bytes += share  # a body over its share: count it as spent
            if _top_document(route):
                self.document_error = answer.failure()
            self._refuse(str(answer.failure().code))
            await _abort(route)
            return
        got = answer.unwrap()
        self.bytes += len(got.body)
        if got.truncated or self.bytes > self._max_bytes:
            self.capped = self.capped or self.bytes >= self._max_bytes
            self._refuse("byte cap")
            await _abort(route)
            return
        headers_out = {"content-type": got.content_type} if got.content_type else {}
        with contextlib.suppress(Exception):  # the page may have gone meanwhile
            await route.fulfill(status=got.status, headers=headers_out, body=got.body)

    async def _on_web_socket(self, socket_route: WebSocketRoute) -> None:
        """Refused: a WebSocket would be a channel the guarded client cannot vet per message."""
        self._refuse("websocket")
        with contextlib.suppress(Exception):
            await socket_route.close(code=1008, reason="webdistill: no WebSockets")

    async def close(self) -> None:
        """No more requests; the fetches still running are cancelled."""
        self._closed = True
        self._released.set()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)


def _top_document(route: Route) -> bool:
    """Whether `route` is the page's own document (a worker's request has no frame)."""
    try:
        request = route.request
        return request.is_navigation_request() and request.frame.parent_frame is None
    except Exception:  # noqa: BLE001 - Playwright raises for requests without a frame
        return False


async def _abort(route: Route) -> None:
    with contextlib.suppress(Exception):
        await route.abort("blockedbyclient")
