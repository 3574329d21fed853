"""A SOCKS connector for aiohttp that hands the proxy the address we vetted.

aiohttp resolves the page's name through the connector's resolver, as on a direct connection
(the guarded resolver: every answer vetted), and turns the answers into addresses to try in
turn. `SocksConnector` then asks the SOCKS proxy for that *address* (SOCKS5 ATYP 1/4, SOCKS4),
so the proxy has no name to resolve again: what was vetted is what it dials. TLS is then
started by aiohttp itself over the proxied socket with the page's name for SNI and the
certificate check, exactly as on a direct connection.

With remote DNS (`socks5h://`, or `WEB_PROXY_REMOTE_DNS`), the resolver vets the name and
answers with the name itself (`NameAfterVetting`): the proxy then receives the name and
resolves it, and the guard relies on the proxy's own egress rules for a name that answers
differently there.

Written on python-socks' socket API instead of aiohttp-socks' connector because the latter
starts TLS itself with the address it dialled as the server name (no way to say "dial this
address, check the certificate for that name").
"""

from __future__ import annotations

import socket
from typing import Any

import aiohttp
import python_socks
from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.client_proto import ResponseHandler
from python_socks import ProxyType, parse_proxy_url
from python_socks.async_.asyncio import Proxy

from webdistill.adapters.http.guard import DialGuard, GuardedResolver
from webdistill.adapters.http.proxy import ProxyNameResolver
from webdistill.kernel.own_text import words


class NameAfterVetting(AbstractResolver):
    """Vets a name with the guarded resolver (every family), then answers with the name, so
    that a remote-DNS proxy is asked for the name."""

    def __init__(self, guarded: GuardedResolver) -> None:
        self._guarded = guarded

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        # Every family: the proxy may dial an AAAA answer (::1) as readily as an A one.
        await self._guarded.resolve(host, port, socket.AF_UNSPEC)
        return [{"hostname": host, "host": host, "port": port, "family": socket.AF_INET,
                 "proto": 0, "flags": 0}]  # fmt: skip

    async def close(self) -> None:
        return None  # the client closes the upstream resolver it owns


class SocksConnector(aiohttp.TCPConnector):
    """A `TCPConnector` whose connections are made through the SOCKS proxy `proxy_url`.

    `resolver` decides what the proxy is asked for: the guarded resolver (vetted addresses)
    or `NameAfterVetting` (the vetted name). Other `options` go to `TCPConnector`."""

    def __init__(
        self,
        proxy_url: str,
        *,
        remote_dns: bool,
        guard: DialGuard,
        proxy_names: ProxyNameResolver | None,
        **options: Any,
    ) -> None:
        if options.get("resolver") is None:
            raise ValueError("SocksConnector needs the guarded resolver")
        scheme, sep, rest = proxy_url.partition("://")
        kind, host, port, user, password = parse_proxy_url(
            ("socks5" if scheme.lower() == "socks5h" else scheme.lower()) + sep + rest
        )
        if kind is ProxyType.SOCKS4 and not remote_dns:
            options["family"] = socket.AF_INET  # SOCKS4 carries IPv4 addresses only
        super().__init__(**options)
        self._proxy = (kind, host, port, user or None, password or None)
        self._remote_dns = remote_dns
        self._guard = guard
        self._proxy_names = proxy_names

    async def _wrap_create_connection(
        self,
        *args: Any,
        addr_infos: list[Any],
        req: aiohttp.ClientRequest,
        timeout: aiohttp.ClientTimeout,  # noqa: ASYNC109 - aiohttp's own signature
        client_error: type[Exception] = aiohttp.ClientConnectorError,
        **kwargs: Any,
    ) -> tuple[Any, ResponseHandler]:
        destination, port = addr_infos[0][4][0], addr_infos[0][4][1]
        kind, host, proxy_port, user, password = self._proxy
        if self._proxy_names is not None:  # dial the proxy at the address the guard knows
            host = (await self._proxy_names.learn())[0]
        if not self._remote_dns and not self._guard.allows(destination):
            raise self._guard.refusal(str(req.url.host), destination, words("the SOCKS request"))
        proxy = Proxy(kind, host, proxy_port, user, password, rdns=self._remote_dns)
        try:
            sock = await proxy.connect(destination, port, timeout=timeout.sock_connect)
        except python_socks.ProxyTimeoutError:
            raise
        except (python_socks.ProxyError, python_socks.ProxyConnectionError) as exc:
            failure = OSError(f"the SOCKS proxy could not connect: {exc}")
            raise client_error(req.connection_key, failure) from exc
        try:
            return await self._wrap_existing_connection(
                *args, sock=sock, req=req, timeout=timeout, client_error=client_error, **kwargs
            )
        except BaseException:
            sock.close()
            raise
