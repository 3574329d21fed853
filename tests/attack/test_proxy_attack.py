"""Attacks on WEB_PROXY (issue 25 item 1). Fake proxies from tests/http/test_proxy_pinning.py:
they route names by their OWN table and never dial anything but 127.0.0.1."""

from __future__ import annotations

import socket

import pytest

from tests.http.fakes_http import FakeResolver, settings
from tests.http.test_proxy_pinning import (
    INTERNAL_TEXT,
    POLICY,
    PUBLIC_IP,
    PUBLIC_TEXT,
    _tls,
    proxy_for,
    world,
)
from tests.http import netguard
from webdistill.adapters.http.client import GuardedClient
from webdistill.kernel.errors import ErrorCode


class RealisticResolver(FakeResolver):
    """Like a real stub resolver: names are case-insensitive and a trailing dot is the root."""

    async def resolve(self, host, port=0, family=socket.AF_INET):  # type: ignore[no-untyped-def]
        return await super().resolve(host.rstrip(".").lower(), port, family)


KINDS = ["socks5", "socks4", "http"]

LOOPBACK_SPELLINGS = [
    ["127.0.0.1"],
    ["::ffff:127.0.0.1"],
    ["::ffff:7f00:1"],
    ["64:ff9b::7f00:1"],
    ["0.0.0.0"],
    ["::"],
    ["::1"],
    [PUBLIC_IP, "::1"],  # A public, AAAA loopback
    ["::1", PUBLIC_IP],
    ["127.1.2.3"],
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("answers", LOOPBACK_SPELLINGS, ids=lambda a: "+".join(a))
@pytest.mark.parametrize("spelling", ["loop-demo.net", "LOOP-DEMO.NET.", "Loop-Demo.net."])
async def test_names_answering_loopback_never_reach_it_through_the_proxy(
    kind: str, answers: list[str], spelling: str
) -> None:
    names = RealisticResolver({"loop-demo.net": [answers]})
    async with world({"loop-demo.net": "127.0.0.1"}) as routes, proxy_for(kind, routes) as proxy:
        client = GuardedClient(settings(policy=POLICY, proxy=proxy), resolver=names)
        async with client:
            result = await client.get(f"http://{spelling}:{routes.internal}/admin")
    assert result.failure().code is ErrorCode.BLOCKED_URL
    assert routes.asked == []


@pytest.mark.parametrize("kind", KINDS)
async def test_rebinding_on_the_second_lookup_stays_on_the_vetted_address(kind: str) -> None:
    # Our resolver: public, then loopback on every later lookup; the proxy's: loopback.
    names = RealisticResolver({"rebind-demo.net": [[PUBLIC_IP], ["127.0.0.1"]]})
    async with world({"rebind-demo.net": "127.0.0.1"}) as routes, proxy_for(kind, routes) as proxy:
        client = GuardedClient(settings(policy=POLICY, proxy=proxy), resolver=names)
        async with client:
            first = await client.get("http://rebind-demo.net/a")
            second = await client.get("http://REBIND-demo.net./b")
    assert PUBLIC_TEXT in first.unwrap().body.decode()
    # A kept-alive connection to the vetted address may serve the second request; a new
    # lookup must be refused. Either way the internal service is never read.
    if second.__class__.__name__ == "Success":
        assert PUBLIC_TEXT in second.unwrap().body.decode()
    else:
        assert second.failure().code is ErrorCode.BLOCKED_URL
    assert all(PUBLIC_IP in a for a in routes.asked)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "target",
    ["http://loop-demo.net:{internal}/", "http://127.0.0.1:{internal}/",
     "http://[::ffff:127.0.0.1]:{internal}/", "http://2130706433:{internal}/",
     "http://0x7f.1:{internal}/", "http://LOOP-DEMO.net.:{internal}/"],
)  # fmt: skip
async def test_a_redirect_to_loopback_is_refused_through_the_proxy(kind: str, target: str) -> None:
    from aiohttp import web

    names = RealisticResolver({"rebind-demo.net": [[PUBLIC_IP]], "loop-demo.net": [["127.0.0.1"]]})
    async with world({"rebind-demo.net": PUBLIC_IP, "loop-demo.net": "127.0.0.1"}) as routes:
        location = target.format(internal=routes.internal)

        # The public site answers /go with a redirect: swap its app for one that does.
        async with proxy_for(kind, routes) as proxy:
            from tests.http.test_proxy_pinning import _site

            async def go(request: web.Request) -> web.Response:
                raise web.HTTPFound(location)

            app = web.Application()
            app.router.add_get("/go", go)
            async with _site(app, None) as redirector:
                routes.public = redirector
                client = GuardedClient(settings(policy=POLICY, proxy=proxy), resolver=names)
                async with client:
                    result = await client.get("http://rebind-demo.net/go")
    assert result.failure().code is ErrorCode.BLOCKED_URL
    assert len(routes.asked) == 1  # only the first hop went to the proxy


async def test_https_through_an_http_proxy_checks_the_certificate_against_the_name() -> None:
    server_tls, client_tls = _tls()  # the certificate names rebind-demo.net and loop-demo.net
    names = RealisticResolver({"other-demo.net": [[PUBLIC_IP]]})
    async with (
        world({"other-demo.net": PUBLIC_IP}, (server_tls,)) as routes,
        proxy_for("http", routes) as proxy,
    ):
        client = GuardedClient(
            settings(policy=POLICY, proxy=proxy), resolver=names, ssl_context=client_tls
        )
        async with client:
            result = await client.get("https://other-demo.net/")
    assert result.failure().code is ErrorCode.NETWORK_ERROR
    assert routes.asked == [f"CONNECT {PUBLIC_IP}:443"]


# --- The proxy's own address, when it is a public one -------------------------------------
#
# README: "the proxy's own address is never accepted as a page's" / "The proxy's own address
# may be dialled as the proxy, never fetched as a page". A corporate proxy often sits on a
# public address; its host's other services (bound on that address, firewalled from the
# outside) are then reachable *from the proxy*. The proxy here is named by a public address
# (93.184.215.14, never dialled: the test's connect guard refuses every non-loopback connect
# before the syscall). If the page URL naming the proxy's own address were refused, no
# connect would be attempted at all; instead the client goes to the proxy to fetch it.


@pytest.mark.parametrize("kind", ["http", "socks5", "socks4"])
async def test_a_page_at_the_proxys_own_public_address_is_refused_before_any_connect(
    kind: str, connects: netguard.ConnectLog
) -> None:
    proxy = f"{kind}://{PUBLIC_IP}:3128"
    client = GuardedClient(settings(policy=POLICY, proxy=proxy), resolver=FakeResolver({}))
    async with client:
        result = await client.get(f"http://{PUBLIC_IP}:6379/")  # the proxy host's own service
    error = result.failure()
    assert error.code is ErrorCode.BLOCKED_URL, (error.code, error.message, connects.refused)
    assert connects.refused == []


async def test_a_page_name_resolving_to_a_public_proxys_address_is_refused() -> None:
    names = FakeResolver({"proxy.corp-demo.net": [[PUBLIC_IP]], "admin-demo.net": [[PUBLIC_IP]]})
    client = GuardedClient(
        settings(policy=POLICY, proxy="http://proxy.corp-demo.net:3128"), resolver=names
    )
    async with client:
        result = await client.get("http://admin-demo.net:6379/")
    assert result.failure().code is ErrorCode.BLOCKED_URL, result.failure().message
