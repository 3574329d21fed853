"""Handlers for text formats that need little reading: plain text, Markdown, JSON, CSV/TSV.

JSON is pretty-printed, with long arrays summarised (first items + a count); CSV/TSV
becomes a Markdown table of the first rows plus the total row count.
"""

from __future__ import annotations

import csv
import io
import json
import re

import attrs
from returns.result import Result, Success

from webdistill.adapters.extract.decoding import decode_text
from webdistill.adapters.extract.registry import ReadRequest
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import Document

MAX_ARRAY_ITEMS = 20
MAX_JSON_DEPTH = 40
MAX_TABLE_ROWS = 50
_BLANK_RUN = re.compile(r"\n{3,}")
_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MD_MARKS = re.compile(r"^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+)|[*_`]{1,3}", re.MULTILINE)


def _clean(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    return _BLANK_RUN.sub("\n\n", text).strip()


def _first_line_title(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:200]
    return ""


def read_plain_text(request: ReadRequest) -> Result[Document, WebError]:
    """Plain text as is (line endings normalised); the first line is the title."""
    text = _clean(decode_text(request.body, request.content_type))
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


def markdown_to_text(markdown: str) -> str:
    """Markdown without link URLs and the commonest markup characters."""
    return _MD_MARKS.sub("", _MD_LINK.sub(r"\1", markdown))


def read_markdown(request: ReadRequest) -> Result[Document, WebError]:
    """Markdown passes through; the first heading is the title."""
    markdown = _clean(decode_text(request.body, request.content_type))
    heading = _MD_HEADING.search(markdown)
    title = heading.group(1) if heading else _first_line_title(markdown)
    return Success(
        Document(
            title=title,
            markdown=markdown,
            text=markdown_to_text(markdown),
            content_type="text/markdown",
            flags=() if markdown else ("empty",),
            notice=None if markdown else "The document is empty.",
        )
    )


def summarise_json(value: object) -> object:
    """A copy of `value` with arrays over MAX_ARRAY_ITEMS cut, noting how many were left out.

    Iterative (explicit stack), and containers deeper than MAX_JSON_DEPTH become a note.
    """
    root: list[object] = [None]
    stack: list[tuple[object, list[object] | dict[str, object], int | str, int]] = [
        (value, root, 0, 0)
    ]
    while stack:
        item, parent, key, depth = stack.pop()
        out: object
        if isinstance(item, dict | list) and depth >= MAX_JSON_DEPTH:
            out = f"... ({type(item).__name__} nested too deep, not shown)"
        elif isinstance(item, dict):
            out_dict: dict[str, object] = {}
            for k, v in item.items():
                out_dict[str(k)] = None
                stack.append((v, out_dict, str(k), depth + 1))
            out = out_dict
        elif isinstance(item, list):
            shown = item[:MAX_ARRAY_ITEMS]
            out_list: list[object] = [None] * len(shown)
            for i, v in enumerate(shown):
                stack.append((v, out_list, i, depth + 1))
            if len(item) > len(shown):
                out_list.append(f"... {len(item) - len(shown)} more items ({len(item)} in total)")
            out = out_list
        else:
            out = item
        if isinstance(parent, dict):
            parent[str(key)] = out
        else:
            parent[int(key)] = out
    return root[0]


def read_json(request: ReadRequest) -> Result[Document, WebError]:
    """JSON pretty-printed (long arrays summarised); invalid JSON is read as plain text."""
    raw = decode_text(request.body, request.content_type)
    try:
        value = json.loads(raw)
        pretty = json.dumps(summarise_json(value), indent=2, ensure_ascii=False)
    except (ValueError, RecursionError) as exc:
        return _unparsed_json(request, exc)
    summary = ""
    if isinstance(value, list):
        summary = f"JSON array of {len(value)} items"
    elif isinstance(value, dict):
        summary = f"JSON object with {len(value)} keys"
    markdown = (f"{summary}\n\n" if summary else "") + f"```json\n{pretty}\n```"
    return Success(
        Document(
            title=summary or "JSON document",
            markdown=markdown,
            text=(f"{summary}\n\n" if summary else "") + pretty,
            content_type="application/json",
        )
    )


def _unparsed_json(request: ReadRequest, exc: Exception) -> Result[Document, WebError]:
    """A body that claims JSON but does not parse: its text, flagged `parse_warning`."""
    read = read_plain_text(request).unwrap()
    if not read.markdown:
        return Success(read)
    problem = str(exc)[:200] if isinstance(exc, ValueError) else "nested too deeply"
    return Success(
        attrs.evolve(
            read,
            flags=(*read.flags, "parse_warning"),
            notice=f"The document claims to be JSON but does not parse ({problem}); it is "
            "shown as plain text.",
        )
    )


def _cell(value: str) -> str:
    return " ".join(value.split()).replace("|", "\\|")


def markdown_table(rows: list[list[str]]) -> str:
    """A GFM table from rows of cells; the first row is the header."""
    width = max(len(r) for r in rows)
    padded = [[_cell(c) for c in r] + [""] * (width - len(r)) for r in rows]
    lines = ["| " + " | ".join(padded[0]) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(r) + " |" for r in padded[1:]]
    return "\n".join(lines)


def read_csv(request: ReadRequest) -> Result[Document, WebError]:
    """CSV/TSV as a Markdown table of the first MAX_TABLE_ROWS rows plus the row count."""
    raw = decode_text(request.body, request.content_type)
    tab = "tab-separated" in request.media_type or (
        request.url is not None and request.url.lower().split("?")[0].endswith(".tsv")
    )
    if not tab and "\t" in raw[:2048] and "," not in raw[:2048]:
        tab = True
    try:
        csv.field_size_limit(1 << 20)
        rows = [r for r in csv.reader(io.StringIO(raw), delimiter="\t" if tab else ",") if r]
    except csv.Error:
        return read_plain_text(request)
    if not rows:
        return read_plain_text(request)
    data_rows = len(rows) - 1
    table = markdown_table(rows[: MAX_TABLE_ROWS + 1])
    kind = "TSV" if tab else "CSV"
    summary = f"{kind} table: {data_rows} rows, {len(rows[0])} columns"
    if data_rows > MAX_TABLE_ROWS:
        summary += f" (first {MAX_TABLE_ROWS} rows shown)"
    plain = "\n".join("\t".join(r) for r in rows[: MAX_TABLE_ROWS + 1])
    return Success(
        Document(
            title=summary,
            markdown=f"{summary}\n\n{table}",
            text=f"{summary}\n\n{plain}",
            content_type="text/tab-separated-values" if tab else "text/csv",
        )
    )
