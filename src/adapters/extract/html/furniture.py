"""What page furniture looks like: tags, class/id names, and how sure each signal is.

HARD furniture (nav/aside/footer tags, hidden elements, comment/sharing/ad names) is
boilerplate outright; SOFT furniture (menu/sidebar/footer-like names, which some sites
also put on content wrappers) is judged later by how much of its text jusText finds good;
DISCUSSION marks a comments section that holds most of a page without an article of its
own (a forum thread), whose comments are the content.
"""

from __future__ import annotations

import itertools
import re

from lxml import etree

from webdistill.adapters.extract.html.memo import page_cache

#: Tags that start and end a paragraph (jusText's PARAGRAPH_TAGS plus HTML5 sections).
BLOCK_TAGS = frozenset(
    (
        "address", "article", "aside", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption",
        "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr",
        "legend", "li", "main", "menu", "nav", "ol", "optgroup", "option", "p", "pre", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    )
)  # fmt: skip
#: Elements whose content never is reading matter (<rt>/<rp>: a ruby's reading aid and
#: its fallback parentheses, which would sit inline with the base text they annotate).
SKIP_TAGS = frozenset(
    (
        "script", "style", "noscript", "template", "svg", "math", "iframe", "frame", "frameset",
        "object", "embed", "canvas", "button", "select", "input", "textarea", "option", "datalist",
        "head", "title", "meta", "link", "base", "audio", "video", "source", "track", "map",
        "area", "dialog", "rt", "rp",
    )
)  # fmt: skip
HEADING_TAGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
#: Class/id words of page furniture that is never the main content (comments, sharing...).
#: The words of a comments section (`COMMENTS_NAME`), sure furniture.
_COMMENT_WORDS = r"comments?|commentlist|disqus"
_ALWAYS_FURNITURE = (
    rf"{_COMMENT_WORDS}|related|recommended|share|sharing|social|newsletter|"
    r"subscribe|cookies?|consent|advert|advertisement|ads?|promo|popup|modal|breadcrumbs?|"
    r"pagination|pager|sidebar|gallery"  # (a photo gallery's slides and legends)
)
#: Words of furniture that some sites also use on content wrappers: judged by jusText.
_MAYBE_FURNITURE = (
    r"nav|navbar|navigation|menu|menubar|footer|banner|toolbar|masthead|tags|"
    r"subscription"
)


#: State modifiers (`has-sidebar`, `no-comments`) and WordPress post formats
#: (`format-gallery`) describe a page, they are not furniture.
_MODIFIER_WORDS = (
    "has", "with", "without", "no", "show", "hide", "enable", "disable", "is", "page-template",
    "post-format", "format",
)  # fmt: skip
_MODIFIER = rf"(?:{'|'.join(_MODIFIER_WORDS)})[-_]"
#: ... and so does a state suffix: `modal-enabled` on an article's box (New York Post),
#: `sidebar-enabled` on a page wrapper say what is switched on, not what the element is.
_STATE_WORDS = ("enabled", "disabled")
_STATE = rf"\S*[-_](?:{'|'.join(_STATE_WORDS)})"
_STATE_SUFFIXES = tuple(sep + word for word in _STATE_WORDS for sep in "-_")


def _token_pattern(words: str) -> re.Pattern[str]:
    """A class/id token that starts or ends with one of `words`: `site-footer`, `nav-menu`."""
    return re.compile(
        rf"(?:^|\s)(?!{_MODIFIER})(?!{_STATE}(?:\s|$))"
        rf"(?:(?:{words})(?:[-_]\S*)?|\S*[-_](?:{words}))(?=\s|$)",
        re.IGNORECASE,
    )


ALWAYS_BOILERPLATE_NAME = _token_pattern(_ALWAYS_FURNITURE)
BOILERPLATE_NAME = _token_pattern(_MAYBE_FURNITURE)
#: A footer-named element outside the page's main container is furniture outright, prose
#: or not (an "about this site" blurb, a publisher's boilerplate after the article).
FOOTER_NAME = _token_pattern(r"footer|colophon")
#: A comments section's name (`li.comment`, `#disqus_thread`).
COMMENTS_NAME = _token_pattern(_COMMENT_WORDS)
#: Page furniture by tag. A <figcaption> describes a picture the reader does not see (and
#: galleries repeat it in long and short variants): the image keeps its alt text instead.
BOILERPLATE_TAGS = frozenset({"nav", "aside", "footer", "figcaption"})
NEVER_BOILERPLATE = frozenset({"html", "body", "main", "article"})
HARD = 1
SOFT = 2
DISCUSSION = 3
#: An element named like sure furniture that holds more of the page text is only suspect.
HARD_NAME_MAX_SHARE = 0.6


def _token_body(words: str) -> re.Pattern[str]:
    """`_token_pattern(words)` for one blank-free token, matched whole (`fullmatch`): the
    pattern only ever matches whole tokens, so a string matches it when one of its tokens
    does, and tokens repeat across a page's class strings far more than the strings do."""
    return re.compile(
        rf"(?!{_MODIFIER})(?!{_STATE}$)(?:(?:{words})(?:[-_]\S*)?|\S*[-_](?:{words}))",
        re.IGNORECASE,
    )


_ALWAYS_TOKEN = _token_body(_ALWAYS_FURNITURE)
_MAYBE_TOKEN = _token_body(_MAYBE_FURNITURE)


def _word_set(alternation: str) -> frozenset[str]:
    """The words an alternation of plain lower-case words names, `s?` spelling both forms
    ("comments?|ads?" -> comment, comments, ad, ads)."""
    words: set[str] = set()
    for word in alternation.split("|"):
        words.update((word[:-2], word[:-1]) if word.endswith("s?") else (word,))
    return frozenset(words)


_ALWAYS_WORDS = _word_set(_ALWAYS_FURNITURE)
_MAYBE_WORDS = _word_set(_MAYBE_FURNITURE)
_MODIFIER_PREFIXES = tuple(word + sep for word in _MODIFIER_WORDS for sep in "-_")


def _ascii_token_verdict(token: str) -> int:
    """`_token_verdict` of a blank-free ASCII token, by string operations: a pattern matches
    such a token exactly when it does not start with a modifier and its first or (with a
    `-`/`_` in it) last `-`/`_`-separated part, lowered, is one of the words (which hold no
    `-`/`_`, and match ASCII letters of either case only). Regex matching of each new class
    token was ~1 ms of a news page's read (pages bring hundreds of new tokens)."""
    low = token.lower()
    if low.startswith(_MODIFIER_PREFIXES) or low.endswith(_STATE_SUFFIXES):
        return 0
    first = low.split("-", 1)[0].split("_", 1)[0]
    last = low.rsplit("-", 1)[-1].rsplit("_", 1)[-1] if first != low else first
    if first in _ALWAYS_WORDS or last in _ALWAYS_WORDS:
        return HARD
    return SOFT if first in _MAYBE_WORDS or last in _MAYBE_WORDS else 0


@page_cache(16384)
def _token_verdict(token: str) -> int:
    """HARD, SOFT or 0 for one blank-free class/id token (`_token_body`'s patterns)."""
    if token.isascii():
        return _ascii_token_verdict(token)
    if _ALWAYS_TOKEN.fullmatch(token):
        return HARD
    return SOFT if _MAYBE_TOKEN.fullmatch(token) else 0


@page_cache(4096)
def furniture_verdict(names: str) -> int:
    """HARD, SOFT or 0 for a class/id string (cached: pages repeat their class names): HARD
    when a token matches `ALWAYS_BOILERPLATE_NAME`, else SOFT when one matches
    `BOILERPLATE_NAME` (decided token by token, with the tokens' verdicts cached); a post's
    own taxonomy classes do not count (`_TERM_PREFIXES`, beside `_POST_CLASS`)."""
    verdict = 0
    post: bool | None = None  # (whether `names` holds a post class: searched once, if needed)
    for token in names.split():
        found = _token_verdict(token)
        if found and token.lower().startswith(_TERM_PREFIXES):
            if post is None:
                post = _POST_CLASS.search(names) is not None
            if post:
                continue  # one of the post's own tags or categories
        if found == HARD:
            return HARD
        verdict = verdict or found
    return verdict


#: Classes naming a post's own tags and categories: WordPress's `get_post_class()` /
#: `get_body_class()` (wp-includes/post-template.php: `'tag-' . $tag->slug`, `'category-' .
#: $cat->slug`), Ghost's `post_class` / `body_class` helpers (`tag-{slug}`), WooCommerce's
#: `wc_get_product_taxonomy_class` (`product_cat-{slug}`, `product_tag-{slug}`). A post
#: tagged "internet sharing" is `tag-internet-sharing`, not a sharing widget.
_TERM_PREFIXES = ("tag-", "category-", "product_cat-", "product_tag-")
#: ... counted only beside the classes the same functions write on the same element (a
#: theme's own `tag-share` box or `category-newsletter-subscription` form is furniture):
#: WordPress `hentry`, `type-{post_type}`, `status-{status}`, `post-{ID}` and the body's
#: `postid-{ID}`; Ghost's `post` and `post-template` / `tag-template`; WooCommerce `product`.
_POST_CLASS = re.compile(
    r"(?:^|\s)(?:hentry|type-\S+|status-\S+|post-\d+|postid-\d+|post|post-template|"
    r"tag-template|product)(?=\s|$)",
    re.IGNORECASE,
)


#: Words of a slug id (`sharing-with-a-single-developer`): letters and digits.
_SLUG_WORD = re.compile(r"[^\W_]+")
#: An id this many words long that spells its own heading is an anchor, not a name.
MIN_SLUG_WORDS = 4


def is_heading_anchor(element: etree._Element) -> bool:
    """Whether the element's id is the slug of its own heading (the element itself, or a
    heading among its first two children), at least MIN_SLUG_WORDS words long: Sphinx's
    `<div class="section" id="sharing-with-a-single-developer"><h2>Sharing with a single
    developer</h2>`, a WordPress FAQ's `<h3 id="what-is-...-without-a-subscription">`. Such
    an id repeats the author's title, so a furniture word in it ("sharing", "comments") names
    nothing. Shorter ones (`share-this-article`, `related-posts`) are furniture's own titles."""
    words = _SLUG_WORD.findall((element.get("id") or "").lower())
    if len(words) < MIN_SLUG_WORDS:
        return False
    heading: etree._Element | None = element if element.tag in HEADING_TAGS else None
    if heading is None:
        for child in itertools.islice(element.iterchildren(), 2):
            if child.tag in HEADING_TAGS:
                heading = child
                break
    if heading is None:
        return False
    title = _SLUG_WORD.findall("".join(heading.itertext()).lower())
    # (the id may carry a prefix: GitHub's `user-content-`)
    return len(title) >= MIN_SLUG_WORDS and words[-len(title) :] == title


_HIDDEN_STYLE = re.compile(r"(?:display\s*:\s*none|visibility\s*:\s*hidden)", re.IGNORECASE)


def is_hidden_attribute(element: etree._Element) -> bool:
    """Not rendered: the `hidden` attribute, except `hidden="until-found"` (the HTML
    standard's "hidden until found" state keeps the text findable and shows it when found:
    GOV.UK's and others' accordion panels)."""
    value = element.get("hidden")
    return value is not None and value.strip().lower() != "until-found"


def is_hidden(element: etree._Element) -> bool:
    """Hidden from readers by `hidden` (`is_hidden_attribute`) or `aria-hidden="true"`
    (furniture outright, as a block)."""
    return is_hidden_attribute(element) or element.get("aria-hidden") == "true"


def is_styled_hidden(element: etree._Element) -> bool:
    """Hidden by an inline style: a closed tab or a hidden copy (judged by repetition)."""
    style = element.get("style")
    return style is not None and is_styled_hidden_style(style)


def is_styled_hidden_style(style: str) -> bool:
    """Whether an inline style says `display: none` or `visibility: hidden`."""
    return _HIDDEN_STYLE.search(style) is not None
