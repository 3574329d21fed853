"""Bytes to text for the whole project: BOM, then the HTTP charset, then the HTML <meta>.

Order of evidence (WHATWG-like, simplified): a byte-order mark wins; then the `charset`
parameter of the declared Content-Type; then, for HTML, a `<meta charset>` or
`<meta http-equiv="Content-Type">` in the first 4 KiB; then strict UTF-8; then UTF-8 with
replacement characters. Unknown or bogus charset names are ignored, never raised.
"""

from __future__ import annotations

import codecs
import re

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_CHARSET_PARAM = re.compile(r"""charset\s*=\s*["']?\s*([^"';,\s]+)""", re.IGNORECASE)
_META_CHARSET = re.compile(rb"""<meta[^>]{0,512}?charset\s*=\s*["']?\s*([-\w.:]+)""", re.IGNORECASE)
#: Labels that browsers read as windows-1252 (WHATWG Encoding Standard).
_AS_CP1252 = frozenset({"iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "us-ascii", "ascii"})


def bom_encoding(body: bytes) -> tuple[str, int] | None:
    """The encoding named by a byte-order mark at the start of `body`, and the BOM length."""
    for bom, name in _BOMS:
        if body.startswith(bom):
            return name, len(bom)
    return None


def charset_from_content_type(content_type: str | None) -> str | None:
    """The `charset` parameter of a Content-Type header, if any (not yet validated)."""
    if not content_type:
        return None
    match = _CHARSET_PARAM.search(content_type)
    return match.group(1) if match else None


def usable_codec(label: str | None) -> str | None:
    """A Python codec name for a charset label, or None when the label is unknown/unsafe."""
    if not label:
        return None
    name = label.strip().strip("\"'").lower()
    if name in _AS_CP1252:
        return "cp1252"
    if name in {"x-user-defined", "replacement"}:
        return None
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError):
        return None
    # Only text encodings: refuse codecs such as "rot13", "zlib", "base64".
    if not getattr(info, "_is_text_encoding", True):
        return None
    return info.name


def meta_charset(body: bytes) -> str | None:
    """The charset declared by an HTML `<meta>` in the first 4 KiB, if usable."""
    match = _META_CHARSET.search(body[:4096])
    if not match:
        return None
    codec = usable_codec(match.group(1).decode("ascii", "ignore"))
    # A page that was decoded to reach its <meta> cannot be UTF-16/32: browsers ignore that.
    if codec and codec.startswith(("utf-16", "utf_16", "utf-32", "utf_32")):
        return "utf-8"
    return codec


def _looks_like_html(content_type: str | None, body: bytes) -> bool:
    if content_type and "html" in content_type.lower():
        return True
    head = body[:1024].lstrip().lower()
    return head.startswith((b"<!doctype html", b"<html", b"<head", b"<meta"))


def _decode(body: bytes, codec: str) -> str | None:
    try:
        return body.decode(codec, errors="replace")
    except (LookupError, TypeError, ValueError):
        return None


def decode_text(body: bytes, content_type: str | None) -> str:
    """Decode a response body to `str`; never raises, whatever the bytes or the header."""
    bom = bom_encoding(body)
    if bom is not None:
        text = _decode(body[bom[1] :], bom[0])
        if text is not None:
            return text
    codec = usable_codec(charset_from_content_type(content_type))
    if codec is not None:
        text = _decode(body, codec)
        if text is not None:
            return text
    if _looks_like_html(content_type, body):
        codec = meta_charset(body)
        if codec is not None:
            text = _decode(body, codec)
            if text is not None:
                return text
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return body.decode("utf-8", errors="replace")
