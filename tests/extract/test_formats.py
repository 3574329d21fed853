"""Formats beyond HTML: YAML, structured XML, JSON that does not parse, Office and EPUB."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from returns.result import Result

from tests.extract.office_builder import (
    build_docx,
    build_epub,
    build_pptx,
    build_xlsx,
    build_zip_bomb,
)
from tests.servers import serve
from webdistill import Config, ErrorCode, build
from webdistill.adapters.extract.dispatch import extract_content
from webdistill.kernel import Document, WebError

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"

# the shape of an OpenAPI description as APIs publish it (comments, anchors, a block scalar)
OPENAPI = b"""# Tide API
openapi: 3.0.3
info:
  title: Tide tables API
  version: 1.2.0
  description: |
    Heights of the tide at coastal stations.
defaults: &defaults
  unit: m
paths:
  /stations/{id}/heights:
    get:
      summary: Tide heights of one station
      parameters:
        - {name: id, in: path, required: true}
      x-unit: *defaults
"""


def read(body: bytes, content_type: str | None, url: str | None = None) -> Document:
    result: Result[Document, WebError] = extract_content(body, content_type, url)
    return result.unwrap()


@pytest.mark.parametrize(
    "content_type", ["application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml"]
)
def test_yaml_is_read_as_yaml(content_type: str) -> None:
    doc = read(OPENAPI, content_type)
    assert doc.content_type == "application/yaml"
    assert doc.title == "Tide tables API"
    assert doc.markdown.startswith("YAML mapping with 4 keys: openapi, info, defaults, paths")
    assert "```yaml\n# Tide API\nopenapi: 3.0.3" in doc.markdown
    assert doc.flags == ()


def test_yaml_found_by_extension_behind_a_generic_type() -> None:
    for declared in ("application/octet-stream", "text/plain", None):
        doc = read(OPENAPI, declared, "https://tides-demo.net/openapi.yml?ref=main")
        assert doc.content_type == "application/yaml", declared


def test_broken_yaml_is_text_with_a_parse_warning() -> None:
    doc = read(b"key: [unclosed\nother: value\n", "application/yaml")
    assert doc.flags == ("parse_warning",)
    assert doc.notice is not None and "does not parse" in doc.notice
    assert "key: [unclosed" in doc.markdown


def test_yaml_is_loaded_safely_and_aliases_are_not_expanded() -> None:
    bomb = b'a: &a ["x","x","x","x","x","x","x","x","x"]\n' + b"".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n".encode()
        for i in range(20)
    )
    doc = read(bomb, "application/yaml")
    assert len(doc.markdown) < 3 * len(bomb)
    code = read(b"!!python/object/apply:os.system ['echo pwned']\n", "application/yaml")
    assert code.flags == ("parse_warning",)  # the safe loader refuses Python tags


def test_xml_keeps_elements_and_attributes() -> None:
    body = (
        b'<?xml version="1.0"?><catalog xmlns:t="urn:tides"><station id="n1" t:kind="pier">'
        b"<name>North pier</name><height unit=\"m\">4.2</height></station>"
        b'<station id="s2"><name>South cove</name></station></catalog>'
    )
    doc = read(body, "application/xml")
    assert doc.title == "catalog"
    assert doc.markdown.splitlines() == [
        "- **catalog**",
        '  - **station** id="n1" t:kind="pier"',
        "    - **name**: North pier",
        '    - **height** unit="m": 4.2',
        '  - **station** id="s2"',
        "    - **name**: South cove",
    ]


def test_huge_xml_outline_is_bounded() -> None:
    body = b"<r>" + b'<i a="1">v</i>' * 20_000 + b"</r>"
    doc = read(body, "text/xml")
    assert doc.markdown.count("\n") <= 5_001 and "more elements not shown" in doc.markdown


def test_json_that_does_not_parse_is_text_with_a_parse_warning() -> None:
    doc = read(b'{"stations": [1, 2,, 3]', "application/json")
    assert doc.flags == ("parse_warning",)
    assert doc.notice is not None and "claims to be JSON" in doc.notice
    assert doc.markdown == '{"stations": [1, 2,, 3]'


@pytest.mark.parametrize("declared", [None, "application/octet-stream", "application/zip"])
def test_docx_is_read(declared: str | None) -> None:
    doc = read(build_docx(), declared)
    assert doc.content_type == DOCX
    assert doc.title == "Quarterly tide report"
    assert "# Quarterly tide report" in doc.markdown and "## Observations" in doc.markdown
    assert "| North pier | 4.2 m |" in doc.markdown


def test_xlsx_is_read_sheet_by_sheet() -> None:
    doc = read(build_xlsx(), XLSX)
    assert "## Tides" in doc.markdown and "## Notes" in doc.markdown
    assert "| Station | Height (m) | Date |" in doc.markdown
    assert "| North pier | 4.2 | 2026-03-20 |" in doc.markdown


def test_pptx_is_read_slide_by_slide() -> None:
    doc = read(build_pptx(), "application/octet-stream", "https://tides-demo.net/deck.pptx")
    assert doc.content_type == PPTX and doc.title == "Tide pools"
    assert "## Slide 1: Tide pools" in doc.markdown and "  - Anemones too" in doc.markdown
    assert "> Notes: Mention the guide." in doc.markdown
    assert "| North | 4.2 |" in doc.markdown


def test_epub_chapters_in_reading_order() -> None:
    doc = read(build_epub(), "application/epub+zip")
    assert doc.title == "Life Between the Tides" and doc.byline == "Ada Shore"
    rising = doc.markdown.index("The rising water")
    falling = doc.markdown.index("The falling water")
    assert 0 < rising < falling
    assert "Chapter list." not in doc.markdown  # the nav document is not in the spine


def test_office_without_the_extra_is_refused_with_the_install_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "mammoth", None)  # as if the extra were not installed
    error = extract_content(build_docx(), DOCX).failure()
    assert error.code is ErrorCode.UNSUPPORTED_CONTENT
    assert "pip install mammoth openpyxl python-pptx" in error.message
    assert "pip install -e '.[office]'" in error.message  # the extra, from the checkout
    assert "Word document (DOCX)" in error.message and "archive" not in error.message


def test_a_zip_bomb_posing_as_docx_is_refused() -> None:
    error = extract_content(build_zip_bomb(), DOCX).failure()
    assert error.code is ErrorCode.UNSUPPORTED_CONTENT
    assert "inflate" in error.message or "ZIP bomb" in error.message


def test_a_plain_zip_is_still_an_archive() -> None:
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("data/readme.txt", "hello")
    error = extract_content(buffer.getvalue(), "application/zip").failure()
    assert "an archive" in error.message


def test_a_docx_type_on_an_html_error_page_reads_the_html() -> None:
    doc = read(b"<html><body><p>Document not found.</p></body></html>", DOCX)
    assert doc.content_type == "text/html" and "Document not found." in doc.markdown


@pytest.fixture
async def files() -> AsyncIterator[str]:
    app = web.Application()
    docx = build_docx()

    async def download(request: web.Request) -> web.Response:
        return web.Response(body=docx, headers={"Content-Type": "application/octet-stream"})

    app.router.add_get("/reports/q1.docx", download)
    async with serve(app) as base:
        yield base


async def test_a_docx_download_through_the_toolkit(files: str) -> None:
    config = Config(allow_http=True, trusted_addresses=("127.0.0.1",), fetch_timeout_ms=5000)
    async with build(config) as toolkit:
        outcome = (await toolkit.fetch({"url": files + "/reports/q1.docx"})).unwrap()[0]
    assert outcome.page is not None, outcome.error
    assert outcome.page.content_type == DOCX
    assert "| South cove | 3.9 m |" in outcome.page.content
