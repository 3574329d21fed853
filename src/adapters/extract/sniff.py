"""What a body is: the declared media type normalised, and a guess from the bytes.

Sniffing looks at a BOM, magic numbers of binary formats and the first non-blank
characters of text (`<html`, `%PDF-`, `{`/`[`, `<?xml`, `<rss`, `<feed`...). It never
raises; it answers a media type string.
"""

from __future__ import annotations

import json
import re

from webdistill.adapters.extract.decoding import bom_encoding

#: Magic numbers of formats we read (PDF) or name in an UNSUPPORTED_CONTENT error.
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"%PDF-", "application/pdf"),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"BM", "image/bmp"),
    (b"II*\x00", "image/tiff"),
    (b"MM\x00*", "image/tiff"),
    (b"\x00\x00\x01\x00", "image/x-icon"),
    (b"ID3", "audio/mpeg"),
    (b"OggS", "audio/ogg"),
    (b"fLaC", "audio/flac"),
    (b"\x1aE\xdf\xa3", "video/webm"),
    (b"PK\x03\x04", "application/zip"),
    (b"PK\x05\x06", "application/zip"),
    (b"\x1f\x8b", "application/gzip"),
    (b"BZh", "application/x-bzip2"),
    (b"\xfd7zXZ\x00", "application/x-xz"),
    (b"7z\xbc\xaf\x27\x1c", "application/x-7z-compressed"),
    (b"Rar!\x1a\x07", "application/vnd.rar"),
    (b"\x28\xb5\x2f\xfd", "application/zstd"),
    (b"MZ", "application/x-msdownload"),
    (b"\x7fELF", "application/x-executable"),
    (b"\xcf\xfa\xed\xfe", "application/x-mach-binary"),
    (b"\xfe\xed\xfa\xcf", "application/x-mach-binary"),
    (b"\xca\xfe\xba\xbe", "application/java-vm"),
    (b"\x00asm", "application/wasm"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "application/x-ole-storage"),
    (b"SQLite format 3\x00", "application/vnd.sqlite3"),
    (b"wOFF", "font/woff"),
    (b"wOF2", "font/woff2"),
    (b"%!PS", "application/postscript"),
    (b"{\\rtf", "application/rtf"),
)
_MAGIC_PREFIXES = tuple(magic for magic, _ in _MAGIC)
_HTML_START = re.compile(
    rb"<(!doctype\s+html|html|head|body|title|meta|div|p|table|script|style|link|h[1-6])[\s/>]",
    re.IGNORECASE,
)
_FEED_ROOT = re.compile(rb"<(rss|feed|rdf:RDF)[\s>]", re.IGNORECASE)
_HTML_ROOT = re.compile(rb"<(!doctype\s+html|html)[\s>]", re.IGNORECASE)
#: A media type as RFC 6838 allows it: restricted-name characters either side of one slash.
_MEDIA_TYPE = re.compile(r"[a-z0-9][a-z0-9!#$&^_.+-]{0,63}/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}")
_OFFICE_HINT = re.compile(rb"(word/|xl/|ppt/|\[Content_Types\]\.xml|opendocument)")


#: Content-Type header -> its media type: servers send a handful of distinct values, so the
#: answer is remembered (bounded: the values come from servers).
_MEDIA_TYPES: dict[str, str] = {}


def media_type_of(content_type: str | None) -> str:
    """`text/HTML; charset=x` -> `text/html`; anything unparseable -> ""."""
    if not content_type:
        return ""
    known = _MEDIA_TYPES.get(content_type)
    if known is not None:
        return known
    media = _media_type(content_type)
    if len(_MEDIA_TYPES) < 256 and len(content_type) <= 256:
        _MEDIA_TYPES[content_type] = media
    return media


def _media_type(content_type: str) -> str:
    head = content_type.split(";", 1)[0].strip().lower()
    if len(head) > 127 or _MEDIA_TYPE.fullmatch(head) is None:
        return ""  # not an RFC 6838 type/subtype: nothing of it is quoted anywhere
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
    """The media type of a binary format recognised by its magic number, else None."""
    head = body[:64]
    if head[:4] == b"RIFF" and len(head) >= 12:
        return _riff(head)
    if head[4:8] == b"ftyp":
        return _iso_media(head)
    for magic, media in _MAGIC if head.startswith(_MAGIC_PREFIXES) else ():
        if head.startswith(magic):
            if media == "application/zip" and _OFFICE_HINT.search(body[:4096]):
                return "application/vnd.openxmlformats-officedocument"
            return media
    if len(head) >= 2 and head[0] == 0xFF and head[1] & 0xE0 == 0xE0 and b"<" not in head[:8]:
        return "audio/mpeg"
    return None


def _text_head(body: bytes) -> bytes:
    """The first 2 KiB as ASCII-compatible bytes (UTF-16/32 re-encoded), blanks stripped."""
    bom = bom_encoding(body)
    head = body[:2048]
    if bom is not None and not bom[0].startswith("utf-8"):
        head = body[bom[1] : bom[1] + 8192].decode(bom[0], "replace").encode("utf-8", "replace")
    elif bom is not None:
        head = head[bom[1] :]
    return head.lstrip(b" \t\r\n\f\x00")


def _is_json(body: bytes) -> bool:
    try:
        json.loads(body)
    except (ValueError, RecursionError, UnicodeDecodeError):
        return False
    return True


def sniff(body: bytes) -> str:
    """Guess the media type of `body` from its bytes alone."""
    return sniff_binary(body) or sniff_text(body)


def sniff_text(body: bytes) -> str:
    """`sniff`'s guess for a body `sniff_binary` does not recognise (so a caller that has
    already asked `sniff_binary` does not scan the magic numbers twice)."""
    head = _text_head(body)
    if not head.startswith((b"<", b"{", b"[")) and b"\x00" not in body[:1024]:
        return "text/plain"  # none of the tests below can match (the common case, one step)
    lower = head[:512].lower()
    if lower.startswith(b"<?xml"):
        if _FEED_ROOT.search(head):
            return "application/rss+xml" if b"<feed" not in head.lower() else "application/atom+xml"
        return "application/xhtml+xml" if _HTML_ROOT.search(head) else "application/xml"
    if lower.startswith((b"<rss", b"<rdf:rdf")):
        return "application/rss+xml"
    if lower.startswith(b"<feed"):
        return "application/atom+xml"
    if lower.startswith(b"<") and _HTML_START.search(lower[:512]):
        return "text/html"
    if lower.startswith((b"{", b"[")) and _is_json(body):
        return "application/json"
    if b"\x00" in body[:1024] and bom_encoding(body) is None:
        return "application/octet-stream"
    if lower.startswith(b"<") and _HTML_START.search(lower):
        return "text/html"
    return "text/plain"
