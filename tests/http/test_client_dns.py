"""The guard at the socket: every DNS answer vetted, rebinding closed, nothing refused is dialled.

Names are answered by a fake upstream resolver. "Public" answers are never really dialled:
the test network guard (tests/http/netguard.py) refuses any non-loopback connect before the
syscall, and records every destination, which is how these tests prove "no connection".
"""

from __future__ import annotations

import socket

import aiohttp
import pytest
from aiohttp import web

from tests.http.fakes_http import LOOPBACK_POLICY, FakeResolver, settings
from tests.http.netguard import ConnectLog
from tests.servers import serve
from webdistill.adapters.http.client import GuardedClient
from webdistill.adapters.http.guard import (
    BlockedAddressError,
    DialGuard,
    GuardedResolver,
    check_peer,
    guarded_socket_factory,
)
from webdistill.adapters.http.proxy import ProxyNameResolver
from webdistill.kernel.errors import ErrorCode
from webdistill.kernel.urls import UrlPolicy

PUBLIC = "93.184.216.34"


def hello_app(*, keep_alive: bool = True) -> web.Application:
    async def hello(request: web.Request) -> web.Response:
        response = web.Response(text="hello", content_type="text/plain")
        if not keep_alive:
            response.force_close()
        return response

    app = web.Application()
    app.router.add_get("/", hello)
    return app


async def get_with(resolver: FakeResolver, url: str, policy: UrlPolicy = LOOPBACK_POLICY) -> object:
    async with GuardedClient(settings(policy=policy, retries=0), resolver=resolver) as client:
        return await client.get(url)


@pytest.mark.parametrize(
    ("answers", "expected_reason"),
    [
        (["10.0.0.7"], "10.0.0.7"),
        ([PUBLIC, "192.168.1.20"], "192.168.1.20"),
        (["192.168.1.20", PUBLIC], "192.168.1.20"),
        (["::ffff:127.0.0.1"], "::ffff:127.0.0.1"),
        (["::1"], "::1"),
        (["169.254.169.254"], "metadata"),
        (["64:ff9b::a9fe:a9fe"], "metadata"),
        (["2002:a00:1::1"], "2002:a00:1::1"),
        (["127.0.0.2"], "127.0.0.2"),
        (["0.0.0.0"], "0.0.0.0"),
        (["fe80::1"], "fe80::1"),
    ],
)
async def test_private_answers_block_the_name_before_any_connect(
    answers: list[str], expected_reason: str, connects: ConnectLog
) -> None:
    resolver = FakeResolver({"www.example.com": [answers]})
    result = await get_with(resolver, "http://www.example.com/")
    error = result.failure()  # type: ignore[attr-defined]
    assert error.code == ErrorCode.BLOCKED_URL
    assert expected_reason in error.message
    assert resolver.calls == ["www.example.com"]
    assert connects.destinations == []


async def test_metadata_answer_is_blocked_even_with_private_network_allowed(
    connects: ConnectLog,
) -> None:
    resolver = FakeResolver({"meta.example.com": [["169.254.169.254"]]})
    policy = UrlPolicy(allow_http=True, allow_private_network=True)
    result = await get_with(resolver, "http://meta.example.com/", policy)
    assert result.failure().code == ErrorCode.BLOCKED_URL  # type: ignore[attr-defined]
    assert connects.destinations == []


async def test_a_name_answering_the_trusted_loopback_address_is_fetched(
    connects: ConnectLog,
) -> None:
    async with serve(hello_app()) as base:
        port = int(base.rsplit(":", 1)[1])
        resolver = FakeResolver({"app.example.com": [["127.0.0.1"]]})
        result = await get_with(resolver, f"http://app.example.com:{port}/")
    assert result.unwrap().body == b"hello"  # type: ignore[attr-defined]
    assert connects.destinations == [("127.0.0.1", port)]


async def test_rebinding_name_is_vetted_again_on_every_new_connection(
    connects: ConnectLog,
) -> None:
    # (A kept-alive connection is reused without a lookup: it goes to the vetted address.)
    async with serve(hello_app(keep_alive=False)) as base:
        port = int(base.rsplit(":", 1)[1])
        resolver = FakeResolver({"rebind.example.com": [["127.0.0.1"], ["10.0.0.1"]]})
        client = GuardedClient(settings(retries=0), resolver=resolver)
        async with client:
            first = await client.get(f"http://rebind.example.com:{port}/")
            second = await client.get(f"http://rebind.example.com:{port}/")
    assert first.unwrap().body == b"hello"
    assert second.failure().code == ErrorCode.BLOCKED_URL
    assert resolver.calls == ["rebind.example.com", "rebind.example.com"]  # no DNS cache
    assert connects.destinations == [("127.0.0.1", port)]


async def test_rebinding_from_public_to_private_never_dials_the_private_address(
    connects: ConnectLog,
) -> None:
    resolver = FakeResolver({"rebind.example.net": [[PUBLIC], ["169.254.169.254"]]})
    client = GuardedClient(settings(policy=UrlPolicy(), retries=0), resolver=resolver)
    async with client:
        first = await client.get("https://rebind.example.net/")
        second = await client.get("https://rebind.example.net/")
    # The public answer was dialled (and refused by the test network guard, no packet sent).
    assert first.failure().code == ErrorCode.NETWORK_ERROR
    assert connects.refused == [(PUBLIC, 443)]
    assert second.failure().code == ErrorCode.BLOCKED_URL
    assert connects.destinations == [(PUBLIC, 443)]


async def test_literal_ip_hosts_are_vetted_before_the_request(connects: ConnectLog) -> None:
    resolver = FakeResolver({})
    for url in ["http://10.0.0.1/", "http://0xa9fea9fe/", "http://[::ffff:a00:1]/"]:
        result = await get_with(resolver, url)
        assert result.failure().code == ErrorCode.BLOCKED_URL  # type: ignore[attr-defined]
    assert resolver.calls == []
    assert connects.destinations == []


async def test_dns_failure_is_a_network_error() -> None:
    result = await get_with(FakeResolver({}), "https://nowhere.example.org/")
    error = result.failure()  # type: ignore[attr-defined]
    assert error.code == ErrorCode.NETWORK_ERROR
    assert "resolve" in error.message


async def test_socket_factory_refuses_what_the_resolver_would_have(connects: ConnectLog) -> None:
    # Defence in depth: even behind an UNGUARDED resolver, the connect-time check refuses.
    guard = DialGuard(UrlPolicy())
    resolver = FakeResolver({"sneaky.example.com": [["10.9.8.7"]]})
    connector = aiohttp.TCPConnector(
        resolver=resolver, use_dns_cache=False, socket_factory=guarded_socket_factory(guard)
    )
    async with aiohttp.ClientSession(connector=connector) as session:
        with pytest.raises(aiohttp.ClientConnectorError) as raised:
            await session.get("http://sneaky.example.com/")
    assert isinstance(raised.value.__cause__, BlockedAddressError)
    assert connects.destinations == []


def test_socket_factory_raises_an_oserror_and_makes_allowed_sockets() -> None:
    guard = DialGuard(LOOPBACK_POLICY)
    factory = guarded_socket_factory(guard)
    with pytest.raises(OSError, match="metadata"):
        factory((socket.AF_INET, socket.SOCK_STREAM, 6, "", ("169.254.169.254", 80)))
    with pytest.raises(BlockedAddressError):
        factory((socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("::1", 80, 0, 0)))
    sock = factory((socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", 80)))
    sock.close()


def test_peer_check() -> None:
    guard = DialGuard(LOOPBACK_POLICY)
    assert check_peer(guard, ("127.0.0.1", 8080)) is None
    assert isinstance(check_peer(guard, ("10.0.0.1", 80)), BlockedAddressError)
    assert isinstance(check_peer(guard, ("::ffff:127.0.0.1", 80, 0, 0)), BlockedAddressError)
    assert check_peer(guard, None) is None


async def test_guarded_resolver_refuses_empty_answers_and_the_proxys_name() -> None:
    upstream = FakeResolver({"proxy.corp.example": [["10.0.0.3"]], "empty.example.com": [[]]})
    guard = DialGuard(UrlPolicy())
    proxy_names = ProxyNameResolver(upstream, guard, "proxy.corp.example", 5.0)
    answers = await proxy_names.resolve("proxy.corp.example", 3128)
    assert [a["host"] for a in answers] == ["10.0.0.3"]
    assert guard.may_dial("10.0.0.3")  # the proxy's own address, as the proxy
    assert not guard.allows("10.0.0.3")  # ...never as a page's
    assert not guard.may_dial("10.0.0.4")
    resolver = GuardedResolver(upstream, guard)
    with pytest.raises(BlockedAddressError):  # a page named like the proxy is a page
        await resolver.resolve("proxy.corp.example", 443)
    with pytest.raises(OSError, match="did not resolve"):
        await resolver.resolve("empty.example.com", 80)


def test_guarded_socket_rechecks_the_address_inside_connect(connects: ConnectLog) -> None:
    factory = guarded_socket_factory(DialGuard(LOOPBACK_POLICY))
    sock = factory((socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", 9)))
    try:
        with pytest.raises(BlockedAddressError):
            sock.connect(("10.0.0.1", 80))  # a different address than the one vetted
        assert sock.connect_ex(("127.0.0.1", 9)) != 0  # allowed: reaches the syscall (closed port)
        with pytest.raises(BlockedAddressError):
            sock.connect_ex(("169.254.169.254", 80))
    finally:
        sock.close()
    assert connects.destinations == [("127.0.0.1", 9)]
