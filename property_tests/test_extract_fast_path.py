"""The faster dispatch and plain-text reading answer exactly what the code they replaced
answered (`reference_extract.py`, verbatim from 4ba2650): media type of a header, magic
numbers, sniffing, the dispatch rules, decoding, the plain-text document and which bodies
are read inline, over bodies built from every shape these functions branch on."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from returns.result import Success

from property_tests import reference_extract as old
from webdistill.adapters.extract import decoding, dispatch, inline, plain, sniff

_PREFIXES = st.sampled_from(
    [b"", b" \n\t", b"<html>", b"<!DOCTYPE html>", b"<?xml version='1.0'?>", b"<?xml?><rss>",
     b"<?xml?><feed>", b"<?xml?><html ", b"<rss ", b"<rdf:RDF>", b"<feed>", b"<p>", b"<div>",
     b"<x>", b"{", b"[", b'{"a": 1}', b"[1, 2]", b"%PDF-1.4\n", b"PK\x03\x04", b"PK\x03\x04word/",
     b"RIFF\x00\x00\x00\x00WEBP", b"RIFF\x00\x00", b"RIFF\x00\x00\x00\x00",
     b"\x00\x00\x00\x18ftypavif",
     b"\x00\x00\x00\x18ftypM4A ", b"RIFFftyp", b"GIF89a", b"BM", b"MZ", b"ID3", b"\xff\xfb\x90",
     b"\xff\xfb<", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\x00\x01", b"h\x00e\x00l\x00",
     b"\x00h\x00e\x00l", b"# Title\n", b"a,b\n1,2\n", b"hello\r\n\r\n\r\nworld", b"\x1b$B",
     b"<meta charset=utf-16>", b"<meta charset='shift_jis'>", b"\n\n\n\x00\n"]
)  # fmt: skip
_PIECES = st.sampled_from(
    [b"a", b"word ", b"\n", b"\r", b"\r\n", b"\x00", b"\n\n\n", b"<", b">", b"<p>", b"\t", b"\x0c",
     b"\x1c", b"\x0b", b"\x85", b"\xc3\xa9", b"\xe2\x80\xa8", b"\xff", b"\x1b(B", b"{", b"}", b"]",
     b"  ", b"<html", b"\x00a"]
)  # fmt: skip
_BODIES = st.one_of(
    st.builds(lambda p, rest: p + b"".join(rest), _PREFIXES, st.lists(_PIECES, max_size=40)),
    st.builds(lambda p, rest: p + rest, _PREFIXES, st.binary(max_size=200)),
    st.binary(max_size=64),
    st.builds(  # ASCII text as UTF-16 without a BOM: only its zero bytes say so
        lambda text, codec, tail: text.encode(codec) + tail,
        st.text(alphabet="abc <>\n\x00", min_size=4, max_size=40),
        st.sampled_from(["utf-16-le", "utf-16-be"]),
        st.sampled_from([b"", b"x", b"\x00\x00", b"\xe9"]),
    ),
)
_TYPES = st.one_of(
    st.none(),
    st.sampled_from(
        ["", "text/plain", "text/plain; charset=utf-8", "TEXT/Plain ;charset=UTF-8",
         "text/plain; charset=utf-16", "text/plain; charset=utf-16be", "text/plain; charset=ascii",
         "text/plain; charset=iso-2022-jp", "text/plain; charset=shift_jis",
         "text/plain; charset=utf-7", "text/plain; charset=latin1", "text/plain;charset=\"koi8-r\"",
         "text/html", "text/html; charset=windows-1252", "application/xhtml+xml", "text/markdown",
         "application/json", "application/ld+json", "text/csv", "application/octet-stream",
         "application/zip", "image/png", "video/x-thing", "garbage", "text/", "a/b/c", ";",
         "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
         "text/x-unknown", "x" * 300]
    ),
    st.text(max_size=40),
)  # fmt: skip
_URLS = st.sampled_from(
    [None, "", "https://example.org/a", "https://example.org/notes.md", "https://e.org/x.CSV?q",
     "https://example.org/data.tsv", "https://example.org/x.json#f", "https://e.org/f.docx",
     "https://e.org/feed.rss", "https://e.org/y.yaml"]
)  # fmt: skip


@given(content_type=_TYPES)
def test_media_type_of_unchanged(content_type: str | None) -> None:
    assert sniff.media_type_of(content_type) == old.media_type_of(content_type)
    assert sniff.media_type_of(content_type) == old.media_type_of(content_type)  # memo


@given(body=_BODIES)
def test_sniffing_unchanged(body: bytes) -> None:
    assert sniff.sniff_binary(body) == old.sniff_binary(body)
    assert sniff.sniff(body) == old.sniff(body)
    assert decoding.bom_encoding(body) == old.bom_encoding(body)


@given(body=_BODIES, content_type=_TYPES, url=_URLS)
def test_dispatch_unchanged(body: bytes, content_type: str | None, url: str | None) -> None:
    declared = old.media_type_of(content_type)
    assert dispatch.choose_media_type(body, declared, url) == old.choose_media_type(
        body, declared, url
    )
    assert inline.inline_kind(body, content_type, url) == old.inline_kind(body, content_type, url)


@given(body=_BODIES, content_type=_TYPES)
def test_plain_text_unchanged(body: bytes, content_type: str | None) -> None:
    assert decoding.decode_text(body, content_type) == old.decode_text(body, content_type)
    assert decoding.decode_text(body, content_type) == old.decode_text(body, content_type)
    assert Success(plain.plain_text_document(body, content_type)) == old.read_plain_text(
        body, content_type
    )


@given(text=st.text(alphabet="ab \n\r\x00\t", max_size=60))
def test_clean_unchanged(text: str) -> None:
    assert plain._clean(text) == old._clean(text)


@given(body=_BODIES, content_type=_TYPES, url=_URLS)
def test_inline_read_unchanged(body: bytes, content_type: str | None, url: str | None) -> None:
    kind = old.inline_kind(body, content_type, url)
    answer = inline.read_inline(body, content_type, url)
    if kind is None:
        assert answer is None
    elif kind == "text/plain":
        assert answer == old.read_plain_text(body, content_type)
    else:
        assert answer == dispatch.extract_content(body, content_type, url)
