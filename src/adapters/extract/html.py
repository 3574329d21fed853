"""HTML main-content extraction: jusText's classifier steering an lxml DOM walk to Markdown.

`extract_html` parses with lxml, finds a main-content container when the page marks one
(`<article>`, `<main>`, `role=main`, `itemprop=articleBody`), cuts the body into blocks
(see `html_blocks`), lets jusText classify them with the stoplist of the page's language
(plus structural signals: boilerplate tags and class names, the main container), and
serialises the blocks it keeps as Markdown and as plain text.
"""

from __future__ import annotations

from collections.abc import Callable

from justext.core import classify_paragraphs
from lxml import etree
from lxml import html as lxml_html

from webdistill.adapters.extract.cjk import classify_cjk, is_cjk
from webdistill.adapters.extract.decoding import decode_text
from webdistill.adapters.extract.honesty import honest_flags
from webdistill.adapters.extract.html_blocks import Block, BlockMaker
from webdistill.adapters.extract.html_meta import PageMeta, read_meta
from webdistill.adapters.extract.language import guess_stoplist, language_code, stoplist
from webdistill.adapters.extract.revise import revise
from webdistill.kernel.model import Document

MIN_MAIN_CHARS = 250
#: A furniture-named region survives when this share of its text is jusText-good.
SOFT_REGION_GOOD_SHARE = 0.3
#: The main container is the deepest element holding this share of the good text.
CONTAINER_SHARE = 0.75
#: jusText's stop-word density bounds, a little below its defaults (0.30/0.32): they are
#: calibrated on English, and many stoplists of other languages are shorter.
STOPWORDS_LOW = 0.25
STOPWORDS_HIGH = 0.30
#: How many blocks before the kept text a title <h1> may sit.
TITLE_LOOKBACK = 5
#: Inside the main container, rejected blocks up to this link density are kept.
EXPAND_MAX_LINK_DENSITY = 0.5
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


def _judge_soft_regions(blocks: list[Block]) -> None:
    """Regions named like furniture are boilerplate unless jusText finds them good enough."""
    total: dict[int, int] = {}
    good: dict[int, int] = {}
    for block in blocks:
        for region in block.regions:
            total[region] = total.get(region, 0) + len(block.text)
            if block.cf_class in {"good", "neargood"}:
                good[region] = good.get(region, 0) + len(block.text)
    bad = {r for r, n in total.items() if good.get(r, 0) < SOFT_REGION_GOOD_SHARE * n}
    for block in blocks:
        if not block.boilerplate and any(r in bad for r in block.regions):
            block.boilerplate = True


def _ancestry(block: Block, cache: dict[int, list[lxml_html.HtmlElement]]) -> list[object]:
    """The block's owner and its ancestors, nearest first (cached per owner)."""
    owner = block.owner
    if owner is None:
        return []
    key = id(owner)
    chain = cache.get(key)
    if chain is None:
        chain = [owner, *owner.iterancestors()]
        cache[key] = chain
    return list(chain)


def _is_seed(block: Block) -> bool:
    """Text jusText believes in: good, or near-good outside page furniture."""
    return block.class_type == "good" or (block.cf_class == "neargood" and not block.boilerplate)


def _is_plausible(block: Block) -> bool:
    """Text that is not furniture and not mostly links (a data table of links is a list)."""
    if block.boilerplate:
        return False
    return block.kind == "table" or block.links_density() <= EXPAND_MAX_LINK_DENSITY


def _expand(
    blocks: list[Block], is_seed: Callable[[Block], bool], keep_tables: bool = False
) -> None:
    """Keep the plausible blocks jusText rejected inside the main container.

    The container is the deepest element holding CONTAINER_SHARE of the seed text.
    """
    cache: dict[int, list[lxml_html.HtmlElement]] = {}
    weight: dict[int, int] = {}
    depth: dict[int, int] = {}
    total = 0
    for block in blocks:
        if not is_seed(block):
            continue
        size = len(block.text)
        total += size
        chain = _ancestry(block, cache)
        for index, node in enumerate(chain):
            weight[id(node)] = weight.get(id(node), 0) + size
            depth[id(node)] = len(chain) - index
    if not total:
        return
    wanted = CONTAINER_SHARE * total
    container = max((n for n, w in weight.items() if w >= wanted), key=depth.__getitem__)
    for block in blocks:
        if block.class_type == "good" or block.boilerplate:
            continue
        # A list of links inside the page's declared <main>/<article> is content (an index).
        keep_any = (block.in_main and block.kind == "li") or (keep_tables and block.kind == "table")
        limit = 1.0 if keep_any else EXPAND_MAX_LINK_DENSITY
        if block.links_density() > limit or "\xa9" in block.text:
            continue
        if any(id(node) == container for node in _ancestry(block, cache)):
            block.class_type = "good"


def _keep_title(blocks: list[Block]) -> None:
    """The page's <h1> just before the kept text is its title: keep it too."""
    first = next((i for i, b in enumerate(blocks) if b.class_type == "good"), None)
    if first is None:
        return
    for block in reversed(blocks[max(0, first - TITLE_LOOKBACK) : first]):
        if block.kind == "heading" and block.level == 1 and not block.boilerplate:
            block.class_type = "good"
            return


def classify(blocks: list[Block], language: str | None) -> str:
    """Mark each block good or bad (jusText plus structure); returns the stoplist used."""
    sample = " ".join(b.text for b in blocks[:400])
    if is_cjk(sample[:5000]):
        name = "CJK"
        classify_cjk(blocks)
    else:
        name = guess_stoplist(sample, language)
        classify_paragraphs(
            blocks, stoplist(name), stopwords_low=STOPWORDS_LOW, stopwords_high=STOPWORDS_HIGH
        )
    _judge_soft_regions(blocks)
    for block in blocks:
        if block.boilerplate:
            block.cf_class = "bad"
        elif block.kind in {"pre", "table"} and block.links_density() < 0.5:
            block.cf_class = "neargood"
    revise(blocks)
    if any(b.cf_class == "good" for b in blocks):
        _expand(blocks, _is_seed)
    else:
        # jusText found no paragraph it is sure of (listings, product pages, short
        # pages): take the container of all plausible text instead.
        _expand(blocks, _is_plausible, keep_tables=True)
    _keep_title(blocks)
    if not any(b.class_type == "good" for b in blocks):
        # Nothing plausible at all: keep whatever is not furniture.
        for block in blocks:
            if not block.boilerplate:
                block.class_type = "good"
    return name


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
        flags=flags or ("empty",),
        notice=notice or "The page has no readable text content.",
    )


def extract_html(html: str | bytes, url: str | None = None) -> Document:
    """The main content of an HTML page as a `Document` (Markdown, plain text, metadata)."""
    if isinstance(html, bytes):
        html = decode_text(html, "text/html")
    root = parse_html(html)
    if root is None:
        return _empty(PageMeta(), html)
    meta = read_meta(root)
    script_count = sum(1 for _ in root.iter("script"))
    etree.strip_elements(root, *JUNK_TAGS, with_tail=False)
    _unwrap_noscript(root)
    body = root.find("body")
    if body is None:
        body = root
    blocks = BlockMaker(url, find_main(body)).walk(body)
    if not blocks:
        return _empty(meta, html)
    stoplist_name = classify(blocks, meta.language)
    markdown, text = render(blocks)
    flags, notice = honest_flags(html, text, script_count)
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
    )
