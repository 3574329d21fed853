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
`<!--/$-->`). Only instructions a browser runs count: a script of a JavaScript type, not
inside `<noscript>` or `<template>`, ending with the call (a call quoted in a string or a
comment is not run), naming elements parsed before it; a segment no instruction reveals
stays hidden, as in a browser; `$RX` (render on the client) leaves the fallback. The
external runtime's `<template data-rci|data-rsi>` (`ReactFizzConfigDOM.js`) are not read:
they act only through a runtime script whose address is the site's choice.

Bounded: at most MAX_INSTRUCTIONS instructions; every node the fallback clearing walks is
removed, so the walks add up to the tree's size.
"""

from __future__ import annotations

import re

from lxml import etree

from webdistill.adapters.extract.html.tree import drop, text_before

#: Markers of a streamed page in its markup (a cheap test before parsing with comments).
_MARKERS = ('$RC("', '$RR("', '$RS("')
#: The instruction ending a script, as React writes it (`$RC("B:0","S:0")`,
#: `$RR("B:1","S:1",[["/a.css","default"]])`, `$RS("S:2","P:2")`; the ids carry the page's
#: `identifierPrefix`, if any), after its runtime's definitions on the first use.
_CALL = re.compile(
    r'\$R([CRS])\("([^"\\<]{1,200})","([^"\\<]{1,200})"(?:,\[.*\])?\)\s*;?\s*', re.DOTALL
)
#: The `type`s of a script a browser runs (the HTML standard's JavaScript MIME type
#: essences, "module", and none at all).
_RUN_TYPES = frozenset(
    {
        "",
        "module",
        "application/ecmascript",
        "application/javascript",
        "application/x-ecmascript",
        "application/x-javascript",
        "text/ecmascript",
        "text/javascript",
        "text/javascript1.0",
        "text/javascript1.1",
        "text/javascript1.2",
        "text/javascript1.3",
        "text/javascript1.4",
        "text/javascript1.5",
        "text/jscript",
        "text/livescript",
        "text/x-ecmascript",
        "text/x-javascript",
    }
)
#: Elements whose scripts a browser does not run (with scripting on, `<noscript>` is text).
_INERT = frozenset({"noscript", "template"})
#: The most instructions carried out on one page (a real page has tens).
MAX_INSTRUCTIONS = 2_000
#: Comment data opening and closing a boundary (`SUSPENSE_*_DATA`, `ACTIVITY_*_DATA`).
_OPENING = frozenset({"$", "$?", "$~", "$!", "&"})
_CLOSING = frozenset({"/$", "/&"})


def is_streamed(html: str) -> bool:
    """Whether `html` may hold React's streaming instructions (then it is parsed with its
    comments, which mark where each boundary's fallback ends)."""
    return any(marker in html for marker in _MARKERS)


def _instruction(script: etree._Element) -> tuple[str, str, str] | None:
    """("C"|"S", first id, second id) when `script` is one of React's instructions: a script
    a browser runs (its type, not inside `<noscript>` / `<template>`) whose last statement is
    the call, after nothing or after `;` on a line without a comment opening (a call quoted
    in a string or a comment is not run). `$RC` / `$RR` complete a boundary (boundary id,
    segment id), `$RS` a segment (segment id, placeholder id)."""
    text = script.text or ""
    at = max(text.rfind('$RC("'), text.rfind('$RR("'), text.rfind('$RS("'))
    if at < 0 or (script.get("type") or "").strip().lower() not in _RUN_TYPES:
        return None
    call = _CALL.fullmatch(text, at)
    before = text[:at].rstrip()
    line = before.rsplit("\n", 1)[-1]
    if call is None or (before and not before.endswith(";")) or "//" in line or "/*" in line:
        return None
    if any(node.tag in _INERT for node in script.iterancestors()):
        return None
    return ("S" if call.group(1) == "S" else "C"), call.group(2), call.group(3)


def _in_tree(node: etree._Element, root: etree._Element) -> bool:
    """Whether `node` is still in the document (not inside a cleared fallback)."""
    return node is root or any(a is root for a in node.iterancestors())


def _move_children(source: etree._Element, before: etree._Element) -> None:
    """Move the content of `source` (its text and children) just before `before`."""
    if before.getparent() is None:
        return
    if source.text:
        text_before(before, source.text)
        source.text = None
    for child in list(source):
        before.addprevious(child)  # (lxml moves the child's tail with it)


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
    """Carry out the page's streaming instructions on `root` (see the module docstring):
    each where its script stands, on what the browser had parsed by then (both ids before
    the script)."""
    calls: list[tuple[str, str, str, int]] = []
    by_id: dict[str, tuple[int, etree._Element]] = {}
    for position, node in enumerate(root.iter()):
        if not isinstance(node.tag, str):
            continue
        name = node.get("id")
        if name is not None and name not in by_id:
            by_id[name] = (position, node)  # (the first, as `getElementById`)
        if node.tag == "script" and len(calls) < MAX_INSTRUCTIONS:
            found = _instruction(node)
            if found is not None:
                calls.append((*found, position))
    for kind, first, second, position in calls:
        one, other = by_id.get(first), by_id.get(second)
        if one is None or other is None or one[0] > position or other[0] > position:
            continue
        segment, target = (one[1], other[1]) if kind == "S" else (other[1], one[1])
        around = list(target.iterancestors())
        if target is segment or any(a is segment for a in around):
            continue  # (a place inside the content itself: nothing a browser could do)
        if not around or around[-1] is not root or not _in_tree(segment, root):
            continue  # (the document itself, or inside a cleared fallback)
        parent = around[0]
        drop(segment)
        if kind == "S":
            _move_children(segment, target)
            drop(target)
            continue
        end = _clear_fallback(target)
        if end is None:
            end = etree.Comment("/$")
            parent.append(end)
        _move_children(segment, end)
