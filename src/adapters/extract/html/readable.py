"""Which elements may be read as a page's main content: none a browser hides, save a menu
libxml2 left open around the rest of the page.

A hidden element (`quiet.is_unshown`: the `hidden` attribute, an inline `display: none` or
visually-hidden clip, a display-none or screen-reader-only class) is never the page's main
content nor its article container: its line would be exempt from furniture checks, and
hidden text (an injection for the model) would replace the article a reader sees. The one
exception is libxml2's, not the page's: an unclosed responsive menu (`<div class="hidden
lg:flex">`, `<div hidden>`) inside `<header>` / `<nav>`, which a browser's parser closes at
`</nav>` and libxml2 keeps open around the rest of the page (the wcxb dev page 4267).
"""

from __future__ import annotations

from lxml import etree

from webdistill.adapters.extract.html.quiet import is_unshown

#: Never hidden for this purpose (what is hidden is a part of the page).
_WHOLE_PAGE = frozenset({"html", "body"})
#: Where a hidden responsive menu left unclosed swallows the page.
_MENU_TAGS = frozenset({"header", "nav"})


def is_readable(node: etree._Element, menu_left_open: bool) -> bool:
    """Whether `node` may be read as the page's content: neither it nor an element around it
    is hidden, or each hidden one is inside the page's `<header>` or `<nav>` and runs to the
    end of the page, on a page where libxml2 kept an element open past `</nav>` /
    `</header>` (`menu_left_open`: `parsing.Parsed`). A closed menu, even the page's last,
    keeps its hidden text hidden."""
    for element in (node, *node.iterancestors()):
        if element.tag in _WHOLE_PAGE or not is_unshown(element):
            continue
        if not menu_left_open:
            return False
        if not any(a.tag in _MENU_TAGS for a in element.iterancestors()):
            return False
        if not _runs_to_the_end(element):
            return False
    return True


def _runs_to_the_end(element: etree._Element) -> bool:
    """Whether no text follows `element` up to the end of `<body>` (libxml2 kept it open,
    so the rest of the page is inside it)."""
    node: etree._Element | None = element
    while node is not None and node.tag not in _WHOLE_PAGE:
        if (node.tail or "").strip():
            return False
        for sibling in node.itersiblings():
            if (sibling.tail or "").strip() or any(t.strip() for t in sibling.itertext()):
                return False
        node = node.getparent()
    return True
