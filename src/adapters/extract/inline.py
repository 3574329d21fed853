"""Which bodies are read on the event loop instead of in the extraction pool.

Handing a body to a worker process costs a pickle, a pipe round trip and two context
switches: more than reading a few kilobytes of plain text, and more than reading a very
small HTML page. A body is read inline only when its cost is small and bounded whatever its
content; everything else goes to the pool, where the fetch's deadline can kill the work.

- **Plain text**: at most `INLINE_MAX_BYTES` (8 KiB), ASCII only (decoding is a copy: no
  charset detection, no UTF-16 guessing), read as `text/plain` by the dispatch rules
  (`choose_media_type`: declared type, magic numbers, URL extension, sniffing). Its handler
  is line-ending normalisation, one linear regular expression and the first line as title:
  provably linear.
- **HTML**: at most `INLINE_HTML_MAX_BYTES` (512 bytes), ASCII only, with at most
  `INLINE_HTML_MAX_TAGS` `<` characters (so at most that many elements, comments or
  declarations), read as HTML by the same rules. The HTML reader's cost grows with the number
  of blocks and words (it is not linear: 2 KiB of headings costs it tens of milliseconds), so
  the two bounds together cap it: the worst hostile shape found at the bounds costs it about
  1.3 ms of CPU (`bench/inline_html_cost.py` builds 30 shapes at the bounds and times them;
  at 1 KiB and 16 tags the worst was 3.4 ms, so the bounds are this small).
  The page is read by `extract_content` itself, so it reads exactly as in the pool.

Never Markdown, JSON, feeds, PDFs or anything compressed: their readers' cost is not
obviously linear in the body, so they stay on work the fetch's deadline can kill.
"""

from __future__ import annotations

from returns.result import Result, Success

from webdistill.adapters.extract.dispatch import choose_media_type, extract_content
from webdistill.adapters.extract.plain import plain_text_document
from webdistill.adapters.extract.sniff import media_type_of
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import Document

INLINE_MAX_BYTES = 8 * 1024
INLINE_HTML_MAX_BYTES = 512
INLINE_HTML_MAX_TAGS = 12
_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml", "application/vnd.wap.xhtml+xml"})


def inline_kind(body: bytes, content_type: str | None, url: str | None) -> str | None:
    """The media type ("text/plain" or "text/html") when `body` is cheap enough to read on
    the event loop as it (see the module doc); None when it goes to the pool."""
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


def reads_inline(body: bytes, content_type: str | None, url: str | None) -> bool:
    """True when `body` is cheap enough to read on the event loop (see the module doc)."""
    return inline_kind(body, content_type, url) is not None


def read_inline(
    body: bytes, content_type: str | None, url: str | None, *, image_links: bool = True
) -> Result[Document, WebError] | None:
    """The `Document` `extract_content` would answer, read here, when `reads_inline`; else
    None (the body goes to the worker pool). Plain text goes straight to its handler (the
    media type is already chosen); HTML through `extract_content` itself. `image_links` is
    WEB_IMAGE_LINKS, as the pool's reader is given it."""
    kind = inline_kind(body, content_type, url)
    if kind == "text/plain":
        return Success(plain_text_document(body, content_type))
    if kind == "text/html":
        return extract_content(body, content_type, url, image_links=image_links)
    return None
