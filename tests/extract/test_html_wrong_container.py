"""The article missed because the wrong container was read (issue 30), and the nearest
page where the current choice is right and must stay.

- An unclosed `<button>` in the page header swallows `<main>` (libxml2 nests what follows
  inside it), and buttons are skipped: the page came out empty. Shape: Dotdash Meredith's
  article markup (`main#main.loc.main`, `div.mntl-sc-page`, `p.comp.mntl-sc-block
  mntl-sc-block-html`, as public recipe scrapers select it); the text is our own.
- Must stay: a post whose one long `<article>` is a reader's comment (WordPress's
  `li.comment > article.comment-body` inside `div#comments.comments-area`, twentytwenty's
  comment markup) longer than the post itself: the comment stays out.
"""

from __future__ import annotations

from pathlib import Path

import webdistill

PAGES = Path(__file__).parent / "fixtures" / "wrong_container"


def _doc(name: str) -> webdistill.Document:
    return webdistill.extract_html((PAGES / name).read_text(), url="https://example.com/a")


def test_main_inside_an_unclosed_button_read() -> None:
    doc = _doc("button_around_main.html")
    assert "empty" not in doc.flags
    for text in (
        "San Francisco packs a lot into a small space",
        "there are easy ways around it",
        "ride all the way to the ocean beach",
    ):
        assert text in doc.text, text
        assert text in doc.markdown, text
    assert "# How to Spend a Weekend in San Francisco" in doc.markdown


def test_longest_article_that_is_a_comment_stays_out() -> None:
    doc = _doc("comment_is_longest.html")
    assert "out of the oak planks left over from the shed" in doc.text
    assert "a cup of tea and a book" in doc.markdown
    for comment in ("oil the end grain", "stainless screws", "Robin"):
        assert comment not in doc.text, comment
        assert comment not in doc.markdown, comment
