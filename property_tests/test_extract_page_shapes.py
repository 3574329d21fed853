"""Extraction never raises on news-page shapes, and its output keeps its own invariants.

Random trees built from what the selection rules look at (main/article/footer/figure/
figcaption, linked headings, teaser-like cards and rails, footer-, gallery- and
sidebar-named classes and their twins, screen-reader-only labels, hidden copies and closed
dialogs, captions inside figures, images with and without alt text), read with and without image
links: the reader answers a Document, its text never holds an image URL or a data: URI,
and images-as-alt-text never leaves `![` in the Markdown.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from webdistill.adapters.extract.html.reader import extract_html
from webdistill.kernel.model import Document

_TAGS = st.sampled_from(
    ["main", "article", "section", "div", "footer", "header", "figure", "figcaption", "p",
     "h1", "h2", "h3", "a", "li", "ul", "span", "em", "time", "aside", "table", "td",
     "blockquote"]
)  # fmt: skip
_CLASSES = st.sampled_from(
    ["", "entry-content", "entry-footer", "site-footer", "footer-widgets", "teaser",
     "story__content", "more-stories", "full-gallery", "format-gallery", "sidebar", "caption",
     "credit", "legends", "post hentry", "sr-only", "visually-hidden", "sidebar-grid",
     "sidebar-grid__content", "pictsrc", "hdg", "item"]
)  # fmt: skip
_WORDS = st.sampled_from(
    ["The harbour board voted to close the old fish quay for repairs.", "More stories",
     "Photo: Harbour Board", "1/3", "Read more", "3 March 2026", "", "Tagged quay, fishing",
     "Crews will land their catch at the north pier for at least four months this year."]
)  # fmt: skip
_EXTRAS = st.sampled_from(
    ["", " style='display:none'", " hidden", " href='/news/1'", " aria-hidden='true'"]
)
_IMAGES = st.sampled_from(
    ["", "<img src='/a.jpg' alt='A quay'>", "<img src='data:image/png;base64,AAAA' alt='x'>",
     "<img alt='no source'>", "<img src='/b.jpg'>"]
)  # fmt: skip

_ELEMENT = st.tuples(_TAGS, _CLASSES, _EXTRAS, _WORDS, _IMAGES, st.booleans())


@given(elements=st.lists(_ELEMENT, max_size=50), image_links=st.booleans())
def test_news_shapes_never_raise_and_keep_output_invariants(
    elements: list[tuple[str, str, str, str, str, bool]], image_links: bool
) -> None:
    html = "<html><body>"
    opened: list[str] = []
    for tag, cls, extra, words, image, close in elements:
        html += f"<{tag} class='{cls}'{extra}>{image}{words}"
        opened.append(tag)
        if close and opened:
            html += f"</{opened.pop()}>"
    html += "".join(f"</{t}>" for t in reversed(opened)) + "</body></html>"
    document = extract_html(html, "https://courier.example/news/", image_links=image_links)
    assert isinstance(document, Document)
    assert "data:" not in document.markdown
    assert "/a.jpg" not in document.text
    if not image_links:
        assert "![" not in document.markdown
