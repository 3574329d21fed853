"""Which `<button>`s the reader reads: buttons are controls, skipped with their text, except
an accordion's header, whose text is the heading of the panel it opens.

An FAQ's questions sit in buttons: the W3C ARIA APG accordion pattern (`<h3><button>`),
Bootstrap 5 (`h2.accordion-header > button.accordion-button`), Radix / shadcn
(`Accordion.Header` around `Accordion.Trigger`), and Tailwind sections that put the heading
inside the button (`<button><h5>`, invalid but written). Skipping them left the answers
without their questions. A button counts as a header when it is the whole content of a
heading (or `role="heading"`), up to one wrapper, or its content is one heading; not when
it is a tab (`role="tab"`: a tab list's labels are not headings), hidden from assistive
technology (`aria-hidden`: an accordion header is an accessible control) or anything on the
way is not shown (hidden text must not reach the model by this door). Inside it, hidden,
screen-reader-only and icon-font parts are not read ("Show this section", "expand_more"),
nor a part marked `data-nosnippet` (Google Search's mark for text that is no part of a
snippet: GOV.UK's accordion writes its "Show" / "Hide" toggle label so, govuk-frontend's
`accordion.mjs` and the design system's templates) unless it holds all of the button's text.
At most MAX_HEADER_ELEMENTS elements are looked at per button.
"""

from __future__ import annotations

from lxml import etree

from webdistill.adapters.extract.html.furniture import HEADING_TAGS
from webdistill.adapters.extract.html.quiet import is_unshown

#: How far up from a `<button>` its heading may be (`<h2><span><button>`: one wrapper).
_LEVELS = 2


def _is_heading(element: etree._Element) -> bool:
    tag = element.tag
    return (isinstance(tag, str) and tag.lower() in HEADING_TAGS) or element.get(
        "role"
    ) == "heading"


def _blank(text: str | None) -> bool:
    return not (text or "").strip()


def _heading_inside(button: etree._Element) -> etree._Element | None:
    """The one heading that is the button's whole content, if it is."""
    if len(button) != 1 or not _blank(button.text):
        return None
    child = button[0]
    return child if _is_heading(child) and _blank(child.tail) else None


def _heading_around(button: etree._Element) -> list[etree._Element] | None:
    """The elements from the button up to the heading it is the whole content of."""
    node = button
    line = [button]
    for _ in range(_LEVELS):
        parent = node.getparent()
        if parent is None or len(parent) != 1 or not _blank(parent.text) or not _blank(node.tail):
            return None
        line.append(parent)
        if _is_heading(parent):
            return line
        node = parent
    return None


#: More elements than this under a button: not a header (headers are a few words; the
#: bound keeps the look inside it constant).
MAX_HEADER_ELEMENTS = 64
#: Icon fonts that draw a glyph from a word (a ligature): Google's Material Icons
#: (`material-icons`, `material-icons-outlined`, ...) and Material Symbols
#: (`material-symbols-outlined`, ...), fonts.google.com/icons: "expand_more" is a chevron;
#: Google's own products use `google-material-icons` and `google-symbols`.
_ICON_FONTS = ("material-icons", "material-symbols", "google-material-icons", "google-symbols")


def _is_glyph(element: etree._Element) -> bool:
    names = element.get("class")
    return names is not None and any(token.startswith(_ICON_FONTS) for token in names.split())


def accordion_header(button: etree._Element) -> frozenset[etree._Element] | None:
    """The parts of a `<button>` read as a heading's text not to read (hidden, screen-reader
    only, icon-font words, `data-nosnippet`: "Show this section", "expand_more", "Show"), or
    None when the button is not an accordion header (see the module docstring)."""
    if button.get("role") == "tab" or button.get("aria-hidden") == "true":
        return None  # (a header is an accessible control: an aria-hidden button is not one)
    inside = _heading_inside(button)
    line = [button, inside] if inside is not None else _heading_around(button)
    if line is None or any(is_unshown(node) for node in line):
        return None
    unread = []
    snippetless = []
    for count, element in enumerate(button.iterdescendants()):
        if count >= MAX_HEADER_ELEMENTS:
            return None
        if element is inside:
            continue
        if is_unshown(element) or _is_glyph(element):
            unread.append(element)
        elif "data-nosnippet" in element.attrib:
            snippetless.append(element)
    if snippetless and _text_outside(button, frozenset(unread + snippetless)):
        unread += snippetless  # (not when the mark covers the title itself)
    return frozenset(unread)


def _text_outside(root: etree._Element, parts: frozenset[etree._Element]) -> bool:
    """Whether `root` holds text outside `parts` (elements under it)."""
    stack = [root]
    while stack:
        element = stack.pop()
        if not _blank(element.text):
            return True
        for child in element:
            if not _blank(child.tail):
                return True
            if child not in parts:
                stack.append(child)
    return False
