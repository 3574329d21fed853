"""`webdistill mcp` end to end: the server as a subprocess, driven by the SDK's own clients.

One stdio session covers listing and calls (each spawn costs seconds); one streamable HTTP
server checks `--http`. Subprocesses run under the loopback-only audit hook.
"""

from __future__ import annotations

import asyncio
import socket
import sys
from collections.abc import AsyncIterator

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from tests.interfaces.sites import cli_env, local_env, site_app
from tests.servers import serve
from webdistill.doors.render import FENCE_CLOSE, FENCE_OPEN

SERVER = [sys.executable, "-m", "webdistill.doors.cli.main", "mcp"]


@pytest.fixture
async def site() -> AsyncIterator[str]:
    async with serve(site_app()) as base_url:
        yield base_url


async def test_stdio_session_lists_tools_and_calls_them(site: str) -> None:
    params = StdioServerParameters(command=SERVER[0], args=SERVER[1:], env=cli_env(local_env(site)))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        listed = await session.list_tools()
        fetched = await session.call_tool("web_fetch", {"url": f"{site}/article", "max_chars": 300})
        searched = await session.call_tool("web_search", {"query": "tide pools"})
        blocked = await session.call_tool("web_fetch", {"url": "https://169.254.169.254/latest/"})

    tools = {tool.name: tool for tool in listed.tools}
    assert set(tools) == {"web_search", "web_fetch", "web_get_result"}
    assert tools["web_fetch"].input_schema["properties"]["start_index"]["type"] == "integer"
    assert tools["web_search"].annotations.read_only_hint is True  # type: ignore[union-attr]
    assert tools["web_search"].annotations.open_world_hint is True  # type: ignore[union-attr]

    assert fetched.is_error is False
    text = fetched.content[0].text  # type: ignore[union-attr]
    assert text.index(FENCE_OPEN) < text.index("Tide pools form") < text.index(FENCE_CLOSE)
    assert "To read more call web_fetch with start_index=" in text
    assert "Tide pools of the north coast" in text
    assert fetched.structured_content is None  # fenced: the text is the only form

    assert searched.is_error is False
    found = searched.content[0].text  # type: ignore[union-attr]
    assert found.index(f"{site}/article") < found.index("https://guide.example/tides")

    assert blocked.is_error is True
    assert "Error BLOCKED_URL:" in blocked.content[0].text  # type: ignore[union-attr]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _wait_listening(port: int, process: asyncio.subprocess.Process) -> None:
    for _ in range(200):
        if process.returncode is not None:
            raise AssertionError(f"server exited with {process.returncode}")
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.1)
            continue
        writer.close()
        await writer.wait_closed()
        return
    raise AssertionError("the MCP HTTP server did not start listening")


async def test_streamable_http_serves_the_same_tools() -> None:
    port = _free_port()
    process = await asyncio.create_subprocess_exec(
        *SERVER,
        "--http",
        f":{port}",
        env=cli_env(),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await _wait_listening(port, process)
        url = f"http://127.0.0.1:{port}/mcp"
        async with streamable_http_client(url) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            listed = await s.list_tools()
            refused = await s.call_tool("web_fetch", {"url": "http://10.0.0.1/"})
    finally:
        process.terminate()
        _, err = await asyncio.wait_for(process.communicate(), timeout=15)
    assert {tool.name for tool in listed.tools} == {"web_search", "web_fetch", "web_get_result"}
    assert refused.is_error is True and "BLOCKED_URL" in refused.content[0].text  # type: ignore[union-attr]
    assert f"http://127.0.0.1:{port}/mcp" in err.decode()
    assert "test guard" not in err.decode()
