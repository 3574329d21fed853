"""`webdistill mcp` as a process, where a client or the machine misbehaves.

Raw JSON-RPC lines on stdin (no SDK client), to close stdin right after a request; and
`--http` where the address cannot be served. Subprocesses run under the loopback-only guard.
"""

from __future__ import annotations

import asyncio
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
    messages = [json.loads(line) for line in ran.out.splitlines()]
    answers = {message["id"]: message for message in messages}
    assert sorted(message["id"] for message in messages) == [1, 2, 3, 4]  # each answered once
    fetched = answers[2]["result"]
    assert fetched["isError"] is False  # one URL of two worked: not an error as a whole
    assert "structuredContent" not in fetched  # fenced (the default): the text alone
    text = fetched["content"][0]["text"]
    assert "Tide pools of the north coast" in text and "Error NETWORK_ERROR:" in text
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
    # TEST-NET-1: bind only, no traffic; a non-loopback bind needs the flag and a token (17)
    token = {"WEB_MCP_TOKEN": "test-token-0123456789abcdef"}
    ran = await run_cli("mcp", "--http", "192.0.2.55:8765", "--allow-remote", env=token)
    assert ran.code == 2
    assert "192.0.2.55 is not an address of this machine" in ran.err
    assert "in use" not in ran.err and "MCP streamable HTTP at" not in ran.err


async def test_the_early_initialize_answer_is_the_sdks_own() -> None:
    """`webdistill mcp` answers initialize before the SDK loads: byte for byte what the SDK
    answers when it serves alone (both fence settings, a known and an unknown version)."""
    import sys

    from tests.interfaces.sites import cli_env

    sdk_alone = (
        "import sys; from webdistill.config import Config; "
        "from webdistill.doors.mcp.server import serve_stdio; "
        "sys.exit(serve_stdio(Config.from_env()))"
    )
    for version, fence in (("2025-06-18", "true"), ("1999-01-01", "false")):
        request = dict(INITIALIZE, params={**INITIALIZE["params"], "protocolVersion": version})  # type: ignore[dict-item]
        stdin = _lines(request)
        env = {"WEB_FENCE_UNTRUSTED": fence}
        early = await run_cli("mcp", env=env, stdin=stdin)
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            sdk_alone,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=cli_env(env),
        )
        out, _ = await asyncio.wait_for(process.communicate(stdin), timeout=60)
        assert json.loads(early.out) == json.loads(out), version


def test_negotiation_follows_the_sdk_tables() -> None:
    from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, LATEST_HANDSHAKE_VERSION

    from webdistill.doors.mcp.handshake import handshake_versions, initialize_answer

    assert handshake_versions() == HANDSHAKE_PROTOCOL_VERSIONS
    for asked, expected in (
        (HANDSHAKE_PROTOCOL_VERSIONS[0], HANDSHAKE_PROTOCOL_VERSIONS[0]),
        ("1999-01-01", LATEST_HANDSHAKE_VERSION),
        (None, LATEST_HANDSHAKE_VERSION),
    ):
        request = dict(INITIALIZE, params={"protocolVersion": asked, "capabilities": {}})
        answered = initialize_answer(json.dumps(request).encode(), fence=True)
        assert answered is not None and answered[0] == 1
        assert json.loads(answered[1])["result"]["protocolVersion"] == expected
    for not_initialize in (b"", b"{", b"[]", json.dumps(INITIALIZED).encode()):
        assert initialize_answer(not_initialize, fence=True) is None


async def test_accepted_connections_get_tcp_nodelay() -> None:
    """The listening socket is made for TCP, so asyncio sets TCP_NODELAY on each accepted
    connection (a socket made with protocol 0 never gets it: small answers wait ~40 ms)."""
    from webdistill.doors.mcp.listen import bind_listener

    listener = bind_listener("127.0.0.1", 0)
    seen: list[int] = []

    async def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        sock = writer.get_extra_info("socket")
        seen.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        writer.close()

    server = await asyncio.start_server(accepted, sock=listener)
    async with server:
        reader, writer = await asyncio.open_connection(*listener.getsockname()[:2])
        await asyncio.wait_for(reader.read(), timeout=30)
        writer.close()
    assert seen and seen[0] != 0
