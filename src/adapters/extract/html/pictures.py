"""Teaser pictures: a card's thumbnail that repeats the link of the card's headline.

An image with no text beside it (a block of images only) has no words for the classifier
to judge: its Markdown waits for the next paragraph of text and goes with it
(`segment.BlockMaker._close`). A teaser card (another story in a "featured stories" rail,
a "more from" box, a listing's item) draws the same link twice: once around its picture
and once around its headline (`li.story > figure > a[href=S] > img` and `figcaption >
a[href=S]`), or one link holds both. Such a picture goes with the next paragraph only when
that paragraph is in its card, the element CARD_LEVELS above the picture's link (a listing
item's summary: the card's fate decides); a paragraph outside the card (the article after
a rail of other stories) does not take it: it is left out.

Only that positive sign counts, and not when the picture is the page's own: a link to the
page itself (scheme, `www.`, a final slash and the query aside) or to a picture file, a
headline that is the page's title (in or around its `<h1>`, or held by its `<title>`: a
post's hero image, a product's picture beside its name), a `<figure>` that no list item holds (its
caption may link where the picture does: a photo credit, "see all photos"). A picture
linked elsewhere without a headline beside it (a blog's screenshot linking to its full-size
copy on an image host, a Flickr embed, a forum attachment, a comic linking to the next page)
stays, as does a picture inside a line of text. A headline is a link of at least
HEADLINE_MIN_WORDS words or HEADLINE_MIN_CHARS characters that are not blanks ("Next", "»",
"View larger image" are not), read in at most LINK_MAX_ELEMENTS of its elements.

The work is bounded: each link is read once, each card's headlines are found once in at
most CARD_MAX_ELEMENTS of its elements, and no more than PAGE_MAX_ELEMENTS elements are read
on one page (then no more teasers are sought). The plain text never holds images, so only
the Markdown changes.
"""

from __future__ import annotations

import itertools
from urllib.parse import urlsplit

from lxml import etree

from webdistill.adapters.extract.html.block import absolute_url

#: How far up from an image its link may be (`<a><picture><img>`, `<a><span><img>`).
LINK_LEVELS = 4
#: How far up from the picture's link the card that holds the headline may be.
CARD_LEVELS = 2
#: The most elements of one card looked at for headlines.
CARD_MAX_ELEMENTS = 60
#: The most elements looked at for all the cards of a page (then no more are sought).
PAGE_MAX_ELEMENTS = 200_000
#: A headline has at least this many words, or this many characters that are not blanks
#: (a headline in Chinese or Japanese has no blanks); "Next", "View larger image" have not.
HEADLINE_MIN_WORDS = 4
HEADLINE_MIN_CHARS = 20
#: The most elements of one link read to tell whether it is a headline.
LINK_MAX_ELEMENTS = 32
#: What a link's text is (`_headline_kind`).
NONE, HEADLINE, TITLE = 0, 1, 2
#: Path endings of a picture's own file (a caption linking to the full-size copy).
PICTURE_TYPES = (
    ".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".svg", ".bmp", ".tif", ".tiff",
)  # fmt: skip


def _link_of(image: etree._Element) -> etree._Element | None:
    node = image.getparent()
    for _ in range(LINK_LEVELS):
        if node is None:
            return None
        if node.tag == "a":
            return node
        node = node.getparent()
    return None


def _target(link: etree._Element, page_url: str | None) -> str:
    """Where `link` goes, resolved, without its fragment ("" for no link at all)."""
    href = "".join((link.get("href") or "").split())
    if not href or href.startswith("#") or href.lower().startswith(("javascript:", "data:")):
        return ""
    return absolute_url(href, page_url).split("#", 1)[0]


def _headline_kind(link: etree._Element, page_title: str) -> int:
    """NONE, HEADLINE, or TITLE: a headline in or around an `<h1>`, or one the page's
    `<title>` holds, is the page's own title, whose picture is the page's hero or product
    image. Reads at most LINK_MAX_ELEMENTS elements of the link."""
    parts: list[str] = []
    title = any(node.tag == "h1" for node in itertools.islice(link.iterancestors(), 3))
    for element in itertools.islice(link.iter(), LINK_MAX_ELEMENTS):
        if element.tag == "h1":
            title = True
        for piece in (element.text, element.tail if element is not link else None):
            if piece:
                parts.extend(piece[: HEADLINE_MIN_CHARS * 8].split())
    if len(parts) < HEADLINE_MIN_WORDS and sum(len(part) for part in parts) < HEADLINE_MIN_CHARS:
        return NONE
    if title or (page_title and " ".join(parts).casefold() in page_title):
        return TITLE
    return HEADLINE


def _place(url: str) -> tuple[str, str] | None:
    """The host (without `www.`) and path (without a final slash) of `url`: a page whatever
    its scheme, query (`?amp=1`, `?utm_source=...`) and fragment."""
    try:
        parts = urlsplit(url)
    except ValueError:  # (an invalid IPv6 host)
        return None
    return parts.netloc.lower().removeprefix("www."), parts.path.rstrip("/")


def _own_caption(link: etree._Element) -> bool:
    """Whether the picture's link is in a `<figure>` that no list item holds: the page's own
    captioned figure (its caption may link where the picture does), not a rail's card."""
    figure = next(
        (node for node in itertools.islice(link.iterancestors(), 2) if node.tag == "figure"),
        None,
    )
    if figure is None:
        return False
    return not any(node.tag == "li" for node in itertools.islice(figure.iterancestors(), 2))


class TeaserCards:
    """The teaser cards of one page (module docstring), each card's headlines found once."""

    def __init__(self, page_url: str | None) -> None:
        self.page_url = page_url
        self.page = _place(page_url) if page_url else None
        self.page_title: str | None = None  # (read from the tree on first need)
        self.headlines: dict[etree._Element, frozenset[str]] = {}
        self.kinds: dict[etree._Element, int] = {}
        self.budget = PAGE_MAX_ELEMENTS

    def card_of(self, image: etree._Element) -> etree._Element | None:
        """The card (CARD_LEVELS above the link around `image`) when a headline in it or in
        the link repeats that link, else None (module docstring)."""
        if self.budget <= 0:
            return None  # (the page's reading budget for teasers is spent)
        link = _link_of(image)
        if link is None:
            return None
        target = _target(link, self.page_url)
        if (
            not target
            or (self.page is not None and _place(target) == self.page)
            or target.split("?", 1)[0].lower().endswith(PICTURE_TYPES)
            or _own_caption(link)
        ):
            return None
        kind = self._kind(link)
        if kind == TITLE:
            return None
        found = kind == HEADLINE
        card = link
        for _ in range(CARD_LEVELS):
            parent = card.getparent()
            if parent is None:
                break
            card = parent
            if not found:
                headlines = self.headlines.get(card)
                if headlines is None:
                    headlines = self.headlines[card] = self._headlines(card)
                found = target in headlines
        return card if found else None

    def _kind(self, link: etree._Element) -> int:
        kind = self.kinds.get(link)
        if kind is None:
            if self.page_title is None:
                title = link.getroottree().getroot().find("head/title")
                text = title.text if title is not None else None
                self.page_title = " ".join((text or "")[:1000].split()).casefold()
            self.budget -= LINK_MAX_ELEMENTS
            kind = self.kinds[link] = (
                _headline_kind(link, self.page_title) if self.budget > 0 else NONE
            )
        return kind

    def _headlines(self, card: etree._Element) -> frozenset[str]:
        """The targets of the card's headlines that are not the page's title."""
        found: set[str] = set()
        for element in itertools.islice(card.iter(), max(0, min(CARD_MAX_ELEMENTS, self.budget))):
            self.budget -= 1
            if element.tag == "a" and self._kind(element) == HEADLINE:
                target = _target(element, self.page_url)
                if target:
                    found.add(target)
        return frozenset(found)
