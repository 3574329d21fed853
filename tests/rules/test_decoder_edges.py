"""Decoder rules the first mutation run of src/adapters/http/decoders.py showed unpinned: what
gzip accepts (gzip only, not any zlib stream), the full zlib-header test that tells zlib from
raw deflate, the two bytes that start a deflate stream, bytes after a finished stream across
feeds, brotli's per-call budget (exact, never an empty piece, no decoding past it), a chain
stopped by the caller's budget rather than its allowance, and identity's unbounded mode."""

from __future__ import annotations

import gzip
import random
import zlib

import brotli  # type: ignore[import-untyped]
import pytest

from webdistill.adapters.http.decoders import (
    IDENTITY,
    BrotliDecoder,
    DecodeError,
    decoder_for,
)

#: Hex text: brotli and zlib output lengths of real size, not a 1000:1 bomb.
TEXT = random.Random(1).randbytes(200_000).hex().encode()  # 400 000 bytes
BROTLI = brotli.compress(TEXT, quality=1)
DOUBLE_GZIP = gzip.compress(gzip.compress(TEXT, compresslevel=0), compresslevel=1)


def assert_bytes(got: bytes, want: bytes) -> None:
    """`got == want`, without pytest's byte-by-byte diff of 400 KB (minutes under a mutant)."""
    assert len(got) == len(want)
    if got != want:
        pytest.fail("same length, different bytes")


def test_identity_with_a_negative_budget_passes_everything() -> None:
    assert list(IDENTITY.feed(b"abcdef", -1)) == [b"abcdef"]
    assert list(IDENTITY.feed(b"abcdef", 0)) == [b""]
    assert list(IDENTITY.feed(b"abcdef", 4)) == [b"abcd"]


def test_gzip_means_gzip_not_any_zlib_stream() -> None:
    decoder = decoder_for("gzip")
    assert decoder is not None
    with pytest.raises(DecodeError, match="incorrect header check"):
        list(decoder.feed(zlib.compress(b"hello"), 100))


def test_a_raw_stream_whose_first_byte_names_deflate_is_still_raw() -> None:
    # A stored block with padding bits set: byte 0x08 carries the deflate method nibble of a
    # zlib header, but 0x0805 is not a multiple of 31, so it is not one (RFC 1950 FCHECK).
    raw = b"\x08\x05\x00\xfa\xffhello\x03\x00"
    decoder = decoder_for("deflate")
    assert decoder is not None
    assert b"".join(decoder.feed(raw, 100)) == b"hello"
    assert decoder.finished


def test_two_bytes_start_a_deflate_stream() -> None:
    decoder = decoder_for("deflate")
    assert decoder is not None
    assert b"".join(decoder.feed(b"\x03\x00", 100)) == b""  # the empty raw stream
    assert decoder.finished
    one = decoder_for("deflate")
    assert one is not None
    assert b"".join(one.feed(b"\x03", 100)) == b""
    assert not one.finished  # one byte cannot tell zlib from raw: wait for the next


def test_bytes_after_a_finished_deflate_stream_are_ignored_in_every_later_feed() -> None:
    decoder = decoder_for("deflate")
    assert decoder is not None
    assert b"".join(decoder.feed(zlib.compress(b"hello") + b"junk", 100)) == b"hello"
    assert b"".join(decoder.feed(b"more junk", 100)) == b""
    assert b"".join(decoder.feed(b"and more", 100)) == b""
    assert decoder.finished


@pytest.mark.parametrize("budget", [1, 100, 65_537, 196_545])
def test_a_brotli_call_yields_exactly_its_budget_and_decodes_no_further(budget: int) -> None:
    decoder = BrotliDecoder()
    pieces = list(decoder.feed(BROTLI, budget))
    assert all(pieces), "an empty piece was yielded"
    assert_bytes(b"".join(pieces), TEXT[:budget])
    assert not decoder.finished  # the rest of the stream is not decoded ahead of need


def test_a_brotli_call_with_no_budget_decodes_nothing() -> None:
    decoder = BrotliDecoder()
    assert list(decoder.feed(BROTLI, 0)) == []
    assert not decoder.finished


def test_brotli_output_past_a_calls_budget_comes_out_with_the_next_call() -> None:
    decoder = BrotliDecoder()
    first = b"".join(decoder.feed(BROTLI, 100))
    rest = b"".join(decoder.feed(b"", 10**9))
    assert_bytes(first + rest, TEXT)


def test_a_chain_starts_uncut() -> None:
    decoder = decoder_for("gzip, gzip", 1000)
    assert decoder is not None
    assert decoder.cut is False


def test_a_chain_stopped_by_the_callers_budget_yields_exactly_it_and_is_not_cut() -> None:
    # The inner stream (stored, ~400 KB) is longer than the allowance for a 1000-byte limit
    # (66 536 bytes), and the caller asks for 100 bytes: the chain stops at the 100th byte,
    # before the intermediate stage runs into its allowance, so the output is not "cut".
    data = DOUBLE_GZIP
    decoder = decoder_for("gzip, gzip", 1000)
    assert decoder is not None
    assert_bytes(b"".join(decoder.feed(data, 100)), TEXT[:100])
    assert decoder.cut is False
    wide = decoder_for("gzip, gzip", 10**6)  # a limit far above the caller's budget
    assert wide is not None
    assert_bytes(b"".join(wide.feed(data, 100_000)), TEXT[:100_000])
