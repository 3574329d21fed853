"""MCP HTTP sessions (protocol 2025-11-25 and older), bounded per client and in all.

The SDK's session manager keeps up to 10,000 sessions for 30 idle minutes and then answers
503 to everyone: one client can lock all others out. `BoundedSessionManager` admits a new
session only within `per_client` sessions for its client (its peer address) and `total` in
all; over either bound the session idle the longest (no request in flight, no open stream)
is ended to make room -- the client's own first, then anyone's -- and only when none is idle
is the new one refused (503). Sessions end after `idle_s` without a request.

It overrides the SDK manager's admission and discard steps (`_admit_session`,
`_discard_session`, stable since SDK 2.3; the tests of this door pin them), because the SDK
offers a global limit only. The client a request comes from travels in a context variable
set by the app's endpoint, which runs the admission in the same task.
"""

from __future__ import annotations

import contextvars
import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from mcp.server.streamable_http import StreamableHTTPServerTransport
from mcp.server.streamable_http_manager import (
    StreamableHTTPASGIApp,
    StreamableHTTPSessionManager,
)
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from starlette.routing import Route

_client: contextvars.ContextVar[str] = contextvars.ContextVar("webdistill_mcp_client", default="")


def _idle_since(transport: StreamableHTTPServerTransport) -> float | None:
    """When the session's idle countdown started (its deadline), None while it is in use."""
    scope = transport.idle_scope
    if scope is None or scope.cancel_called or not math.isfinite(scope.deadline):
        return None
    return float(scope.deadline)


class BoundedSessionManager(StreamableHTTPSessionManager):
    """The SDK's session manager with per-client and total bounds (oldest idle evicted)."""

    def __init__(self, app: Any, *, per_client: int, total: int, idle_s: float) -> None:
        super().__init__(
            app,
            security_settings=TransportSecuritySettings(enable_dns_rebinding_protection=False),
            session_idle_timeout=idle_s,
            max_sessions=None,
        )
        self.per_client = per_client
        self.total = total
        self._owner: dict[str, str] = {}  # session id -> client

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
        return transport

    def _evict_idlest(self, session_ids: Any) -> bool:
        """End the session among `session_ids` idle the longest; False when none is idle."""
        idle = []
        for sid in session_ids:
            transport = self._server_instances.get(sid)
            since = _idle_since(transport) if transport is not None else None
            if since is not None:
                idle.append((since, sid))
        if not idle:
            return False
        _, sid = min(idle)
        transport = self._server_instances.pop(sid)
        self._session_owners.pop(sid, None)
        self._owner.pop(sid, None)
        assert transport.idle_scope is not None  # idle, so it has one
        transport.idle_scope.cancel()  # its server task ends and terminates the transport
        return True

    async def _discard_session(
        self, session_id: str, transport: StreamableHTTPServerTransport
    ) -> None:
        self._owner.pop(session_id, None)
        await super()._discard_session(session_id, transport)


def sessions_app(server: Any, *, per_client: int, total: int, idle_s: float) -> Starlette:
    """The streamable HTTP app at /mcp for the low-level `server`, with bounded sessions."""
    manager = BoundedSessionManager(server, per_client=per_client, total=total, idle_s=idle_s)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with manager.run():
            yield

    endpoint = _WithClient(StreamableHTTPASGIApp(manager))
    return Starlette(routes=[Route("/mcp", endpoint=endpoint)], lifespan=lifespan)


class _WithClient:
    """The SDK's ASGI app, told which client each request comes from (its peer address)."""

    def __init__(self, inner: StreamableHTTPASGIApp) -> None:
        self._inner = inner

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        client = scope.get("client")
        _client.set(str(client[0]) if client else "")  # read by `_admit_session`, same task
        await self._inner(scope, receive, send)
