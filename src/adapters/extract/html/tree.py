"""Edits of an lxml tree that keep its text where a browser shows it: lxml stores the text
after an element as that element's `tail`, so removing or moving an element would take the
text that follows it along.
"""

from __future__ import annotations

from lxml import etree


def text_before(node: etree._Element, text: str) -> None:
    """Put `text` just before `node`: the tail of its previous sibling, or its parent's text."""
    previous = node.getprevious()
    if previous is not None:
        previous.tail = (previous.tail or "") + text
        return
    parent = node.getparent()
    if parent is not None:
        parent.text = (parent.text or "") + text


def drop(node: etree._Element) -> None:
    """Remove `node` and its subtree, its tail text staying where it was."""
    parent = node.getparent()
    if parent is None:
        return
    if node.tail:
        text_before(node, node.tail)
        node.tail = None
    parent.remove(node)
