"""Answer the MCP `initialize` and `tools/list` requests before the MCP SDK has loaded.

Importing the SDK (pydantic models for every protocol revision) takes most of a second, most
of a stdio server's start-up. A client waits for `initialize`, then for `tools/list`, before
its first tool call, and both answers are static: `webdistill mcp` writes them from here, in
a few milliseconds, while the SDK loads in a thread. The SDK then sees the same lines (its
session needs them) and its own, identical answers are dropped (drain.py). Negotiation
follows the SDK: the client's version when the SDK speaks it over the handshake, else the
SDK's newest handshake version (read from the SDK's own `mcp_types/version.py`, without
importing the package). The tool list is the kernel's schemas, shaped as the SDK writes
them (`server.tools_of`; a test checks the bytes are the SDK's). Only a first line that is a
well-formed `initialize` request is answered here, then `notifications/initialized` and
plain `tools/list` requests (no cursor) while the SDK is still loading; at the first other
line everything is left to the SDK. A first call that may read a page also starts the
extraction fork server (another process: it loads the content readers on the other core
while this one loads the SDK), and the thread goes on to import what the first call needs
(`compose.preload`). (The SDK's package files are imported as they are: deferring them saved
~0.1 s but broke imports of the SDK from other threads, issue 33's attack.)
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
from collections.abc import Callable
from pathlib import Path

from webdistill.config import Config
from webdistill.doors.mcp.identity import SERVER_NAME, TITLES, instructions, server_version
from webdistill.kernel.schemas import tool_schemas

#: What the server offers (the SDK derives the same from the handlers it is given).
CAPABILITIES: dict[str, object] = {"tools": {"listChanged": False}}
#: Used only if the SDK's version table cannot be read.
_FALLBACK_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
MAX_LINE_BYTES = 1 << 20


def handshake_versions() -> tuple[str, ...]:
    """The SDK's handshake protocol versions, oldest first, without importing the SDK."""
    try:
        spec = importlib.util.find_spec("mcp_types")
        folders = list(spec.submodule_search_locations or []) if spec else []
        source = (Path(folders[0]) / "version.py").read_text(encoding="utf-8")
        table: dict[str, object] = {}
        exec(compile(source, "mcp_types/version.py", "exec"), table)  # the SDK's own table
        versions = table["HANDSHAKE_PROTOCOL_VERSIONS"]
    except Exception:  # noqa: BLE001 - any surprise: the SDK-era default table
        return _FALLBACK_VERSIONS
    if isinstance(versions, tuple) and versions and all(isinstance(v, str) for v in versions):
        return versions
    return _FALLBACK_VERSIONS


def read_line(fd: int = 0) -> bytes:
    """The next line of `fd`, read a byte at a time so nothing after it is consumed."""
    data = bytearray()
    while len(data) < MAX_LINE_BYTES:
        byte = os.read(fd, 1)
        if not byte:
            break
        data += byte
        if byte == b"\n":
            break
    return bytes(data)


def _request(line: bytes) -> dict[str, object] | None:
    """`line` as a JSON-RPC 2.0 message object, or None."""
    try:
        message = json.loads(line)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return None
    return message


def _has_id(message: dict[str, object]) -> bool:
    request_id = message.get("id")
    return isinstance(request_id, str | int) and not isinstance(request_id, bool)


def _line(request_id: object, result: dict[str, object]) -> bytes:
    """A JSON-RPC answer as the SDK's stdio writer spells it (compact, UTF-8)."""
    answer = {"jsonrpc": "2.0", "id": request_id, "result": result}
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def initialize_answer(line: bytes, fence: bool) -> tuple[object, bytes] | None:
    """(request id, answer line) when `line` is an `initialize` request, else None."""
    request = _request(line)
    if request is None or request.get("method") != "initialize" or not _has_id(request):
        return None
    params = request.get("params")
    if not isinstance(params, dict):
        return None
    versions = handshake_versions()
    asked = params.get("protocolVersion")
    result = {
        "capabilities": CAPABILITIES,
        "instructions": instructions(fence),
        "protocolVersion": asked if asked in versions else versions[-1],
        "serverInfo": {"name": SERVER_NAME, "version": server_version()},
    }
    return request["id"], _line(request["id"], result)


def is_initialized(line: bytes) -> bool:
    """Whether `line` is the client's `notifications/initialized`."""
    message = _request(line)
    return (
        message is not None
        and message.get("method") == "notifications/initialized"
        and ("id" not in message)
    )


#: The input schema's keys the SDK's per-version models declare, in their order; it writes
#: them first, then the other keys as given.
_SCHEMA_FIELDS = ("properties", "required", "type")


def _as_sdk_schema(schema: object) -> dict[str, object]:
    given = dict(schema) if isinstance(schema, dict) else {}
    ordered = {key: given[key] for key in _SCHEMA_FIELDS if key in given}
    ordered.update((key, value) for key, value in given.items() if key not in ordered)
    return ordered


def tools(results: bool) -> list[dict[str, object]]:
    """The `tools/list` entries, field for field as the SDK writes `server.tools_of`'s
    `Tool` models (its JSON keeps the models' field order, alphabetical)."""
    listed: list[dict[str, object]] = []
    for schema in tool_schemas(strict=False, results=results):
        name = str(schema["name"])
        annotations = {
            "destructiveHint": False,
            "idempotentHint": True,
            "openWorldHint": True,
            "readOnlyHint": True,
            "title": TITLES.get(name),
        }
        listed.append(
            {
                "annotations": annotations,
                "description": str(schema["description"]),
                "inputSchema": _as_sdk_schema(schema["parameters"]),
                "name": name,
                "title": TITLES.get(name),
            }
        )
    return listed


def tools_list_answer(line: bytes, results: bool) -> tuple[object, bytes] | None:
    """(request id, answer line) when `line` is a plain `tools/list` request (no cursor, no
    `_meta`: those are left to the SDK), else None. `results`: web_get_result is offered."""
    request = _request(line)
    if request is None or request.get("method") != "tools/list" or not _has_id(request):
        return None
    if request.get("params") not in (None, {}):
        return None
    return request["id"], _line(request["id"], {"tools": tools(results)})


def reads_pages(line: bytes) -> bool:
    """Whether `line` is a tool call that may read a page: `web_fetch`, or `web_search`
    with `include_content` (the calls the extraction fork server is started ahead for)."""
    message = _request(line)
    if message is None or message.get("method") != "tools/call":
        return False
    params = message.get("params")
    name = params.get("name") if isinstance(params, dict) else None
    arguments = params.get("arguments") if isinstance(params, dict) else None
    if name == "web_fetch":
        return True
    return (
        name == "web_search"
        and isinstance(arguments, dict)
        and bool(arguments.get("include_content"))
    )


def answer_early(
    config: Config, loading: Callable[[], bool], start_extraction: Callable[[], None]
) -> tuple[bytes, tuple[object, ...]]:
    """Read stdin line by line and answer `initialize` and `tools/list` by hand while
    `loading()` (the SDK's import) lasts; stop at the first line the SDK must answer.
    Returns (the lines read, for the SDK; the ids answered here, whose SDK answers are
    dropped)."""
    fence = True if config.fence_untrusted is None else config.fence_untrusted
    results = config.max_stored_results > 0
    first = read_line()
    answer = initialize_answer(first, fence)
    if answer is None:
        return first, ()
    _write(answer[1])
    lines, answered, initialized = [first], [answer[0]], False
    while loading():
        line = read_line()
        lines.append(line)
        if is_initialized(line):
            initialized = True
            continue
        listed = tools_list_answer(line, results) if initialized else None
        if listed is None:
            if reads_pages(line):
                start_extraction()
            break
        _write(listed[1])
        answered.append(listed[0])
    return b"".join(lines), tuple(answered)


def _write(data: bytes) -> None:
    import sys

    sys.stdout.flush()
    os.write(sys.stdout.fileno(), data)


def serve_stdio_fast(config: Config) -> int:
    """`webdistill mcp` over stdio: load the SDK in a thread while `initialize` and
    `tools/list` are answered here; then serve with the SDK. Returns the exit code."""
    import sys
    import threading

    loaded: list[object] = []
    failed: list[BaseException] = []

    def load() -> None:
        try:
            from webdistill.doors.mcp import server

            loaded.append(server)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the main thread below
            failed.append(exc)
            return
        from webdistill.compose import preload

        with contextlib.suppress(Exception):  # (a module that fails says so where it is used)
            preload()  # what the first tool call imports, while the client thinks

    def start_extraction() -> None:
        from webdistill.compose import start_extraction_server

        start_extraction_server()

    loader = threading.Thread(target=load, name="webdistill-mcp-import", daemon=True)
    loader.start()
    if sys.stdin.isatty():
        print(
            "webdistill: MCP server on stdio, waiting for a client (an MCP host starts this "
            "command itself; press Ctrl-D or Ctrl-C to stop).",
            file=sys.stderr,
        )
    lines, answered = answer_early(config, loader.is_alive, start_extraction)
    loader.join()
    if failed:
        raise failed[0]
    from webdistill.doors.mcp.server import serve_stdio

    return serve_stdio(config, lines, answered)
