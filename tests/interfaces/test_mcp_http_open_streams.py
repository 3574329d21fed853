"""Standing GET (SSE) streams cannot lock other clients out of the MCP HTTP server.

Moved from tests/attack/test_mcp_open_streams.py (the attacker's finding, issue 25 section 2):
a session's standalone GET stream was never cut (no deadline applies once the request is in,
and a session with an open stream was never "idle", so neither WEB_MCP_SESSION_IDLE_MINUTES
nor eviction ended it). One stream per session, one session per `initialize`, sessions from
127.0.0.1/.2/.3 (each address under WEB_MCP_MAX_SESSIONS_PER_CLIENT): WEB_MCP_MAX_CONNECTIONS
streams and every new client got 503 -- with default settings (256 connections). Here the
bounds are configured small and the server runs in-process; every wait is a hang guard.
"""

from __future__ import annotations

import asyncio
import re

from mcp import Client

from tests.interfaces.mcp_http_server import PAGE, running
from webdistill.config import Config

INIT = (
    b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",'
    b'"capabilities":{},"clientInfo":{"name":"x","version":"0"}}}'
)


def _post(body: bytes) -> bytes:
    return (
        b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        b"Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
        b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    )


async def _session(port: int, source: str) -> str:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(_post(INIT))
    answer = await asyncio.wait_for(reader.read(), 10)  # hang guard
    writer.close()
    found = re.search(rb"mcp-session-id: (\S+)", answer, re.I)
    assert found, answer[:200]
    return found.group(1).decode()


Stream = tuple[asyncio.StreamReader, asyncio.StreamWriter]


async def _stream(port: int, sid: str, source: str) -> Stream:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(
        b"GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        b"Mcp-Session-Id: " + sid.encode() + b"\r\nMcp-Protocol-Version: 2025-11-25\r\n\r\n"
    )
    head = await asyncio.wait_for(reader.read(64), 10)  # hang guard
    assert head.startswith(b"HTTP/1.1 200"), head
    return reader, writer


async def _hold(port: int, count: int) -> list[Stream]:
    """`count` sessions, each holding its GET stream open, from three client addresses."""
    held = []
    for i in range(count):
        source = f"127.0.0.{1 + i % 3}"
        held.append(await _stream(port, await _session(port, source), source))
    return held


async def _legit(port: int, mode: str = "legacy") -> str:
    """initialize + tools/list + web_fetch, as the official SDK client does them."""
    async with asyncio.timeout(15), Client(f"http://127.0.0.1:{port}/mcp", mode=mode) as client:
        listed = await client.list_tools()
        assert "web_fetch" in {tool.name for tool in listed.tools}
        got = await client.call_tool("web_fetch", {"url": PAGE})
        return "ok" if "Tide pools" in str(got.content) else str(got.content)[:300]


async def _ended(reader: asyncio.StreamReader) -> bool:
    """Did the server end this stream (end of file, within the hang guard)?"""
    try:
        async with asyncio.timeout(20):
            while await reader.read(65536):
                pass
    except TimeoutError:
        return False
    except ConnectionError:
        pass
    return True


async def test_standing_streams_at_the_connection_cap_make_room_for_a_new_client() -> None:
    async with running(Config(mcp_max_connections=12)) as port:
        held = await _hold(port, 12)
        try:
            assert await _legit(port) == "ok"  # was: 503 and close
            assert await _legit(port, "2026-07-28") == "ok"
            assert await _ended(held[0][0])  # the oldest stream was the one shed
        finally:
            for _, writer in held:
                writer.close()


async def test_a_session_holding_only_a_stream_is_idle_and_can_be_evicted() -> None:
    config = Config(mcp_max_sessions=6, mcp_max_sessions_per_client=2, mcp_max_connections=64)
    async with running(config) as port:
        held = await _hold(port, 6)  # every session of the server holds a stream
        try:
            assert await _legit(port) == "ok"  # was: 503 (no session idle)
            assert await _ended(held[0][0])  # the idlest session was ended, its stream too
        finally:
            for _, writer in held:
                writer.close()


async def test_a_standing_stream_does_not_keep_its_session_past_the_idle_time() -> None:
    async with running(Config(mcp_max_connections=64), session_idle_s=1) as port:
        held = await _hold(port, 3)
        try:
            assert [await _ended(reader) for reader, _ in held] == [True] * 3
        finally:
            for _, writer in held:
                writer.close()


async def test_a_session_has_at_most_one_standing_stream() -> None:
    async with running(Config()) as port:
        sid = await _session(port, "127.0.0.1")
        first = await _stream(port, sid, "127.0.0.1")
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            b"GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
            b"Mcp-Session-Id: " + sid.encode() + b"\r\nMcp-Protocol-Version: 2025-11-25\r\n\r\n"
        )
        second = await asyncio.wait_for(reader.read(64), 10)  # hang guard
        for _, other in (first, (reader, writer)):
            other.close()
    assert second.startswith(b"HTTP/1.1 409"), second
