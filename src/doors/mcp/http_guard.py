"""Who may talk to the MCP server over HTTP: Host, Origin and a bearer token, on every bind.

An MCP server over HTTP makes this machine fetch pages for whoever reaches it, so each request
is checked before the SDK sees it, whatever address the server listens on:

- `Host` must name this server (DNS rebinding: a page on evil.example that resolves to this
  machine sends `Host: evil.example`) -- 421 otherwise;
- `Origin`, when a browser sends one, must be an allowed origin -- 403 otherwise;
- with a token (WEB_MCP_TOKEN), `Authorization: Bearer <token>` must carry it, compared in
  constant time -- 401 otherwise. Binding to a non-loopback address requires both an explicit
  `--allow-remote` and a token (`check_bind`).

Allowed hosts default to the loopback names plus the bound address; allowed origins to
http(s) on those hosts. WEB_MCP_ALLOWED_HOSTS / WEB_MCP_ALLOWED_ORIGINS replace the defaults
(an entry without a port admits any port). Refusals carry no detail from the request.
"""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


class BindRefused(ValueError):
    """The requested bind is not allowed as configured; the message says what to do."""


def is_loopback(host: str) -> bool:
    """Is `host` (a bind address or name) a loopback one?"""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_bind(host: str, *, allow_remote: bool, token: str | None) -> None:
    """Refuse a non-loopback bind without `--allow-remote` and WEB_MCP_TOKEN."""
    if is_loopback(host):
        return
    if not allow_remote:
        raise BindRefused(
            f"serving MCP on {host} would let other machines make this one fetch pages; "
            "add --allow-remote (and set WEB_MCP_TOKEN) if that is really wanted, or bind "
            "to 127.0.0.1"
        )
    if not token:
        raise BindRefused(
            f"serving MCP on {host} needs a bearer token: set WEB_MCP_TOKEN to a long random "
            "secret (clients send it as 'Authorization: Bearer ...')"
        )


def remote_warning(host: str) -> str | None:
    """The warning a bind to `host` deserves: None for loopback (127.0.0.0/8, ::1,
    localhost), which no other machine can reach."""
    if is_loopback(host):
        return None
    return (
        f"serving MCP on {host}, reachable from other machines; anyone who can connect can "
        "make this machine fetch web pages."
    )


def _host_form(host: str) -> str:
    bare = host.strip("[]").lower()
    return f"[{bare}]" if ":" in bare else bare


def default_hosts(bind_host: str) -> tuple[str, ...]:
    """Loopback names plus the bound address (unspecified binds add nothing)."""
    hosts = [_host_form(h) for h in LOOPBACK_HOSTS]
    bound = bind_host.strip("[]")
    if bound not in ("0.0.0.0", "::") and _host_form(bound) not in hosts:
        hosts.append(_host_form(bound))
    return tuple(hosts)


def default_origins(hosts: Sequence[str]) -> tuple[str, ...]:
    """http and https origins on each allowed host (any port)."""
    return tuple(f"{scheme}://{host}" for host in hosts for scheme in ("http", "https"))


def _split_port(value: str) -> tuple[str, str]:
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end == -1:
            return value, ""
        if value[end + 1 :] and value[end + 1] != ":":
            return value, ""  # junk after the bracket: a name that matches nothing
        return value[: end + 1], value[end + 2 :]
    if value.count(":") == 1:
        name, _, port = value.partition(":")
        return name, port
    if ":" in value:  # a bare IPv6 address
        return f"[{value}]", ""
    return value, ""


def _port_ok(value: str, port: str) -> bool:
    """No port, or a number 1 to 65535 (`127.0.0.1:P@evil.example`, `host:`, `host:0` and
    `host:99999` are refused)."""
    if not port:
        return not value.rstrip().endswith(":")
    return len(port) <= 5 and port.isascii() and port.isdigit() and 1 <= int(port) <= 65535


def _matches(value: str, allowed: Sequence[str]) -> bool:
    name, port = _split_port(value)
    if not _port_ok(value, port):
        return False
    for entry in allowed:
        want_name, want_port = _split_port(entry)
        if name == want_name and (not want_port or want_port in ("*", port)):
            return True
    return False


def _origin_matches(origin: str, allowed: Sequence[str]) -> bool:
    scheme, sep, rest = origin.strip().lower().partition("://")
    if not sep or "/" in rest:
        return False
    for entry in allowed:
        want_scheme, want_sep, want_rest = entry.strip().lower().partition("://")
        if want_sep and scheme == want_scheme and _matches(rest, [want_rest]):
            return True
    return False


class McpHttpGuard:
    """ASGI middleware: Host, Origin and (optionally) bearer-token checks on every request."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        allowed_hosts: Sequence[str],
        allowed_origins: Sequence[str],
        token: str | None = None,
    ) -> None:
        self._app = app
        self._hosts = tuple(allowed_hosts)
        self._origins = tuple(allowed_origins)
        self._token = token.encode() if token else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope.get("type")
        if kind not in ("http", "websocket"):  # lifespan: nothing to check
            await self._app(scope, receive, send)
            return
        refusal = self._refusal(_headers(scope), str(scope.get("path") or ""))
        if refusal is None:
            await self._app(scope, receive, send)
        elif kind == "websocket":
            await send({"type": "websocket.close", "code": 1008})
        else:
            status, text, extra = refusal
            await _respond(send, status, text, extra)

    def _refusal(
        self, headers: dict[str, bytes], path: str = ""
    ) -> tuple[int, str, list[tuple[bytes, bytes]]] | None:
        host = headers.get("host", b"").decode("latin-1")
        if not host or not _matches(host, self._hosts):
            return 421, "Misdirected request: this Host is not served here.\n", []
        origin = headers.get("origin")
        if origin is not None and not _origin_matches(origin.decode("latin-1"), self._origins):
            return 403, "Forbidden: this Origin may not use this server.\n", []
        if self._token is not None:
            if path.startswith(OAUTH_DISCOVERY):
                return 404, NO_OAUTH, []  # discovery finds no OAuth here: nothing to start
            given = headers.get("authorization")
            scheme, _, credential = (given or b"").partition(b" ")
            good = hmac.compare_digest(credential.strip(), self._token)  # constant time
            if scheme.lower() != b"bearer" or not good:
                return 401, UNAUTHORIZED, [(b"www-authenticate", _challenge(given is not None))]
        return None


#: The well-known paths an MCP client probes for OAuth (RFC 9728 protected resource
#: metadata, RFC 8414 and OpenID Connect discovery). With a static token they answer 404
#: without asking for it, so a client's discovery ends at once: there is no OAuth to start.
OAUTH_DISCOVERY = (
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-authorization-server",
    "/.well-known/openid-configuration",
)
NO_OAUTH = (
    "Not found: this server takes a static bearer token (WEB_MCP_TOKEN), not OAuth. "
    "Send Authorization: Bearer <WEB_MCP_TOKEN>.\n"
)
UNAUTHORIZED = "Unauthorized: send Authorization: Bearer <WEB_MCP_TOKEN>.\n"


def _challenge(token_sent: bool) -> bytes:
    """RFC 6750 section 3: a bearer token is needed; no `resource_metadata` (RFC 9728), so an
    MCP client has no authorization server to start OAuth with. A request that sent no
    credentials gets no error code (section 3.1); a wrong one gets `invalid_token`."""
    if not token_sent:
        return b'Bearer realm="webdistill"'
    return (
        b'Bearer realm="webdistill", error="invalid_token", '
        b'error_description="the bearer token is not WEB_MCP_TOKEN"'
    )


def _headers(scope: Scope) -> dict[str, bytes]:
    found: dict[str, bytes] = {}
    for name, value in scope.get("headers") or ():
        key = bytes(name).decode("latin-1").lower()
        if key in found and key in ("host", "origin", "authorization"):
            found[key] = b"\x00duplicate"  # two of these headers: match nothing
        else:
            found[key] = bytes(value)
    return found


async def _respond(send: Send, status: int, text: str, extra: list[tuple[bytes, bytes]]) -> None:
    body = text.encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                *extra,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
