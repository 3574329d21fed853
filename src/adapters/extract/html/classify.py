"""Which blocks are content: jusText's classifier plus structural signals.

1. jusText's context-free classes (`classify_paragraphs`, or `cjk.classify_cjk` for
   Chinese/Japanese) with the stoplist of the page's language;
2. furniture: HARD-furniture blocks are bad; SOFT regions are bad unless a fair share of
   their text is (near-)good;
3. jusText's context pass (`revise.revise`, linear-time);
4. the main container: the deepest element holding most of the trusted text (teaser-card
   runs left out); the plausible blocks jusText rejected inside it are kept (short lines,
   lists, tables, linked prose, linked headings of the declared main). When jusText trusts
   no paragraph at all (listings, product pages), the container of all plausible text is
   used instead; a short closing line right before the article's furniture is kept;
5. teaser cards ("more stories" with blurbs) outside that container go, and kept text
   outside the page's best text-dense container goes when that container holds most of it;
6. the <h1> title just before the kept text is kept; repeated and hidden copies go.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable

from justext.core import classify_paragraphs
from lxml import etree

from webdistill.adapters.extract.html.block import Block
from webdistill.adapters.extract.html.branches import drop_side_branches
from webdistill.adapters.extract.html.captions import drop_figure_text, figure_of
from webdistill.adapters.extract.html.cjk import classify_cjk, is_cjk
from webdistill.adapters.extract.html.lineage import Under, deepest_holding
from webdistill.adapters.extract.html.rails import drop_trailing_rails
from webdistill.adapters.extract.html.revise import revise
from webdistill.adapters.extract.html.stoplists import guess_stoplist, stoplist
from webdistill.adapters.extract.html.subheads import subheadings_of

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
#: Inside the main container, a paragraph of prose (this many words, this many characters
#: outside its links) is kept up to this link density: sources cited inline are text.
PROSE_MIN_WORDS = 12
PROSE_MIN_UNLINKED = 40
PROSE_MAX_LINK_DENSITY = 0.9
#: A short line this long at most, right after the kept text and before furniture (a
#: closing line before the article's <footer>), is kept.
CLOSING_MAX_CHARS = 200
#: A line before the body is the page's declared description when the two begin alike for
#: this many characters (or the whole of the shorter, at least INTRO_MIN_CHARS).
INTRO_MATCH_CHARS = 80
INTRO_MIN_CHARS = 30
#: Kept text outside the best text-dense container goes when that container holds this
#: share of the kept text (see `_drop_outside_dense`).
DENSE_SHARE = 0.6
#: ... and when it holds this much, the kept side branches unlike it go (`branches`).
SIDE_SHARE = 0.3
#: Prose next to it stays (readability's sibling rule): longer than this with fewer links,
#: or a short sentence without links.
SIBLING_LONG = 80
SIBLING_MAX_LINKS = 0.25
#: A kept block repeating an earlier kept block of at least this many characters goes.
REPEAT_MIN_CHARS = 20
#: Teaser cards: a run of at least TEASER_MIN_CARDS linked titles (this link density, this
#: many words), with at most TEASER_MAX_GAP short blocks (blurb, date) between two titles.
TEASER_MIN_CARDS = 3
TEASER_TITLE_LINKS = 0.9
TEASER_TITLE_WORDS = 3
TEASER_MAX_GAP = 3
TEASER_BLURB_CHARS = 300
#: ... dropped when the page has at least this much seed text outside such runs, and twice
#: what the runs hold (an article: a listing or product page's cards are its content).
TEASER_MIN_OTHER = 500
TEASER_OTHER_RATIO = 1
#: A hidden block is a copy when this share of its word 4-grams is shown elsewhere (a
#: paywall or print copy glued into one block has none of the visible block boundaries).
SHINGLE_WORDS = 4
HIDDEN_COPY_SHARE = 0.6
_WORD = re.compile(r"\w+")
#: Elements that hold one paragraph: the text's container is at least their parent.
_PARAGRAPH_TAGS = frozenset({"p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote"})


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


def _is_seed(block: Block) -> bool:
    """Text jusText believes in: good, or near-good outside page furniture."""
    return block.class_type == "good" or (block.cf_class == "neargood" and not block.boilerplate)


def _is_plausible(block: Block) -> bool:
    """Text that is not furniture and not mostly links (a data table of links is a list)."""
    if block.boilerplate:
        return False
    return block.kind == "table" or block.links_density() <= EXPAND_MAX_LINK_DENSITY


def _expand(
    blocks: list[Block], is_seed: Callable[[Block], bool], listing: bool = False
) -> etree._Element | None:
    """Keep the plausible blocks jusText rejected inside the main container; returns the
    container (None when there is no seed text).

    The container is the deepest element holding CONTAINER_SHARE of the seed text (a
    paragraph's text counts from its parent up: a paragraph is not a container).
    """
    starts: list[tuple[etree._Element, int]] = []
    total = 0
    for block in blocks:
        if not is_seed(block):
            continue
        size = len(block.text)
        total += size
        owner = block.owner
        start = owner.getparent() if owner is not None and owner.tag in _PARAGRAPH_TAGS else owner
        if start is not None:
            starts.append((start, size))
    if not total:
        return None
    container = deepest_holding(starts, CONTAINER_SHARE * total)
    if container is None:
        return None
    container = _widen_single(blocks, is_seed, container)
    inside = Under((container,))
    for block in blocks:
        if block.class_type == "good" or block.boilerplate:
            continue
        # A list of links or a linked heading inside the page's declared <main>/<article>
        # is content (an index, a roundup's item titles);
        # on a listing page, linked headings and tables of links are its items.
        keep_any = (block.in_main and block.kind in {"li", "heading"}) or (
            listing and block.kind in {"table", "heading"}
        )
        limit = 1.0 if keep_any else EXPAND_MAX_LINK_DENSITY
        if block.kind == "p" and _is_linked_prose(block):
            limit = PROSE_MAX_LINK_DENSITY
        if block.links_density() > limit or "\xa9" in block.text:
            continue
        if inside(block.owner):
            block.class_type = "good"
    return container


def _widen_single(
    blocks: list[Block],
    is_seed: Callable[[Block], bool],
    container: etree._Element,
) -> etree._Element:
    """A container that is one seed paragraph itself (jusText trusted a single paragraph:
    a short report followed by lists, tables of figures) widens to that paragraph's parent,
    so the report's other lines are judged as its neighbours."""
    for block in blocks:
        owner = block.owner
        if owner is not None and owner is container and is_seed(block):
            parent = owner.getparent()
            return parent if parent is not None else container
    return container


def _is_linked_prose(block: Block) -> bool:
    """A paragraph of running text whose many links are inline citations, not a link list."""
    return (
        block.words_count >= PROSE_MIN_WORDS
        and len(block.text) - block.chars_count_in_links >= PROSE_MIN_UNLINKED
    )


def _keep_intro(blocks: list[Block], container: etree._Element, description: str | None) -> None:
    """Near-good text of the page's declared main content before the container, beside it
    (under the container's parent), that is the page's `<h1>` or the standfirst the page
    declares as its description (`_is_declared`): the title and standfirst above an
    article's body, with a figure, byline and share bar between (the title rule looks back a
    few blocks only). jusText found it plausible; the container held more. Other lines there
    stay out ("Listen to this article", share prompts, notices)."""
    parent = container.getparent()
    if parent is None:
        return
    declared = _plain(description or "").rstrip(".…").rstrip()[:INTRO_MATCH_CHARS]
    inside = Under((container,))
    for block in blocks:
        owner = block.owner
        if owner is None:
            continue
        if inside(owner):
            return
        if (
            block.class_type != "good"
            and block.cf_class == "neargood"
            and block.in_main
            and not block.boilerplate
            and owner.getparent() is parent
            and ((block.kind == "heading" and block.level == 1) or _is_declared(block, declared))
        ):
            block.class_type = "good"


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold()


def _is_declared(block: Block, declared: str) -> bool:
    """Whether `block` is the page's description (`<meta name="description">`,
    `og:description`, `twitter:description`; `declared`: its first INTRO_MATCH_CHARS
    characters, case and spacing aside, a cut "..." or "…" left out): both begin alike for
    INTRO_MATCH_CHARS characters, or the whole of the shorter, at least INTRO_MIN_CHARS."""
    if not declared:
        return False
    text = _plain(block.text)
    size = min(len(text), len(declared))
    return size >= INTRO_MIN_CHARS and text[:size] == declared[:size]


def _keep_closing_lines(blocks: list[Block]) -> None:
    """A short line of the main container right after the kept text and just before
    furniture (the article's <footer>, the page's end) closes the article: keep it."""
    for index in range(1, len(blocks)):
        block = blocks[index]
        if (
            block.class_type == "good"
            or block.boilerplate
            or not block.in_main
            or block.kind != "p"
            or len(block.text) > CLOSING_MAX_CHARS
            or block.links_density() > 0.2
            or "\xa9" in block.text
            or blocks[index - 1].class_type != "good"
        ):
            continue
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        if following is None or following.boilerplate or not following.in_main:
            block.class_type = "good"


def _is_card_title(block: Block) -> bool:
    return (
        block.kind in {"heading", "p", "li"}
        and block.words_count >= TEASER_TITLE_WORDS
        and block.links_density() >= TEASER_TITLE_LINKS
    )


def _is_blurb(block: Block) -> bool:
    return block.links_density() < 0.5 and block.words_count >= 6


def _teaser_runs(blocks: list[Block]) -> list[tuple[int, int]]:
    """(start, end) index ranges of runs of teaser cards: at least TEASER_MIN_CARDS linked
    titles, at most TEASER_MAX_GAP short blocks (a blurb, a date) between two, a blurb
    somewhere; the last card's own short blocks (no more than the widest gap) included."""
    runs: list[tuple[int, int]] = []
    group: list[int] = []

    def close() -> None:
        if len(group) < TEASER_MIN_CARDS:
            return
        widest = max(b - a - 1 for a, b in itertools.pairwise(group))
        end = group[-1] + 1
        while (
            end < len(blocks)
            and end - group[-1] <= widest
            and len(blocks[end].text) <= TEASER_BLURB_CHARS
            and blocks[end].kind != "heading"
        ):
            end += 1
        if any(_is_blurb(blocks[i]) for i in range(group[0], end)):
            runs.append((group[0], end))

    for index, block in enumerate(blocks):
        if not _is_card_title(block):
            continue
        if group and (
            index - group[-1] - 1 > TEASER_MAX_GAP
            or any(len(blocks[i].text) > TEASER_BLURB_CHARS for i in range(group[-1], index))
        ):
            close()
            group = []
        group.append(index)
    close()
    return runs


def _drop_teasers(
    blocks: list[Block], runs: list[tuple[int, int]], container: etree._Element | None
) -> None:
    """Teaser cards ("more stories", related articles with blurbs) outside the container
    of the kept text go (cards inside it are the page's own: a roundup, a listing)."""
    inside = Under(() if container is None else (container,))
    for start, end in runs:
        if any(inside(b.owner) for b in blocks[start:end]):
            continue
        for block in blocks[start:end]:
            block.class_type = "bad"
        before = blocks[start - 1] if start > 0 else None
        if before is not None and before.kind == "heading" and before.links_density() < 0.5:
            before.class_type = "bad"  # the rail's own heading ("More stories")


def _teaser_blocks(
    blocks: list[Block], runs: list[tuple[int, int]], is_seed: Callable[[Block], bool]
) -> set[int]:
    """Indexes of blocks in teaser `runs`, when the page has seed text enough outside them
    (an article); empty on a page that is mostly cards (a listing)."""
    inside = {i for start, end in runs for i in range(start, end)}
    if not inside:
        return inside
    other = sum(len(b.text) for i, b in enumerate(blocks) if i not in inside and is_seed(b))
    cards = sum(len(blocks[i].text) for i in inside)
    return inside if other >= max(TEASER_MIN_OTHER, TEASER_OTHER_RATIO * cards) else set()


def _keep_title(blocks: list[Block]) -> None:
    """The page's <h1> just before the kept text is its title: keep it too."""
    first = next((i for i, b in enumerate(blocks) if b.class_type == "good"), None)
    if first is None:
        return
    for block in reversed(blocks[max(0, first - TITLE_LOOKBACK) : first]):
        if block.kind == "heading" and block.level == 1 and not block.boilerplate:
            block.class_type = "good"
            return


def _shingles(text: str) -> set[int]:
    """Hashes of the text's runs of SHINGLE_WORDS lower-case words."""
    words = _WORD.findall(text.lower())
    return {
        hash(tuple(words[i : i + SHINGLE_WORDS]))
        for i in range(max(0, len(words) - SHINGLE_WORDS + 1))
    }


def _drop_repeats(blocks: list[Block]) -> None:
    """Keep one copy of repeated text: a hidden copy of visible text goes, and a block
    that repeats an earlier kept block word for word goes (captions, teasers, print copies)."""
    visible = {b.text for b in blocks if not b.hidden}
    shown: set[int] | None = None
    seen: set[str] = set()
    for block in blocks:
        if block.class_type != "good":
            continue
        if block.hidden and block.text in visible:
            block.class_type = "bad"
        elif block.hidden and block.words_count >= SHINGLE_WORDS * 2:
            if shown is None:  # built once, only for pages that hide long text
                shown = set()
                for other in blocks:
                    if not other.hidden:
                        shown.update(_shingles(other.text))
            own = _shingles(block.text)
            if len(own & shown) >= HIDDEN_COPY_SHARE * len(own):
                block.class_type = "bad"  # a hidden copy of text shown elsewhere, re-flowed
        elif len(block.text) >= REPEAT_MIN_CHARS:
            if block.text in seen:
                block.class_type = "bad"
            seen.add(block.text)


def _drop_outside_dense(blocks: list[Block], dense: etree._Element) -> None:
    """When the page's best text-dense container (readability's choice) holds most of the
    kept text, kept blocks after its start but outside it go (sidebars, bios, "about" boxes
    that jusText found good), except prose beside it in the page's declared main container
    (a closing line, a second tab); blocks before it stay (the title, standfirst and lead often
    sit in a header above the body)."""
    in_parts = Under(_parts_of(dense))
    inside = [in_parts(b.owner) for b in blocks]
    kept = sum(len(b.text) for b in blocks if b.class_type == "good")
    within = sum(
        len(b.text) for b, i in zip(blocks, inside, strict=True) if i and b.class_type == "good"
    )
    if not kept or within < SIDE_SHARE * kept:
        return
    if within < DENSE_SHARE * kept:
        drop_side_branches(blocks, dense)
        return
    first = inside.index(True)
    parent = dense.getparent()
    subheadings = subheadings_of(blocks, inside)
    beside = Under(() if parent is None else (parent,))
    for index in range(first, len(blocks)):
        block = blocks[index]
        if block.class_type != "good" or inside[index] or index in subheadings:
            continue
        if block.in_main and _is_sibling_prose(block, beside):
            continue
        block.class_type = "bad"


def _parts_of(dense: etree._Element) -> list[etree._Element]:
    """The dense container and the other parts of the same text: elements of the
    same tag and class next to it (siblings or cousins: an article cut into several
    `div.article-body` parts by ads). One look at the grandparent's grandchildren."""
    parts = [dense]
    names = dense.get("class")
    parent = dense.getparent()
    if not names or parent is None:
        return parts
    grand = parent.getparent()
    for aunt in grand if grand is not None else (parent,):
        for node in aunt:
            if node.tag == dense.tag and node.get("class") == names:
                parts.append(node)
    return parts


def _is_sibling_prose(block: Block, beside: Under) -> bool:
    """Prose next to the dense container, readability's way: under the same parent
    (`beside`), and a long paragraph with few links or a short linkless sentence (a closing
    line, a tab)."""
    if not beside(block.owner):
        return False
    density = block.links_density()
    if len(block.text) > SIBLING_LONG:
        return density < SIBLING_MAX_LINKS
    return density == 0 and block.text.rstrip().endswith((".", "!", "?", "\u3002"))


#: Owners of the blocks `_all_content` may vouch for: paragraph tags jusText's container
#: search steps over (`_PARAGRAPH_TAGS` without quotes and code).
_PLAIN_OWNERS = frozenset({"p", "h1", "h2", "h3", "h4", "h5", "h6"})


def all_content(blocks: list[Block], dense: etree._Element | None) -> bool:
    """Whether `classify_steps` would keep every block, so they can be skipped (a
    small page of a few paragraphs and headings pays most of its reading time for them).

    True only when each block is a paragraph or heading of its own <p>/<hN>, all of them
    children of one element P, with no furniture, hidden text, regions, links or (c) sign,
    no repeated text, no <figure> around, and the dense container (if any) P or above it.
    Then: no teaser cards nor rails (they need links); `_expand`'s container is P (every
    seed's chain is [owner, P, ...], the owner skipped as a paragraph, so P is the deepest
    element holding all seed text; with no sure paragraph every block is a plausible seed,
    and a sure one is a seed, as `revise` keeps "good"), and every block, under P with no
    links and no (c), becomes good; nothing lies outside the dense container; no copies, no
    captions. `property_tests/test_extract_all_content.py` checks it against the steps."""
    parent: etree._Element | None = None
    seen: set[str] = set()
    for block in blocks:
        owner = block.owner
        if (
            owner is None
            or block.kind not in {"p", "heading"}
            or owner.tag not in _PLAIN_OWNERS
            or block.boilerplate
            or block.hidden
            or block.regions
            or block.chars_count_in_links
            or "\xa9" in block.text
        ):
            return False
        if parent is None:
            parent = owner.getparent()
            if parent is None or figure_of(owner) is not None:
                return False
        elif owner.getparent() is not parent:
            return False
        if len(block.text) >= REPEAT_MIN_CHARS:
            if block.text in seen:
                return False
            seen.add(block.text)
    if parent is None:
        return False
    return dense is None or dense is parent or any(a is dense for a in parent.iterancestors())


def page_stoplist(texts: Iterable[str], language: str | None) -> str:
    """The stoplist for the language of the blocks' `texts` (the first 400 are sampled);
    "CJK" for Chinese/Japanese."""
    sample = " ".join(itertools.islice(texts, 400))
    if is_cjk(sample[:5000]):
        return "CJK"
    return guess_stoplist(sample, language)


def classify(
    blocks: list[Block],
    language: str | None,
    dense: etree._Element | None = None,
    description: str | None = None,
) -> str:
    """Mark each block good or bad (jusText plus structure); returns the stoplist used.

    `dense`: the page's best text-dense container (`measure.Measures.dense`), if any;
    `description`: what the page's metadata says it is about (`metadata.PageMeta`)."""
    name = page_stoplist((b.text for b in blocks), language)
    if all_content(blocks, dense):
        for block in blocks:
            block.class_type = "good"
    else:
        classify_steps(blocks, name, dense, description)
    return name


def classify_steps(
    blocks: list[Block],
    name: str,
    dense: etree._Element | None,
    description: str | None = None,
) -> None:
    """The steps of `classify` (its docstring) with the stoplist called `name`."""
    if name == "CJK":
        classify_cjk(blocks)
    else:
        # Furniture outside soft regions is "bad" below whatever jusText says (most blocks of
        # a news page): only its `heading` is read (by `revise`), so it is not classified.
        judged = []
        for block in blocks:
            if block.boilerplate and not block.regions:
                block.heading = block.kind == "heading"
            else:
                judged.append(block)
        classify_paragraphs(
            judged, stoplist(name), stopwords_low=STOPWORDS_LOW, stopwords_high=STOPWORDS_HIGH
        )
    _judge_soft_regions(blocks)
    for block in blocks:
        if block.boilerplate:
            block.cf_class = "bad"
        elif block.kind in {"pre", "table"} and block.links_density() < 0.5:
            block.cf_class = "neargood"
    revise(blocks)
    sure = any(b.cf_class == "good" for b in blocks)
    # jusText found no paragraph it is sure of (listings, product pages, short pages):
    # take the container of all plausible text instead.
    seed = _is_seed if sure else _is_plausible
    runs = _teaser_runs(blocks)  # (kinds, lengths and links only: the same runs later)
    teasers = _teaser_blocks(blocks, runs, seed)
    ids = {id(blocks[i]) for i in teasers}
    container = _expand(blocks, lambda b: seed(b) and id(b) not in ids, listing=not sure)
    if container is not None:
        _keep_intro(blocks, container, description)
    _keep_closing_lines(blocks)
    if teasers:
        _drop_teasers(blocks, runs, container)
    if dense is not None:
        _drop_outside_dense(blocks, dense)
    _keep_title(blocks)
    _drop_repeats(blocks)
    drop_figure_text(blocks)
    drop_trailing_rails(blocks)
    if not any(b.class_type == "good" for b in blocks):
        # Nothing plausible at all: keep whatever is not furniture.
        for block in blocks:
            if not block.boilerplate:
                block.class_type = "good"
