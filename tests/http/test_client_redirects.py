"""Redirects are followed by hand, each hop re-checked by the full policy, at most 5."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from aiohttp import web
from returns.pipeline import is_successful

from tests.http.fakes_http import LOOPBACK_POLICY, FakeResolver, settings
from tests.http.netguard import ConnectLog
from tests.servers import serve
from webdistill.adapters.http.client import GuardedClient
from webdistill.kernel.errors import ErrorCode
from webdistill.kernel.urls import UrlPolicy


def redirecting(routes: dict[str, str], hits: list[str] | None = None) -> web.Application:
    """An app redirecting path -> Location (302); "/ok" answers 200; records requested paths."""

    async def handler(request: web.Request) -> web.StreamResponse:
        if hits is not None:
            hits.append(request.path)
        if request.path in routes:
            return web.Response(status=302, headers={"Location": routes[request.path]})
        return web.Response(text=f"final {request.path}", content_type="text/plain")

    app = web.Application()
    app.router.add_get("/{tail:.*}", handler)
    return app


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


async def test_relative_redirect_chain_reports_every_hop() -> None:
    app = redirecting({"/a": "b", "/b": "/c?utm_source=x&k=1", "/c": "./ok"})
    async with serve(app) as base, GuardedClient(settings()) as client:
        result = await client.get(base + "/a")
    response = result.unwrap()
    assert response.body == b"final /ok"
    assert response.hops == (base + "/a", base + "/b", base + "/c?k=1", base + "/ok")
    assert response.url == base + "/ok"


async def test_redirect_loop_stops_after_five_redirects() -> None:
    hits: list[str] = []
    app = redirecting({"/loop": "/loop"}, hits)
    async with serve(app) as base, GuardedClient(settings()) as client:
        result = await client.get(base + "/loop")
    error = result.failure()
    assert error.code == ErrorCode.HTTP_ERROR
    assert error.detail["status"] == "302"
    assert "redirect" in error.message
    assert len(hits) == 6  # the first request and five redirects


@pytest.mark.parametrize(
    "target",
    [
        "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
        "http://metadata.google.internal/computeMetadata/v1/",
        "http://[fd00:ec2::254]/latest/meta-data/",
        "http://[::ffff:169.254.169.254]/",
        "http://2852039166/",
        "http://10.0.0.1/admin",
        "http://192.168.1.1/",
        "http://127.0.0.2/",
        "http://[::ffff:10.0.0.1]/",
        "http://[64:ff9b::a00:1]/",
        "http://localhost/",
        "http://user:pw@example.com/",
        "file:///etc/passwd",
        "gopher://127.0.0.1:6379/_INFO",
    ],
)
async def test_redirect_to_a_forbidden_target_is_blocked_without_connecting(
    target: str, connects: ConnectLog
) -> None:
    client = GuardedClient(settings(policy=LOOPBACK_POLICY))
    async with serve(redirecting({"/go": target})) as base, client:
        result = await client.get(base + "/go")
    error = result.failure()
    assert error.code in (ErrorCode.BLOCKED_URL, ErrorCode.INVALID_URL)
    assert error.detail["hop"] == "1"
    assert set(connects.destinations) == {("127.0.0.1", port_of(base))}


async def test_metadata_redirect_is_blocked_even_with_private_network_allowed(
    connects: ConnectLog,
) -> None:
    policy = UrlPolicy(allow_http=True, allow_private_network=True)
    client = GuardedClient(settings(policy=policy))
    async with serve(redirecting({"/go": "http://169.254.169.254/"})) as base, client:
        result = await client.get(base + "/go")
    assert result.failure().code == ErrorCode.BLOCKED_URL
    assert set(connects.destinations) == {("127.0.0.1", port_of(base))}


async def test_redirect_to_a_name_resolving_private_is_blocked_at_dns(connects: ConnectLog) -> None:
    resolver = FakeResolver({"internal.example.com": [["10.1.2.3"]]})
    client = GuardedClient(settings(), resolver=resolver)
    async with serve(redirecting({"/go": "http://internal.example.com/x"})) as base, client:
        result = await client.get(base + "/go")
    error = result.failure()
    assert error.code == ErrorCode.BLOCKED_URL
    assert "10.1.2.3" in error.message
    assert error.detail["hop"] == "1"
    assert resolver.calls == ["internal.example.com"]
    assert set(connects.destinations) == {("127.0.0.1", port_of(base))}


async def test_total_timeout_covers_all_redirects() -> None:
    async def slow(request: web.Request) -> web.Response:
        await asyncio.sleep(0.4)
        step = int(request.query.get("n", "0"))
        return web.Response(status=302, headers={"Location": f"/?n={step + 1}"})

    app = web.Application()
    app.router.add_get("/", slow)
    async with serve(app) as base, GuardedClient(settings(timeout_s=1.0)) as client:
        result = await client.get(base + "/")
    error = result.failure()
    assert error.code == ErrorCode.TIMEOUT
    assert error.detail["hop"] in ("2", "3")


async def test_secret_headers_do_not_follow_a_cross_origin_redirect() -> None:
    seen: list[dict[str, str]] = []

    async def record(request: web.Request) -> web.Response:
        seen.append(dict(request.headers))
        return web.Response(text="ok")

    other = web.Application()
    other.router.add_get("/", record)
    async with serve(other) as other_base:
        first = redirecting({"/same": "/echo", "/cross": other_base + "/"})
        first.router.add_get("/echo", record)
        async with serve(first) as base, GuardedClient(settings()) as client:
            headers = {"Authorization": "Bearer SECRET", "Accept-Language": "de"}
            assert is_successful(await client.get(base + "/cross", headers=headers))
            assert is_successful(await client.get(base + "/same", headers=headers))
    cross, same = seen
    assert "Authorization" not in cross and cross["Accept-Language"] == "de"
    assert same["Authorization"] == "Bearer SECRET"


@asynccontextmanager
async def tls_server(app: web.Application, context: ssl.SSLContext) -> AsyncIterator[str]:
    runner = web.AppRunner(app, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=context)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"https://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


@pytest.mark.parametrize("allow_http", [False, True])
async def test_https_to_http_downgrade_is_blocked_unless_http_is_allowed(
    allow_http: bool, connects: ConnectLog
) -> None:
    trustme = pytest.importorskip("trustme")
    authority = trustme.CA()
    server_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(server_context)
    client_context = ssl.create_default_context()
    authority.configure_trust(client_context)
    policy = UrlPolicy(allow_http=allow_http, trusted_addresses=("127.0.0.1",))
    async with serve(redirecting({})) as plain_base:
        app = redirecting({"/down": plain_base + "/landing"})
        client = GuardedClient(settings(policy=policy), ssl_context=client_context)
        async with tls_server(app, server_context) as tls_base, client:
            assert is_successful(await client.get(tls_base + "/plain-tls-works"))
            result = await client.get(tls_base + "/down")
    if allow_http:
        assert result.unwrap().body == b"final /landing"
    else:
        error = result.failure()
        assert error.code == ErrorCode.BLOCKED_URL
        assert "https" in error.message and error.detail["hop"] == "1"
        assert ("127.0.0.1", port_of(plain_base)) not in connects.destinations


async def test_a_total_timeout_names_the_hop_it_ran_out_in() -> None:
    """TIMEOUT's url and hop are those of the hop running when the budget ran out: the
    checked URL of the redirect target (fragment dropped), hop 1, not the URL asked for."""
    release = asyncio.Event()

    async def handler(request: web.Request) -> web.StreamResponse:
        if request.path == "/a":
            return web.Response(status=302, headers={"Location": "/b?x=1#part"})
        await release.wait()  # /b answers only after the client gave up
        return web.Response(text="late")

    app = web.Application()
    app.router.add_get("/{tail:.*}", handler)
    async with serve(app) as base, GuardedClient(settings(timeout_s=0.3)) as client:
        result = await client.get(base + "/a")
        release.set()
    error = result.failure()
    assert error.code == ErrorCode.TIMEOUT
    assert (error.detail["url"], error.detail["hop"]) == (base + "/b?x=1", "1")


# The shape of the AWS docs' SigV4 presigned URL (sigv4-query-string-auth.html example).
_PRESIGNED = (
    "/examplebucket/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential="
    "AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z"
    "&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
    "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404"
)


async def test_a_redirect_to_the_sites_own_presigned_download_is_followed() -> None:
    # The access key id in a signed link is a capability the site minted for it, not a leak.
    hits: list[str] = []
    app = redirecting({"/download": _PRESIGNED}, hits)
    async with serve(app) as base, GuardedClient(settings()) as client:
        result = await client.get(base + "/download")
    response = result.unwrap()
    assert response.body == b"final /examplebucket/report.pdf"
    assert hits == ["/download", "/examplebucket/report.pdf"]


async def test_a_redirect_that_adds_a_key_beside_a_signature_is_not_followed() -> None:
    # gitleaks anthropic.go's fake key, in a parameter the signature scheme does not own.
    key = (
        "sk-ant-api03-abc123xyz-456def789ghij-klmnopqrstuvwx-3456yza789bcde-1234fghijklmnopby56"
        "aaaogaopaaaabc123xyzAA"
    )
    hits: list[str] = []
    app = redirecting({"/download": _PRESIGNED + "&note=" + key}, hits)
    async with serve(app) as base, GuardedClient(settings()) as client:
        result = await client.get(base + "/download")
    error = result.failure()
    assert error.code == ErrorCode.BLOCKED_URL
    assert error.detail["reason"] == "credential in query"
    assert hits == ["/download"]
    assert key not in error.message
