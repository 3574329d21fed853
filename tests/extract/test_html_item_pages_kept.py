"""Pages whose content is items with linked titles after a short intro (issue 30's attack).

A short intro under an <h1> in its own container, then items whose titles are links: the items
ARE the page (an FAQ accordion in Bootstrap 3's markup, a live blog's entries linking to their
own anchors, a documentation landing page's chapter list). A rule that took such items for a
related-articles list after a short article dropped them (in .text and Markdown); it was removed.
Shapes from the attack on that rule (the FAQ's markup as in public WordPress/Laravel theme code).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import webdistill

PAGES = Path(__file__).parent / "fixtures" / "item_pages"


def _doc(name: str) -> webdistill.Document:
    return webdistill.extract_html((PAGES / name).read_text(), url="https://example.com/a")


@pytest.mark.parametrize("page", ["faq.html", "faq_bootstrap3.html"])
def test_faq_accordion_answers_kept(page: str) -> None:
    # Bootstrap 3 accordion (the markup of e.g. a WordPress theme's faq.php: panel-title
    # <a data-toggle="collapse" href="#collapseN">, panel-collapse collapse [in], <p>
    # answers): the questions are linked titles, the answers short blurbs.
    doc = _doc(page)
    for answer in (
        "Adult members can borrow up to fifteen items",
        "We stopped charging overdue fines in 2022",
        "release it at any branch printer",
        "Study rooms can be booked up to two weeks ahead",
    ):
        assert answer in doc.text, answer
        assert answer in doc.markdown, answer
    assert "How many books can I borrow at once?" in doc.markdown


def test_live_blog_entries_kept() -> None:
    # A live blog IS the article: entries whose headings link to their own anchor (#eN).
    doc = _doc("liveblog.html")
    for entry in (
        "Harbour road closed after sea wall breach",
        "a section of the sea wall gave way",
        "crews cannot climb poles until wind speeds drop",
        "Rest centre opens at Elling Community School",
        "No trains will run between Port Elling and Marlow Sands",
        "strongest gust in the region since 1987",
    ):
        assert entry in doc.text, entry
        assert entry in doc.markdown, entry


def test_docs_index_chapter_summaries_kept() -> None:
    # A documentation landing page: intro under <h1>, then chapter links with one-line
    # summaries (the page's content; no text outside them, so not an article).
    doc = _doc("docsindex.html")
    for line in (
        "Installing the command line tool",
        "Installing from PyPI, from conda-forge",
        "Station files, datums and how to import harmonic constituents",
        "Running predictions and exporting them as CSV",
        "The built-in server, its caching options",
    ):
        assert line in doc.text, line
        assert line in doc.markdown, line
