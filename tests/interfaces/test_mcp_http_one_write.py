"""An answer of `webdistill mcp --http` leaves in one write, and a POST's answer is plain JSON.

Issue 33, second round: uvicorn wrote each answer in three sends (headers, body, end of
message), and the SDK answered every POST as a one-event SSE stream; over loopback that was
a cached `web_fetch` at 0.3-0.5x stdio's calls/s. The protocol here is the server's own
(`guarded_protocol`) on a counting transport (a hand-written fake of asyncio's transport);
the JSON answer is checked on the in-process server with a raw socket on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

import uvicorn
from uvicorn.server import ServerState

from tests.interfaces.mcp_http_server import running
from webdistill.config import Config
from webdistill.doors.mcp.connections import guarded_protocol

REQUEST = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


class CountingTransport(asyncio.Transport):
    """Records each write; a socket-less loopback peer."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closing = False

    def write(self, data: Any) -> None:
        self.writes.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def abort(self) -> None:
        self.closing = True

    def get_write_buffer_size(self) -> int:
        return 0

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 40000), "sockname": ("127.0.0.1", 8000)}.get(
            name, default
        )


async def _answered(app: Any, done: asyncio.Event) -> list[bytes]:
    """The writes of one request's answer, through the server's own protocol class."""
    config = uvicorn.Config(app, http="h11", log_level="error")
    config.load()
    protocol_class = guarded_protocol(header_timeout_s=5, body_timeout_s=5, max_connections=8)
    protocol = protocol_class(config, ServerState(), {})
    transport = CountingTransport()
    protocol.connection_made(transport)
    protocol.data_received(REQUEST)
    async with asyncio.timeout(10):  # hang guard only
        await done.wait()
        for _ in range(3):  # a few turns of the loop, for anything still held
            await asyncio.sleep(0)
    protocol.connection_lost(None)
    return transport.writes


async def test_a_whole_answer_is_one_write() -> None:
    done = asyncio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        body = b'{"jsonrpc":"2.0","id":1,"result":{}}'
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(len(body)).encode())]  # fmt: skip
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        done.set()

    writes = await _answered(app, done)
    assert len(writes) == 1, writes  # was 3: headers, body, end of message
    assert writes[0].startswith(b"HTTP/1.1 200 ") and writes[0].endswith(b'"result":{}}')


async def test_a_chunked_answer_is_one_write() -> None:
    done = asyncio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"data: 1\n\n", "more_body": True})
        await send({"type": "http.response.body", "body": b""})
        done.set()

    writes = await _answered(app, done)
    assert len(writes) == 1, writes
    assert writes[0].endswith(b"0\r\n\r\n")  # the last chunk went with the rest


async def test_a_stream_leaves_as_it_goes() -> None:
    """A stream's headers and each event are sent within a turn of the loop, not held for
    the end: the client sees each event while the stream stays open."""
    done = asyncio.Event()
    seen: list[int] = []
    transport_writes: list[list[bytes]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        for _ in range(3):
            await asyncio.sleep(0)
        seen.append(len(transport_writes[0]))  # the headers are out while the stream waits
        await send({"type": "http.response.body", "body": b"data: 1\n\n", "more_body": True})
        for _ in range(3):
            await asyncio.sleep(0)
        seen.append(len(transport_writes[0]))
        await send({"type": "http.response.body", "body": b""})
        done.set()

    config = uvicorn.Config(app, http="h11", log_level="error")
    config.load()
    protocol = guarded_protocol(header_timeout_s=5, body_timeout_s=5, max_connections=8)(
        config, ServerState(), {}
    )
    transport = CountingTransport()
    transport_writes.append(transport.writes)
    protocol.connection_made(transport)
    protocol.data_received(REQUEST)
    async with asyncio.timeout(10):  # hang guard only
        await done.wait()
    protocol.connection_lost(None)
    assert seen == [1, 2]
    assert len(transport.writes) == 3 and transport.writes[2] == b"0\r\n\r\n"


def _raw_post(port: int, body: dict[str, Any]) -> bytes:
    data = json.dumps(body).encode()
    request = (
        b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nMcp-Protocol-Version: 2025-11-25\r\n"
        b"Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
        b"Connection: close\r\nContent-Length: " + str(len(data)).encode() + b"\r\n\r\n" + data
    )
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


async def test_a_post_is_answered_with_plain_json() -> None:
    """A client accepting application/json gets the answer as a JSON body (the streamable
    HTTP transport lets a server answer a POST so), not a one-event SSE stream."""
    init = {
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "t", "version": "0"}},
    }  # fmt: skip
    async with running(Config()) as port:
        answer = await asyncio.to_thread(_raw_post, port, init)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"content-type: application/json" in head.lower(), head
    assert json.loads(body)["result"]["serverInfo"]["name"] == "webdistill"
