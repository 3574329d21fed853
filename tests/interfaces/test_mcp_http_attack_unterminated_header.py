"""MCP HTTP door (an attack on an httptools-based server, issue 33):
a header line that never ends is read without limit (the 16 KiB head cap misses it).

The httptools parser calls `on_header` only once a header line is complete; until then
httptools itself concatenates the value (`bytes +=`, quadratic) with no bound. The door's
`_count_head` runs in `on_header`, so a client that sends `X-A: aaaa...` without a CRLF is
read until the header deadline (10 s by default): memory and CPU grow with what it sends.
The previous h11 server refused such a head at 16 KiB at once (400).

Measured against `webdistill mcp --http` (subprocess, see dos_unterminated_header.py):
8 such connections for 9 s took the server from 71 MB to 375 MB RSS, and a legitimate
`initialize` on another connection went from 0.09 s to 4.4 s (the event loop copying).
"""

from __future__ import annotations

import asyncio
import contextlib

from tests.interfaces.mcp_http_server import running
from webdistill.config import Config


async def _refused_after(port: int, prefix: bytes, total: int) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(prefix)
    chunk = b"a" * 65536
    sent = 0
    with contextlib.suppress(ConnectionError):
        while sent < total:
            writer.write(chunk)
            sent += len(chunk)
            await writer.drain()
    try:
        answer = await asyncio.wait_for(reader.read(400), timeout=5)
    except (TimeoutError, ConnectionError):
        answer = b"<no answer within 5 s: the server is still reading the header>"
    writer.close()
    return answer


async def test_an_unterminated_header_value_is_refused_at_the_head_cap() -> None:
    # header deadline long, so only the head cap can end this connection in the 5 s waited
    async with running(Config(mcp_header_timeout_ms=60_000)) as port:
        head = f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-A: ".encode()
        answer = await _refused_after(port, head, 1 << 20)  # 1 MiB, 64x the cap
    assert answer.startswith((b"HTTP/1.1 431", b"HTTP/1.1 400")), answer


async def test_an_unterminated_header_name_is_refused_at_the_head_cap() -> None:
    async with running(Config(mcp_header_timeout_ms=60_000)) as port:
        head = f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-".encode()
        answer = await _refused_after(port, head, 1 << 20)
    assert answer.startswith((b"HTTP/1.1 431", b"HTTP/1.1 400")), answer


async def test_an_unterminated_trailer_line_is_refused_at_the_head_cap() -> None:
    # a trailer is read in the body phase: without a cap it runs to the 30 s body deadline
    async with running(Config(mcp_body_timeout_ms=60_000)) as port:
        head = (f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                "Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
                "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nX-T: ").encode()  # fmt: skip
        answer = await _refused_after(port, head, 1 << 20)
    assert answer.startswith((b"HTTP/1.1 431", b"HTTP/1.1 400")), answer
