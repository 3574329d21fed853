"""React's streamed Suspense content, put where a browser puts it.

A page rendered by React's streaming server (`renderToPipeableStream`: Next.js's App Router,
Remix, ...) sends its shell first, with each unfinished `<Suspense>` boundary as its fallback
(`<!--$?--><template id="B:0"></template>Loading…<!--/$-->`), and the content later, at the
end of the body, in hidden segments (`<div hidden id="S:0">…</div>`) followed by an inline
script that moves it into place: `$RC("B:0","S:0")` (the boundary's fallback is replaced,
`$RR` the same after its stylesheets load) and `$RS("S:2","P:2")` (a segment replaces its
`<template id="P:2">` placeholder). Read as served, the article is the fallback ("Loading…")
and its text sits in hidden elements. `reveal` carries the instructions out on the tree, in
the page's order, as React's instruction set does (facebook/react,
`packages/react-dom-bindings/src/server/fizz-instruction-set/`: `completeBoundary`,
`completeSegment`, the fallback cleared from the boundary's `<template>` to its matching
`<!--/$-->`); the external runtime's `<template data-rci|data-rri|data-rsi>` carry the same
instructions as data (`ReactFizzConfigDOM.js`). A segment no instruction names stays hidden,
as in a browser; `$RX` (render on the client) leaves the fallback.

Bounded: at most MAX_INSTRUCTIONS instructions; every node the fallback clearing walks is
removed, so the walks add up to the tree's size.
"""

from __future__ import annotations

import re

from lxml import etree

#: Markers of a streamed page in its markup (a cheap test before parsing with comments).
_MARKERS = ('$RC("', '$RR("', '$RS("', "data-sid=")
#: An instruction in an inline script: `$RC("B:0","S:0")`, `$RR("B:1","S:1",[...])`,
#: `$RS("S:2","P:2")` (the ids carry the page's `identifierPrefix`, if any).
_CALL = re.compile(r'\$R([CRS])\("([^"\\<]{1,200})","([^"\\<]{1,200})"')
#: The most instructions carried out on one page (a real page has tens).
MAX_INSTRUCTIONS = 2_000
#: Comment data opening and closing a boundary (`SUSPENSE_*_DATA`, `ACTIVITY_*_DATA`).
_OPENING = frozenset({"$", "$?", "$~", "$!", "&"})
_CLOSING = frozenset({"/$", "/&"})


def is_streamed(html: str) -> bool:
    """Whether `html` may hold React's streaming instructions (then it is parsed with its
    comments, which mark where each boundary's fallback ends)."""
    return any(marker in html for marker in _MARKERS)


def _instructions(root: etree._Element) -> list[tuple[str, str, str]]:
    """("C"|"S", first id, second id) in the page's order: `$RC`/`$RR` and `data-rci` /
    `data-rri` complete a boundary (boundary id, segment id), `$RS` and `data-rsi` a segment
    (segment id, placeholder id)."""
    found: list[tuple[str, str, str]] = []
    for node in root.iter("script", "template"):
        if node.tag == "script":
            for call in _CALL.finditer(node.text or ""):
                kind = "S" if call.group(1) == "S" else "C"
                found.append((kind, call.group(2), call.group(3)))
        else:
            attributes = node.attrib
            sid = attributes.get("data-sid")
            if sid is None:
                continue
            if "data-rsi" in attributes:
                found.append(("S", sid, attributes.get("data-pid") or ""))
            elif "data-rci" in attributes or "data-rri" in attributes:
                found.append(("C", attributes.get("data-bid") or "", sid))
        if len(found) >= MAX_INSTRUCTIONS:
            return found[:MAX_INSTRUCTIONS]
    return found


def _in_tree(node: etree._Element, root: etree._Element) -> bool:
    """Whether `node` is still in the document (not inside a cleared fallback)."""
    return node is root or any(a is root for a in node.iterancestors())


def _move_children(source: etree._Element, before: etree._Element) -> None:
    """Move the content of `source` (its text and children) just before `before`."""
    parent = before.getparent()
    if parent is None:
        return
    if source.text:
        previous = before.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + source.text
        else:
            parent.text = (parent.text or "") + source.text
        source.text = None
    for child in list(source):
        before.addprevious(child)  # (lxml moves the child's tail with it)


def _remove(node: etree._Element) -> None:
    """Take `node` out of the tree, its tail text staying where it was."""
    parent = node.getparent()
    if parent is None:
        return
    if node.tail:
        previous = node.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + node.tail
        else:
            parent.text = (parent.text or "") + node.tail
    node.tail = None
    parent.remove(node)


def _clear_fallback(start: etree._Element) -> etree._Element | None:
    """Remove `start` (a boundary's `<template>`) and what follows it up to the boundary's
    closing comment (nested boundaries counted), as `completeBoundary` does; the closing
    comment, or None when the siblings ran out (the content then goes at the end)."""
    parent = start.getparent()
    if parent is None:
        return None
    node: etree._Element | None = start
    depth = 0
    while node is not None:
        if isinstance(node, etree._Comment):
            data = node.text or ""
            if data in _CLOSING:
                if depth == 0:
                    return node
                depth -= 1
            elif data in _OPENING:
                depth += 1
        following = node.getnext()
        parent.remove(node)  # (its tail, fallback text, goes with it)
        node = following
    return None


def reveal(root: etree._Element) -> None:
    """Carry out the page's streaming instructions on `root` (see the module docstring)."""
    calls = _instructions(root)
    if not calls:
        return
    wanted = {name for _, first, second in calls for name in (first, second)}
    by_id: dict[str, etree._Element] = {}
    for node in root.iter():
        name = node.get("id") if isinstance(node.tag, str) else None
        if name in wanted and name not in by_id:
            by_id[name] = node  # (the first, as `getElementById`)
    for kind, first, second in calls:
        if kind == "S":
            segment, target = by_id.get(first), by_id.get(second)
        else:
            segment, target = by_id.get(second), by_id.get(first)
        if segment is None or target is None or target is segment:
            continue
        if any(a is segment for a in target.iterancestors()):
            continue  # (a place inside the content itself: nothing a browser could do)
        if not (_in_tree(segment, root) and _in_tree(target, root)):
            continue
        parent = target.getparent()
        if parent is None:
            continue
        _remove(segment)
        if kind == "S":
            _move_children(segment, target)
            _remove(target)
            continue
        end = _clear_fallback(target)
        if end is None:
            end = etree.Comment("/$")
            parent.append(end)
        _move_children(segment, end)
