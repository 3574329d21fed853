"""Properties of the readers of what plain HTML hides: they never raise, stay bounded.

Markdown-alternate discovery, bot-wall markers, the app-shell reader (embedded data), YAML and
XML outlines get arbitrary text; the answers are well-formed whatever the input.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from webdistill.adapters.extract.dispatch import extract_content
from webdistill.adapters.extract.html.embedded import find_embedded, revise
from webdistill.adapters.extract.html.reader import READING
from webdistill.adapters.http.walls import wall_from_body, wall_from_headers
from webdistill.adapters.pipeline.alternates import markdown_alternate
from webdistill.kernel.model import Document

_PIECES = st.sampled_from(
    [
        '<script id="__NEXT_DATA__" type="application/json">',
        '<script type="application/ld+json">',
        '<script id="__NUXT_DATA__">',
        "<script>window.__NUXT__=(function(a){return {}}(",
        "<script>self.__next_f.push([1,",
        "</script>",
        "<noscript>",
        "</noscript>",
        '<link rel="alternate" type="text/markdown" href="',
        '{"articleBody": "',
        '"children":"',
        "<p>",
        '"',
        "\\",
        "[",
        "{",
        "]",
        "}",
        " words of prose here ",
    ]
)
_SOUP = st.lists(st.one_of(_PIECES, st.text(max_size=40)), max_size=40).map("".join)


@given(page=_SOUP, base=st.sampled_from(["https://a.example/x", "http://b.example:8080/"]))
def test_markdown_alternate_is_none_or_same_origin(page: str, base: str) -> None:
    found = markdown_alternate(page.encode("utf-8", "replace"), base)
    if found is not None:
        assert found.split("/")[2] == base.split("/")[2]


_HEADERS = st.dictionaries(st.text(max_size=20), st.text(max_size=20), max_size=4)


@given(body=st.binary(max_size=3000), headers=_HEADERS)
def test_wall_detection_never_raises(body: bytes, headers: dict[str, str]) -> None:
    assert wall_from_body(body) is None or isinstance(wall_from_body(body), str)
    assert wall_from_headers(headers) is None or isinstance(wall_from_headers(headers), str)


@given(page=_SOUP, padding=st.integers(min_value=0, max_value=6000))
def test_the_app_shell_reader_never_raises(page: str, padding: int) -> None:
    raw = page + " " * padding
    found = find_embedded(raw, "https://a.example/", READING)
    assert found is None or found.text
    revised = revise(Document(title="t"), raw, "https://a.example/", READING)
    assert isinstance(revised, Document)


@given(body=st.binary(max_size=2000), kind=st.sampled_from(
    ["application/yaml", "text/yaml", "application/xml", "application/json",
     "application/epub+zip",
     "application/vnd.openxmlformats-officedocument.wordprocessingml.document"]))  # fmt: skip
def test_format_handlers_answer_a_document_or_an_error(body: bytes, kind: str) -> None:
    result = extract_content(body, kind, "https://a.example/file")
    assert result.value_or(None) is not None or result.failure() is not None
