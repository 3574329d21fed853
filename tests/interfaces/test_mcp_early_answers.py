"""`webdistill mcp` answers `initialize` and `tools/list` before the MCP SDK is imported
(issue 33): checked by structure (which modules are loaded, which bytes are written), never
by time.

`handshake.answer_early` runs in a subprocess whose SDK import is held "still loading", with
stdin lines as a client sends them; the tool list it writes is compared byte for byte with
the SDK's own answer for every handshake protocol version the SDK speaks.
"""

from __future__ import annotations

import asyncio
import json
import sys

import pytest

from tests.interfaces.sites import cli_env, run_cli

INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def _initialize(version: str) -> dict[str, object]:
    params = {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "t"}}
    return {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}


def _list(request_id: object) -> dict[str, object]:
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/list"}


FETCH = {
    "jsonrpc": "2.0",
    "id": 3,
    "method": "tools/call",
    "params": {"name": "web_fetch", "arguments": {"url": "http://127.0.0.1:9/"}},
}


def _lines(*messages: dict[str, object]) -> bytes:
    return b"".join(json.dumps(message).encode() + b"\n" for message in messages)


EARLY = """
import json, sys
from webdistill.config import Config
from webdistill.doors.mcp.handshake import answer_early
started = []
lines, answered = answer_early(Config.from_env(), lambda: True, lambda: started.append(1))
report = {
    "lines": lines.decode(),
    "answered": list(answered),
    "started": len(started),
    "sdk": sorted(m for m in sys.modules if m == "mcp" or m.startswith(("mcp.", "mcp_types"))),
    "heavy": sorted(m for m in ("pydantic", "aiohttp", "lxml", "webdistill.compose")
                    if m in sys.modules),
}
print("REPORT" + json.dumps(report), file=sys.stderr)
"""

SDK_ALONE = (
    "import sys; from webdistill.config import Config; "
    "from webdistill.doors.mcp.server import serve_stdio; "
    "sys.exit(serve_stdio(Config.from_env()))"
)


async def _python(code: str, stdin: bytes, env: dict[str, str]) -> tuple[bytes, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        code,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=cli_env(env),
    )
    out, err = await asyncio.wait_for(process.communicate(stdin), timeout=120)
    return out, err.decode()


async def test_tools_list_is_answered_without_importing_the_sdk() -> None:
    stdin = _lines(_initialize("2025-06-18"), INITIALIZED, _list(2), FETCH, _list(4))
    out, err = await _python(EARLY, stdin, {})
    reports = [line for line in err.splitlines() if line.startswith("REPORT")]
    assert reports, err
    report = json.loads(reports[-1][len("REPORT") :])
    answers = [json.loads(line) for line in out.splitlines()]
    assert [answer["id"] for answer in answers] == [1, 2]  # not the call, nor what follows
    names = [tool["name"] for tool in answers[1]["result"]["tools"]]
    assert names == ["web_search", "web_fetch", "web_get_result"]
    assert report["answered"] == [1, 2]
    # every line read so far goes to the SDK (the call included), nothing after the call
    assert report["lines"].encode() == _lines(
        _initialize("2025-06-18"), INITIALIZED, _list(2), FETCH
    )
    assert report["started"] == 1  # a first web_fetch starts the extraction fork server
    assert report["sdk"] == [] and report["heavy"] == []


def test_the_fork_server_is_started_ahead_only_for_calls_that_may_read_a_page() -> None:
    from webdistill.doors.mcp.handshake import reads_pages

    def call(name: str, arguments: dict[str, object]) -> bytes:
        return json.dumps({**FETCH, "params": {"name": name, "arguments": arguments}}).encode()

    assert reads_pages(call("web_fetch", {"url": "https://example.org/"}))
    assert reads_pages(call("web_search", {"query": "q", "include_content": True}))
    assert not reads_pages(call("web_search", {"query": "q"}))
    assert not reads_pages(call("web_get_result", {"response_id": "r"}))
    assert not reads_pages(json.dumps(_list(2)).encode())


async def test_only_plain_tools_list_after_initialized_is_answered_early() -> None:
    with_cursor = {**_list(2), "params": {"cursor": "x"}}
    for stdin, answered in (
        (_lines(_initialize("2025-06-18"), _list(2)), [1]),  # before `initialized`
        (_lines(_initialize("2025-06-18"), INITIALIZED, with_cursor), [1]),
        (_lines(_list(2), _initialize("2025-06-18")), []),  # initialize first, or nothing
    ):
        out, err = await _python(EARLY, stdin, {})
        report = json.loads(err.splitlines()[-1][len("REPORT") :])
        assert report["answered"] == answered, stdin
        assert [json.loads(line)["id"] for line in out.splitlines()] == answered


@pytest.mark.parametrize("results", ["0", "100"])
async def test_the_early_tools_list_is_byte_for_byte_the_sdks(results: str) -> None:
    from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

    from webdistill.doors.mcp.handshake import tools_list_answer

    env = {"WEB_MAX_STORED_RESULTS": results}
    for version in (*HANDSHAKE_PROTOCOL_VERSIONS, "1999-01-01"):
        request = _list("list-2")
        stdin = _lines(_initialize(version), INITIALIZED, request)
        sdk, err = await _python(SDK_ALONE, stdin, env)
        sdk_lines = sdk.splitlines(keepends=True)
        assert len(sdk_lines) == 2, err
        early = tools_list_answer(json.dumps(request).encode(), results != "0")
        assert early is not None and early[1] == sdk_lines[1], version


async def test_the_command_answers_each_request_once() -> None:
    """The SDK's own answers to what was answered early are dropped, not written twice."""
    stdin = _lines(_initialize("2025-06-18"), INITIALIZED, _list(2), _list(3))
    ran = await run_cli("mcp", stdin=stdin)
    assert ran.code == 0, ran.err
    answers = [json.loads(line) for line in ran.out.splitlines()]
    assert [answer["id"] for answer in answers] == [1, 2, 3]
    assert answers[1]["result"] == answers[2]["result"]


STARTED = """
import json, sys
from multiprocessing import forkserver
from webdistill.compose import start_extraction_server
start_extraction_server()
pid = forkserver._forkserver._forkserver_pid
print("REPORT" + json.dumps({
    "pid": pid,
    "preload": forkserver._forkserver._preload_modules,
    "reader_here": "webdistill.adapters.extract.html.reader" in sys.modules,
}), file=sys.stderr)
"""


async def test_the_extraction_fork_server_can_be_started_ahead_of_the_first_page() -> None:
    """What the first tool call starts: the pool's own fork server (its preload), running in
    its own process, while this one has not loaded the readers."""
    _, err = await _python(STARTED, b"", {})
    report = json.loads(err.splitlines()[-1][len("REPORT") :])
    assert report["pid"] is not None
    assert report["preload"] == ["webdistill.adapters.extract.worker_boot"]
    assert report["reader_here"] is False


PRELOADED = """
import asyncio, json, sys
from webdistill.compose import build, preload
from webdistill.config import Config
preload()
before = set(sys.modules)
async def first_page():
    async with build(Config.from_env()) as toolkit:
        return await toolkit.fetch({"url": sys.argv[1]})
fetched = asyncio.run(first_page())
new = sorted(m for m in set(sys.modules) - before if m.startswith("webdistill."))
print("REPORT" + json.dumps({"ok": fetched.unwrap()[0].error is None, "new": new}),
      file=sys.stderr)
"""


async def test_preload_imports_what_a_first_page_needs(tmp_path: object) -> None:
    """`compose.preload` (run by `webdistill mcp` while the client thinks) leaves nothing of
    webdistill for the first page to import (FIRST_CALL_MODULES kept complete)."""
    from tests.interfaces.sites import local_env, site_app
    from tests.servers import serve

    async with serve(site_app()) as site:
        env = local_env(site, WEB_CACHE_DIR=str(tmp_path), WEB_RESPECT_ROBOTS="false")
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", PRELOADED, f"{site}/article",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=cli_env(env),
        )  # fmt: skip
        _, err = await asyncio.wait_for(process.communicate(), timeout=120)
    reports = [line for line in err.decode().splitlines() if line.startswith("REPORT")]
    assert reports, err.decode()
    report = json.loads(reports[-1][len("REPORT") :])
    assert report["ok"] is True
    assert report["new"] == [], " ".join(report["new"])
