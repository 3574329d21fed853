"""The inline reader (extract/inline.py) answers exactly what the worker pool would.

Whenever `read_inline` takes a body (tiny ASCII plain text, very small ASCII HTML), its
`Document` equals `extract_content`'s for the same body, type, URL and image option;
everything else it leaves to the pool.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from returns.result import Success

from webdistill.adapters.extract.dispatch import extract_content
from webdistill.adapters.extract.inline import (
    INLINE_HTML_MAX_BYTES,
    INLINE_HTML_MAX_TAGS,
    INLINE_MAX_BYTES,
    read_inline,
)

_PREFIXES = st.sampled_from(
    [b"", b"<html>", b"%PDF-1.4\n", b"{", b"[", b"<?xml version='1.0'?>", b"<rss>", b"# Title\n",
     b"PK\x03\x04", b"a,b\n", b"\xef\xbb\xbf", b"<p>", b"hello\r\n\r\n\r\nworld", b"\x00\x01",
     b"<!doctype html><title>T</title>", b"<html><body><h1>H</h1><p>", b"<ul><li><a href=/x>"]
)  # fmt: skip
_TYPES = st.one_of(
    st.none(),
    st.sampled_from(
        ["text/plain", "text/plain; charset=utf-8", "text/plain; charset=utf-16", "text/html",
         "application/octet-stream", "text/markdown", "application/json", "text/csv", ""]
    ),
)  # fmt: skip
_URLS = st.sampled_from([None, "https://example.org/a", "https://example.org/notes.md",
                         "https://example.org/data.csv", "https://example.org/x.json"])  # fmt: skip


_MARKUP = st.lists(
    st.sampled_from(["<p>", "</p>", "<b>", "<img src=/i.png alt=pic>", "<a href=/l>", "</a>",
                     "&amp;", "&#x41;", "word ", "<br>", "<!-- c -->", "<h2>", "</h2>", "\n"]),
    max_size=30,
).map(lambda parts: "".join(parts).encode())  # fmt: skip


@given(
    prefix=_PREFIXES,
    rest=st.one_of(st.binary(max_size=300), _MARKUP),
    content_type=_TYPES,
    url=_URLS,
    image_links=st.booleans(),
)
def test_inline_answers_what_the_pool_would(
    prefix: bytes, rest: bytes, content_type: str | None, url: str | None, image_links: bool
) -> None:
    body = prefix + rest
    inline = read_inline(body, content_type, url, image_links=image_links)
    if inline is None:
        return
    assert len(body) <= INLINE_MAX_BYTES and body.isascii()
    assert inline == extract_content(body, content_type, url, image_links=image_links)
    if isinstance(inline, Success) and inline.unwrap().content_type != "text/plain":
        assert inline.unwrap().content_type in ("text/html", "")
        assert len(body) <= INLINE_HTML_MAX_BYTES and body.count(b"<") <= INLINE_HTML_MAX_TAGS
