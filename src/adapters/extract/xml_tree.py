"""Generic XML (not a feed) as an outline that keeps its structure: elements, attributes, text.

Each element becomes one list item, indented by depth: its name in bold, its attributes as
`name="value"`, then its own text; children follow one level deeper. Namespaces are shown
as prefixes where the document declares them (else dropped). The walk is iterative and
bounded: at most `MAX_ELEMENTS` elements and `MAX_DEPTH` levels are shown (the rest is
counted in a closing note), attribute values and texts are clipped, so a hostile document
cannot make the outline larger than its own bytes by much.
"""

from __future__ import annotations

from lxml import etree

from webdistill.kernel.model import Document
from webdistill.kernel.own_text import words

MAX_ELEMENTS = 5000
MAX_DEPTH = 40
MAX_VALUE_CHARS = 300
MAX_TEXT_CHARS = 2000


def _clip(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _name(node: etree._Element, tag: str) -> str:
    qname = etree.QName(tag)
    if qname.namespace is None:
        return qname.localname
    prefix = next((p for p, uri in (node.nsmap or {}).items() if uri == qname.namespace), None)
    return f"{prefix}:{qname.localname}" if prefix else qname.localname


def _line(node: etree._Element) -> tuple[str, str]:
    """(Markdown, plain) line for one element, without indentation."""
    tag = node.tag if isinstance(node.tag, str) else ""
    name = _name(node, tag)
    attributes = " ".join(
        f'{_name(node, str(key))}="{_clip(str(value), MAX_VALUE_CHARS)}"'
        for key, value in node.attrib.items()
    )
    own = _clip(node.text or "", MAX_TEXT_CHARS)
    head = f"**{name}**" + (f" {attributes}" if attributes else "")
    plain = name + (f" {attributes}" if attributes else "")
    if own:
        return f"{head}: {own}", f"{plain}: {own}"
    return head, plain


def xml_outline(root: etree._Element) -> Document:
    """The outline of `root` as a `Document` (title: the root element's name)."""
    md_lines: list[str] = []
    text_lines: list[str] = []
    shown = hidden = 0
    stack: list[tuple[etree._Element, int]] = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node.tag, str):
            continue
        if shown >= MAX_ELEMENTS or depth > MAX_DEPTH:
            hidden += 1
            continue
        md, plain = _line(node)
        md_lines.append("  " * depth + "- " + md)
        text_lines.append("  " * depth + plain)
        shown += 1
        tails = [
            _clip(child.tail, MAX_TEXT_CHARS) for child in node if child.tail and child.tail.strip()
        ]
        if tails:
            md_lines.append("  " * (depth + 1) + "- " + " ".join(tails))
            text_lines.append("  " * (depth + 1) + " ".join(tails))
        stack.extend((child, depth + 1) for child in reversed(node))
    if hidden:
        note = (
            f"... more elements not shown (the outline stops at {MAX_ELEMENTS} elements "
            f"and {MAX_DEPTH} levels)"
        )
        md_lines.append(note)
        text_lines.append(note)
    tag = root.tag if isinstance(root.tag, str) else "xml"
    return Document(
        title=_name(root, tag),
        markdown="\n".join(md_lines),
        text="\n".join(text_lines),
        content_type="application/xml",
        flags=() if shown else ("empty",),
        notice=None if shown else words("The XML document holds no elements."),
    )
