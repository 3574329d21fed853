"""Properties of extraction: never raises on arbitrary bytes, types or deep nesting."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from returns.pipeline import is_successful

from webdistill.adapters.extract.decoding import decode_text
from webdistill.adapters.extract.dispatch import extract_content
from webdistill.adapters.extract.html.reader import extract_html
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import Document

_PREFIXES = st.sampled_from(
    [b"", b"<html>", b"%PDF-1.4\n", b"{", b"[", b"<?xml version='1.0'?>", b"<rss>", b"<feed>",
     b"\xef\xbb\xbf", b"\xff\xfe", b"PK\x03\x04", b"\x89PNG\r\n\x1a\n", b"a,b\n"]
)  # fmt: skip
_TYPES = st.one_of(
    st.none(),
    st.text(max_size=60),
    st.sampled_from(
        ["text/html", "application/pdf", "application/json", "text/csv", "text/markdown",
         "application/rss+xml", "text/xml", "image/png", "text/plain; charset=x-bogus-123",
         "text/html; charset=utf-16", "application/octet-stream", "text/tab-separated-values"]
    ),
)  # fmt: skip


def _ok(result: object) -> None:
    if is_successful(result):  # type: ignore[arg-type]
        assert isinstance(result.unwrap(), Document)  # type: ignore[attr-defined]
    else:
        assert isinstance(result.failure(), WebError)  # type: ignore[attr-defined]


@given(prefix=_PREFIXES, body=st.binary(max_size=2000), content_type=_TYPES)
def test_extract_content_never_raises(prefix: bytes, body: bytes, content_type: str | None) -> None:
    _ok(extract_content(prefix + body, content_type, "https://example.com/x"))


@given(content_type=st.text(max_size=200))
def test_arbitrary_content_type_strings(content_type: str) -> None:
    _ok(extract_content(b"<p>hello there</p>", content_type))
    assert isinstance(decode_text(b"hello \xff", content_type), str)


@given(html=st.text(max_size=3000), url=st.one_of(st.none(), st.text(max_size=50)))
def test_extract_html_never_raises(html: str, url: str | None) -> None:
    assert isinstance(extract_html(html, url), Document)


_TAGS = st.sampled_from(
    ["div", "p", "ul", "li", "ol", "table", "tr", "td", "pre", "a", "blockquote", "h2",
     "code", "span", "nav", "article", "br", "img"]
)  # fmt: skip


@given(tags=st.lists(st.tuples(_TAGS, st.text(max_size=20)), max_size=60))
def test_random_markup_structures(tags: list[tuple[str, str]]) -> None:
    html = "".join(f"<{t} href='/{i}' colspan='{i}'>{text}" for i, (t, text) in enumerate(tags))
    html += "".join(f"</{t}>" for t, _ in reversed(tags))
    doc = extract_html(html, "https://example.com/dir/page")
    assert isinstance(doc, Document)


def test_deep_nesting_100000_levels() -> None:
    for tag in ("div", "ul", "blockquote", "table", "a", "span"):
        html = (f"<{tag}>" * 100_000 + "deep" + f"</{tag}>" * 100_000).encode()
        _ok(extract_content(html, "text/html"))
    deep_json = b"[" * 100_000 + b"]" * 100_000
    _ok(extract_content(deep_json, "application/json"))
    deep_xml = b"<a>" * 100_000 + b"</a>" * 100_000
    _ok(extract_content(deep_xml, "application/xml"))
