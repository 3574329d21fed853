"""Size caps, decompression bombs, timeouts and malformed responses, against loopback servers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import tracemalloc
from collections.abc import Iterator

import pytest
from aiohttp import web
from returns.pipeline import is_successful

from tests.http.bombs import GIB, batched, brotli_bomb, gzip_bomb
from tests.http.fakes_http import settings
from tests.http.rawserver import raw_server, read_request
from tests.servers import serve
from webdistill.adapters.http.client import GuardedClient
from webdistill.kernel.errors import ErrorCode

MIB = 1 << 20


def streaming(
    stream: Iterator[bytes], headers: dict[str, str], sent: list[int] | None = None
) -> web.Application:
    """An app whose / streams `stream` (lazily) with `headers`; counts bytes it wrote."""

    async def handler(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers=headers)
        await response.prepare(request)
        with contextlib.suppress(ConnectionError, RuntimeError):
            for piece in stream:
                await response.write(piece)
                if sent is not None:
                    sent.append(len(piece))
        return response

    app = web.Application()
    app.router.add_get("/", handler)
    return app


async def fetch(base_url: str, **changes: object) -> object:
    async with GuardedClient(settings(**changes)) as client:
        return await client.get(base_url + "/")


async def test_gzip_bomb_is_cut_at_the_cap_and_flagged_for_text(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="webdistill.http")
    headers = {"Content-Type": "text/html", "Content-Encoding": "gzip"}
    app = streaming(batched(gzip_bomb(GIB)), headers)
    async with serve(app) as base:
        tracemalloc.start()
        started = time.monotonic()
        async with GuardedClient(settings(max_response_bytes=5 * MIB)) as client:
            result = await client.get(base + "/")
        elapsed = time.monotonic() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    response = result.unwrap()
    assert response.truncated
    assert len(response.body) == 5 * MIB
    assert response.body == bytes(5 * MIB)
    assert peak < 20 * MIB, peak
    assert elapsed < 10
    (record,) = [r for r in caplog.records if r.name == "webdistill.http"]
    assert record.bytes < 256 * 1024  # type: ignore[attr-defined]  # wire bytes read


async def test_brotli_bomb_of_a_binary_type_is_too_large() -> None:
    headers = {"Content-Type": "application/octet-stream", "Content-Encoding": "br"}
    async with serve(streaming(batched(brotli_bomb(GIB)), headers)) as base:
        tracemalloc.start()
        result = await fetch(base, max_response_bytes=2 * MIB)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    error = result.failure()  # type: ignore[attr-defined]
    assert error.code == ErrorCode.TOO_LARGE
    assert error.detail["max_bytes"] == str(2 * MIB)
    assert peak < 12 * MIB, peak


async def test_brotli_bomb_text_is_truncated() -> None:
    headers = {"Content-Type": "text/plain; charset=utf-8", "Content-Encoding": "br"}
    async with serve(streaming(batched(brotli_bomb(GIB)), headers)) as base:
        result = await fetch(base, max_response_bytes=MIB)
    response = result.unwrap()  # type: ignore[attr-defined]
    assert response.truncated and len(response.body) == MIB


async def test_plain_body_under_the_cap_is_whole() -> None:
    body = b"<p>" + b"a" * 100_000 + b"</p>"
    headers = {"Content-Type": "text/html"}
    async with serve(streaming(iter([body]), headers)) as base:
        result = await fetch(base, max_response_bytes=len(body))
    response = result.unwrap()  # type: ignore[attr-defined]
    assert response.body == body and not response.truncated


async def test_wire_bytes_are_capped_too() -> None:
    # A non-bomb that still sends more raw bytes than allowed: stopped on the wire count.
    headers = {"Content-Type": "application/pdf"}
    chunks = iter([b"%PDF" + b"x" * (64 * 1024)] * 64)
    async with serve(streaming(chunks, headers)) as base:
        result = await fetch(base, max_response_bytes=10 * MIB, max_wire_bytes=256 * 1024)
    assert result.failure().code == ErrorCode.TOO_LARGE  # type: ignore[attr-defined]


async def test_declared_content_length_over_the_cap_is_refused_before_reading() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\n"
            b"Content-Length: 104857600\r\n\r\n%PDF"
        )
        await writer.drain()
        await asyncio.sleep(30)  # never sends the rest

    async with raw_server(handler) as base:
        started = time.monotonic()
        result = await fetch(base, max_response_bytes=MIB)
    assert result.failure().code == ErrorCode.TOO_LARGE  # type: ignore[attr-defined]
    assert time.monotonic() - started < 2


async def test_content_length_shorter_than_the_body_never_yields_more_than_declared() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n")
        writer.write(b"hello" + b"x" * MIB)
        await writer.drain()

    async with raw_server(handler) as base:
        result = await fetch(base)
    # aiohttp reads the surplus as a (malformed) next response; either outcome is safe.
    if is_successful(result):  # type: ignore[arg-type]
        assert result.unwrap().body == b"hello"  # type: ignore[attr-defined]
    else:
        error = result.failure()  # type: ignore[attr-defined]
        assert error.code == ErrorCode.NETWORK_ERROR
        assert "xxx" not in error.message  # server bytes never reach the message


async def test_content_length_longer_than_the_body_is_a_network_error() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n")
        writer.write(b"only ten!!")
        await writer.drain()
        writer.close()

    async with raw_server(handler) as base:
        result = await fetch(base, retries=0)
    assert result.failure().code == ErrorCode.NETWORK_ERROR  # type: ignore[attr-defined]


async def test_one_mebibyte_header_is_refused_quickly() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\nX-Big: " + b"a" * MIB + b"\r\n\r\nbody")
        await writer.drain()

    async with raw_server(handler) as base:
        started = time.monotonic()
        result = await fetch(base, retries=0)
    assert result.failure().code == ErrorCode.NETWORK_ERROR  # type: ignore[attr-defined]
    assert time.monotonic() - started < 3


async def test_one_mebibyte_of_many_headers_is_refused() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        lines = b"".join(b"X-H%d: %s\r\n" % (i, b"v" * 100) for i in range(MIB // 108))
        writer.write(b"HTTP/1.1 200 OK\r\n" + lines + b"\r\nbody")
        await writer.drain()

    async with raw_server(handler) as base:
        result = await fetch(base, retries=0)
    assert result.failure().code == ErrorCode.NETWORK_ERROR  # type: ignore[attr-defined]


async def test_slowloris_body_hits_the_total_timeout() -> None:
    async def handler(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/html"})
        await response.prepare(request)
        with contextlib.suppress(ConnectionError, RuntimeError):
            for _ in range(120):
                await response.write(b"a")
                await asyncio.sleep(0.5)
        return response

    app = web.Application()
    app.router.add_get("/", handler)
    async with serve(app) as base:
        started = time.monotonic()
        result = await fetch(base, timeout_s=1.5, read_timeout_s=1.0)
    error = result.failure()  # type: ignore[attr-defined]
    assert error.code == ErrorCode.TIMEOUT
    assert 1.4 < time.monotonic() - started < 3


async def test_slowloris_headers_hit_the_total_timeout() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
        for _ in range(120):
            writer.write(b"a")
            await writer.drain()
            await asyncio.sleep(0.5)

    async with raw_server(handler) as base:
        started = time.monotonic()
        result = await fetch(base, timeout_s=1.5, read_timeout_s=1.0)
    assert result.failure().code == ErrorCode.TIMEOUT  # type: ignore[attr-defined]
    assert time.monotonic() - started < 3


async def test_silence_between_reads_hits_the_read_timeout() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(
            b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nab"
        )
        await writer.drain()
        await asyncio.sleep(30)

    async with raw_server(handler) as base:
        started = time.monotonic()
        result = await fetch(base, timeout_s=10.0, read_timeout_s=0.5, retries=0)
    assert result.failure().code == ErrorCode.TIMEOUT  # type: ignore[attr-defined]
    assert time.monotonic() - started < 3


async def test_binary_bytes_labelled_html_are_returned_as_bytes() -> None:
    payload = bytes(range(256)) * 16
    async with serve(streaming(iter([payload]), {"Content-Type": "text/html"})) as base:
        result = await fetch(base)
    response = result.unwrap()  # type: ignore[attr-defined]
    assert response.body == payload
    assert response.content_type == "text/html"


async def test_missing_content_type_is_an_empty_string() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        await writer.drain()

    async with raw_server(handler) as base:
        result = await fetch(base)
    assert is_successful(result)  # type: ignore[arg-type]
    assert result.unwrap().content_type == ""  # type: ignore[attr-defined]


async def test_corrupt_gzip_is_a_network_error_and_unknown_encoding_unsupported() -> None:
    bad = streaming(
        iter([b"not gzip at all"]), {"Content-Type": "text/html", "Content-Encoding": "gzip"}
    )
    async with serve(bad) as base:
        result = await fetch(base)
    assert result.failure().code == ErrorCode.NETWORK_ERROR  # type: ignore[attr-defined]
    odd = streaming(iter([b"(zstd)"]), {"Content-Type": "text/html", "Content-Encoding": "zstd"})
    async with serve(odd) as base:
        result = await fetch(base)
    assert result.failure().code == ErrorCode.UNSUPPORTED_CONTENT  # type: ignore[attr-defined]
