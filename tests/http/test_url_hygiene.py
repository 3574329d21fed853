"""URL hygiene without reinterpretation: what is refused, and that it never reaches a socket.

Control characters and spaces are refused wherever they are (never stripped or collapsed,
including by the argument merge of web_fetch), odd authorities (`https:/\\host`,
`https:///host`) and odd redirect targets are refused rather than read as paths, secret-
looking query parameters are refused naming the parameter (never its value), hosts are
encoded with UTS 46, and names vetted for a proxy are vetted in every address family.
"""

from __future__ import annotations

import asyncio
import socket

import pytest
from aiohttp import web
from aiohttp.abc import AbstractResolver, ResolveResult
from returns.pipeline import is_successful

from tests.http import netguard
from tests.http.fakes_http import FakeResolver, settings
from tests.http.rawserver import raw_server
from tests.servers import serve
from webdistill import Config, ErrorCode, build
from webdistill.adapters.http.client import GuardedClient
from webdistill.kernel.urls import UrlPolicy, check_url, resolve_reference

ANY = UrlPolicy(allow_http=True)


@pytest.mark.parametrize(
    "url",
    ["https://example.com/a\r\nb", "https://example.com/x\x00", "https://example.com/a b",
     " https://example.com/", "https://example.com/\t", "https://exa\u200bmple.com/",
     "https://example.com/\u2028", "https://example.com/?q=a\u00a0b", "\nhttps://example.com/"],
)  # fmt: skip
def test_control_characters_and_spaces_are_refused_not_stripped(url: str) -> None:
    error = check_url(url, ANY).failure()
    assert error.code is ErrorCode.INVALID_URL
    assert "not removed for you" in error.message


@pytest.mark.parametrize(
    "url", ["https:/\\example.com/", "https:///example.com/", "https:\\\\example.com/",
            "https:example.com/", "https:/example.com/"],
)  # fmt: skip
def test_odd_authorities_are_refused_not_read_as_paths(url: str) -> None:
    assert check_url(url, ANY).failure().code is ErrorCode.INVALID_URL


@pytest.mark.parametrize(
    ("url", "parameter"),
    [("https://example.com/?api_key=abc123", "api_key"),
     ("https://example.com/?q=1&Access_Token=xyz", "Access_Token"),
     ("https://example.com/?API-KEY=1", "API-KEY"),
     ("https://example.com/?client_secret=s3cr3tvalue", "client_secret"),
     ("https://example.com/?q=sk-proj-" + "a" * 30, "q"),
     ("https://example.com/?t=ghp_" + "A1" * 18, "t"),
     ("https://example.com/?k=AKIAABCDEFGHIJKLMNOP", "k"),
     ("https://example.com/?x=" + "AIza" + "b" * 35, "x"),
     ("https://example.com/?auth=eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.c2lnbmF0dXJlX2hlcmU", "auth"),
     ("https://example.com/?v=sk%2Dant%2Dapi03%2D" + "c" * 30, "v")],
)  # fmt: skip
def test_secret_looking_query_parameters_are_refused_naming_the_parameter(
    url: str, parameter: str
) -> None:
    error = check_url(url, ANY).failure()
    assert error.code is ErrorCode.BLOCKED_URL
    assert error.detail["reason"] == "credential in query"
    assert error.detail["parameter"] == parameter
    assert "credential" in error.message and "remove the parameter" in error.message
    value = url.split("=", 2)[-1]
    assert value not in error.message and value not in str(dict(error.detail))


@pytest.mark.parametrize(
    "url",
    ["https://example.com/?key=value", "https://example.com/?token=", "https://example.com/?q=sk-1",
     "https://s3.example.com/f?X-Amz-Signature=abc&X-Amz-Credential=x",
     "https://example.com/?page=2&sort=password-strength"],
)  # fmt: skip
def test_ordinary_queries_are_not_mistaken_for_credentials(url: str) -> None:
    assert is_successful(check_url(url, ANY))


def test_hosts_are_encoded_with_uts46_not_idna2003() -> None:
    assert check_url("https://faß.de/", ANY).unwrap() == "https://xn--fa-hia.de/"
    assert check_url("https://FASS.de/", ANY).unwrap() == "https://fass.de/"
    assert check_url("https://Bücher.example/", ANY).failure().code is ErrorCode.BLOCKED_URL
    assert check_url("https://bücher.de/", ANY).unwrap() == "https://xn--bcher-kva.de/"


@pytest.mark.parametrize(
    "location",
    ["/\\evil.example/", "\\\\evil.example/x", "https:/\\evil.example/", "https:///evil.example/",
     "///evil.example/", "https:evil.example/", "/a b", "/x\r\nSet-Cookie: a=b", "/\tx"],
)  # fmt: skip
def test_odd_redirect_targets_are_refused(location: str) -> None:
    assert resolve_reference("https://a.example/x/y", location).failure().code is (
        ErrorCode.INVALID_URL
    )


@pytest.mark.parametrize(
    ("location", "target"),
    [("/b", "https://a.example/b"), ("c", "https://a.example/x/c"),
     ("//b.example/p", "https://b.example/p"), ("https://b.example/", "https://b.example/"),
     ("?q=1", "https://a.example/x/y?q=1")],
)  # fmt: skip
def test_ordinary_redirect_targets_resolve(location: str, target: str) -> None:
    assert resolve_reference("https://a.example/x/y", location).unwrap() == target


async def test_web_fetch_refuses_a_crlf_url_instead_of_collapsing_it() -> None:
    netguard.STATE.destinations.clear()
    config = Config(allow_http=True, trusted_addresses=("127.0.0.1",))
    async with build(config, resolver=FakeResolver({})) as toolkit:
        for args in ({"url": "http://127.0.0.1:9/a\r\nb"}, {"urls": ["http://127.0.0.1:9/\x00"]},
                     {"url": " http://127.0.0.1:9/"}):  # fmt: skip
            outcomes = (await toolkit.fetch(args)).unwrap()
            assert len(outcomes) == 1
            error = outcomes[0].error
            assert error is not None and error.code is ErrorCode.INVALID_URL, args
    assert netguard.STATE.destinations == []


async def test_a_redirect_to_a_backslash_authority_is_not_followed() -> None:
    hits: list[str] = []

    async def handler(request: web.Request) -> web.Response:
        hits.append(request.path)
        if request.path == "/start":
            return web.Response(status=302, headers={"Location": "/\\evil.example/"})
        return web.Response(text="followed")

    app = web.Application()
    app.router.add_get("/{tail:.*}", handler)
    async with serve(app) as base, GuardedClient(settings()) as client:
        result = await client.get(base + "/start")
    error = result.failure()
    assert error.code is ErrorCode.INVALID_URL and "backslash" in error.detail["web_text"]
    assert error.detail["hop"] == "1"
    assert hits == ["/start"]


class FamilyResolver(AbstractResolver):
    """Answers A records for AF_INET and AAAA records for AF_INET6; both for AF_UNSPEC."""

    def __init__(self, v4: list[str], v6: list[str]) -> None:
        self.v4, self.v6 = v4, v6

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        ips = (self.v4 if family in (socket.AF_INET, socket.AF_UNSPEC) else []) + (
            self.v6 if family in (socket.AF_INET6, socket.AF_UNSPEC) else []
        )
        return [
            {"hostname": host, "host": ip, "port": port,
             "family": socket.AF_INET6 if ":" in ip else socket.AF_INET, "proto": 0,
             "flags": socket.AI_NUMERICHOST}
            for ip in ips
        ]  # fmt: skip

    async def close(self) -> None:
        pass


async def test_through_a_proxy_an_aaaa_answer_of_loopback_is_refused() -> None:
    asked: list[bytes] = []

    async def proxy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        asked.append(await reader.readuntil(b"\r\n\r\n"))
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nproxy")
        await writer.drain()

    resolver = FamilyResolver(v4=["93.184.215.14"], v6=["::1"])
    async with raw_server(proxy) as proxy_url:
        client = GuardedClient(settings(proxy=proxy_url), resolver=resolver)
        async with client:
            result = await client.get("http://dual-stack.example.com/")
    error = result.failure()
    assert error.code is ErrorCode.BLOCKED_URL and "::1" in error.message
    assert asked == []


class BuggyResolver(AbstractResolver):
    """An upstream resolver with a bug in it (not a network failure)."""

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        raise KeyError("a bug, not the network")

    async def close(self) -> None:
        pass


async def test_a_bug_is_an_internal_error_not_a_retryable_network_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with GuardedClient(settings(), resolver=BuggyResolver()) as client:
        result = await client.get("http://bug.example.com/")
    error = result.failure()
    assert error.code is ErrorCode.INTERNAL_ERROR and not error.retryable
    assert "bug" in error.message and "KeyError" in error.message
    assert any(r.exc_info for r in caplog.records if r.name == "webdistill")


async def test_a_refused_connection_is_still_a_network_error() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again: nothing listens there
    async with GuardedClient(settings()) as client:
        result = await client.get(f"http://127.0.0.1:{port}/")
    assert result.failure().code is ErrorCode.NETWORK_ERROR
