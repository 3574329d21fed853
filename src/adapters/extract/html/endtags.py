"""End tags libxml2 ignores and a browser obeys: `</nav>` met while a `<div>` inside the
`<nav>` is still open.

The HTML standard's parser ("in body" insertion mode, "an end tag whose tag name is one
of: address, article, aside, ...") closes every element open inside the named one when
that element is in scope. libxml2 closes an open element on a misplaced end tag only when
the element's end priority is not higher (HTMLparser.c `htmlAutoCloseOnClose`, the
`htmlEndPriority` table: `div` 150 over the default 100), so it ignores such a `</nav>`
and logs "Opening and ending tag mismatch: nav and div": the rest of the page then lies
inside the menu (a breadcrumb `<nav>` with one mistyped `</div>` swallowed its article,
which the reader leaves out as navigation). `marked` puts a marker element where each
ignored end tag was (found by the log's line: one such end tag on the line, or none is
marked), and `close_at_marks` does in the tree what the browser did: what follows a
marker inside the element it names goes after that element.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from lxml import etree

from webdistill.adapters.extract.html.tree import drop

#: The HTML standard's end tags that close everything open inside their element (the
#: "in body" insertion mode's list; `div`, whose libxml2 priority is already the higher,
#: and `p`, `li`, `dd`, `dt`, which libxml2 closes as a browser does, left out).
_CLOSING = frozenset(
    (
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "dl",
        "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "listing", "main",
        "menu", "nav", "ol", "pre", "search", "section", "summary", "ul",
    )
)  # fmt: skip
#: Elements that end the standard's "has an element in scope" search: behind one of them
#: the end tag is ignored by a browser too.
_SCOPE = frozenset(
    ("applet", "caption", "html", "table", "td", "th", "marquee", "object", "template")
)
_MISMATCH = re.compile(r"Opening and ending tag mismatch: ([a-z0-9]+) and ")
#: A line where an end tag may be text (a script's string, a comment, an attribute value
#: holding `<`): no marker goes there (the attack b30b: a marker in a script's string).
_RAW_OPENINGS = re.compile(rb"<(?:script|style|textarea|title|xmp|!--)|=\s*[\"'][^\"'>]*<", re.I)
#: The marker's tag: `_MARK` + the name of the element its end tag closes.
_MARK = "x-webdistill-end-"
_MARK_TAGS = tuple(_MARK + name for name in sorted(_CLOSING))
#: At most this many markers a page (each is a move of the following content) ...
MAX_MARKS = 500
#: ... and this many nodes moved in all: end tags ignored inside each other move the same
#: content once for each (120 nested menus before 250,000 paragraphs: 30 million moves);
#: past it the remaining markers are only removed (libxml2's tree stays there).
MAX_MOVES = 100_000


def marked(data: bytes, log: Iterable[etree._LogEntry]) -> bytes | None:
    """`data` (the page as parsed) with a marker before each end tag the parser's `log`
    says it ignored while an element inside was open, or None when there is none to mark.
    A line is marked only when the end tag is the one such name on it (`</nav class=x>` or
    a second `</nav>` elsewhere on the line leave it unmarked) and nothing on it may make
    it text (`_RAW_OPENINGS`)."""
    places: dict[int, str] = {}
    judged: set[tuple[int, str]] = set()  # (each line and name once: a minified page is
    starts: list[int] | None = None  # one line, and libxml2 logs hundreds of entries on it)
    for entry in log:
        found = _MISMATCH.match(entry.message)
        if found is None or found.group(1) not in _CLOSING:
            continue
        if starts is None:  # (each line's offset: C-speed split and sums)
            starts = [0, *itertools.accumulate(len(line) + 1 for line in data.split(b"\n"))]
        line, name = entry.line - 1, found.group(1)
        if not 0 <= line < len(starts) or (line, name) in judged:
            continue
        judged.add((line, name))
        begin = starts[line]
        end = starts[line + 1] if line + 1 < len(starts) else len(data)
        offset = _sole_end_tag(data[begin:end], name)
        if offset is not None:
            places[begin + offset] = name
            if len(places) >= MAX_MARKS:
                break
    if not places:
        return None
    parts: list[bytes] = []
    position = 0
    for offset in sorted(places):
        tag = (_MARK + places[offset]).encode()
        parts += [data[position:offset], b"<", tag, b"></", tag, b">"]
        position = offset
    parts.append(data[position:])
    return b"".join(parts)


def _sole_end_tag(line: bytes, name: str) -> int | None:
    """Where `line` holds its one end tag of `name`, when nothing on it may make that text
    (`_RAW_OPENINGS`); None otherwise. Stops at a second `</name`."""
    starts = re.finditer(rb"</" + name.encode() + rb"\b", line, re.I)
    first = next(starts, None)
    if first is None or next(starts, None) is not None:
        return None
    tag = re.compile(rb"</" + name.encode() + rb"\s*>", re.I).match(line, first.start())
    if tag is None or _RAW_OPENINGS.search(line) is not None:
        return None
    return first.start()


def close_at_marks(root: etree._Element) -> None:
    """Close each marked element where its end tag was (`marked`): what follows the marker
    inside it (text and elements, at every level) goes right after it, in order; markers
    are removed. A marker with no such element above it, or with a scope boundary between
    (`_SCOPE`: a browser ignores the end tag there too), or past `MAX_MOVES`, is only
    removed."""
    marks = list(root.iter(*_MARK_TAGS))
    budget = MAX_MOVES
    for mark in marks:
        name = str(mark.tag)[len(_MARK) :]
        chain = [mark]
        owner = mark.getparent()
        while owner is not None and owner.tag != name and owner.tag not in _SCOPE:
            chain.append(owner)
            owner = owner.getparent()
        parent = owner.getparent() if owner is not None else None
        if owner is not None and owner.tag == name and parent is not None and budget > 0:
            budget -= sum(1 + _count(node.itersiblings(), budget) for node in chain)
            if budget >= 0:
                _move_after(owner, _following(chain))
        drop(mark)


def _count(nodes: Iterable[etree._Element], limit: int) -> int:
    """How many `nodes` there are, counting no further than `limit` + 1."""
    return sum(1 for _ in itertools.islice(nodes, limit + 1))


def _following(chain: list[etree._Element]) -> list[str | etree._Element]:
    """What follows each node of `chain` (a marker and its ancestors below the element it
    closes) inside its parent: its tail, then its later siblings; in document order."""
    moved: list[str | etree._Element] = []
    for node in chain:
        if node.tail:
            moved.append(node.tail)
            node.tail = None
        moved.extend(list(node.itersiblings()))
    return moved


def _move_after(owner: etree._Element, moved: list[str | etree._Element]) -> None:
    """Put `moved` (text and elements) right after `owner`, before its own tail text (each
    element after the last: `addnext` there costs no walk along the parent's children)."""
    tail = owner.tail
    owner.tail = None
    last = owner
    for item in moved:
        if isinstance(item, str):
            last.tail = (last.tail or "") + item
            continue
        last.addnext(item)
        last = item
    if tail:
        last.tail = (last.tail or "") + tail
