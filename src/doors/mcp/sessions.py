"""MCP HTTP sessions (protocol 2025-11-25 and older), bounded per client and in all.

The SDK's session manager keeps up to 10,000 sessions for 30 idle minutes and then answers
503 to everyone: one client can lock all others out. `BoundedSessionManager` admits a new
session only within `per_client` sessions for its client (its peer address) and `total` in
all; over either bound the session idle the longest (no request in flight) is ended to make
room -- the client's own first, then anyone's -- and only when none is idle is the new one
refused (503). Sessions end after `idle_s` without a request.

A standing GET stream (the session's one SSE stream for server messages, which a client
reopens at will) does not count as a request in flight: the SDK would keep such a session for
ever, so the manager counts each session's other requests itself, evicts a session holding
only a stream like any idle one, and ends it (and so its stream) after `idle_s` since its last
other request (`sweep`). The SDK already refuses a second GET stream per session (409).

It overrides the SDK manager's admission and discard steps (`_admit_session`,
`_discard_session`, stable since SDK 2.3; the tests of this door pin them), because the SDK
offers a global limit only. The client a request comes from travels in a context variable
set by the app's endpoint, which runs the admission in the same task.

A POST is answered with a plain JSON body (`json_response`), which the streamable HTTP
transport allows and every client accepts (it must list application/json in `Accept`): one
response with a length instead of a one-event SSE stream, so one write (corked.py) and
nothing for the client to parse twice. Nothing is lost: the tools send no notification or
request in the middle of a call, which only a POST's SSE stream could carry; the GET stream
for server messages stays an SSE stream.
"""

from __future__ import annotations

import contextvars
import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
from mcp.server.streamable_http import MCP_SESSION_ID_HEADER, StreamableHTTPServerTransport
from mcp.server.streamable_http_manager import (
    StreamableHTTPASGIApp,
    StreamableHTTPSessionManager,
)
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from starlette.routing import Route

_client: contextvars.ContextVar[str] = contextvars.ContextVar("webdistill_mcp_client", default="")


_HEADER = MCP_SESSION_ID_HEADER.lower().encode()


class BoundedSessionManager(StreamableHTTPSessionManager):
    """The SDK's session manager with per-client and total bounds (oldest idle evicted)."""

    def __init__(self, app: Any, *, per_client: int, total: int, idle_s: float) -> None:
        super().__init__(
            app,
            security_settings=TransportSecuritySettings(enable_dns_rebinding_protection=False),
            session_idle_timeout=idle_s,
            max_sessions=None,
            json_response=True,
        )
        self.per_client = per_client
        self.total = total
        self.idle_s = idle_s
        self._owner: dict[str, str] = {}  # session id -> client
        self._busy: dict[str, int] = {}  # session id -> its requests in flight, streams aside
        self._streams: dict[str, int] = {}  # session id -> its GET streams open
        self._last: dict[str, float] = {}  # session id -> when its last request ended

    @asynccontextmanager
    async def tracked(self, session_id: str, method: str) -> AsyncIterator[None]:
        """Count a request of `session_id` while it runs (a GET stream apart)."""
        counts = self._streams if method == "GET" else self._busy
        counts[session_id] = counts.get(session_id, 0) + 1
        try:
            yield
        finally:
            counts[session_id] -= 1
            if not counts[session_id]:
                del counts[session_id]
            if method != "GET" and session_id in self._owner:
                self._last[session_id] = anyio.current_time()

    def _idle_deadline(self, session_id: str) -> float | None:
        """When the session's idle time runs out, None while a request is in flight."""
        transport = self._server_instances.get(session_id)
        scope = transport.idle_scope if transport is not None else None
        if scope is None or scope.cancel_called:
            return None
        if math.isfinite(scope.deadline):
            return float(scope.deadline)
        if self._busy.get(session_id) or not self._streams.get(session_id):
            return None  # a request other than a stream is in flight
        return self._last.get(session_id, 0.0) + self.idle_s

    async def sweep(self) -> None:
        """For ever: end the sessions holding only a stream past their idle time."""
        while True:
            await anyio.sleep(min(max(self.idle_s / 4, 0.1), 15))
            now = anyio.current_time()
            for session_id in list(self._streams):
                deadline = self._idle_deadline(session_id)
                if deadline is not None and deadline <= now:
                    self._end(session_id)

    def _admit_session(self, requestor: Any) -> StreamableHTTPServerTransport | None:
        client = _client.get()
        mine = [sid for sid, owner in self._owner.items() if owner == client]
        if len(mine) >= self.per_client and not self._evict_idlest(mine):
            return None
        if len(self._server_instances) >= self.total and not self._evict_idlest(self._owner):
            return None
        transport = super()._admit_session(requestor)
        if transport is not None and transport.mcp_session_id is not None:
            self._owner[transport.mcp_session_id] = client
            self._last[transport.mcp_session_id] = anyio.current_time()
        return transport

    def _evict_idlest(self, session_ids: Any) -> bool:
        """End the session among `session_ids` idle the longest; False when none is idle."""
        idle = []
        for sid in session_ids:
            deadline = self._idle_deadline(sid)
            if deadline is not None:
                idle.append((deadline, sid))
        if not idle:
            return False
        _, sid = min(idle)
        self._end(sid)
        return True

    def _end(self, session_id: str) -> None:
        """Stop admitting requests to the session and end it (an idle one: it has a scope)."""
        transport = self._server_instances.pop(session_id)
        self._session_owners.pop(session_id, None)
        self._owner.pop(session_id, None)
        self._last.pop(session_id, None)
        assert transport.idle_scope is not None  # idle, so it has one
        transport.idle_scope.cancel()  # its server task ends and terminates the transport

    async def _discard_session(
        self, session_id: str, transport: StreamableHTTPServerTransport
    ) -> None:
        self._owner.pop(session_id, None)
        self._last.pop(session_id, None)
        await super()._discard_session(session_id, transport)


def sessions_app(server: Any, *, per_client: int, total: int, idle_s: float) -> Any:
    """The streamable HTTP app at /mcp for the low-level `server`, with bounded sessions."""
    manager = BoundedSessionManager(server, per_client=per_client, total=total, idle_s=idle_s)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with manager.run(), anyio.create_task_group() as sweeping:
            sweeping.start_soon(manager.sweep)
            yield
            sweeping.cancel_scope.cancel()

    endpoint = _WithClient(StreamableHTTPASGIApp(manager), manager)
    routed = Starlette(routes=[Route("/mcp", endpoint=endpoint)], lifespan=lifespan)
    return _Direct(endpoint, routed)


class _Direct:
    """An HTTP request for /mcp goes straight to `endpoint`; anything else (the lifespan,
    another path: 404, /mcp/: a redirect) to the Starlette app `routed`, which routes /mcp to
    the same endpoint. Starlette's two middlewares and router add nothing to a one-route
    app's calls but their cost (issue 33: ~0.03 ms of a cached `web_fetch`'s ~1.7 ms of
    server CPU, measured alternating with and without)."""

    def __init__(self, endpoint: _WithClient, routed: Starlette) -> None:
        self._endpoint = endpoint
        self._routed = routed

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope.get("path") == "/mcp":
            await self._endpoint(scope, receive, send)
        else:
            await self._routed(scope, receive, send)


class _WithClient:
    """The SDK's ASGI app, told which client each request comes from (its peer address),
    with each request of a session counted by the manager while it runs."""

    def __init__(self, inner: StreamableHTTPASGIApp, manager: BoundedSessionManager) -> None:
        self._inner = inner
        self._manager = manager

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        client = scope.get("client")
        _client.set(str(client[0]) if client else "")  # read by `_admit_session`, same task
        session_id = next(
            (value.decode("latin-1") for name, value in scope.get("headers", ())
             if name == _HEADER), "",
        )  # fmt: skip
        if not session_id:
            await self._inner(scope, receive, send)
            return
        async with self._manager.tracked(session_id, str(scope.get("method", ""))):
            await self._inner(scope, receive, send)
