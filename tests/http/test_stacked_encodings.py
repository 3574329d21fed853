"""One byte budget across stacked Content-Encodings (a hostile server on 127.0.0.1).

`Content-Encoding: gzip, gzip` once gave each stage the whole cap for every piece it received,
so a 34 KB body became hundreds of megabytes. The cap is on the final decoded bytes, whatever
the chain; more than two codings are refused; a chain's intermediate stages are bounded too.
"""

from __future__ import annotations

import gzip
import random

from aiohttp import web

from tests.http.bombs import GIB, stacked_gzip
from tests.http.fakes_http import settings
from tests.servers import serve
from webdistill.adapters.http.client import GuardedClient
from webdistill.adapters.http.decoders import decoder_for
from webdistill.kernel.errors import ErrorCode

MIB = 1 << 20


def answering(body: bytes, headers: dict[str, str]) -> web.Application:
    async def handler(request: web.Request) -> web.Response:
        return web.Response(body=body, headers=headers)

    app = web.Application()
    app.router.add_get("/", handler)
    return app


async def test_double_gzip_bomb_is_cut_at_the_one_cap() -> None:
    body = stacked_gzip(GIB // 4, layers=2)
    assert len(body) < 300 * 1024
    headers = {"Content-Type": "text/html", "Content-Encoding": "gzip, gzip"}
    app = answering(body, headers)
    async with serve(app) as base, GuardedClient(settings(max_response_bytes=2 * MIB)) as client:
        result = await client.get(base + "/")
    response = result.unwrap()
    assert response.truncated
    assert len(response.body) == 2 * MIB


async def test_double_gzip_of_a_binary_type_is_too_large() -> None:
    body = stacked_gzip(64 * MIB, layers=2)
    headers = {"Content-Type": "application/zip", "Content-Encoding": "gzip, gzip"}
    app = answering(body, headers)
    async with serve(app) as base, GuardedClient(settings(max_response_bytes=MIB)) as client:
        result = await client.get(base + "/")
    assert result.failure().code is ErrorCode.TOO_LARGE


async def test_three_stacked_codings_are_refused_naming_the_guard() -> None:
    body = stacked_gzip(16 * MIB, layers=3)
    headers = {"Content-Type": "text/html", "Content-Encoding": "gzip, gzip, gzip"}
    app = answering(body, headers)
    async with serve(app) as base, GuardedClient(settings()) as client:
        result = await client.get(base + "/")
    error = result.failure()
    assert error.code is ErrorCode.UNSUPPORTED_CONTENT
    assert "stacks 3 content codings" in error.message


async def test_an_honest_double_gzip_is_read_whole() -> None:
    text = b"<p>twice compressed by a confused proxy</p>" * 100
    headers = {"Content-Type": "text/html", "Content-Encoding": "gzip, gzip"}
    app = answering(gzip.compress(gzip.compress(text)), headers)
    async with serve(app) as base, GuardedClient(settings()) as client:
        response = (await client.get(base + "/")).unwrap()
    assert response.body == text and not response.truncated


def test_a_chain_never_yields_more_than_its_budget_over_many_feeds() -> None:
    decoder = decoder_for("gzip, gzip", limit=MIB + 1)
    assert decoder is not None
    out = 0
    body = stacked_gzip(GIB // 8, layers=2)
    for piece in [body[i : i + 4096] for i in range(0, len(body), 4096)]:
        for chunk in decoder.feed(piece, MIB + 1 - out):
            out += len(chunk)
        assert out <= MIB + 1
    assert out == MIB + 1


def test_garbage_after_an_inner_stream_is_not_decoded_without_end() -> None:
    # gzip wraps a deflate stream followed by 8 MiB of zeros: the deflate stage ignores what
    # follows its end, and the gzip stage is bounded by the limit while it is discarded.
    import zlib

    wrapped = gzip.compress(zlib.compress(b"hello") + bytes(8 * MIB))
    decoder = decoder_for("deflate, gzip", limit=MIB)
    assert decoder is not None
    assert b"".join(decoder.feed(wrapped, MIB)) == b"hello"


async def test_incompressible_double_gzip_at_the_cap_is_whole_and_not_truncated() -> None:
    text = random.Random(3).randbytes(64 * 1024)
    headers = {"Content-Type": "text/plain", "Content-Encoding": "gzip, gzip"}
    app = answering(gzip.compress(gzip.compress(text, compresslevel=0)), headers)
    limits = settings(max_response_bytes=len(text))
    async with serve(app) as base, GuardedClient(limits) as client:
        response = (await client.get(base + "/")).unwrap()
    assert response.body == text and not response.truncated


async def test_an_inner_stream_of_empty_blocks_is_reported_truncated_not_whole() -> None:
    # 10 MB of empty deflate blocks gzip down to ~15 KB and decode to nothing: the chain stops
    # at the intermediate allowance, and the page says it was cut rather than "empty, whole"
    inner = b"\x00\x00\x00\xff\xff" * (2 * MIB) + b"\x03\x00"
    headers = {"Content-Type": "text/plain", "Content-Encoding": "deflate, gzip"}
    app = answering(gzip.compress(inner), headers)
    async with serve(app) as base, GuardedClient(settings(max_response_bytes=MIB)) as client:
        response = (await client.get(base + "/")).unwrap()
    assert response.truncated and response.body == b""
