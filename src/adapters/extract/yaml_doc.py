"""YAML documents (`application/yaml`, `text/yaml`, `.yaml`/`.yml`): checked, then shown as YAML.

The body is parsed with PyYAML's *safe* loader (libyaml's C loader when present): no Python
objects, no tags that run code. Aliases are not expanded (the text is shown as written, so a
"billion laughs" document stays its own size). Parsing is bounded: bodies over
`MAX_PARSE_BYTES` are shown without the check, and a document nested deeper than the parser
can bear is reported, not crashed on. What the agent reads is the YAML text itself in a
fenced block, under a one-line summary (top-level keys or item count); a document that does
not parse comes back as text with the `parse_warning` flag and the parser's complaint.
"""

from __future__ import annotations

from typing import Any

import yaml
from returns.result import Result, Success

from webdistill.adapters.extract.decoding import decode_text
from webdistill.adapters.extract.registry import ReadRequest
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import Document
from webdistill.kernel.own_text import OwnText, number, own, words

MAX_PARSE_BYTES = 2 * 1024 * 1024
MAX_DOCUMENTS = 100
MAX_KEYS_SHOWN = 12

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _summary(documents: list[object]) -> str:
    if len(documents) > 1:
        return f"YAML stream of {len(documents)} documents"
    value = documents[0] if documents else None
    if isinstance(value, dict):
        keys = [str(k) for k in list(value)[:MAX_KEYS_SHOWN]]
        more = ", ..." if len(value) > MAX_KEYS_SHOWN else ""
        return f"YAML mapping with {len(value)} keys: {', '.join(keys)}{more}"
    if isinstance(value, list):
        return f"YAML sequence of {len(value)} items"
    return "YAML document"


def _title(documents: list[object], summary: str) -> str:
    first = documents[0] if documents else None
    if isinstance(first, dict):
        info = first.get("info")
        for holder in (info if isinstance(info, dict) else {}, first):
            for key in ("title", "name"):
                value = holder.get(key)
                if isinstance(value, str) and value.strip():
                    return value.strip()[:200]
    return summary


def _parse(text: str) -> list[object]:
    documents: list[object] = []
    for document in yaml.load_all(text, Loader=_Loader):  # a safe loader
        documents.append(document)
        if len(documents) >= MAX_DOCUMENTS:
            break
    return documents


def _where(exc: yaml.YAMLError) -> OwnText:
    """Where the YAML parser stopped, as numbers only: its complaint quotes the document
    (libyaml even decodes %-escapes in tags), and a notice stands outside the fence."""
    mark = getattr(exc, "problem_mark", None)
    line, column = getattr(mark, "line", None), getattr(mark, "column", None)
    if isinstance(line, int) and isinstance(column, int):
        return own("a syntax error at line {}, column {}", number(line + 1), number(column + 1))
    return words("a syntax error")


def read_yaml(request: ReadRequest) -> Result[Document, WebError]:
    """YAML: summary line plus the document in a ```yaml fence; parse errors flagged."""
    text = decode_text(request.body, request.content_type).replace("\r\n", "\n").strip()
    if not text:
        return Success(Document(content_type="application/yaml", flags=("empty",),
                                notice=words("The document is empty.")))  # fmt: skip
    problem: OwnText | None = None
    documents: list[object] = []
    if len(request.body) <= MAX_PARSE_BYTES:
        try:
            documents = _parse(text)
        except yaml.YAMLError as exc:
            problem = _where(exc)
        except RecursionError:
            problem = words("the document is nested too deeply to check")
    if problem is not None:
        return Success(
            Document(
                title="YAML document (does not parse)",
                markdown=text,
                text=text,
                content_type="application/yaml",
                flags=("parse_warning",),
                notice=own(
                    "The document claims to be YAML but does not parse ({}); it is shown as "
                    "plain text.",
                    problem,
                ),
            )
        )
    summary = _summary(documents) if documents else "YAML document"
    fence = "````" if "```" in text else "```"
    return Success(
        Document(
            title=_title(documents, summary),
            markdown=f"{summary}\n\n{fence}yaml\n{text}\n{fence}",
            text=f"{summary}\n\n{text}",
            content_type="application/yaml",
        )
    )
