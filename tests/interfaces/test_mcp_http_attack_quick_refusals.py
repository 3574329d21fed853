"""Attack b33q (issue 33), finding: the quick path reads the whole body before the Host /
Origin / token guard runs, so a refused client holds its connection for the body deadline
(h11 answered 401/421 at the head and closed), and such connections are not sheddable:
an unauthenticated client can fill the connection cap and shut out the token holder."""

from __future__ import annotations

import asyncio

from tests.interfaces.mcp_http_server import running
from webdistill.config import Config

TOKEN = "t" * 32


def _head(port: int, extra: bytes = b"", host: bytes | None = None, length: int = 60_000) -> bytes:
    return (b"POST /mcp HTTP/1.1\r\nHost: " + (host or b"127.0.0.1:%d" % port) + b"\r\n"
            b"Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
            + extra + b"Content-Length: %d\r\n\r\n" % length)  # fmt: skip


async def _first_bytes(port: int, raw: bytes, wait: float) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(raw)
    try:
        return await asyncio.wait_for(reader.read(200), timeout=wait)
    except TimeoutError:
        return b"<nothing>"
    finally:
        writer.close()


async def test_no_token_is_refused_at_the_head_not_after_the_body_deadline() -> None:
    config = Config(mcp_token=TOKEN, mcp_body_timeout_ms=4000)
    async with running(config) as port:
        answer = await _first_bytes(port, _head(port), wait=2.0)
    # before (c3a7e86, h11 only): "HTTP/1.1 401 Unauthorized" at once, connection closed
    assert answer.startswith(b"HTTP/1.1 401 "), answer


async def test_rebinding_host_is_refused_at_the_head_not_after_the_body_deadline() -> None:
    config = Config(mcp_body_timeout_ms=4000)
    async with running(config) as port:
        answer = await _first_bytes(port, _head(port, host=b"evil.example"), wait=2.0)
    assert answer.startswith(b"HTTP/1.1 421 "), answer


async def test_unauthenticated_heads_do_not_shut_out_the_token_holder() -> None:
    """WEB_MCP_MAX_CONNECTIONS=4: four clients without the token send a head announcing a
    body and stop; the token holder then connects and calls."""
    config = Config(mcp_token=TOKEN, mcp_max_connections=4, mcp_body_timeout_ms=8000)
    async with running(config) as port:
        squatters = []
        for _ in range(4):
            r, w = await asyncio.open_connection("127.0.0.1", port)
            w.write(_head(port))
            squatters.append((r, w))
        await asyncio.sleep(0.5)
        body = b'{"jsonrpc":"2.0","id":1,"method":"ping"}'
        legit = _head(port, b"Authorization: Bearer " + TOKEN.encode() + b"\r\n",
                      length=len(body)) + body  # fmt: skip
        answer = await _first_bytes(port, legit, wait=4.0)
        for _, w in squatters:
            w.close()
    # before: the squatters were answered 401 and closed at once; the token holder is served
    assert not answer.startswith(b"HTTP/1.1 503 "), answer
    assert answer != b"<nothing>"
