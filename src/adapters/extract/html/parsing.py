"""Parsing a page with libxml2 as a browser would have it read: the tree, and what libxml2
did differently from a browser's parser that the reader must know.

Content after the document's end tags is kept (`_reopened`: a browser puts it in the body),
an element libxml2 kept open past its end tag because another was open inside is closed
there as a browser closes it (`endtags`),
React's streamed content is put in place (`streamed`), and a menu libxml2 kept open past its
`</nav>` / `</header>` end tag, where a browser closes it, is reported (`readable`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from lxml import etree

from webdistill.adapters.extract.html.endtags import close_at_marks, marked
from webdistill.adapters.extract.html.streamed import is_streamed, reveal


class Parsed(NamedTuple):
    """What `parse_html` made of a page."""

    #: The lxml document (None when there is nothing to parse).
    root: etree._Element | None
    #: libxml2 stopped early: the page nests deeper than its limit (256).
    too_deep: bool
    #: libxml2 kept an element open past a `</nav>` or `</header>` (its log says "Opening
    #: and ending tag mismatch: nav and div"), where a browser's parser closes it.
    menu_left_open: bool


#: libxml2's report of a `</nav>` / `</header>` met while another element was open.
_MENU_MISMATCH = re.compile(r"Opening and ending tag mismatch: (?:nav|header) and ")


def parse_html(html: str) -> Parsed:
    """The page parsed by libxml2 (`Parsed`). Content after the document's end tags is kept
    (`_reopened`); elements are closed where libxml2 ignored end tags a browser obeys
    (`endtags`); React's streamed content is put in place (`streamed`: its comments mark
    the boundaries)."""
    streaming = is_streamed(html)
    data = _reopened(html).encode("utf-8", "replace")
    if not data.strip():
        return Parsed(None, False, False)
    root, log = _parse(data, streaming)
    if root is None:
        return Parsed(None, False, False)
    too_deep = any("Excessive depth" in entry.message for entry in log)
    left_open = any(_MENU_MISMATCH.match(entry.message) for entry in log)
    if not isinstance(root, etree._Element):
        return Parsed(None, too_deep, left_open)
    again = marked(data, log)
    if again is not None:
        del root  # (the first tree goes before the second is built: peak memory)
        root, _ = _parse(again, streaming)
        if isinstance(root, etree._Element):
            close_at_marks(root)
        else:  # (the marked page failed to parse: the page as it came)
            root, _ = _parse(data, streaming)
            if not isinstance(root, etree._Element):
                return Parsed(None, too_deep, left_open)
    if streaming:
        reveal(root)
        etree.strip_tags(root, etree.Comment)
    return Parsed(root, too_deep, left_open)


def _parse(data: bytes, streaming: bool) -> tuple[etree._Element | None, etree._ListErrorLog]:
    """libxml2's tree of `data` (None when it fails) and its log."""
    parser = etree.HTMLParser(
        encoding="utf-8", remove_comments=not streaming, remove_pis=True, no_network=True
    )
    try:
        return etree.fromstring(data, parser=parser), parser.error_log
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return None, parser.error_log


#: The document's end tags (`</body>`, `</html>`) wherever they are.
_END_TAG = re.compile(r"</(?:body|html)\s*>", re.IGNORECASE)
#: The document's end tags, and the elements whose content is raw text (where such a tag is
#: text: code shown in `<xmp>`, a script's string).
_MARKUP = re.compile(
    r"<(script|style|xmp|textarea|title|iframe|noembed|noframes|plaintext)\b|</(?:body|html)\s*>",
    re.IGNORECASE,
)
_RAW_TEXT_END = {
    name: re.compile(rf"</{name}\s*>", re.IGNORECASE)
    for name in ("script", "style", "xmp", "textarea", "title", "iframe", "noembed", "noframes")
}


def _document_ends(html: str) -> list[tuple[int, int]]:
    """Where `html`'s `</body>` / `</html>` end tags are, outside raw-text elements (one
    pass: each search starts where the last one ended)."""
    spans: list[tuple[int, int]] = []
    position = 0
    while (found := _MARKUP.search(html, position)) is not None:
        name = found.group(1)
        if name is None:
            spans.append(found.span())
            position = found.end()
            continue
        closer = _RAW_TEXT_END.get(name.lower())
        end = closer.search(html, found.end()) if closer is not None else None
        if end is None:
            break  # (`<plaintext>`, or raw text to the end of the page)
        position = end.end()
    return spans


def _reopened(html: str) -> str:
    """`html` without its `</body>` / `</html>` end tags when content follows them. A
    browser's parser puts what follows them in the body (HTML's "after body" modes: React 18
    streams its late content and scripts after `</html>`); libxml2 drops what follows
    `</html>` and puts what follows `</body>` beside the body. Such tags inside raw-text
    elements are text and stay."""
    first = _END_TAG.search(html)  # (a quick look: most pages end with their end tags)
    if first is None or not _END_TAG.sub("", html[first.end() :]).strip():
        return html
    spans = _document_ends(html)
    if not spans:
        return html
    kept = []
    start = 0
    for begin, end in spans:
        kept.append(html[start:begin])
        start = end
    kept.append(html[start:])
    if not "".join(kept[1:]).strip():
        return html
    return "".join(kept)
