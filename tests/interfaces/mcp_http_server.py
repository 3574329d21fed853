"""The MCP HTTP door served in-process on 127.0.0.1, as `webdistill mcp --http` serves it."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator

import uvicorn

from tests.fakes import FakeBackend, page_row
from tests.interfaces.fake_toolkit import KernelToolkit
from webdistill.config import Config
from webdistill.doors.mcp.server import http_app, uvicorn_config

PAGE = "https://docs.tideguide.org/guide"
INIT = {
    "jsonrpc": "2.0", "id": 1, "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {},
               "clientInfo": {"name": "t", "version": "0"}},
}  # fmt: skip
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def toolkit(config: Config, *, max_results: int = 20) -> KernelToolkit:
    """A kernel toolkit whose backend serves PAGE."""
    backend = FakeBackend(pages={PAGE: page_row(PAGE, "Tide pools form on rocky shores.")})
    return KernelToolkit(backend, config, max_results=max_results)


@contextlib.asynccontextmanager
async def running(
    config: Config,
    *,
    max_results: int = 20,
    session_idle_s: float | None = None,
) -> AsyncIterator[int]:
    """Serve the door on a free 127.0.0.1 port; yields the port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    app = http_app(toolkit(config, max_results=max_results), config, "127.0.0.1",
                   session_idle_s=session_idle_s)  # fmt: skip
    server = uvicorn.Server(uvicorn_config(app, config, "127.0.0.1", port, log_level="error"))
    task = asyncio.create_task(server.serve())
    for _ in range(500):
        if server.started or task.done():
            break
        await asyncio.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        await task
