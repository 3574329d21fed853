"""HTML main-content extraction: jusText's classifier steering an lxml DOM walk to Markdown.

`extract_html` parses with lxml, finds a main-content container when the page marks one
(`<article>`, `<main>`, `role=main`, `itemprop=articleBody`), cuts the body into blocks
(see `segment`), lets jusText classify them with the stoplist of the page's language
(plus structural signals: boilerplate tags and class names, the main container), and
serialises the blocks it keeps as Markdown and as plain text.

`convert_html` is the same walk without main-content selection: every block of an HTML
fragment that is all content (a Word document through mammoth, a publisher's JSON-LD
`articleBody`), with no page furniture to leave out.
"""

from __future__ import annotations

from lxml import etree

from webdistill.adapters.extract.decoding import decode_text
from webdistill.adapters.extract.html.block import Block
from webdistill.adapters.extract.html.classify import classify
from webdistill.adapters.extract.html.embedded import Reading, revise
from webdistill.adapters.extract.html.honesty import honest_flags
from webdistill.adapters.extract.html.mathml import flatten_math
from webdistill.adapters.extract.html.measure import Measures, budget, measure
from webdistill.adapters.extract.html.memo import forget
from webdistill.adapters.extract.html.metadata import PageMeta, read_meta
from webdistill.adapters.extract.html.parsing import parse_html
from webdistill.adapters.extract.html.readable import is_readable
from webdistill.adapters.extract.html.segment import BlockMaker
from webdistill.adapters.extract.html.stoplists import language_code
from webdistill.adapters.extract.html.tree import drop
from webdistill.kernel.model import Document
from webdistill.kernel.own_text import OwnText, joined, words

MIN_MAIN_CHARS = 250
#: How many of the longest marked elements `find_main` checks for a hidden ancestor.
MAX_MAIN_TRIES = 8
#: Removed before the walk (their text would skew the text-share measures); formulas are
#: replaced by their text first (`mathml`).
JUNK_TAGS = ("script", "style", "template", "svg", "math", "iframe", "object")
#: The reader fell back to the best text-dense container when it kept less than this
#: share of that container's text (a misleading name or tag hid the article).
LOST_SHARE = 0.3
MIN_DENSE_CHARS = 500
GUESSED_NOTICE = words(
    "The page's structure hid most of its text, so the reader fell back to the largest "
    "block of running text: check that this is the content you wanted."
)
DEPTH_NOTICE = words(
    "The page nests its elements deeper than the HTML parser allows (256 levels): the "
    "text after that point is missing. Look for a simpler version of the page."
)
TRUNCATED_NOTICE = words(
    "The page has more elements than the reader walks: only its beginning was read. "
    "Look for a shorter version of the page."
)


def _unwrap_noscript(root: etree._Element) -> None:
    """Some sites (forums) serve content to crawlers inside <noscript>: keep it as markup.

    A <noscript> whose content the parser left as raw text ("<img ...>") is dropped.
    """
    doomed = [
        node
        for node in root.iter("noscript")
        if len(node) == 0 and (node.text or "").lstrip().startswith("<")
    ]
    for node in doomed:
        drop(node)
    etree.strip_tags(root, "noscript")


def find_main(measures: Measures) -> etree._Element | None:
    """The element the page marks as its main content, if it holds enough text and is
    shown: a `<main>` inside a hidden element (`hidden`, `display: none` or a visually-hidden
    clip, a display-none or screen-reader-only class) is not the page's (its line would be
    exempt from every furniture check, hidden text reaching the model); `<html>` and `<body>`
    do not count. (Taking a hidden `<main>` when little text lay outside its wrapper, an app
    hidden until its script boots, was tried: whitespace or unread padding let a hidden
    injection through.) Furniture tags around it do not disqualify it: themes put whole pages
    in `<aside class="main-content">` or `<nav id="wrapper">`, and a mis-closed `<nav>` holds
    the `<main>` after it. The longest readable one (`is_readable`: shown, or inside a hidden
    menu left unclosed) of the MAX_MAIN_TRIES longest."""
    marked = sorted(measures.marked, key=measures.length, reverse=True)[:MAX_MAIN_TRIES]
    for node in marked:
        if measures.length(node) < MIN_MAIN_CHARS:
            return None
        if is_readable(node, measures.menu_left_open):
            return node
    return None


def _indented(prefix: str, markdown: str) -> str:
    lines = markdown.split("\n")
    continuation = " " * len(prefix) if not prefix.startswith(">") else prefix
    return "\n".join([prefix + lines[0], *(continuation + ln for ln in lines[1:])])


def _markdown(block: Block) -> str:
    md = block.md
    if block.kind == "dt" and not md.startswith("**"):
        md = f"**{md}**"
    elif block.kind == "dd":
        md = f": {md}"
    return _indented(block.prefix, md) if block.prefix else md


def _separator(previous: Block | None, block: Block) -> str:
    """What goes between two kept blocks: a rule, a tight list line, a quote's blank line."""
    if block.rule_before:
        return "\n\n---\n\n"
    if previous is None:
        return "\n\n"
    if block.kind == "li" and previous.kind == "li" and not block.list_start:
        return "\n"
    if block.kind == "dd" and previous.kind in {"dt", "dd"}:
        return "\n"
    if block.prefix.startswith(">") and previous.prefix.startswith(">"):
        return "\n>\n"
    return "\n\n"


def render(blocks: list[Block]) -> tuple[str, str]:
    """(Markdown, plain text) of the good blocks."""
    md_out: list[str] = []
    text_out: list[str] = []
    previous: Block | None = None
    for block in blocks:
        if block.class_type != "good":
            continue
        md = _markdown(block)
        if md_out:
            md_out.append(_separator(previous, block))
        md_out.append(md)
        text_out.append(block.text if block.kind != "table" else "".join(block.text_parts))
        previous = block
    return "".join(md_out), "\n\n".join(text_out)


def page_document(
    meta: PageMeta,
    markdown: str,
    text: str,
    stoplist_name: str,
    *,
    flags: tuple[str, ...],
    notice: OwnText | None,
) -> Document:
    """The `Document` of a page with text: its metadata, its Markdown and text, the language
    declared or else the one its stoplist guessed."""
    return Document(
        title=meta.title,
        markdown=markdown,
        text=text,
        content_type="text/html",
        byline=meta.byline,
        published=meta.published,
        site_name=meta.site_name,
        language=meta.language or language_code(stoplist_name),
        flags=flags,
        notice=notice,
        excerpt=meta.description,
    )


def _empty(meta: PageMeta, raw: str, flags: tuple[str, ...] = ()) -> Document:
    found, notice = honest_flags(raw, "", raw.count("<script"))
    return Document(
        title=meta.title,
        content_type="text/html",
        byline=meta.byline,
        published=meta.published,
        site_name=meta.site_name,
        language=meta.language,
        excerpt=meta.description,
        flags=(*flags, *(found or ("empty",))),
        notice=notice or words("The page has no readable text content."),
    )


def _read(
    body: etree._Element,
    url: str | None,
    main: etree._Element | None,
    measures: Measures,
    meta: PageMeta,
    *,
    image_links: bool = True,
) -> tuple[str, str, str, bool]:
    """(Markdown, text, stoplist name, cut short) of the content of `body` around `main`."""
    maker = BlockMaker(url, main, measures, image_links=image_links)
    blocks = maker.walk(body)
    if not blocks:
        return "", "", "", maker.truncated
    container = _article_container(body, measures)
    stoplist_name = classify(blocks, meta.language, container, meta.description)
    markdown, text = render(blocks)
    return markdown, text, stoplist_name, maker.truncated


def _article_container(body: etree._Element, measures: Measures) -> etree._Element | None:
    """The text-dense container when it lies in or around the container Readability's
    scoring picks (or there is none), else that pick: a month dropdown, a form's labels or a
    footer's prose can outweigh the article by characters, not by paragraphs, names and
    links (`candidate`). Hidden ones do not count (`is_readable`): a long hidden block would
    make the article a reader sees "outside" and drop it."""
    dense = measures.dense
    best = measures.best
    if dense is not None and not is_readable(dense, measures.menu_left_open):
        dense = None
    if best is not None and not is_readable(best, measures.menu_left_open):
        best = None
    if best is None or dense is None:
        return dense if dense is not None else best
    if any(node is best for node in dense.iterancestors()) or any(
        node is dense for node in best.iterancestors()
    ):
        return dense  # one region: the text-dense container, as tuned
    return best


def _lost_the_article(text: str, measures: Measures, main: etree._Element | None) -> bool:
    """Whether the kept text is a small part of the page's best text-dense container, one
    that may be read (`is_readable`) and is not in the site's footer (`_in_site_footer`)."""
    dense = measures.dense
    if dense is None or dense is main or not is_readable(dense, measures.menu_left_open):
        return False
    if _in_site_footer(dense):
        return False
    dense_chars = measures.dense_chars
    return dense_chars >= MIN_DENSE_CHARS and len(text) < LOST_SHARE * dense_chars


def _in_site_footer(node: etree._Element) -> bool:
    """Whether `node` is in a `<footer>` that no `<article>` or `<main>` holds: the site's,
    whose long list of the towns and postcodes a business serves is dense text but not the
    page's (an article's own `<footer>` may hold its video's transcript)."""
    footer = False
    for element in (node, *node.iterancestors()):
        if element.tag == "footer":
            footer = True
        elif footer and element.tag in {"article", "main"}:
            return False
    return footer


def convert_html(html: str, url: str | None = None) -> tuple[str, str]:
    """(Markdown, plain text) of every visible block of `html`, which is all content: no
    block is judged boilerplate or dropped as not the main one. The walk and its bounds are
    `extract_html`'s (at most `MAX_BLOCKS` blocks, `MAX_ELEMENTS` elements)."""
    root = parse_html(html).root
    if root is None:
        return "", ""
    budget(root)
    flatten_math(root)
    etree.strip_elements(root, *JUNK_TAGS, with_tail=False)
    _unwrap_noscript(root)
    body = root.find("body")
    if body is None:
        body = root
    blocks = BlockMaker(url, body, measure(body)).walk(body)
    for block in blocks:
        block.class_type = "bad" if block.hidden else "good"
    return render(blocks)


def extract_html(
    html: str | bytes, url: str | None = None, *, image_links: bool = True
) -> Document:
    """The main content of an HTML page as a `Document` (Markdown, plain text, metadata).

    A plain synchronous function whose cost is linear in the page size (bounded by
    `measure.MAX_ELEMENTS`); run it off the event loop for big pages. Images with alt
    text become `![alt](url)`, or their alt text alone with `image_links=False`.
    """
    forget()  # (the previous page's class names and styles: `memo`)
    if isinstance(html, bytes):
        html = decode_text(html, "text/html")
    root, too_deep, menu_left_open = parse_html(html)
    cut_flags: tuple[str, ...] = ("content_truncated",) if too_deep else ()
    if root is None:
        return revise(_empty(PageMeta(), html), html, url, READING)
    if budget(root):
        cut_flags = ("content_truncated",)
    meta = read_meta(root)
    script_count = sum(1 for _ in root.iter("script"))
    flatten_math(root)
    etree.strip_elements(root, *JUNK_TAGS, with_tail=False)
    _unwrap_noscript(root)
    body = root.find("body")
    if body is None:
        body = root
    measures = measure(body)
    measures.menu_left_open = menu_left_open
    main = find_main(measures)
    markdown, text, stoplist_name, walked_part = _read(
        body, url, main, measures, meta, image_links=image_links
    )
    if walked_part:
        cut_flags = ("content_truncated",)
    notices: list[OwnText] = []
    flags: tuple[str, ...] = cut_flags
    if _lost_the_article(text, measures, main):
        retry = _read(body, url, measures.dense, measures, meta, image_links=image_links)
        if len(retry[1]) > len(text):
            markdown, text, stoplist_name, _ = retry
            flags = (*flags, "main_content_guessed")
            notices.append(GUESSED_NOTICE)
    if not text:
        return revise(_empty(meta, html, flags), html, url, READING)
    found, notice = honest_flags(html, text, script_count)
    if cut_flags:
        notices.append(DEPTH_NOTICE if too_deep else TRUNCATED_NOTICE)
    if notice:
        notices.insert(0, notice)
    document = page_document(
        meta,
        markdown,
        text,
        stoplist_name,
        flags=(*found, *flags),
        notice=joined(notices) or None,
    )
    return revise(document, html, url, READING)  # app shells: the article the page embeds


#: The reader's entry points for `embedded.revise`, which reads an app shell's embedded
#: markup with them (passed down, so `embedded` does not import this module).
READING = Reading(page=extract_html, fragment=convert_html)
