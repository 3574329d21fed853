"""Parsing a page with libxml2 as a browser would have it read: the tree, and what libxml2
did differently from a browser's parser that the reader must know.

Content after the document's end tags is kept (`_reopened`: a browser puts it in the body),
React's streamed content is put in place (`streamed`), and a menu libxml2 kept open past its
`</nav>` / `</header>` end tag, where a browser closes it, is reported (`readable`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from lxml import etree

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
    (`_reopened`); React's streamed content is put in place (`streamed`: its comments mark
    the boundaries)."""
    streaming = is_streamed(html)
    html = _reopened(html)
    parser = etree.HTMLParser(
        encoding="utf-8", remove_comments=not streaming, remove_pis=True, no_network=True
    )
    data = html.encode("utf-8", "replace")
    if not data.strip():
        return Parsed(None, False, False)
    try:
        root = etree.fromstring(data, parser=parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return Parsed(None, False, False)
    log = parser.error_log
    too_deep = any("Excessive depth" in entry.message for entry in log)
    left_open = any(_MENU_MISMATCH.match(entry.message) for entry in log)
    if not isinstance(root, etree._Element):
        return Parsed(None, too_deep, left_open)
    if streaming:
        reveal(root)
        etree.strip_tags(root, etree.Comment)
    return Parsed(root, too_deep, left_open)


#: The document's end tags (`</body>`, `</html>`).
_DOCUMENT_END = re.compile(r"</(?:body|html)\s*>", re.IGNORECASE)


def _reopened(html: str) -> str:
    """`html` without its `</body>` / `</html>` end tags when content follows them. A
    browser's parser puts what follows them in the body (HTML's "after body" modes: React 18
    streams its late content and scripts after `</html>`); libxml2 drops what follows
    `</html>` and puts what follows `</body>` beside the body."""
    first = _DOCUMENT_END.search(html)
    if first is None or not _DOCUMENT_END.sub("", html[first.end() :]).strip():
        return html
    return _DOCUMENT_END.sub("", html)
