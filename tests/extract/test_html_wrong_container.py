"""The article missed because the wrong container was read (issue 30), and the nearest
page where the current choice is right and must stay.

- The page's one long `<article>`, holding its densest text, sits under wrappers named like
  furniture (`newsletter`): the whole issue was dropped and the testimonials beside it kept.
  Shape: a newsletter archive's single-issue template, `div.newsletter-ct >
  div.newsletter-content-ct` around the issue (the WordPress theme "Renegade"'s
  `single-newsletter.php`, found with the code search), holding the issue as Drupal writes
  a node of a `newsletter` content type (`article.node--type-newsletter`, selected that way
  by a public Drupal newsletter-export script, with Drupal's body field
  `div.field--name-body` inside); the text is our own.
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


def test_sole_article_under_furniture_named_wrappers_kept() -> None:
    doc = _doc("newsletter_issue.html")
    for text in (
        "how long, slow sessions build the base",
        "four to six repeats of three minutes",
        "a week lost to an injury costs a great deal",
    ):
        assert text in doc.text, text
        assert text in doc.markdown, text
    assert "## Issue 12: Training for endurance" in doc.markdown
    assert "All rights reserved" not in doc.text


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
