"""Bodies with a declared Content-Length: the one-read path stays within the caps."""

from __future__ import annotations

from returns.pipeline import is_successful

from tests.http.fakes_http import settings
from tests.http.rawserver import Handler, raw_server, replying
from webdistill.adapters.http.body import CHUNK
from webdistill.adapters.http.client import GuardedClient
from webdistill.kernel.errors import ErrorCode

KIB = 1 << 10


def head(length: int, content_type: str = "text/plain", extra: bytes = b"") -> bytes:
    return (
        b"HTTP/1.1 200 OK\r\nContent-Type: " + content_type.encode() + b"\r\n"
        b"Content-Length: " + str(length).encode() + b"\r\n" + extra + b"\r\n"
    )


def lingering(response_head: bytes, pieces: list[bytes], pause: float = 0.0) -> Handler:
    """`replying`, keeping the connection open 0.2 s after the last piece."""
    return replying(response_head, pieces, pause, linger=0.2)


async def fetch(base_url: str, **changes: object) -> object:
    async with GuardedClient(settings(**changes)) as client:
        return await client.get(base_url + "/")


async def test_a_body_of_exactly_the_cap_arriving_in_pieces_is_whole() -> None:
    body = bytes(range(256)) * 256  # 64 KiB
    pieces = [body[i : i + 5000] for i in range(0, len(body), 5000)]
    async with raw_server(lingering(head(len(body)), pieces, pause=0.001)) as base:
        result = await fetch(base, max_response_bytes=len(body))
    response = result.unwrap()  # type: ignore[attr-defined]
    assert response.body == body and not response.truncated


async def test_an_empty_declared_body_is_empty() -> None:
    async with raw_server(lingering(head(0), [])) as base:
        result = await fetch(base)
    response = result.unwrap()  # type: ignore[attr-defined]
    assert response.body == b"" and not response.truncated


async def test_a_declared_length_over_the_wire_cap_is_streamed_and_cut() -> None:
    body = b"a" * (512 * KIB)
    async with raw_server(lingering(head(len(body)), [body])) as base:
        result = await fetch(base, max_response_bytes=1024 * KIB, max_wire_bytes=64 * KIB)
    response = result.unwrap()  # type: ignore[attr-defined]
    assert response.truncated
    assert 0 < len(response.body) <= 64 * KIB + CHUNK


async def test_a_declared_length_over_the_cap_is_cut_at_the_cap() -> None:
    body = b"b" * (300 * KIB)
    async with raw_server(lingering(head(len(body)), [body])) as base:
        result = await fetch(base, max_response_bytes=100 * KIB)
    response = result.unwrap()  # type: ignore[attr-defined]
    assert response.truncated and response.body == b"b" * (100 * KIB)


async def test_a_binary_declared_over_the_wire_cap_is_refused() -> None:
    body = b"%PDF" + b"x" * (200 * KIB)
    async with raw_server(lingering(head(len(body), "application/pdf"), [body])) as base:
        result = await fetch(base, max_response_bytes=1024 * KIB, max_wire_bytes=64 * KIB)
    assert result.failure().code == ErrorCode.TOO_LARGE  # type: ignore[attr-defined]


async def test_a_labelled_identity_encoding_is_read_whole() -> None:
    body = b"identity body"
    reply = lingering(head(len(body), extra=b"Content-Encoding: identity\r\n"), [body])
    async with raw_server(reply) as base:
        result = await fetch(base)
    assert result.unwrap().body == body  # type: ignore[attr-defined]


async def test_a_non_ascii_content_length_is_not_trusted() -> None:
    reply = lingering(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
        + "Content-Length: \u0665\r\n\r\n".encode()
        + b"hello",
        [],
    )
    async with raw_server(reply) as base:
        result = await fetch(base, retries=0)
    # aiohttp refuses the header; whatever the outcome, nothing but the bytes sent.
    if is_successful(result):  # type: ignore[arg-type]
        assert result.unwrap().body in (b"hello", b"")  # type: ignore[attr-defined]
    else:
        assert result.failure().code == ErrorCode.NETWORK_ERROR  # type: ignore[attr-defined]
