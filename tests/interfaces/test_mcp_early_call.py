"""A first tool call that comes while the MCP SDK loads is answered without it (issue 33):
checked by structure (which modules are loaded when the answer is written, which bytes are
written), never by time.

The stdio server runs in a subprocess whose SDK import is held "still loading" until the
call is answered; its answer is compared byte for byte with the SDK's own answer to the same
call (the page's response id and fence nonce, random per run, set aside). Pages come from
the fake site on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.interfaces.sites import cli_env, local_env, site_app
from tests.servers import serve

INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def _initialize(version: str = "2025-06-18") -> dict[str, object]:
    params = {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "t"}}
    return {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}


def _list(request_id: object) -> dict[str, object]:
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/list"}


def _call(request_id: object, name: str, arguments: object) -> dict[str, object]:
    params = {"name": name, "arguments": arguments}
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


def _lines(*messages: dict[str, object]) -> bytes:
    return b"".join(json.dumps(message).encode() + b"\n" for message in messages)


#: The command's stdio path with the SDK import held until the early call is answered; it
#: reports which SDK modules were loaded when the SDK was first waited for.
EARLY = """
import json, sys
from webdistill.config import Config
from webdistill.doors.mcp.handshake import answer_early
from webdistill.doors.mcp.early_call import serve_after_call
config = Config.from_env()
lines, answered, call = answer_early(config, lambda: True, lambda: None)
seen = {}
def sdk_loaded():
    seen["sdk"] = sorted(m for m in sys.modules if m.split(".")[0] in ("mcp", "mcp_types"))
    import webdistill.doors.mcp.server
if call is None:
    print("REPORT" + json.dumps({"call": None}), file=sys.stderr)
    sys.exit(0)
serve_after_call(config, call, lines, answered, answered_call=lambda: None, sdk_loaded=sdk_loaded)
print("REPORT" + json.dumps({"call": call.name, "sdk": seen["sdk"]}), file=sys.stderr)
"""

SDK_ALONE = (
    "import sys; from webdistill.config import Config; "
    "from webdistill.doors.mcp.server import serve_stdio; "
    "sys.exit(serve_stdio(Config.from_env()))"
)


async def _python(code: str, stdin: bytes, env: dict[str, str]) -> tuple[bytes, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", code,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, env=cli_env(env),
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(stdin), timeout=120)
    return out, err.decode()


def _report(err: str) -> dict[str, object]:
    reports = [line for line in err.splitlines() if line.startswith("REPORT")]
    assert reports, err
    report: dict[str, object] = json.loads(reports[-1][len("REPORT") :])
    return report


def _by_id(out: bytes) -> dict[object, bytes]:
    answers: dict[object, bytes] = {}
    for line in out.splitlines(keepends=True):
        request_id = json.loads(line)["id"]
        assert request_id not in answers, f"answered twice: {request_id}"
        answers[request_id] = line
    return answers


def _steady(line: bytes) -> bytes:
    """`line` without what differs run to run: response ids and fence nonces."""
    line = re.sub(rb"r_[0-9]+_[A-Za-z0-9_-]+", b"r_ID", line)
    return re.sub(rb"nonce[= ][0-9a-f]{8,}", b"nonce N", line)


@pytest.fixture
async def site() -> AsyncIterator[str]:
    async with serve(site_app()) as base:
        yield base


def _env(site: str, tmp_path: Path, **extra: str) -> dict[str, str]:
    return local_env(site, WEB_CACHE_DIR=str(tmp_path), WEB_RESPECT_ROBOTS="false", **extra)


async def test_a_first_web_fetch_is_answered_before_the_sdk_is_imported(
    site: str, tmp_path: Path
) -> None:
    fetch = _call(3, "web_fetch", {"url": f"{site}/article"})
    stdin = _lines(_initialize(), INITIALIZED, _list(2), fetch, _list(4))
    out, err = await _python(EARLY, stdin, _env(site, tmp_path))
    report = _report(err)
    assert report["call"] == "web_fetch"
    assert report["sdk"] == []  # the answer was written before the SDK was even waited for
    answers = _by_id(out)
    assert list(answers) == [1, 2, 3, 4]  # the call once (the SDK never saw it), then the SDK
    result = json.loads(answers[3])["result"]
    assert result["isError"] is False
    assert "Tide pools" in result["content"][0]["text"]


@pytest.mark.parametrize(
    "call",
    [
        _call("c-7", "web_fetch", {"url": "{site}/article"}),
        _call(8, "web_fetch", {"urls": ["{site}/article", "http://169.254.169.254/x"]}),
        _call(9, "web_fetch", {"url": "http://169.254.169.254/latest/"}),  # refused: no socket
        _call(10, "web_fetch", {"urls": 3}),  # the kernel refuses the request
        _call(11, "web_search", {"query": ""}),
        _call(12, "web_get_result", {"response_id": "r_1_nothing"}),
        _call(13, "web_fetch", None),
    ],
)
async def test_the_early_answer_is_byte_for_byte_the_sdks(
    site: str, tmp_path: Path, call: dict[str, object]
) -> None:
    call = json.loads(json.dumps(call).replace("{site}", site))
    stdin = _lines(_initialize(), INITIALIZED, call)
    early, err = await _python(EARLY, stdin, _env(site, tmp_path / "early"))
    assert _report(err)["call"] is not None
    sdk, sdk_err = await _python(SDK_ALONE, stdin, _env(site, tmp_path / "sdk"))
    request_id = call["id"]
    early_line, sdk_line = _by_id(early).get(request_id), _by_id(sdk).get(request_id)
    assert early_line is not None and sdk_line is not None, (err, sdk_err)
    assert _steady(early_line) == _steady(sdk_line)


def test_only_a_plain_call_of_a_known_tool_with_fencing_on_is_taken_early() -> None:
    from webdistill.config import Config
    from webdistill.doors.mcp.early_call import early_call
    from webdistill.doors.mcp.identity import TITLES
    from webdistill.doors.mcp.tool_answers import TOOL_CALLS

    assert set(TITLES) == set(TOOL_CALLS)  # the names taken early are the tools run
    config = Config.from_env(env={})

    def line(message: object) -> bytes:
        return json.dumps(message).encode()

    fetch = _call(3, "web_fetch", {"url": "https://example.org/"})
    assert early_call(line(fetch), config) == (3, "web_fetch", {"url": "https://example.org/"})
    assert early_call(line(_call("x", "web_search", None)), config) == ("x", "web_search", {})
    with_meta = {**fetch, "params": {**fetch["params"], "_meta": {"progressToken": 1}}}  # type: ignore[dict-item]
    for refused in (
        with_meta,  # progress, tasks...: the SDK's
        _call(3, "web_crawl", {}),
        _call(3, ["web_fetch"], {}),
        _call(3, "web_fetch", ["https://example.org/"]),
        _call(True, "web_fetch", {}),
        _call(None, "web_fetch", {}),
        {**fetch, "jsonrpc": "1.0"},
        {**fetch, "method": "tools/list"},
        _list(2),
    ):
        assert early_call(line(refused), config) is None, refused
    assert early_call(b"not json", config) is None
    unfenced = Config.from_env(env={"WEB_FENCE_UNTRUSTED": "false"})
    assert early_call(line(fetch), unfenced) is None  # structured content: the SDK writes it
