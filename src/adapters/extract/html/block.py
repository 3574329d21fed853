"""One paragraph of a page (`Block`), and small helpers to render its Markdown.

`Block` duck-types jusText's `Paragraph` (text, length, link density, stop-word density,
heading), so jusText's classifier runs on it unchanged.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from lxml import etree

from webdistill.adapters.extract.html.chars import clean_chars
from webdistill.adapters.extract.html.memo import page_cache

#: Stands for a <br> inside a block's Markdown until whitespace is normalised.
BR = "\x01"
_CODE_LANG = re.compile(r"(?:^|\s)(?:language|lang|highlight-source|brush:?)-?\s*([\w+#.-]+)")


class Block:
    """One paragraph: Markdown and plain text, plus what jusText's classifier looks at."""

    __slots__ = (
        "_md",
        "_md_raw",
        "_text",
        "boilerplate",
        "cf_class",
        "chars_count_in_links",
        "class_type",
        "dom_path",
        "heading",
        "hidden",
        "images",
        "in_main",
        "kind",
        "level",
        "linked_images",
        "list_start",
        "md_parts",
        "owner",
        "prefix",
        "regions",
        "rule_before",
        "tags_count",
        "text_parts",
        "xpath",
    )

    def __init__(self, kind: str, dom_path: str, prefix: str = "", level: int = 0) -> None:
        self.kind = kind
        self.dom_path = dom_path
        self.xpath = dom_path
        self.prefix = prefix
        self.level = level
        self.md_parts: list[str] = []
        self.text_parts: list[str] = []
        self._md: str | None = None
        self._md_raw = ""
        self._text = ""
        self.chars_count_in_links = 0
        self.tags_count = 0
        self.cf_class = ""
        self.class_type = ""
        self.heading = False
        self.boilerplate = False
        self.in_main = False
        self.hidden = False
        self.rule_before = False
        self.images = 0
        #: This block's pictures inside a link (judged as teasers if the block is pictures
        #: only: `pictures.TeaserCards`).
        self.linked_images: list[etree._Element] | None = None
        self.list_start = False
        self.owner: etree._Element | None = None
        self.regions: tuple[int, ...] = ()

    # --- the jusText Paragraph interface -------------------------------------------
    @property
    def text(self) -> str:
        return self._text

    @property
    def is_heading(self) -> bool:
        return self.kind == "heading"

    @property
    def is_boilerplate(self) -> bool:
        return self.class_type != "good"

    def __len__(self) -> int:
        return len(self._text)

    @property
    def words_count(self) -> int:
        return len(self._text.split())

    def stopwords_density(self, stopwords: frozenset[str]) -> float:
        # (lowering the text, not each word: the same words, as no character lowers to or
        # from a blank and a final sigma's context ends at a blank)
        words = self._text.lower().split()
        if not words:
            return 0.0
        return len([w for w in words if w in stopwords]) / len(words)

    def links_density(self) -> float:
        return self.chars_count_in_links / len(self._text) if self._text else 0.0

    @property
    def md(self) -> str:
        """The block's Markdown, made on first use: only the blocks kept are rendered (most
        of a news page's blocks are furniture), from the Markdown parts as they were when
        the walk left the block."""
        if self._md is None:
            self._md = _markdown(self._md_raw, self.kind)
        return self._md

    # --- building ---------------------------------------------------------------------
    def finish(self) -> None:
        """Normalise the text's whitespace once the walk has left the block, and keep its
        Markdown parts (a link closing after the block no longer changes them)."""
        if not self.text_parts:
            return
        self._text = " ".join(clean_chars("".join(self.text_parts)).split())
        self._md_raw = "".join(self.md_parts)


def _markdown(raw: str, kind: str) -> str:
    """The Markdown of a block of `kind` from its joined parts: whitespace normalised."""
    if kind in {"pre", "table"}:
        return clean_chars(raw)
    md = clean_chars(raw)
    if BR in md:
        lines = md.split(BR)
        md = _join_lines([" ".join(ln.split()) for ln in lines], kind != "heading")
    else:  # one line (what `_join_lines` makes of it)
        md = " ".join(md.split())
    return _SPACE_AFTER_LINK.sub(_without_space, md) if "](" in md else md


def _join_lines(lines: list[str], paragraphs: bool) -> str:
    """The lines of a block cut at its <br>s: one <br> is a line break; an empty line
    (`<br><br>`, the only paragraph mark of some pages) is a paragraph break when
    `paragraphs`, so the Markdown does not run the paragraphs into one."""
    out: list[str] = []
    gap = False
    for line in lines:
        if not line:
            gap = bool(out)
            continue
        if out:
            out.append("\n\n" if gap and paragraphs else "\n")
        out.append(line)
        gap = False
    return "".join(out)


#: "[text](url) ." -> "[text](url)." (a space the link text carried before punctuation)
_SPACE_AFTER_LINK = re.compile(r"(\]\([^()\s]*\)) ([.,;:!?])")


def _without_space(match: re.Match[str]) -> str:
    """`_SPACE_AFTER_LINK`'s match without its space (a function: a template such as
    `r"\1\2"` costs a Python-level parse on every `sub` call, matching or not)."""
    return match[1] + match[2]


def code_language(element: etree._Element) -> str:
    """The language of a code block from `class="language-x"` on <pre> or its <code>."""
    candidates = [element, *element.iterchildren("code")]
    parent = element.getparent()
    for _ in range(2):  # <div class="highlight-source-python"><pre>
        if parent is None:
            break
        candidates.append(parent)
        parent = parent.getparent()
    for node in candidates:
        match = _CODE_LANG.search(node.get("class") or "")
        if match:
            return match.group(1).lower()
        lang = node.get("data-lang") or node.get("data-language")
        if lang:
            return lang.strip().lower()
    return ""


def text_of(element: etree._Element) -> str:
    """The text under `element` (its own tail excluded), like lxml.html's `text_content`."""
    return str(etree.tostring(element, method="text", encoding=str, with_tail=False))


#: An absolute http(s) URL that `urljoin` returns unchanged whatever the base: a host, and
#: no separator with nothing after it (an empty query `?`, fragment `#` or path parameters
#: `;`, which `urlunparse` drops). (A host `urlsplit` rejects, a bad IPv6 or non-ASCII one,
#: makes `absolute_url` answer the href too.) Most links of a news page are such, and
#: `urljoin` costs microseconds each.
_KEPT_AS_IS = re.compile(r"https?://[^/?#]+(?:/[^?#]*(?<!;))?(?:\?[^#]+)?(?:#.+)?")
#: A path from the root (`/a/b?q#f`) that `urljoin` puts after the base's scheme and host
#: unchanged: the same empty separators aside, and no `.` or `..` segment (no `/.` at all).
_FROM_ROOT = re.compile(r"/(?![/.])(?:[^?#]*[^?#;])?(?:\?[^#]+)?(?:#.+)?")


@page_cache(64)
def _origin(base: str) -> str | None:
    """`scheme://host` of an http(s) `base` with a host, as `urljoin` writes it; else None."""
    try:
        parts = urlsplit(base)
    except ValueError:
        return None
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}"


def absolute_url(href: str, base: str | None) -> str:
    """`href` resolved against `base` (when given); whitespace removed."""
    href = "".join(href.split())
    if not base or _KEPT_AS_IS.fullmatch(href):
        return href
    if href[:1] == "/" and "/." not in href and _FROM_ROOT.fullmatch(href):
        origin = _origin(base)
        if origin is not None:
            return origin + href
    try:
        return urljoin(base, href)
    except ValueError:
        return href
