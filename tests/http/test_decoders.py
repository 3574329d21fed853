"""Bounded decoders and Retry-After parsing, without a network."""

from __future__ import annotations

import datetime as dt
import gzip
import zlib

import brotli  # type: ignore[import-untyped]
import pytest

from tests.http.bombs import BLOCK, brotli_bomb, gzip_bomb
from webdistill.adapters.http.body import is_truncatable
from webdistill.adapters.http.decoders import DecodeError, decoder_for
from webdistill.adapters.http.retry import parse_retry_after, retry_delay

TEXT = b"The quick brown fox jumps over the lazy dog. " * 5000


def run(encoding: str, data: bytes, budget: int, piece: int = 1000) -> bytes:
    decoder = decoder_for(encoding)
    assert decoder is not None
    out = bytearray()
    for i in range(0, len(data), piece):
        for chunk in decoder.feed(data[i : i + piece], budget - len(out)):
            assert len(chunk) <= 256 * 1024
            out += chunk
    return bytes(out)


@pytest.mark.parametrize(
    ("encoding", "compressed"),
    [
        ("gzip", gzip.compress(TEXT)),
        ("x-gzip", gzip.compress(TEXT)),
        ("gzip", gzip.compress(TEXT[:1000]) + gzip.compress(TEXT[1000:])),  # two members
        ("deflate", zlib.compress(TEXT)),
        ("deflate", zlib.compress(TEXT)[2:-4]),  # raw deflate, as some servers send it
        ("br", brotli.compress(TEXT)),
        ("gzip, br", brotli.compress(gzip.compress(TEXT))),
        ("identity", TEXT),
        ("", TEXT),
    ],
)
def test_decoders_round_trip_and_respect_the_budget(encoding: str, compressed: bytes) -> None:
    assert run(encoding, compressed, len(TEXT) + 1) == TEXT
    assert run(encoding, compressed, 1234) == TEXT[:1234]


@pytest.mark.parametrize("bomb", [gzip_bomb, brotli_bomb])
def test_bombs_yield_no_more_than_the_budget(bomb: object) -> None:
    stream = b"".join(bomb(64 * BLOCK))  # type: ignore[operator]
    encoding = "gzip" if bomb is gzip_bomb else "br"
    assert len(run(encoding, stream, 3 * BLOCK, piece=65536)) == 3 * BLOCK


def test_unknown_encodings_and_corrupt_bodies() -> None:
    assert decoder_for("zstd") is None
    assert decoder_for("gzip, compress") is None
    with pytest.raises(DecodeError):
        run("gzip", b"definitely not gzip", 100)
    with pytest.raises(DecodeError):
        run("br", b"\xff" * 50, 100)


@pytest.mark.parametrize(
    ("content_type", "expected"),
    [("text/html; charset=utf-8", True), ("", True), ("application/json", True),
     ("application/atom+xml", True), ("application/pdf", False), ("image/png", False),
     ("application/octet-stream", False)],
)  # fmt: skip
def test_truncatable_types(content_type: str, expected: bool) -> None:
    assert is_truncatable(content_type) == expected


def test_retry_after_parsing_and_delays() -> None:
    now = dt.datetime(2026, 1, 1, 12, 0, 0, tzinfo=dt.UTC)
    assert parse_retry_after("7") == 7.0
    assert parse_retry_after("Thu, 01 Jan 2026 12:00:30 GMT", now=now) == 30.0
    assert parse_retry_after("Thu, 01 Jan 2026 11:00:00 GMT", now=now) == 0.0
    assert parse_retry_after("soon") is None
    assert parse_retry_after(None) is None
    assert retry_delay(0, 2.0, cap=5.0) == 2.0
    assert retry_delay(0, 60.0, cap=5.0) is None
    assert retry_delay(1, None, cap=5.0) == 0.5
    assert retry_delay(10, None, cap=5.0) == 5.0
