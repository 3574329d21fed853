"""An answer given before the request's body was read ends its connection (`Connection: close`).

Some answers of the MCP HTTP door come before the request's body is read: the guard's
refusals (421, 403, 401, 404: http_guard.py) and the MCP SDK's 413 for a body over its
limit. uvicorn then keeps the connection and reads the rest of the body only to throw it
away, until the body ends or the body deadline (WEB_MCP_BODY_TIMEOUT_MS) cuts it: a client
announcing a large body holds a connection, and the server's reading, for that long.

`ClosesOnUnreadBody` is ASGI middleware, outermost: when a response starts while the
request still has body the application has not received, the response says
`Connection: close`, so uvicorn (h11) closes the connection as soon as it is sent and reads
no more. A request without a body, or whose body was received whole, is left as it is.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from webdistill.doors.mcp.http_guard import ASGIApp, Receive, Scope, Send

_CLOSE = (b"connection", b"close")


def _has_body(scope: Scope) -> bool:
    """Does the request announce a body (a non-zero Content-Length, or Transfer-Encoding)?"""
    for name, value in scope.get("headers") or ():
        key = bytes(name).lower()
        if key == b"transfer-encoding" or (key == b"content-length" and bytes(value).strip(b" 0")):
            return True
    return False


class _Exchange:
    """One request's receive and send: the send says `Connection: close` while body is unread."""

    __slots__ = ("_receive", "_send", "read")

    def __init__(self, receive: Receive, send: Send) -> None:
        self._receive = receive
        self._send = send
        self.read = False  # the whole body received by the application

    async def receive(self) -> MutableMapping[str, Any]:
        message = await self._receive()
        if message.get("type") == "http.request" and not message.get("more_body", False):
            self.read = True
        return message

    async def send(self, message: MutableMapping[str, Any]) -> None:
        if not self.read and message.get("type") == "http.response.start":
            headers = [
                (name, value)
                for name, value in message.get("headers") or ()
                if bytes(name).lower() != b"connection"
            ]
            message = {**message, "headers": [*headers, _CLOSE]}
        await self._send(message)


class ClosesOnUnreadBody:
    """ASGI middleware: see the module docstring."""

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http" or not _has_body(scope):
            await self._app(scope, receive, send)
            return
        exchange = _Exchange(receive, send)
        await self._app(scope, exchange.receive, exchange.send)
