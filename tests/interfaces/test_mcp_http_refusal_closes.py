"""A request refused before its body is read closes its connection at once (issue 33, b33).

The MCP HTTP door answers some requests without reading their body: 413 from the MCP SDK's
body limit (a declared Content-Length over 4 MiB, or a body streamed past it) and the
guard's refusals (421 for a Host not served here, 403, 401). uvicorn then went on reading
and discarding the rest of the body until the body deadline (WEB_MCP_BODY_TIMEOUT_MS): a
client announcing a large body held a connection, and the server's reading, for that long.
The answer must say `Connection: close` and the connection end right after it, whatever
the client goes on sending. Raw asyncio clients on 127.0.0.1; the body deadline is ten
minutes, so only the fix can end these connections (the reads are bounded only as a hang
guard).
"""

from __future__ import annotations

import asyncio
import contextlib
import json

import pytest

from tests.interfaces.mcp_http_server import INIT, running
from webdistill.config import Config

NEVER = Config(mcp_body_timeout_ms=600_000)


def head(host: str, *lines: str) -> bytes:
    fixed = [f"Host: {host}", "Accept: application/json, text/event-stream",
             "Content-Type: application/json"]  # fmt: skip
    return ("\r\n".join(["POST /mcp HTTP/1.1", *fixed, *lines]) + "\r\n\r\n").encode()


async def answer_then_end(host: str | None, port: int, *lines: str, body: bytes = b"") -> bytes:
    """What the server wrote before ending the connection; b"" when it was still open after
    the hang guard (the client keeps sending body bytes meanwhile, as a slow upload would)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(head(host or f"127.0.0.1:{port}", *lines) + body)
    more = b"x" * 1024
    if "Transfer-Encoding: chunked" in lines:
        more = b"400\r\n" + more + b"\r\n"

    async def upload() -> None:
        with contextlib.suppress(ConnectionError):
            for _ in range(300):
                await asyncio.sleep(0.1)
                writer.write(more)
                await writer.drain()

    uploading = asyncio.create_task(upload())
    got = b""
    try:
        async with asyncio.timeout(30):  # hang guard
            while chunk := await reader.read(65536):
                got += chunk
        return got
    except ConnectionResetError:
        # The server closed with upload bytes it never read still queued: its TCP resets
        # the connection, after the answer (which was read before the reset).
        return got
    except TimeoutError:
        return b""
    finally:
        uploading.cancel()
        with contextlib.suppress(asyncio.CancelledError, ConnectionError):
            await uploading
        writer.close()


def status_and_headers(answer: bytes) -> tuple[bytes, dict[bytes, bytes]]:
    head_part = answer.split(b"\r\n\r\n", 1)[0].split(b"\r\n")
    fields = dict(line.split(b":", 1) for line in head_part[1:])
    return head_part[0], {k.strip().lower(): v.strip().lower() for k, v in fields.items()}


@pytest.mark.parametrize(
    ("case", "host", "lines", "body", "status"),
    [
        ("declared too large", None, ["Content-Length: 5000000"], b"{", b"413"),
        ("streamed too large", None, ["Transfer-Encoding: chunked"],
         b"".join(b"%x\r\n" % 65536 + b"[" * 65536 + b"\r\n" for _ in range(70)), b"413"),
        ("host not served", "evil.example", ["Content-Length: 100000"], b"{", b"421"),
        ("origin refused", None, ["Origin: https://evil.example", "Content-Length: 100000"],
         b"{", b"403"),
    ],
)  # fmt: skip
async def test_a_refused_request_closes_its_connection_at_once(
    case: str, host: str | None, lines: list[str], body: bytes, status: bytes
) -> None:
    async with running(NEVER) as port:
        answer = await answer_then_end(host, port, *lines, body=body)
    assert answer, f"{case}: the connection stayed open after the answer (body deadline)"
    first, fields = status_and_headers(answer)
    assert first.startswith(b"HTTP/1.1 " + status), answer[:200]
    assert fields.get(b"connection") == b"close", answer[:400]


async def test_a_request_whose_body_was_read_keeps_its_connection() -> None:
    # A refusal after the whole body was read (here: a JSON-RPC parse error) and an answer
    # leave a kept-alive connection as it was: a second request is answered on it.
    async with running(NEVER) as port:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        body = json.dumps(INIT).encode()
        request = head(f"127.0.0.1:{port}", f"Content-Length: {len(body)}") + body
        writer.write(request + request)
        await writer.drain()
        seen = b""
        async with asyncio.timeout(30):  # hang guard
            while seen.count(b"HTTP/1.1 200") < 2:
                chunk = await reader.read(65536)
                assert chunk, f"the connection was closed: {seen[:400]!r}"
                seen += chunk
        writer.close()
    assert b"connection: close" not in seen.lower()
