"""Through a proxy, the address we vetted is the address the proxy is asked for.

The fake proxies here behave as real ones do on the wire (RFC 1928 SOCKS5 with ATYP 1/3/4,
SOCKS4 (4a when given a name), an HTTP proxy taking absolute-form requests and `CONNECT
host:port`), but they never dial what they are asked for: they have their own name table,
as a real proxy has its own DNS, and route a name or address to one of two servers on
127.0.0.1, a public page or an "internal" service. A proxy resolving a name differently from
our resolver is exactly the DNS-rebinding attack of issue 25: the test fails if the internal
text ever comes back. The proxy's own address is trusted as the proxy only: a page name that
resolves to it is refused before the proxy is asked anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
import struct
from collections.abc import AsyncIterator

import pytest
from aiohttp import web

from tests.http.fakes_http import FakeResolver, settings
from webdistill.adapters.http.client import GuardedClient
from webdistill.kernel.errors import ErrorCode
from webdistill.kernel.urls import UrlPolicy

PUBLIC_IP = "93.184.215.14"  # what our resolver says; the fake proxy never dials it
PUBLIC_TEXT = "the public page"
INTERNAL_TEXT = "INTERNAL SECRET from loopback"
#: No loopback in the page policy: only the proxy itself may be dialled there.
POLICY = UrlPolicy(allow_http=True)


def _app(text: str) -> web.Application:
    async def page(request: web.Request) -> web.Response:
        host = request.headers.get("Host", "")
        return web.Response(text=f"{text} host={host} path={request.path}")

    app = web.Application()
    app.router.add_get("/{tail:.*}", page)
    return app


@contextlib.asynccontextmanager
async def _site(app: web.Application, context: ssl.SSLContext | None) -> AsyncIterator[int]:
    runner = web.AppRunner(app, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=context)
    await site.start()
    try:
        yield site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    finally:
        await runner.cleanup()


class Routes:
    """Where the fake proxy sends a name or address: its own DNS, as a real proxy has."""

    def __init__(self, public: int, internal: int, own_dns: dict[str, str]) -> None:
        self.public, self.internal, self.own_dns = public, internal, own_dns
        self.asked: list[str] = []

    def port_for(self, host: str) -> int:
        address = self.own_dns.get(host.lower().rstrip("."), host)
        return self.public if address == PUBLIC_IP else self.internal


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except ConnectionError:
        pass
    finally:
        writer.close()


async def _splice(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port: int, first: bytes = b""
) -> None:
    up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
    if first:
        up_writer.write(first)
    await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))


def socks5_handler(routes: Routes):  # type: ignore[no-untyped-def]
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        _, count = await reader.readexactly(2)
        await reader.readexactly(count)
        writer.write(b"\x05\x00")
        _, _connect, _, kind = await reader.readexactly(4)
        if kind == 3:
            host = (await reader.readexactly((await reader.readexactly(1))[0])).decode()
        else:
            family = socket.AF_INET if kind == 1 else socket.AF_INET6
            host = socket.inet_ntop(family, await reader.readexactly(4 if kind == 1 else 16))
        (port,) = struct.unpack("!H", await reader.readexactly(2))
        routes.asked.append(f"{host}:{port}")
        writer.write(b"\x05\x00\x00\x01" + bytes(4) + b"\x00\x00")
        await _splice(reader, writer, routes.port_for(host))

    return handle


def socks4_handler(routes: Routes):  # type: ignore[no-untyped-def]
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        _, _connect, port, packed = struct.unpack("!BBH4s", await reader.readexactly(8))
        await reader.readuntil(b"\x00")  # user id
        host = socket.inet_ntoa(packed)
        if packed.startswith(b"\x00\x00\x00") and packed != bytes(4):  # SOCKS4a: a name follows
            host = (await reader.readuntil(b"\x00"))[:-1].decode()
        routes.asked.append(f"{host}:{port}")
        writer.write(b"\x00\x5a" + bytes(6))
        await _splice(reader, writer, routes.port_for(host))

    return handle


def http_proxy_handler(routes: Routes):  # type: ignore[no-untyped-def]
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        line, *fields = head.decode("latin-1").split("\r\n")
        method, target, _ = line.split(" ")
        host_field = next((f.split(":", 1)[1].strip() for f in fields
                           if f.lower().startswith("host:")), "")  # fmt: skip
        if method == "CONNECT":
            routes.asked.append(f"CONNECT {target}")
            writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
            await _splice(reader, writer, routes.port_for(target.rsplit(":", 1)[0].strip("[]")))
            return
        routes.asked.append(f"{method} {target} Host: {host_field}")
        authority = target.split("://", 1)[1].split("/", 1)[0]
        host = authority.rsplit(":", 1)[0] if not authority.endswith("]") else authority
        await _splice(reader, writer, routes.port_for(host.strip("[]")), first=head)

    return handle


HANDLERS = {"socks5": socks5_handler, "socks5h": socks5_handler, "socks4": socks4_handler,
            "http": http_proxy_handler}  # fmt: skip


@contextlib.asynccontextmanager
async def proxy_for(kind: str, routes: Routes) -> AsyncIterator[str]:
    server = await asyncio.start_server(HANDLERS[kind](routes), "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"{kind}://127.0.0.1:{port}"
    finally:
        server.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 2)


@contextlib.asynccontextmanager
async def world(
    own_dns: dict[str, str], tls: tuple[ssl.SSLContext, ...] = ()
) -> AsyncIterator[Routes]:
    server_tls = tls[0] if tls else None
    async with (
        _site(_app(PUBLIC_TEXT), server_tls) as public,
        _site(_app(INTERNAL_TEXT), server_tls) as internal,
    ):
        yield Routes(public, internal, own_dns)


def _tls() -> tuple[ssl.SSLContext, ssl.SSLContext]:
    trustme = pytest.importorskip("trustme")
    authority = trustme.CA()
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("rebind-demo.net", "loop-demo.net").configure_cert(server)
    client = ssl.create_default_context()
    authority.configure_trust(client)
    return server, client


@pytest.mark.parametrize("kind", ["socks5", "socks5h", "http"])
async def test_a_page_name_resolving_to_the_proxys_own_address_is_refused(kind: str) -> None:
    names = FakeResolver({"loop-demo.net": [["127.0.0.1"]]})
    async with world({"loop-demo.net": "127.0.0.1"}) as routes, proxy_for(kind, routes) as proxy:
        client = GuardedClient(settings(policy=POLICY, proxy=proxy), resolver=names)
        async with client:
            result = await client.get(f"http://loop-demo.net:{routes.internal}/admin")
    error = result.failure()
    assert error.code is ErrorCode.BLOCKED_URL and "127.0.0.1" in error.message
    assert routes.asked == []


async def test_a_proxy_named_by_a_name_is_trusted_as_the_proxy_only() -> None:
    names = FakeResolver({"proxy.corp.example": [["127.0.0.1"]], "loop-demo.net": [["127.0.0.1"]],
                          "rebind-demo.net": [[PUBLIC_IP]]})  # fmt: skip
    async with world({"rebind-demo.net": PUBLIC_IP}) as routes, proxy_for("http", routes) as url:
        proxy = url.replace("127.0.0.1", "proxy.corp.example")
        client = GuardedClient(settings(policy=POLICY, proxy=proxy), resolver=names)
        async with client:
            own = await client.get(f"http://proxy.corp.example:{routes.internal}/")
            loop = await client.get(f"http://loop-demo.net:{routes.internal}/")
            fine = await client.get("http://rebind-demo.net/ok")
    assert own.failure().code is ErrorCode.BLOCKED_URL
    assert loop.failure().code is ErrorCode.BLOCKED_URL
    assert PUBLIC_TEXT in fine.unwrap().body.decode()
    assert routes.asked == [f"GET http://{PUBLIC_IP}/ok Host: rebind-demo.net"]


@pytest.mark.parametrize(
    ("kind", "asked"),
    [("socks5", f"{PUBLIC_IP}:80"), ("socks4", f"{PUBLIC_IP}:80"),
     ("http", f"GET http://{PUBLIC_IP}/page?q=1 Host: rebind-demo.net")],
)  # fmt: skip
async def test_a_proxy_that_resolves_differently_is_given_the_vetted_address(
    kind: str, asked: str
) -> None:
    names = FakeResolver({"rebind-demo.net": [[PUBLIC_IP]]})
    async with world({"rebind-demo.net": "127.0.0.1"}) as routes, proxy_for(kind, routes) as proxy:
        client = GuardedClient(settings(policy=POLICY, proxy=proxy), resolver=names)
        async with client:
            result = await client.get("http://rebind-demo.net/page?q=1")
    body = result.unwrap().body.decode()
    assert INTERNAL_TEXT not in body
    assert body == f"{PUBLIC_TEXT} host=rebind-demo.net path=/page"
    assert routes.asked == [asked]


@pytest.mark.parametrize(
    ("kind", "asked"), [("socks5", f"{PUBLIC_IP}:443"), ("http", f"CONNECT {PUBLIC_IP}:443")]
)
async def test_https_through_a_proxy_connects_to_the_vetted_address_and_checks_the_name(
    kind: str, asked: str
) -> None:
    server_tls, client_tls = _tls()
    names = FakeResolver({"rebind-demo.net": [[PUBLIC_IP]]})
    async with (
        world({"rebind-demo.net": "127.0.0.1"}, (server_tls,)) as routes,
        proxy_for(kind, routes) as proxy,
    ):
        client = GuardedClient(
            settings(policy=POLICY, proxy=proxy), resolver=names, ssl_context=client_tls
        )
        async with client:
            result = await client.get("https://rebind-demo.net/secure")
    assert result.unwrap().body.decode() == f"{PUBLIC_TEXT} host=rebind-demo.net path=/secure"
    assert routes.asked == [asked]


async def test_through_a_proxy_the_certificate_is_still_checked_against_the_name() -> None:
    server_tls, client_tls = _tls()  # the certificate names rebind-demo.net and loop-demo.net
    names = FakeResolver({"other-demo.net": [[PUBLIC_IP]]})
    async with (
        world({"other-demo.net": PUBLIC_IP}, (server_tls,)) as routes,
        proxy_for("socks5", routes) as proxy,
    ):
        client = GuardedClient(
            settings(policy=POLICY, proxy=proxy), resolver=names, ssl_context=client_tls
        )
        async with client:
            result = await client.get("https://other-demo.net/")
    assert result.failure().code is ErrorCode.NETWORK_ERROR


async def test_socks5h_sends_the_name_as_asked_but_vets_it_first() -> None:
    names = FakeResolver({"rebind-demo.net": [[PUBLIC_IP]], "intranet-demo.net": [["10.0.0.7"]]})
    own = {"rebind-demo.net": PUBLIC_IP}
    async with world(own) as routes, proxy_for("socks5h", routes) as proxy:
        client = GuardedClient(settings(policy=POLICY, proxy=proxy), resolver=names)
        async with client:
            fine = await client.get("http://rebind-demo.net/")
            inside = await client.get("http://intranet-demo.net/")
    assert PUBLIC_TEXT in fine.unwrap().body.decode()
    assert inside.failure().code is ErrorCode.BLOCKED_URL
    assert routes.asked == ["rebind-demo.net:80"]


async def test_an_http_proxy_gets_names_only_when_told_it_resolves_them() -> None:
    server_tls, client_tls = _tls()
    names = FakeResolver({"rebind-demo.net": [[PUBLIC_IP]], "intranet-demo.net": [["10.0.0.7"]]})
    own = {"rebind-demo.net": PUBLIC_IP}
    async with world(own, (server_tls,)) as routes, proxy_for("http", routes) as proxy:
        client = GuardedClient(
            settings(policy=POLICY, proxy=proxy, proxy_remote_dns=True),
            resolver=names,
            ssl_context=client_tls,
        )
        async with client:
            fine = await client.get("https://rebind-demo.net/x")
            inside = await client.get("https://intranet-demo.net/")
    assert PUBLIC_TEXT in fine.unwrap().body.decode()
    assert inside.failure().code is ErrorCode.BLOCKED_URL
    assert routes.asked == ["CONNECT rebind-demo.net:443"]
