"""MCP calls per second in one session through the official MCP SDK's own clients.

What an agent app built on the `mcp` Python SDK gets: one `webdistill mcp` process per
transport, one `ClientSession` each (`stdio_client`, and `streamable_http_client` to
`mcp --http 127.0.0.1:PORT`), initialized once; then rounds of `--calls` sequential
`tools/call web_fetch` of one loopback page (stored after its first read), the transports
alternating round by round. Printed per transport: the median calls/s over rounds, p50 /
p90 latency, the server process's CPU per call (/proc) and this client's. The SDK's clients
cost more than the server here (an httpx request, anyio streams and threads): bench/
mcp_calls.py measures the servers with equally lean clients; this one measures the user's
path. Goal (issue 33): HTTP calls/s >= stdio's.

    .venv/bin/python bench/mcp_sdk_calls.py [--calls 200] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

sys.path.insert(0, str(Path(__file__).parent))
from mcp_calls import _cpu_s, _env, _free_port, print_sides


async def _wait_listening(port: int) -> None:
    for _ in range(600):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise RuntimeError("the HTTP server did not listen")


async def _round(
    session: ClientSession, url: str, calls: int, latencies: list[float]
) -> tuple[float, float]:
    """(calls/s, client CPU ms per call) of `calls` sequential fetches."""
    mine = time.process_time()
    began = time.perf_counter()
    for _ in range(calls):
        start = time.perf_counter()
        result = await session.call_tool("web_fetch", {"url": url})
        latencies.append((time.perf_counter() - start) * 1000)
        assert not result.is_error, result
    rate = calls / (time.perf_counter() - began)
    return rate, (time.process_time() - mine) * 1000 / calls


def _spawn(command: list[str], **kw: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)


async def main_async(args: argparse.Namespace, root: Path) -> None:
    binary = str(Path(sys.executable).parent / "webdistill")
    (root / "page.html").write_text("<html><body><article>" + "<p>Tide pools.</p>" * 200
                                    + "</article></body></html>")  # fmt: skip
    port, mcp_port = _free_port(), _free_port()
    site = _spawn([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"], cwd=root)
    http_server = _spawn(
        [binary, "mcp", "--http", f"127.0.0.1:{mcp_port}"], env=_env(str(root / "cache-http"))
    )
    try:
        await _wait_listening(port)
        await _wait_listening(mcp_port)
        url = f"http://127.0.0.1:{port}/page.html"
        params = StdioServerParameters(
            command=binary, args=["mcp"], env=_env(str(root / "cache-stdio"))
        )
        async with contextlib.AsyncExitStack() as stack:
            read, write = await stack.enter_async_context(stdio_client(params))
            stdio = await stack.enter_async_context(ClientSession(read, write))
            read, write = await stack.enter_async_context(
                streamable_http_client(f"http://127.0.0.1:{mcp_port}/mcp")
            )
            http = await stack.enter_async_context(ClientSession(read, write))
            sessions = {"stdio": stdio, "http": http}
            for session in sessions.values():
                await session.initialize()
                await _round(session, url, 3, [])  # the page read once, then stored
            pids = {"stdio": _stdio_pid(http_server.pid), "http": http_server.pid}
            rates: dict[str, list[float]] = {n: [] for n in sessions}
            latencies: dict[str, list[float]] = {n: [] for n in sessions}
            cpu: dict[str, list[float]] = {n: [] for n in sessions}
            mine: dict[str, list[float]] = {n: [] for n in sessions}
            names = list(sessions)
            for number in range(args.rounds):
                shift = number % len(names)
                for name in names[shift:] + names[:shift]:
                    before = _cpu_s(pids[name])
                    rate, client = await _round(sessions[name], url, args.calls, latencies[name])
                    cpu[name].append((_cpu_s(pids[name]) - before) * 1000 / args.calls)
                    rates[name].append(rate)
                    mine[name].append(client)
    finally:
        http_server.terminate()
        site.terminate()
    print(f"{args.calls} cached web_fetch calls per round through the mcp SDK's clients, "
          f"median of {args.rounds} rounds (loadavg {os.getloadavg()[0]:.1f})")  # fmt: skip
    print_sides(names, rates, latencies, cpu, mine, width=6)
    ratio = statistics.median(rates["http"]) / statistics.median(rates["stdio"])
    print(f"  http / stdio calls/s = {ratio:.2f} (goal >= 1.0)")


def _stdio_pid(exclude: int) -> int:
    """The `webdistill mcp` child this process started for stdio (not the HTTP one)."""
    me = os.getpid()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == exclude:
            continue
        with contextlib.suppress(OSError):
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
            if int(fields[1]) == me and b"mcp" in cmdline and b"--http" not in cmdline:
                return int(entry.name)
    raise RuntimeError("the stdio server process was not found")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args: Any = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(main_async(args, Path(folder)))


if __name__ == "__main__":
    main()
