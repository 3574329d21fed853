"""Bytes to text for the whole project, as browsers decode them (WHATWG Encoding Standard).

Order of evidence: a UTF-8 or UTF-16 byte-order mark wins; then the `charset` of the
declared Content-Type; then, for HTML, a `<meta charset>` or `<meta http-equiv>` in the
first 4 KiB (UTF-16 there means UTF-8, as in browsers). A declared single-byte or legacy
encoding loses to a body that is valid UTF-8 with non-ASCII text in it (servers and
templates often declare Latin-1 by default). Without a declaration: UTF-16 without BOM
(from its zero bytes), valid UTF-8, then a detector (charset-normalizer) limited to the
encodings browsers support (GB18030, Shift_JIS, EUC-JP, EUC-KR, Big5, the Windows and ISO
code pages), then windows-1252.

Only labels of the WHATWG Encoding Standard are honoured: UTF-7, UTF-32, "rot13",
"base64" and every other label browsers refuse are ignored (a page declaring UTF-7 must not
turn what a browser shows as garbage into readable text). Never raises.
"""

from __future__ import annotations

import codecs
import re

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_BOM_PREFIXES = tuple(bom for bom, _ in _BOMS)
_CHARSET_PARAM = re.compile(r"""charset\s*=\s*["']?\s*([^"';,\s]+)""", re.IGNORECASE)
_META_CHARSET = re.compile(rb"""<meta[^>]{0,512}?charset\s*=\s*["']?\s*([-\w.:]+)""", re.IGNORECASE)
#: How much of an undeclared body the detector reads.
DETECT_SAMPLE = 32_768


def _iso8859(number: int, *extra: str) -> tuple[str, tuple[str, ...]]:
    n = str(number)
    labels = (f"iso-8859-{n}", f"iso8859-{n}", f"iso8859{n}", f"iso_8859-{n}", *extra)
    return f"iso8859_{n}", labels


def _windows(number: int, *extra: str) -> tuple[str, tuple[str, ...]]:
    n = str(number)
    return f"cp{n}", (f"cp{n}", f"windows-{n}", f"x-cp{n}", *extra)


#: WHATWG encodings (as Python codecs) and their labels. Labels not here are refused.
_ENCODINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("utf-8", ("unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8",
               "x-unicode20utf8")),
    ("cp866", ("866", "cp866", "csibm866", "ibm866")),
    _iso8859(2, "csisolatin2", "iso-ir-101", "iso_8859-2:1987", "l2", "latin2"),
    _iso8859(3, "csisolatin3", "iso-ir-109", "iso_8859-3:1988", "l3", "latin3"),
    _iso8859(4, "csisolatin4", "iso-ir-110", "iso_8859-4:1988", "l4", "latin4"),
    _iso8859(5, "csisolatincyrillic", "cyrillic", "iso-ir-144", "iso_8859-5:1988"),
    _iso8859(6, "arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic",
             "ecma-114", "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso_8859-6:1987"),
    _iso8859(7, "csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-ir-126",
             "iso_8859-7:1987", "sun_eu_greek"),
    _iso8859(8, "csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8-e", "iso-ir-138",
             "iso_8859-8:1988", "visual", "csiso88598i", "iso-8859-8-i", "logical"),
    _iso8859(10, "csisolatin6", "iso-ir-157", "l6", "latin6"),
    _iso8859(13),
    _iso8859(14),
    _iso8859(15, "csisolatin9", "l9"),
    _iso8859(16),
    ("koi8_r", ("cskoi8r", "koi", "koi8", "koi8-r", "koi8_r")),
    ("koi8_u", ("koi8-ru", "koi8-u")),
    ("mac_roman", ("csmacintosh", "mac", "macintosh", "x-mac-roman")),
    ("cp874", ("dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620",
               "windows-874")),
    _windows(1250),
    _windows(1251),
    _windows(1252, "ansi_x3.4-1968", "ascii", "cp819", "csisolatin1", "ibm819",
             "iso-8859-1", "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1",
             "iso_8859-1:1987", "l1", "latin1", "us-ascii", "latin-1"),
    _windows(1253),
    _windows(1254, "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599",
             "iso_8859-9", "iso_8859-9:1989", "l5", "latin5"),
    _windows(1255),
    _windows(1256),
    _windows(1257),
    _windows(1258),
    ("mac_cyrillic", ("x-mac-cyrillic", "x-mac-ukrainian")),
    ("gb18030", ("chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312",
                 "gb_2312-80", "gbk", "iso-ir-58", "x-gbk", "gb18030")),
    ("big5hkscs", ("big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5")),
    ("euc_jp", ("cseucpkdfmtjapanese", "euc-jp", "x-euc-jp")),
    ("iso2022_jp", ("csiso2022jp", "iso-2022-jp")),
    ("cp932", ("csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis",
               "windows-31j", "x-sjis")),
    ("cp949", ("cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean",
               "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949")),
    ("utf-16-be", ("unicodefffe", "utf-16be")),
    ("utf-16-le", ("csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff",
                   "utf-16", "utf-16le")),
)  # fmt: skip
_LABELS = {label: codec for codec, labels in _ENCODINGS for label in labels}
_UTF16 = frozenset({"utf-16-be", "utf-16-le"})
#: What a detector may answer (Python codec names), mapped to the codec browsers use.
_DETECTED = {
    **{codec: codec for codec, _ in _ENCODINGS if codec not in _UTF16},
    "gb2312": "gb18030", "gbk": "gb18030", "hz": "", "big5": "big5hkscs",
    "shift_jis": "cp932", "shift_jis_2004": "cp932", "shift_jisx0213": "cp932",
    "euc_kr": "cp949", "euc_jis_2004": "euc_jp", "euc_jisx0213": "euc_jp",
    "latin_1": "cp1252", "ascii": "cp1252", "iso8859_1": "cp1252", "iso8859_9": "cp1254",
    "iso8859_11": "cp874", "tis_620": "cp874",
}  # fmt: skip


_MULTI_BYTE = frozenset({"gb18030", "big5hkscs", "euc_jp", "iso2022_jp", "cp932", "cp949"})
_NON_LATIN = frozenset(
    {"cp866", "iso8859_5", "iso8859_6", "iso8859_7", "iso8859_8", "koi8_r", "koi8_u",
     "cp874", "cp1251", "cp1253", "cp1255", "cp1256", "mac_cyrillic"}
)  # fmt: skip


def bom_encoding(body: bytes) -> tuple[str, int] | None:
    """The encoding named by a UTF-8/UTF-16 byte-order mark at the start of `body`."""
    if not body.startswith(_BOM_PREFIXES):  # the common case: one C call, no loop
        return None
    for bom, name in _BOMS:
        if body.startswith(bom):
            return name, len(bom)
    return None


def charset_from_content_type(content_type: str | None) -> str | None:
    """The `charset` parameter of a Content-Type header, if any (not yet validated)."""
    if not content_type:
        return None
    match = _CHARSET_PARAM.search(content_type)
    return match.group(1) if match else None


def usable_codec(label: str | None) -> str | None:
    """The Python codec for a WHATWG charset label, or None when browsers refuse it."""
    if not label:
        return None
    return _LABELS.get(label.strip().strip("\"'").lower())


def meta_charset(body: bytes) -> str | None:
    """The charset declared by an HTML `<meta>` in the first 4 KiB, if usable."""
    match = _META_CHARSET.search(body[:4096])
    if not match:
        return None
    label = match.group(1).decode("ascii", "ignore").lower()
    if label == "x-user-defined":
        return "cp1252"
    codec = usable_codec(label)
    # A page that was decoded to reach its <meta> cannot be UTF-16: browsers read UTF-8.
    return "utf-8" if codec in _UTF16 else codec


def _looks_like_html(content_type: str | None, body: bytes) -> bool:
    if content_type and "html" in content_type.lower():
        return True
    head = body[:1024].lstrip().lower()
    return head.startswith((b"<!doctype html", b"<html", b"<head", b"<meta"))


def _strict_utf8(body: bytes) -> str | None:
    """`body` as UTF-8 when it is valid UTF-8 (a cut multi-byte character at the end is ok)."""
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as error:
        cut = error.start >= len(body) - 3 and error.reason == "unexpected end of data"
        if cut and not body[: error.start].isascii():
            return body.decode("utf-8", errors="replace")
        return None


def _utf16_without_bom(body: bytes) -> str | None:
    """UTF-16LE/BE from the zero bytes of mostly-ASCII text, or None."""
    sample = body[:4096]
    if len(sample) < 16:
        return None
    even = sample[0::2].count(0) / (len(sample) / 2)
    odd = sample[1::2].count(0) / (len(sample) / 2)
    if odd > 0.3 and even < 0.05:
        return "utf-16-le"
    if even > 0.3 and odd < 0.05:
        return "utf-16-be"
    return None


def detect_codec(body: bytes) -> str:
    """The codec of an undeclared, non-UTF-8 body: a detector's guess among the encodings
    browsers support, else windows-1252 (what browsers use for unlabelled Western pages)."""
    try:
        from charset_normalizer import from_bytes
    except ImportError:  # pragma: no cover - a declared dependency
        return "cp1252"
    best = from_bytes(body[:DETECT_SAMPLE]).best()
    if best is None:
        return "cp1252"
    name = codecs.lookup(best.encoding).name.replace("-", "_")
    codec = _DETECTED.get(name) or _DETECTED.get(best.encoding) or "cp1252"
    # Between Latin code pages a short sample cannot tell: browsers' default wins.
    return codec if codec in _MULTI_BYTE or codec in _NON_LATIN else "cp1252"


#: Content-Type header -> the codec its charset names (None: none usable); bounded memo.
_CODECS: dict[str, str | None] = {}


def _declared_codec(content_type: str | None) -> str | None:
    if not content_type:
        return None
    if content_type in _CODECS:
        return _CODECS[content_type]
    codec = usable_codec(charset_from_content_type(content_type))
    if len(_CODECS) < 256 and len(content_type) <= 256:
        _CODECS[content_type] = codec
    return codec


def _declared(body: bytes, content_type: str | None) -> str | None:
    codec = _declared_codec(content_type)
    if codec is None and _looks_like_html(content_type, body):
        codec = meta_charset(body)
    return codec


def decode_text(body: bytes, content_type: str | None) -> str:
    """Decode a response body to `str`; never raises, whatever the bytes or the header."""
    if body.isascii():
        return _decode_ascii(body, content_type)
    bom = bom_encoding(body)
    if bom is not None:
        return body[bom[1] :].decode(bom[0], errors="replace")
    declared = _declared(body, content_type)
    if declared in _UTF16:
        return body.decode(declared, errors="replace")
    if declared is None:
        utf16 = _utf16_without_bom(body)
        if utf16 is not None:
            return body.decode(utf16, errors="replace")
    if declared != "utf-8" and not body.isascii():
        text = _strict_utf8(body)
        if text is not None:
            return text  # valid UTF-8 wins over a contradicting declaration
    if declared is None:
        declared = "utf-8" if body.isascii() else detect_codec(body)
    return body.decode(declared, errors="replace")


def _decode_ascii(body: bytes, content_type: str | None) -> str:
    """`decode_text` of an ASCII body, in fewer steps: it holds no byte-order mark (each
    starts with a byte above 0x7F) and is valid UTF-8, so only a declaration or, without one,
    zero bytes read as UTF-16 can make it decode other than as ASCII."""
    declared = _declared(body, content_type)
    if declared is None:
        utf16 = _utf16_without_bom(body) if b"\x00" in body else None  # no zero: not UTF-16
        declared = utf16 or "utf-8"
    return body.decode(declared, errors="replace")
