"""Captions and photo credits that pages put inside `<figure>` without `<figcaption>`.

`<figcaption>` is furniture (`furniture.BOILERPLATE_TAGS`); many news templates write the
caption and the credit as plain `<div>`/`<span>`/`<p>` inside the `<figure>` instead
(`figure > div.pictsrc`, `figure > p.caption`, `figure > span.credit`). A short line of
text whose nearest `<figure>` holds no quotation, table or code (figures also wrap pull
quotes, tables and listings: those are content) is such a caption or credit. An image
of the figure waits for the next paragraph instead of riding on its caption.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from lxml import etree

#: A caption or credit is at most this long (longer text in a figure is an embed's body).
MAX_CHARS = 300
#: How far up from a block's element the nearest <figure> may be.
MAX_LEVELS = 6
_CONTENT_TAGS = frozenset({"blockquote", "table", "pre", "code", "ol", "ul", "q"})


class Line(Protocol):
    kind: str
    class_type: str
    owner: etree._Element | None

    @property
    def text(self) -> str: ...


def figure_of(owner: etree._Element) -> etree._Element | None:
    """The `<figure>` at most MAX_LEVELS above `owner`, with no quotation, table, code or
    list between them (nor an article, main or body: then it is not a caption)."""
    node: etree._Element | None = owner
    for _ in range(MAX_LEVELS):
        if node is None:
            return None
        tag = node.tag if isinstance(node.tag, str) else ""
        if tag == "figure":
            return node
        if tag in _CONTENT_TAGS or tag in {"article", "main", "body"}:
            return None
        node = node.getparent()
    return None


def drop_figure_text(lines: Sequence[Line]) -> None:
    """Kept short lines inside a `<figure>` that wraps no quotation, table, code or list
    (captions, credits) go. Each figure's subtree is looked at once."""
    figures: dict[int, bool] = {}  # id(figure) -> it holds content (a quote, a table...)
    for line in lines:
        owner = line.owner
        if line.class_type != "good" or owner is None or len(line.text) > MAX_CHARS:
            continue
        if line.kind not in {"p", "heading"}:
            continue
        figure = figure_of(owner)
        if figure is None:
            continue
        key = id(figure)
        if key not in figures:
            figures[key] = any(True for _ in figure.iter(*_CONTENT_TAGS))
        if not figures[key]:
            line.class_type = "bad"
