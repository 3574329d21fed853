"""Parts of the main content that carry the same name as the part the reader chose.

Pages cut one article into several wrappers of the same kind, one after another (a layout
grid per stretch of text between two ads: `div.sidebar-grid > div.sidebar-grid__content`
three times). When the reader's main container lies in one of them, a furniture word in
that layout's name (`sidebar-grid`) must not turn the other stretches into furniture: an
element with the same tag and class as an element on the main container's line, under a
parent of the same tag and class, is exempt from furniture names like that element itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree

Signature = tuple[str, str, object, str]


def _signature(element: etree._Element) -> Signature | None:
    names = element.get("class")
    parent = element.getparent()
    if not names or parent is None or not isinstance(element.tag, str):
        return None
    return (element.tag, names, parent.tag, parent.get("class") or "")


def main_twins(main_line: Iterable[etree._Element]) -> set[Signature]:
    """(tag, class, parent's tag and class) of the named elements on the main line."""
    found: set[Signature] = set()
    for element in main_line:
        signature = _signature(element)
        if signature is not None:
            found.add(signature)
    return found


def is_twin(element: etree._Element, twins: set[Signature]) -> bool:
    """Whether `element` repeats a named element of the main line, under a parent of the
    same kind (the same tag and class)."""
    if not twins:
        return False
    signature = _signature(element)
    return signature is not None and signature in twins
