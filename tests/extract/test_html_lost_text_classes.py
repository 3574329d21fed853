"""Body text the reader lost, by class (issue 30), and the nearest furniture it still drops.

- A section whose id is its heading's slug (`id="sharing-with-a-single-developer"`) is not
  furniture because the slug holds a furniture word; headings whose text links to a place
  on the same page (Sphinx's `toc-backref`) are titles, not navigation. Shape: Sphinx/docutils
  output as in mozilla/readability's test page `test/test-pages/mercurial/source.html`
  (`<div class="section" id="..."><h2><a class="toc-backref" href="#id5">...</a><a
  class="headerlink" ...>¶</a></h2>`); the text is our own.
- MathML formulas were removed with scripts, leaving holes in sentences: now their TeX
  (`alttext`, a TeX `<annotation>`) or a linear form. Shapes: MathJax 3's CHTML output
  (`<mjx-container>` with an aria-hidden `<mjx-math>` and `<mjx-assistive-mml><math>`) as in
  mozilla/readability's `test/test-pages/mathjax/source.html`; MediaWiki's hidden MathML
  with `alttext` beside a fallback `<img alt="TeX">` as in its `wikipedia-3` test page; a
  visible `<math class="ltx_Math" alttext=...>` as LaTeXML (arXiv's HTML papers) writes it.
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


def test_mathml_formula_text_kept() -> None:
    doc = _doc("mathjax3_formulas.html")
    for text in ("When a ≠ 0 , the equation has two solutions", "x = (− b ± √(b^2 − 4 a c))/(2 a)"):
        assert text in doc.text, text
        assert text in doc.markdown, text
    assert "simplifying both sides" in doc.text


def test_hidden_mathml_copy_not_doubled() -> None:
    # MediaWiki shows the formula as an image whose alt text is the TeX, and hides the
    # MathML copy (style="display: none"): the formula appears once.
    doc = _doc("mediawiki_formulas.html")
    assert doc.markdown.count("a_{ij}={\\overline {a_{ji}}}") == 1
    assert "a i j" not in doc.text
    assert "eigenvalues are always real numbers" in doc.text


def test_mathml_tex_source_preferred() -> None:
    paragraph = (
        "<p>Mass and energy are one quantity measured in two units, as the relation "
        '<math id="S1.p1.m1" class="ltx_Math" alttext="E=mc^{2}" display="inline"><semantics>'
        "<mrow><mi>E</mi><mo>=</mo><mrow><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow>"
        '</mrow><annotation encoding="application/x-tex">E=mc^{2}</annotation></semantics>'
        "</math> says, and the factor between them is the square of the speed of light.</p>"
    )
    html = f"<html><body><article><h1>Mass and energy</h1>{paragraph * 2}</article></body></html>"
    doc = webdistill.extract_html(html)
    assert "as the relation $E=mc^{2}$ says, and the factor" in doc.markdown
    assert "as the relation $E=mc^{2}$ says" in doc.text
