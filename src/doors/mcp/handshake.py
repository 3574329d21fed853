"""Answer the MCP `initialize` request before the MCP SDK has finished loading.

Importing the SDK (pydantic models for every protocol revision) takes a second or more, most
of a stdio server's start-up. A client waits for the answer to `initialize` before anything
else, so `webdistill mcp` answers it from here, in a few milliseconds, while the SDK loads
in a thread; the SDK then sees the same `initialize` (its session needs it) and its own,
identical answer is dropped. Negotiation follows the SDK: the client's version when the SDK
speaks it over the handshake, else the SDK's newest handshake version (read from the SDK's
own `mcp_types/version.py`, without importing the package). Only a first line that is a
well-formed `initialize` request is answered here; anything else is left to the SDK.
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

from webdistill.config import Config
from webdistill.doors.mcp.identity import SERVER_NAME, instructions, server_version

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


def read_first_line(fd: int = 0) -> bytes:
    """The first line of `fd`, read a byte at a time so nothing after it is consumed."""
    data = bytearray()
    while len(data) < MAX_LINE_BYTES:
        byte = os.read(fd, 1)
        if not byte:
            break
        data += byte
        if byte == b"\n":
            break
    return bytes(data)


def initialize_answer(line: bytes, fence: bool) -> tuple[object, bytes] | None:
    """(request id, answer line) when `line` is an `initialize` request, else None."""
    try:
        request = json.loads(line)
    except ValueError:
        return None
    if not isinstance(request, dict) or request.get("jsonrpc") != "2.0":
        return None
    request_id = request.get("id")
    params = request.get("params")
    if request.get("method") != "initialize" or not isinstance(request_id, str | int):
        return None
    if isinstance(request_id, bool) or not isinstance(params, dict):
        return None
    versions = handshake_versions()
    asked = params.get("protocolVersion")
    result = {
        "capabilities": CAPABILITIES,
        "instructions": instructions(fence),
        "protocolVersion": asked if asked in versions else versions[-1],
        "serverInfo": {"name": SERVER_NAME, "version": server_version()},
    }
    answer = {"jsonrpc": "2.0", "id": request_id, "result": result}
    text = json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
    return request_id, text.encode("utf-8") + b"\n"


def serve_stdio_fast(config: Config) -> int:
    """`webdistill mcp` over stdio: load the SDK in a thread while the first line is read
    and, if it is `initialize`, answered; then serve with the SDK. Returns the exit code."""
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

    loader = threading.Thread(target=load, name="webdistill-mcp-import", daemon=True)
    loader.start()
    if sys.stdin.isatty():
        print(
            "webdistill: MCP server on stdio, waiting for a client (an MCP host starts this "
            "command itself; press Ctrl-D or Ctrl-C to stop).",
            file=sys.stderr,
        )
    fence = True if config.fence_untrusted is None else config.fence_untrusted
    first_line = read_first_line()
    answer = initialize_answer(first_line, fence)
    if answer is not None:
        sys.stdout.flush()
        os.write(sys.stdout.fileno(), answer[1])
    loader.join()
    if failed:
        raise failed[0]
    from webdistill.doors.mcp.server import serve_stdio

    return serve_stdio(config, first_line, answer[0] if answer else None)
