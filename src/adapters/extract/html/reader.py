"""HTML main-content extraction: jusText's classifier steering an lxml DOM walk to Markdown.

`extract_html` parses with lxml, finds a main-content container when the page marks one
(`<article>`, `<main>`, `role=main`, `itemprop=articleBody`), cuts the body into blocks
(see `segment`), lets jusText classify them with the stoplist of the page's language
(plus structural signals: boilerplate tags and class names, the main container), and
serialises the blocks it keeps as Markdown and as plain text.
"""

from __future__ import annotations

from lxml import etree
from lxml import html as lxml_html

from webdistill.adapters.extract.decoding import decode_text
from webdistill.adapters.extract.html.block import Block
from webdistill.adapters.extract.html.classify import classify
from webdistill.adapters.extract.html.embedded import revise
from webdistill.adapters.extract.html.honesty import honest_flags
from webdistill.adapters.extract.html.metadata import PageMeta, read_meta
from webdistill.adapters.extract.html.segment import BlockMaker
from webdistill.adapters.extract.html.stoplists import language_code
from webdistill.kernel.model import Document

MIN_MAIN_CHARS = 250
#: Removed before the walk (their text would skew the text-share measures).
JUNK_TAGS = ("script", "style", "template", "svg", "math", "iframe", "object")
_MAIN_XPATH = "//main | //article | //*[@role='main'] | //*[@itemprop='articleBody']"


def parse_html(html: str) -> lxml_html.HtmlElement | None:
    """The lxml document for `html`, or None when there is nothing to parse."""
    parser = lxml_html.HTMLParser(
        encoding="utf-8", remove_comments=True, remove_pis=True, no_network=True
    )
    data = html.encode("utf-8", "replace")
    if not data.strip():
        return None
    try:
        root = lxml_html.document_fromstring(data, parser=parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return None
    return root if isinstance(root, lxml_html.HtmlElement) else None


def _unwrap_noscript(root: lxml_html.HtmlElement) -> None:
    """Some sites (forums) serve content to crawlers inside <noscript>: keep it as markup.

    A <noscript> whose content the parser left as raw text ("<img ...>") is dropped.
    """
    doomed = [
        node
        for node in root.iter("noscript")
        if len(node) == 0 and (node.text or "").lstrip().startswith("<")
    ]
    for node in doomed:
        node.drop_tree()
    etree.strip_tags(root, "noscript")


def find_main(body: lxml_html.HtmlElement) -> lxml_html.HtmlElement | None:
    """The element the page marks as its main content, if it holds enough text."""
    best: lxml_html.HtmlElement | None = None
    best_len = 0
    for node in body.xpath(_MAIN_XPATH):
        if not isinstance(node, lxml_html.HtmlElement):
            continue
        length = len(" ".join(node.text_content().split()))
        if length > best_len:
            best, best_len = node, length
    return best if best_len >= MIN_MAIN_CHARS else None


def _indented(prefix: str, markdown: str) -> str:
    lines = markdown.split("\n")
    continuation = " " * len(prefix) if not prefix.startswith(">") else prefix
    return "\n".join([prefix + lines[0], *(continuation + ln for ln in lines[1:])])


def render(blocks: list[Block]) -> tuple[str, str]:
    """(Markdown, plain text) of the good blocks."""
    md_out: list[str] = []
    text_out: list[str] = []
    previous = ""
    for block in blocks:
        if block.class_type != "good":
            continue
        tight = block.kind == "li" and previous == "li" and not block.list_start
        separator = "\n" if tight else "\n\n"
        md = _indented(block.prefix, block.md) if block.prefix else block.md
        if md_out:
            md_out.append(separator)
        md_out.append(md)
        text_out.append(block.text if block.kind != "table" else "".join(block.text_parts))
        previous = block.kind
    return "".join(md_out), "\n\n".join(text_out)


def _empty(meta: PageMeta, raw: str) -> Document:
    flags, notice = honest_flags(raw, "", raw.count("<script"))
    return Document(
        title=meta.title,
        content_type="text/html",
        byline=meta.byline,
        published=meta.published,
        site_name=meta.site_name,
        language=meta.language,
        excerpt=meta.description,
        flags=flags or ("empty",),
        notice=notice or "The page has no readable text content.",
    )


def extract_html(html: str | bytes, url: str | None = None) -> Document:
    """The main content of an HTML page as a `Document` (Markdown, plain text, metadata)."""
    if isinstance(html, bytes):
        html = decode_text(html, "text/html")
    root = parse_html(html)
    if root is None:
        return revise(_empty(PageMeta(), html), html, url)
    meta = read_meta(root)
    script_count = sum(1 for _ in root.iter("script"))
    etree.strip_elements(root, *JUNK_TAGS, with_tail=False)
    _unwrap_noscript(root)
    body = root.find("body")
    if body is None:
        body = root
    blocks = BlockMaker(url, find_main(body)).walk(body)
    if not blocks:
        return revise(_empty(meta, html), html, url)
    stoplist_name = classify(blocks, meta.language)
    markdown, text = render(blocks)
    flags, notice = honest_flags(html, text, script_count)
    document = Document(
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
    return revise(document, html, url)  # app shells: the article the page embeds as data
