"""Side branches: kept text hanging off the article's ancestors in a different shape.

On pages without a declared main container (old blog and news templates: `div#content`
beside `div#leftmenu` and `div#rightmenu`, a `div.gamma` column after `div.post`), a
sidebar paragraph jusText trusts makes the whole page the text's container, and every
widget of the sidebars is kept. Readability keeps only its best text-dense container and
the siblings that look like it; this module does the same for what jusText kept outside
that container, one *branch* at a time (the subtree hanging off one of the container's
ancestors that holds the kept block), and drops a branch after the container's start when

- the page declares no main container around it (`<main>`, `<article>`...: what the page
  itself calls content stays),
- it is not a sibling of the same shape as the container's own branch at that level
  (same tag and a class token in common, digits ignored: forum posts, documentation
  sections, repeated cards are units of one content; a cell beside the container's cell
  is part of its table row), and
- jusText found less than half of its text (kept or not) good on its own (a sidebar is
  headings, link lists and short lines around a bio at most; a second run of prose is
  content).

The caller applies it only when the container holds a fair share of the kept text.
Cost: one walk up the ancestry of each block (bounded by the parser's depth), and one
look at the children of each of the container's ancestors.
"""

from __future__ import annotations

import re

from lxml import etree

from webdistill.adapters.extract.html.block import Block

#: A branch whose text jusText finds good at least this share of on its own stays.
BRANCH_GOOD_SHARE = 0.5
_DIGITS = re.compile(r"\d+")


#: Grid-layout class tokens (`column span-14` beside `column span-6 col-right`): the
#: columns of a page share them, so they say nothing about what a column holds.
_LAYOUT = re.compile(
    r"(?:col|cols|column|columns|span|grid|cell|row|container|wrap|wrapper|inner|outer|"
    r"first|last|left|right|float|pull|push|offset|clearfix|clear|xs|sm|md|lg|xl)(?:[-_].*)?",
    re.IGNORECASE,
)


def _classes(element: etree._Element) -> frozenset[str]:
    """The element's class tokens, digits and grid-layout tokens left out."""
    tokens = (_DIGITS.sub("", c) for c in (element.get("class") or "").split())
    return frozenset(t for t in tokens if not _LAYOUT.fullmatch(t))


def _same_shape(one: etree._Element, other: etree._Element) -> bool:
    """Siblings of one kind: same tag and at least one class token in common."""
    return one.tag == other.tag and bool(_classes(one) & _classes(other))


def _repeats(element: etree._Element) -> bool:
    """Whether `element` is one of several siblings of its shape (posts of a thread,
    sections of a manual): the parent is a list of units, all of them content."""
    parent = element.getparent()
    if parent is None or not _classes(element):
        return False
    return sum(1 for sibling in parent if _same_shape(sibling, element)) >= 2


def _branch(block: Block, chain: dict[int, int]) -> tuple[etree._Element | None, int]:
    """The subtree root holding `block` just below the nearest ancestor of the container,
    and that ancestor's distance from the container: (None, 0) inside the container,
    (None, level) for text directly in one of its ancestors."""
    node = block.owner
    previous: etree._Element | None = None
    while node is not None:
        level = chain.get(id(node))
        if level is not None:
            return (previous if level else None), level
        previous = node
        node = node.getparent()
    return None, -1


def drop_side_branches(blocks: list[Block], dense: etree._Element) -> None:
    """Drop the kept side branches after `dense` starts (see the module docstring)."""
    ancestors = [dense, *dense.iterancestors()]
    chain = {id(node): level for level, node in enumerate(ancestors)}
    started = False
    groups: dict[int, list[Block]] = {}
    roots: dict[int, tuple[etree._Element, int]] = {}
    for block in blocks:
        if block.owner is None:
            continue
        root, level = _branch(block, chain)
        if level == 0:
            started = True
            continue
        if root is None or not started:
            continue
        roots[id(root)] = (root, level)
        groups.setdefault(id(root), []).append(block)
    repeats: dict[int, bool] = {}  # per level: computed once (a parent may have many children)
    for key, members in groups.items():
        root, level = roots[key]
        kept = [b for b in members if b.class_type == "good"]
        if not kept or any(b.in_main for b in kept):
            continue
        if level not in repeats:
            repeats[level] = _repeats(ancestors[level - 1])
        if repeats[level] or _same_shape(root, ancestors[level - 1]):
            continue
        if level == 1 and root.tag == dense.tag == "td":
            continue  # a cell beside the article's cell: one row of a table
        total = sum(len(b.text) for b in members)
        good = sum(len(b.text) for b in members if b.cf_class == "good")
        if good >= BRANCH_GOOD_SHARE * total:
            continue
        for block in kept:
            block.class_type = "bad"
