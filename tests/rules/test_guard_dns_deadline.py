"""The DNS deadline of the guarded resolver: a name server that never answers fails after the
resolver's own timeout (5 s unless told otherwise) with a `DnsTimeoutError` naming the host
and the seconds waited, never hangs. The silent upstream is a fake that awaits forever; an
outer bound keeps a broken deadline from hanging the suite."""

from __future__ import annotations

import asyncio
import socket

import pytest
from aiohttp.abc import AbstractResolver, ResolveResult

from webdistill.adapters.http.guard import (
    DNS_TIMEOUT_S,
    DialGuard,
    DnsTimeoutError,
    GuardedResolver,
)
from webdistill.kernel.urls import UrlPolicy


class SilentResolver(AbstractResolver):
    """An upstream name server that never answers."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        self.asked.append(host)
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    async def close(self) -> None:
        pass


def test_the_default_dns_deadline_is_5_seconds() -> None:
    assert DNS_TIMEOUT_S == 5.0
    resolver = GuardedResolver(SilentResolver(), DialGuard(UrlPolicy()))
    assert resolver._timeout_s == 5.0


async def test_a_silent_name_server_fails_with_the_host_and_the_seconds() -> None:
    upstream = SilentResolver()
    resolver = GuardedResolver(upstream, DialGuard(UrlPolicy()), timeout_s=0.05)
    async with asyncio.timeout(10):  # only a broken deadline ever reaches this bound
        with pytest.raises(DnsTimeoutError) as caught:
            await resolver.resolve("slow.example", 443)
    assert upstream.asked == ["slow.example"]
    assert caught.value.host == "slow.example"
    assert caught.value.seconds == 0.05
    assert str(caught.value) == "no DNS answer for slow.example within 0.05 s"
    assert isinstance(caught.value, TimeoutError)
    assert caught.value.__cause__ is None and caught.value.__suppress_context__


def test_the_timeout_error_formats_whole_seconds_without_decimals() -> None:
    error = DnsTimeoutError("a.example", 5.0)
    assert (error.host, error.seconds, str(error)) == (
        "a.example",
        5.0,
        "no DNS answer for a.example within 5 s",
    )
