"""The SSRF guard at the socket: a vetting DNS resolver and a vetting socket factory.

`GuardedResolver` wraps an upstream `AbstractResolver`: every address of every answer is
checked with the kernel's `address_allowed`, and one refused address refuses the whole name
(an attacker controls which answer a client would try first). aiohttp dials only what this
resolver returned, so what was checked is what is dialled: DNS rebinding has no second
lookup to slip into. aiohttp's DNS cache is off (`use_dns_cache=False` in the client), and
each client has its own resolver, so no answer is shared across policies.

`guarded_socket_factory` is defence in depth: aiohttp (via aiohappyeyeballs) asks it for the
socket of each connection attempt together with the destination address; it refuses a
destination the policy does not allow by raising `BlockedAddressError` (an `OSError`), and the
`GuardedSocket` it returns checks again, inside `connect`, the very address handed to the
system call, before any packet is sent. This also covers literal-IP hosts, which never reach
the resolver. `check_peer` judges a connected socket's peer address (used in tests and for
callers that hold a raw transport).
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import attrs
from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.connector import AddrInfoType, SocketFactoryType

from webdistill.kernel import addresses
from webdistill.kernel.own_text import OwnText, words
from webdistill.kernel.urls import UrlPolicy, address_allowed


class BlockedAddressError(OSError):
    """A destination address the URL policy refuses; raised before any connection attempt."""

    def __init__(
        self, host: str, address: str, stage: OwnText, reason: OwnText | None = None
    ) -> None:
        self.host = host
        self.address = address
        self.stage = stage
        self.reason = reason or addresses.describe_address(address)
        super().__init__(f"{host} -> {address} is {self.reason} (refused at {stage})")


@attrs.define
class DialGuard:
    """The policy as the socket layer applies it, plus the proxy's own addresses.

    Two questions, kept apart: `allows` judges an address *as a page's* (the policy alone),
    `may_dial` judges a socket's destination, where the proxy's addresses (`proxy_dial`,
    filled by `ProxyNameResolver` when it resolves the proxy's configured name) are also
    fine. A page name that resolves to the proxy's address is therefore refused like any
    other private address: the proxy is trusted as the proxy, never as a page.
    """

    policy: UrlPolicy
    proxy_dial: set[str] = attrs.field(factory=set)
    #: Addresses the user listed in WEB_TRUSTED_ADDRESSES: pages there are fine even when
    #: the proxy is there too (a local proxy and local test pages on 127.0.0.1).
    listed: frozenset[str] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        parsed = (addresses.parse_address(e) for e in self.policy.trusted_addresses)
        self.listed = frozenset(str(a) for a in parsed if a is not None)

    def allows(self, ip: str) -> bool:
        """May `ip` be a page's address? Never the proxy's, even a public one (services on
        the proxy's host may trust connections from the proxy itself), unless listed."""
        if not address_allowed(ip, self.policy):
            return False
        if not self.proxy_dial:
            return True
        spelled = canonical(ip)
        return spelled not in self.proxy_dial or spelled in self.listed

    def refusal(self, host: str, ip: str, stage: OwnText) -> BlockedAddressError:
        """The refusal of page address `ip` (of `host`), saying when it is the proxy's."""
        own = address_allowed(ip, self.policy) and not self.allows(ip)
        return BlockedAddressError(
            host, ip, stage, words("the proxy's own address") if own else None
        )

    def may_dial(self, ip: str) -> bool:
        """May a socket connect to `ip` (a page's address, or the proxy's own)?"""
        return address_allowed(ip, self.policy) or canonical(ip) in self.proxy_dial


def canonical(ip: str) -> str:
    """`ip` in its one canonical spelling (`fd00:0::3` -> `fd00::3`), or as given."""
    addr = addresses.parse_address(ip)
    return str(addr) if addr is not None else ip


#: Longest wait for one DNS answer: a name server that never answers fails in seconds
#: (the system resolver alone can take 20 s and more, retrying every configured server).
DNS_TIMEOUT_S = 5.0


class DnsTimeoutError(TimeoutError):
    """The name server did not answer for `host` within `seconds`."""

    def __init__(self, host: str, seconds: float) -> None:
        super().__init__(f"no DNS answer for {host} within {seconds:g} s")
        self.host = host
        self.seconds = seconds


class GuardedResolver(AbstractResolver):
    """Resolves through `upstream`, returning only answers whose every address is allowed
    as a page's address (`DialGuard.allows`: the proxy's own address is not)."""

    def __init__(
        self, upstream: AbstractResolver, guard: DialGuard, timeout_s: float = DNS_TIMEOUT_S
    ) -> None:
        self._upstream = upstream
        self._guard = guard
        self._timeout_s = timeout_s

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        try:
            async with asyncio.timeout(self._timeout_s):
                answers = await self._upstream.resolve(host, port, family)
        except TimeoutError:
            raise DnsTimeoutError(host, self._timeout_s) from None
        if not answers:
            raise OSError(f"{host} did not resolve to any address")
        for answer in answers:
            if not self._guard.allows(answer["host"]):
                raise self._guard.refusal(host, answer["host"], words("DNS resolution"))
        return answers

    async def close(self) -> None:
        await self._upstream.close()


class GuardedSocket(socket.socket):
    """A socket that re-checks the address it is asked to connect to, in `connect` itself."""

    guard: DialGuard | None = None

    def _vet(self, address: object) -> None:
        host = str(address[0]) if isinstance(address, tuple) and address else str(address)
        if self.guard is None or not self.guard.may_dial(host):
            raise BlockedAddressError(host, host, words("connect"))

    def connect(self, address: Any) -> None:
        self._vet(address)
        super().connect(address)

    def connect_ex(self, address: Any) -> int:
        self._vet(address)
        return super().connect_ex(address)


def guarded_socket_factory(guard: DialGuard) -> SocketFactoryType:
    """A socket factory refusing (with `BlockedAddressError`) destinations `guard` forbids.

    The destination is checked when the socket is requested (before it exists) and again by
    the socket's own `connect`, on the exact address passed to the system call.
    """

    def make_socket(addr_info: AddrInfoType) -> socket.socket:
        family, type_, proto, _, sockaddr = addr_info
        destination = str(sockaddr[0])
        if not guard.may_dial(destination):
            raise BlockedAddressError(destination, destination, words("connect"))
        sock = GuardedSocket(family=family, type=type_, proto=proto)
        sock.guard = guard
        return sock

    return make_socket


def check_peer(guard: DialGuard, peername: object) -> BlockedAddressError | None:
    """The refusal for a connected socket's actual peer address, or None when allowed."""
    if not isinstance(peername, tuple) or not peername:
        return None  # not an IP socket (e.g. a test transport): nothing to check
    address = str(peername[0])
    if guard.may_dial(address):
        return None
    return BlockedAddressError(address, address, words("connected peer"))
