"""MCP HTTP door (an attack on an httptools-based server, issue 33):
request shapes the h11 server refused that the httptools door now answers.

- absolute-form target naming a foreign authority (`POST http://evil.example/mcp`) with an
  allowed Host header: RFC 9112 3.2.2 says the target's authority replaces Host, so this
  request is for evil.example; the Host guard checks only the Host header and answers 200
  (h11 server: 404).
- `Transfer-Encoding: gzip, chunked` with a body that is not gzip: the gzip coding is
  silently ignored (RFC 9112 6.1: a coding the server does not understand -> 501); the
  h11 server answered 400. A front end that does decode gzip sees another body.
- a `#fragment` in the request target (not allowed on the wire, RFC 9112 3.2) reaches /mcp
  (h11 server: 404).
"""

from __future__ import annotations

import asyncio
import json

from tests.interfaces.mcp_http_server import INIT, running
from webdistill.config import Config

BODY = json.dumps(INIT).encode()
FIXED = b"Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"


async def _send(port: int, raw: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(raw)
    try:
        answer = await asyncio.wait_for(reader.read(300), timeout=10)
    finally:
        writer.close()
    return answer


async def test_an_absolute_form_target_for_another_host_is_not_served() -> None:
    async with running(Config()) as port:
        raw = (b"POST http://evil.example/mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port + FIXED
               + b"Content-Length: %d\r\n\r\n" % len(BODY) + BODY)  # fmt: skip
        answer = await _send(port, raw)
    assert not answer.startswith(b"HTTP/1.1 200"), answer


async def test_an_unknown_transfer_coding_before_chunked_is_refused() -> None:
    async with running(Config()) as port:
        raw = (b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port + FIXED
               + b"Transfer-Encoding: gzip, chunked\r\n\r\n"
               + b"%x\r\n" % len(BODY) + BODY + b"\r\n0\r\n\r\n")  # fmt: skip
        answer = await _send(port, raw)
    assert not answer.startswith(b"HTTP/1.1 200"), answer


async def test_a_fragment_in_the_request_target_is_not_served() -> None:
    async with running(Config()) as port:
        raw = (b"POST /mcp#x HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port + FIXED
               + b"Content-Length: %d\r\n\r\n" % len(BODY) + BODY)  # fmt: skip
        answer = await _send(port, raw)
    assert not answer.startswith(b"HTTP/1.1 200"), answer
