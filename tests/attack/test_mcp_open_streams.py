"""Finding: open GET (SSE) streams hold connections for ever and lock every client out.

A session's standalone GET stream is never cut (no header/body deadline applies once the
request is in, and a session with an open stream is never "idle", so neither
WEB_MCP_SESSION_IDLE_MINUTES nor eviction ends it). One stream per session, one session per
INIT, sessions from 127.0.0.1/.2/.3 (each address under WEB_MCP_MAX_SESSIONS_PER_CLIENT):
WEB_MCP_MAX_CONNECTIONS streams and every new client gets 503 -- with default settings.
"""

from __future__ import annotations

import asyncio
import re

from tests.attack.mcp_harness import INIT, legit, post, raw, serve


async def _session(port: int, source: str) -> str:
    resp = await raw(port, post(INIT, extra=b"Connection: close\r\n"), source=source, timeout=5)
    found = re.search(rb"mcp-session-id: (\S+)", resp, re.I)
    assert found, resp[:200]
    return found.group(1).decode()


async def _stream(port: int, sid: str, source: str) -> asyncio.StreamWriter:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(
        b"GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        b"Mcp-Session-Id: " + sid.encode() + b"\r\nMcp-Protocol-Version: 2025-11-25\r\n\r\n"
    )
    await writer.drain()
    head = await asyncio.wait_for(reader.read(64), 5)
    assert head.startswith(b"HTTP/1.1 200"), head
    return writer


async def _hold(port: int, count: int) -> list[asyncio.StreamWriter]:
    held = []
    for i in range(count):
        source = f"127.0.0.{1 + i % 3}"
        held.append(await _stream(port, await _session(port, source), source))
    return held


async def test_default_settings_256_open_streams_lock_out_every_client() -> None:
    async with serve() as served:  # every WEB_MCP_* at its default (256 connections)
        assert await legit(served) == "ok"
        held = await _hold(served.port, 256)
        try:
            await asyncio.sleep(1)
            print("rss MB", served.rss_mb(), "fds", served.fds())
            assert await legit(served, timeout=15) == "ok"  # actual: ReadError (503 + close)
        finally:
            for writer in held:
                writer.close()


async def test_open_streams_outlive_the_session_idle_time() -> None:
    async with serve(
        WEB_MCP_MAX_CONNECTIONS="12",
        WEB_MCP_HEADER_TIMEOUT_MS="1000",
        WEB_MCP_BODY_TIMEOUT_MS="1000",
        WEB_MCP_SESSION_IDLE_MINUTES="1",
    ) as served:
        held = await _hold(served.port, 12)
        try:
            await asyncio.sleep(70)  # past every deadline and the 1-minute idle time
            assert await legit(served, timeout=15) == "ok"  # actual: still locked out
            assert await legit(served, "2026-07-28", timeout=15) == "ok"
        finally:
            for writer in held:
                writer.close()
