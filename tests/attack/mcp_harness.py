# ruff: noqa: ASYNC230, ASYNC109, SIM115
"""Attack harness: the real `webdistill mcp --http` as a subprocess, a local page, a legit client.

Loopback only. Every loop is bounded in count and time.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.server
import os
import socket
import sys
import tempfile
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass

from mcp import Client
from tests.interfaces.sites import cli_env

INIT = (
    b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",'
    b'"capabilities":{},"clientInfo":{"name":"x","version":"0"}}}'
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = (
            b"<html><head><title>Tide</title></head>"
            b"<body><p>Tide pools form on rocky shores.</p></body></html>"
        )
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def page_server() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/tide"
    finally:
        server.shutdown()


@dataclass
class Served:
    port: int
    pid: int
    page: str
    log: str

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    def rss_mb(self) -> float:
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return -1.0

    def fds(self) -> int:
        return len(os.listdir(f"/proc/{self.pid}/fd"))


@contextlib.asynccontextmanager
async def serve(**settings: str) -> AsyncIterator[Served]:
    port = free_port()
    with page_server() as page, tempfile.TemporaryDirectory() as tmp:
        env = cli_env(
            {
                "WEB_ALLOW_HTTP": "true",
                "WEB_TRUSTED_ADDRESSES": "127.0.0.1",
                "WEB_SEARCH_PROVIDER": "none",
                "WEB_CACHE": "memory",
                "WEB_CACHE_DIR": tmp,
                "WEB_RESPECT_ROBOTS": "false",
                **settings,
            }
        )
        log = os.path.join(tmp, "server.err")
        with open(log, "wb") as err:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "webdistill.doors.cli.main",
                "mcp",
                "--http",
                f"127.0.0.1:{port}",
                env=env,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=err,
            )
        try:
            for _ in range(300):
                try:
                    _, w = await asyncio.open_connection("127.0.0.1", port)
                    w.close()
                    break
                except OSError:
                    if process.returncode is not None:
                        raise AssertionError(open(log).read()) from None
                    await asyncio.sleep(0.1)
            yield Served(port, process.pid, page, log)
        finally:
            if process.returncode is None:
                process.terminate()
                try:
                    await asyncio.wait_for(process.wait(), 15)
                except TimeoutError:
                    process.kill()
                    await process.wait()


async def legit(served: Served, mode: str = "legacy", timeout: float = 20.0) -> str:
    """initialize + tools/list + web_fetch of the local page; returns 'ok' or the failure."""
    try:
        async with asyncio.timeout(timeout), Client(served.url, mode=mode) as client:
            tools = await client.list_tools()
            assert "web_fetch" in {t.name for t in tools.tools}
            got = await client.call_tool("web_fetch", {"url": served.page})
            text = str(got.content)
            if got.is_error or "Tide pools" not in text:
                return f"fetch failed: {text[:300]}"
            return "ok"
    except BaseException as exc:  # noqa: BLE001
        return f"{type(exc).__name__}: {exc!r}"[:300]


async def raw(port: int, data: bytes, *, source: str = "127.0.0.1", timeout: float = 5.0) -> bytes:
    """Send `data` on a fresh connection, read until close or timeout."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(data)
    await writer.drain()
    chunks = []
    try:
        async with asyncio.timeout(timeout):
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    break
                chunks.append(chunk)
    except (TimeoutError, ConnectionError):
        pass
    writer.close()
    return b"".join(chunks)


def post(
    body: bytes, *, host: bytes = b"127.0.0.1", extra: bytes = b"", session: str = ""
) -> bytes:
    head = (
        b"POST /mcp HTTP/1.1\r\nHost: " + host + b"\r\n"
        b"Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
        b"Content-Length: " + str(len(body)).encode() + b"\r\n"
    )
    if session:
        head += b"Mcp-Session-Id: " + session.encode() + b"\r\nMcp-Protocol-Version: 2025-11-25\r\n"
    return head + extra + b"\r\n" + body
