"""Every path of the body reader pinned on its exact result (`Body(data, truncated,
wire_bytes)` or the exact refusal): the one-read path for a declared length, bytes that follow
the declared length, a body with no room for one (204), decoded bytes arriving over several
reads, a missing Content-Type, the stacked-coding allowance at its boundary, and the wording
and detail of each refusal. `read_body` reads real aiohttp responses from raw servers on
127.0.0.1 (aiohttp's own decompression off, as in the client)."""

from __future__ import annotations

import gzip
import zlib
from typing import Any

import aiohttp
import pytest
from returns.pipeline import is_successful

from tests.http.fakes_http import settings
from tests.http.rawserver import raw_server, replying
from webdistill.adapters.http.body import Body, declared_length, declared_too_large, read_body
from webdistill.adapters.http.decoders import intermediate_allowance
from webdistill.adapters.http.errors import shown
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import WEB_TEXT

KIB = 1024


def response_head(status: str = "200 OK", **headers: str) -> bytes:
    lines = [f"HTTP/1.1 {status}"] + [f"{k.replace('_', '-')}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


async def read(
    handler: Any, path: str = "/", declared: object = ..., **limits: object
) -> tuple[str, Body | WebError]:
    """(url, what read_body made of the response) with the client's settings `limits`."""
    async with raw_server(handler) as base, aiohttp.ClientSession(auto_decompress=False) as s:
        url = base + path
        async with s.get(url) as resp:
            length = declared_length(resp) if declared is ... else declared
            result = await read_body(resp, settings(**limits), url, length)  # type: ignore[arg-type]
    return url, result.unwrap() if is_successful(result) else result.failure()


def assert_body(got: object, data: bytes, *, truncated: bool, wire_bytes: int) -> None:
    """`got` is exactly that Body (compared without pytest's byte-by-byte diff, which takes
    minutes on bodies this size when a mutant makes it fail)."""
    assert isinstance(got, Body), got
    assert (got.truncated, got.wire_bytes, len(got.data)) == (truncated, wire_bytes, len(data))
    if got.data != data:
        pytest.fail("the body differs from the expected bytes")


# --- the one-read path and what follows it ----------------------------------------------------


async def test_a_declared_body_is_read_in_one_go_counting_its_wire_bytes() -> None:
    body = bytes(range(256)) * 4
    _, got = await read(replying(response_head(Content_Length=str(len(body))), [body]))
    assert_body(got, body, truncated=False, wire_bytes=len(body))


async def test_a_response_that_cannot_have_a_body_is_empty_whatever_its_length_says() -> None:
    # A 204 declaring Content-Length: 5 has no body (RFC 9110): the read ends at once.
    _, got = await read(replying(response_head("204 No Content", Content_Length="5"), []))
    assert_body(got, b"", truncated=False, wire_bytes=0)


async def test_bytes_after_the_declared_length_are_still_read_and_counted() -> None:
    body = b"a" * 100
    handler = replying(response_head(Content_Length="100"), [body])
    _, got = await read(handler, declared=10)
    assert_body(got, body, truncated=False, wire_bytes=100)
    _, got = await read(handler, declared=10, max_response_bytes=50)
    assert_body(got, body[:50], truncated=True, wire_bytes=100)


# --- streamed bodies ----------------------------------------------------------------------------


async def test_a_streamed_body_counts_its_compressed_bytes_on_the_wire() -> None:
    text = b"The quick brown fox. " * 500
    data = gzip.compress(text)
    head = response_head(Content_Type="text/plain", Content_Encoding="gzip")
    _, got = await read(replying(head, [data]))
    assert_body(got, text, truncated=False, wire_bytes=len(data))


async def test_a_body_decoded_over_several_reads_is_cut_at_exactly_the_cap() -> None:
    # 100 KiB come out of the first read, then a burst that decodes to 10 MiB: each read may
    # only decode what is left of the cap, so the cut lands exactly on it.
    cap = 300 * KIB
    stream = zlib.compressobj(wbits=31)
    first = stream.compress(b"\0" * (100 * KIB)) + stream.flush(zlib.Z_SYNC_FLUSH)
    rest = stream.compress(b"\0" * (10 * 1024 * KIB)) + stream.flush()
    head = response_head(Content_Type="text/plain", Content_Encoding="gzip")
    _, got = await read(replying(head, [first, rest], pause=0.1), max_response_bytes=cap)
    assert_body(got, b"\0" * cap, truncated=True, wire_bytes=len(first) + len(rest))


async def test_the_cut_lands_on_the_cap_when_the_byte_past_it_ends_a_gzip_member() -> None:
    # Two gzip members (a concatenated .gz): the first decodes to the cap plus one byte. The
    # decoder is asked for at most cap + 1 bytes, so nothing of the second member comes out.
    cap = 1000
    data = gzip.compress(b"a" * (cap + 1)) + gzip.compress(b"b" * 10)
    head = response_head(Content_Type="text/plain", Content_Encoding="gzip")
    _, got = await read(replying(head, [data]), max_response_bytes=cap)
    assert_body(got, b"a" * cap, truncated=True, wire_bytes=len(data))


async def test_a_body_without_a_content_type_over_the_cap_is_cut_not_refused() -> None:
    body = bytes(range(256)) * 8  # 2048 bytes
    declared = response_head(Content_Length=str(len(body)))
    _, got = await read(replying(declared, [body]), max_response_bytes=1000)
    assert_body(got, body[:1000], truncated=True, wire_bytes=len(body))
    _, got = await read(replying(response_head(), [body]), max_response_bytes=1000)
    assert_body(got, body[:1000], truncated=True, wire_bytes=len(body))


async def test_a_missing_content_type_never_refuses_a_declared_length_early() -> None:
    handler = replying(response_head(Content_Length="5000"), [b"x" * 5000])
    async with (
        raw_server(handler) as base,
        aiohttp.ClientSession(auto_decompress=False) as session,
        session.get(base + "/") as resp,
    ):
        assert declared_too_large(resp, settings(max_response_bytes=1000), base, 5000) is None


# --- the stacked-coding allowance at its boundary ------------------------------------------------

CAP = 1004  # 2 * (CAP + 1) + 64 KiB + 1 - 2 is a multiple of 5 (one empty stored block)


def empty_blocks(length: int) -> bytes:
    """A raw deflate stream of `length` bytes that decodes to nothing (empty stored blocks)."""
    assert (length - 2) % 5 == 0
    return b"\x00\x00\x00\xff\xff" * ((length - 2) // 5) + b"\x03\x00"


async def test_the_inner_stream_may_run_to_the_allowance_of_the_cap_plus_one() -> None:
    allowance = intermediate_allowance(CAP + 1)  # read_body decodes up to cap + 1 bytes
    head = response_head(Content_Type="text/plain", Content_Encoding="deflate, gzip")
    within = gzip.compress(empty_blocks(allowance - 4))
    _, got = await read(replying(head, [within]), max_response_bytes=CAP)
    assert_body(got, b"", truncated=False, wire_bytes=len(within))
    beyond = gzip.compress(empty_blocks(allowance + 1))
    _, got = await read(replying(head, [beyond]), max_response_bytes=CAP)
    assert_body(got, b"", truncated=True, wire_bytes=len(beyond))


# --- refusals, word for word ------------------------------------------------------------------


async def test_three_known_codings_are_refused_as_a_bomb_guard() -> None:
    head = response_head(Content_Type="text/plain", Content_Encoding="gzip, br, deflate")
    url, error = await read(replying(head, [b"abc"]))
    assert isinstance(error, WebError)
    assert error.code == ErrorCode.UNSUPPORTED_CONTENT
    assert error.message == (
        f"The response from {shown(url)} stacks 3 content codings (at most 2 are decoded, a "
        "decompression-bomb guard); it cannot be read. Use another source."
    )
    assert dict(error.detail) == {"url": url, "content_encoding": "gzip, br, deflate"}


async def test_an_unknown_coding_among_three_is_named_as_unsupported() -> None:
    head = response_head(Content_Type="text/plain", Content_Encoding="gzip, gzip, zstd")
    url, error = await read(replying(head, [b"abc"]))
    assert isinstance(error, WebError)
    assert error.message == (
        f"The response from {shown(url)} uses an unknown content coding; "
        "it cannot be read. Use another source."
    )
    assert error.detail["web_text"] == "Content-Encoding: gzip, gzip, zstd"


async def test_an_unsupported_coding_is_quoted_up_to_40_characters_and_the_url_to_400() -> None:
    exactly = "zstd-" + "x" * 35
    path = "/" + "p" * 450
    head = response_head(Content_Type="text/plain", Content_Encoding=exactly)
    url, error = await read(replying(head, [b"abc"]), path=path)
    assert isinstance(error, WebError)
    assert error.message == (
        f"The response from {shown(url)} uses an unknown content coding; "
        "it cannot be read. Use another source."
    )
    assert error.detail["content_encoding"] == exactly
    longer = exactly + "y"
    head = response_head(Content_Type="text/plain", Content_Encoding=longer)
    url, error = await read(replying(head, [b"abc"]))
    assert isinstance(error, WebError)
    assert exactly[:39] not in error.message
    assert error.detail["content_encoding"] == exactly[:39] + "\u2026"


async def test_a_corrupt_body_is_a_network_error_naming_the_url() -> None:
    head = response_head(Content_Type="text/plain", Content_Encoding="gzip")
    url, error = await read(replying(head, [b"\x1f\x8bnot gzip"]))
    assert isinstance(error, WebError)
    assert error.code == ErrorCode.NETWORK_ERROR
    assert error.message == (
        f"The body from {shown(url)} could not be decompressed (invalid compressed body); "
        "try again later."
    )
    # zlib's complaint is not our text: it is shown only fenced (WEB_TEXT).
    assert dict(error.detail) == {
        "url": url,
        WEB_TEXT: "decompressor: Error -3 while decompressing data: unknown compression method",
    }


async def test_a_binary_over_the_cap_is_too_large_naming_url_limit_and_wire_bytes() -> None:
    body = bytes(range(256)) * 8
    head = response_head(Content_Type="application/pdf")
    url, error = await read(replying(head, [body]), max_response_bytes=1000)
    assert isinstance(error, WebError)
    assert error.code == ErrorCode.TOO_LARGE
    assert error.message == (
        f"The response from {shown(url)} is larger than the 1000-byte limit and cannot be "
        "truncated usefully; try a smaller resource or another source."
    )
    assert dict(error.detail) == {"max_bytes": "1000", "url": url, "wire_bytes": str(len(body))}
