"""WEB_PROXY for everything webdistill sends: http(s) proxies and SOCKS.

For page fetches the rule is: **the address we vetted is the address the proxy is asked
for.** A proxy that received a name would resolve it again with its own DNS, and a name that
answers a public address to us and 127.0.0.1 to the proxy (DNS rebinding) would reach the
proxy's loopback. So, by default:

- SOCKS (`socks5://`, `socks4://`): the page's name is resolved and vetted by the guarded
  resolver and the proxy gets the address (socks.py);
- an HTTP proxy: the request is sent for the vetted address, `http://ADDRESS/path` in
  absolute form (or `CONNECT ADDRESS:443` for https) with the name in `Host` and, for
  https, as the TLS server name, so the certificate is still checked against the name
  (`pinned_request`).

Names travel only when the user says the proxy resolves them: `socks5h://`, or
`WEB_PROXY_REMOTE_DNS=true` (for proxies that filter by name, or names only the proxy can
resolve). The name is still vetted here first, but the guard then relies on the proxy's own
egress rules for a name that resolves differently there.

The proxy's own address is trusted **as the proxy** (`ProxyNameResolver` records it as
dialable for the socket guard) and never as a page's address.

Search providers' and the hosted reader's sessions (`proxied_session`) go through the same
proxy; their endpoints are configured, not agent-supplied, and `socks5://` resolves names
locally, `socks5h://` remotely, as the schemes say.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import attrs
from aiohttp.abc import AbstractResolver, ResolveResult
from yarl import URL

from webdistill.adapters.http.guard import DialGuard, DnsTimeoutError, canonical
from webdistill.kernel import addresses

SOCKS_SCHEMES = ("socks5://", "socks5h://", "socks4://")


def is_socks(proxy: str | None) -> bool:
    """Whether `proxy` names a SOCKS proxy (which needs its own connector)."""
    return bool(proxy) and str(proxy).lower().startswith(SOCKS_SCHEMES)


def names_travel(proxy: str | None, remote_dns: bool) -> bool:
    """Does the proxy get page *names* (it resolves them) rather than vetted addresses?"""
    return bool(proxy) and (remote_dns or str(proxy).lower().startswith("socks5h://"))


def socks_connector(proxy: str, **options: Any) -> aiohttp.TCPConnector:
    """A connector for search providers that dials through the SOCKS `proxy`."""
    from aiohttp_socks import ProxyConnector

    url, rdns = proxy, False
    if url.lower().startswith("socks5h://"):  # python-socks spells remote DNS as rdns=True
        url, rdns = "socks5://" + url[len("socks5h://") :], True
    connector: aiohttp.TCPConnector = ProxyConnector.from_url(url, rdns=rdns, **options)
    return connector


def http_proxy(proxy: str | None) -> str | None:
    """The `proxy=` value for aiohttp requests (None for SOCKS, which is in the connector)."""
    return None if not proxy or is_socks(proxy) else proxy


def proxied_session(
    proxy: str | None, *, limit: int, cookies: bool = True
) -> aiohttp.ClientSession:
    """A plain session (search providers, the hosted reader) whose requests go through
    `proxy`, if any; the environment's proxy variables are ignored."""
    jar = aiohttp.CookieJar() if cookies else aiohttp.DummyCookieJar()
    if is_socks(proxy):
        assert proxy is not None
        connector = socks_connector(proxy, limit=limit)
        return aiohttp.ClientSession(trust_env=False, connector=connector, cookie_jar=jar)
    return aiohttp.ClientSession(
        trust_env=False,
        connector=aiohttp.TCPConnector(limit=limit),
        proxy=http_proxy(proxy),
        cookie_jar=jar,
    )


class ProxyNameResolver(AbstractResolver):
    """The resolver of an HTTP proxy's connector: it resolves the proxy's configured host
    (its answers become dialable, as the proxy) and refuses every other name, since page
    names are vetted and pinned before the request (`pinned_request`), never resolved here."""

    def __init__(
        self, upstream: AbstractResolver, guard: DialGuard, proxy_host: str, timeout_s: float
    ) -> None:
        self._upstream = upstream
        self._guard = guard
        self._proxy_host = proxy_host.rstrip(".").lower()
        self._timeout_s = timeout_s

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        if host.rstrip(".").lower() != self._proxy_host:
            raise OSError(f"{host} is not the proxy's name: page names are not resolved here")
        try:
            async with asyncio.timeout(self._timeout_s):
                answers = await self._upstream.resolve(host, port, family)
        except TimeoutError:
            raise DnsTimeoutError(host, self._timeout_s) from None
        self._guard.proxy_dial.update(canonical(a["host"]) for a in answers)
        return answers

    async def learn(self) -> list[str]:
        """The proxy's addresses (every family), now known to the guard; for a proxy named
        by its address, that address."""
        literal = addresses.parse_address(self._proxy_host.strip("[]"))
        if literal is not None:
            return [str(literal)]
        answers = await self.resolve(self._proxy_host, 0, socket.AF_UNSPEC)
        return [str(a["host"]) for a in answers]

    async def close(self) -> None:
        return None  # the client closes the upstream resolver it owns


def proxy_literal_address(proxy: str) -> str | None:
    """The proxy's own address when the proxy URL names it literally."""
    address = addresses.parse_address(urlsplit(proxy).hostname or "")
    return str(address) if address is not None else None


@attrs.frozen
class Pinned:
    """A request for `url` made to a vetted `address` instead of the name."""

    url: URL  #: the request URL with the address as its host
    host: str  #: the `Host` header: the name (and port when not the default)
    server_hostname: str | None  #: the TLS server name (https only)


def pinned_request(url: str, address: str) -> Pinned:
    """The request for the checked URL `url` sent to `address` (its vetted address)."""
    target = URL(url, encoded=True)
    name = target.raw_host or ""
    host = name if target.is_default_port() else f"{name}:{target.port}"
    return Pinned(
        url=target.with_host(address),
        host=host,
        server_hostname=name if target.scheme == "https" else None,
    )


def first_address(answers: list[ResolveResult]) -> str:
    """The vetted address to pin to: the first IPv4 answer, else the first answer."""
    for answer in answers:
        if ":" not in answer["host"]:
            return str(answer["host"])
    return str(answers[0]["host"])
