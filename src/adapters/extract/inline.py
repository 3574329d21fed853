"""Which bodies are read on the event loop instead of in the extraction pool.

Handing a body to a worker process costs a pickle, a pipe round trip and two context
switches: more than reading a few kilobytes of plain text. A body is read inline only when
its cost is provably small and linear in its size, whatever its content:

- at most `INLINE_MAX_BYTES` (8 KiB);
- ASCII only (so decoding is a copy: no charset detection, no UTF-16 guessing);
- read as `text/plain` by the dispatch rules (`choose_media_type`: declared type, magic
  numbers, URL extension, sniffing), whose handler is line-ending normalisation, one linear
  regular expression and the first line as title.

Never HTML, Markdown, JSON, feeds, PDFs or anything compressed: their readers' cost is not
linear in the body (a 2 KiB page of headings costs the HTML reader tens of milliseconds), so
they stay on work the fetch's deadline can kill.
"""

from __future__ import annotations

from returns.result import Result

from webdistill.adapters.extract.dispatch import choose_media_type
from webdistill.adapters.extract.plain import read_plain_text
from webdistill.adapters.extract.registry import ReadRequest
from webdistill.adapters.extract.sniff import media_type_of
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import Document

INLINE_MAX_BYTES = 8 * 1024


def reads_inline(body: bytes, content_type: str | None, url: str | None) -> bool:
    """True when `body` is cheap enough to read on the event loop (see the module doc)."""
    if len(body) > INLINE_MAX_BYTES or not body.isascii():
        return False
    return choose_media_type(body, media_type_of(content_type), url) == "text/plain"


def read_inline(
    body: bytes, content_type: str | None, url: str | None
) -> Result[Document, WebError] | None:
    """The `Document` `extract_content` would answer, read here, when `reads_inline`; else
    None (the body goes to the worker pool). The same handler as `extract_content` for
    text/plain, without choosing the media type twice."""
    if not reads_inline(body, content_type, url):
        return None
    return read_plain_text(ReadRequest(body, "text/plain", content_type, url, 0))
