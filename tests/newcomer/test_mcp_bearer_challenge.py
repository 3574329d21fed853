"""The MCP HTTP server's 401 says "bearer token, no OAuth", and sending the token works.

RFC 6750 section 3: `WWW-Authenticate: Bearer realm=...`, with `error="invalid_token"` only
when a token was sent. No `resource_metadata` (RFC 9728), and the discovery paths the MCP
authorization spec has clients probe (`/.well-known/oauth-protected-resource`,
`oauth-authorization-server`, `openid-configuration`) answer 404, so a client's OAuth
discovery ends there instead of prompting (the official SDKs and mcp-remote fall back to
those well-known paths when the challenge names no metadata).
"""

from __future__ import annotations

from typing import Any

import pytest

from webdistill.doors.mcp.http_guard import McpHttpGuard

TOKEN = "a-token-of-sixteen-or-more"


async def _ask(path: str, headers: dict[str, str]) -> tuple[int, dict[str, str]]:
    sent: list[dict[str, Any]] = []
    reached: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append(scope["path"])
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    guard = McpHttpGuard(app, allowed_hosts=["127.0.0.1:8765"], allowed_origins=[], token=TOKEN)
    scope = {
        "type": "http",
        "method": "POST",
        "path": path,
        "headers": [
            (b"host", b"127.0.0.1:8765"),
            *((k.lower().encode(), v.encode()) for k, v in headers.items()),
        ],
    }
    await guard(scope, receive, send)
    start = sent[0]
    answer = {bytes(k).decode(): bytes(v).decode() for k, v in start["headers"]}
    return start["status"], answer


async def test_no_token_is_a_bearer_challenge_without_oauth_metadata() -> None:
    status, headers = await _ask("/mcp", {})
    assert status == 401
    assert headers["www-authenticate"] == 'Bearer realm="webdistill"'
    assert "resource_metadata" not in headers["www-authenticate"]


async def test_a_wrong_token_is_invalid_token() -> None:
    status, headers = await _ask("/mcp", {"Authorization": "Bearer not-the-token"})
    assert status == 401
    assert 'error="invalid_token"' in headers["www-authenticate"]


@pytest.mark.parametrize(
    "path",
    [
        "/.well-known/oauth-protected-resource",
        "/.well-known/oauth-protected-resource/mcp",
        "/.well-known/oauth-authorization-server",
        "/.well-known/openid-configuration",
    ],
)
async def test_oauth_discovery_finds_nothing_to_start(path: str) -> None:
    status, _ = await _ask(path, {})
    assert status == 404


async def test_following_the_advice_sending_the_bearer_token_gets_through() -> None:
    status, _ = await _ask("/mcp", {"Authorization": f"Bearer {TOKEN}"})
    assert status == 200
