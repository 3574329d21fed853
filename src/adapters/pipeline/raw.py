"""`extract_mode: "raw"`: the response body itself, as text, when extraction gets it wrong.

The body is already capped by the client (WEB_MAX_RESPONSE_BYTES, counted after
decompression) and the kernel cuts the window to `max_chars`; the doors fence it as untrusted
data like any page content. Only text is given raw: a body that looks binary (NUL bytes or a
known binary signature) is UNSUPPORTED_CONTENT, as decoding it would only make noise.
"""

from __future__ import annotations

from typing import Protocol

from returns.result import Failure, Result, Success

from webdistill.adapters.extract.decoding import decode_text
from webdistill.adapters.extract.sniff import sniff_binary
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import FetchedPage
from webdistill.kernel.own_text import describe_media_type, own, sentences, site, words

RAW_NOTICE = words("This is the page's raw body as text (extract_mode raw), not extracted content.")
_PROBE_BYTES = 4096


class PageResponse(Protocol):
    """What the page client answers (the guarded client's `HttpResponse`); the backend's
    page type too (backend.py imports it from here)."""

    @property
    def url(self) -> str: ...
    @property
    def content_type(self) -> str: ...
    @property
    def body(self) -> bytes: ...
    @property
    def truncated(self) -> bool: ...


def raw_page(response: PageResponse) -> Result[object, WebError]:
    """The body of `response` decoded as text, or UNSUPPORTED_CONTENT for a binary body."""
    media_type = response.content_type.split(";", 1)[0].strip().lower()
    probe = response.body[:_PROBE_BYTES]
    if b"\x00" in probe or sniff_binary(probe):
        return Failure(
            WebError.of(
                ErrorCode.UNSUPPORTED_CONTENT,
                own(
                    "The body of {} is binary ({}); raw "
                    "mode gives text bodies only. Read it without extract_mode raw.",
                    site(response.url),
                    describe_media_type(media_type),
                ),
                media_type=media_type,
            )
        )
    text = decode_text(response.body, response.content_type or None)
    notice = RAW_NOTICE
    flags: tuple[str, ...] = ()
    if response.truncated:
        flags = ("body_truncated",)
        larger = words(
            "The body was larger than WEB_MAX_RESPONSE_BYTES; only its beginning was read."
        )
        notice = sentences(notice, larger) or notice
    return Success(
        FetchedPage(
            url=response.url,
            content=text,
            content_type=media_type,
            flags=flags,
            notice=notice,
        )
    )
