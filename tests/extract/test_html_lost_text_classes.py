"""Body text the reader lost, by class (issue 30), and the nearest furniture it still drops.

- A section whose id is its heading's slug (`id="sharing-with-a-single-developer"`) is not
  furniture because the slug holds a furniture word; headings whose text links to a place
  on the same page (Sphinx's `toc-backref`) are titles, not navigation. Shape: Sphinx/docutils
  output as in mozilla/readability's test page `test/test-pages/mercurial/source.html`
  (`<div class="section" id="..."><h2><a class="toc-backref" href="#id5">...</a><a
  class="headerlink" ...>¶</a></h2>`); the text is our own.
"""

from __future__ import annotations

from pathlib import Path

import webdistill

PAGES = Path(__file__).parent / "fixtures" / "lost_text"


def _doc(name: str) -> webdistill.Document:
    return webdistill.extract_html((PAGES / name).read_text(), url="https://example.com/a")


def test_section_named_by_its_heading_slug_kept() -> None:
    doc = _doc("sphinx_sections.html")
    for text in (
        "Reconfigure the receiving repository as non-publishing",
        "applies to the test repository only",
        "replaces the old version there instead of creating a second head",
    ):
        assert text in doc.text, text
        assert text in doc.markdown, text
    for heading in (
        "## Sharing with a single developer",
        "### Publishing and non-publishing repositories",
        "### Amending a pushed changeset again",
    ):
        assert heading in doc.markdown, heading
    assert "Created using Sphinx" not in doc.text


def test_furniture_titled_by_its_own_slug_still_dropped() -> None:
    # A share box whose id is its title's slug (three words: a furniture title, not an
    # author's section), and a comment section with a long slug id whose comments carry
    # their own furniture class.
    doc = _doc("slug_named_furniture.html")
    assert "keep timing your swims" in doc.text
    for furniture in ("Share this article", "Send them this guide", "Robin wrote", "Sam wrote"):
        assert furniture not in doc.text, furniture
        assert furniture not in doc.markdown, furniture
