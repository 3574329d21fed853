"""Real Word documents: a document is all content, so none of it is dropped as not "main".

The documents are python-mammoth's own test data (tests/test-data/*.docx, BSD-2-Clause,
see tests/extract/fixtures/office/SOURCES.md). mammoth is in the `dev` extra, so these run
in CI; they are not skipped when it is missing (the `office` extra is what they test).
"""

from __future__ import annotations

from tests.extract.fixture_files import read_fixture
from webdistill.adapters.extract.dispatch import extract_content
from webdistill.kernel import Document

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def read_docx(name: str) -> Document:
    return extract_content(read_fixture(f"office/{name}"), DOCX, None).unwrap()


def test_the_body_paragraph_is_kept_with_its_footnotes() -> None:
    # mammoth's footnotes.docx: "Ouch." with two footnotes; the article reader kept only
    # the footnote list (the biggest block) and lost the body paragraph.
    doc = read_docx("footnotes.docx")
    assert doc.markdown.startswith("Ouch[1].[2]")
    assert "1. A tachyon walks into a bar." in doc.markdown
    assert "2. Fin." in doc.markdown
    assert "Ouch" in doc.text and "Fin." in doc.text


def test_the_body_paragraph_is_kept_with_its_endnotes() -> None:
    doc = read_docx("endnotes.docx")
    assert doc.markdown.startswith("Ouch[1].[2]")
    assert "1. A tachyon walks into a bar." in doc.markdown


def test_paragraphs_around_a_table_are_all_kept_in_order() -> None:
    doc = read_docx("tables.docx")
    assert doc.markdown == (
        "Above\n\n|  |  |\n|---|---|\n| Top left | Top right |\n"
        "| Bottom left | Bottom right |\n\nBelow"
    )
