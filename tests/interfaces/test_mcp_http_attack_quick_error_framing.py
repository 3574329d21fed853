"""Attack b33q (issue 33), low: after a quick POST, h11 has never seen a request on the
connection (their HTTP version unknown), so its 400 for a malformed next request is written
as for an HTTP/1.0 peer: no Content-Length, no chunking, the body delimited by the close.
uvicorn's h11 (before) framed the same 400 with chunked encoding on the same bytes."""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from tests.interfaces.test_mcp_http_one_write import CountingTransport
from webdistill.doors.mcp.connections import guarded_protocol


async def _app(scope: Any, receive: Any, send: Any) -> None:
    await receive()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-length", b"1")]})  # fmt: skip
    await send({"type": "http.response.body", "body": b"1"})


POST = b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nContent-Length: 2\r\n\r\n{}"


async def _written(cls: Any, raw: bytes) -> bytes:
    config = uvicorn.Config(_app, http="h11", log_level="critical")
    config.load()
    protocol = cls(config, ServerState(), {})
    transport = CountingTransport()
    protocol.connection_made(transport)
    protocol.data_received(raw)
    for _ in range(50):
        await asyncio.sleep(0)
    protocol.connection_lost(None)
    return b"".join(transport.writes)


async def test_a_400_after_a_quick_post_is_framed_as_h11_frames_it() -> None:
    raw = POST + b"\r\nGARBAGE\r\n\r\n"  # a stray CRLF after the body (old clients send one)
    quick = guarded_protocol(header_timeout_s=5, body_timeout_s=5, max_connections=8)
    mine = (await _written(quick, raw)).partition(b"HTTP/1.1 400 ")[2].lower()
    reference = (await _written(H11Protocol, raw)).partition(b"HTTP/1.1 400 ")[2].lower()
    assert b"transfer-encoding: chunked" in reference
    # actual: "Bad Request\r\ncontent-type: ...\r\nconnection: close\r\n\r\nInvalid HTTP request
    # received." -- close-delimited
    assert b"transfer-encoding: chunked" in mine or b"content-length:" in mine, mine
