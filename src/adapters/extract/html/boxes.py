"""Small boxes inside the article's container that are not the article.

News templates put boxes into the article body: a teaser card for another story (a linked
title and a blurb), a label and what it introduces ("Dieses Thema im Programm:" and a
broadcast's date, "Diese Seite:" and share buttons). jusText keeps them because they sit
among good paragraphs, and the container rule (`classify._expand`) keeps what lies inside.
Class words alone cannot tell them (`teaser-text` is often the lead, `post-topic` names
forum posts), so a box goes only on structural evidence, and only when it is small:

- the box is the outermost element strictly inside the container holding the block whose
  text is at most BOX_MAX_SHARE of the container's text (a roundup's or a listing's cards
  are most of it), and kept prose of the container comes before it;
- *label box*: its first block is a short label ending in ':', followed by at most
  LABEL_MAX_LINES short lines without digits and no list items (a share or sign-up prompt;
  "In Kürze:" with its points, "Contact:" with a phone number are content);
- *teaser box*: its first or second block is a linked title (a headline of at least
  TITLE_WORDS words linking to another page), the rest a blurb at most, with kept prose
  after it too; the container holds fewer than MAX_CARDS such titles (more are a roundup's
  or a listing's items) and the box is not one of several titled siblings of its shape.

Cost: one walk up each block's ancestry (bounded by the parser's depth).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml import etree

from webdistill.adapters.extract.html.block import Block
from webdistill.adapters.extract.html.branches import _same_shape

#: A box holds at most this share of the container's text.
BOX_MAX_SHARE = 0.15
#: A label: this long at most, ending in ':'.
LABEL_MAX_CHARS = 50
#: Prose: an unlinked block this long is text, not a box's furniture.
PROSE_CHARS = 150
#: A box has at most this many blocks.
BOX_MAX_BLOCKS = 6
#: A linked title: this link density and this many words at least.
TITLE_LINKS = 0.9
TITLE_WORDS = 4
#: This many linked titles in the container are its items (a roundup), not teasers.
MAX_CARDS = 3
TITLE_MAX_CHARS = 200
TEASER_MAX_BLOCKS = 6
#: A label box: the label and at most this many short lines (not list items).
LABEL_MAX_LINES = 2
LABEL_LINE_CHARS = 100

_DIGIT = re.compile(r"\d")
Chain = Callable[[Block], list[etree._Element]]


def _is_label(block: Block) -> bool:
    text = block.text.rstrip()
    return (
        block.kind in {"p", "heading"}
        and len(text) <= LABEL_MAX_CHARS
        and text.endswith(":")
        and block.links_density() == 0
    )


def _is_title(block: Block) -> bool:
    """A story's headline linking to another page (not a section's own anchor)."""
    return (
        block.kind in {"p", "heading"}
        and block.words_count >= TITLE_WORDS
        and len(block.text) <= TITLE_MAX_CHARS
        and block.links_density() >= TITLE_LINKS
        and _links_away(block.owner)
    )


def _links_away(owner: etree._Element | None) -> bool:
    """Whether the <a> in or around `owner` goes to another page."""
    if owner is None:
        return False
    anchors = [*owner.iter("a"), *owner.iterancestors("a")]
    return any(not (a.get("href") or "#").strip().startswith("#") for a in anchors)


def _is_prose(block: Block) -> bool:
    return len(block.text) >= PROSE_CHARS and block.links_density() < 0.5


def drop_boxes(blocks: list[Block], container: int | None, chain: Chain) -> None:
    """Drop the blocks of label and teaser boxes inside `container` (module docstring)."""
    if container is None:
        return
    under: list[list[etree._Element] | None] = []
    total = 0
    size: dict[int, int] = {}
    titled: set[int] = set()  # elements holding a linked title (furniture or not)
    cards = 0
    for block in blocks:
        ancestors = chain(block)
        ids = [id(node) for node in ancestors]
        if container not in ids:
            under.append(None)
            continue
        inner = ancestors[: ids.index(container)]
        if _is_title(block):
            cards += 1
            titled.update(id(node) for node in inner)
        if block.boilerplate:
            under.append(None)
            continue
        under.append(inner)
        total += len(block.text)
        for node in inner:
            size[id(node)] = size.get(id(node), 0) + len(block.text)
    if not total:
        return
    if cards >= MAX_CARDS:
        return
    # Kept prose of the container: a box sits after some (and a teaser before more).
    prose = [
        i
        for i, b in enumerate(blocks)
        if under[i] is not None and b.class_type == "good" and _is_prose(b)
    ]
    if not prose:
        return
    members: dict[int, list[int]] = {}
    boxes: dict[int, etree._Element] = {}
    for index, nodes in enumerate(under):
        if not nodes:
            continue
        box = next((n for n in reversed(nodes) if size[id(n)] <= BOX_MAX_SHARE * total), None)
        if box is None:
            continue
        boxes[id(box)] = box
        members.setdefault(id(box), []).append(index)
    for key, indexes in members.items():
        box_blocks = [blocks[i] for i in indexes]
        if len(box_blocks) < 2 or len(box_blocks) > BOX_MAX_BLOCKS:
            continue
        if not any(b.class_type == "good" for b in box_blocks):
            continue
        before = prose[0] < indexes[0]
        after = prose[-1] > indexes[-1]
        if (before and _label_box(box_blocks)) or (
            before and after and _teaser_box(box_blocks) and not _cards(boxes[key], titled)
        ):
            for block in box_blocks:
                block.class_type = "bad"


def _cards(box: etree._Element, titled: set[int]) -> bool:
    """Whether `box` is one of several siblings of its shape holding a linked title: the
    items of a listing (stories of a front page, posts of a thread), not one teaser."""
    parent = box.getparent()
    if parent is None:
        return False
    return sum(1 for s in parent if id(s) in titled and _same_shape(s, box)) >= 2


def _label_box(box: list[Block]) -> bool:
    rest = box[1:]
    return (
        _is_label(box[0])
        and len(rest) <= LABEL_MAX_LINES
        and all(
            b.kind != "li" and len(b.text) <= LABEL_LINE_CHARS and not _DIGIT.search(b.text)
            for b in rest
        )
    )


def _teaser_box(box: list[Block]) -> bool:
    if len(box) > TEASER_MAX_BLOCKS:
        return False
    titles = [i for i, b in enumerate(box) if _is_title(b)]
    if not titles or len(titles) >= MAX_CARDS or titles[0] > 1:
        return False
    return sum(1 for b in box if _is_prose(b)) <= len(titles)
