"""Ancestry questions about the blocks' elements, in time linear in blocks + elements.

Walking each block's whole ancestor chain costs blocks x depth: 18,000 short blocks 200
levels deep are 3.6 million steps per question. Here each element is climbed past at most
once per question: `Under` remembers the answer of every element met on the way up, and
the next climb stops at the first element already answered; `deepest_holding` climbs each
start once to the first element already placed, then adds the sizes up bottom-up.
"""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree


class Under:
    """Whether an element is one of `targets` or lies under one (answers remembered)."""

    def __init__(self, targets: Iterable[etree._Element]) -> None:
        self._known: dict[etree._Element, bool] = dict.fromkeys(targets, True)

    def __call__(self, node: etree._Element | None) -> bool:
        known = self._known
        path: list[etree._Element] = []
        answer = False
        while node is not None:
            found = known.get(node)
            if found is not None:
                answer = found
                break
            path.append(node)
            node = node.getparent()
        for element in path:
            known[element] = answer
        return answer


def deepest_holding(
    starts: Iterable[tuple[etree._Element, int]], wanted: float
) -> etree._Element | None:
    """The deepest element whose subtree (itself included) holds at least `wanted` of the
    sizes put on the `starts` elements (None when none does). Two elements of one depth are
    disjoint, so with `wanted` above half the total the answer is unique."""
    depth: dict[etree._Element, int] = {}
    parent_of: dict[etree._Element, etree._Element | None] = {}
    weight: dict[etree._Element, int] = {}
    for start, size in starts:
        path: list[etree._Element] = []
        node: etree._Element | None = start
        while node is not None and node not in depth:
            path.append(node)
            node = node.getparent()
        level = depth[node] if node is not None else 0
        above = node
        for element in reversed(path):
            level += 1
            depth[element] = level
            parent_of[element] = above
            above = element
        weight[start] = weight.get(start, 0) + size
    best: etree._Element | None = None
    best_depth = 0
    for element in sorted(depth, key=depth.__getitem__, reverse=True):
        held = weight.get(element, 0)
        parent = parent_of[element]
        if parent is not None:
            weight[parent] = weight.get(parent, 0) + held
        if held >= wanted and depth[element] > best_depth:
            best, best_depth = element, depth[element]
    return best
