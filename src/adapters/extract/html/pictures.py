"""Teaser pictures: a card's thumbnail that repeats the link of the card's headline.

An image with no text beside it (a block of images only) has no words for the classifier
to judge: its Markdown waits for the next paragraph of text and goes with it
(`segment.BlockMaker._close`). A teaser card (another story in a "featured stories" rail,
a "more from" box, a listing's item) draws the same link twice: once around its picture
and once around its headline, a couple of elements apart (`li.story > figure > a[href=S]
> img` and `figcaption > a[href=S]`), or one link holds both. Such a picture goes with the
next paragraph only when that paragraph is in its card (a listing item's summary: the
card's fate decides); a paragraph outside the card (the article after a rail of other
stories) does not take it: it is left out.

Only that positive sign counts. A picture linked elsewhere without a headline beside it
is the page's own as often as not (a blog's screenshot linking to its full-size copy on an
image host, a Flickr embed, a forum attachment, a comic linking to the next page, a map),
so it stays, as does a picture inside a line of text. A headline is a link of at least
HEADLINE_MIN_WORDS words or HEADLINE_MIN_CHARS characters that are not blanks ("Next",
"»", "View larger image" are not). The search is bounded: the card is the link or an element at
most CARD_LEVELS above it, each one's headlines are found once, in at most
CARD_MAX_ELEMENTS of its elements, and no more than PAGE_MAX_ELEMENTS elements are looked
at on one page. The plain text never holds images, so only the Markdown changes.
"""

from __future__ import annotations

import itertools

from lxml import etree

from webdistill.adapters.extract.html.block import absolute_url

#: How far up from an image its link may be (`<a><picture><img>`, `<a><span><img>`).
LINK_LEVELS = 4
#: How far up from the picture's link the card that holds the headline may be.
CARD_LEVELS = 2
#: The most elements of one card looked at for headlines.
CARD_MAX_ELEMENTS = 200
#: The most elements looked at for all the cards of a page (then no more are sought).
PAGE_MAX_ELEMENTS = 200_000
#: A headline has at least this many words, or this many characters that are not blanks
#: (a headline in Chinese or Japanese has no blanks); "Next", "View larger image" have not.
HEADLINE_MIN_WORDS = 4
HEADLINE_MIN_CHARS = 20


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


def _is_headline(link: etree._Element) -> bool:
    """At least HEADLINE_MIN_WORDS words or HEADLINE_MIN_CHARS characters (bounded: it reads
    no more than it needs to tell)."""
    words = chars = 0
    for piece in link.itertext():
        parts = piece[: HEADLINE_MIN_CHARS * 8].split()
        words += len(parts)
        chars += sum(len(part) for part in parts)
        if words >= HEADLINE_MIN_WORDS or chars >= HEADLINE_MIN_CHARS:
            return True
    return False


class TeaserCards:
    """The teaser cards of one page (module docstring), each card's headlines found once."""

    def __init__(self, page_url: str | None) -> None:
        self.page_url = page_url
        self.headlines: dict[etree._Element, frozenset[str]] = {}
        self.budget = PAGE_MAX_ELEMENTS

    def card_of(self, image: etree._Element) -> etree._Element | None:
        """The smallest element at most CARD_LEVELS above the link around `image` whose
        headlines repeat that link, if any."""
        link = _link_of(image)
        if link is None:
            return None
        target = _target(link, self.page_url)
        if not target:
            return None
        if _is_headline(link):
            return link  # (a card that is one link around its headline and its picture)
        card = link.getparent()
        for _ in range(CARD_LEVELS):
            if card is None:
                return None
            headlines = self.headlines.get(card)
            if headlines is None:
                headlines = self.headlines[card] = self._headlines(card)
            if target in headlines:
                return card
            card = card.getparent()
        return None

    def _headlines(self, card: etree._Element) -> frozenset[str]:
        found: set[str] = set()
        for element in itertools.islice(card.iter(), min(CARD_MAX_ELEMENTS, self.budget)):
            self.budget -= 1
            if element.tag == "a" and _is_headline(element):
                target = _target(element, self.page_url)
                if target:
                    found.add(target)
        return frozenset(found)
