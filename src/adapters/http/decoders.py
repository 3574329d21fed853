"""Bounded Content-Encoding decoders: never produce more output than asked for.

aiohttp can decompress by itself, but the client turns that off (`auto_decompress=False`) so
it can count wire bytes and decompressed bytes separately and stop a decompression bomb
after at most `budget` bytes of output, whatever the compression ratio: every zlib call is
given `max_length`, every brotli call an `output_buffer_limit`.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Protocol

import brotli

from webdistill.kernel.own_text import OwnText, words

#: Largest piece one decoder call produces; bounds memory per step.
STEP = 256 * 1024
#: brotli's output limit is soft (its buffer grows in blocks, up to about twice the limit).
BROTLI_STEP = 64 * 1024

ACCEPT_ENCODING = "gzip, deflate, br"


class DecodeError(Exception):
    """The body is not valid for its Content-Encoding; `kind` says which (own words), the
    exception text is the decompressor's (shown only fenced)."""

    def __init__(self, kind: OwnText, said: str) -> None:
        super().__init__(f"{kind}: {said}")
        self.kind = kind
        self.said = said


class Decoder(Protocol):
    """Feeds compressed bytes in, yields at most `budget` decompressed bytes out.

    `cut` turns true when the decoder had to stop for a reason other than the caller's budget
    (a stacked coding's intermediate stream ran past its allowance): what came out is then
    not the whole body, even if it is shorter than the cap. `finished` is true once the
    stream has ended and any further bytes are ignored (never for gzip, which may carry
    another member)."""

    @property
    def cut(self) -> bool: ...

    @property
    def finished(self) -> bool: ...

    def feed(self, data: bytes, budget: int) -> Iterator[bytes]: ...


class IdentityDecoder:
    """No encoding: bytes pass through."""

    cut = False
    finished = False

    def feed(self, data: bytes, budget: int) -> Iterator[bytes]:
        if data:
            yield data[:budget] if budget >= 0 else data


IDENTITY = IdentityDecoder()


class ZlibDecoder:
    """gzip (multi-member) or deflate (zlib-wrapped or raw, detected from the first bytes)."""

    cut = False

    def __init__(self, gzip: bool) -> None:
        self._gzip = gzip
        self._obj: zlib._Decompress | None = None
        self._pending = b""

    @property
    def finished(self) -> bool:
        return not self._gzip and self._obj is not None and self._obj.eof

    def _start(self, data: bytes) -> zlib._Decompress:
        if self._gzip:
            return zlib.decompressobj(16 + zlib.MAX_WBITS)
        looks_zlib = len(data) >= 2 and data[0] & 0x0F == 8 and (data[0] << 8 | data[1]) % 31 == 0
        return zlib.decompressobj(zlib.MAX_WBITS if looks_zlib else -zlib.MAX_WBITS)

    def feed(self, data: bytes, budget: int) -> Iterator[bytes]:
        data = self._pending + data
        self._pending = b""
        try:
            while budget > 0:
                if self._obj is None:
                    if not data or (not self._gzip and len(data) < 2):
                        break
                    self._obj = self._start(data)
                elif self.finished:
                    return  # trailing garbage after a deflate stream is ignored
                piece = self._obj.decompress(data, min(budget, STEP))
                budget -= len(piece)
                if piece:
                    yield piece
                if self._obj.eof:
                    data = self._obj.unused_data
                    if self._gzip:
                        self._obj = None  # another gzip member may follow
                    continue
                data = self._obj.unconsumed_tail
                if not data:
                    break  # output zlib still holds comes out with the next input
            self._pending = data  # input left when the budget ran out (or a split header)
        except zlib.error as exc:
            raise DecodeError(words("invalid compressed body"), str(exc)) from exc


class BrotliDecoder:
    """br, with the output buffer limited on every call.

    brotli's limit is soft (it may give a block more) and, once reached, the decoder must be
    drained with empty input before it takes more: output past a call's budget is held and
    handed out first by the next call, input that arrives while the budget is spent waits
    (as zlib's does), so nothing is dropped whatever budgets the caller gives.
    """

    cut = False

    def __init__(self) -> None:
        self._obj = brotli.Decompressor()
        self._held = b""
        self._pending = b""
        self._more = False  # the last call gave output: more may wait inside, ask with b""

    @property
    def finished(self) -> bool:
        return not self._held and bool(self._obj.is_finished())

    def feed(self, data: bytes, budget: int) -> Iterator[bytes]:
        data, self._pending = self._pending + data, b""
        try:
            while budget > 0:
                if self._held:
                    piece, self._held = self._held, b""
                elif self._obj.is_finished():
                    return  # bytes after the end of the stream are ignored
                elif self._more or not self._obj.can_accept_more_data():
                    piece = self._obj.process(b"", output_buffer_limit=min(budget, BROTLI_STEP))
                    self._more = bool(piece)
                    if not piece and not self._obj.can_accept_more_data():
                        break  # nothing comes out now and no input is taken: never spin
                elif data:
                    piece = self._obj.process(data, output_buffer_limit=min(budget, BROTLI_STEP))
                    data, self._more = b"", bool(piece)
                else:
                    return  # all input read: more output needs more input
                if len(piece) > budget:
                    piece, self._held = piece[:budget], piece[budget:]
                if piece:
                    budget -= len(piece)
                    yield piece
            self._pending = data
        except brotli.error as exc:
            raise DecodeError(words("invalid brotli body"), str(exc)) from exc


def intermediate_allowance(limit: int) -> int:
    """The most an intermediate stage of a chain may hand on, for a final cap of `limit`.

    An intermediate stream is the next stage's *compressed* input, so for incompressible
    content it is a little longer than the text (stored blocks, headers, trailers): it must
    not be held to the final cap, or the end of the text is lost. Twice the cap plus a margin
    covers any honest stream and still bounds the work a hostile one (a stream of empty
    blocks that decodes to nothing) can cause."""
    return 2 * limit + 64 * 1024


class ChainDecoder:
    """Several encodings ("gzip, br"): undone in reverse order under ONE byte budget.

    Each piece one stage produces is handed straight on to the next stage. The last stage is
    given only what is left of the caller's budget (and of `limit` in all), so stacking
    encodings cannot multiply the output: `gzip, gzip` gets the same cap as `gzip`. The
    intermediate stages are bounded by `intermediate_allowance(limit)` in all; a chain stopped
    by that allowance says so with `cut`, because its output is then short of the body.
    """

    def __init__(self, decoders: list[Decoder], limit: int | None = None) -> None:
        final = limit if limit is not None else 1 << 62
        self._decoders = decoders
        self._stage_left = [intermediate_allowance(final)] * (len(decoders) - 1) + [final]
        self.cut = False

    @property
    def finished(self) -> bool:
        return self._decoders[-1].finished

    def feed(self, data: bytes, budget: int) -> Iterator[bytes]:
        left = [budget]
        yield from self._run(0, data, left)

    def _run(self, index: int, data: bytes, left: list[int]) -> Iterator[bytes]:
        last = index == len(self._decoders) - 1
        allowed = min(left[0], self._stage_left[index]) if last else self._stage_left[index]
        if allowed <= 0 or self.finished:
            return
        for piece in self._decoders[index].feed(data, allowed):
            self._stage_left[index] -= len(piece)
            if last:
                left[0] -= len(piece)
                yield piece
            else:
                yield from self._run(index + 1, piece, left)
            if left[0] <= 0 or self.finished:
                return
            if self._stage_left[index] <= 0:
                self.cut = not last
                return


#: Most content codings decoded for one body; more is refused (real servers send one,
#: occasionally a doubled "gzip, gzip" by mistake).
MAX_CODINGS = 2
KNOWN_CODINGS = frozenset({"gzip", "x-gzip", "deflate", "br", "identity"})


def coding_names(content_encoding: str) -> list[str]:
    """The codings of a Content-Encoding value, in the order they were applied."""
    return [n.strip().lower() for n in content_encoding.split(",") if n.strip()]


def decoder_for(content_encoding: str, limit: int | None = None) -> Decoder | None:
    """The decoder for a Content-Encoding header value, or None when it is not supported
    (an unknown coding, or more than MAX_CODINGS of them). `limit` bounds each stage's
    total output when codings are stacked."""
    names = [n for n in coding_names(content_encoding) if n != "identity"]
    if len(names) > MAX_CODINGS:
        return None
    decoders: list[Decoder] = []
    for name in reversed(names):
        if name in ("gzip", "x-gzip"):
            decoders.append(ZlibDecoder(gzip=True))
        elif name == "deflate":
            decoders.append(ZlibDecoder(gzip=False))
        elif name == "br":
            decoders.append(BrotliDecoder())
        else:
            return None
    if not decoders:
        return IDENTITY
    return decoders[0] if len(decoders) == 1 else ChainDecoder(decoders, limit)
