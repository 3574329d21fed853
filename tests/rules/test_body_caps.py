"""The body reader's caps at their exact boundaries, which types may be cut, and what the
refusals say. Bodies come from raw asyncio servers on 127.0.0.1."""

from __future__ import annotations

import asyncio
import gzip

import pytest

from tests.http.fakes_http import settings
from tests.http.rawserver import raw_server, read_request
from webdistill.adapters.http.body import (
    declared_length,
    declared_too_large,
    is_truncatable,
    media_type,
    too_large,
)
from webdistill.adapters.http.client import GuardedClient, HttpResponse
from webdistill.adapters.http.settings import HttpSettings
from webdistill.kernel.errors import ErrorCode, WebError

KIB = 1024


class Headers:
    """Just the part of a response `declared_length` and `declared_too_large` read."""

    def __init__(self, **headers: str) -> None:
        self.headers = {k.replace("_", "-"): v for k, v in headers.items()}


@pytest.mark.parametrize(
    ("header", "kind"),
    [("Text/HTML; charset=UTF-8", "text/html"), ("  application/JSON ", "application/json"),
     ("", ""), (";charset=utf-8", ""), ("image/png;x=1;y=2", "image/png")],
)  # fmt: skip
def test_media_type_is_the_lowercase_type_before_parameters(header: str, kind: str) -> None:
    assert media_type(header) == kind


@pytest.mark.parametrize(
    "header",
    [
        "", "text/plain", "text/csv; charset=latin-1", "TEXT/HTML", "application/xhtml+xml",
        "application/xml", "application/json", "application/ld+json", "application/javascript",
        "application/rss+xml", "application/atom+xml", "application/x-ndjson",
        "image/svg+xml", "application/vnd.api+json", "Application/Problem+JSON",
    ],
)  # fmt: skip
def test_text_types_may_be_cut(header: str) -> None:
    assert is_truncatable(header)


@pytest.mark.parametrize(
    "header",
    ["application/pdf", "image/png", "application/octet-stream", "application/zip",
     "application/xml-dtd", "application/jsonp", "video/mp4", "xtext/plain",
     "application/x-json+zip"],
)  # fmt: skip
def test_other_types_may_not(header: str) -> None:
    assert not is_truncatable(header)


@pytest.mark.parametrize(
    ("value", "length"),
    [("0", 0), ("123", 123), (" 42 ", 42), ("", None), ("-1", None), ("+5", None),
     ("1e3", None), ("12 3", None), ("\u0661\u0662", None), ("0x10", None)],
)  # fmt: skip
def test_declared_length_is_a_plain_decimal_or_nothing(value: str, length: int | None) -> None:
    assert declared_length(Headers(Content_Length=value)) == length  # type: ignore[arg-type]


def test_a_missing_content_length_declares_nothing() -> None:
    assert declared_length(Headers()) is None  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("max_bytes", "max_wire", "declared", "refused"),
    [
        (1000, None, None, False),
        (1000, None, 1000, False),
        (1000, None, 1001, True),
        (1000, 500, 500, False),  # the smaller of the two caps counts
        (1000, 500, 501, True),
        (1000, 2000, 1001, True),
    ],
)
def test_a_declared_length_over_the_smaller_cap_refuses_a_binary(
    max_bytes: int, max_wire: int | None, declared: int | None, refused: bool
) -> None:
    config = HttpSettings(max_response_bytes=max_bytes, max_wire_bytes=max_wire)
    binary = Headers(Content_Type="application/pdf")
    error = declared_too_large(binary, config, "https://a.example/f.pdf", declared)  # type: ignore[arg-type]
    if not refused:
        assert error is None
        return
    assert error is not None
    assert error.code == ErrorCode.TOO_LARGE
    assert dict(error.detail) == {
        "max_bytes": str(max_bytes),
        "url": "https://a.example/f.pdf",
        "declared_length": str(declared),
    }
    text = Headers(Content_Type="text/html")
    assert declared_too_large(text, config, "https://a.example/", declared) is None  # type: ignore[arg-type]


def test_the_too_large_message_names_url_and_limit() -> None:
    error = too_large("https://a.example/big.zip", 5000, wire_bytes=7)
    assert error.code == ErrorCode.TOO_LARGE
    # the URL by its site only (issue 26: a path may be a redirecting server's words)
    assert error.message == (
        "The response from https://a.example is larger than the 5000-byte limit and "
        "cannot be truncated usefully; try a smaller resource or another source."
    )
    assert dict(error.detail) == {
        "max_bytes": "5000",
        "url": "https://a.example/big.zip",
        "wire_bytes": "7",
    }


# --- through the client ----------------------------------------------------------------------


def serving(head: bytes, body: bytes, *, close: bool = False):  # type: ignore[no-untyped-def]
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_request(reader)
        writer.write(head + b"\r\n")
        for i in range(0, len(body), 7 * KIB):
            writer.write(body[i : i + 7 * KIB])
            await writer.drain()
        if close:
            writer.close()
            return
        await asyncio.sleep(0.2)

    return handler


def header(content_type: str, *, length: int | None = None, encoding: str = "") -> bytes:
    lines = [b"HTTP/1.1 200 OK", b"Content-Type: " + content_type.encode()]
    if length is not None:
        lines.append(b"Content-Length: " + str(length).encode())
    else:
        lines.append(b"Connection: close")
    if encoding:
        lines.append(b"Content-Encoding: " + encoding.encode())
    return b"\r\n".join(lines) + b"\r\n"


async def get(handler, **changes: object) -> HttpResponse | WebError:  # type: ignore[no-untyped-def]
    async with raw_server(handler) as base, GuardedClient(settings(retries=0, **changes)) as client:
        result = await client.get(base + "/")
    value: HttpResponse | WebError = result.value_or(None) or result.failure()  # type: ignore[assignment]
    return value


BODY = bytes(range(256)) * 200  # 51200 bytes


@pytest.mark.parametrize("declared", [True, False])
@pytest.mark.parametrize("encoding", ["", "gzip"])
async def test_a_body_of_exactly_the_cap_is_whole(declared: bool, encoding: str) -> None:
    data = gzip.compress(BODY) if encoding else BODY
    head = header("text/plain", length=len(data) if declared else None, encoding=encoding)
    response = await get(serving(head, data, close=not declared), max_response_bytes=len(BODY))
    assert isinstance(response, HttpResponse)
    assert (response.body, response.truncated) == (BODY, False)


@pytest.mark.parametrize("declared", [True, False])
@pytest.mark.parametrize("encoding", ["", "gzip"])
async def test_one_byte_over_the_cap_is_cut_at_the_cap_for_text(
    declared: bool, encoding: str
) -> None:
    data = gzip.compress(BODY) if encoding else BODY
    head = header("text/plain", length=len(data) if declared else None, encoding=encoding)
    response = await get(serving(head, data, close=not declared), max_response_bytes=len(BODY) - 1)
    assert isinstance(response, HttpResponse)
    assert (response.body, response.truncated) == (BODY[:-1], True)


@pytest.mark.parametrize("encoding", ["", "gzip"])
async def test_one_byte_over_the_cap_is_too_large_for_a_binary(encoding: str) -> None:
    data = gzip.compress(BODY) if encoding else BODY
    head = header("application/octet-stream", encoding=encoding)
    error = await get(serving(head, data, close=True), max_response_bytes=len(BODY) - 1)
    assert isinstance(error, WebError)
    assert error.code == ErrorCode.TOO_LARGE
    assert error.detail["max_bytes"] == str(len(BODY) - 1)
    assert 0 < int(error.detail["wire_bytes"]) <= len(data)


async def test_the_wire_cap_stops_a_body_under_the_size_cap() -> None:
    noise = bytes((i * 7919) % 251 for i in range(400 * KIB))
    response = await get(
        serving(header("text/plain"), noise, close=True),
        max_response_bytes=10 * len(noise),
        max_wire_bytes=20 * KIB,
    )
    assert isinstance(response, HttpResponse)
    assert response.truncated
    assert 20 * KIB < len(response.body) <= 20 * KIB + 64 * KIB  # stopped within one chunk
    assert response.body == noise[: len(response.body)]


async def test_a_wire_cap_exactly_the_body_size_reads_it_whole() -> None:
    head = header("text/plain")
    response = await get(serving(head, BODY, close=True), max_wire_bytes=len(BODY))
    assert isinstance(response, HttpResponse)
    assert (response.body, response.truncated) == (BODY, False)


async def test_an_unsupported_encoding_is_named_shortened() -> None:
    encoding = "zstd-" + "x" * 60
    error = await get(serving(header("text/plain", encoding=encoding), b"abc", close=True))
    assert isinstance(error, WebError)
    assert error.code == ErrorCode.UNSUPPORTED_CONTENT
    # #26: the server's header is described in the message, quoted only in the fenced detail.
    assert "an unknown content coding" in error.message
    assert encoding[:10] not in error.message
    assert encoding[:30] in error.detail["web_text"]


@pytest.mark.parametrize(
    ("encoding", "supported"), [("gzip, gzip", True), ("gzip, gzip, gzip", False)]
)
async def test_at_most_two_stacked_codings_are_decoded(encoding: str, supported: bool) -> None:
    data = BODY
    for _ in encoding.split(","):
        data = gzip.compress(data)
    response = await get(serving(header("text/plain", encoding=encoding), data, close=True))
    if supported:
        assert isinstance(response, HttpResponse)
        assert response.body == BODY
    else:
        assert isinstance(response, WebError)
        assert response.code == ErrorCode.UNSUPPORTED_CONTENT


async def test_a_corrupt_gzip_body_is_a_network_error_saying_so() -> None:
    error = await get(
        serving(header("text/plain", encoding="gzip"), b"\x1f\x8bnot gzip", close=True)
    )
    assert isinstance(error, WebError)
    assert error.code == ErrorCode.NETWORK_ERROR
    assert "could not be decompressed" in error.message
