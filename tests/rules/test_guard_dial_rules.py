"""The socket-level SSRF guard: one refused answer refuses the name, the proxy's name opens
exactly its own addresses for dialling (never as a page's), every socket re-checks in
`connect`, and each refusal says who, where and at which stage. Sockets are created but
never connect anywhere other than 127.0.0.1 (the loopback-only audit hook records every
attempt)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from aiohttp.abc import AbstractResolver, ResolveResult

from tests.http import netguard
from tests.http.netguard import ConnectLog
from webdistill.adapters.http.guard import (
    BlockedAddressError,
    DialGuard,
    GuardedResolver,
    GuardedSocket,
    check_peer,
    guarded_socket_factory,
)
from webdistill.adapters.http.proxy import ProxyNameResolver
from webdistill.kernel.urls import UrlPolicy


@pytest.fixture
def connects() -> Iterator[ConnectLog]:
    """Every connect attempt of the test, as the loopback-only audit hook saw it."""
    netguard.install()
    netguard.STATE.destinations.clear()
    yield netguard.STATE


class TableResolver(AbstractResolver):
    """A fake upstream resolver: names to IP lists; records (host, port, family) per call."""

    def __init__(self, table: dict[str, list[str]]) -> None:
        self.table = table
        self.calls: list[tuple[str, int, socket.AddressFamily]] = []
        self.closed = False

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        self.calls.append((host, port, family))
        return [
            {
                "hostname": host,
                "host": ip,
                "port": port,
                "family": socket.AF_INET6 if ":" in ip else socket.AF_INET,
                "proto": 0,
                "flags": socket.AI_NUMERICHOST,
            }
            for ip in self.table.get(host, [])
        ]

    async def close(self) -> None:
        self.closed = True


def test_the_refusal_names_host_address_reason_and_stage() -> None:
    error = BlockedAddressError("intranet.example", "10.1.2.3", "DNS resolution")
    assert (error.host, error.address, error.stage) == (
        "intranet.example",
        "10.1.2.3",
        "DNS resolution",
    )
    assert error.reason == "a loopback or private-network address"
    assert str(error) == (
        "intranet.example -> 10.1.2.3 is a loopback or private-network address "
        "(refused at DNS resolution)"
    )
    assert isinstance(error, OSError)


@pytest.mark.parametrize(
    "answers",
    [
        ["10.0.0.1"],
        ["8.8.8.8", "10.0.0.1"],
        ["10.0.0.1", "8.8.8.8"],
        ["8.8.8.8", "1.1.1.1", "169.254.169.254"],
        ["2606:4700::1", "::ffff:127.0.0.1"],
    ],
)
async def test_one_refused_answer_refuses_the_whole_name(answers: list[str]) -> None:
    resolver = GuardedResolver(TableResolver({"mixed.example": answers}), DialGuard(UrlPolicy()))
    with pytest.raises(BlockedAddressError) as raised:
        await resolver.resolve("mixed.example", 443)
    refused = next(a for a in answers if a not in ("8.8.8.8", "1.1.1.1", "2606:4700::1"))
    assert (raised.value.host, raised.value.address) == ("mixed.example", refused)
    assert raised.value.stage == "DNS resolution"


async def test_public_answers_pass_unchanged_with_port_and_family_forwarded() -> None:
    upstream = TableResolver({"public.example": ["8.8.8.8", "2606:4700::1"]})
    resolver = GuardedResolver(upstream, DialGuard(UrlPolicy()))
    answers = await resolver.resolve("public.example", 8443, socket.AF_INET6)
    assert [(a["host"], a["port"]) for a in answers] == [("8.8.8.8", 8443), ("2606:4700::1", 8443)]
    assert upstream.calls == [("public.example", 8443, socket.AF_INET6)]
    await resolver.close()
    assert upstream.closed


async def test_resolve_defaults_to_port_0_and_ipv4_like_aiohttp() -> None:
    upstream = TableResolver({"public.example": ["8.8.8.8"]})
    answers = await GuardedResolver(upstream, DialGuard(UrlPolicy())).resolve("public.example")
    assert upstream.calls == [("public.example", 0, socket.AF_INET)]
    assert answers[0]["port"] == 0


async def test_a_name_with_no_address_is_an_oserror_naming_it() -> None:
    resolver = GuardedResolver(TableResolver({}), DialGuard(UrlPolicy()))
    with pytest.raises(OSError, match=r"^void\.example did not resolve to any address$"):
        await resolver.resolve("void.example", 80)


@pytest.mark.parametrize(
    ("trusted", "spelling"),
    [
        ("proxy.corp.example", "proxy.corp.example"),
        ("proxy.corp.example", "Proxy.CORP.example."),
        ("proxy.corp.example", "proxy.corp.example."),
        ("proxy.corp.box", "PROXY.CORP.BOX."),
    ],
)
async def test_the_proxys_name_opens_its_own_addresses_for_dialling_only(
    trusted: str, spelling: str
) -> None:
    upstream = TableResolver({spelling: ["10.0.0.3", "fd00:0:0::3"]})
    guard = DialGuard(UrlPolicy())
    answers = await ProxyNameResolver(upstream, guard, trusted, 5.0).resolve(spelling, 3128)
    assert [a["host"] for a in answers] == ["10.0.0.3", "fd00:0:0::3"]
    # exactly its own addresses are now dialable, in any spelling, and nothing next to them
    assert guard.proxy_dial == {"10.0.0.3", "fd00::3"}
    assert guard.may_dial("10.0.0.3")
    assert guard.may_dial("fd00::3")
    assert guard.may_dial("fd00:0000::0003")
    assert not guard.may_dial("10.0.0.4")
    assert not guard.may_dial("fd00::4")
    # ...as the proxy: as a page's address they stay refused
    assert not guard.allows("10.0.0.3")
    with pytest.raises(BlockedAddressError):
        await GuardedResolver(upstream, guard).resolve(spelling, 443)


async def test_the_proxy_resolver_resolves_no_other_name() -> None:
    upstream = TableResolver({"notproxy.corp.example": ["10.0.0.3"]})
    guard = DialGuard(UrlPolicy())
    with pytest.raises(OSError, match="not the proxy's name"):
        await ProxyNameResolver(upstream, guard, "proxy.corp.example", 5.0).resolve(
            "notproxy.corp.example", 80
        )
    assert guard.proxy_dial == set()
    assert upstream.calls == []


@pytest.mark.parametrize(
    ("policy", "ip", "allowed"),
    [
        (UrlPolicy(), "8.8.8.8", True),
        (UrlPolicy(), "127.0.0.1", False),
        (UrlPolicy(allow_private_network=True), "127.0.0.1", True),
        (UrlPolicy(allow_private_network=True), "169.254.169.254", False),
        (UrlPolicy(trusted_addresses=("127.0.0.1",)), "127.0.0.1", True),
        (UrlPolicy(trusted_addresses=("127.0.0.1",)), "127.0.0.2", False),
        (UrlPolicy(), "not-an-ip", False),
    ],
)
def test_the_guard_applies_the_url_policy(policy: UrlPolicy, ip: str, allowed: bool) -> None:
    assert DialGuard(policy).allows(ip) is allowed


def test_a_non_address_in_the_proxy_set_is_compared_as_written() -> None:
    guard = DialGuard(UrlPolicy(), proxy_dial={"odd-name"})
    assert guard.may_dial("odd-name")
    assert not guard.may_dial("odd-name2")
    assert not guard.allows("odd-name")


@pytest.mark.parametrize(
    ("family", "sockaddr"),
    [(socket.AF_INET, ("127.0.0.1", 80)), (socket.AF_INET6, ("::1", 80, 0, 0))],
)
def test_the_factory_makes_a_guarded_socket_of_the_asked_family(
    family: socket.AddressFamily, sockaddr: tuple[object, ...]
) -> None:
    guard = DialGuard(UrlPolicy(trusted_addresses=("127.0.0.1", "::1")))
    sock = guarded_socket_factory(guard)((family, socket.SOCK_STREAM, 6, "", sockaddr))
    try:
        assert isinstance(sock, GuardedSocket)
        assert sock.guard is guard
        assert (sock.family, sock.type, sock.proto) == (family, socket.SOCK_STREAM, 6)
    finally:
        sock.close()


def test_a_datagram_socket_keeps_its_type() -> None:
    guard = DialGuard(UrlPolicy(trusted_addresses=("127.0.0.1",)))
    factory = guarded_socket_factory(guard)
    sock = factory((socket.AF_INET, socket.SOCK_DGRAM, 17, "", ("127.0.0.1", 53)))
    try:
        assert (sock.type, sock.proto) == (socket.SOCK_DGRAM, 17)
    finally:
        sock.close()


@pytest.mark.parametrize(
    ("address", "shown"), [("/run/docker.sock", "/run/docker.sock"), ((), "()")]
)
def test_a_non_ip_address_is_refused_as_written(
    connects: ConnectLog, address: object, shown: str
) -> None:
    guard = DialGuard(UrlPolicy(trusted_addresses=("127.0.0.1",)))
    sock = GuardedSocket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.guard = guard
    try:
        with pytest.raises(BlockedAddressError) as raised:
            sock.connect(address)
        assert raised.value.host == raised.value.address == shown
    finally:
        sock.close()
    assert connects.destinations == []


def test_the_factory_refusal_names_the_destination_at_connect() -> None:
    factory = guarded_socket_factory(DialGuard(UrlPolicy()))
    with pytest.raises(BlockedAddressError) as raised:
        factory((socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.9", 80)))
    assert (raised.value.host, raised.value.address, raised.value.stage) == (
        "10.0.0.9",
        "10.0.0.9",
        "connect",
    )


def test_a_guarded_socket_without_a_guard_refuses_every_connect(connects: ConnectLog) -> None:
    sock = GuardedSocket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        for address in [("127.0.0.1", 9), ("8.8.8.8", 53)]:
            with pytest.raises(BlockedAddressError) as raised:
                sock.connect(address)
            assert raised.value.stage == "connect"
            assert raised.value.host == raised.value.address == address[0]
            with pytest.raises(BlockedAddressError):
                sock.connect_ex(address)
    finally:
        sock.close()
    assert connects.destinations == []


@pytest.mark.parametrize(
    ("peer", "refused"),
    [
        (None, None),
        ((), None),
        ("127.0.0.1", None),
        (("127.0.0.1", 80), None),
        (("10.0.0.1", 80), "10.0.0.1"),
        (("169.254.169.254", 80), "169.254.169.254"),
        (("::ffff:127.0.0.1", 80, 0, 0), "::ffff:127.0.0.1"),
    ],
)
def test_check_peer_judges_the_connected_address(peer: object, refused: str | None) -> None:
    error = check_peer(DialGuard(UrlPolicy(trusted_addresses=("127.0.0.1",))), peer)
    if refused is None:
        assert error is None
    else:
        assert error is not None
        assert (error.host, error.address, error.stage) == (refused, refused, "connected peer")
