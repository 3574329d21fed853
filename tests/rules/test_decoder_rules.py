"""Content-Encoding decoders: which header values are understood, how deflate is told from
raw deflate, and that no call yields more than its budget."""

from __future__ import annotations

import gzip
import random
import zlib

import brotli  # type: ignore[import-untyped]
import pytest

from webdistill.adapters.http.decoders import (
    IDENTITY,
    BrotliDecoder,
    ChainDecoder,
    DecodeError,
    ZlibDecoder,
    decoder_for,
    intermediate_allowance,
)

TEXT = bytes(range(256)) * 64 + b"The quick brown fox jumps over the lazy dog. " * 400


def feed_all(encoding: str, data: bytes, budget: int, piece: int = 997) -> bytes:
    decoder = decoder_for(encoding)
    assert decoder is not None
    out = bytearray()
    for i in range(0, len(data), piece):
        for chunk in decoder.feed(data[i : i + piece], budget - len(out)):
            out += chunk
            assert len(out) <= budget
    return bytes(out)


@pytest.mark.parametrize("value", ["", "identity", " identity ", "IDENTITY", ",", " , identity,"])
def test_no_encoding_is_identity(value: str) -> None:
    assert decoder_for(value) is IDENTITY


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("gzip", ZlibDecoder),
        ("x-gzip", ZlibDecoder),
        ("GZip", ZlibDecoder),
        (" gzip ", ZlibDecoder),
        ("deflate", ZlibDecoder),
        ("br", BrotliDecoder),
        ("BR", BrotliDecoder),
        ("identity, gzip", ZlibDecoder),
        ("gzip, br", ChainDecoder),
        ("deflate,gzip", ChainDecoder),
    ],
)
def test_each_known_encoding_gets_its_decoder(value: str, kind: type) -> None:
    assert isinstance(decoder_for(value), kind)


@pytest.mark.parametrize(
    "value", ["zstd", "compress", "gzip, zstd", "zstd, gzip", "br;q=1", "x-br"]
)
def test_one_unknown_encoding_makes_the_whole_value_unsupported(value: str) -> None:
    assert decoder_for(value) is None


@pytest.mark.parametrize(
    ("value", "encode"),
    [
        ("gzip", gzip.compress),
        ("x-gzip", gzip.compress),
        ("deflate", zlib.compress),
        ("deflate", lambda b: zlib.compress(b)[2:-4]),  # raw deflate
        ("br", brotli.compress),
        ("gzip, br", lambda b: brotli.compress(gzip.compress(b))),
        ("br, deflate", lambda b: zlib.compress(brotli.compress(b))),
        ("deflate, identity, gzip, identity", lambda b: gzip.compress(zlib.compress(b))),
        ("gzip, gzip", lambda b: gzip.compress(gzip.compress(b))),
    ],
)
def test_stacked_encodings_are_undone_in_reverse_order(value: str, encode) -> None:  # type: ignore[no-untyped-def]
    assert feed_all(value, encode(TEXT), len(TEXT) + 10) == TEXT


# A stacked coding ("gzip, gzip") may deliver less than the budget: every stage's output is
# bounded by what is left of the final budget, and the inner stream is bigger than the text
# when the text does not compress (reported to the lead; issue 17's design, left alone here).
@pytest.mark.parametrize("budget", [0, 1, 1000, len(TEXT) - 1])
@pytest.mark.parametrize(
    ("value", "encode"),
    [
        ("gzip", gzip.compress),
        ("deflate", zlib.compress),
        ("br", brotli.compress),
        ("", bytes),
        ("gzip, gzip", lambda b: gzip.compress(gzip.compress(b))),
        ("gzip, br", lambda b: brotli.compress(gzip.compress(b))),
    ],
)
def test_no_more_than_the_budget_comes_out(value: str, encode, budget: int) -> None:  # type: ignore[no-untyped-def]
    out = feed_all(value, encode(TEXT), budget)
    assert TEXT.startswith(out)
    assert len(out) <= budget
    if "," not in value:  # one coding: exactly the budget (stacked ones: see the note below)
        assert out == TEXT[:budget]


def test_identity_yields_the_budget_and_nothing_for_empty_input() -> None:
    assert list(IDENTITY.feed(b"abcdef", 4)) == [b"abcd"]
    assert b"".join(IDENTITY.feed(b"abcdef", 0)) == b""
    assert list(IDENTITY.feed(b"", 10)) == []


def test_gzip_members_are_all_read() -> None:
    members = (
        gzip.compress(TEXT[:5000]) + gzip.compress(TEXT[5000:9000]) + gzip.compress(TEXT[9000:])
    )
    assert feed_all("gzip", members, len(TEXT) + 1) == TEXT
    assert feed_all("gzip", members, len(TEXT) + 1, piece=len(members)) == TEXT


def test_bytes_after_a_deflate_stream_are_ignored() -> None:
    assert feed_all("deflate", zlib.compress(TEXT) + b"trailing junk", len(TEXT) + 1) == TEXT


def test_bytes_after_a_brotli_stream_are_ignored() -> None:
    decoder = BrotliDecoder()
    data = brotli.compress(TEXT)
    assert b"".join(decoder.feed(data, len(TEXT) + 1)) == TEXT
    assert list(decoder.feed(b"more", 100)) == []


@pytest.mark.parametrize("split", [1, 2, 3])
def test_deflate_is_recognised_when_its_header_comes_in_pieces(split: int) -> None:
    # a zlib header is two bytes; a first read of one byte must wait for the second
    for data in (zlib.compress(TEXT), zlib.compress(TEXT)[2:-4]):
        decoder = ZlibDecoder(gzip=False)
        out = b"".join(decoder.feed(data[:split], 10**6)) + b"".join(
            decoder.feed(data[split:], 10**6)
        )
        assert out == TEXT


@pytest.mark.parametrize("level", [0, 1, 6, 9])
@pytest.mark.parametrize("wbits", [9, 12, 15])
def test_every_zlib_header_is_told_from_raw_deflate(level: int, wbits: int) -> None:
    compressor = zlib.compressobj(level, zlib.DEFLATED, wbits)
    wrapped = compressor.compress(TEXT) + compressor.flush()
    raw_compressor = zlib.compressobj(level, zlib.DEFLATED, -wbits)
    raw = raw_compressor.compress(TEXT) + raw_compressor.flush()
    assert feed_all("deflate", wrapped, len(TEXT) + 1) == TEXT
    assert feed_all("deflate", raw, len(TEXT) + 1) == TEXT


def test_a_budget_that_runs_out_keeps_the_rest_for_later() -> None:
    decoder = ZlibDecoder(gzip=True)
    data = gzip.compress(TEXT)
    first = b"".join(decoder.feed(data, 100))
    assert first == TEXT[:100]
    rest = b"".join(decoder.feed(b"", len(TEXT)))
    assert first + rest == TEXT


@pytest.mark.parametrize(
    ("value", "data", "message"),
    [
        ("gzip", b"\x1f\x8b\x08\x00garbage-garbage", "invalid compressed body"),
        ("deflate", b"\x78\x9c\xff\xff\xff\xff", "invalid compressed body"),
        ("br", b"\xff" * 40, "invalid brotli body"),
    ],
)
def test_a_corrupt_body_is_a_decode_error(value: str, data: bytes, message: str) -> None:
    with pytest.raises(DecodeError, match=message):
        feed_all(value, data, 10**6)


@pytest.mark.parametrize("limit", [1, 500, 5000])
def test_a_chain_gives_at_most_the_limit_in_all(limit: int) -> None:
    # gzip inside gzip: the final text is capped at `limit` over the whole body, however the
    # caller's budget is spread over the feeds
    inner = gzip.compress(TEXT, compresslevel=0)  # stored: inner bytes ~ text bytes
    decoder = decoder_for("gzip, gzip", limit)
    assert decoder is not None
    data = gzip.compress(inner)
    out = b"".join(
        b"".join(decoder.feed(data[i : i + 500], 10**9)) for i in range(0, len(data), 500)
    )
    assert out == TEXT[:limit]
    assert not decoder.cut


@pytest.mark.parametrize("extra", [-1, 0, 1])
def test_incompressible_text_at_the_cap_comes_through_whole(extra: int) -> None:
    # the inner stream of stored (incompressible) text is a little LONGER than the text: an
    # intermediate stage held to the final cap lost the text's last bytes and the body was
    # reported whole (issue 16 found it: 51 186 of 51 200 bytes)
    cap = 51_200
    text = random.Random(7).randbytes(cap + extra)
    data = gzip.compress(gzip.compress(text, compresslevel=0))
    decoder = decoder_for("gzip, gzip", cap + 1)
    assert decoder is not None
    out = b""
    for i in range(0, len(data), 65_536):
        out += b"".join(decoder.feed(data[i : i + 65_536], cap + 1 - len(out)))
    assert out == text[: cap + 1]
    assert not decoder.cut


def test_intermediate_stages_may_hand_on_twice_the_limit_and_a_margin() -> None:
    assert intermediate_allowance(0) == 64 * 1024
    assert intermediate_allowance(1000) == 2000 + 64 * 1024


def test_an_inner_stream_that_runs_past_its_allowance_is_cut_and_says_so() -> None:
    # a deflate stream of empty stored blocks decodes to nothing however long it is: the
    # outer stage stops at the allowance and the chain reports the output as cut short
    empty_blocks = b"\x00\x00\x00\xff\xff" * 40_000 + b"\x03\x00"  # 200 KB, then the end
    decoder = decoder_for("deflate, gzip", 1000)
    assert decoder is not None
    assert b"".join(decoder.feed(gzip.compress(empty_blocks), 10**9)) == b""
    assert decoder.cut
    within = decoder_for("deflate, gzip", 100_000)  # allowance 264 KB: the whole stream
    assert within is not None
    assert b"".join(within.feed(gzip.compress(empty_blocks), 10**9)) == b""
    assert not within.cut and within.finished


def test_pending_output_comes_out_when_asked_with_no_input() -> None:
    decoder = ZlibDecoder(gzip=True)
    data = gzip.compress(TEXT)
    first = b"".join(decoder.feed(data, 100))
    assert b"".join(decoder.feed(b"", 10**9)) == TEXT[100:]
    assert first == TEXT[:100]
