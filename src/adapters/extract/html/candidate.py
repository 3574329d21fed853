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

`measure.measure` scores every container in its one `iterwalk` with these functions (text,
link characters and commas added up bottom-up), so the cost stays linear in the page size.
"""

from __future__ import annotations

import re

from lxml import etree

from webdistill.adapters.extract.html.furniture import HARD, furniture_verdict
from webdistill.adapters.extract.html.memo import page_cache

MIN_PARAGRAPH_CHARS = 25
_PARAGRAPH_TAGS = frozenset({"p", "pre"})
#: A <div> with none of these under it is a paragraph (`measure` adds them up).
BLOCKISH = frozenset(
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


@page_cache(4096)
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


def is_unlikely(element: etree._Element) -> bool:
    """Furniture by tag (`nav`, `aside`, `footer`, `form`) or by a sure class/id name."""
    tag = element.tag
    if tag in _UNLIKELY_TAGS:
        return True
    names = element.get("class")
    ident = element.get("id")
    if names is None and ident is None:
        return False
    return tag not in _KEEP_TAGS and furniture_verdict(f"{names or ''} {ident or ''}") == HARD


def paragraph_score(tag: str, chars: int, commas: int, blockish: bool) -> float:
    """What a paragraph (`<p>`, `<pre>`, a `<div>` holding no block, link or image) of
    `chars` characters and `commas` commas adds to its parent (half to its grandparent);
    0 for anything else or a paragraph too short to count."""
    if chars < MIN_PARAGRAPH_CHARS or not (
        tag in _PARAGRAPH_TAGS or (tag == "div" and not blockish)
    ):
        return 0.0
    return 1 + commas + min(chars / 100, 3)


class ContainerScores:
    """Readability's container scores, fed element by element at each element's end."""

    def __init__(self) -> None:
        self.paragraphs: dict[etree._Element, float] = {}
        self.best: etree._Element | None = None
        self.best_score = 0.0

    def close(
        self,
        element: etree._Element,
        tag: str,
        sizes: tuple[int, int, int, int],
        furniture: bool,
        ancestors: list[etree._Element],
    ) -> None:
        """Score `element` (text chars, link chars, commas, blockish descendants under it)
        as a container if paragraphs scored for it, and as a paragraph for its ancestors."""
        chars, links, commas, blockish = sizes
        own = self.paragraphs.pop(element, None)
        if own is not None:
            total = own + _TAG_WEIGHT.get(tag, 0)
            if element.get("class") or element.get("id"):
                total += name_weight(_names(element))
            total *= 1 - (links / chars if chars else 0)
            if total > self.best_score:
                self.best, self.best_score = element, total
        score = 0.0 if furniture else paragraph_score(tag, chars, commas, bool(blockish))
        if score and ancestors:
            parent = ancestors[-1]
            self.paragraphs[parent] = self.paragraphs.get(parent, 0.0) + score
            if len(ancestors) > 1:
                grand = ancestors[-2]
                self.paragraphs[grand] = self.paragraphs.get(grand, 0.0) + score / 2
