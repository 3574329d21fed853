"""`webdistill mcp` as a process, where a client or the machine misbehaves.

Raw JSON-RPC lines on stdin (no SDK client), to close stdin right after a request; and
`--http` where the address cannot be served. Subprocesses run under the loopback-only guard.
"""

from __future__ import annotations

import json
import socket
from collections.abc import AsyncIterator

import pytest

from tests.interfaces.sites import local_env, run_cli, site_app
from tests.servers import serve


@pytest.fixture
async def site() -> AsyncIterator[str]:
    async with serve(site_app()) as base_url:
        yield base_url


def _lines(*messages: dict[str, object]) -> bytes:
    return b"".join(json.dumps(message).encode() + b"\n" for message in messages)


INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "pipe", "version": "0"},
    },
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def _call(request_id: int, name: str, arguments: dict[str, object]) -> dict[str, object]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    }


async def test_stdin_closed_right_after_requests_still_gets_every_answer(site: str) -> None:
    stdin = _lines(
        INITIALIZE,
        INITIALIZED,
        _call(2, "web_fetch", {"urls": [f"{site}/article", "http://127.0.0.1:9/closed"]}),
        _call(3, "web_search", {"query": "tide pools"}),
        _call(4, "web_crawl", {}),
    )
    ran = await run_cli("mcp", env=local_env(site), stdin=stdin)  # stdin closes after these
    assert ran.code == 0, ran.err
    answers = {message["id"]: message for message in map(json.loads, ran.out.splitlines())}
    assert set(answers) == {1, 2, 3, 4}
    fetched = answers[2]["result"]
    assert fetched["isError"] is False  # one URL of two worked: not an error as a whole
    ok, closed = fetched["structuredContent"]["results"]
    assert ok["page"]["title"] == "Tide pools of the north coast"
    assert closed["error"]["code"] == "NETWORK_ERROR"
    assert answers[3]["result"]["isError"] is False
    assert answers[4]["error"]["code"] == -32602  # unknown tool: a JSON-RPC error
    assert "Unknown tool: web_crawl" in answers[4]["error"]["message"]


async def test_http_port_in_use_is_said_and_no_success_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        ran = await run_cli("mcp", "--http", f"127.0.0.1:{port}")
    assert ran.code == 2
    assert f"port {port} is already in use" in ran.err
    assert "MCP streamable HTTP at" not in ran.err and "Traceback" not in ran.err


async def test_http_on_an_address_this_machine_lacks_is_not_called_port_in_use() -> None:
    ran = await run_cli("mcp", "--http", "192.0.2.55:8765")  # TEST-NET-1: bind only, no traffic
    assert ran.code == 2
    assert "192.0.2.55 is not an address of this machine" in ran.err
    assert "in use" not in ran.err and "MCP streamable HTTP at" not in ran.err
