"""The inline reader's decisions as they were at 4ba2650 (sniff.py, dispatch.py, decoding.py,
plain.py, inline.py), kept verbatim as the oracle of test_extract_fast_path.py: the faster
code that replaced them must answer exactly the same for every body, type and URL.
Constants and helpers that did not change are imported from the package."""

from __future__ import annotations

import re

from returns.result import Result, Success

from webdistill.adapters.extract.decoding import (
    _BOMS,
    _UTF16,
    _looks_like_html,
    _strict_utf8,
    _utf16_without_bom,
    charset_from_content_type,
    detect_codec,
    meta_charset,
    usable_codec,
)
from webdistill.adapters.extract.dispatch import (
    _BUILTIN,
    GENERIC_TYPES,
    STRONG_MAGIC_TYPES,
    _from_url,
    _structured_suffix,
)
from webdistill.adapters.extract.sniff import (
    _FEED_ROOT,
    _HTML_ROOT,
    _HTML_START,
    _MAGIC,
    _MAGIC_PREFIXES,
    _MEDIA_TYPE,
    _OFFICE_HINT,
    _is_json,
)
from webdistill.adapters.extract.zipped import ZIP_FORMATS, zip_kind
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import Document

INLINE_MAX_BYTES = 8 * 1024
INLINE_HTML_MAX_BYTES = 512
INLINE_HTML_MAX_TAGS = 12
_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml", "application/vnd.wap.xhtml+xml"})


_BLANK_RUN = re.compile(r"\n{3,}")


def _clean(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    return _BLANK_RUN.sub("\n\n", text).strip()


def _first_line_title(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:200]
    return ""


def bom_encoding(body: bytes) -> tuple[str, int] | None:
    for bom, name in _BOMS:
        if body.startswith(bom):
            return name, len(bom)
    return None


def _declared(body: bytes, content_type: str | None) -> str | None:
    codec = usable_codec(charset_from_content_type(content_type))
    if codec is None and _looks_like_html(content_type, body):
        codec = meta_charset(body)
    return codec


def _text_head(body: bytes) -> bytes:
    bom = bom_encoding(body)
    head = body[:2048]
    if bom is not None and not bom[0].startswith("utf-8"):
        head = body[bom[1] : bom[1] + 8192].decode(bom[0], "replace").encode("utf-8", "replace")
    elif bom is not None:
        head = head[bom[1] :]
    return head.lstrip(b" \t\r\n\f\x00")


def media_type_of(content_type: str | None) -> str:
    if not content_type:
        return ""
    head = content_type.split(";", 1)[0].strip().lower()
    if len(head) > 127 or _MEDIA_TYPE.fullmatch(head) is None:
        return ""
    kind, sub = head.split("/")
    return head if kind and sub else ""


def _riff(body: bytes) -> str | None:
    if body[:4] != b"RIFF" or len(body) < 12:
        return None
    form = body[8:12]
    return {b"WEBP": "image/webp", b"WAVE": "audio/wav", b"AVI ": "video/x-msvideo"}.get(
        form, "application/octet-stream"
    )


def _iso_media(body: bytes) -> str | None:
    if body[4:8] != b"ftyp":
        return None
    brand = body[8:12]
    if brand in {b"avif", b"avis"}:
        return "image/avif"
    if brand in {b"heic", b"heix", b"mif1", b"msf1"}:
        return "image/heic"
    if brand.startswith(b"M4A"):
        return "audio/mp4"
    return "video/mp4"


def sniff_binary(body: bytes) -> str | None:
    head = body[:64]
    for type_ in (_riff(head), _iso_media(head)):
        if type_:
            return type_
    for magic, media in _MAGIC if head.startswith(_MAGIC_PREFIXES) else ():
        if head.startswith(magic):
            if media == "application/zip" and _OFFICE_HINT.search(body[:4096]):
                return "application/vnd.openxmlformats-officedocument"
            return media
    if len(head) >= 2 and head[0] == 0xFF and head[1] & 0xE0 == 0xE0 and b"<" not in head[:8]:
        return "audio/mpeg"
    return None


def sniff(body: bytes) -> str:
    binary = sniff_binary(body)
    if binary:
        return binary
    head = _text_head(body)
    lower = head[:512].lower()
    if lower.startswith(b"<?xml"):
        if _FEED_ROOT.search(head):
            return "application/rss+xml" if b"<feed" not in head.lower() else "application/atom+xml"
        return "application/xhtml+xml" if _HTML_ROOT.search(head) else "application/xml"
    if lower.startswith((b"<rss", b"<rdf:rdf")):
        return "application/rss+xml"
    if lower.startswith(b"<feed"):
        return "application/atom+xml"
    if _HTML_START.search(lower[:512]) and lower.startswith(b"<"):
        return "text/html"
    if lower.startswith((b"{", b"[")) and _is_json(body):
        return "application/json"
    if b"\x00" in body[:1024] and bom_encoding(body) is None:
        return "application/octet-stream"
    if lower.startswith(b"<") and _HTML_START.search(lower):
        return "text/html"
    return "text/plain"


def _binary_type(body: bytes) -> str | None:
    binary = sniff_binary(body)
    if binary in {"application/zip", "application/vnd.openxmlformats-officedocument"}:
        return zip_kind(body) or binary
    return binary


def choose_media_type(body: bytes, declared: str, url: str | None) -> str:
    binary = _binary_type(body)
    if binary and (declared in GENERIC_TYPES or binary in STRONG_MAGIC_TYPES):
        return binary
    if declared in GENERIC_TYPES or not _BUILTIN.find(_structured_suffix(declared)):
        return _from_url(url) or sniff(body)
    if declared in ZIP_FORMATS and binary is None:
        return sniff(body)
    if declared == "text/plain":
        by_url = _from_url(url)
        if by_url and by_url not in ZIP_FORMATS:
            return by_url
        sniffed = sniff(body)
        return sniffed if sniffed in {"text/html", "application/json"} else declared
    return _structured_suffix(declared)


def decode_text(body: bytes, content_type: str | None) -> str:
    bom = bom_encoding(body)
    if bom is not None:
        return body[bom[1] :].decode(bom[0], errors="replace")
    declared = _declared(body, content_type)
    if declared in _UTF16:
        return body.decode(declared, errors="replace")
    if declared is None:
        utf16 = _utf16_without_bom(body)
        if utf16 is not None:
            return body.decode(utf16, errors="replace")
    if declared != "utf-8" and not body.isascii():
        text = _strict_utf8(body)
        if text is not None:
            return text
    if declared is None:
        declared = "utf-8" if body.isascii() else detect_codec(body)
    return body.decode(declared, errors="replace")


def read_plain_text(body: bytes, content_type: str | None) -> Result[Document, WebError]:
    text = _clean(decode_text(body, content_type))
    return Success(
        Document(
            title=_first_line_title(text),
            markdown=text,
            text=text,
            content_type="text/plain",
            flags=() if text else ("empty",),
            notice=None if text else "The document is empty.",
        )
    )


def inline_kind(body: bytes, content_type: str | None, url: str | None) -> str | None:
    if len(body) > INLINE_MAX_BYTES or not body.isascii():
        return None
    media = choose_media_type(body, media_type_of(content_type), url)
    if media == "text/plain":
        return media
    if (
        media in _HTML_TYPES
        and len(body) <= INLINE_HTML_MAX_BYTES
        and body.count(b"<") <= INLINE_HTML_MAX_TAGS
    ):
        return "text/html"
    return None
