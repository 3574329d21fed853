"""The guarded HTTP client: every hop policy-checked, every address vetted, every byte counted.

`GuardedClient.get` fetches one URL for an agent:
- the URL, and each redirect target, passes the kernel's `check_url` (scheme, lists, literal
  IPs, local names); redirects are followed by hand, at most `max_redirects`;
- names resolve through `GuardedResolver` and sockets come from `guarded_socket_factory`, so
  nothing the policy refuses is ever dialled (see guard.py); the socket's own `connect`
  re-checks the address handed to the system call;
- the body is streamed and capped (see body.py); one total timeout covers the whole fetch;
- each hop is one `exchange` (exchange.py): idempotent retries on 429/503/connection reset,
  honouring Retry-After up to a cap; every exception becomes a `WebError` (errors.py), every
  request is logged (audit.py).
"""

from __future__ import annotations

import asyncio
import socket
import ssl
from collections.abc import Mapping
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import attrs
from aiohttp.abc import AbstractResolver
from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from webdistill.adapters.http import audit
from webdistill.adapters.http.decoders import ACCEPT_ENCODING
from webdistill.adapters.http.errors import closed_error, shown, total_timeout_error, with_hop
from webdistill.adapters.http.exchange import Final, Redirect, Status, exchange, http_error
from webdistill.adapters.http.guard import (
    DNS_TIMEOUT_S,
    DialGuard,
    GuardedResolver,
    guarded_socket_factory,
)
from webdistill.adapters.http.hop_check import HOP_CHECK
from webdistill.adapters.http.proxy import (
    Pinned,
    ProxyNameResolver,
    first_address,
    http_proxy,
    is_socks,
    names_travel,
    pinned_request,
    proxy_literal_address,
)
from webdistill.adapters.http.settings import HttpSettings
from webdistill.adapters.http.socks import NameAfterVetting, SocksConnector
from webdistill.adapters.http.watch import Watch
from webdistill.adapters.pipeline.deadline import enclosing_deadline
from webdistill.adapters.pipeline.turns import leave_host
from webdistill.kernel import addresses
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import number, own, words
from webdistill.kernel.urls import check_url, resolve_reference

#: Caller headers kept when a redirect leaves the original origin (others may be secrets).
_CROSS_ORIGIN_SAFE = frozenset({"accept", "accept-language", "user-agent"})
_RESERVED_HEADERS = frozenset(
    {"host", "accept-encoding", "content-length", "transfer-encoding", "connection"}
)


@attrs.frozen
class HttpResponse:
    """A fetched resource: final URL, status, raw Content-Type and (capped) body bytes."""

    url: str
    status: int
    content_type: str
    body: bytes
    truncated: bool
    hops: tuple[str, ...]


def _origin(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.scheme, parts.netloc


class GuardedClient:
    """Fetches untrusted URLs safely. Create inside a running loop's context; close when done.

    `resolver` is the upstream DNS resolver under the guard (tests inject a fake); by
    default a fresh aiohttp `ThreadedResolver` (no cache shared with anyone). `ssl_context`
    replaces the default certificate verification (e.g. to trust a test CA).

    A client left by its `async with` (the toolkit's, when the toolkit closes) opens nothing
    more: a `get` then fails with NETWORK_ERROR (a page read that was under way when the
    toolkit closed sends nothing after the close) until the client is entered again. After
    `close()` alone, the next `get` opens a new session.
    """

    def __init__(
        self,
        settings: HttpSettings,
        *,
        resolver: AbstractResolver | None = None,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        self._settings = settings
        self._upstream = resolver
        self._ssl_context = ssl_context
        literal = proxy_literal_address(settings.proxy) if settings.proxy else None
        self._guard = DialGuard(settings.policy, proxy_dial={literal} if literal else set())
        self._proxy = http_proxy(settings.proxy)
        self._names_travel = names_travel(settings.proxy, settings.proxy_remote_dns)
        # Through a proxy, one step before each request: the proxy's own addresses known,
        # a page at one of them refused; for an HTTP proxy, the request pinned to the vetted
        # address (or, names travelling, the name vetted). SOCKS pins in its connector.
        self._pin = self._pin_for_proxy if settings.proxy else None
        self._proxy_names: ProxyNameResolver | None = None
        self._proxy_known = False
        self._session: aiohttp.ClientSession | None = None
        self._resolver: GuardedResolver | None = None
        self._owned_upstream: AbstractResolver | None = None
        self._slots: asyncio.Semaphore | None = None
        self._watch: Watch | None = None
        self._left = False  # left by `async with`: no new session until entered again

    def _ensure_session(self) -> tuple[aiohttp.ClientSession, asyncio.Semaphore]:
        if self._session is None or self._slots is None:
            settings = self._settings
            upstream = self._upstream
            if upstream is None:
                upstream = self._owned_upstream = aiohttp.ThreadedResolver()
            dns_timeout_s = min(DNS_TIMEOUT_S, settings.timeout_s / 3)
            self._resolver = GuardedResolver(upstream, self._guard, dns_timeout_s)
            if settings.proxy:
                proxy_host = urlsplit(settings.proxy).hostname or ""
                self._proxy_names = ProxyNameResolver(
                    upstream, self._guard, proxy_host, dns_timeout_s
                )
            options: dict[str, Any] = {
                "resolver": self._connector_resolver(upstream, dns_timeout_s),
                "use_dns_cache": False,
                "limit": max(1, settings.concurrency),  # 0 would mean "unlimited" to aiohttp
                "limit_per_host": max(1, settings.per_host_connections),
                "socket_factory": guarded_socket_factory(self._guard),
                "ssl": self._ssl_context if self._ssl_context is not None else True,
            }
            connector = (
                SocksConnector(
                    settings.proxy,
                    remote_dns=self._names_travel,
                    guard=self._guard,
                    proxy_names=self._proxy_names,
                    **options,
                )
                if settings.proxy and is_socks(settings.proxy)
                else aiohttp.TCPConnector(**options)
            )
            self._session = aiohttp.ClientSession(
                connector=connector,
                timeout=aiohttp.ClientTimeout(
                    total=None,
                    connect=settings.connect_timeout_s,
                    sock_connect=settings.connect_timeout_s,
                    # A silence as long as the whole budget is the total timeout's to end:
                    # no second timer per read then (one deadline per fetch).
                    sock_read=(
                        settings.read_timeout_s
                        if settings.read_timeout_s < settings.timeout_s
                        else None
                    ),
                ),
                cookie_jar=aiohttp.DummyCookieJar(),
                trust_env=False,
                auto_decompress=False,
                headers={
                    "User-Agent": settings.user_agent,
                    "Accept": settings.accept,
                    "Accept-Encoding": ACCEPT_ENCODING,
                },
            )
            self._slots = asyncio.Semaphore(max(1, settings.concurrency))
            self._watch = Watch(asyncio.get_running_loop())
        return self._session, self._slots

    def _connector_resolver(
        self, upstream: AbstractResolver, dns_timeout_s: float
    ) -> AbstractResolver:
        """What the connector resolves names with: page names through the guard (directly,
        or for a SOCKS proxy, which is then given the address, or the vetted name when names
        travel); for an HTTP proxy, only the proxy's own name."""
        assert self._resolver is not None
        proxy = self._settings.proxy
        if proxy and not is_socks(proxy):
            assert self._proxy_names is not None
            return self._proxy_names
        if proxy and self._names_travel:
            return NameAfterVetting(self._resolver)
        return self._resolver

    async def __aenter__(self) -> GuardedClient:
        self._left = False
        self._ensure_session()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._left = True
        await self.close()

    async def close(self) -> None:
        """Close the session (and the default resolver); the client can be reopened."""
        session, upstream = self._session, self._owned_upstream
        self._session, self._resolver, self._slots = None, None, None
        self._owned_upstream, self._proxy_names, self._proxy_known = None, None, False
        if self._watch is not None:
            self._watch.close()
            self._watch = None
        if session is not None:
            await session.close()
        if upstream is not None:
            await upstream.close()

    async def get(
        self,
        url: str,
        *,
        headers: Mapping[str, str] | None = None,
        timeout_s: float | None = None,
        max_bytes: int | None = None,
    ) -> Result[HttpResponse, WebError]:
        """GET `url` under the policy; non-2xx after retries is HTTP_ERROR (detail status).

        `timeout_s` shortens the total time of this call (never beyond the configured one);
        `max_bytes` lowers its body cap (a text body is cut there, another is TOO_LARGE).
        Inside a page read's deadline (deadline.py) that fires no later than this call's
        limit, that deadline is the only timer: the client arms none of its own."""
        session, slots = self._session, self._slots
        if session is None or slots is None:
            if self._left:
                return Failure(closed_error(url))
            session, slots = self._ensure_session()
        hops: list[str] = []  # the checked URL of each hop so far (_follow appends)
        limit = self._settings.timeout_s
        if timeout_s is not None:
            limit = max(0.001, min(limit, timeout_s))
        asked = dict(headers) if headers else None
        settings = self._settings
        if max_bytes is not None and max_bytes < settings.max_response_bytes:
            wire = min(settings.wire_cap, max_bytes + 64 * 1024)
            settings = attrs.evolve(settings, max_response_bytes=max(0, max_bytes),
                                    max_wire_bytes=wire)  # fmt: skip
        await slots.acquire()  # `async with slots` without its two extra coroutines
        try:
            enclosing = enclosing_deadline()
            if enclosing is not None and enclosing <= asyncio.get_running_loop().time() + limit:
                return await self._follow(session, settings, url, asked, hops)
            # The total timeout, on the client's one watch timer (watch.py): on expiry the
            # task is cancelled; that cancellation, and only that one, becomes TIMEOUT here.
            watch = self._watch
            assert watch is not None
            ticket = watch.enter(limit)
            try:
                return await self._follow(session, settings, url, asked, hops)
            except asyncio.CancelledError:
                if ticket.took_back():
                    current = hops[-1] if hops else url
                    return Failure(total_timeout_error(current, max(0, len(hops) - 1), limit))
                raise
            finally:
                watch.leave(ticket)
        finally:
            slots.release()

    async def _follow(
        self,
        session: aiohttp.ClientSession,
        settings: HttpSettings,
        url: str,
        headers: dict[str, str] | None,
        hops: list[str],
    ) -> Result[HttpResponse, WebError]:
        current, last_status = url, 0
        for hop in range(settings.max_redirects + 1):
            checked = check_url(current, settings.policy)
            if not isinstance(checked, Success):
                error = checked.failure()
                audit.log_request(current, hop=hop, attempt=0, status=None, size=0, ms=0.0,
                                  outcome=error.code.value)  # fmt: skip
                return Failure(with_hop(error, current, hop))
            clean = checked.unwrap()
            extra = HOP_CHECK.get()
            refusal = await extra(clean) if extra is not None else None
            if refusal is not None:  # e.g. robots.txt closes this hop (hop_check.py)
                audit.log_request(clean, hop=hop, attempt=0, status=None, size=0, ms=0.0,
                                  outcome=refusal.code.value)  # fmt: skip
                return Failure(with_hop(refusal, current, hop))
            hops.append(clean)
            hop_headers = None
            if headers:
                same_origin = hop == 0 or _origin(clean) == _origin(hops[0])
                hop_headers = self._headers_for(headers, same_origin=same_origin)
            result = await exchange(
                session,
                settings,
                clean,
                hop=hop,
                headers=hop_headers,
                proxy=self._proxy,
                pin=self._pin,
            )
            if isinstance(result, Final):
                return Success(
                    HttpResponse(
                        url=clean,
                        status=result.status,
                        content_type=result.content_type,
                        body=result.body.data,
                        truncated=result.body.truncated,
                        hops=tuple(hops),
                    )
                )
            if isinstance(result, Redirect):
                target = resolve_reference(clean, result.location)
                if not is_successful(target):
                    return Failure(with_hop(target.failure(), result.location, hop + 1))
                current, last_status = target.unwrap(), result.status
                leave_host(current)  # the page's turn at its first host passes on (turns.py)
                continue
            if isinstance(result, Status):
                return Failure(
                    http_error(clean, hop, result.status, result.retry_after, result.wall)
                )
            return Failure(result)
        return Failure(
            WebError.of(
                ErrorCode.HTTP_ERROR,
                own(
                    "{} redirected more than {} times "
                    "(a redirect loop?); use the final URL directly or another source.",
                    shown(url),
                    number(settings.max_redirects),
                ),
                url=url,
                status=last_status,
                hops=len(hops),
                reason="too many redirects",
            )
        )

    @staticmethod
    def _headers_for(headers: dict[str, str], *, same_origin: bool) -> dict[str, str] | None:
        kept = {
            k: v
            for k, v in headers.items()
            if k.lower() not in _RESERVED_HEADERS
            and (same_origin or k.lower() in _CROSS_ORIGIN_SAFE)
        }
        return kept or None

    async def _pin_for_proxy(self, url: str) -> Pinned | None:
        """Through a proxy: know the proxy's own addresses (a page may never be at one of
        them); then, for an HTTP proxy, vet the page's name here (every family: the proxy
        may dial an AAAA answer as readily as an A one) and pin the request to the vetted
        address, unless names travel (then the proxy gets the vetted name). A SOCKS
        connector vets and pins in the connector (socks.py)."""
        resolver, proxy_names = self._resolver, self._proxy_names
        if resolver is None or proxy_names is None:
            return None
        if not self._proxy_known:
            await proxy_names.learn()
            self._proxy_known = True
        parts = urlsplit(url)
        host = parts.hostname or ""
        literal = addresses.parse_address(host)
        if literal is not None:  # check_url judged it, but not as the proxy's own address
            if not self._guard.allows(str(literal)):
                raise self._guard.refusal(host, str(literal), words("the proxy check"))
            return None
        if self._proxy is None:
            return None
        answers = await resolver.resolve(host, parts.port or 0, socket.AF_UNSPEC)
        if self._names_travel:
            return None
        return pinned_request(url, first_address(answers))
