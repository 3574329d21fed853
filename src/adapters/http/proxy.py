"""WEB_PROXY for everything webdistill sends: http(s) proxies and SOCKS (aiohttp-socks).

An http(s) proxy is given per request (aiohttp's `proxy=`); a SOCKS proxy replaces the
connector (`aiohttp_socks.ProxyConnector`), always with remote name resolution, so that the
proxy, not this machine, resolves names, exactly as with an http proxy. The page client vets
every name itself before it asks the proxy (see `GuardedClient._vet_name_for_proxy`), so the
SSRF policy is the same whichever kind of proxy is used.
"""

from __future__ import annotations

from typing import Any

import aiohttp

SOCKS_SCHEMES = ("socks5://", "socks5h://", "socks4://", "socks4a://")


def is_socks(proxy: str | None) -> bool:
    """Whether `proxy` names a SOCKS proxy (which needs its own connector)."""
    return bool(proxy) and str(proxy).lower().startswith(SOCKS_SCHEMES)


def socks_connector(proxy: str, **options: Any) -> aiohttp.TCPConnector:
    """A connector that dials through the SOCKS `proxy`; `options` go to `TCPConnector`."""
    from aiohttp_socks import ProxyConnector

    url = proxy
    if url.lower().startswith("socks5h://"):  # python-socks spells remote DNS as rdns=True
        url = "socks5://" + url[len("socks5h://") :]
    connector: aiohttp.TCPConnector = ProxyConnector.from_url(url, rdns=True, **options)
    return connector


def http_proxy(proxy: str | None) -> str | None:
    """The `proxy=` value for aiohttp requests (None for SOCKS, which is in the connector)."""
    return None if not proxy or is_socks(proxy) else proxy


def proxied_session(proxy: str | None, *, limit: int) -> aiohttp.ClientSession:
    """A plain session (search providers) whose requests go through `proxy`, if any."""
    if is_socks(proxy):
        assert proxy is not None
        return aiohttp.ClientSession(trust_env=False, connector=socks_connector(proxy, limit=limit))
    return aiohttp.ClientSession(
        trust_env=False, connector=aiohttp.TCPConnector(limit=limit), proxy=http_proxy(proxy)
    )
