"""Answer a stdio client's first tool call while the MCP SDK is still loading (issue 33).

Importing the SDK costs most of a second of CPU. A client that calls a tool right after
`tools/list` (handshake.py answers both without the SDK) would wait for that import, and then
for the toolkit's own imports. So a first `tools/call` read while the SDK still loads is run
here on the toolkit and answered by hand, exactly as the SDK writes it; meanwhile the loader
thread holds back the SDK's import (`serve_stdio_fast`), so the call has the process to itself.
Then the SDK serves the rest of the session on the same toolkit: it is given the lines read
before the call (its session needs `initialize`), never the call itself, so the call runs once.

Only a plain call is taken here: an `id`, `params` with a known tool `name` and an object of
`arguments` (or none) and nothing else (no `_meta`: a progress token, a task; those are left
to the SDK), and only with fencing on (the default), where a result is text alone; with
WEB_FENCE_UNTRUSTED=false the call waits for the SDK (its structured content is JSON that
pydantic writes, floats included). A test checks the bytes are the SDK's.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from webdistill.config import Config
from webdistill.doors.mcp.identity import TITLES

if TYPE_CHECKING:
    from webdistill.doors.mcp.tool_answers import ToolAnswer

logger = logging.getLogger("webdistill.mcp")

#: JSON-RPC's "internal error", answered (as the SDK does) when the call raised: a bug.
INTERNAL_ERROR = -32603


class EarlyCall(NamedTuple):
    """A first `tools/call` taken ahead of the SDK: its id, tool name and arguments."""

    request_id: str | int
    name: str
    arguments: dict[str, object]


def early_call(line: bytes, config: Config) -> EarlyCall | None:
    """`line` as a call this module answers (see the module doc), else None."""
    if config.fence_untrusted is False:
        return None
    try:
        message = json.loads(line)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return None
    request_id = message.get("id")
    if not isinstance(request_id, str | int) or isinstance(request_id, bool):
        return None
    params = message.get("params")
    if message.get("method") != "tools/call" or not isinstance(params, dict):
        return None
    name, arguments = params.get("name"), params.get("arguments")
    if set(params) - {"name", "arguments"} or not isinstance(name, str) or name not in TITLES:
        return None
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        return None
    return EarlyCall(request_id, name, arguments)


def _line(message: dict[str, object]) -> bytes:
    """A JSON-RPC message as the SDK's stdio writer spells it (compact, UTF-8)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def answer_line(request_id: str | int, answer: ToolAnswer) -> bytes:
    """The SDK's bytes for `answer` (fenced: text only), keys in the order it writes them."""
    result = {"content": [{"text": answer.text, "type": "text"}], "isError": answer.is_error}
    return _line({"jsonrpc": "2.0", "id": request_id, "result": result})


def error_line(request_id: str | int) -> bytes:
    return _line(
        {
            "jsonrpc": "2.0",
            "id": request_id,
            "error": {"code": INTERNAL_ERROR, "message": "Internal server error"},
        }
    )


def write_all(data: bytes) -> None:
    """Write `data` to stdout whole (a pipe may take it in parts)."""
    sys.stdout.flush()
    view = memoryview(data)
    while view:
        view = view[os.write(sys.stdout.fileno(), view) :]


def serve_after_call(
    config: Config,
    call: EarlyCall,
    lines: bytes,
    answered: Sequence[object],
    *,
    answered_call: Callable[[], None],
    sdk_loaded: Callable[[], None],
) -> int:
    """Answer `call` on a new toolkit, then (once `sdk_loaded()` has returned: it waits for
    the SDK's import) serve the session with the SDK on the same toolkit, given `lines` and
    the ids `answered` early (handshake.py). `answered_call()` is called once the call's
    answer is written (or it failed). Blocks until stdin closes; returns the exit code."""
    import anyio

    serve = functools.partial(
        _serve, lines=lines, answered=tuple(answered), answered_call=answered_call,
        sdk_loaded=sdk_loaded,
    )  # fmt: skip
    anyio.run(serve, config, call)
    return 0


async def _serve(
    config: Config,
    call: EarlyCall,
    *,
    lines: bytes,
    answered: tuple[object, ...],
    answered_call: Callable[[], None],
    sdk_loaded: Callable[[], None],
) -> None:
    import anyio.to_thread

    from webdistill.doors.lazy_toolkit import LazyToolkit
    from webdistill.doors.mcp.tool_answers import TOOL_CALLS

    async with LazyToolkit(config) as toolkit:
        try:
            answer = await TOOL_CALLS[call.name](toolkit, call.arguments, True, "")
        except Exception:  # a bug: said as the SDK says it, traceback logged
            logger.exception("tool call %s raised", call.name)
            write_all(error_line(call.request_id))
        else:
            write_all(answer_line(call.request_id, answer))
        finally:
            answered_call()
        await anyio.to_thread.run_sync(sdk_loaded)
        from webdistill.doors.mcp.server import serve_stdio_on

        await serve_stdio_on(toolkit, config, lines, answered)
