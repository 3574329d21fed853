"""A client that pipelines requests and never reads the answers cannot hold the MCP server.

Moved from tests/attack/test_mcp_unread_responses.py (the attacker's finding, issue 25
section 2): once the server's writes block (the client's receive window is full), the
connection was "busy" (a response being written), so neither WEB_MCP_HEADER_TIMEOUT_MS nor
WEB_MCP_BODY_TIMEOUT_MS applied and the connection limit could not shed it: with
WEB_MCP_MAX_CONNECTIONS such sockets every new client got 503 while the server sat idle
(measured then: locked out for 50 s with 1 s deadlines). Now a response write that makes no
progress for WEB_MCP_BODY_TIMEOUT_MS closes the connection, and a connection answers at most
`MAX_PIPELINED` requests queued behind each other before it is closed. In-process server,
raw sockets on 127.0.0.1, hang guards only.
"""

from __future__ import annotations

import asyncio
import socket
import time

from mcp import Client

from tests.interfaces.mcp_http_server import running
from webdistill.config import Config
from webdistill.doors.mcp.connections import MAX_PIPELINED

LIST = (  # a session-less (2026-07-28) request carries its protocol version and capabilities
    b'{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{'
    b'"io.modelcontextprotocol/protocolVersion":"2026-07-28",'
    b'"io.modelcontextprotocol/clientCapabilities":{}}}}'
)


def _post(body: bytes) -> bytes:
    return (
        b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nMcp-Protocol-Version: 2026-07-28\r\n"
        b"Mcp-Method: tools/list\r\n"
        b"Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
        b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    )


async def _never_reads(port: int) -> socket.socket:
    """A socket with a small receive window that sends 3 s of pipelined requests, never reading."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    burst = _post(LIST) * 50
    end = time.monotonic() + 3
    while time.monotonic() < end:  # bounded: 3 s of pipelined requests, never a read
        try:
            sock.send(burst)
        except BlockingIOError:
            await asyncio.sleep(0.05)
        except ConnectionError:
            break  # the server already closed it
    return sock


async def _listed(port: int) -> bool:
    try:
        async with asyncio.timeout(10), Client(f"http://127.0.0.1:{port}/mcp") as client:
            return "web_fetch" in {tool.name for tool in (await client.list_tools()).tools}
    except Exception:  # noqa: BLE001 - a refused client: try again
        return False


async def test_unread_pipelined_answers_do_not_hold_connections_past_the_deadline() -> None:
    config = Config(mcp_max_connections=2, mcp_header_timeout_ms=1000, mcp_body_timeout_ms=1000)
    async with running(config) as port:
        held = [await _never_reads(port) for _ in range(2)]
        try:
            for _ in range(20):  # hang guard: 20 tries, each after a second
                if await _listed(port):
                    break
                await asyncio.sleep(1)
            else:
                raise AssertionError("the unread connections still lock every client out")
        finally:
            for sock in held:
                sock.close()


async def test_a_connection_answers_a_bounded_number_of_queued_requests() -> None:
    async with running(Config()) as port:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(_post(LIST) * (MAX_PIPELINED * 4))
        answers = await asyncio.wait_for(reader.read(-1), 30)  # hang guard; reads to the close
        writer.close()
    assert answers.startswith(b"HTTP/1.1 200 "), answers[:300]
    assert answers.count(b"HTTP/1.1 200 ") <= MAX_PIPELINED + 1


async def test_an_answer_the_client_does_not_read_ends_its_connection() -> None:
    """Batches under the pipelining cap, sent after the last answer was written: only the
    write deadline (no progress for WEB_MCP_BODY_TIMEOUT_MS) can end this connection."""
    async with running(Config(mcp_body_timeout_ms=1000)) as port:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
        batch = _post(LIST) * 8  # answered before the next batch: never queued past the cap
        cut = False
        try:
            for _ in range(150):  # hang guard: 150 batches, 0.2 s apart
                try:
                    sock.send(batch)
                except BlockingIOError:
                    pass
                except ConnectionError:
                    cut = True
                    break
                await asyncio.sleep(0.2)
        finally:
            sock.close()
    assert cut, "a client that never reads its answers held its connection"
