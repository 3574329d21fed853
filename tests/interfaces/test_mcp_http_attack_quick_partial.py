"""Attack b33q (issue 33) on the quick POST path (doors/mcp/quick_head.py): a request
whose head or body is still arriving must not be held back by the quick reader. Held, its
Host / token guard ran only once the body was whole (tokenless heads filled the connection
cap, a rebinding Host waited for the body deadline), a trickled body re-parsed the whole
head at every read (~1.8 ms of CPU a read with 1,400 header lines), and a shutdown dropped
it unanswered. Now such a request is h11's from its first byte: the app starts at the head
and gets the body as it comes, each byte read once."""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from uvicorn.server import ServerState

from tests.interfaces.test_mcp_http_one_write import CountingTransport
from webdistill.doors.mcp.connections import guarded_protocol

MANY_HEADERS = b"".join(b"X-%04d: a\r\n" % i for i in range(1400))  # just under 16 KiB
BODY = b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}'


class _Recorder:
    """An ASGI app that records when it started and each body piece it received."""

    def __init__(self) -> None:
        self.started = False
        self.pieces: list[bytes] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.started = True
        while True:
            message = await receive()
            self.pieces.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


async def _turns(count: int = 20) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


async def _protocol(app: _Recorder) -> Any:
    config = uvicorn.Config(app, http="h11", log_level="critical")
    config.load()
    cls = guarded_protocol(header_timeout_s=50, body_timeout_s=50, max_connections=8)
    protocol = cls(config, ServerState(), {})
    protocol.connection_made(CountingTransport())
    return protocol


async def _trickled(extra_headers: bytes) -> _Recorder:
    app = _Recorder()
    protocol = await _protocol(app)
    head = (b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n" + extra_headers
            + b"Content-Length: %d\r\n\r\n" % len(BODY))  # fmt: skip
    protocol.data_received(head)
    await _turns()
    assert app.started, "the app (and so the Host / token guard) did not start at the head"
    for byte in BODY:
        protocol.data_received(bytes([byte]))
        await _turns(2)
    await _turns()
    protocol.connection_lost(None)
    return app


async def test_a_quick_shaped_request_with_its_body_to_come_starts_the_app_at_its_head() -> None:
    app = await _trickled(b"")
    assert b"".join(app.pieces) == BODY
    assert len([piece for piece in app.pieces if piece]) > 1  # streamed as it came, not held


async def test_a_trickled_body_behind_a_long_head_is_read_as_it_comes() -> None:
    """The attacker's shape: 1,400 small header lines, then the body a byte at a time."""
    app = await _trickled(MANY_HEADERS)
    assert b"".join(app.pieces) == BODY
    assert len([piece for piece in app.pieces if piece]) > 1


async def test_a_whole_request_at_hand_is_still_read_at_once() -> None:
    app = _Recorder()
    protocol = await _protocol(app)
    protocol.data_received(
        b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nContent-Length: %d\r\n\r\n" % len(BODY)
        + BODY
    )
    await _turns()
    protocol.connection_lost(None)
    assert app.pieces == [BODY]
