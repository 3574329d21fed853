"""Status handling, retries, the audit log, concurrency limits and the client's lifecycle."""

from __future__ import annotations

import asyncio
import logging

import pytest
from aiohttp import web
from returns.pipeline import is_successful

from tests.http.fakes_http import settings
from tests.http.rawserver import raw_server, read_request
from tests.servers import serve
from webdistill.adapters.http.client import GuardedClient
from webdistill.kernel.errors import ErrorCode


def scripted(responses: list[web.Response], hits: list[str]) -> web.Application:
    """An app answering successive requests with `responses` (the last one repeats)."""

    async def handler(request: web.Request) -> web.Response:
        hits.append(request.path_qs)
        index = min(len(hits) - 1, len(responses) - 1)
        template = responses[index]
        return web.Response(
            status=template.status, body=template.body, headers=dict(template.headers)
        )

    app = web.Application()
    app.router.add_get("/{tail:.*}", handler)
    return app


@pytest.mark.parametrize("status", [404, 500, 403, 410, 502])
async def test_non_2xx_is_an_http_error_with_the_status(status: int) -> None:
    hits: list[str] = []
    app = scripted([web.Response(status=status, text="nope")], hits)
    async with serve(app) as base, GuardedClient(settings()) as client:
        result = await client.get(base + "/page")
    error = result.failure()
    assert error.code == ErrorCode.HTTP_ERROR
    assert error.detail["status"] == str(status)
    assert error.retryable == (status >= 500)
    assert hits == ["/page"]  # no retry for these


async def test_503_with_retry_after_is_retried_then_succeeds() -> None:
    hits: list[str] = []
    busy = web.Response(status=503, headers={"Retry-After": "0"})
    app = scripted([busy, web.Response(text="ok")], hits)
    async with serve(app) as base, GuardedClient(settings()) as client:
        result = await client.get(base + "/")
    assert result.unwrap().body == b"ok"
    assert len(hits) == 2


async def test_429_retries_are_bounded() -> None:
    hits: list[str] = []
    app = scripted([web.Response(status=429, headers={"Retry-After": "0"})], hits)
    async with serve(app) as base, GuardedClient(settings(retries=2)) as client:
        result = await client.get(base + "/")
    error = result.failure()
    assert error.code == ErrorCode.HTTP_ERROR and error.detail["status"] == "429"
    assert error.retryable
    assert len(hits) == 3


async def test_a_long_retry_after_is_not_waited_for() -> None:
    hits: list[str] = []
    app = scripted([web.Response(status=429, headers={"Retry-After": "3600"})], hits)
    async with serve(app) as base, GuardedClient(settings()) as client:
        result = await client.get(base + "/")
    error = result.failure()
    assert error.detail["retry_after"] == "3600"
    assert len(hits) == 1


async def test_a_reset_connection_is_retried() -> None:
    attempts: list[int] = []

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        attempts.append(1)
        if len(attempts) == 1:
            writer.transport.abort()  # reset, no response
            return
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok")
        await writer.drain()

    async with raw_server(handler) as base, GuardedClient(settings()) as client:
        result = await client.get(base + "/")
    assert result.unwrap().body == b"ok"
    assert len(attempts) == 2


async def test_refused_connection_is_a_network_error() -> None:
    async with serve(web.Application()) as base:
        pass  # the port is closed now
    async with GuardedClient(settings()) as client:
        result = await client.get(base + "/")
    assert result.failure().code == ErrorCode.NETWORK_ERROR


async def test_audit_log_has_one_record_per_request_without_query_strings(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="webdistill.http")
    hits: list[str] = []
    app = scripted([web.Response(status=302, headers={"Location": "/b?key=SECRET"}),
                    web.Response(text="done")], hits)  # fmt: skip
    async with serve(app) as base, GuardedClient(settings()) as client:
        assert is_successful(await client.get(base + "/a?sid=SECRET&x=1"))
        assert not is_successful(await client.get("http://10.0.0.1/?token=SECRET"))
    records = [r for r in caplog.records if r.name == "webdistill.http"]
    assert [(r.hop, r.status, r.outcome) for r in records] == [  # type: ignore[attr-defined]
        (0, 302, "redirect"),
        (1, 200, "ok"),
        (0, None, "BLOCKED_URL"),
    ]
    assert records[1].bytes == 4  # type: ignore[attr-defined]
    assert all(isinstance(r.ms, float) for r in records)  # type: ignore[attr-defined]
    assert records[0].url == base + "/a?..."  # type: ignore[attr-defined]
    assert not any("SECRET" in r.getMessage() or "SECRET" in r.url for r in records)  # type: ignore[attr-defined]


async def test_per_host_connection_limit_and_concurrency_limit() -> None:
    active = [0]
    peak = [0]

    async def slow(request: web.Request) -> web.Response:
        active[0] += 1
        peak[0] = max(peak[0], active[0])
        await asyncio.sleep(0.05)
        active[0] -= 1
        return web.Response(text="x")

    app = web.Application()
    app.router.add_get("/", slow)
    async with serve(app) as base:
        async with GuardedClient(settings(per_host_connections=2, concurrency=8)) as client:
            results = await asyncio.gather(*(client.get(base + "/") for _ in range(12)))
        assert all(is_successful(r) for r in results)
        assert peak[0] == 2
        peak[0] = 0
        async with GuardedClient(settings(per_host_connections=10, concurrency=3)) as client:
            await asyncio.gather(*(client.get(base + "/") for _ in range(12)))
        assert peak[0] == 3


def test_client_can_be_built_outside_a_running_loop() -> None:
    client = GuardedClient(settings())  # no session yet: built lazily in the loop
    assert client is not None


async def test_closed_client_reopens_on_next_get() -> None:
    hits: list[str] = []
    async with serve(scripted([web.Response(text="ok")], hits)) as base:
        client = GuardedClient(settings())
        assert is_successful(await client.get(base + "/"))
        await client.close()
        assert is_successful(await client.get(base + "/"))
        await client.close()
    assert len(hits) == 2


async def test_caller_cannot_override_accept_encoding() -> None:
    seen: list[str] = []

    async def record(request: web.Request) -> web.Response:
        seen.append(request.headers.get("Accept-Encoding", ""))
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_get("/", record)
    async with serve(app) as base, GuardedClient(settings()) as client:
        await client.get(base + "/", headers={"accept-encoding": "zstd"})
    assert seen == ["gzip, deflate, br"]
