"""extract_content: dispatch by declared type, then sniffing; built-in handlers; registry."""

from __future__ import annotations

import json

import pytest
from returns.pipeline import is_successful
from returns.result import Result, Success

from tests.extract.fixture_files import read_fixture
from tests.extract.pdf_builder import build_pdf
from webdistill.adapters.extract.dispatch import extract_content
from webdistill.adapters.extract.registry import Handler, HandlerRegistry, ReadRequest
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import Document


def _doc(body: bytes, content_type: str | None = None, url: str | None = None) -> Document:
    result = extract_content(body, content_type, url)
    assert is_successful(result), result
    return result.unwrap()


def _error(body: bytes, content_type: str | None = None) -> WebError:
    result = extract_content(body, content_type)
    assert not is_successful(result), result
    return result.failure()


def test_html_by_declared_type() -> None:
    doc = _doc(read_fixture("article.html"), "text/html; charset=utf-8")
    assert doc.content_type == "text/html"
    assert "Growing Tomatoes at Home" in doc.markdown


def test_html_sniffed_without_type() -> None:
    assert _doc(read_fixture("article.html")).content_type == "text/html"


def test_html_sniffed_behind_octet_stream() -> None:
    doc = _doc(read_fixture("article.html"), "application/octet-stream")
    assert doc.content_type == "text/html"


def test_plain_text() -> None:
    doc = _doc(b"First line\r\nsecond line\n\n\n\nthird", "text/plain")
    assert doc.content_type == "text/plain"
    assert doc.title == "First line"
    assert doc.markdown == "First line\nsecond line\n\nthird"


def test_markdown_declared() -> None:
    doc = _doc(read_fixture("notes.md"), "text/markdown")
    assert doc.content_type == "text/markdown"
    assert doc.title == "Notes"
    assert "[link](https://example.com)" in doc.markdown
    assert "https://example.com" not in doc.text
    assert "link" in doc.text


def test_markdown_by_url_extension_when_served_as_text() -> None:
    doc = _doc(read_fixture("notes.md"), "text/plain", "https://h.example/README.md")
    assert doc.content_type == "text/markdown"


def test_json_pretty_printed() -> None:
    doc = _doc(b'{"a":1,"b":[true,null]}', "application/json")
    assert doc.content_type == "application/json"
    assert '"a": 1' in doc.markdown
    assert doc.markdown.startswith("JSON object with 2 keys")


def test_json_large_array_summarised() -> None:
    doc = _doc(json.dumps(list(range(1000))).encode())
    assert doc.content_type == "application/json"
    assert "JSON array of 1000 items" in doc.markdown
    assert "980 more items (1000 in total)" in doc.markdown
    assert "999" not in doc.markdown.replace("1000", "")


def test_json_suffix_type() -> None:
    assert _doc(b'{"x": 2}', "application/problem+json").content_type == "application/json"


def test_invalid_json_reads_as_text() -> None:
    assert _doc(b'{"unterminated', "application/json").content_type == "text/plain"


def test_csv_table_with_row_count() -> None:
    doc = _doc(read_fixture("people.csv"), "text/csv")
    assert doc.content_type == "text/csv"
    assert "CSV table: 2 rows, 2 columns" in doc.markdown
    assert "| name | age |" in doc.markdown
    assert "| Lovelace, Jr | 12 |" in doc.markdown


def test_csv_first_rows_only() -> None:
    body = "n\n" + "\n".join(str(i) for i in range(200))
    doc = _doc(body.encode(), "text/csv")
    assert "200 rows" in doc.markdown and "first 50 rows shown" in doc.markdown
    assert "| 49 |" in doc.markdown and "| 50 |" not in doc.markdown


def test_tsv() -> None:
    doc = _doc(b"a\tb\n1\t2\n", "text/tab-separated-values")
    assert doc.content_type == "text/tab-separated-values"
    assert "| 1 | 2 |" in doc.markdown


def test_rss_items() -> None:
    doc = _doc(read_fixture("feed.xml"), "application/rss+xml")
    assert doc.content_type == "application/rss+xml"
    assert doc.title == "Garden News"
    assert "1. [First post](https://example.com/1)" in doc.markdown
    assert "Mon, 01 Jan 2024" in doc.markdown
    assert "Hello world" in doc.markdown
    assert "2. [Second post](https://example.com/2)" in doc.markdown


def test_rss_sniffed_from_text_xml() -> None:
    assert _doc(read_fixture("feed.xml"), "text/xml").content_type == "application/rss+xml"
    assert _doc(read_fixture("feed.xml")).content_type == "application/rss+xml"


def test_atom_items() -> None:
    doc = _doc(read_fixture("atom.xml"))
    assert doc.content_type == "application/atom+xml"
    assert "[Entry one](https://example.com/e1)" in doc.markdown
    assert "Summary one" in doc.text and "2024-02-02" in doc.text


def test_plain_xml_keeps_its_structure() -> None:
    doc = _doc(b"<?xml version='1.0'?><root><a>alpha</a><b>beta</b></root>")
    assert doc.content_type == "application/xml"
    assert doc.text == "root\n  a: alpha\n  b: beta"
    assert doc.markdown == "- **root**\n  - **a**: alpha\n  - **b**: beta"


def test_xml_entities_are_not_expanded() -> None:
    body = (
        b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;safe</r>'
    )
    doc = _doc(body, "application/xml")
    assert "root:" not in doc.text


def test_pdf_pages() -> None:
    doc = _doc(read_fixture("two_pages.pdf"), "application/pdf")
    assert doc.content_type == "application/pdf"
    assert doc.title == "My PDF"
    assert "## Page 1\n\nHello page one" in doc.markdown
    assert "## Page 2\n\nSecond (page) text" in doc.markdown


def test_pdf_sniffed_even_when_declared_html() -> None:
    assert _doc(read_fixture("two_pages.pdf"), "text/html").content_type == ("application/pdf")


def test_pdf_page_limit() -> None:
    body = build_pdf([f"page number {i}" for i in range(5)])
    result = extract_content(body, "application/pdf", max_pdf_pages=2)
    doc = result.unwrap()
    assert "page number 1" in doc.text and "page number 2" not in doc.text
    assert doc.notice == "Only the first 2 of 5 pages were read."


def test_encrypted_pdf_is_a_clear_error() -> None:
    error = _error(read_fixture("encrypted.pdf"), "application/pdf")
    assert error.code is ErrorCode.UNSUPPORTED_CONTENT
    assert "encrypted" in error.message


def test_broken_pdf_is_a_clear_error() -> None:
    error = _error(b"%PDF-1.4\n1 0 obj << /Type /Catalog >> garbage", "application/pdf")
    assert error.code is ErrorCode.UNSUPPORTED_CONTENT
    assert "PDF" in error.message


@pytest.mark.parametrize(
    ("body", "content_type", "words"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "image/png", "an image (image/png)"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", None, "an image (image/jpeg)"),
        (b"ID3\x03\x00\x00\x00", "audio/mpeg", "audio (audio/mpeg)"),
        (b"\x00\x00\x00\x18ftypmp42", None, "a video (video/mp4)"),
        (b"PK\x03\x04\x14\x00rest", "application/zip", "an archive"),
        (b"\x1f\x8b\x08\x00", None, "an archive"),
        (b"MZ\x90\x00\x03", "application/x-msdownload", "an executable"),
        (b"\x7fELF\x02\x01\x01", None, "an executable"),
        (b"PK\x03\x04\x14\x00[Content_Types].xml word/", None, "an office document"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00", "application/msword", "an office document"),
    ],
)
def test_unsupported_types_say_what_they_are(
    body: bytes, content_type: str | None, words: str
) -> None:
    error = _error(body, content_type)
    assert error.code is ErrorCode.UNSUPPORTED_CONTENT
    assert words in error.message


def test_text_that_starts_like_a_weak_magic_number_stays_text() -> None:
    assert _doc(b"BMW cars are fast.", "text/plain").content_type == "text/plain"


def _shout(request: ReadRequest) -> Result[Document, WebError]:
    return Success(
        Document(markdown=request.body.decode("latin-1").upper(), content_type="x/shout")
    )


def test_caller_handlers_come_first() -> None:
    registry = HandlerRegistry()
    registry.register(Handler("shout", ("text/html",), _shout))
    result = extract_content(b"<html>hi</html>", "text/html", handlers=registry)
    assert result.unwrap().markdown == "<HTML>HI</HTML>"


def test_caller_handler_for_a_type_we_refuse() -> None:
    registry = HandlerRegistry([Handler("images", ("image/*",), _shout)])
    result = extract_content(b"\x89PNG\r\n\x1a\nabc", None, handlers=registry)
    assert result.unwrap().content_type == "x/shout"


def test_registry_without_match_falls_back_to_builtin() -> None:
    registry = HandlerRegistry([Handler("images", ("image/*",), _shout)])
    assert extract_content(b"plain words", "text/plain", handlers=registry).unwrap().text == (
        "plain words"
    )


def test_later_registration_wins() -> None:
    registry = HandlerRegistry()
    registry.register(Handler("first", ("text/plain",), _shout))

    def second(request: ReadRequest) -> Result[Document, WebError]:
        return Success(Document(markdown="second"))

    registry.register(Handler("second", ("text/*",), second))
    assert extract_content(b"x", "text/plain", handlers=registry).unwrap().markdown == "second"


def test_failing_custom_handler_is_an_error_not_a_crash() -> None:
    def broken(request: ReadRequest) -> Result[Document, WebError]:
        raise ValueError("bug in a plugin")

    registry = HandlerRegistry([Handler("broken", ("text/plain",), broken)])
    result = extract_content(b"x", "text/plain", handlers=registry)
    assert result.failure().code is ErrorCode.UNSUPPORTED_CONTENT


def test_html_charset_from_the_http_header() -> None:
    body = (
        "<html><body><p>" + "Привет, мир! Это обычный текст страницы. " * 8 + "</p></body></html>"
    )
    doc = _doc(body.encode("cp1251"), "text/html; charset=windows-1251")
    assert "Привет, мир!" in doc.text


def test_html_links_absolute_against_the_url() -> None:
    body = b"<p>Read <a href='../b'>the other page</a> when you have the time to do it.</p>"
    doc = _doc(body, "text/html", "https://h.example/dir/sub/a")
    assert "[the other page](https://h.example/dir/b)" in doc.markdown
