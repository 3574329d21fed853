"""Office Open XML documents (DOCX, XLSX, PPTX) read through the optional `office` extra.

The extra brings well-kept per-format readers, chosen over one big converter (markitdown
pulls in an ML file-type model and pandas): `mammoth` (DOCX -> HTML: headings, lists, tables,
emphasis, links; images dropped), `openpyxl` (XLSX, read-only streaming, cached values),
`python-pptx` (PPTX: slide titles, text frames, tables, speaker notes). DOCX goes through
mammoth's HTML (which keeps tables, unlike its Markdown) and then the HTML reader's
whole-document conversion (`convert_html`): a document is all content, so no main-content
selection (which would keep the biggest block, say the footnotes, and drop the body).
Without the extra a document is refused with UNSUPPORTED_CONTENT naming the install command.

Every archive passes `zipped.open_zip` first (entry count, inflated size, ratio), and the
output is bounded: at most `MAX_SHEETS` sheets of `MAX_ROWS` rows and `MAX_COLUMNS`
columns, `MAX_SLIDES` slides, `MAX_OUTPUT_CHARS` characters in all.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Callable
from typing import Any

from returns.result import Failure, Result, Success

from webdistill.adapters.extract.html.reader import convert_html
from webdistill.adapters.extract.plain import markdown_table, markdown_to_text
from webdistill.adapters.extract.registry import ReadRequest
from webdistill.adapters.extract.zipped import DOCX, FORMAT_NAMES, PPTX, XLSX, open_zip
from webdistill.adapters.requirements import OFFICE_HINT
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import Document
from webdistill.kernel.own_text import own, words

INSTALL_HINT = OFFICE_HINT
MAX_SHEETS = 20
MAX_ROWS = 200
MAX_COLUMNS = 40
MAX_SLIDES = 300
MAX_OUTPUT_CHARS = 2_000_000
_LIBRARIES = {DOCX: "mammoth", XLSX: "openpyxl", PPTX: "pptx"}


def _library(name: str) -> Any:
    return importlib.import_module(name)


def _missing(media: str, library: str) -> WebError:
    return WebError.of(
        ErrorCode.UNSUPPORTED_CONTENT,
        own(
            "This URL returned {}. webdistill reads it with its optional "
            "'office' extra, which is not installed here (the operator can install it: "
            "{}). Meanwhile look for an HTML or PDF version of the same content.",
            FORMAT_NAMES[media],
            INSTALL_HINT,
        ),
        media_type=media,
        missing=library,
        install=INSTALL_HINT,
    )


def _docx(body: bytes) -> tuple[str, str]:
    mammoth = _library("mammoth")
    drop_images = mammoth.images.img_element(lambda image: {"alt": image.alt_text or ""})
    result = mammoth.convert_to_html(io.BytesIO(body), convert_image=drop_images)
    markdown, _ = convert_html(f"<html><body>{result.value}</body></html>")
    title = next((ln.lstrip("#").strip() for ln in markdown.splitlines() if ln.strip()), "")
    return title[:200], markdown


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def _xlsx(body: bytes) -> tuple[str, str]:
    openpyxl = _library("openpyxl")
    book = openpyxl.load_workbook(io.BytesIO(body), read_only=True, data_only=True)
    parts: list[str] = []
    try:
        names = list(book.sheetnames)
        for name in names[:MAX_SHEETS]:
            rows: list[list[str]] = []
            total = 0
            for row in book[name].iter_rows(values_only=True):
                cells = [_cell(v) for v in row[:MAX_COLUMNS]]
                if not any(c.strip() for c in cells):
                    continue
                total += 1
                if len(rows) <= MAX_ROWS:
                    rows.append(cells)
            summary = f"## {name}\n\n{max(total - 1, 0)} rows"
            if total - 1 > MAX_ROWS:
                summary += f" (first {MAX_ROWS} shown)"
            parts.append(
                f"{summary}\n\n{markdown_table(rows)}" if rows else f"## {name}\n\n(empty)"
            )
        if len(names) > MAX_SHEETS:
            parts.append(f"... {len(names) - MAX_SHEETS} more sheets not shown")
    finally:
        book.close()
    return (names[0] if len(names) == 1 else f"Workbook of {len(names)} sheets"), "\n\n".join(parts)


def _shape_lines(shape: Any) -> list[str]:
    lines: list[str] = []
    if getattr(shape, "has_table", False):
        rows = [[cell.text for cell in row.cells][:MAX_COLUMNS] for row in shape.table.rows]
        if rows:
            lines.append(markdown_table(rows[: MAX_ROWS + 1]))
    elif getattr(shape, "has_text_frame", False):
        for paragraph in shape.text_frame.paragraphs:
            text = " ".join(paragraph.text.split())
            if text:
                lines.append("  " * paragraph.level + f"- {text}")
    for child in getattr(shape, "shapes", ()):  # group shapes
        lines.extend(_shape_lines(child))
    return lines


def _pptx(body: bytes) -> tuple[str, str]:
    pptx = _library("pptx")
    deck = pptx.Presentation(io.BytesIO(body))
    parts: list[str] = []
    first_title = ""
    slides = list(deck.slides)
    for number, slide in enumerate(slides[:MAX_SLIDES], 1):
        title_shape = slide.shapes.title
        title = " ".join(title_shape.text.split()) if title_shape is not None else ""
        first_title = first_title or title
        lines = [f"## Slide {number}" + (f": {title}" if title else "")]
        for shape in slide.shapes:
            if title_shape is not None and shape.shape_id == title_shape.shape_id:
                continue
            lines.extend(_shape_lines(shape))
        if slide.has_notes_slide:
            notes = " ".join(slide.notes_slide.notes_text_frame.text.split())
            if notes:
                lines.append(f"> Notes: {notes}")
        parts.append("\n".join(lines))
    if len(slides) > MAX_SLIDES:
        parts.append(f"... {len(slides) - MAX_SLIDES} more slides not shown")
    return first_title, "\n\n".join(parts)


_READERS: dict[str, Callable[[bytes], tuple[str, str]]] = {DOCX: _docx, XLSX: _xlsx, PPTX: _pptx}


def read_office(request: ReadRequest) -> Result[Document, WebError]:
    """A DOCX, XLSX or PPTX body as Markdown, or why it cannot be read."""
    media = request.media_type if request.media_type in _READERS else DOCX
    try:
        _library(_LIBRARIES[media])
    except ImportError:
        return Failure(_missing(media, _LIBRARIES[media]))
    opened = open_zip(request.body, FORMAT_NAMES[media])
    if not isinstance(opened, Success):
        return Failure(opened.failure())
    opened.unwrap().close()
    title, markdown = _READERS[media](request.body)
    notice = None
    if len(markdown) > MAX_OUTPUT_CHARS:
        markdown = markdown[:MAX_OUTPUT_CHARS]
        notice = words("The document is very long; only its beginning was read.")
    markdown = markdown.strip()
    return Success(
        Document(
            title=title,
            markdown=markdown,
            text=markdown_to_text(markdown),
            content_type=media,
            flags=() if markdown else ("empty",),
            notice=notice if markdown else words("The document has no readable text."),
        )
    )
