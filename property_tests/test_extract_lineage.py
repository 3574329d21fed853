"""`lineage`'s linear-time ancestry answers equal the chain walks they replaced in
`classify` (verbatim from 9b733dc: each block's `[owner, *owner.iterancestors()]` scanned
whole), over random trees, random owners and random seed sizes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from webdistill.adapters.extract.html.lineage import Under, deepest_holding

_PARAGRAPH_TAGS = frozenset({"p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote"})
_TAGS = ["div", "p", "section", "blockquote", "span", "article", "li"]


@st.composite
def trees(draw: st.DrawFn) -> list[etree._Element]:
    """Elements of one random tree in document order (each a child of an earlier one)."""
    root = etree.Element("body")
    nodes = [root]
    for _ in range(draw(st.integers(0, 40))):
        parent = nodes[draw(st.integers(0, len(nodes) - 1))]
        nodes.append(etree.SubElement(parent, draw(st.sampled_from(_TAGS))))
    return nodes


def _old_container(owners: list[etree._Element | None], sizes: list[int]) -> int | None:
    """The container id as `classify._expand` chose it before (its first loop and max)."""
    cache: dict[int, list[etree._Element]] = {}
    weight: dict[int, int] = {}
    depth: dict[int, int] = {}
    total = 0
    for owner, size in zip(owners, sizes, strict=True):
        total += size
        if owner is None:
            continue
        chain = cache.setdefault(id(owner), [owner, *owner.iterancestors()])
        for index, node in enumerate(chain):
            if index == 0 and owner.tag in _PARAGRAPH_TAGS:
                continue
            weight[id(node)] = weight.get(id(node), 0) + size
            depth[id(node)] = len(chain) - index
    if not total:
        return None
    wanted = 0.75 * total
    return max((n for n, w in weight.items() if w >= wanted), key=depth.__getitem__)


@given(trees(), st.data())
def test_deepest_holding_is_the_old_container(
    nodes: list[etree._Element], data: st.DataObject
) -> None:
    count = data.draw(st.integers(1, 30))
    owners = [
        data.draw(
            st.sampled_from([None, *nodes]) if data.draw(st.booleans()) else st.sampled_from(nodes)
        )
        for _ in range(count)
    ]
    sizes = [data.draw(st.integers(0, 50)) for _ in range(count)]
    try:
        old = _old_container(owners, sizes)
    except ValueError:  # the old max had no element holding the share (text of no element)
        old = None
    total = sum(sizes)
    starts = []
    for owner, size in zip(owners, sizes, strict=True):
        start = owner.getparent() if owner is not None and owner.tag in _PARAGRAPH_TAGS else owner
        if start is not None:
            starts.append((start, size))
    new = deepest_holding(starts, 0.75 * total) if total else None
    assert (None if new is None else id(new)) == old


@given(trees(), st.data())
def test_under_is_the_old_chain_scan(nodes: list[etree._Element], data: st.DataObject) -> None:
    targets = data.draw(st.lists(st.sampled_from(nodes), max_size=3))
    asked = data.draw(st.lists(st.sampled_from([None, *nodes]), max_size=40))
    under = Under(targets)
    ids = {id(t) for t in targets}
    for owner in asked:
        chain = [] if owner is None else [owner, *owner.iterancestors()]
        assert under(owner) == any(id(node) in ids for node in chain)
