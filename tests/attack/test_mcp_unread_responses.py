# ruff: noqa: SIM115
"""Finding: a client that pipelines requests and never reads the answers holds its connection
for ever, with no session (2026-07-28) and from one address.

Once the server's writes block (the client's receive window is full), the connection is
"busy" (a response is being written), so neither WEB_MCP_HEADER_TIMEOUT_MS nor
WEB_MCP_BODY_TIMEOUT_MS applies and the connection limit cannot shed it: WEB_MCP_MAX_CONNECTIONS
such sockets and every new client gets 503, while the server sits idle (measured: ~5 s CPU
answering the backlog, then 0.02 s CPU per 10 s, locked out for 50 s with 1 s deadlines).
"""

from __future__ import annotations

import asyncio
import socket
import time

from tests.attack.mcp_harness import legit, post, serve

LIST = b'{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}'


def _cpu_s(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100


async def _never_reads(port: int) -> socket.socket:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    sock.setblocking(False)
    burst = post(LIST, extra=b"Mcp-Protocol-Version: 2026-07-28\r\n") * 50
    end = time.monotonic() + 3
    while time.monotonic() < end:  # bounded: 3 s of pipelined requests, never a read
        try:
            sock.send(burst)
        except BlockingIOError:
            await asyncio.sleep(0.05)
    return sock


async def test_unread_pipelined_answers_hold_connections_past_every_deadline() -> None:
    async with serve(
        WEB_MCP_MAX_CONNECTIONS="2",
        WEB_MCP_HEADER_TIMEOUT_MS="1000",
        WEB_MCP_BODY_TIMEOUT_MS="1000",
    ) as served:
        assert await legit(served, "2026-07-28") == "ok"
        held = [await _never_reads(served.port) for _ in range(2)]
        try:
            await asyncio.sleep(20)  # the backlog is answered as far as the socket takes it
            cpu = _cpu_s(served.pid)
            await asyncio.sleep(10)  # 25x both deadlines in all
            idle_cpu = _cpu_s(served.pid) - cpu
            print("server CPU in the last 10 s:", idle_cpu, "s; rss", served.rss_mb())
            assert idle_cpu < 2  # the server is idle: the sockets are merely held
            assert await legit(served, "2026-07-28", timeout=15) == "ok"  # actual: 503
            assert await legit(served, timeout=15) == "ok"
        finally:
            for sock in held:
                sock.close()
