"""Which blocks are content: jusText's classifier plus structural signals.

1. jusText's context-free classes (`classify_paragraphs`, or `cjk.classify_cjk` for
   Chinese/Japanese) with the stoplist of the page's language;
2. furniture: HARD-furniture blocks are bad; SOFT regions are bad unless a fair share of
   their text is (near-)good;
3. jusText's context pass (`revise.revise`, linear-time);
4. the main container: the deepest element holding most of the trusted text; the
   plausible blocks jusText rejected inside it are kept (short lines, lists, tables).
   When jusText trusts no paragraph at all (listings, product pages), the container of
   all plausible text is used instead;
5. the <h1> title just before the kept text is kept.
"""

from __future__ import annotations

from collections.abc import Callable

from justext.core import classify_paragraphs
from lxml import etree

from webdistill.adapters.extract.html.block import Block
from webdistill.adapters.extract.html.cjk import classify_cjk, is_cjk
from webdistill.adapters.extract.html.revise import revise
from webdistill.adapters.extract.html.stoplists import guess_stoplist, stoplist

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
#: A kept block repeating an earlier kept block of at least this many characters goes.
REPEAT_MIN_CHARS = 20


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


def _ancestry(block: Block, cache: dict[int, list[etree._Element]]) -> list[object]:
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


def _expand(blocks: list[Block], is_seed: Callable[[Block], bool], listing: bool = False) -> None:
    """Keep the plausible blocks jusText rejected inside the main container.

    The container is the deepest element holding CONTAINER_SHARE of the seed text.
    """
    cache: dict[int, list[etree._Element]] = {}
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
        # A list of links inside the page's declared <main>/<article> is content (an index);
        # on a listing page, linked headings and tables of links are its items.
        keep_any = (block.in_main and block.kind == "li") or (
            listing and block.kind in {"table", "heading"}
        )
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


def _drop_repeats(blocks: list[Block]) -> None:
    """Keep one copy of repeated text: a hidden copy of visible text goes, and a block
    that repeats an earlier kept block word for word goes (captions, teasers, print copies)."""
    visible = {b.text for b in blocks if not b.hidden}
    seen: set[str] = set()
    for block in blocks:
        if block.class_type != "good":
            continue
        if block.hidden and block.text in visible:
            block.class_type = "bad"
        elif len(block.text) >= REPEAT_MIN_CHARS:
            if block.text in seen:
                block.class_type = "bad"
            seen.add(block.text)


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
        _expand(blocks, _is_plausible, listing=True)
    _keep_title(blocks)
    _drop_repeats(blocks)
    if not any(b.class_type == "good" for b in blocks):
        # Nothing plausible at all: keep whatever is not furniture.
        for block in blocks:
            if not block.boilerplate:
                block.class_type = "good"
    return name
