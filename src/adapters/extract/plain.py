"""Handlers for text formats that need little reading: plain text, Markdown, JSON, CSV/TSV.

JSON is pretty-printed, with long arrays, objects with many keys and long strings summarised
(first items + a count); CSV/TSV becomes a Markdown table of the first rows and columns, with
long cells cut, plus the total row and column counts. Whatever is cut is said in the result
(its summary line, `notice`, and the `content_cut` flag): hostile input cannot grow the output
past these caps (a CSV row of a million commas once padded every row to a million columns).
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
from webdistill.kernel.own_text import OwnText, joined, number, own, words

MAX_ARRAY_ITEMS = 20
MAX_OBJECT_KEYS = 100
MAX_JSON_STRING = 2000
MAX_JSON_DEPTH = 40
MAX_JSON_CHARS = 400_000
MAX_TABLE_ROWS = 50
MAX_TABLE_COLUMNS = 40
MAX_CELL_CHARS = 300
CUT_FLAG = "content_cut"
_BLANK_RUN = re.compile(r"\n{3,}")
_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MD_MARKS = re.compile(r"^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+)|[*_`]{1,3}", re.MULTILINE)


def _clean(text: str) -> str:
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        text = text.replace("\x00", "")
    if "\n\n\n" in text:  # what _BLANK_RUN matches: no scan by the regex engine without it
        text = _BLANK_RUN.sub("\n\n", text)
    return text.strip()


def _first_line_title(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:200]
    return ""


def read_plain_text(request: ReadRequest) -> Result[Document, WebError]:
    """Plain text as is (line endings normalised); the first line is the title."""
    return Success(plain_text_document(request.body, request.content_type))


def plain_text_document(body: bytes, content_type: str | None) -> Document:
    """`read_plain_text`'s document for `body` served as `content_type`."""
    text = _clean(decode_text(body, content_type))
    if not text:
        return Document(content_type="text/plain", flags=("empty",),
                        notice=words("The document is empty."))  # fmt: skip
    return Document(title=_first_line_title(text), markdown=text, text=text,
                    content_type="text/plain")  # fmt: skip


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
            notice=None if markdown else words("The document is empty."),
        )
    )


def summarise_json(value: object, cuts: set[OwnText] | None = None) -> object:
    """A copy of `value` with arrays over MAX_ARRAY_ITEMS, objects over MAX_OBJECT_KEYS and
    strings over MAX_JSON_STRING cut, noting how much was left out; what kinds of cut were
    made are added to `cuts`.

    Iterative (explicit stack), and containers deeper than MAX_JSON_DEPTH become a note.
    """
    cuts = set() if cuts is None else cuts
    root: list[object] = [None]
    stack: list[tuple[object, list[object] | dict[str, object], int | str, int]] = [
        (value, root, 0, 0)
    ]
    while stack:
        item, parent, key, depth = stack.pop()
        out: object
        if isinstance(item, dict | list) and depth >= MAX_JSON_DEPTH:
            out = f"... ({type(item).__name__} nested too deep, not shown)"
            cuts.add(own("containers deeper than {} levels", number(MAX_JSON_DEPTH)))
        elif isinstance(item, dict):
            out_dict: dict[str, object] = {}
            for index, (k, v) in enumerate(item.items()):
                if index >= MAX_OBJECT_KEYS:
                    out_dict["..."] = f"{len(item) - index} more keys ({len(item)} in total)"
                    cuts.add(own("objects past {} keys", number(MAX_OBJECT_KEYS)))
                    break
                out_dict[str(k)] = None
                stack.append((v, out_dict, str(k), depth + 1))
            out = out_dict
        elif isinstance(item, str) and len(item) > MAX_JSON_STRING:
            out = item[:MAX_JSON_STRING] + f"... ({len(item)} characters in total)"
            cuts.add(own("strings past {} characters", number(MAX_JSON_STRING)))
        elif isinstance(item, list):
            shown = item[:MAX_ARRAY_ITEMS]
            out_list: list[object] = [None] * len(shown)
            for i, v in enumerate(shown):
                stack.append((v, out_list, i, depth + 1))
            if len(item) > len(shown):
                out_list.append(f"... {len(item) - len(shown)} more items ({len(item)} in total)")
                cuts.add(own("arrays past {} items", number(MAX_ARRAY_ITEMS)))
            out = out_list
        else:
            out = item
        if isinstance(parent, dict):
            parent[str(key)] = out
        else:
            parent[int(key)] = out
    return root[0]


def _dumps_capped(value: object, cuts: set[OwnText]) -> str:
    """`value` pretty-printed, stopping at MAX_JSON_CHARS (indentation of deep, wide
    documents could otherwise make the output many times the size of the input)."""
    parts: list[str] = []
    size = 0
    for piece in json.JSONEncoder(indent=2, ensure_ascii=False).iterencode(value):
        parts.append(piece)
        size += len(piece)
        if size > MAX_JSON_CHARS:
            cuts.add(own("everything past {} characters", number(MAX_JSON_CHARS)))
            return "".join(parts)[:MAX_JSON_CHARS] + "\n..."
    return "".join(parts)


def read_json(request: ReadRequest) -> Result[Document, WebError]:
    """JSON pretty-printed (long arrays summarised); invalid JSON is read as plain text."""
    raw = decode_text(request.body, request.content_type)
    cuts: set[OwnText] = set()
    try:
        value = json.loads(raw)
        pretty = _dumps_capped(summarise_json(value, cuts), cuts)
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
            flags=(CUT_FLAG,) if cuts else (),
            notice=own("Only part of the JSON is shown: {} were cut.", joined(sorted(cuts), ", "))
            if cuts
            else None,
        )
    )


def _unparsed_json(request: ReadRequest, exc: Exception) -> Result[Document, WebError]:
    """A body that claims JSON but does not parse: its text, flagged `parse_warning`."""
    read = read_plain_text(request).unwrap()
    if not read.markdown:
        return Success(read)
    # Numbers only: the parser's complaint may quote the document, and a notice stands
    # outside the fence.
    if isinstance(exc, json.JSONDecodeError):
        problem = own("a syntax error at line {}, column {}", number(exc.lineno), number(exc.colno))
    else:
        problem = words("a syntax error" if isinstance(exc, ValueError) else "nested too deeply")
    return Success(
        attrs.evolve(
            read,
            flags=(*read.flags, "parse_warning"),
            notice=own(
                "The document claims to be JSON but does not parse ({}); it is shown as plain "
                "text.",
                problem,
            ),
        )
    )


def _cell(value: str) -> str:
    text = " ".join(value[: MAX_CELL_CHARS * 4].split())
    if len(text) > MAX_CELL_CHARS:
        text = text[: MAX_CELL_CHARS - 1] + "\u2026"
    return text.replace("|", "\\|")


def markdown_table(rows: list[list[str]]) -> str:
    """A GFM table from rows of cells; the first row is the header."""
    width = max(len(r) for r in rows)
    padded = [[_cell(c) for c in r] + [""] * (width - len(r)) for r in rows]
    lines = ["| " + " | ".join(padded[0]) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(r) + " |" for r in padded[1:]]
    return "\n".join(lines)


def _table_rows(raw: str, delimiter: str) -> tuple[list[list[str]], int, int]:
    """The first MAX_TABLE_ROWS + 1 non-empty rows (at most MAX_TABLE_COLUMNS cells each), the
    number of rows and the widest row's width; the rest is counted, never kept."""
    kept: list[list[str]] = []
    rows = widest = 0
    for row in csv.reader(io.StringIO(raw), delimiter=delimiter):
        if not row:
            continue
        rows += 1
        widest = max(widest, len(row))
        if len(kept) <= MAX_TABLE_ROWS:
            kept.append(row[:MAX_TABLE_COLUMNS])
    return kept, rows, widest


def read_csv(request: ReadRequest) -> Result[Document, WebError]:
    """CSV/TSV as a Markdown table of the first rows and columns, saying what was left out."""
    raw = decode_text(request.body, request.content_type)
    tab = "tab-separated" in request.media_type or (
        request.url is not None and request.url.lower().split("?")[0].endswith(".tsv")
    )
    if not tab and "\t" in raw[:2048] and "," not in raw[:2048]:
        tab = True
    try:
        csv.field_size_limit(1 << 20)
        rows, total, widest = _table_rows(raw, "\t" if tab else ",")
    except csv.Error:
        return read_plain_text(request)
    if not rows:
        return read_plain_text(request)
    data_rows = total - 1
    table = markdown_table(rows)
    kind = "TSV" if tab else "CSV"
    summary = f"{kind} table: {data_rows} rows, {widest} columns"
    cuts: list[OwnText] = []
    if data_rows > MAX_TABLE_ROWS:
        cuts.append(own("first {} rows", number(MAX_TABLE_ROWS)))
    if widest > MAX_TABLE_COLUMNS:
        cuts.append(own("first {} columns", number(MAX_TABLE_COLUMNS)))
    long_cells = any(len(cell) > MAX_CELL_CHARS for row in rows for cell in row)
    if long_cells:
        cuts.append(own("cells cut to {} characters", number(MAX_CELL_CHARS)))
    if cuts:
        summary += f" ({', '.join(cuts)} shown)"
    plain = "\n".join("\t".join(_cell(c) for c in r) for r in rows)
    return Success(
        Document(
            title=summary,
            markdown=f"{summary}\n\n{table}",
            text=f"{summary}\n\n{plain}",
            content_type="text/tab-separated-values" if tab else "text/csv",
            flags=(CUT_FLAG,) if cuts else (),
            notice=own(
                "Only part of the table is shown: {} table: {} rows, {} columns ({} shown).",
                words("TSV" if tab else "CSV"),
                number(data_rows),
                number(widest),
                joined(cuts, ", "),
            )
            if cuts
            else None,
        )
    )
