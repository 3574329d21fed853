"""One linear pass over the tree: text lengths of the elements the reader asks about.

Asking each candidate element for `len(text_content())` costs the size of its subtree, so
250 nested `<article>`s around 4.8 MB of text cost 250 x 4.8 MB. Here one `iterwalk`
adds up, bottom-up, the text under every element and keeps it for the elements that
matter (containers the page marks as main content, elements with a class or id, parents
of paragraphs), and scores text density readability-style (a paragraph's text counts for
its parent and half for its grandparent) to name the best text-dense container, the
fallback when structure and names mislead.

`budget` bounds the tree first: a page with more elements than the reader will walk is
cut (in document order) and flagged.
"""

from __future__ import annotations

from lxml import etree

from webdistill.adapters.extract.html.candidate import (
    BLOCKISH,
    MIN_PARAGRAPH_CHARS,
    ContainerScores,
    is_unlikely,
)

#: Tags whose text counts towards its parent's text density.
_DENSE_TAGS = frozenset({"p", "pre", "blockquote"})
_MAIN_TAGS = frozenset({"main", "article"})
#: A <div> with none of these under it is a paragraph (readability's div-to-p rule).
_BLOCK_CHILD_TAGS = frozenset(
    {"a", "img", "blockquote", "dl", "div", "ol", "p", "pre", "table", "ul", "section", "article"}
)
#: Tags that may be Readability paragraphs (`candidate.paragraph_score`).
_PARAGRAPH_LIKE = frozenset({"p", "pre", "div"})
#: Elements measured without any attribute (the others are measured when they have one).
_RECORDED_TAGS = frozenset({"main", "article", "body"})
#: A paragraph shorter than this adds nothing to density (menus are many short items).
MIN_DENSE_CHARS = 60
#: An <article> this long outside a comments section makes the comments extra.
MIN_ARTICLE_CHARS = 500
#: As much running text outside a comments section also makes the comments extra.
MIN_OUTSIDE_PROSE = 1000
#: ... and so does this much running text beside it, under the same parent (a short post
#: above its long comment thread; a forum's cookie banner is not beside its thread).
MIN_SIBLING_PROSE = 300
#: The most elements the reader walks; the rest of a bigger page is cut and flagged.
MAX_ELEMENTS = 100_000


class Measures:
    """Text lengths of selected elements and the best text-dense container."""

    def __init__(self) -> None:
        self.lengths: dict[etree._Element, int] = {}
        self.marked: list[etree._Element] = []
        self.dense: etree._Element | None = None
        self.dense_score = 0.0
        #: The best container by Readability's paragraph scores (`candidate`).
        self.best: etree._Element | None = None
        #: Characters of the paragraphs directly in the dense container.
        self.dense_chars = 0
        self.total = 0
        #: How many long articles lie under (or are) each measured element, and in all.
        self.articles_under: dict[etree._Element, int] = {}
        self.articles = 0
        #: Characters of running-text paragraphs under each measured element, and in all.
        self.prose_under: dict[etree._Element, int] = {}
        self.prose = 0
        #: libxml2 kept an element open past a `</nav>` or `</header>` end tag, where a
        #: browser closes it (set by the reader from the parser's log: `parsing.Parsed`).
        self.menu_left_open = False

    def article_outside(self, element: etree._Element) -> bool:
        """Whether a long <article> lies outside `element` (so its comments are extra)."""
        if self.articles > self.articles_under.get(element, 0):
            return True
        own = self.prose_under.get(element, 0)
        if self.prose - own >= MIN_OUTSIDE_PROSE:
            return True
        parent = element.getparent()
        return parent is not None and self.prose_under.get(parent, 0) - own >= MIN_SIBLING_PROSE

    def length(self, element: etree._Element) -> int:
        """Characters of text under `element` (0 when it was not measured)."""
        return self.lengths.get(element, 0)


def _record(
    out: Measures, element: etree._Element, tag: str, count: int, articles: int, *, keys: list[str]
) -> int:
    """Keep the text length of an element the reader asks about (`keys`: its attribute
    names; an attribute is read only when the element has it); returns the long articles
    under it, itself included."""
    body = "itemprop" in keys and element.get("itemprop") == "articleBody"
    marked = tag in _MAIN_TAGS or ("role" in keys and element.get("role") == "main") or body
    if marked and count >= MIN_ARTICLE_CHARS and (tag == "article" or body):
        articles += 1
    if (
        marked
        or ("class" in keys and element.get("class"))
        or ("id" in keys and element.get("id"))
        or tag == "body"
    ):
        out.lengths[element] = count
        out.articles_under[element] = articles
        if marked:
            out.marked.append(element)
    return articles


def measure(root: etree._Element) -> Measures:
    """Measure `root` in one pass (see the module docstring)."""
    out = Measures()
    scores: dict[etree._Element, float] = {}
    direct: dict[etree._Element, int] = {}
    # per open element: text, long articles, prose, block-level descendants, blocks
    # or links or images (Readability's "more than a paragraph"), link text, commas
    stack: list[list[int]] = [[0, 0, 0, 0, 0, 0, 0]]
    elements: list[etree._Element] = []
    furniture = [False]  # per open element: inside furniture (its prose is not running text)
    readability = ContainerScores()
    for event, element in etree.iterwalk(root, events=("start", "end")):
        if event == "start":
            text = element.text or ""
            stack.append([len(text), 0, 0, 0, 0, 0, text.count(",") if text else 0])
            elements.append(element)
            furniture.append(furniture[-1] or is_unlikely(element))
            continue
        count, articles, prose, blocks, blockish, links, commas = stack.pop()
        elements.pop()
        in_furniture = furniture.pop()
        tag = element.tag if isinstance(element.tag, str) else ""
        keys = element.keys()
        if keys or tag in _RECORDED_TAGS:
            articles = _record(out, element, tag, count, articles, keys=keys)
        if element in scores:
            out.lengths[element] = count
        paragraph = tag in _DENSE_TAGS or (tag == "div" and not blocks)
        if tag in _DENSE_TAGS and count >= MIN_DENSE_CHARS and not in_furniture:
            prose += count
        if paragraph and count >= MIN_DENSE_CHARS and elements:
            parent = elements[-1]
            scores[parent] = scores.get(parent, 0.0) + count
            direct[parent] = direct.get(parent, 0) + count
            if len(elements) > 1:
                grand = elements[-2]
                scores[grand] = scores.get(grand, 0.0) + count / 2
        if tag == "a":
            links = count
        if (count >= MIN_PARAGRAPH_CHARS and tag in _PARAGRAPH_LIKE) or (
            element in readability.paragraphs
        ):
            readability.close(
                element, tag, (count, links, commas, blockish), in_furniture, elements
            )
        if prose:
            out.prose_under[element] = prose
        # the closed element's sizes (and its tail's) go to its parent's, in place
        sizes = stack[-1]
        tail = element.tail
        sizes[0] += count + len(tail) if tail else count
        sizes[1] += articles
        sizes[2] += prose
        sizes[3] += blocks or tag in _BLOCK_CHILD_TAGS
        sizes[4] += blockish or tag in BLOCKISH
        sizes[5] += links
        sizes[6] += commas + tail.count(",") if tail else commas
    return _conclude(out, stack[0], scores, direct, readability)


def _conclude(
    out: Measures,
    sizes: list[int],
    scores: dict[etree._Element, float],
    direct: dict[etree._Element, int],
    readability: ContainerScores,
) -> Measures:
    """`out` with the page's totals (`sizes`: the root's) and best containers."""
    out.best = readability.best
    out.total = sizes[0]
    out.articles = sizes[1]
    out.prose = sizes[2]
    if scores:
        out.dense, out.dense_score = max(scores.items(), key=lambda kv: kv[1])
        out.dense_chars = direct.get(out.dense, 0)
    return out


#: Compiled once (lxml serialises calls of one XPath object across threads).
_COUNT_ELEMENTS = etree.XPath("count(.//*)")


def budget(root: etree._Element, limit: int = MAX_ELEMENTS) -> bool:
    """Cut the tree after its `limit`-th element (document order); True when it was cut."""
    if float(_COUNT_ELEMENTS(root)) <= limit:
        return False
    found = root.xpath(f"(.//*)[{limit}]")
    if not isinstance(found, list) or not found or not isinstance(found[0], etree._Element):
        return False
    node: etree._Element = found[0]
    del node[:]
    while True:
        parent = node.getparent()
        if parent is None:
            return True
        del parent[parent.index(node) + 1 :]
        node = parent
