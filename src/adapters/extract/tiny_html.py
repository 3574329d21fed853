"""A shortcut for the plainest very small HTML pages: the same `Document`, fewer steps.

A page read inline (`inline.py`: ASCII, at most 512 bytes and 12 tags) pays the HTML
reader's fixed cost, which for a 70-byte page is most of a fetch: measuring the tree,
walking it into blocks, classifying the blocks, rendering. For the plainest pages the
answer of those steps is known in advance, so this module computes it directly:

- the tree (lxml, parsed exactly as the reader parses it) is `<html>` holding `<head>`
  (only `<title>`, `<meta>`, `<link>`) and a `<body>` without attributes whose children
  are only `<p>` and `<h1>`..`<h6>` without attributes or children, or which holds text
  alone (`<html><body>42</body></html>`); every other text is blank; no `\\x01` (the
  reader's line-break mark), no (c) sign, no repeated text of REPEAT_MIN_CHARS or more,
  less than 500 characters of paragraph text (so the reader's "lost the article" retry
  cannot start);
- then each non-blank paragraph is one block, and all are kept (`classify.all_content`
  holds: one parent, no links, no furniture; a body's text alone is its own container's
  text); a block's text is the whitespace-normalised text, its Markdown that text (a
  heading behind its `#`s), blocks joined by blank lines; the metadata, the language's
  stoplist, the honesty flags and the app-shell revision come from the reader's own
  functions (the metadata of a head of titles alone is read directly: `_title_only_meta`).

Anything else answers None and the caller reads the page with `extract_content`.
`property_tests/test_extract_tiny_html.py` checks that whenever this answers, the answer
equals `extract_content`'s.
"""

from __future__ import annotations

import re

from lxml import etree

from webdistill.adapters.extract.decoding import charset_from_content_type, decode_text
from webdistill.adapters.extract.html.block import _SPACE_AFTER_LINK, BR
from webdistill.adapters.extract.html.classify import REPEAT_MIN_CHARS, page_stoplist
from webdistill.adapters.extract.html.embedded import revise
from webdistill.adapters.extract.html.honesty import honest_flags
from webdistill.adapters.extract.html.metadata import (
    _TITLE_SEPARATORS,
    PageMeta,
    _clean,
    read_meta,
)
from webdistill.adapters.extract.html.reader import READING, _empty, page_document, parse_html
from webdistill.kernel.model import Document

_HEAD_TAGS = frozenset({"title", "meta", "link"})
#: A tag of any other name: the page is not of the plain shape (checked before parsing, so
#: the pages that are not cost no second parse; a false alarm only sends a page the usual
#: way).
_OTHER_TAG = re.compile(
    rb"</?(?!(?:html|head|title|meta|link|body|p|h[1-6])(?![A-Za-z0-9]))[A-Za-z]", re.IGNORECASE
)
_LEVELS = {"p": 0, "h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
#: Paragraph text (raw) below this: the reader's retry on a lost article needs 500.
_MAX_TEXT = 500


def _blank(text: str | None) -> bool:
    return not text or text.isspace()


def _body_lines(root: etree._Element) -> list[tuple[int, str]] | None:
    """(heading level or 0, raw text) of the body's paragraphs, or None when the tree is
    not of the plain shape (see the module docstring)."""
    if root.tag != "html" or not _blank(root.text) or not _blank(root.tail):
        return None
    body: etree._Element | None = None
    for part in root:
        tag = part.tag
        if not _blank(part.tail):
            return None
        if tag == "head" and body is None:
            if not _blank(part.text):
                return None
            for item in part:
                if item.tag not in _HEAD_TAGS or not _blank(item.tail) or len(item):
                    return None
        elif tag == "body" and body is None:
            body = part
        else:
            return None
    if body is None or body.attrib:
        return None
    if not _blank(body.text):
        if len(body):  # text beside elements: blocks of different parents
            return None
        pieces = [(0, body.text or "")]  # a body of text alone is one paragraph
    else:
        pieces = []
        for child in body:
            level = _LEVELS.get(child.tag) if isinstance(child.tag, str) else None
            if level is None or child.attrib or len(child) or not _blank(child.tail):
                return None
            pieces.append((level, child.text or ""))
    size = 0
    for _, text in pieces:
        size += len(text)
        if BR in text or "\xa9" in text or size >= _MAX_TEXT:
            return None
    return pieces


def _title_only_meta(root: etree._Element) -> PageMeta | None:
    """`read_meta`'s answer for a plain page whose head holds only <title>s, whose <head>
    has no attribute and whose <html> none but `lang`, else None. There is no <meta>,
    JSON-LD, author or <time> to read: the title (else the first <h1>), the site after a
    separator of the title, and the language of <html lang> (the body has no attribute)."""
    if not set(root.attrib.keys()) <= {"lang"}:
        return None
    title_node = h1_node = None
    for part in root:
        if part.attrib:
            return None  # (the body has none; an attribute of <head> could name an author)
        for item in part:
            tag = item.tag
            if tag == "title":
                if item.attrib:
                    return None
                title_node = title_node if title_node is not None else item
            elif tag == "h1":
                h1_node = h1_node if h1_node is not None else item
            elif part.tag == "head":
                return None
    title = (_clean(title_node.text) if title_node is not None else None) or (
        (_clean(h1_node.text) if h1_node is not None else None) or ""
    )
    return _meta_of(title, root.get("lang"))


def _meta_of(title: str, lang: str | None) -> PageMeta:
    """`read_meta`'s answer for a page whose only metadata are `title` and <html lang>."""
    site = None
    if title:
        for sep in _TITLE_SEPARATORS:
            if sep in title:
                site = _clean(title.rsplit(sep, 1)[1])
                break
    return PageMeta(title=title, site_name=site, language=_clean(lang or None))


_BLANKS = r"[ \t\n\r]*"
#: Printable ASCII and line breaks, but no `<` and no `&` (no markup, no entities); matched
#: case-sensitively (no case folding per character, and no non-ASCII letter folding into it).
_TEXT = r"(?-i:[\t\n\r !-%'-;=-~]*)"
#: The plain shape written so simply that libxml2's tree is known without parsing: an
#: optional doctype, `<html>` (perhaps with `lang`), `<title>`s (perhaps in `<head>`),
#: `<body>`, then `<p>`/`<hN>` elements of text, each closed by its own end tag.
_SIMPLE_PAGE = re.compile(
    rf"{_BLANKS}(?:<!doctype html>{_BLANKS})?"
    rf'(?:<html(?: lang="(?P<lang>[A-Za-z-]*)")?>{_BLANKS})?(?:<head>{_BLANKS})?'
    rf"(?P<titles>(?:<title>{_TEXT}</title>{_BLANKS})*)(?:</head>{_BLANKS})?(?:<body>{_BLANKS})?"
    rf"(?P<blocks>(?:<(?P<tag>p|h[1-6])>{_TEXT}</(?P=tag)>{_BLANKS})+)"
    rf"(?:</body>{_BLANKS})?(?:</html>{_BLANKS})?",
    re.IGNORECASE,
)
_SIMPLE_TITLE = re.compile(rf"<title>({_TEXT})</title>", re.IGNORECASE)
_SIMPLE_BLOCK = re.compile(rf"<(p|h[1-6])>({_TEXT})</\1>", re.IGNORECASE)


def _simple_page(html: str) -> tuple[PageMeta, list[tuple[int, str]]] | None:
    """The metadata and paragraphs of a page of `_SIMPLE_PAGE`'s shape, read without a
    parse (what `_title_only_meta` and `_body_lines` answer on its tree), else None."""
    match = _SIMPLE_PAGE.fullmatch(html)
    if match is None:
        return None
    pieces: list[tuple[int, str]] = []
    size = 0
    for tag, text in _SIMPLE_BLOCK.findall(match["blocks"]):
        size += len(text)
        pieces.append((0 if tag in {"p", "P"} else int(tag[1]), text))
    if size >= _MAX_TEXT:
        return None
    titles = _SIMPLE_TITLE.findall(match["titles"])
    title = _clean(titles[0]) if titles else None
    if not title:  # else the first <h1>'s
        h1 = next((text for level, text in pieces if level == 1), None)
        title = _clean(h1) if h1 is not None else None
    return _meta_of(title or "", match["lang"]), pieces


def read_tiny_html(body: bytes, content_type: str | None, url: str | None) -> Document | None:
    """The `Document` `extract_content` answers for this HTML body when the page is of the
    plain shape (module docstring), else None. Images never occur in that shape, so
    WEB_IMAGE_LINKS does not matter here. Never raises: whatever goes wrong here is left
    to `extract_content`, which says what it means."""
    try:
        return _read(body, content_type, url)
    except Exception:  # noqa: BLE001 - the caller reads the page the general way
        return None


def _read(body: bytes, content_type: str | None, url: str | None) -> Document | None:
    charset = charset_from_content_type(content_type)
    html = decode_text(body, f"text/html; charset={charset}" if charset else "text/html")
    simple = _simple_page(html)
    if simple is not None:
        meta, found = simple
    else:
        if _OTHER_TAG.search(body):
            return None
        root, too_deep = parse_html(html)
        if root is None or too_deep:
            return None
        lines = _body_lines(root)
        if lines is None:
            return None
        meta, found = _title_only_meta(root) or read_meta(root), lines
    markdown: list[str] = []
    texts: list[str] = []
    seen: set[str] = set()
    for level, raw in found:
        text = " ".join(raw.split())
        if not text:
            continue
        if len(text) >= REPEAT_MIN_CHARS:
            if text in seen:
                return None
            seen.add(text)
        md = _SPACE_AFTER_LINK.sub(r"\1\2", text) if "](" in text else text
        markdown.append("#" * level + " " + md if level else md)
        texts.append(text)
    if not texts:
        return revise(_empty(meta, html), html, url, READING)
    text = "\n\n".join(texts)
    name = "" if meta.language else page_stoplist(texts, None)  # (declared: not guessed)
    flags, notice = honest_flags(html, text, 0)
    document = page_document(meta, "\n\n".join(markdown), text, name, flags=flags, notice=notice)
    return revise(document, html, url, READING)
