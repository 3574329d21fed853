"""Reading a response body within limits: streamed, counted twice, never unbounded.

Raw bytes are counted as they come off the wire (cap: `HttpSettings.wire_cap`) and again after
decompression (cap: `max_response_bytes`). Reading stops at the first cap reached. Text types
are then truncated and flagged (a page's beginning is still worth reading); other types fail
with TOO_LARGE. A declared Content-Length over the cap is refused before reading anything
for types that cannot be truncated. Stacked Content-Encodings share the one cap on the final
decoded bytes (at most `MAX_CODINGS` of them), and decoding happens in bounded slices that
yield to the event loop, so a bomb neither grows past the cap nor starves other requests.
"""

from __future__ import annotations

import asyncio

import attrs
from aiohttp import ClientResponse
from aiohttp.hdrs import CONTENT_ENCODING, CONTENT_LENGTH
from returns.result import Failure, Result, Success

from webdistill.adapters.http.decoders import (
    IDENTITY,
    KNOWN_CODINGS,
    MAX_CODINGS,
    DecodeError,
    coding_names,
    decoder_for,
)
from webdistill.adapters.http.errors import hop_text, make_error, place
from webdistill.adapters.http.settings import HttpSettings
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import WEB_TEXT, number, own
from webdistill.kernel.quoting import safe_text, shown_url

CHUNK = 64 * 1024

_TEXT_TYPES = (
    "application/xhtml+xml",
    "application/xml",
    "application/json",
    "application/ld+json",
    "application/javascript",
    "application/rss+xml",
    "application/atom+xml",
    "application/x-ndjson",
)


@attrs.frozen
class Body:
    """What was read: decompressed bytes, whether they were cut, and the wire byte count."""

    data: bytes
    truncated: bool
    wire_bytes: int


def media_type(content_type: str) -> str:
    """The lowercase media type of a Content-Type header ("" when absent)."""
    return content_type.split(";", 1)[0].strip().lower()


def is_truncatable(content_type: str) -> bool:
    """Can a prefix of this body still be read? Text types (and unlabelled bodies) can."""
    kind = media_type(content_type)
    return (
        not kind
        or kind.startswith("text/")
        or kind in _TEXT_TYPES
        or kind.endswith(("+xml", "+json"))
    )


def _hop_line(url: str, hop: int) -> str:
    """A redirect target's URL for a fenced detail, ending "; " ("" at the caller's hop 0)."""
    text = hop_text(url, hop).get(WEB_TEXT)
    return f"{text}; " if text else ""


def _unsupported_encoding(url: str, encoding: str, hop: int) -> WebError:
    names = coding_names(encoding)
    if len(names) > MAX_CODINGS and all(n in KNOWN_CODINGS for n in names):
        why = own(
            "stacks {} content codings (at most {} are decoded, a decompression-bomb guard)",
            number(len(names)),
            number(MAX_CODINGS),
        )
    else:
        # The server chose this header: described here, quoted only in the fenced detail.
        why = own("uses an unknown content coding")
    detail: dict[str, object] = {
        "url": shown_url(url, 400),
        "content_encoding": safe_text(encoding, 40),
    }
    fenced = [_hop_line(url, hop)] if hop > 0 else []
    if not all(n in KNOWN_CODINGS for n in names):
        fenced.append(f"Content-Encoding: {encoding[:200]}")
    if fenced:
        detail[WEB_TEXT] = "".join(fenced).removesuffix("; ")
    where = place(url, hop)
    return make_error(
        ErrorCode.UNSUPPORTED_CONTENT,
        own("The response from {} {}; it cannot be read. Use another source.", where, why),
        detail,
    )


def too_large(url: str, limit: int, hop: int = 0, **detail: object) -> WebError:
    """The TOO_LARGE error for `url`, fetched at redirect `hop`."""
    return make_error(
        ErrorCode.TOO_LARGE,
        own(
            "The response from {} is larger than the {}-byte limit and cannot be "
            "truncated usefully; try a smaller resource or another source.",
            place(url, hop),
            number(limit),
        ),
        {"max_bytes": limit, "url": url, **detail, **hop_text(url, hop)},
    )


def declared_length(resp: ClientResponse) -> int | None:
    """The Content-Length the server declared, when it is a plain decimal number."""
    declared = resp.headers.get(CONTENT_LENGTH, "").strip()
    return int(declared) if declared.isascii() and declared.isdigit() else None


def declared_too_large(
    resp: ClientResponse, settings: HttpSettings, url: str, declared: int | None, hop: int = 0
) -> WebError | None:
    """TOO_LARGE when the declared Content-Length says a non-text body is over the cap."""
    if declared is None or declared <= min(settings.max_response_bytes, settings.wire_cap):
        return None
    if is_truncatable(resp.headers.get("Content-Type", "")):
        return None
    return too_large(url, settings.max_response_bytes, hop, declared_length=declared)


async def read_body(
    resp: ClientResponse, settings: HttpSettings, url: str, declared: int | None = None
) -> Result[Body, WebError]:
    """Stream `resp`'s body through its decoder, stopping at the caps (see `read_capped`)."""
    read = await read_capped(resp, settings, url, declared)
    return Failure(read) if isinstance(read, WebError) else Success(read)


async def read_capped(
    resp: ClientResponse,
    settings: HttpSettings,
    url: str,
    declared: int | None = None,
    hop: int = 0,
) -> Body | WebError:
    """Stream `resp`'s body (of `url`, fetched at redirect `hop`) through its decoder,
    stopping at the caps.

    The common case, an unencoded body whose declared Content-Length (`declared`) is within
    both caps, is read with one bounded `readexactly` (never more than the declared length,
    itself within the caps); should anything follow it, the streamed, capped loop below
    takes over and keeps counting.
    """
    encoding = resp.headers.get(CONTENT_ENCODING, "")
    parts: list[bytes] = []
    size = wire = 0
    fits = declared is not None and declared <= min(settings.max_response_bytes, settings.wire_cap)
    if fits and not encoding and declared is not None:
        try:
            head = await resp.content.readexactly(declared)
        except asyncio.IncompleteReadError as exc:
            head = exc.partial  # the body ended early: what came is the body
        if resp.content.at_eof():
            return Body(data=head, truncated=False, wire_bytes=len(head))
        parts.append(head)
        size = wire = len(head)
    cap = settings.max_response_bytes
    decoder = decoder_for(encoding, cap + 1)
    if decoder is None:
        return _unsupported_encoding(url, encoding, hop)
    over = False
    identity = decoder is IDENTITY
    try:
        async for chunk in resp.content.iter_chunked(CHUNK):
            wire += len(chunk)
            if identity:
                parts.append(chunk)
                size += len(chunk)
            else:
                # Decoded in bounded slices (decoders.STEP at most), yielding to the loop
                # between them; the budget is what is left of the cap on the final bytes.
                for piece in decoder.feed(chunk, cap + 1 - size):
                    parts.append(piece)
                    size += len(piece)
                    await asyncio.sleep(0)
            if size > cap or wire > settings.wire_cap or decoder.cut:
                over = True  # decoder.cut: a stacked coding's inner stream ran past its bound
                break
    except DecodeError as exc:
        return make_error(
            ErrorCode.NETWORK_ERROR,
            own(
                "The body from {} could not be decompressed ({}); try again later.",
                place(url, hop),
                exc.kind,
            ),
            {"url": url, WEB_TEXT: f"{_hop_line(url, hop)}decompressor: {exc.said}"},
        )
    if not over:
        data = parts[0] if len(parts) == 1 else b"".join(parts)
        return Body(data=data, truncated=False, wire_bytes=wire)
    resp.close()  # drop the connection rather than drain the rest
    if not is_truncatable(resp.headers.get("Content-Type", "")):
        return too_large(url, cap, hop, wire_bytes=wire)
    if size > cap:  # cut the last piece rather than copying the whole body once more
        parts[-1] = parts[-1][: len(parts[-1]) - (size - cap)]
    data = b"".join(parts)
    parts.clear()
    return Body(data=data, truncated=True, wire_bytes=wire)
