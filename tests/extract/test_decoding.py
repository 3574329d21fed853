"""decode_text: BOM, HTTP charset, <meta> charset, UTF-8 fallback; never raises."""

from __future__ import annotations

import pytest

from webdistill.adapters.extract.decoding import decode_text


def test_utf8_bom_wins_over_declared_charset() -> None:
    assert decode_text(b"\xef\xbb\xbfh\xc3\xa9", "text/plain; charset=latin-1") == "hé"


def test_utf16_bom() -> None:
    assert decode_text("\ufeffhé".encode("utf-16-le"), None) == "hé"


def test_http_charset_param() -> None:
    assert decode_text("hé".encode("latin-1"), 'text/html; charset="ISO-8859-1"') == "hé"


def test_meta_charset_for_html() -> None:
    body = '<html><head><meta charset="windows-1251"></head>Привет</html>'.encode("cp1251")
    assert "Привет" in decode_text(body, "text/html")


def test_meta_http_equiv() -> None:
    body = (
        b'<html><head><meta http-equiv="Content-Type" content="text/html; charset=koi8-r">'
        + "мир".encode("koi8-r")
    )
    assert decode_text(body, None).endswith("мир")


@pytest.mark.parametrize(
    "content_type",
    ["text/html; charset=x-bogus-123", "text/plain; charset=rot13", "text/plain; charset=", ";;;"],
)
def test_bogus_charset_falls_back_to_utf8(content_type: str) -> None:
    assert decode_text("naïve".encode(), content_type) == "naïve"


def test_invalid_utf8_is_replaced_not_raised() -> None:
    assert decode_text(b"ok \xff\xfe\xfa", None).startswith("ok ")


def test_latin1_label_means_cp1252() -> None:
    assert decode_text(b"\x93quoted\x94", "text/plain; charset=iso-8859-1") == "“quoted”"
