"""Pictures that are links to other pages: navigation drawn, not the page's own pictures.

An image with no text beside it (a block of images only) has no words for the classifier
to judge: its Markdown waits for the next paragraph of text and goes with it
(`segment.BlockMaker._close`). When every image of such a block is inside a link to
another page, the block is a link drawn instead of written: a story's thumbnail linking to
that story (a "featured stories" rail), a share button, the site's logo, an app-store
badge, an ad's banner. jusText calls a paragraph whose text is all link text navigation;
these are the same in pictures, and they are left out of the Markdown.

An image stays when its link goes to its own picture (a larger version: the path ends in
an image type), to a place on the page (`#...`), to the page itself, or to a page under
the page's own path or `?attachment_id=` (WordPress's attachment page of a post's
picture); and an image inside a line of text always goes with its text. Read without the
page's URL, a relative link (`photo/`, not `/photo/`) may lead under the page: it stays.
The plain text never holds images, so only the Markdown changes.
"""

from __future__ import annotations

from urllib.parse import SplitResult, urlsplit

from lxml import etree

from webdistill.adapters.extract.html.block import absolute_url

#: How far up from an image its link may be (`<a><picture><img>`, `<a><span><img>`).
MAX_LEVELS = 4
#: Path endings of a picture's own file (the link to a larger version).
PICTURE_TYPES = (
    ".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".svg", ".bmp", ".tif", ".tiff",
)  # fmt: skip


def _link_of(image: etree._Element) -> etree._Element | None:
    node = image.getparent()
    for _ in range(MAX_LEVELS):
        if node is None:
            return None
        if node.tag == "a":
            return node
        node = node.getparent()
    return None


def _split(url: str) -> SplitResult | None:
    try:
        return urlsplit(url)
    except ValueError:  # (an invalid IPv6 host, a bad port)
        return None


def _own_page(target: SplitResult, page: SplitResult) -> bool:
    """`target` is the page itself or a page under its path (an attachment page)."""
    if target.netloc.lower() != page.netloc.lower():
        return False
    path = page.path.rstrip("/")
    here = target.path.rstrip("/")
    return here == path or (bool(path) and here.startswith(path + "/"))


def links_away(image: etree._Element, page_url: str | None) -> bool:
    """Whether `image` is inside a link to another page (module docstring)."""
    link = _link_of(image)
    if link is None:
        return False
    href = "".join((link.get("href") or "").split())
    if not href or href.startswith("#") or href.lower().startswith(("javascript:", "data:")):
        return False
    target = _split(absolute_url(href, page_url))
    if target is None:
        return False
    if target.path.lower().endswith(PICTURE_TYPES) or "attachment_id=" in target.query:
        return False
    page = _split(page_url) if page_url else None
    if page is None:  # (a file read without its URL: a relative link may be under the page)
        return bool(target.netloc) or target.path.startswith("/")
    return not _own_page(target, page)
