"""PDF handler: text per page with pypdf, up to a page limit; broken PDFs are clear errors.

Output is bounded: at most `max_pdf_pages` pages, MAX_PAGE_CHARS per page and MAX_PDF_CHARS
in all; what was cut is said in the notice (and the `content_cut` flag). Time is bounded by
the extraction pool's deadline (a page of 8 MiB of text operators costs pypdf many seconds).
"""

from __future__ import annotations

import io
import logging

from returns.result import Failure, Result, Success

from webdistill.adapters.extract.registry import ReadRequest
from webdistill.kernel import own_text
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import Document
from webdistill.kernel.own_text import WEB_TEXT, OwnText, own

#: Characters kept from one page, and from the whole document.
MAX_PAGE_CHARS = 100_000
MAX_PDF_CHARS = 400_000


def _error(message: OwnText, said: str = "") -> Result[Document, WebError]:
    """UNSUPPORTED_CONTENT; `said` (pypdf's complaint, which quotes the file) goes to the
    fenced `WEB_TEXT` detail, never into the message."""
    detail = {"media_type": "application/pdf"} | (
        {WEB_TEXT: f"the PDF reader said: {said}"} if said else {}
    )
    return Failure(WebError(ErrorCode.UNSUPPORTED_CONTENT, message, False, detail))


def read_pdf(request: ReadRequest) -> Result[Document, WebError]:
    """Each page's text under a `## Page N` heading, at most `max_pdf_pages` pages."""
    try:
        import pypdf
    except ImportError:
        return _error(
            own(
                "This is a PDF but PDF support (pypdf, part of webdistill's install) is missing "
                "from this installation; reinstall webdistill to read PDFs."
            ),
        )
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = pypdf.PdfReader(io.BytesIO(request.body), strict=False)
        if reader.is_encrypted:
            try:
                opened = bool(reader.decrypt(""))
            except Exception:  # noqa: BLE001 - pypdf raises many types for unsupported crypto
                opened = False
            if not opened:
                return _error(
                    own("This PDF is encrypted with a password; its text cannot be read."),
                )
        total = len(reader.pages)
        limit = max(0, request.max_pdf_pages)
        md_parts: list[str] = []
        text_parts: list[str] = []
        chars = 0
        cuts: list[OwnText] = []
        for number in range(min(total, limit)):
            if chars >= MAX_PDF_CHARS:
                cuts.append(
                    own(
                        "pages after {} (the {}-character limit)",
                        own_text.number(number),
                        own_text.number(MAX_PDF_CHARS),
                    )
                )
                break
            page_text = (reader.pages[number].extract_text() or "").strip()
            if len(page_text) > MAX_PAGE_CHARS:
                page_text = page_text[:MAX_PAGE_CHARS] + " \u2026"
                cuts.append(
                    own(
                        "page {} after {} characters",
                        own_text.number(number + 1),
                        own_text.number(MAX_PAGE_CHARS),
                    )
                )
            chars += len(page_text)
            md_parts.append(f"## Page {number + 1}\n\n{page_text}".rstrip())
            text_parts.append(page_text)
        title = ""
        meta = reader.metadata
        if meta is not None and meta.title:
            title = str(meta.title).strip()
        author = str(meta.author).strip() if meta is not None and meta.author else None
    except Exception as exc:  # noqa: BLE001 - pypdf raises many types for broken files
        return _error(
            own("This PDF is damaged or not a valid PDF; its text cannot be read."),
            f"{type(exc).__name__}: {str(exc)[:400]}",
        )
    notice: OwnText | None = None
    flags: tuple[str, ...] = ()
    if total > limit:
        note = own(
            "Only the first {} of {} pages were read.",
            own_text.number(limit),
            own_text.number(total),
        )
        md_parts.append(f"*{note}*")
        text_parts.append(note)
        notice = note
    if cuts:
        more = own_text.words("; ..." if len(cuts) > 5 else "")
        note = own("Text was cut: {}{}.", own_text.joined(cuts[:5], "; "), more)
        notice = own_text.sentences(notice, note)
        flags = ("content_cut",)
    if not any(t for t in text_parts if t):
        flags = ("empty",)
        notice = own("The PDF has no extractable text (it may be scanned images).")
    return Success(
        Document(
            title=title,
            markdown="\n\n".join(md_parts),
            text="\n\n".join(text_parts),
            content_type="application/pdf",
            byline=author,
            flags=flags,
            notice=notice,
        )
    )
