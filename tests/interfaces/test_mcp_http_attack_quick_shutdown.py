"""Attack b33q (issue 33), low: a graceful shutdown drops a quick POST whose body is still
arriving (the connection looks idle: no cycle yet), where h11 had started the request's cycle
at its head and answered it before closing (uvicorn's shutdown: keep_alive = False)."""

from __future__ import annotations

import asyncio
import json
import socket

import uvicorn

from tests.interfaces.mcp_http_server import INIT, toolkit
from webdistill.config import Config
from webdistill.doors.mcp.server import http_app, uvicorn_config


async def test_a_request_mid_body_at_shutdown_is_still_answered() -> None:
    config = Config()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    app = http_app(toolkit(config), config, "127.0.0.1")
    server = uvicorn.Server(uvicorn_config(app, config, "127.0.0.1", port, log_level="error"))
    task = asyncio.create_task(server.serve())
    while not server.started:  # noqa: ASYNC110 - uvicorn's flag, no event to wait on
        await asyncio.sleep(0.02)
    body = json.dumps(INIT).encode()
    head = (b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
            b"Accept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n"
            % (port, len(body)))  # fmt: skip
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(head + body[:10])
    await asyncio.sleep(0.3)
    server.should_exit = True  # graceful stop while the body is on its way
    await asyncio.sleep(0.3)
    try:
        writer.write(body[10:])
        answer = await asyncio.wait_for(reader.read(400), timeout=10)
    except ConnectionError as exc:
        answer = repr(exc).encode()
    writer.close()
    await task
    # before (h11): "HTTP/1.1 200 OK" then close; now: b"" (closed without an answer)
    assert answer.startswith(b"HTTP/1.1 200 "), answer
