"""Operations through `webdistill.build`: the audit log, WEB_PROXY (http and SOCKS5) for pages
and providers, and a name server that never answers.

Everything listens on 127.0.0.1: the site, a SearXNG-shaped provider (answers in the shape of
tests/providers/fixtures/searxng/success.json), a forward HTTP proxy and a SOCKS5 proxy
(a raw asyncio server speaking RFC 1928 that dials only 127.0.0.1, whatever name it is given).
"""

from __future__ import annotations

import asyncio
import socket
import struct
from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import pytest
from aiohttp import web
from aiohttp.abc import AbstractResolver, ResolveResult

from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import Config, ErrorCode, build

SEARXNG_ANSWER = {
    "query": "rock pools",
    "number_of_results": 0,
    "results": [
        {
            "url": "https://shore.tideguide.org/pools?utm_source=searx",
            "title": "Rock pools",
            "content": "What lives in rock pools.",
            "publishedDate": None,
            "engine": "brave",
            "score": 1.5,
            "category": "general",
        }
    ],
    "answers": [],
    "unresponsive_engines": [],
}


def site_app(seen: list[str]) -> web.Application:
    async def page(request: web.Request) -> web.Response:
        seen.append(str(request.url))
        body = "<html><body><article><p>Rock pools hold sea water at low tide.</p>"
        return web.Response(text=body + "</article></body></html>", content_type="text/html")

    async def searxng(request: web.Request) -> web.Response:
        seen.append(str(request.url))
        return web.json_response(SEARXNG_ANSWER)

    app = web.Application()
    app.router.add_get("/page", page)
    app.router.add_get("/search", searxng)
    return app


@pytest.fixture
async def site() -> AsyncIterator[tuple[str, list[str]]]:
    seen: list[str] = []
    async with serve(site_app(seen)) as base:
        yield base, seen


def config(**changes: object) -> Config:
    base = Config(allow_http=True, trusted_addresses=("127.0.0.1",), search_provider="none")
    return attrs.evolve(base, **changes)


async def test_the_audit_log_has_a_line_per_request_with_queries_redacted(
    site: tuple[str, list[str]], tmp_path: Path
) -> None:
    base, seen = site
    log = tmp_path / "audit.log"
    settings = config(audit_log=str(log), search_provider="searxng", searxng_url=base)
    async with build(settings) as toolkit:
        await toolkit.search({"query": "secret plans"})
        await toolkit.fetch({"url": f"{base}/page?token=hunter2"})
    lines = log.read_text().splitlines()
    searched, fetched = lines[0], lines[-1]  # the provider may be asked for a second page
    assert len(lines) == len(seen) and all("tool=web_search" in line for line in lines[:-1])
    host = base.removeprefix("http://")
    assert "tool=web_search GET" in searched and f"host={host}" in searched
    assert f"url={base}/search?..." in searched
    assert "provider=searxng status=200" in searched and "bytes=" in searched
    assert "tool=web_fetch GET" in fetched and f"url={base}/page?..." in fetched
    assert "status=200" in fetched
    assert "secret" not in log.read_text() and "hunter2" not in log.read_text()
    assert searched[:4].isdigit() and "T" in searched.split()[0]  # an ISO time first
    async with build(config()) as toolkit:  # the toolkit closed its log: nothing more there
        await toolkit.fetch({"url": f"{base}/page"})
    assert len(log.read_text().splitlines()) == len(lines)


async def test_an_unwritable_audit_log_is_a_config_error(tmp_path: Path) -> None:
    from webdistill import ConfigError

    with pytest.raises(ConfigError, match="WEB_AUDIT_LOG"):
        async with build(config(audit_log=str(tmp_path / "missing" / "audit.log"))):
            pass


def forward_proxy_app(seen: list[str], site_base: str) -> web.Application:
    """An HTTP proxy: takes absolute-form requests and answers for 127.0.0.1's site."""

    async def forward(request: web.Request) -> web.Response:
        seen.append(f"{request.method} {request.url}")
        return web.json_response(SEARXNG_ANSWER)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", forward)
    return app


async def test_provider_calls_go_through_an_http_proxy(site: tuple[str, list[str]]) -> None:
    base, site_seen = site
    proxied: list[str] = []
    async with serve(forward_proxy_app(proxied, base)) as proxy:
        settings = config(
            proxy=proxy, search_provider="searxng", searxng_url="http://searx.internal"
        )
        async with build(settings) as toolkit:
            (outcome,) = (await toolkit.search({"query": "rock pools"})).unwrap()
    assert outcome.error is None and outcome.hits[0].title == "Rock pools"
    assert proxied and all(p.startswith("GET http://searx.internal/search?") for p in proxied)
    assert site_seen == []


class Socks5:
    """A SOCKS5 proxy (no auth, CONNECT only) that dials 127.0.0.1:`port` for any name."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.asked: list[str] = []

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            _, count = await reader.readexactly(2)
            await reader.readexactly(count)
            writer.write(b"\x05\x00")
            _, _connect, _, kind = await reader.readexactly(4)
            if kind == 3:
                name = (await reader.readexactly((await reader.readexactly(1))[0])).decode()
            else:
                name = socket.inet_ntop(
                    socket.AF_INET if kind == 1 else socket.AF_INET6,
                    await reader.readexactly(4 if kind == 1 else 16),
                )
            (wanted_port,) = struct.unpack("!H", await reader.readexactly(2))
            self.asked.append(f"{name}:{wanted_port}")
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)
            writer.write(b"\x05\x00\x00\x01" + bytes(4) + b"\x00\x00")
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    @staticmethod
    async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        finally:
            writer.close()


async def test_pages_go_through_a_socks5_proxy_as_vetted_addresses(
    site: tuple[str, list[str]],
) -> None:
    base, seen = site
    port = int(base.rsplit(":", 1)[1])
    socks = Socks5(port)
    server = await asyncio.start_server(socks.handle, "127.0.0.1", 0)
    proxy = f"socks5://127.0.0.1:{server.sockets[0].getsockname()[1]}"
    names = FakeResolver({"tides-demo.net": [["127.0.0.1"]], "intranet-demo.net": [["10.0.0.7"]]})
    try:
        async with build(config(proxy=proxy), resolver=names) as toolkit:
            (page,) = (await toolkit.fetch({"url": f"http://tides-demo.net:{port}/page"})).unwrap()
            (inside,) = (await toolkit.fetch({"url": "http://intranet-demo.net/"})).unwrap()
    finally:
        server.close()
        await server.wait_closed()
    assert page.page is not None, page.error
    assert "Rock pools hold sea water" in page.page.content
    assert socks.asked == [f"127.0.0.1:{port}"]  # the proxy is given the vetted address...
    assert seen == [f"http://tides-demo.net:{port}/page"]
    assert inside.error is not None and inside.error.code is ErrorCode.BLOCKED_URL  # ...vetted
    assert "10.0.0.7" in inside.error.message


class SilentDns(AbstractResolver):
    """A name server that never answers."""

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        await asyncio.Event().wait()
        return []

    async def close(self) -> None:
        return None


async def test_a_name_server_that_never_answers_fails_on_its_own_limit() -> None:
    async with build(config(fetch_timeout_ms=1200), resolver=SilentDns()) as toolkit:
        answer = await asyncio.wait_for(toolkit.fetch({"url": "https://quiet-demo.net/"}), 30)
    (outcome,) = answer.unwrap()
    assert outcome.error is not None and outcome.error.code is ErrorCode.TIMEOUT
    assert "DNS lookup of quiet-demo.net got no answer within 0.4 s" in outcome.error.message
    assert outcome.error.detail["stage"] == "dns"
