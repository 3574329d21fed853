"""MCP HTTP door (an attack on an httptools-based server, issue 33):
chunked trailer fields are merged into the request's headers before the guard runs.

uvicorn's httptools protocol appends every field llhttp reports, trailers included, to the
list that is the request's `scope["headers"]`. When a short chunked request arrives in one
read, the whole message (trailers too) is parsed before the ASGI task first runs, so the
Host/Origin/token guard and the SDK see trailer fields as request headers.
RFC 9110 6.5.1/6.5.2: a trailer must not be merged into the header section, and
authentication, routing (Host) and request-modifier fields are prohibited in trailers.
Front ends that check or filter the header section (an auth proxy, a header allow-list)
never see these fields. The h11 server ignored trailers: 401 / 400 below.
"""

from __future__ import annotations

import asyncio
import json

from tests.interfaces.mcp_http_server import INIT, running
from webdistill.config import Config

BODY = json.dumps(INIT).encode()
TOKEN = "s3cr3t-token-0123456789"


def _chunked(head: bytes, trailer: bytes) -> bytes:
    return (b"POST /mcp HTTP/1.1\r\n" + head
            + b"Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
            + b"Transfer-Encoding: chunked\r\n\r\n"
            + b"%x\r\n" % len(BODY) + BODY + b"\r\n0\r\n" + trailer + b"\r\n")  # fmt: skip


async def _send(port: int, raw: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(raw)  # one write: one read on the server
    try:
        return await asyncio.wait_for(reader.read(200), timeout=10)
    finally:
        writer.close()


async def test_a_bearer_token_sent_only_as_a_trailer_is_not_accepted() -> None:
    async with running(Config(mcp_token=TOKEN)) as port:
        raw = _chunked(b"Host: 127.0.0.1:%d\r\n" % port,
                       b"Authorization: Bearer " + TOKEN.encode() + b"\r\n")  # fmt: skip
        answer = await _send(port, raw)
    assert answer.startswith(b"HTTP/1.1 401"), answer


async def test_a_host_sent_only_as_a_trailer_is_not_accepted() -> None:
    async with running(Config()) as port:
        answer = await _send(port, _chunked(b"", b"Host: 127.0.0.1:%d\r\n" % port))
    assert not answer.startswith(b"HTTP/1.1 200"), answer
