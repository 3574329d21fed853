"""The MCP server: `web_search`, `web_fetch` and `web_get_result` over stdio or streamable HTTP
(official SDK).

Built on the SDK's low-level `Server`: the input schemas are exactly `toolkit.schemas()`
(the same models that validate the arguments), annotated read-only, idempotent and
open-world. A result is text for the model (`render`, web content fenced as untrusted data
unless WEB_FENCE_UNTRUSTED=false). With fencing on (the default) that text is the only form:
no `structuredContent`, which clients may hand to the model as it is, with a page's title and
body (and a fence-end marker it planted) unfenced; the tools declare no `outputSchema`. With
WEB_FENCE_UNTRUSTED=false a result also carries `structuredContent` (`{"results": [...]}`,
its `response_id`). The response id is always in the text. A request
the kernel refuses, or a batch whose every query / URL failed, makes the result a tool error
(`isError`); a batch where only some items failed is a result, each failed item carrying its
code and message. An unknown tool name is a JSON-RPC error (-32602), as the spec says.
Results carry their `response_id`; on streamable HTTP with sessions (2025-11-25 and older)
they are stored under the MCP session, so another session cannot read them back
(`web_get_result` answers NOT_FOUND); a session-less (2026-07-28) client's go to a ring of
its connection's and are read back with the id alone (`kernel.results.capability_scope`).

The toolkit is composed on the first tool call (`LazyToolkit`), so `initialize` and
`tools/list` are answered without loading the HTTP client and the extractors (on stdio
they are answered before this module is even imported: handshake.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.server.streamable_http import MCP_SESSION_ID_HEADER
from mcp.shared.exceptions import MCPError
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from returns.result import Result, Success

from webdistill.config import Config
from webdistill.doors.lazy_toolkit import LazyToolkit
from webdistill.doors.mcp.drain import draining
from webdistill.doors.mcp.identity import (
    CONNECTION_KEY,
    SERVER_NAME,
    TITLES,
    instructions,
    server_version,
)
from webdistill.doors.mcp.listen import bind_listener
from webdistill.doors.render import error_text, fetch_to_text, search_to_text, to_jsonable
from webdistill.doors.render_results import id_line, stored_to_jsonable, stored_to_text
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import FetchOutcome, SearchOutcome
from webdistill.kernel.results import StoredResult, capability_scope


def _version() -> str:
    return server_version()


class ToolkitLike(Protocol):
    """What the server needs of `webdistill.compose.Toolkit` (tests pass a kernel-only one)."""

    @property
    def config(self) -> Config: ...

    async def search(
        self, raw: object, *, scope: str = ""
    ) -> Result[tuple[SearchOutcome, ...], WebError]: ...

    async def fetch(
        self, raw: object, *, scope: str = ""
    ) -> Result[tuple[FetchOutcome, ...], WebError]: ...

    async def get_result(
        self, raw: object, *, scope: str = ""
    ) -> Result[StoredResult, WebError]: ...

    def schemas(self) -> list[dict[str, Any]]: ...


def tools_of(toolkit: ToolkitLike) -> list[types.Tool]:
    """The MCP tool list, from the toolkit's function-calling schemas."""
    tools = []
    for schema in toolkit.schemas():
        name = str(schema["name"])
        tools.append(
            types.Tool(
                name=name,
                title=TITLES.get(name),
                description=str(schema["description"]),
                input_schema=dict(schema["parameters"]),
                annotations=types.ToolAnnotations(
                    title=TITLES.get(name),
                    read_only_hint=True,
                    destructive_hint=False,
                    idempotent_hint=True,
                    open_world_hint=True,
                ),
            )
        )
    return tools


def _structured(fence: bool, data: dict[str, Any]) -> dict[str, Any] | None:
    """`structuredContent` only when nothing is fenced: it would carry web text unfenced."""
    return None if fence else data


def _error_result(error: WebError, fence: bool) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(text=error_text(error))],
        structured_content=_structured(fence, {"error": error.to_dict()}),
        is_error=True,
    )


def _outcomes_result(
    text: str, outcomes: Sequence[SearchOutcome] | Sequence[FetchOutcome], fence: bool
) -> types.CallToolResult:
    failed = [outcome.error for outcome in outcomes if outcome.error is not None]
    structured: dict[str, Any] = {"results": to_jsonable(tuple(outcomes))}
    line = id_line(outcomes)
    if line:
        text = f"{text}\n\n{line}"
        structured["response_id"] = outcomes[0].response_id
    return types.CallToolResult(
        content=[types.TextContent(text=text)],
        structured_content=_structured(fence, structured),
        is_error=bool(outcomes) and len(failed) == len(outcomes),  # only when nothing worked
    )


async def _call_search(
    toolkit: ToolkitLike, raw: object, fence: bool, scope: str
) -> types.CallToolResult:
    searched: Result[tuple[SearchOutcome, ...], WebError] = await toolkit.search(raw, scope=scope)
    if not isinstance(searched, Success):
        return _error_result(searched.failure(), fence)
    hits = searched.unwrap()
    return _outcomes_result(search_to_text(hits, fence=fence), hits, fence)


async def _call_fetch(
    toolkit: ToolkitLike, raw: object, fence: bool, scope: str
) -> types.CallToolResult:
    fetched: Result[tuple[FetchOutcome, ...], WebError] = await toolkit.fetch(raw, scope=scope)
    if not isinstance(fetched, Success):
        return _error_result(fetched.failure(), fence)
    pages = fetched.unwrap()
    return _outcomes_result(fetch_to_text(pages, fence=fence), pages, fence)


async def _call_get_result(
    toolkit: ToolkitLike, raw: object, fence: bool, scope: str
) -> types.CallToolResult:
    got: Result[StoredResult, WebError] = await toolkit.get_result(raw, scope=scope)
    if not isinstance(got, Success):
        return _error_result(got.failure(), fence)
    stored = got.unwrap()
    outcomes = stored.searches if stored.tool == "web_search" else stored.pages
    failed = [outcome.error for outcome in outcomes if outcome.error is not None]
    return types.CallToolResult(
        content=[types.TextContent(text=stored_to_text(stored, fence=fence))],
        structured_content=_structured(fence, stored_to_jsonable(stored)),
        is_error=bool(outcomes) and len(failed) == len(outcomes),
    )


#: (toolkit, arguments, fence, scope): `scope` is the MCP session the results belong to.
ToolCall = Callable[[ToolkitLike, object, bool, str], Awaitable[types.CallToolResult]]

#: Tool name -> what runs it (a new tool: its schema in `toolkit.schemas()` and a row here).
TOOL_CALLS: dict[str, ToolCall] = {
    "web_search": _call_search,
    "web_fetch": _call_fetch,
    "web_get_result": _call_get_result,
}


class UnknownToolError(MCPError):
    """A `tools/call` for a tool this server does not have: JSON-RPC error -32602."""

    def __init__(self, name: str) -> None:
        known = ", ".join(TOOL_CALLS)
        super().__init__(types.INVALID_PARAMS, f"Unknown tool: {name}. Tools: {known}.")


async def call_tool(
    toolkit: ToolkitLike,
    name: str,
    arguments: dict[str, Any] | None,
    *,
    fence: bool,
    scope: str = "",
) -> types.CallToolResult:
    """Run one tool call against `toolkit` and shape the MCP result; an unknown `name`
    raises `UnknownToolError` (the server answers it as a JSON-RPC error). `scope` is the
    MCP session: results are stored under it and only it can get them back."""
    run = TOOL_CALLS.get(name)
    if run is None:
        raise UnknownToolError(name)
    return await run(toolkit, arguments if arguments is not None else {}, fence, scope)


def session_scope(ctx: ServerRequestContext[Any]) -> str:
    """Whose results a call's are: the MCP session of a streamable HTTP request with one
    (2025-11-25 and older; the transport has checked the header against the session it
    serves), the capability scope of the connection's ring for a session-less request
    (2026-07-28, where a session header is not checked and so not believed), "" on stdio."""
    request = ctx.request
    if ctx.protocol_version in HANDSHAKE_PROTOCOL_VERSIONS:
        headers = getattr(request, "headers", None)
        value = headers.get(MCP_SESSION_ID_HEADER) if headers is not None else None
        if isinstance(value, str) and value:
            return value
    asgi = getattr(request, "scope", None)
    state = asgi.get("state") if isinstance(asgi, dict) else None
    ring = state.get(CONNECTION_KEY) if isinstance(state, dict) else None
    return capability_scope(ring) if isinstance(ring, str) and ring else ""


def make_server(toolkit: ToolkitLike) -> Server[Any]:
    """A low-level MCP server whose tools run on `toolkit` (which the caller keeps open)."""
    config = toolkit.config
    fence = True if config.fence_untrusted is None else config.fence_untrusted
    tools = tools_of(toolkit)
    schemas = {tool.name: tool.input_schema for tool in tools}

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def on_call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        scope = session_scope(ctx)
        return await call_tool(toolkit, params.name, params.arguments, fence=fence, scope=scope)

    return Server(
        SERVER_NAME,
        version=_version(),
        instructions=instructions(fence),
        get_tool_input_schema=schemas.get,
        on_list_tools=list_tools,
        on_call_tool=on_call_tool,
    )


def _drain_grace_s(config: Config) -> float:
    """How long a closed stdin waits for the answers still being worked on."""
    return (config.search_timeout_ms + 2 * config.fetch_timeout_ms) / 1000 + 5


async def run_stdio(
    config: Config, first_line: bytes = b"", answered: Sequence[object] = ()
) -> None:
    """Serve MCP over this process's stdin/stdout until the client closes them (requests
    already read are still answered). `first_line` holds the lines read before the SDK
    loaded, and `answered` the ids of the requests already answered (see `handshake`)."""
    import anyio

    async with LazyToolkit(config) as toolkit, stdio_server() as (read_stream, write_stream):
        server = make_server(toolkit)
        reading, writing = draining(
            read_stream,
            write_stream,
            _drain_grace_s(config),
            first_line=first_line,
            answered=answered,
        )
        async with anyio.create_task_group() as serving:
            serving.start_soon(_stop_on_sigterm, toolkit, serving.cancel_scope)
            await server.run(reading, writing, server.create_initialization_options())
            serving.cancel_scope.cancel()


async def _stop_on_sigterm(toolkit: LazyToolkit, serving: Any) -> None:
    """On SIGTERM (what an MCP client sends after closing stdin, as the spec says), close the
    toolkit, then stop serving: the calls under way end with the closed-toolkit error (and
    are answered), dropping their shared download locks on the way (killed by Python's
    default, the process left them to their TTL for the next process to wait out; cancelled
    first, their clean-up would be cancelled too). A second SIGTERM kills as before (the
    handler is gone by then)."""
    import signal

    import anyio

    try:
        with anyio.open_signal_receiver(signal.SIGTERM) as signals:
            async for _ in signals:
                break
    except NotImplementedError:  # (no signal handlers on this platform's event loop)
        return
    await toolkit.__aexit__(None, None, None)
    serving.cancel()


def http_app(
    toolkit: ToolkitLike, config: Config, bind_host: str, *, session_idle_s: float | None = None
) -> Any:
    """The streamable HTTP app for `toolkit`, behind the Host / Origin / token guard, with
    sessions bounded per client and in all (sessions.py); `session_idle_s` overrides
    WEB_MCP_SESSION_IDLE_MINUTES.

    The guard checks every request whatever the bind (http_guard.py); the SDK's own
    rebinding check, which it only turns on for loopback binds and with fixed lists, is left
    off so that WEB_MCP_ALLOWED_HOSTS / WEB_MCP_ALLOWED_ORIGINS are the one source of truth.
    """
    from webdistill.doors.mcp.http_guard import McpHttpGuard, default_hosts, default_origins
    from webdistill.doors.mcp.sessions import sessions_app
    from webdistill.doors.mcp.unread_body import ClosesOnUnreadBody

    hosts = config.mcp_allowed_hosts or default_hosts(bind_host)
    origins = config.mcp_allowed_origins or default_origins(hosts)
    idle_s = session_idle_s if session_idle_s is not None else config.mcp_session_idle_minutes * 60
    app = sessions_app(
        make_server(toolkit),
        per_client=min(config.mcp_max_sessions_per_client, config.mcp_max_sessions),
        total=config.mcp_max_sessions,
        idle_s=idle_s,
    )
    guarded = McpHttpGuard(
        app, allowed_hosts=hosts, allowed_origins=origins, token=config.mcp_token
    )
    return ClosesOnUnreadBody(guarded)  # an answer before the body is read ends the connection


def uvicorn_config(
    app: Any, config: Config, host: str, port: int, *, log_level: str = "warning"
) -> Any:
    """uvicorn's settings for `app`: its h11 protocol with the read deadlines and the
    connection limit of `config` (connections.py), no WebSocket, at most 10 s to stop.

    No access log (never shown at the levels used, yet formatted for every answer), no
    `server` header, and no proxy headers: uvicorn would otherwise take the client's address
    from `X-Forwarded-For` on a loopback connection, so a local client could pose as many and
    slip past the per-client session bound (sessions.py)."""
    import uvicorn

    from webdistill.doors.mcp.connections import guarded_protocol

    protocol = guarded_protocol(
        header_timeout_s=config.mcp_header_timeout_ms / 1000,
        body_timeout_s=config.mcp_body_timeout_ms / 1000,
        max_connections=config.mcp_max_connections,
    )
    return uvicorn.Config(
        app, host=host, port=port, http=protocol, ws="none", log_level=log_level,
        access_log=False, proxy_headers=False, server_header=False,
        timeout_graceful_shutdown=10,  # an open stream does not hold the exit for ever
    )  # fmt: skip


async def run_http(config: Config, host: str, port: int) -> None:
    """Serve MCP over streamable HTTP at http://host:port/mcp."""
    import asyncio
    import sys

    import uvicorn

    from webdistill.doors.mcp.accept_errors import install

    listener = bind_listener(host, port)  # raises ListenError saying why, before any success
    install(asyncio.get_running_loop())  # accept failures: one line per burst, not a flood
    shown = f"[{host}]" if ":" in host else host
    print(f"webdistill: MCP streamable HTTP at http://{shown}:{port}/mcp", file=sys.stderr)
    async with LazyToolkit(config) as toolkit:
        server = uvicorn.Server(uvicorn_config(http_app(toolkit, config, host), config, host, port))
        try:
            await server.serve(sockets=[listener])
        except SystemExit:  # uvicorn exits when it cannot start (it logged why)
            raise OSError(f"could not serve on {host}:{port}; see the message above.") from None
        finally:
            listener.close()


def serve_stdio(config: Config, first_line: bytes = b"", answered: Sequence[object] = ()) -> int:
    """`webdistill mcp`: blocks until stdin closes; returns the exit code. (The command line
    starts it through `handshake.serve_stdio_fast`, which answers `initialize` and
    `tools/list` early.)"""
    import anyio

    anyio.run(run_stdio, config, first_line, answered)
    return 0


def serve_http(config: Config, host: str, port: int, *, allow_remote: bool = False) -> int:
    """`webdistill mcp --http HOST:PORT`: blocks until interrupted; returns the exit code.

    A non-loopback HOST needs `allow_remote` (--allow-remote) and WEB_MCP_TOKEN; otherwise
    `BindRefused` (a ValueError) says what to do, before anything listens.
    """
    import sys

    import anyio

    from webdistill.doors.mcp.http_guard import check_bind, remote_warning

    check_bind(host, allow_remote=allow_remote, token=config.mcp_token)
    warning = remote_warning(host)
    if warning:
        print(f"webdistill: warning: {warning}", file=sys.stderr)
    anyio.run(run_http, config, host, port)
    return 0
