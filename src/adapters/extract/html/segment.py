"""Cut an HTML body into blocks (jusText's paragraphs) that remember their Markdown form.

One iterative walk over the lxml tree (an explicit stack, no recursion, a depth cap)
produces, in document order, `Block`s: the text of one paragraph-level element, its
Markdown rendering (links absolute, inline code, images as alt text), its kind (heading,
list item with indentation, quote, code block, table) and the signals jusText's
classifier reads (length, link characters, DOM path). `Block` duck-types jusText's
`Paragraph`, so `justext.core.classify_paragraphs` and `revise_paragraph_classification`
run on it unchanged; we then serialise only the blocks they keep.
"""

from __future__ import annotations

from itertools import chain, takewhile

from lxml import etree

from webdistill.adapters.extract.html.block import (
    BR,
    Block,
    absolute_url,
    code_language,
    text_of,
)
from webdistill.adapters.extract.html.buttons import accordion_header
from webdistill.adapters.extract.html.captions import figure_of
from webdistill.adapters.extract.html.consent import MANAGER as CONSENT_MANAGER
from webdistill.adapters.extract.html.consent import consent_tier
from webdistill.adapters.extract.html.furniture import (
    BLOCK_TAGS,
    BOILERPLATE_TAGS,
    COMMENTS_NAME,
    DISCUSSION,
    FOOTER_NAME,
    HARD,
    HARD_NAME_MAX_SHARE,
    HEADING_TAGS,
    NEVER_BOILERPLATE,
    SKIP_TAGS,
    SOFT,
    furniture_verdict,
    is_heading_anchor,
    is_hidden,
    is_styled_hidden,
)
from webdistill.adapters.extract.html.inline import EMPHASIS, close_code, close_span
from webdistill.adapters.extract.html.measure import MIN_ARTICLE_CHARS, Measures
from webdistill.adapters.extract.html.pictures import TeaserCards
from webdistill.adapters.extract.html.quiet import (
    is_closed_overlay,
    is_hidden_account_prompt,
    screen_reader_class,
)
from webdistill.adapters.extract.html.tables import is_data_table, render_table
from webdistill.adapters.extract.html.twins import Signature, is_twin, main_twins

MAX_DEPTH = 400
#: An `<article>` inside the main container holding at least this share of its text is the
#: content, whatever the wrappers between them are named.
CORE_ARTICLE_SHARE = 0.5


def core_line(main: etree._Element, measures: Measures) -> set[etree._Element]:
    """The `<article>` under a main container that is not one itself, and the elements
    between them, when it is the only one there (nested ones aside), a long article, and
    holds at least CORE_ARTICLE_SHARE of the container's text: a newsletter archive keeps
    its issue in `div.newsletter-container > article.newsletter-content`, and the wrapper,
    named like furniture, took the issue with it. (A long comment is one `<article>` among
    others, or in an `<li>`, or under a comments name: never the core.) Empty otherwise."""
    if main.tag == "article":
        return set()
    long = [node for node in main.iter("article") if measures.length(node) >= MIN_ARTICLE_CHARS]
    if not long:
        return set()
    best = long[0]  # (the first in document order: the outermost)
    inner = sum(1 for node in best.iter("article") if measures.length(node) >= MIN_ARTICLE_CHARS)
    if inner != len(long):
        return set()  # (one of several: a long comment among comments; short cards aside)
    if measures.length(best) < CORE_ARTICLE_SHARE * measures.length(main):
        return set()
    line = list(takewhile(lambda e: e is not main, chain((best,), best.iterancestors())))
    for node in line:
        names = f"{node.get('class') or ''} {node.get('id') or ''}"
        if node.tag == "li" or COMMENTS_NAME.search(names):
            return set()  # (a comment: WordPress's `li.comment > article.comment-body`)
    return set(line)


#: The tags `BlockMaker._is_boilerplate` can judge furniture without any attribute.
BARE_FURNITURE = BOILERPLATE_TAGS | {"header", "label"}


def is_bookmark(element: etree._Element) -> bool:
    """An `<a name>` without href, target or onclick: a bookmark (Word wraps whole
    paragraphs in them), not a link, so its text counts as text. An `<a>` without href that
    scripts make a link (a class, a target, an onclick) stays a link."""
    attrib = element.attrib
    return (
        "name" in attrib
        and "href" not in attrib
        and "target" not in attrib
        and "onclick" not in attrib
    )


#: The most blocks one page yields; the walk stops there and says so (`truncated`).
MAX_BLOCKS = 20_000


class BlockMaker:
    """Walks a tree once and collects `Block`s; see the module docstring."""

    def __init__(
        self,
        base_url: str | None,
        main: etree._Element | None,
        measures: Measures,
        *,
        image_links: bool = True,
    ) -> None:
        self.base_url = base_url
        self.main = main
        self.measures = measures
        self.image_links = image_links
        self.main_line: set[etree._Element] = set()
        self.main_twins: set[Signature] = set()
        #: Parts of accordion headers not to read (`buttons.accordion_header`).
        self.unread: set[etree._Element] = set()
        #: ... and the line from the main container down to the `<article>` that holds most
        #: of its text: never furniture by its name either (`core_line`).
        self.core_line: set[etree._Element] = set()
        if main is not None:
            self.main_line = {main, *main.iterancestors()}
            self.main_twins = main_twins(self.main_line)
            self.core_line = core_line(main, measures)
        #: The class strings of the twins, checked first (a set lookup per element).
        self.twin_classes = {signature[1] for signature in self.main_twins}
        self.blocks: list[Block] = []
        self.current = Block("p", "body")
        self.path: list[str] = []
        self.lists: list[tuple[bool, list[int], str]] = []  # ordered, counter, child indent
        self.quote_depth = 0
        self.boiler_depth = 0
        self.main_depth = 0
        self.indent = ""
        self.new_list = False
        self.regions: list[int] = []
        self.discussion_depth = 0
        self.chars = 1
        self.region_count = 0
        self.owners: list[etree._Element] = []
        self.truncated = False
        self.hidden_depth = 0
        self.code_depth = 0
        self.pending_images = ""
        self.teaser_cards = TeaserCards(base_url)
        #: Teaser pictures waiting, with their cards (`pictures.TeaserCards`).
        self.pending_teasers: list[tuple[str, list[etree._Element]]] = []
        self.rule = False
        self.hidden_stack: list[bool] = []

    # --- blocks -----------------------------------------------------------------------
    def _close(self) -> None:
        block = self.current
        if block.images and not block.text_parts:
            # an image alone (a figure): its Markdown goes on the line before the next text,
            # unless it is furniture (a logo in the header, an ad's picture); a teaser card's
            # pictures only go with text inside their card (`pictures`)
            if block.boilerplate:
                return
            cards = self._teaser_cards(block)
            if cards:
                self.pending_teasers.append(("".join(block.md_parts) + BR, cards))
            else:
                self.pending_images += "".join(block.md_parts) + BR
            return
        if (
            (self.pending_images or self.pending_teasers)
            and block.kind not in {"pre", "table", "heading"}
            and not block.boilerplate
            and (block.owner is None or figure_of(block.owner) is None)  # (not a caption)
        ):
            block.md_parts.insert(0, self._teasers_for(block) + self.pending_images)
            self.pending_images = ""  # (a heading, table, code or caption leaves them pending)
            self.pending_teasers = []
        block.finish()
        if block.text:
            block.rule_before = self.rule
            self.rule = False
            self.blocks.append(block)

    def _teaser_cards(self, block: Block) -> list[etree._Element]:
        """The cards of a pictures-only block when every picture is a teaser's, else []."""
        linked = block.linked_images
        if linked is None or len(linked) != block.images:
            return []
        cards = []
        for image in linked:
            card = self.teaser_cards.card_of(image)
            if card is None:
                return []
            cards.append(card)
        return cards

    def _teasers_for(self, block: Block) -> str:
        """The Markdown of the waiting teaser pictures whose card holds `block`."""
        if not self.pending_teasers or block.owner is None:
            return ""
        line = {block.owner, *block.owner.iterancestors()}
        return "".join(
            markdown
            for markdown, cards in self.pending_teasers
            if any(card in line for card in cards)
        )

    def _open(self, kind: str, prefix: str = "", level: int = 0) -> Block:
        block = self.current
        if block.text_parts or block.md_parts:
            self._close()
            block = Block(kind, "")
            self.current = block
        elif block.kind == "li" and kind == "p" and self.owners and self.owners[-1].tag != "li":
            return block  # <li><p>: the item's first paragraph keeps the item's marker
        # else: the current block is still empty, and is reused (most boundaries are).
        block.kind = kind
        block.level = level
        block.dom_path = ".".join(self.path[-4:])
        block.prefix = "> " * self.quote_depth + prefix if self.quote_depth else prefix
        block.boilerplate = self.boiler_depth > 0
        block.regions = tuple(self.regions) if self.regions else ()
        block.owner = self.owners[-1] if self.owners else None
        block.in_main = self.main_depth > 0
        block.hidden = self.hidden_depth > 0
        block.list_start = False
        return block

    def _add(self, text: str | None, *, link: bool = False) -> None:
        if not text:
            return
        block = self.current
        if not block.text_parts and text.isspace():
            return  # leading blanks: keeps empty blocks empty (and reusable)
        block.text_parts.append(text)
        block.md_parts.append(text)
        if link:
            block.chars_count_in_links += len(" ".join(text.split()))

    # --- walk ---------------------------------------------------------------------------
    def walk(self, root: etree._Element) -> list[Block]:
        """All blocks under `root`, in document order.

        lxml's `iterwalk` steps through the tree in C; a subtree the walk does not enter
        (skipped tags, elements consumed whole, too deep) is skipped with `skip_subtree`."""
        self.chars = max(1, self.measures.total)
        blocks, add = self.blocks, self._add
        # per open element: what entering did, its lowered tag first (None: not entered)
        undos: list[tuple[object, ...] | None] = []
        push, pop = undos.append, undos.pop
        in_link = 0
        depth = -1
        walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
        for event, element in walker:
            if event == "end":
                done = pop()
                depth -= 1
                if done is None:
                    continue  # (its tail went in when it was skipped)
            if len(blocks) >= MAX_BLOCKS:
                self.truncated = True
                break
            if event == "end":
                assert done is not None
                in_link -= self._leave(done)
                tail = element.tail
                if tail:
                    add(tail, link=in_link > 0)
                continue
            entered = None
            if event == "start":  # (else a comment or processing instruction: its tail)
                depth += 1
                name = element.tag
                tag = name.lower() if isinstance(name, str) else ""
                if (
                    not tag
                    or (tag in SKIP_TAGS and not self._read_button(element, tag))
                    or depth > MAX_DEPTH
                    or (self.unread and element in self.unread)
                ):
                    if tag and depth > MAX_DEPTH:
                        add(" " + text_of(element) + " ")
                else:
                    entered = self._enter(element, tag, in_link > 0)
                if entered is None:  # skipped, or consumed whole (pre, data table, img, br)
                    walker.skip_subtree()
                    push(None)
            if entered is None:
                tail = element.tail
                if tail:
                    add(tail, link=in_link > 0)
                continue
            if tag == "a" and entered[-1] is True:  # (a link, not a bookmark or own anchor)
                in_link += 1
            push(entered)
            text = element.text
            if text:
                add(text, link=in_link > 0)
        self._close()
        return self.blocks

    def _read_button(self, element: etree._Element, tag: str) -> bool:
        """A skipped tag that is read after all: a `<button>` around the page's `<main>` (an
        unclosed one: libxml2 nests what follows in it; a closed card button around an
        `<article>` stays skipped) or the whole of a heading (an accordion's header)."""
        if tag != "button":
            return False
        if element in self.main_line:  # (the main container is a `<main>`, not an `<article>`)
            main = self.main
            return main is not None and (main.tag == "main" or main.get("role") == "main")
        unread = accordion_header(element)
        if unread is None:
            return False
        self.unread.update(unread)
        return True

    def _is_consent_prompt(
        self, element: etree._Element, tag: str, element_id: str | None, cls: str | None
    ) -> bool:
        """A consent manager's prompt outside the main content (`consent.py`): never inside
        it (a comparison widget's `.cmp-root`, a plugin's consented embed). On a page without
        a main container, only by a name with the manager's in it (`#onetrust-consent-sdk`):
        a page may sit in `<div id="ccc">`, call a section `div.unic`, or be a privacy-settings
        page whose content is `#consent-manager` (there the furniture words judge, with their
        share of the page)."""
        found = consent_tier(tag, element_id, cls, element.attrib)
        return found > 0 if self.main is not None else found == CONSENT_MANAGER

    def _is_boilerplate(self, element: etree._Element, tag: str, keys: list[str]) -> int:
        """HARD for furniture by tag/role, SOFT for furniture by class/id name, else 0
        (`keys`: the element's attribute names; without any, only `BARE_FURNITURE` tags can
        be; an attribute is read only when the element has it: most have one or two)."""
        cls = element.get("class") if "class" in keys else None
        if element in self.main_line or (
            cls is not None and cls in self.twin_classes and is_twin(element, self.main_twins)
        ):
            return 0
        if tag == "footer" and self.quote_depth:
            return 0  # a quotation's attribution
        if tag in BOILERPLATE_TAGS or (
            "role" in keys and element.get("role") in {"navigation", "complementary"}
        ):
            return HARD
        if tag == "header" and self.main_depth == 0 and self.main is not None:
            return HARD
        if (
            (("hidden" in keys or "aria-hidden" in keys) and is_hidden(element))
            or (cls and screen_reader_class(cls))
            or tag == "label"
        ):
            return HARD  # (a <label> names a form control: a poll's options, a log-in field)
        if (
            self.main is not None
            and self.main_depth == 0
            and "style" in keys
            and is_closed_overlay(element)
        ):
            return HARD  # a closed dialog outside the article (log-in forms, overlays)
        if element in self.core_line:  # (its tags and hidden-ness are judged, not its names)
            hidden_prompt = cls is not None and is_hidden_account_prompt(element)
            return HARD if hidden_prompt and tag not in NEVER_BOILERPLATE else 0
        element_id = element.get("id") if "id" in keys else None
        if self.main_depth == 0 and self._is_consent_prompt(element, tag, element_id, cls):
            return HARD  # a consent manager's banner or preference centre (`consent.py`)
        names = (cls or "") + " " + (element_id or "")
        if len(names) > 1 and tag not in NEVER_BOILERPLATE:
            if cls is not None and is_hidden_account_prompt(element):
                return HARD  # a hidden log-in / registration / subscribe offer
            verdict = furniture_verdict(names)
            if verdict and is_heading_anchor(element):
                verdict = furniture_verdict(cls or "")  # (the id is its heading's anchor)
            if verdict == HARD and self.discussion_depth:
                return SOFT  # a comment inside a page that is a discussion
            if (
                verdict == HARD
                and self.measures.length(element) > HARD_NAME_MAX_SHARE * self.chars
                and not self.measures.article_outside(element)
            ):
                return DISCUSSION  # named like comments, but holds most of a page without article
            if (
                verdict == SOFT
                and self.main is not None
                and self.main_depth == 0
                and FOOTER_NAME.search(names)
            ):
                return HARD  # a footer-named block outside the page's main content
            return verdict
        return 0

    def _enter(self, element: etree._Element, tag: str, in_link: bool) -> tuple[object, ...] | None:
        if tag == "br":
            self.current.md_parts.append(BR)
            self.current.text_parts.append(" ")
            self.current.tags_count += 1
            return None
        if tag == "img":
            self._enter_image(element, in_link)
            return None
        keys = element.keys()
        # Inside HARD furniture every block is furniture whatever its elements are named:
        # they are not judged (most elements of a news page sit in navigation, footers,
        # asides). A SOFT region opened in there would hold furniture blocks only, which
        # no region verdict changes (`classify._judge_soft_regions`).
        judged = not self.boiler_depth
        if keys:
            boiler = self._is_boilerplate(element, tag, keys) if judged else 0
            hidden = "style" in keys and is_styled_hidden(element)
        else:  # (a bare element: most are neither furniture nor hidden)
            boiler = (
                self._is_boilerplate(element, tag, keys)
                if judged and (tag in BARE_FURNITURE or "-" in tag)  # (custom elements)
                else 0
            )
            hidden = False
        is_main = element is self.main
        self.path.append(tag)
        self.hidden_stack.append(hidden)
        self.hidden_depth += hidden
        self.owners.append(element)
        if is_main:
            self.main_depth += 1
        if boiler:
            self._push_furniture(boiler)
        if tag == "pre" or (tag == "table" and is_data_table(element)):
            self._open("pre" if tag == "pre" else "table")
            self._consume_whole(element, tag)
            self._pop(boiler, is_main)
            self._open("p")
            return None
        undo: tuple[object, ...] = (tag, boiler, is_main, "")
        if tag in BLOCK_TAGS:
            undo = self._enter_block(tag, boiler, is_main)
        elif tag == "a":
            href = element.get("href")
            self.current.md_parts.append("[")
            index = len(self.current.md_parts) - 1
            is_link = self._is_link(element, href)
            undo = (tag, boiler, is_main, "a", self.current, index, href, is_link)
        elif tag == "code" and not in_link:
            self.current.md_parts.append("")
            undo = (tag, boiler, is_main, "code", self.current, len(self.current.md_parts) - 1)
        elif tag in EMPHASIS and self.current.kind != "heading" and not self.code_depth:
            self.current.md_parts.append("")
            index = len(self.current.md_parts) - 1
            undo = (tag, boiler, is_main, "em", self.current, index, EMPHASIS[tag])
        if tag == "code":
            self.code_depth += 1
        self.current.tags_count += 1
        return undo

    def _is_link(self, element: etree._Element, href: str | None) -> bool:
        """Whether an `<a>`'s text counts as link text: not a bookmark, and not a heading's
        link to a place on the same page (Sphinx's `toc-backref` to its contents, a live
        blog entry's link to itself): such a heading is the text's title, not navigation."""
        if is_bookmark(element):
            return False
        target = (href or "").strip()
        return not (
            self.current.kind == "heading"
            and target.startswith("#")
            and len(target) > 1  # ("#" alone: a script's button)
            and "onclick" not in element.attrib
        )

    def _enter_image(self, element: etree._Element, in_link: bool) -> None:
        image = self._image(element)
        if image:
            self.current.md_parts.append(image)
            self.current.images += 1
            if in_link:
                block = self.current
                if block.linked_images is None:
                    block.linked_images = []
                block.linked_images.append(element)

    def _image(self, element: etree._Element) -> str:
        """An image as `![alt](url)` (or its alt text alone); nothing without alt text."""
        alt = " ".join((element.get("alt") or "").split())
        if not alt or alt.lower().startswith("data:"):
            return ""
        alt = alt.replace("[", "(").replace("]", ")")
        src = (element.get("src") or element.get("data-src") or "").strip()
        if not self.image_links or not src or src.lower().startswith("data:"):
            return f" {alt} "
        return f" ![{alt}]({absolute_url(src, self.base_url)}) "

    def _enter_block(self, tag: str, boiler: int, is_main: bool) -> tuple[object, ...]:
        if tag in HEADING_TAGS:
            self._open("heading", "#" * HEADING_TAGS[tag] + " ", HEADING_TAGS[tag])
        elif tag in {"ul", "ol", "menu", "dir"}:
            self.lists.append((tag == "ol", [0], self.indent))
            self._open("p")
            self.new_list = len(self.lists) == 1
        elif tag == "li":
            ordered, counter, outer = self.lists[-1] if self.lists else (False, [0], "")
            counter[0] += 1
            marker = f"{counter[0]}. " if ordered else "- "
            self._open("li", outer + marker).list_start = self.new_list
            self.new_list = False
            self.indent = outer + " " * len(marker)
            return (tag, boiler, is_main, "li", outer)
        elif tag == "blockquote":
            self.quote_depth += 1
            self._open("p")
        elif tag == "hr":
            self._open("p")
            self.rule = True
        elif tag in {"dt", "dd"}:
            self._open(tag, self.indent)
        else:
            self._open("p", self.indent if tag in {"p", "div", "dd"} and self.indent else "")
        return (tag, boiler, is_main, "block")

    def _leave(self, undo: tuple[object, ...]) -> int:
        """Undo what entering did (`undo`: the lowered tag, then what `_enter` returned);
        returns 1 when leaving a link."""
        tag, boiler, is_main, what = undo[0], undo[1], undo[2], undo[3]
        left_link = 0
        if tag == "code":
            self.code_depth -= 1
        if what == "a":
            block, index, href = undo[4], undo[5], undo[6]
            left_link = int(undo[7] is True)
            assert isinstance(block, Block) and isinstance(index, int)
            added = "".join(block.md_parts[index + 1 :]).strip()
            if (
                block is not self.current
                or not added
                or not isinstance(href, str)
                or href.strip().lower().startswith(("javascript:", "data:", "#"))
            ):
                block.md_parts[index] = ""
            else:
                # "[text ](url) more" reads badly: keep the link text's trailing space outside
                last = block.md_parts[-1]
                block.md_parts[-1] = last.rstrip()
                block.md_parts.append(f"]({absolute_url(href, self.base_url)})")
                if block.md_parts[-2] != last:
                    block.md_parts.append(" ")
        elif what in {"code", "em"}:
            block, index = undo[4], undo[5]
            assert isinstance(block, Block) and isinstance(index, int)
            if block is not self.current:
                block.md_parts[index] = ""
            elif what == "code":
                close_code(block.md_parts, index)
            else:
                close_span(block.md_parts, index, str(undo[6]))
        elif what in {"block", "li"}:
            if tag in {"ul", "ol", "menu", "dir"} and self.lists:
                self.indent = self.lists.pop()[2]
            elif tag == "blockquote":
                self.quote_depth = max(0, self.quote_depth - 1)
            if what == "li":
                outer = undo[4]
                self.indent = outer if isinstance(outer, str) else ""
            self._reopen(self.indent if self.indent and self.lists else "")
            self._pop(boiler, is_main)
            self._recontext()
            return left_link
        self._pop(boiler, is_main)
        return left_link

    def _reopen(self, prefix: str) -> None:
        """`_open("p", prefix)` on leaving a block element, but for the block's context
        (path, furniture, owner...), which `_recontext` sets once the element is popped."""
        block = self.current
        if block.text_parts or block.md_parts:
            self._close()
            block = Block("p", "")
            self.current = block
        elif block.kind == "li" and self.owners and self.owners[-1].tag != "li":
            return  # <li><p>: the item's first paragraph keeps the item's marker
        block.kind = "p"
        block.level = 0
        block.prefix = "> " * self.quote_depth + prefix if self.quote_depth else prefix
        block.list_start = False

    def _recontext(self) -> None:
        """The empty block opened on leaving an element belongs to the element's parent:
        text after a closed share box or sidebar is not furniture because the box was."""
        block = self.current
        block.dom_path = ".".join(self.path[-4:])
        block.boilerplate = self.boiler_depth > 0
        block.regions = tuple(self.regions) if self.regions else ()
        block.owner = self.owners[-1] if self.owners else None
        block.in_main = self.main_depth > 0
        block.hidden = self.hidden_depth > 0

    def _push_furniture(self, boiler: int) -> None:
        """Entering furniture (`boiler` of `_is_boilerplate`; `_enter` pushes the rest)."""
        self.boiler_depth += boiler == HARD
        self.discussion_depth += boiler == DISCUSSION
        if boiler in {SOFT, DISCUSSION}:
            self.region_count += 1
            self.regions.append(self.region_count)

    def _pop(self, boiler: object, main: object) -> None:
        if self.path:
            self.path.pop()
        if self.hidden_stack:
            self.hidden_depth -= self.hidden_stack.pop()
        if self.owners:
            self.owners.pop()
        if main:
            self.main_depth -= 1
        if not boiler:
            return
        self.boiler_depth -= boiler == HARD
        self.discussion_depth -= boiler == DISCUSSION
        if boiler in {SOFT, DISCUSSION} and self.regions:
            self.regions.pop()

    def _consume_whole(self, element: etree._Element, tag: str) -> None:
        block = self.current
        if tag == "pre":
            code = text_of(element).strip("\n")
            block.md_parts.append(f"```{code_language(element)}\n{code}\n```")
            block.text_parts.append(code)
        else:
            markdown, text = render_table(element, self.base_url)
            block.md_parts.append(markdown)
            block.text_parts.append(text)
            links = sum(len(text_of(a)) for a in element.iter("a"))
            block.chars_count_in_links = links
