"""The article's container as Readability scores it, in one linear pass.

jusText judges paragraphs one by one; it cannot tell the article's column from a sidebar
whose paragraphs read as well. Readability's answer is a container score: every paragraph
(a `<p>`, `<pre>`, or a `<div>` holding no block, link or image: a paragraph written as a
div) of at least 25 characters scores `1 + commas + min(chars / 100, 3)` for its parent and
half that for its grandparent; a container starts from what its names and tag say
(`post`, `entry`, `content` up; `comment`, `widget`, `meta` down; lists and forms down)
and its total is scaled by the share of its text outside links. Subtrees that are
furniture by tag (`nav`, `aside`, `footer`, `form`) or by a sure class/id name (comments,
sharing, sidebars: `furniture.ALWAYS_BOILERPLATE_NAME`) score nothing.

`best_container` is one `iterwalk` (text and link characters added up bottom-up), so its
cost is linear in the page size.
"""

from __future__ import annotations

import functools
import re

from lxml import etree

from webdistill.adapters.extract.html.furniture import HARD, furniture_verdict

MIN_PARAGRAPH_CHARS = 25
_PARAGRAPH_TAGS = frozenset({"p", "pre"})
#: A <div> with none of these under it is a paragraph.
_BLOCKISH = frozenset(
    {"a", "img", "blockquote", "dl", "div", "ol", "p", "pre", "table", "ul", "section",
     "article", "form", "figure", "h1", "h2", "h3", "h4", "h5", "h6"}
)  # fmt: skip
_UNLIKELY_TAGS = frozenset({"nav", "aside", "footer", "form"})
_KEEP_TAGS = frozenset({"html", "body", "main", "article"})
_TAG_WEIGHT = {
    "div": 5, "pre": 3, "td": 3, "blockquote": 3,
    "address": -3, "ol": -3, "ul": -3, "dl": -3, "dd": -3, "dt": -3, "li": -3, "form": -3,
    "h1": -5, "h2": -5, "h3": -5, "h4": -5, "h5": -5, "h6": -5, "th": -5,
}  # fmt: skip
NAME_WEIGHT = 25
_POSITIVE = re.compile(
    r"article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story", re.IGNORECASE
)
_NEGATIVE = re.compile(
    r"comment|com-|contact|foot|masthead|media|meta|outbrain|promo|related|scroll|shoutbox|"
    r"sidebar|sponsor|shopping|tags|tool|widget|byline|author|share|social|subscribe|signup|"
    r"newsletter",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=4096)
def name_weight(names: str) -> int:
    """+NAME_WEIGHT for content-like class/id names, -NAME_WEIGHT for furniture-like ones."""
    weight = 0
    if _NEGATIVE.search(names):
        weight -= NAME_WEIGHT
    if _POSITIVE.search(names):
        weight += NAME_WEIGHT
    return weight


def _names(element: etree._Element) -> str:
    return (element.get("class") or "") + " " + (element.get("id") or "")


def is_unlikely(element: etree._Element, tag: str | None = None) -> bool:
    """Furniture by tag (`nav`, `aside`, `footer`, `form`) or by a sure class/id name."""
    if tag is None:
        tag = element.tag.lower() if isinstance(element.tag, str) else ""
    if tag in _UNLIKELY_TAGS:
        return True
    names = _names(element)
    return len(names) > 1 and tag not in _KEEP_TAGS and furniture_verdict(names) == HARD


def best_container(root: etree._Element) -> etree._Element | None:
    """The highest-scoring container under `root` (see the module docstring), or None."""
    scores: dict[etree._Element, float] = {}
    best: etree._Element | None = None
    best_score = 0.0
    # per open element: [text chars, link chars, blockish descendants, commas]
    stack: list[list[int]] = [[0, 0, 0, 0]]
    open_elements: list[etree._Element] = []
    unlikely = [False]
    for event, element in etree.iterwalk(root, events=("start", "end")):
        raw_tag = element.tag
        tag = raw_tag.lower() if isinstance(raw_tag, str) else ""
        if event == "start":
            text = element.text or ""
            stack.append([len(text), 0, 0, text.count(",")])
            open_elements.append(element)
            unlikely.append(unlikely[-1] or is_unlikely(element, tag))
            continue
        chars, links, blockish, commas = stack.pop()
        open_elements.pop()
        furniture = unlikely.pop()
        if tag == "a":
            links = chars
        if element in scores:
            total = scores.pop(element) + _TAG_WEIGHT.get(tag, 0) + name_weight(_names(element))
            total *= 1 - (links / chars if chars else 0)
            if total > best_score:
                best, best_score = element, total
        paragraph = tag in _PARAGRAPH_TAGS or (tag == "div" and not blockish)
        if paragraph and not furniture and chars >= MIN_PARAGRAPH_CHARS and open_elements:
            score = 1 + commas + min(chars / 100, 3)
            parent = open_elements[-1]
            scores[parent] = scores.get(parent, 0.0) + score
            if len(open_elements) > 1:
                grand = open_elements[-2]
                scores[grand] = scores.get(grand, 0.0) + score / 2
        tail = element.tail or ""
        frame = stack[-1]
        frame[0] += chars + len(tail)
        frame[1] += links
        frame[2] += blockish or tag in _BLOCKISH
        frame[3] += commas + tail.count(",")
    return best
