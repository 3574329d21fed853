"""What `webdistill mcp` over stdio loads to answer a first `web_fetch` (issue 33): checked by
structure, never by time.

A subprocess serves MCP on its stdin/stdout (the real command line), answers `initialize`,
`tools/list` and a `web_fetch` of a local page, then reports the modules it imported. The
HTTP transport's h11 is never used by a stdio server, and the search providers (with lxml,
for DuckDuckGo's pages) are not used by a page: each cost CPU on the way to the first answer.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.interfaces.sites import cli_env, local_env, site_app
from tests.servers import serve

PROBE = """
import json, sys
from webdistill.doors.cli.main import main
code = main(["mcp"])
print("PROBE" + json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""

#: Never needed by a stdio server (the HTTP door's parser and modules).
UNUSED = (
    "h11",
    "webdistill.doors.mcp.connections",
    # the search providers and their parsers: loaded at a first search, not for a page
    "webdistill.adapters.providers.registry",
    "webdistill.adapters.providers.duckduckgo",
    "lxml",
)


@pytest.fixture
async def site() -> AsyncIterator[str]:
    async with serve(site_app()) as base_url:
        yield base_url


async def _send(process: asyncio.subprocess.Process, message: dict[str, object]) -> None:
    assert process.stdin is not None
    process.stdin.write(json.dumps(message).encode() + b"\n")
    await process.stdin.drain()


async def _answer(process: asyncio.subprocess.Process, wanted: int) -> dict[str, object]:
    assert process.stdout is not None
    while True:
        line = await asyncio.wait_for(process.stdout.readline(), timeout=120)
        assert line, "the server closed its output"
        message = json.loads(line)
        if message.get("id") == wanted:
            return dict(message)


async def test_a_first_web_fetch_loads_neither_the_sdk_client_nor_the_http_door(
    site: str, tmp_path: Path
) -> None:
    env = local_env(site, WEB_CACHE_DIR=str(tmp_path), WEB_RESPECT_ROBOTS="false")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        PROBE,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=cli_env(env),
    )
    info = {"name": "test", "version": "0"}
    params = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": info}
    await _send(process, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params})
    await _answer(process, 1)
    await _send(process, {"jsonrpc": "2.0", "method": "notifications/initialized"})
    await _send(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    assert "result" in await _answer(process, 2)
    call = {"name": "web_fetch", "arguments": {"url": f"{site}/article"}}
    await _send(process, {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": call})
    answer = await _answer(process, 3)
    assert "Tide pools form where the sea" in json.dumps(answer)
    assert process.stdin is not None
    process.stdin.close()
    _, err = await asyncio.wait_for(process.communicate(), timeout=120)
    lines = [line for line in err.decode().splitlines() if line.startswith("PROBE")]
    assert lines, err.decode()[-3000:]
    report = json.loads(lines[-1][len("PROBE") :])
    assert report["code"] == 0
    assert [name for name in UNUSED if name in report["modules"]] == []
